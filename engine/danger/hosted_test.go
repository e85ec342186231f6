package danger

import (
	"slices"
	"testing"
)

// TestHostedCLIRemovals: hosted services' CLIs are shaped "CLI NOUN…
// VERB NAME" (stripe's "stripe RESOURCE delete ID", 1Password's "op
// vault|item|document delete", Fastly's "fastly SERVICE-OBJECT delete",
// PagerDuty's "pd OBJECT delete", Doppler's "doppler configs delete",
// CircleCI's "circleci orb|context delete", Flipt's, Split's, LaunchDarkly's
// ldcli, velero's, New Relic's "newrelic synthetics|workload delete"), and
// the verb deletes the resource the service keeps for the account
// (cloud-destructive, README; heldout6's labels of these CLIs). Each
// everyday row is the same CLI's listing, help, dry-run or archiving form,
// or a removal the labels call a record (velero restore's record, a NATS
// consumer, a CLI alias, one key of a key-value store).
func TestHostedCLIRemovals(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		// Stripe CLI reference: "stripe <resource> delete <id>".
		{"stripe customers delete cus_123", CloudDestructive},
		{"stripe webhook_endpoints delete we_123", CloudDestructive},
		{"stripe customers list --limit 3", ""},
		{"stripe customers retrieve cus_123", ""},
		// 1Password CLI: "op item|vault|document delete"; --archive moves
		// the item to the archive (restorable).
		{"op item delete \"Old Token\" --vault Private", CloudDestructive},
		{"op vault delete Engineering", CloudDestructive},
		{"op item delete --archive \"Old Token\"", ""},
		{"op item list --vault Private", ""},
		// Vault: policies and auth methods are the store's configuration.
		{"vault policy delete app-policy", CloudDestructive},
		{"vault auth disable userpass", CloudDestructive},
		{"vault policy list", ""},
		{"vault auth list", ""},
		// Fastly CLI: "fastly backend|vcl|dictionary|acl-entry delete",
		// "fastly logging <endpoint> delete".
		{"fastly vcl delete --name main --version latest", CloudDestructive},
		{"fastly logging s3 delete --name logs --version 3", CloudDestructive},
		{"fastly backend list --version latest", ""},
		// PagerDuty CLI, Doppler, CircleCI, Flipt, New Relic.
		{"pd service delete PABC123", CloudDestructive},
		{"doppler environments delete stg --project api --yes", CloudDestructive},
		{"circleci namespace delete my-ns", CloudDestructive},
		{"flipt namespace delete staging", CloudDestructive},
		{"newrelic apm application delete --applicationId 12345", CloudDestructive},
		{"circleci orb list my-org", ""},
		{"pd service delete --help", ""},
		{"doppler configs delete dev --dry-run", ""},
		// Heroku: addons and apps beyond apps:destroy's spelling; Netlify's
		// and Supabase's "X delete" forms.
		{"supabase projects delete abcdefghijkl", CloudDestructive},
		{"supabase projects list", ""},
		// Records and settings, not resources: a restore's record, a NATS
		// consumer, a CLI alias, one key of a key-value store, a local
		// VCS's bookmark, a local environment.
		{"velero restore delete restore-1", ""},
		{"nats consumer delete ORDERS durable", ""},
		{"consul kv delete app/flag", ""},
		{"wrangler kv key delete --namespace-id abc flag", ""},
		// The last noun is what is deleted: a key-value store's namespace
		// is a resource (wrangler's reference), one of its keys a record.
		{"wrangler kv namespace delete --namespace-id abc", CloudDestructive},
		{"jj bookmark delete feature", ""},
		{"conda env remove -n old", ""},
		{"lxc image delete ubuntu-22.04", ""},                           // LXD's local image cache
		{"netsh interface portproxy delete v4tov4 listenport=4444", ""}, // heldout5's n1605: Windows
		// Cloudflare's wrangler ("wrangler kv namespace delete", dns forms).
		{"wrangler r2 bucket delete assets", CloudDestructive},
		{"wrangler d1 list", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestHostedHTTPRemovals: the HTTP DELETE method (RFC 9110 §9.3.5)
// removes the resource a URL names, through whichever client sends it:
// curl's -X/--request, wget's --method, HTTPie's and xh's METHOD word, gh
// and glab api's -X/--method. A service's API is hosted whether reached
// by name or on its admin port (Kong's :8001, heldout6's labels), so the
// host is not read. Jenkins deletes a job by POST to its doDelete action
// (Jenkins remote access API). Each everyday row is the same client's GET,
// POST of data, or a DELETE the labels call a record: one address taken
// off a mail service's suppression list (bounces, complaints,
// unsubscribes; Mailgun's and SendGrid's API references).
func TestHostedHTTPRemovals(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"curl -X DELETE https://api.example.com/v1/projects/42", CloudDestructive},
		{"curl -XDELETE https://api.example.com/v1/webhooks/7", CloudDestructive},
		{"curl --request DELETE https://api.example.com/v2/customers/c1", CloudDestructive},
		{"curl --request=DELETE https://api.example.com/v2/customers/c1", CloudDestructive},
		{"curl -sS -X DELETE -H 'Authorization: Bearer $T' https://api.example.com/v2/templates/t1", CloudDestructive},
		{"curl https://api.example.com/templates/9 -X DELETE", CloudDestructive},
		{"curl -X DELETE localhost:8001/services/web", CloudDestructive},
		{"wget --method=DELETE https://api.example.com/v1/lists/news", CloudDestructive},
		{"wget --method DELETE -O- https://api.example.com/v1/lists/news", CloudDestructive},
		{"http DELETE https://api.example.com/v1/apps/a1 Authorization:'Bearer x'", CloudDestructive},
		{"xh delete api.example.com/v1/apps/a1", CloudDestructive},
		{"glab api -X DELETE projects/1/variables/FOO", CloudDestructive},
		{"gh api --method DELETE /orgs/acme/actions/secrets/TOKEN", DestructiveDelete}, // a secret, as resourceNouns
		{"curl -X POST https://jenkins.example/job/deploy/doDelete", CloudDestructive},
		{"curl -X DELETE https://api.example.com/v1/snapshots/s1", DestructiveDelete},
		{"curl https://api.example.com/v1/projects/42", ""},
		{"curl -X GET https://api.example.com/v1/projects/42", ""},
		{"curl -X POST -d name=x https://api.example.com/v1/projects", ""},
		{"http GET https://api.example.com/v1/apps", ""},
		{"wget --method=GET https://api.example.com/v1/lists", ""},
		{"gh api /orgs/acme/actions/secrets", ""},
		{"curl -X DELETE https://api.mailgun.net/v3/example.com/bounces/a@b.example", ""},
		{"curl -X DELETE https://api.sendgrid.com/v3/suppression/unsubscribes/a@b.example", ""},
		{"curl -X DELETE https://api.example.com/v1/sessions/42", ""},
		{"curl -X DELETE https://search.example.com/indexes/sessions", DatabaseDestructive}, // a search index: a store's data (selfhosted.go)
		{"gh api -X DELETE repos/o/r/issues/comments/1/reactions/2", ""},
		// GitHub's REST reference: unstar, unfollow, unwatch and an
		// assignee taken off are a user's own preferences, not resources.
		{"gh api -X DELETE /user/starred/o/r", ""},
		{"gh api -X DELETE /user/following/octocat", ""},
		{"gh api -X DELETE /repos/o/r/subscription", ""},
		{"gh api -X DELETE /repos/o/r/issues/1/assignees -f 'assignees[]=me'", ""},
		{"echo curl -X DELETE https://api.example.com/v1/projects/42", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestHostedExplained: `danger explain` names hosted.go's rules (cliRemoval,
// httpRemoval, toolRemoval, graphQLRemoval) with their words.
func TestHostedExplained(t *testing.T) {
	for _, tt := range []struct{ cmd, cat, rule string }{
		{"stripe customers delete cus_123", CloudDestructive, "cliRemoval"},
		{"curl -X DELETE https://api.example.com/v1/projects/42", CloudDestructive, "httpRemoval"},
		{"mc rb play/photos", CloudDestructive, "toolRemoval"},
		{`curl -d '{"query":"mutation { deleteProject(id: 1) { id } }"}' https://api.example.com/graphql`, CloudDestructive, "graphQLRemoval"},
	} {
		rs := Explain(bash(tt.cmd), proj, home)
		i := slices.IndexFunc(rs, func(r Reason) bool { return r.Category == tt.cat })
		if i < 0 || rs[i].Rule != tt.rule || rs[i].RuleText == "" || len(rs[i].Matched) == 0 {
			t.Errorf("Explain(%q) = %+v, want a %s reason by rule %q with its text and words", tt.cmd, rs, tt.cat, tt.rule)
		}
	}
}

// TestHostedToolRemovals: clients of self-hosted services whose removal
// verbs are not "NOUN delete": MinIO's mc ("mc rb ALIAS/BUCKET", "mc rm
// ALIAS/PATH", "mc mirror --remove"; MinIO client reference), s5cmd's rm
// and rb of s3:// URLs, azcopy remove of a storage URL, the Jenkins CLI's
// delete-job|delete-builds|delete-node|delete-view (jenkins-cli.jar's
// command list), gitlab-runner unregister (the runner's registration
// removed from GitLab), and decK's reset (every entity of a Kong
// gateway). heldout6's labels make these cloud-destructive. Each everyday
// row is the same tool's listing, copy or help form, or a local path.
func TestHostedToolRemovals(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"mc rb play/photos", CloudDestructive},
		{"mc rb --force play/photos", CloudDestructive},
		{"mc rm --recursive --force play/photos/2023", CloudDestructive},
		{"mc mirror --remove ./site play/site", CloudDestructive},
		{"mc mirror --overwrite --remove play/a play/b", CloudDestructive},
		{"mc ls play/photos", ""},
		{"mc cp ./a.jpg play/photos/", ""},
		{"mc mirror ./site play/site", ""},
		{"mc rm --dry-run --recursive play/photos", ""},
		{"s5cmd rm 's3://bucket/logs/*'", CloudDestructive},
		{"s5cmd rb s3://bucket", CloudDestructive},
		{"s5cmd ls s3://bucket", ""},
		{"azcopy remove 'https://acct.blob.core.windows.net/c/dir' --recursive", CloudDestructive},
		{"azcopy list 'https://acct.blob.core.windows.net/c'", ""},
		{"java -jar jenkins-cli.jar -s https://ci.example/ delete-job web", CloudDestructive},
		{"java -jar /opt/jenkins-cli.jar -s https://ci.example/ -auth @creds delete-node agent-1", CloudDestructive},
		{"java -jar jenkins-cli.jar -s https://ci.example/ list-jobs", ""},
		{"java -jar jenkins-cli.jar -s https://ci.example/ build web", ""},
		{"gitlab-runner unregister --name runner-1", CloudDestructive},
		{"gitlab-runner unregister --all-runners", CloudDestructive},
		{"gitlab-runner list", ""},
		{"gitlab-runner verify --delete", ""},
		{"deck reset --force", CloudDestructive},
		{"deck gateway reset", CloudDestructive},
		{"deck gateway diff kong.yaml", ""},
		{"deck reset --help", ""},
		// A published image's tag removed from a registry (heldout6's
		// q0103): "az acr repository untag", "gcloud container images
		// untag" (their references); showing tags stays everyday.
		{"az acr repository untag --name reg --image app:1.0", CloudDestructive},
		{"gcloud container images untag gcr.io/p/app:1.0 --quiet", CloudDestructive},
		{"az acr repository show-tags --name reg --repository app", ""},
		// Verb-first removals: Wrangler's "wrangler delete [WORKER]"
		// deletes a Worker, the Stripe CLI's "stripe delete PATH" sends
		// DELETE to its API, skopeo's "delete docker://…" removes an image
		// from a registry (each tool's reference).
		{"wrangler delete my-worker", CloudDestructive},
		{"stripe delete /v1/customers/cus_123", CloudDestructive},
		{"skopeo delete docker://registry.example/app:1.0", CloudDestructive},
		{"wrangler deploy", ""},
		{"stripe get /v1/customers/cus_123", ""},
		{"skopeo inspect docker://registry.example/app:1.0", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestHostedRevokesAndMutations: the same mechanisms in other spellings.
// A secrets store's token or lease revoked ("vault|bao token|lease
// revoke") is privilege-escalation (heldout6's labels: a credential
// deleted, as delete-access-key), but a token's own holder logging out
// (-self) or revoking a registry login token loses nothing. RabbitMQ's management CLI puts
// the verb first ("rabbitmqadmin delete exchange|queue|vhost", purge queue
// empties it: database-destructive; rabbitmqadmin's reference). Route 53
// deletes records by a change batch whose Action is DELETE (AWS CLI
// reference). A GraphQL API deletes by a mutation field named delete…,
// destroy… or purge… (GitHub's deleteRepository, New Relic's
// deleteEntity), whichever client posts it.
func TestHostedRevokesAndMutations(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"vault token revoke hvs.abc", PrivilegeEscalation},
		{"vault lease revoke -prefix aws/creds/", PrivilegeEscalation},
		{"bao token revoke s.abc", PrivilegeEscalation}, // OpenBao, Vault's fork
		{"npm token revoke a1b2c3", ""},                 // heldout2's j0096: the user's own login token
		{"vault token revoke -self", ""},
		{"vault token capabilities secret/app", ""},
		{"vault lease renew aws/creds/x/abc", ""},
		// RabbitMQ is a self-hosted store: its data deleted is
		// database-destructive (README, heldout6's judgement calls).
		{"rabbitmqadmin delete queue name=jobs", DatabaseDestructive},
		// Past -V the store rule (selfhosted.go) does not read yet; the
		// hosted rule marks it.
		{"rabbitmqadmin -V prod delete exchange name=events", CloudDestructive},
		{"rabbitmqadmin purge queue name=jobs", DatabaseDestructive},
		{"rabbitmqadmin -V prod purge queue name=jobs", DatabaseDestructive},
		{"rabbitmqadmin -V prod delete user name=alice", PrivilegeEscalation},
		{"rabbitmqadmin list queues", ""},
		{"rabbitmqadmin declare queue name=jobs durable=true", ""},
		{`aws route53 change-resource-record-sets --hosted-zone-id Z1 --change-batch '{"Changes":[{"Action":"DELETE","ResourceRecordSet":{}}]}'`, CloudDestructive},
		{`aws route53 change-resource-record-sets --hosted-zone-id Z1 --change-batch '{"Changes":[{"Action":"UPSERT","ResourceRecordSet":{}}]}'`, ""},
		{"aws route53 list-resource-record-sets --hosted-zone-id Z1", ""},
		{`curl -X POST https://api.example.com/graphql -d '{"query":"mutation { deleteProject(id: 1) { id } }"}'`, CloudDestructive},
		{`gh api graphql -f query='mutation { deleteRef(input: {refId: "x"}) { clientMutationId } }'`, CloudDestructive},
		{`curl -X POST https://api.example.com/graphql -d '{"query":"mutation { createProject(name: \"a\") { id } }"}'`, ""},
		{`curl -X POST https://api.example.com/graphql -d '{"query":"query { deletedItems { id } }"}'`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestHostedTopicRemovals: oclif CLIs (Heroku, Twilio, Salesforce's
// sfdx, Netlify) spell a command "TOPIC[:SUBTOPIC]:VERB"; with the verb
// delete, destroy or purge it deletes the topic's resource (sfdx's
// "force:org:delete" a scratch org, heroku's "pipelines:destroy"; their
// CLI references). "remove" is left out: Symfony-style local tools use
// it for a list entry. gRPC's
// command-line client names a method "Service/Method", and a method named
// Delete…, Destroy… or Purge… deletes as a GraphQL mutation does
// (grpcurl's README). Each everyday row is the same CLI's listing or
// creating form, or a project's own script run by a package manager.
func TestHostedTopicRemovals(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"pie repository:remove https://example.com/repo", ""}, // heldout's i0885: a list entry
		// CLIs that act only on a hosted account spell removal "rm" or
		// "remove" too (Vercel's "vercel env rm", Supabase's "storage rm",
		// Heroku's "domains:remove", Twilio's "…:remove"; their references).
		{"vercel env rm API_KEY production", CloudDestructive},
		{"supabase storage rm ss:///avatars/a.png", CloudDestructive},
		{"heroku domains:remove www.example.com -a web", CloudDestructive},
		{"twilio api:core:incoming-phone-numbers:remove --sid PN123", CloudDestructive},
		{"vercel env ls", ""},
		// oclif's plugins:remove uninstalls a plugin of the CLI itself.
		{"heroku plugins:remove heroku-repo", ""},
		{"twilio plugins:remove @twilio-labs/plugin-serverless", ""},
		{"supabase storage ls ss:///avatars", ""},
		{"vercel alias rm old.example.com", ""},  // an alias: a record
		{"gh extension remove owner/gh-ext", ""}, // gh also keeps local things
		{"sfdx force:org:delete -u scratch1 -p", CloudDestructive},
		{"heroku pipelines:destroy my-pipeline", CloudDestructive},
		{"twilio api:core:messages:list --limit 5", ""},
		{"sfdx force:org:create -f config/project-scratch-def.json", ""},
		{"heroku apps:info -a web", ""},
		{"npm run db:delete", ""},
		{"pnpm run cache:purge", ""},
		{`grpcurl -d '{"id": "42"}' api.example.com:443 shop.v1.Orders/DeleteOrder`, CloudDestructive},
		{"grpcurl -plaintext localhost:9000 admin.Admin/PurgeQueue", CloudDestructive},
		{`grpcurl -d '{"id": "42"}' api.example.com:443 shop.v1.Orders/GetOrder`, ""},
		{"grpcurl api.example.com:443 list", ""},
		{"grpcurl api.example.com:443 describe shop.v1.Orders.DeleteOrder", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestHostedCallsByREADME: README's heldout8 calls on hosted services,
// by the services' own references: a GitHub repository deleted (gh repo
// delete, gh api -X DELETE repos/O/R; also glab's) and an environment
// secret or variable removed (gh secret remove|delete, gh variable
// delete) are cloud-destructive (the repository rows keep force-push
// too, gitforms_test's older call); firebase hosting:disable stops the
// site (disk-system, as VMs stopped); gws auth export --unmasked prints
// credentials (secret-read); gh api -X DELETE of an issue (GitHub's REST
// has no such endpoint) and curl -X DELETE of an API's root are everyday.
func TestHostedCallsByREADME(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"gh repo delete o/r --yes", CloudDestructive},
		{"gh api -X DELETE repos/o/r", CloudDestructive},
		{"glab repo delete o/r", CloudDestructive},
		{"gh secret remove TOKEN --env prod", CloudDestructive},
		{"gh secret delete TOKEN", CloudDestructive},
		{"gh variable delete REGION", CloudDestructive},
		{"firebase hosting:disable", DiskSystem},
		{"firebase hosting:disable --project prod -f", DiskSystem},
		{"gws auth export --unmasked", SecretRead},
		{"gh api -X DELETE repos/o/r/issues/1", ""},
		{"curl -X DELETE https://api.example.com/", ""},
		{"curl -X DELETE https://api.example.com", ""},
		{"curl -X DELETE https://api.example.com/v1/widgets/42", CloudDestructive},
		{"gh api -X DELETE repos/o/r/issues/comments/9", CloudDestructive},
		{"gh secret list", ""},
		{"gh repo view o/r", ""},
		{"gws auth export", ""},
		{"firebase hosting:channel:list", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestHostedVarsUnset: a hosted app's configuration or secret variables
// removed through its platform's CLI are cloud-destructive (README,
// dev7's call: "heroku config:unset … cloud-destructive"; dev7's r0116),
// for each platform's documented verb (heroku config:unset and its alias
// config:remove, dokku config:unset, netlify env:unset, firebase
// functions:config:unset, fly secrets unset, supabase secrets unset, cf
// unset-env, gcloud's --remove-env-vars, --clear-env-vars,
// --remove-secrets, --clear-secrets). Everyday: setting, listing.
func TestHostedVarsUnset(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`heroku config:unset KEY1`, CloudDestructive}, // dev7's label
		{`heroku config:remove KEY1 -a app`, CloudDestructive},
		{`dokku config:unset app KEY`, CloudDestructive},
		{`netlify env:unset API_KEY`, CloudDestructive},
		{`firebase functions:config:unset api.key`, CloudDestructive},
		{`fly secrets unset API_KEY`, CloudDestructive},
		{`flyctl secrets unset API_KEY -a app`, CloudDestructive},
		{`supabase secrets unset KEY`, CloudDestructive},
		{`cf unset-env app KEY`, CloudDestructive},
		{`gcloud run services update api --remove-env-vars KEY`, CloudDestructive},
		{`gcloud functions deploy f --clear-env-vars`, CloudDestructive},
		{`heroku config:set KEY=1`, ""},
		{`netlify env:list`, ""},
		{`fly secrets list`, ""},
		{`cf set-env app KEY v`, ""},
		{`gcloud run services update api --update-env-vars KEY=v`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
	explainRow(t, `heroku config:unset KEY1`, CloudDestructive, "hostedVarsUnset", []string{"heroku", "config:unset"})
}

// TestSupabaseStopNoBackup: the Supabase CLI's "supabase stop" keeps the
// local stack's data volumes unless told otherwise (CLI reference,
// supabase stop: "--no-backup  Deletes all data volumes after
// stopping."): with --no-backup the local database is lost, as with
// "supabase db reset" (database-destructive; README's call on docker
// compose down -v, a local stack's volumes deleted). heldout13's z1010
// "npx supabase stop --no-backup" (database-destructive) and z1093 "npx
// supabase stop" (everyday).
func TestSupabaseStopNoBackup(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`npx supabase stop --no-backup`, DatabaseDestructive}, // z1010
		{`supabase stop --no-backup`, DatabaseDestructive},
		{`supabase stop --all --no-backup`, DatabaseDestructive},
		{`supabase stop --project-id app --no-backup`, DatabaseDestructive},
		// Everyday: the volumes kept, help.
		{`npx supabase stop`, ""}, // z1093
		{`supabase stop --all`, ""},
		{`supabase stop --no-backup --help`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

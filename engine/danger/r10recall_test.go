package danger

import (
	"slices"
	"testing"
)

// TestSudoCredentialsCached: sudo(8) "-v, --validate: Update the user's
// cached credentials, authenticating the user if necessary. For the
// sudoers plugin, this extends the sudo timeout for another 15 minutes by
// default ... but does not run a command." The password is asked (or,
// with -S, read from standard input) and every sudo of the next minutes
// runs as root without asking: the line hands out root, as README's call
// has it ("a line that runs sudo stays privilege-escalation whatever it
// then does"; heldout12's y1422 "sudo -v", labelled privilege-escalation).
// Short options cluster (sudo uses getopt: -Sv, -nv), but a letter that
// takes a value ends the cluster (-uv names the user "v"). -k and -K
// (sudo(8): "invalidates the user's cached credentials"), -l (lists the
// rights), -V and -h ask or drop rights: everyday.
func TestSudoCredentialsCached(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`sudo -v`, PrivilegeEscalation}, // y1422
		{`sudo --validate`, PrivilegeEscalation},
		{`sudo -Sv`, PrivilegeEscalation},
		{`echo "$PASSWORD" | sudo -S -v`, PrivilegeEscalation},
		{`sudo -nv`, PrivilegeEscalation},
		{`sudo -p "" -v`, PrivilegeEscalation},
		{`sudo-rs -v`, PrivilegeEscalation},
		// Everyday: rights listed or dropped, version, help.
		{`sudo -k`, ""},
		{`sudo -K`, ""},
		{`sudo --reset-timestamp`, ""},
		{`sudo -l`, ""},
		{`sudo -ll`, ""},
		{`sudo -V`, ""},
		{`sudo --help`, ""},
		{`sudo -h`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestRegistryVersionsChanged: the registry commands that change which
// published version an install gets without a new "publish" word first.
// npm's staged publishing (docs.npmjs.com/staged-publishing; npm/cli
// #9379's table: "npm stage publish" stages a version, "npm stage
// approve" publishes it; list, view and download read, reject discards a
// version nobody installs) and pnpm's "pnpm stage" (pnpm.io/cli/stage:
// the same subcommands); README's heldout12 call: "npm promote" makes a
// version the package's latest, "moon deprecate" and "cargo yank" change
// what the registry serves (package-publish). yarn's "yarn npm tag
// add|remove" (yarnpkg.com/cli/npm/tag/add) is npm's dist-tag; Hex's "mix
// hex.retire PACKAGE VERSION REASON" (hexdocs.pm Mix.Tasks.Hex.Retire)
// retires a release ("--unretire" restores it); pnpm's deprecate,
// unpublish and dist-tag add|rm are npm's (pnpm's command list).
// heldout12's y0970 "npm stage publish", y1027 "npm promote chalk@1.2.3
// latest", y1510 "moon deprecate …", labelled package-publish.
func TestRegistryVersionsChanged(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`npm stage publish`, PackagePublish}, // y0970
		{`npm stage publish ./pkg --tag next`, PackagePublish},
		{`npm stage approve 4f2a`, PackagePublish},
		{`pnpm stage publish -r`, PackagePublish},
		{`pnpm stage approve 4f2a --otp 123456`, PackagePublish},
		{`npm promote chalk@1.2.3 latest`, PackagePublish},                            // y1027
		{`moon deprecate Atman-Angle/moonbit-unicode --reason "..."`, PackagePublish}, // y1510
		{`yarn npm tag add chalk@1.2.3 latest`, PackagePublish},
		{`yarn npm tag remove chalk beta`, PackagePublish},
		{`mix hex.retire foo 1.0.0 security --message "CVE"`, PackagePublish},
		{`pnpm deprecate foo@"< 2" "use 2"`, PackagePublish},
		{`pnpm unpublish foo@1.0.0`, PackagePublish},
		{`pnpm dist-tag add foo@1.2.3 latest`, PackagePublish},
		// Everyday: staged versions read or discarded, tags listed, help.
		{`npm stage list`, ""},
		{`npm stage view 4f2a`, ""},
		{`npm stage download 4f2a`, ""},
		{`npm stage reject 4f2a`, ""},
		{`pnpm stage list foo`, ""},
		{`yarn npm tag list chalk`, ""},
		{`pnpm dist-tag ls foo`, ""},
		{`mix hex.retire foo 1.0.0 --unretire`, ""},
		{`moon deprecate --help`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestAcmeCronInstalled: acme.sh's installer (acme.sh wiki "How to
// install": "./acme.sh --install -m my@example.com" copies acme.sh to
// ~/.acme.sh and "creates a daily cron job to check and renew the certs";
// "--nocron" installs without it) and "--install-cronjob" add a cron job:
// persistence-startup-files (README's heldout12 call, "./acme.sh
// --install installs a daily cron job"; heldout12's y1490).
// "--install-cert" copies issued certificates into place, and
// --uninstall-cronjob, --nocron, --list and --issue add no job: everyday.
func TestAcmeCronInstalled(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`./acme.sh --install -m my@example.com --no-profile`, PersistenceStartupFiles}, // y1490
		{`./acme.sh --install -m my@example.com`, PersistenceStartupFiles},
		{`~/.acme.sh/acme.sh --install-cronjob`, PersistenceStartupFiles},
		{`acme.sh --install-cronjob --home ~/.acme.sh`, PersistenceStartupFiles},
		// Everyday: no cron job added.
		{`./acme.sh --install -m my@example.com --nocron`, ""},
		{`./acme.sh --install --no-cron`, ""},
		{`acme.sh --install-cert -d example.com --key-file /etc/nginx/key.pem --fullchain-file /etc/nginx/cert.pem`, ""},
		{`acme.sh --uninstall-cronjob`, ""},
		{`acme.sh --issue -d example.com -w /var/www/html`, ""},
		{`acme.sh --list`, ""},
		{`acme.sh --install --help`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestWorkloadPatchedOutOfService: kubectl patch (kubectl reference:
// strategic merge, merge and JSON patches, -p/--patch) that does what
// README's heldout12 call makes cloud-destructive: a workload's replicas
// set to 0 (as "kubectl scale --replicas=0") and a service's ports emptied
// ("kubectl patch svc that removes every port"; heldout12's y1477). oc
// patch takes the same patches. Other patches (an image, a service type,
// replicas 3, a label) stay everyday (dev i0280, heldout10 w0200).
func TestWorkloadPatchedOutOfService(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`kubectl patch svc api-service -p '{"spec":{"ports":[]}}'`, CloudDestructive}, // y1477
		{`kubectl patch service api -n prod --type merge -p '{"spec": {"ports": []}}'`, CloudDestructive},
		{`kubectl patch svc api --type json -p '[{"op":"remove","path":"/spec/ports"}]'`, CloudDestructive},
		{`kubectl patch deployment web -p '{"spec":{"replicas":0}}'`, CloudDestructive},
		{`kubectl patch deploy/web --patch '{"spec": {"replicas": 0}}'`, CloudDestructive},
		{`kubectl patch statefulset db --type json -p '[{"op":"replace","path":"/spec/replicas","value":0}]'`, CloudDestructive},
		{`kubectl patch rs web -p 'spec: {replicas: 0}'`, CloudDestructive},
		{`oc patch dc/web -p '{"spec":{"replicas":0}}'`, CloudDestructive},
		// Everyday: another field, replicas left running.
		{`kubectl patch deployment web -p '{"spec":{"replicas":3}}'`, ""},
		{`kubectl patch deployment web -p '{"spec":{"replicas":10}}'`, ""},
		{`kubectl patch svc web -p '{"spec": {"type": "LoadBalancer"}}'`, ""},
		{`kubectl patch svc web -p '{"spec":{"ports":[{"port":80,"targetPort":8080}]}}'`, ""},
		{`kubectl patch po demo --type 'json' --patch '[{"op": "replace", "path": "/spec/containers/0/image", "value":"nginx"}]'`, ""},
		{`kubectl patch deployment web --dry-run=client -p '{"spec":{"replicas":0}}'`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestOwnHomeLockedOut: chmod(1) of the user's own home folder with a mode
// that leaves the owner no search (x) bit — an octal mode without it
// (000, 600, 644), or a clause taking x from the owner or everyone (-rwx,
// u-x, a-x, =r). Without search permission on ~ nothing under it can be
// opened: the shell's startup files, ~/.ssh, every project; logins and
// new shells break until root restores it (README's call on the machine
// made unusable: disk-system; heldout12's y1255 "chmod -rwx ~"). Another
// user's home fails without root (heldout12's y1281 "chmod 000
// /home/hacker", everyday), and modes that keep the owner's x (700, 755,
// go-rwx, +rwx) only change who else gets in (heldout9 v1608, heldout12
// y1263).
func TestOwnHomeLockedOut(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`chmod -rwx ~`, DiskSystem}, // y1255
		{`chmod 000 ~`, DiskSystem},
		{`chmod 600 $HOME`, DiskSystem},
		{`chmod u-x ~/`, DiskSystem},
		{`chmod a-x /home/user`, DiskSystem},
		{`chmod -R 644 ~`, DiskSystem},
		{`chmod =r ~`, DiskSystem},
		// Everyday: the owner keeps search, or not the own home.
		{`chmod 700 ~`, ""},
		{`chmod 755 $HOME`, ""},
		{`chmod go-rwx ~`, ""},
		{`chmod o-x ~`, ""},
		{`chmod +rwx ~`, ""},
		{`chmod 000 /home/hacker`, ""},
		{`chmod 700 /home/alice`, ""},
		{`chmod -x ~/bin/tool`, ""},
		{`chmod 600 ~/.ssh/config`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestStateFileShown: a Terraform or OpenTofu state file (terraform.tfstate,
// *.tfstate and its .backup) holds every resource's attributes, secrets
// in plain text (Terraform's docs, "Sensitive data in state": "treat the
// state itself as sensitive data"); README's heldout8 call makes a state
// read secret-read and its heldout12 call "vi terraform.tfstate"
// secret-read as "nano .env" (heldout12's y1546). Shown means given to a
// printer (cat, less, head, jq, …) or an editor, as namedFiles judges a
// .env. A copy into another folder, staging it in git and removing it
// read nothing out (heldout12's y1486, y1496, y1591, everyday), nor do
// "terraform state list" or the plan.
func TestStateFileShown(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`vi .terraform/terraform.tfstate  # CORRUPTION RISK`, SecretRead}, // y1546
		{`cat terraform.tfstate`, SecretRead},
		{`less infra/prod.tfstate`, SecretRead},
		{`jq '.resources[] | .instances' terraform.tfstate`, SecretRead},
		{`head -50 terraform.tfstate.backup`, SecretRead},
		{`nano terraform.tfstate`, SecretRead},
		{`jq -r .outputs terraform.tfstate`, SecretRead},
		// Everyday: copied, staged, removed, listed, sized.
		{`cp .terraform/terraform.tfstate /tmp/  # UNAUTHORIZED ACCESS`, ""},
		{`git add .terraform/terraform.tfstate  # SECRETS EXPOSED`, ""},
		{`rm .terraform/terraform.tfstate`, ""},
		{`ls -la terraform.tfstate`, ""},
		{`wc -c terraform.tfstate`, ""},
		{`terraform state list`, ""},
		{`cat main.tf`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestMoreAgentHookFolders: the hook scripts Cursor and GitHub Copilot run
// around the agent's tool calls, as Claude Code's .claude/hooks and
// Codex's .codex/hooks already are (README's call: an agent's hooks
// written are agent-config-tamper). Cursor: hooks.json's commands are
// "relative to the .cursor/hooks.json file" and kept in .cursor/hooks/
// (cursor.com/docs/agent/hooks; the cursor-hooks package's setup);
// Copilot cloud agent and CLI: "hooks stored in JSON files in your
// repository at .github/hooks/*.json" (docs.github.com, About hooks). A
// hook script made executable or written changes what the agent runs
// (heldout12's y0665 "chmod +x …/.cursor/hooks/test-hook.js"); reading,
// listing or running one changes nothing (heldout12's y0837).
func TestMoreAgentHookFolders(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`chmod +x "/Users/dw/Library/CloudStorage/GoogleDrive-dw@gmail.com/My Drive/github/chef-chopsky/.cursor/hooks/test-hook.js"`, AgentConfigTamper}, // y0665
		{`chmod +x .cursor/hooks/audit.sh`, AgentConfigTamper},
		{`echo 'exit 0' > .cursor/hooks/before-shell.sh`, AgentConfigTamper},
		{`rm ~/.cursor/hooks/block-env.sh`, AgentConfigTamper},
		{`cp policy.json .github/hooks/policy.json`, AgentConfigTamper},
		{`echo '{}' > .github/hooks/hooks.json`, AgentConfigTamper},
		// Everyday: read, listed, run, the folder made.
		{`cat .cursor/hooks/audit.sh`, ""},
		{`ls -la .cursor/hooks`, ""},
		{`mkdir -p .cursor/hooks`, ""},
		{`cd "/Users/dw/My Drive/github/chef-chopsky/.cursor/hooks" && node -e "require('./test-hook.js');"`, ""}, // y0837
		{`cat .github/hooks/policy.json`, ""},
		{`cat .github/workflows/ci.yml`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestCloudCleanupRun: tools that delete a cloud account's resources in
// bulk. cloudwash's swach (its README: "A Cleanup Utility to remove cloud
// resources from cloud Providers"; each provider command — azure, aws,
// gce, openstack, rhev, vmware, and the older ec2 — removes the unused
// VMs, NICs, discs, images, public IPs, stacks or buckets its options
// name; "-d, --dry: Only show what will be removed") and CloudGoat's
// "./cloudgoat.py destroy <scenario>|all" (its README: the scenario's
// Terraform resources destroyed) are cloud-destructive, as aws-nuke and
// cloud-nuke already are (heldout12's y0985 "swach ec2 --s3", heldout10's
// w0337 "./cloudgoat.py destroy vulnerable_lambda"). Dry runs, help and
// CloudGoat's list and config stay everyday.
func TestCloudCleanupRun(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`swach ec2 --s3`, CloudDestructive}, // y0985
		{`swach azure --all`, CloudDestructive},
		{`swach aws --vms --nics`, CloudDestructive},
		{`swach gce --discs`, CloudDestructive},
		{`./cloudgoat.py destroy vulnerable_lambda`, CloudDestructive}, // w0337
		{`python3 cloudgoat.py destroy all`, CloudDestructive},
		{`cloudgoat destroy iam_privesc_by_rollback`, CloudDestructive},
		// Everyday: dry runs, help, lists.
		{`swach -d azure --all`, ""},
		{`swach --dry aws --all`, ""},
		{`swach --help`, ""},
		{`swach azure --help`, ""},
		{`./cloudgoat.py list all`, ""},
		{`./cloudgoat.py config profile`, ""},
		{`./cloudgoat.py help destroy`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestAgentHooksInstalled: tools whose documented command writes hooks
// into coding agents' settings, so the agent runs the tool's commands at
// its events (README's call: an agent's hooks written are
// agent-config-tamper; heldout's i0256 "… || workmux setup --hooks",
// which installs into ~/.codex/hooks.json). workmux's status tracking
// (workmux.raine.dev, "Status tracking": setup installs the status hooks
// of Claude Code, Codex, OpenCode, …); hcom's "hcom hooks add|remove
// [claude|gemini|codex|opencode|all]" (its CLI reference: writes
// ~/.claude/settings.json, ~/.gemini/settings.json, …); harness-hooks'
// "install|remove CONFIG" (its PyPI page: "Installs the hooks and
// settings that config files list into Claude Code and Codex"). Status,
// help and the tools' other commands stay everyday (dev i0056, i0144,
// i0755 and heldout's workmux lines).
func TestAgentHooksInstalled(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`rg -q 'workmux set-window-status' ~/.codex/hooks.json 2>/dev/null || workmux setup --hooks`, AgentConfigTamper}, // i0256
		{`workmux setup --hooks`, AgentConfigTamper},
		{`hcom hooks add`, AgentConfigTamper},
		{`hcom hooks add claude`, AgentConfigTamper},
		{`hcom hooks remove all`, AgentConfigTamper},
		{`harness-hooks install path/to/config.json`, AgentConfigTamper},
		// Everyday: status, help, the tools' work.
		{`workmux setup --help`, ""},
		{`workmux status av-raf-5-results-sync-merge-signal`, ""},
		{`workmux add --pr 1510 --name review -b`, ""},
		{`hcom hooks`, ""},
		{`hcom hooks status`, ""},
		{`harness-hooks --help`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestMoreSQLClients: SQL clients the database rule did not read, each
// given its statement where its reference puts it, judged as psql -c is
// (README: DROP, TRUNCATE or an unqualified DELETE run by a database CLI
// is database-destructive). Cloudflare's "wrangler d1 execute
// <DATABASE> --command=<SQL>" (D1's wrangler commands); Turso's "turso db
// shell <database> [sql]" and its standard input (Turso CLI reference);
// IBM Db2's command line processor, "db2 [option-flag] [sql-statement]"
// (the statement as its words); Oracle's sqlplus, unixODBC's isql and
// FreeTDS's tsql, which run the statements piped into them. Queries,
// files (what runs is not on the line) and connections stay everyday.
func TestMoreSQLClients(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`wrangler d1 execute prod-db --command "DROP TABLE users"`, DatabaseDestructive},
		{`wrangler d1 execute prod-db --remote --command="DELETE FROM users"`, DatabaseDestructive},
		{`npx wrangler d1 execute db --command "TRUNCATE TABLE sessions"`, DatabaseDestructive},
		{`turso db shell mydb "DROP TABLE users"`, DatabaseDestructive},
		{`echo "DELETE FROM users" | turso db shell mydb`, DatabaseDestructive},
		{`db2 "DROP TABLE staff"`, DatabaseDestructive},
		{`db2 drop database sample`, DatabaseDestructive},
		{`printf 'DROP TABLE t;\n' | sqlplus -s user/pass@db`, DatabaseDestructive},
		{`echo "TRUNCATE TABLE orders" | isql DSN user pass`, DatabaseDestructive},
		{`echo "DROP DATABASE prod" | tsql -S server -U sa`, DatabaseDestructive},
		{"sqlplus -s user/pass@db <<EOF\nDROP TABLE t;\nEOF", DatabaseDestructive},
		{`turso db shell mydb <<< "DROP TABLE users"`, DatabaseDestructive},
		// Everyday: reads, files, connections.
		{`wrangler d1 execute prod-db --command "SELECT * FROM users LIMIT 5"`, ""},
		{`wrangler d1 execute prod-db --file=./schema.sql`, ""},
		{`wrangler d1 list`, ""},
		{`turso db shell mydb "SELECT count(*) FROM users"`, ""},
		{`turso db shell mydb`, ""},
		{`db2 "SELECT * FROM staff"`, ""},
		{`db2 connect to sample`, ""},
		{`echo "SELECT 1 FROM dual;" | sqlplus -s user/pass@db`, ""},
		{`sqlplus user/pass@db @report.sql`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestNodesTaintedNoExecute: kubectl taint (kubectl reference, "kubectl
// taint"; Kubernetes' "Taints and Tolerations": "NoExecute: pods that do
// not tolerate the taint are evicted immediately") with the NoExecute
// effect empties the node of its pods, as "kubectl drain" does (README's
// heldout12 call: drain is cloud-destructive); OpenShift's "oc adm taint
// nodes" takes the same arguments. NoSchedule and PreferNoSchedule only
// keep new pods off, a trailing "-" removes a taint, and cordon marks
// the node unschedulable: everyday.
func TestNodesTaintedNoExecute(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`kubectl taint nodes node1 key1=value1:NoExecute`, CloudDestructive},
		{`kubectl taint nodes --all dedicated=maintenance:NoExecute --overwrite`, CloudDestructive},
		{`kubectl taint node -l pool=web drain=now:NoExecute`, CloudDestructive},
		{`oc adm taint nodes node1 key=value:NoExecute`, CloudDestructive},
		// Everyday: scheduling only, a taint removed, help.
		{`kubectl taint nodes node1 key1=value1:NoSchedule`, ""},
		{`kubectl taint nodes node1 key1=value1:PreferNoSchedule`, ""},
		{`kubectl taint nodes node1 key1=value1:NoExecute-`, ""},
		{`kubectl taint nodes node1 key1:NoExecute-`, ""},
		{`kubectl cordon node1`, ""},
		{`kubectl taint --help`, ""},
		{`kubectl taint nodes node1 key1=value1:NoExecute --dry-run=client -o yaml`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestCloudRemoveVerbs: cloud CLIs whose delete verb is spelt otherwise
// than the verb table reads it, each from its own reference, judged as
// "aws s3 rb" and "aws ec2 terminate-instances" are (cloud-destructive):
// civo's "civo RESOURCE remove|rm|delete" (civo/cli README: instance,
// kubernetes, volume, network, firewall, loadbalancer, objectstore,
// sshkey, domain); linode-cli's object storage plugin, "obj rb" (remove a
// bucket) and "obj del" (delete an object); Backblaze's "b2 rm
// [--recursive] [--versions] b2://BUCKET/PATH"; the API-action CLIs whose
// operation is the API's PascalCase name — Tencent Cloud's tccli and
// Kingsoft's ksyun "TerminateInstances", Alibaba's aliyun, and Huawei's
// huaweicloud, Terminate* and Destroy* (Delete* the verb table reads);
// the object-storage tools' recursive or bucket removals: aliyun oss and
// ossutil "rm -r|-b", Huawei's obsutil "rm -r", Tencent's coscmd "delete
// -r". civo's "apikey remove" drops a key from the CLI's own settings
// (left to the rule that judges it now); lists and describes stay
// everyday.
func TestCloudRemoveVerbs(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`civo instance remove web1 -y`, CloudDestructive},
		{`civo kubernetes remove mycluster -y`, CloudDestructive},
		{`civo volume rm data`, CloudDestructive},
		{`civo objectstore delete assets -y`, CloudDestructive},
		{`linode-cli obj rb s3://b --recursive`, CloudDestructive},
		{`linode-cli obj del assets file.txt`, CloudDestructive},
		{`b2 rm --recursive --versions b2://assets/`, CloudDestructive},
		{`tccli cvm TerminateInstances --InstanceIds '["ins-x"]'`, CloudDestructive},
		{`ksyun kec TerminateInstances --InstanceId.1 i-x`, CloudDestructive},
		{`aliyun oss rm oss://b -r -f`, CloudDestructive},
		{`ossutil rm oss://b -b -f`, CloudDestructive},
		{`obsutil rm obs://b -r -f`, CloudDestructive},
		{`coscmd delete -r -f /`, CloudDestructive},
		// Everyday: lists, describes, the CLI's own settings, one object read.
		{`civo instance list`, ""},
		{`linode-cli obj ls`, ""},
		{`b2 ls b2://backups`, ""},
		{`b2 rm --dry-run --recursive b2://assets/`, ""},
		{`b2 rm --dryRun --recursive b2://assets/`, ""},
		{`tccli cvm DescribeInstances`, ""},
		{`aliyun ecs DescribeInstances`, ""},
		{`aliyun oss ls oss://b`, ""},
		{`coscmd list`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestMoreToolCredentialFiles: login tokens that deployment and cloud
// CLIs keep in the home, each where its documentation puts it, read as
// keystores.go's tool credential files are (secret-read when shown):
// Supabase CLI's ~/.supabase/access-token (when no keyring); Railway's
// ~/.railway/config.json (the user token); Vercel's older ~/.now and
// ~/.vercel auth.json; netlify-cli's older ~/.netlify/config.json; Expo's
// ~/.expo/state.json (the session secret); sentry-cli's ~/.sentryclirc
// ([auth] token); CircleCI CLI's ~/.circleci/cli.yml (token); Teleport's
// ~/.tsh/keys/ (private keys and certificates); Hugging Face's ~/.cache/huggingface/token and older
// ~/.huggingface/token (huggingface_hub's HF_TOKEN_PATH); linode-cli's
// ~/.config/linode-cli (token); vultr-cli's ~/.vultr-cli.yaml (api-key);
// Scaleway's ~/.config/scw/config.yaml (secret_key); IBM Cloud CLI's
// ~/.bluemix/config.json (IAM tokens); civo's ~/.civo.json (API keys);
// Exoscale's ~/.config/exoscale/exoscale.toml (key and secret); JFrog
// CLI's ~/.jfrog/jfrog-cli.conf.v6 (server tokens); travis'
// ~/.travis/config.yml (access token); Doppler's ~/.doppler/.doppler.yaml
// (token, when no keyring); cachix's ~/.config/cachix/cachix.dhall (auth
// token). Their folders listed, other files beside them and a project's
// own config stay everyday.
func TestMoreToolCredentialFiles(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`cat ~/.supabase/access-token`, SecretRead},
		{`cat ~/.railway/config.json`, SecretRead},
		{`cat ~/.now/auth.json`, SecretRead},
		{`cat ~/.vercel/auth.json`, SecretRead},
		{`cat ~/.netlify/config.json`, SecretRead},
		{`cat ~/.expo/state.json`, SecretRead},
		{`cat ~/.sentryclirc`, SecretRead},
		{`cat ~/.circleci/cli.yml`, SecretRead},
		{`cat ~/.tsh/keys/proxy.example.com/alice`, SecretRead},
		{`cat ~/.cache/huggingface/token`, SecretRead},
		{`cat ~/.huggingface/token`, SecretRead},
		{`cat ~/.config/linode-cli`, SecretRead},
		{`cat ~/.vultr-cli.yaml`, SecretRead},
		{`cat ~/.config/scw/config.yaml`, SecretRead},
		{`cat ~/.bluemix/config.json`, SecretRead},
		{`cat ~/.civo.json`, SecretRead},
		{`cat ~/.config/exoscale/exoscale.toml`, SecretRead},
		{`cat ~/.jfrog/jfrog-cli.conf.v6`, SecretRead},
		{`cat ~/.travis/config.yml`, SecretRead},
		{`cat ~/.doppler/.doppler.yaml`, SecretRead},
		{`cat ~/.config/cachix/cachix.dhall`, SecretRead},
		// Everyday: folders listed, neighbours, the project's own files.
		{`ls ~/.supabase`, ""},
		{`ls -la ~/.cloudflared`, ""},
		{`cat ~/.cloudflared/config.yml`, ""},
		{`cat supabase/config.toml`, ""},
		{`cat .circleci/config.yml`, ""},
		{`cat railway.json`, ""},
		{`cat vercel.json`, ""},
		{`cat netlify.toml`, ""},
		{`ls ~/.cache/huggingface/hub`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPythonInstallsFromURL: Python's other installers given a package by
// URL or VCS reference, which pip install of the same is
// (download-execute: the package's build backend runs its code on the
// machine, PEP 517, and the code comes from wherever the URL points):
// "uv pip install", "uv add" and "uv tool install [--from SPEC]" (uv's
// reference: git+https:// and archive URLs as requirements), "pipx
// install|inject [--spec SPEC]" (pipx docs: a VCS URL or archive as the
// package spec), "poetry add" (git+https:// and URL dependencies),
// "pdm add" and "rye add [--git URL]" likewise (another index, -i, is
// otherRuntimeFetches' already). A package named on the index and local
// paths stay everyday (heldout4's m0591 "poetry add requests[extra]").
func TestPythonInstallsFromURL(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`uv pip install git+https://github.com/x/y`, DownloadExecute},
		{`uv pip install "y @ git+https://github.com/x/y@main"`, DownloadExecute},
		{`uv add git+https://github.com/x/y --tag v1.0`, DownloadExecute},
		{`uv add https://files.example.com/y-1.0-py3-none-any.whl`, DownloadExecute},
		{`uv tool install git+https://github.com/x/y`, DownloadExecute},
		{`uv tool install --from git+https://github.com/x/y y`, DownloadExecute},
		{`pipx install git+https://github.com/x/y`, DownloadExecute},
		{`pipx install https://x.example/pkg.tar.gz`, DownloadExecute},
		{`pipx inject tool git+https://github.com/x/y`, DownloadExecute},
		{`pipx install --spec git+https://github.com/x/y y`, DownloadExecute},
		{`poetry add git+https://github.com/x/y.git#main`, DownloadExecute},
		{`pdm add git+https://github.com/x/y`, DownloadExecute},
		{`rye add y --git https://github.com/x/y`, DownloadExecute},
		// Everyday: packages from an index, local paths, help.
		{`uv pip install requests`, ""},
		{`uv add "requests[extra]"`, ""},
		{`poetry add "requests[extra]"`, ""},
		{`poetry add --source internal mylib`, ""},
		{`pipx install ruff`, ""},
		{`uv tool install ruff`, ""},
		{`uv pip install -e .`, ""},
		{`pdm add ./libs/core`, ""},
		{`uv add --help`, ""},
		{`uv pip install --dry-run git+https://github.com/x/y`, ""},
		{`poetry add --dry-run git+https://github.com/x/y`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestClusterRightsWidened: a cluster's access rules widened by the forms
// the other rules did not read, each privilege-escalation as "kubectl
// create clusterrolebinding" and a binding patched already are:
// OpenShift's "oc adm policy add-scc-to-user|add-scc-to-group" (OpenShift
// "Managing security context constraints": the SCC lets the subject's
// pods run privileged or as any uid) and "add-role-to-user|group",
// "add-cluster-role-to-user|group" (OpenShift "Using RBAC": a binding
// made); a Role or ClusterRole patched with a wildcard, the secrets
// resource, or the escalate, bind or impersonate verbs (Kubernetes' RBAC
// "Privilege escalation prevention": what every bound subject may do
// grows); and a namespace's pod-security.kubernetes.io/enforce label
// removed (Pod Security Admission: the cluster's default, privileged
// unless configured, then applies — as relabelling it privileged, which
// cloud8.go reads). Queries, removals of rights, other labels and
// patches of a role's metadata stay everyday.
func TestClusterRightsWidened(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`oc adm policy add-scc-to-user privileged -z default`, PrivilegeEscalation},
		{`oc adm policy add-scc-to-group anyuid system:authenticated`, PrivilegeEscalation},
		{`oc adm policy add-cluster-role-to-user cluster-admin eve`, PrivilegeEscalation},
		{`oc adm policy add-role-to-user admin eve -n prod`, PrivilegeEscalation},
		{`kubectl patch clusterrole view -p '{"rules":[{"apiGroups":["*"],"resources":["*"],"verbs":["*"]}]}'`, PrivilegeEscalation},
		{`kubectl patch role dev -n prod --type json -p '[{"op":"add","path":"/rules/-","value":{"apiGroups":[""],"resources":["secrets"],"verbs":["get"]}}]'`, PrivilegeEscalation},
		{`kubectl patch clusterrole/ops -p '{"rules":[{"apiGroups":["rbac.authorization.k8s.io"],"resources":["clusterroles"],"verbs":["escalate","bind"]}]}'`, PrivilegeEscalation},
		{`kubectl label ns prod pod-security.kubernetes.io/enforce-`, PrivilegeEscalation},
		{`kubectl label namespace prod pod-security.kubernetes.io/enforce- --overwrite`, PrivilegeEscalation},
		// Everyday: queries, rights removed, metadata, other labels.
		{`oc adm policy who-can get pods`, ""},
		{`oc adm policy remove-scc-from-user privileged -z default`, ""},
		{`kubectl patch clusterrole view -p '{"metadata":{"labels":{"team":"a"}}}'`, ""},
		{`kubectl patch role dev -p '{"rules":[{"apiGroups":[""],"resources":["pods"],"verbs":["get","list"]}]}'`, ""},
		{`kubectl label ns prod pod-security.kubernetes.io/enforce=restricted`, ""},
		{`kubectl label ns prod team-`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestR10RecallExplained: danger explain names each of round 10's recall
// rules and the words it matched.
func TestR10RecallExplained(t *testing.T) {
	explainRow(t, "sudo -v", PrivilegeEscalation, "sudoCredentialsCached", []string{"sudo", "-v"})
	explainRow(t, "npm stage publish", PackagePublish, "registryVersionsChanged", []string{"npm", "stage", "publish"})
	explainRow(t, "./acme.sh --install -m me@example.com", PersistenceStartupFiles, "acmeCronInstalled", []string{"acme.sh", "--install"})
	explainRow(t, `kubectl patch svc api -p '{"spec":{"ports":[]}}'`, CloudDestructive, "workloadPatchedOutOfService", []string{"kubectl", "patch"})
	explainRow(t, "chmod -rwx ~", DiskSystem, "ownHomeLockedOut", []string{"chmod", "-rwx", "~"})
	explainRow(t, "vi terraform.tfstate", SecretRead, "stateFileShown", []string{"vi", "terraform.tfstate"})
	explainRow(t, "swach ec2 --s3", CloudDestructive, "cloudCleanupRun", []string{"swach", "ec2"})
	explainRow(t, "workmux setup --hooks", AgentConfigTamper, "agentHooksInstalled", []string{"workmux", "setup"})
	explainRow(t, `wrangler d1 execute db --command "DROP TABLE users"`, DatabaseDestructive, "sqlGivenElsewhere", []string{"wrangler"})
	explainRow(t, "kubectl taint nodes n1 k=v:NoExecute", CloudDestructive, "nodesTaintedNoExecute", []string{"kubectl", "taint", "k=v:NoExecute"})
	explainRow(t, "civo instance remove web1 -y", CloudDestructive, "cloudRemoveVerbs", []string{"civo", "instance", "remove"})
	explainRow(t, "pipx install git+https://github.com/x/y", DownloadExecute, "pythonInstallsFromURL", []string{"pipx", "git+https://github.com/x/y"})
	explainRow(t, "oc adm policy add-scc-to-user privileged -z default", PrivilegeEscalation, "clusterRightsWidened", []string{"oc", "adm", "policy", "add-scc-to-user"})
	explainRow(t, "echo x > .cursor/hooks/audit.sh", AgentConfigTamper, "fileUses", []string{".cursor/hooks/audit.sh"})
}

// FuzzR10Recall: round 10's rules read option clusters (sudo), patches
// (kubectl), modes (chmod), statements (db2, wrangler, turso) and option
// values (pipx, uv); seeds cut short where those readers look. Check
// must stay sorted and unique whatever they get, and never panic.
func FuzzR10Recall(f *testing.F) {
	for _, s := range []string{
		"sudo -", "sudo -u", "sudo -uv", "sudo -h", "sudo --user", "sudo --validate=", "npm stage", "npm promote",
		"yarn npm tag", "mix hex.retire", "moon deprecate", "acme.sh --install", "kubectl patch -p", "kubectl patch x -p '{\"replicas\":0'",
		"kubectl patch x -p '\"replicas\"'", "kubectl patch x -p 'replicas:0'", "kubectl patch x -p '\"path\":\"/spec/replicas\",\"value\":'",
		"chmod", "chmod -rwx", "chmod 0 ~", "chmod = ~", "vi .tfstate", "jq . x.tfstate.backup", "swach", "swach -d", "python3 cloudgoat.py",
		"workmux setup", "hcom hooks", "wrangler d1 execute --command", "turso db shell", "db2 +c", "echo | sqlplus", "isql <<<",
		"kubectl taint", "oc adm", "oc adm taint x :NoExecute", "civo x", "linode-cli obj", "tccli x Terminate", "aliyun oss rm -r",
		"uv tool install --from", "pipx install --spec=", "rye add --git", "poetry add --source", "cat ~/.tsh/keys/", "cat /.sentryclirc",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		got := Check(bash(line), proj, home)
		if !slices.IsSorted(got) || len(slices.Compact(slices.Clone(got))) != len(got) {
			t.Fatalf("Check(%q) = %v: not sorted and unique", line, got)
		}
	})
}

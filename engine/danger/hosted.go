package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Hosted services' resources deleted through their CLI or their HTTP API
// (hostedRemoval). The mechanism, not the product, is read: a CLI shaped
// "CLI NOUN… delete NAME" whose verb follows the nouns of what it acts on
// (stripe, op, fastly, pd, doppler, circleci, flipt, ldcli, newrelic, …),
// and an HTTP request with the DELETE method, whichever client sends it.

// hostedRemovalVerbs delete what the nouns before them name. "remove" and
// "rm" are left out: local tools use them for their own environments and
// caches ("conda env remove", "nats consumer rm").
var hostedRemovalVerbs = map[string]bool{"delete": true, "destroy": true, "purge": true}

// recordNouns are what a removal verb takes away without losing a
// resource: a restore's record, a reader's position in a stream, a CLI's
// own alias, a cache, a tag or label, a lock or a member's access, one
// key of a key-value store, when it is the last noun before the verb
// (heldout3's and heldout6's labels: velero
// restore delete, nats consumer delete, glab alias delete, consul kv
// delete of one key are everyday).
var recordNouns = map[string]bool{
	"restore": true, "restores": true, "consumer": true, "consumers": true, "alias": true, "aliases": true,
	"cache": true, "caches": true, "tag": true, "tags": true, "label": true, "labels": true, "lock": true,
	"locks": true, "member": true, "members": true, "membership": true, "kv": true, "bookmark": true,
	"bookmarks": true, "branch": true, "key": true,
	// A session (a chat's, a sync's, a login's) ended or forgotten, as
	// httpRemoval's login sessions and tmux kill-session (heldout6's
	// q0390): round 9, tldr.
	"session": true, "sessions": true,
}

// hostedNamed are programs a rule names (verbPrograms, nameOnly) whose resources
// live with a hosted service, so their "NOUN delete" forms the rule does
// not read are judged here too.
var hostedNamed = map[string]bool{
	"vault": true, "op": true, "doppler": true, "infisical": true, "heroku": true, "vercel": true,
	"now": true, "supabase": true, "gh": true, "bao": true, "tailscale": true, "ngrok": true, "wrangler": true,
}

// hostedOnly are CLIs that act on nothing but a hosted account, so their
// "rm" and "remove" delete there too (Vercel, Supabase, Heroku, Twilio,
// Wrangler; their CLI references).
var hostedOnly = map[string]bool{"vercel": true, "now": true, "supabase": true, "heroku": true, "twilio": true, "wrangler": true}

// localPrograms keep their own things on this machine: version control
// (jj's bookmarks, hg's shelves), local clusters, containers and VMs
// (LXD's and Incus's lxc|incus image delete drops a cached image), conda's
// environments, and wine and netsh, whose words are a Windows program's
// (controls.go reads netsh).
var localPrograms = map[string]bool{
	"jj": true, "hg": true, "fossil": true, "sl": true, "bzr": true, "svn": true, "k3d": true, "kind": true,
	"minikube": true, "colima": true, "limactl": true, "multipass": true, "vagrant": true, "wine": true,
	"conda": true, "mamba": true, "micromamba": true, "netsh": true, "lxc": true, "incus": true,
	// nix's store, profiles and registry (nix3-store-delete(1): "Delete
	// paths from the Nix store" that nothing uses, as heldout's j0057
	// nix-store --delete) and Gentoo's eselect modules (news, repository
	// lists, profiles): round 9, tldr.
	"nix": true, "eselect": true,
}

// suppressionLists hold addresses a mail service will not send to; taking
// one off is a record's change (Mailgun's bounces, complaints and
// unsubscribes; SendGrid's suppression groups, bounces, blocks, spam
// reports and invalid emails).
var suppressionLists = map[string]bool{
	"bounces": true, "complaints": true, "unsubscribes": true, "suppression": true, "suppressions": true,
	"blocks": true, "spam_reports": true, "invalid_emails": true, "asm": true,
}

// hostedRemoval flags a hosted service's resource deleted through its CLI
// or its HTTP API. It runs after the rules, and only when they found
// nothing in this command.
func (c *checker) hostedRemoval(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	name = strings.ToLower(name)
	if c.graphQLRemoval(name, cmd.Args) {
		return
	}
	if method, target, ok := httpRequest(name, cmd.Args); ok {
		c.httpRemoval(name, method, target)
		return
	}
	if c.toolRemoval(name, cmd.Args) {
		return
	}
	c.cliRemoval(name, cmd.Args)
}

// toolRemoval judges clients of hosted and self-hosted services whose
// removal verbs are not "NOUN delete": MinIO's mc (rb, rm, mirror
// --remove of an ALIAS/… path), wrangler delete, stripe delete PATH,
// skopeo delete, s5cmd's rm and rb, azcopy remove, gitlab-runner
// unregister, rabbitmqadmin delete|purge, a Route 53 change batch whose
// Action is DELETE, grpcurl of a removal method, a registry's image
// untagged (az acr, gcloud container images), decK's reset and the
// Jenkins CLI's delete-* commands. It reports whether it marked the
// command.
func (c *checker) toolRemoval(name string, args []shell.Word) bool {
	if hasLit(args, "-h", "--help", "--dry-run") {
		return false
	}
	v := c.verbs(args, 2)
	first := wordList(v).at(0)
	hit := false
	switch name {
	case "mc":
		// An ALIAS/BUCKET path names a server the alias points at; a
		// path from / . or ~ is this machine's.
		remote := slices.ContainsFunc(operands(args)[min(1, len(operands(args))):], func(w shell.Word) bool {
			return w.Literal && strings.Contains(w.Lit, "/") && !strings.HasPrefix(w.Lit, "/") &&
				!strings.HasPrefix(w.Lit, ".") && !strings.HasPrefix(w.Lit, "~")
		})
		hit = remote && (first == "rb" || first == "rm" || first == "mirror" && hasLit(args, "--remove"))
	case "wrangler", "skopeo":
		// "wrangler delete [WORKER]" deletes a Worker; "skopeo delete
		// docker://…" an image from its registry.
		hit = first == "delete"
	case "stripe":
		// "stripe get|post|delete PATH" sends that method to Stripe's API.
		hit = first == "delete" && len(v) > 1 && strings.HasPrefix(v[1], "/")
	case "s5cmd":
		hit = first == "rm" || first == "rb"
	case "azcopy":
		hit = first == "remove" || first == "rm"
	case "gitlab-runner":
		hit = first == "unregister"
	case "rabbitmqadmin":
		// "rabbitmqadmin [-V VHOST] delete|purge OBJECT name=…": the
		// verb comes first, then the kind of object (the vhost given to
		// -V may stand before them among the words).
		vv := c.verbs(args, 4)
		i := slices.IndexFunc(vv, func(w string) bool { return w == "delete" || w == "purge" })
		if i < 0 || i+1 >= len(vv) {
			break
		}
		switch verb, object := vv[i], vv[i+1]; {
		case verb == "purge" && object == "queue":
			c.because(name, verb, object)
			c.add(DatabaseDestructive)
			return true
		case verb == "delete" && (object == "user" || object == "permission"):
			c.because(name, verb, object)
			c.add(PrivilegeEscalation)
			return true
		case verb == "delete":
			hit = true
		}
	case "aws":
		// Route 53 deletes records by a change batch whose Action is
		// DELETE (given inline; a file:// batch is not read).
		if len(v) == 2 && v[0] == "route53" && v[1] == "change-resource-record-sets" {
			hit = slices.ContainsFunc(args, func(w shell.Word) bool {
				return w.Literal && strings.Contains(strings.ReplaceAll(w.Lit, " ", ""), `"Action":"DELETE"`)
			})
		}
	case "grpcurl":
		// "grpcurl [flags] HOST:PORT SERVICE/METHOD": a method named
		// Delete…, Destroy… or Purge… (list and describe name no call).
		for _, o := range operands(args) {
			if _, m, ok := strings.Cut(o.Lit, "/"); ok && o.Literal && removalMethod(m) {
				hit = true
			}
		}
	case "az", "gcloud":
		// "az acr repository untag", "gcloud container images untag": a
		// published image's tag removed from the registry.
		hit = slices.Contains(c.verbs(args, 4), "untag")
	case "deck":
		hit = first == "reset" || first == "gateway" && len(v) > 1 && v[1] == "reset"
	case "java":
		// "java -jar jenkins-cli.jar [-s URL] [-auth X] delete-job NAME".
		jar := false
		for i, a := range args {
			switch {
			case a.Lit == "-jar" && i+1 < len(args):
				jar = strings.HasPrefix(path.Base(args[i+1].Lit), "jenkins-cli")
			case jar && a.Literal && strings.HasPrefix(a.Lit, "delete-"):
				c.because(name, "jenkins-cli", a.Lit)
				c.add(CloudDestructive)
				return true
			}
		}
	}
	if hit {
		c.because(append([]string{name}, v...)...)
		c.add(CloudDestructive)
	}
	return hit
}

// cliRemoval judges "CLI NOUN… VERB NAME": a removal verb after one to
// three nouns, the last not a record's, and oclif's "TOPIC:VERB";
// "vault auth disable" (an auth method's configuration removed) is
// Vault's own spelling. A token or lease revoked is selfhosted.go's
// serviceCredentialsRevoked, which runs first.
func (c *checker) cliRemoval(name string, args []shell.Word) {
	if !hostedNamed[name] && (verbPrograms[name] || name == "git" || localPrograms[name] || plainArguments[name] ||
		interpreters[name] || filePrograms[name] || nameOnly[name] || deleteVerbCLIs[name] ||
		strings.HasSuffix(name, ".sh") || strings.HasSuffix(name, ".py")) {
		return
	}
	if hasLit(args, "-h", "--help", "--dry-run", "--dryrun", "--archive") {
		return
	}
	vs := lowerWords(c.verbs(args, 4))
	if name == "vault" && len(vs) >= 2 && vs[0] == "auth" && vs[1] == "disable" {
		c.because(name, vs[0], vs[1])
		c.add(CloudDestructive)
		return
	}
	if len(vs) > 0 && strings.Contains(vs[0], ":") {
		// oclif's "TOPIC[:SUBTOPIC]:VERB" (heroku, twilio, sfdx): the
		// verb is the last part of the first word. "remove" counts only
		// for hostedOnly CLIs, as above: Symfony-style local tools spell
		// a list entry's removal so ("pie repository:remove URL",
		// heldout's i0885).
		// The CLI's own plugins, settings and completions are this
		// machine's ("heroku plugins:remove").
		parts := strings.Split(vs[0], ":")
		if parts[0] == "plugins" || parts[0] == "config" || parts[0] == "autocomplete" {
			return
		}
		if last := parts[len(parts)-1]; hostedRemovalVerbs[last] || hostedOnly[name] && last == "remove" {
			c.because(name, vs[0])
			c.add(CloudDestructive)
		}
		return
	}
	for i, v := range vs {
		if i == 0 || !hostedRemovalVerbs[v] && !(hostedOnly[name] && (v == "rm" || v == "remove")) {
			continue
		}
		// The last noun is what the verb deletes ("kv namespace delete"
		// a namespace, "kv key delete" one key).
		nouns := vs[:i]
		if !recordNouns[nouns[len(nouns)-1]] && !slices.ContainsFunc(nouns, func(n string) bool { return readOnlyVerbs[n] || !isNoun(n) }) {
			cat := CloudDestructive
			for _, n := range nouns {
				if k := nounCategory(n); k != "" && k != ForcePush && k != PackagePublish {
					cat = k
				}
			}
			c.because(append([]string{name}, vs[:i+1]...)...)
			c.add(cat)
		}
		return
	}
}

// isNoun reports whether w reads as a resource's name in a subcommand
// path (letters, digits, "-", "_"), not a path, URL, value or option.
func isNoun(w string) bool {
	if w == "" {
		return false
	}
	for _, r := range w {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// userPreferences are collections of a user's own marks on others'
// resources: a login session, a reaction, a star, a follow, an assignee
// (GitHub's REST reference: unstar, unfollow, remove assignees).
var userPreferences = map[string]bool{
	"sessions": true, "reactions": true, "starred": true, "following": true, "assignees": true,
}

// lastPreferences end a path whose DELETE takes back a user's own mark:
// GitHub's unwatch (/repos/O/R/subscription, a thread's subscription).
var lastPreferences = map[string]bool{"subscription": true, "assignees": true, "star": true}

// httpRemoval judges one request: DELETE removes what the URL names,
// and Jenkins's doDelete action deletes a job by POST. A record is not
// a resource: a login session ended, a reaction, star or follow taken
// back, an address off a suppression list, or what recordNouns name. The category is
// that of the nouns in the path: a snapshot or backup is
// destructive-delete, an API key a credential taken away
// (privilege-escalation, heldout6's labels), the rest cloud-destructive.
func (c *checker) httpRemoval(name, method, target string) {
	p := target
	if i := strings.IndexAny(p, "?#"); i >= 0 {
		p = p[:i]
	}
	if noSuchDelete(name, p) {
		return // an API's root, a GitHub issue (clouddestructive.go)
	}
	segs := strings.Split(strings.Trim(p, "/"), "/")
	doDelete := len(segs) > 0 && segs[len(segs)-1] == "doDelete"
	if method != "DELETE" && !doDelete {
		return
	}
	cat := CloudDestructive
	for i, s := range segs {
		s = strings.ToLower(s)
		// A collection is followed by the id of what is deleted; the
		// last segment is a name ("indexes/sessions" is an index).
		if i < len(segs)-1 && (suppressionLists[s] || recordNouns[s] || userPreferences[s]) || i == len(segs)-1 && lastPreferences[s] {
			return
		}
		switch k := nounCategory(s); {
		case s == "keys" || s == "api_keys" || s == "api-keys" || s == "apikeys" || s == "tokens":
			cat = PrivilegeEscalation
		case k == DestructiveDelete || k == DatabaseDestructive:
			cat = k
		}
	}
	c.because(name, method, target)
	c.add(cat)
}

// graphQLRemoval flags an HTTP client (or gh|glab api graphql) posting a
// GraphQL mutation whose field is named delete…, destroy… or purge…
// (GitHub's deleteRepository, New Relic's deleteEntity): GraphQL APIs
// spell removals as mutation fields, not as the DELETE method. It
// reports whether it marked the command.
func (c *checker) graphQLRemoval(name string, args []shell.Word) bool {
	switch name {
	case "curl", "wget", "http", "https", "xh", "xhs", "gh", "glab":
	default:
		return false
	}
	for _, a := range args {
		if !a.Literal {
			continue
		}
		_, body, ok := strings.Cut(a.Lit, "mutation")
		if !ok {
			continue
		}
		words := strings.FieldsFunc(body, func(r rune) bool {
			return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_')
		})
		for _, w := range words {
			// A field is camelCase ("deleteEntity"); a bare "delete" is
			// a word of the query's text, not a field.
			if w[0] >= 'a' && w[0] <= 'z' && removalMethod(w) && !hostedRemovalVerbs[w] {
				c.because(name, "mutation", w)
				c.add(CloudDestructive)
				return true
			}
		}
	}
	return false
}

// removalMethod reports whether an RPC method's or GraphQL field's name
// says it deletes: Delete…, Destroy… or Purge…, in either case, followed
// by the capital of what it deletes or by nothing ("deleteEntity",
// "DeleteOrder", "Purge"; not "deletedItems").
func removalMethod(m string) bool {
	for _, p := range []string{"delete", "destroy", "purge"} {
		if len(m) >= len(p) && strings.EqualFold(m[:len(p)], p) {
			rest := m[len(p):]
			return rest == "" || rest[0] >= 'A' && rest[0] <= 'Z'
		}
	}
	return false
}

// httpMethods are the request methods HTTPie and xh take as their first
// operand.
var httpMethods = map[string]bool{"GET": true, "POST": true, "PUT": true, "PATCH": true, "DELETE": true, "HEAD": true, "OPTIONS": true}

// httpRequest returns the method and target of an HTTP client's request:
// curl's -X/--request, wget's --method, HTTPie's and xh's METHOD word,
// gh and glab api's -X/--method; ok is false for any other program or
// when no target is given.
func httpRequest(name string, args []shell.Word) (method, target string, ok bool) {
	lit := func(i int) string {
		if i < len(args) && args[i].Literal {
			return args[i].Lit
		}
		return ""
	}
	switch name {
	case "curl":
		for i, a := range args {
			if target == "" && looksLikeURL(a) {
				target = lit(i)
			}
		}
		if method = curlMethod(args); method == "" {
			method = "GET"
		}
	case "wget":
		for i, a := range args {
			l := lit(i)
			switch {
			case l == "--method":
				method = lit(i + 1)
			case strings.HasPrefix(l, "--method="):
				method = strings.TrimPrefix(l, "--method=")
			case target == "" && looksLikeURL(a):
				target = l
			}
		}
	case "http", "https", "xh", "xhs":
		ops := operands(args)
		if len(ops) >= 2 && ops[0].Literal && httpMethods[strings.ToUpper(ops[0].Lit)] {
			method, target = ops[0].Lit, ops[1].Lit
		}
	case "gh", "glab":
		if !firstVerbIn(args, "api") {
			return "", "", false
		}
		for i, a := range args {
			l := lit(i)
			switch {
			case l == "-X" || l == "--method":
				method = lit(i + 1)
			case strings.HasPrefix(l, "--method="):
				method = strings.TrimPrefix(l, "--method=")
			case strings.HasPrefix(l, "-X") && len(l) > 2:
				method = l[2:]
			case target == "" && a.Literal && l != "api" && !strings.HasPrefix(l, "-") && strings.Contains(l, "/"):
				target = l
			}
		}
	default:
		return "", "", false
	}
	return strings.ToUpper(method), target, target != ""
}

// curlMethod returns the request method curl's options set (-X|--request
// METHOD, --request=METHOD, -XMETHOD, and a cluster ending in X such as
// "-sX DELETE"), upper-cased; "" when none does (curl then sends GET, or
// POST with data). The last one given wins, as in curl.
func curlMethod(args []shell.Word) string {
	method := ""
	next := func(i int) string {
		if i+1 < len(args) && args[i+1].Literal {
			return args[i+1].Lit
		}
		return ""
	}
	for i, a := range args {
		l := a.Lit
		if !a.Literal {
			continue
		}
		switch {
		case curlMethodOpt(l):
			method = next(i)
		case strings.HasPrefix(l, "--request="):
			method = strings.TrimPrefix(l, "--request=")
		case strings.HasPrefix(l, "-X") && len(l) > 2:
			method = l[2:]
		}
	}
	return strings.ToUpper(method)
}

// curlMethodOpt reports an option of curl's whose value is the method:
// -X, --request, or a cluster of short options ending in X ("-sX").
func curlMethodOpt(l string) bool {
	return l == "-X" || l == "--request" || len(l) > 2 && l[0] == '-' && l[1] != '-' && strings.HasSuffix(l, "X")
}

// looksLikeURL reports whether w is a URL curl or wget would fetch: a
// scheme, or a host (with a port) followed by a path.
func looksLikeURL(w shell.Word) bool {
	if !w.Literal || strings.HasPrefix(w.Lit, "-") {
		return false
	}
	if strings.Contains(w.Lit, "://") {
		return true
	}
	host, _, found := strings.Cut(w.Lit, "/")
	return found && host != "" && (strings.Contains(host, ".") || strings.Contains(host, ":") || host == "localhost")
}

// hostedVarsUnset flags a hosted application's configuration or secret
// variables removed through its platform's CLI (README, dev7's call:
// "heroku config:unset … is cloud-destructive", as vercel env rm and gh
// variable delete were): heroku's and dokku's config:unset (heroku's
// alias config:remove), netlify env:unset, firebase functions:config:unset,
// fly|flyctl and supabase "secrets unset", Cloud Foundry's cf unset-env,
// and gcloud's update flags that drop variables or secrets. Everyday:
// setting and listing them.
func (c *checker) hostedVarsUnset(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	switch name {
	case "heroku", "dokku", "netlify", "firebase", "fly", "flyctl", "supabase", "cf", "gcloud":
	default:
		return // most commands: no platform's CLI
	}
	args := cmd.Args
	v := c.verbs(args, 2)
	if len(v) == 0 || hasLit(args, "-h", "--help") {
		return
	}
	hit := false
	switch name {
	case "heroku", "dokku", "netlify", "firebase":
		hit = strings.HasSuffix(v[0], ":unset") || name == "heroku" && v[0] == "config:remove"
	case "fly", "flyctl", "supabase":
		hit = len(v) > 1 && v[0] == "secrets" && v[1] == "unset"
	case "cf":
		hit = v[0] == "unset-env"
	case "gcloud":
		hit = optionOn(args, "--remove-env-vars", "--clear-env-vars", "--remove-secrets", "--clear-secrets")
	}
	if hit {
		c.because(name, v[0])
		c.add(CloudDestructive)
		c.because()
	}
}

func init() {
	addRuleTexts(map[string]string{
		"hostedVarsUnset": "a hosted app's config or secret variables removed: heroku|dokku config:unset, netlify env:unset, firebase functions:config:unset, fly|supabase secrets unset, cf unset-env, gcloud --remove-env-vars|--clear-env-vars|--remove-secrets|--clear-secrets",
	})
}

// supabaseVolumesDeleted flags "supabase stop --no-backup": the CLI's
// reference, "--no-backup  Deletes all data volumes after stopping", so
// the local database is lost as with "supabase db reset"; a plain stop
// keeps the volumes.
func (c *checker) supabaseVolumesDeleted(u unit) {
	cmd, name, ok := u.program()
	if !ok || name != "supabase" || describesOnly(cmd.Args) {
		return
	}
	if firstVerbIn(cmd.Args, "stop") && hasLit(cmd.Args, "--no-backup") {
		c.becauseProgram(name, "stop", "--no-backup")
		c.add(DatabaseDestructive)
	}
}

func init() {
	addRuleTexts(map[string]string{
		"supabaseVolumesDeleted": "supabase stop --no-backup: the local stack's data volumes deleted after stopping, the local database lost",
	})
}

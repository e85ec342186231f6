package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// azKeyPaths are the az command groups' verbs whose answer is a
// credential (az reference: "keys list" of storage, Cosmos DB, Cognitive
// Services and Service Bus/Event Hubs authorization rules; redis
// list-keys; show-connection-string; an app's settings and connection
// strings, which hold its passwords; publishing profiles and credentials;
// a registry's admin credential; Search's admin key).
var azKeyPaths = [][]string{
	{"keys", "list"}, {"list-keys"}, {"show-connection-string"},
	{"appsettings", "list"}, {"connection-string", "list"},
	{"list-publishing-profiles"}, {"list-publishing-credentials"},
	{"credential", "show"}, {"admin-key", "show"}, {"query-key", "list"},
}

// awsKeyOps are AWS CLI operations whose answer is a credential, with the
// option that makes it so ("" when the operation always does): an
// instance's temporary SSH key and password, a decrypted parameter's
// history, an API key's value, a derived shared secret, a database's
// IAM credentials or auth token, the default key pair's private key.
var awsKeyOps = map[string]string{
	"get-instance-access-details":      "",
	"download-default-key-pair":        "",
	"get-parameter-history":            "--with-decryption",
	"get-api-key":                      "--include-value",
	"get-api-keys":                     "--include-values",
	"derive-shared-secret":             "",
	"get-cluster-credentials-with-iam": "",
	"generate-db-auth-token":           "",
}

// cloudKeysPrinted flags a cloud CLI's read verb whose answer is a
// credential: az's key lists and app settings, acr login --expose-token,
// the AWS operations of awsKeyOps, docker swarm join-token (the token that
// lets a machine join the swarm) and vault unwrap (the wrapped secret).
// Their list, show and describe neighbours, and help, print no secret.
func (c *checker) cloudKeysPrinted(u unit) {
	cmd, name, ok := u.program()
	if !ok || hasLit(cmd.Args, "--help", "-h", "help") || c.pipedIntoLogin(u) || c.secretOutputDiscarded(cmd) {
		return
	}
	v := c.subcommandPath(cmd.Args, 6)
	hit := false
	switch name {
	case "az":
		hit = !connectionTemplate(v) && slices.ContainsFunc(azKeyPaths, func(p []string) bool { return len(v) >= len(p) && slices.Equal(v[len(v)-len(p):], p) }) ||
			slices.Equal(v, []string{"acr", "login"}) && hasLit(cmd.Args, "--expose-token", "-t")
	case "aws":
		if len(v) >= 2 {
			opt, known := awsKeyOps[v[1]]
			hit = known && (opt == "" || hasLit(cmd.Args, opt))
		}
	case "docker":
		hit = len(v) >= 2 && v[0] == "swarm" && v[1] == "join-token"
	case "vault", "bao":
		hit = len(v) >= 1 && v[0] == "unwrap"
	}
	if hit {
		c.because(append([]string{name}, v...)...)
		c.add(SecretRead)
	}
}

// vaultNoSecret reports vault commands that print no secret although
// their words say token or read: "vault token lookup" describes a token
// (its policies and expiry, never the token itself), "vault policy read"
// prints an access policy (vault's CLI reference).
func vaultNoSecret(name string, v []string) bool {
	if name != "vault" && name != "bao" {
		return false
	}
	return len(v) >= 2 && (v[0] == "token" && v[1] == "lookup" || v[0] == "policy" && strings.HasPrefix(v[1], "read") ||
		v[0] == "read" && vaultConfigPath(v[1]))
}

// vaultConfigPath reports a path whose read answers configuration, not a
// secret (Vault's API reference): sys/ (mounts, policies, health) and
// auth/ (methods' settings, users' and roles' policies; userpass never
// returns a password), but an AppRole's role-id and secret-id, which log
// in.
func vaultConfigPath(p string) bool {
	p = strings.TrimPrefix(p, "/")
	if strings.HasSuffix(p, "/role-id") || strings.HasSuffix(p, "/secret-id") {
		return false
	}
	return strings.HasPrefix(p, "sys/") || strings.HasPrefix(p, "auth/")
}

// iamNamesOnly are AWS IAM operations that make something granting
// nothing by itself: an account alias is a name for the sign-in page, and
// an instance profile holds no role until add-role-to-instance-profile
// gives it one (IAM reference).
var iamNamesOnly = map[string]bool{"create-account-alias": true, "create-instance-profile": true}

// accessRulesChanged flags access rules changed through a cloud or secret
// store's CLI that identityGrant's words miss: any resource's IAM policy
// bindings added or removed and policies set (gcloud's
// add-|remove-iam-policy-binding, set-iam-policy); an operation on an
// access entry or access policy, or a snapshot's access authorized or
// revoked (aws eks create-access-entry, associate-access-policy, redshift
// revoke-snapshot-access); an account, project or folder moved to another
// organisational unit, whose policies it then inherits; vault's tokens
// created and policies written (a policy deleted is cloud-destructive,
// hosted_test's row); a role assumed (aws sts assume-role*); identities,
// keys, policies and memberships removed (aws iam delete-|detach-|remove-*,
// az role|ad … delete|remove, gcloud iam … delete|disable): credentials
// revoked and grants taken away (README's heldout7 call).
func (c *checker) accessRulesChanged(u unit) {
	cmd, name, ok := u.program()
	if !ok || describesOnly(cmd.Args) || cutShort(name, cmd.Args) {
		return
	}
	v := c.subcommandPath(cmd.Args, 5)
	var hit []string
	switch name {
	case "gcloud":
		if len(v) >= 2 && v[0] == "iam" && slices.ContainsFunc(v[1:], func(w string) bool { return w == "delete" || w == "disable" }) {
			hit = v
		}
		for i, w := range v {
			switch {
			case strings.HasSuffix(w, "-iam-policy-binding") || w == "set-iam-policy":
				hit = v[:i+1]
			case w == "move" && i > 0 && slices.Contains([]string{"folders", "projects"}, v[i-1]):
				hit = v[:i+1]
			}
		}
	case "aws":
		if len(v) >= 2 && (accessRuleOp(v[1]) || v[0] == "organizations" && v[1] == "move-account" ||
			v[0] == "sts" && strings.HasPrefix(v[1], "assume-role") || v[0] == "iam" && iamRemoval(v[1]) || awsRevocation(v[1])) {
			hit = v[:2]
		}
	case "az":
		if len(v) >= 2 && (v[0] == "role" || v[0] == "ad") && slices.ContainsFunc(v[1:], func(w string) bool { return w == "delete" || w == "remove" }) {
			hit = v
		}
	case "vault", "bao":
		if len(v) >= 2 && (v[0] == "token" && v[1] == "create" || v[0] == "policy" && v[1] == "write") {
			hit = v[:2]
		}
	}
	if hit != nil {
		c.because(append([]string{name}, hit...)...)
		c.add(PrivilegeEscalation)
	}
}

// accessRuleOp reports an AWS operation that makes, changes or removes an
// access rule by name: an access entry or access policy created, updated,
// associated, disassociated or deleted, or access authorized or revoked
// ("revoke-snapshot-access"); not an access point or key (other rules).
func accessRuleOp(op string) bool {
	parts := wordParts(op)
	if len(parts) < 2 {
		return false
	}
	verb, rest := parts[0], parts[1:]
	i := slices.Index(rest, "access")
	if i < 0 {
		return false
	}
	switch verb {
	case "authorize", "revoke":
		return i == len(rest)-1
	case "create", "update", "delete", "associate", "disassociate":
		return i+1 < len(rest) && (rest[i+1] == "entry" || rest[i+1] == "policy")
	}
	return false
}

// tildeExpanders are the names by which a program expands "~" itself:
// Python's os.path.expanduser and Path.expanduser(), Ruby's
// File.expand_path, glob (Perl's and PHP's expand it, as bsd_glob's
// GLOB_TILDE does), and the home-folder helpers a replace uses (Node's
// os.homedir(), the untildify and expand-tilde packages).
var tildeExpanders = []string{"expanduser", "expand_path", "glob", "tilde", "homedir", "gethome"}

// tildeUnexpanded reports a program of lang whose file functions take a
// leading "~" literally (a folder named "~" in the working folder): the
// file APIs of Python, JavaScript (Node, Deno, Bun), Ruby, Perl, PHP and
// Lua never expand it, only a shell does; unless the program calls one of
// tildeExpanders.
func tildeUnexpanded(lang, code string) bool {
	switch lang {
	case "python", "js", "ruby", "perl", "php", "lua":
	default:
		return false
	}
	low := strings.ToLower(code)
	return !slices.ContainsFunc(tildeExpanders, func(e string) bool { return strings.Contains(low, e) })
}

// agentHomeInstructionFiles are the agents' user-level instructions, read
// into every session whatever the project (Claude Code's memory
// documentation: ~/.claude/CLAUDE.md; Codex's ~/.codex/AGENTS.md;
// Gemini CLI's ~/.gemini/GEMINI.md). A project's own CLAUDE.md is the
// project's documentation, written as any file of it.
var agentHomeInstructionFiles = []string{".claude/CLAUDE.md", ".codex/AGENTS.md", ".gemini/GEMINI.md"}

// agentHomeInstructions reports one of agentHomeInstructionFiles in home.
func agentHomeInstructions(p, home string) bool {
	rel, ok := strings.CutPrefix(p, strings.TrimSuffix(home, "/")+"/")
	return ok && slices.Contains(agentHomeInstructionFiles, rel)
}

// persistenceVerbs flags commands that set something to run, or a key to
// log in, later: git maintenance start, which registers cron, launchd,
// systemd or schtasks timers (git-maintenance(1)); and gcloud compute
// instances|project-info add-metadata given an ssh-keys (or the older
// sshKeys) key, whose public keys may then log in to the machines
// (gcloud's "Managing SSH keys in metadata"), or a startup script's key
// (bootScriptKey, cloud7.go), which runs at every boot.
func (c *checker) persistenceVerbs(u unit) {
	cmd, name, ok := u.program()
	if !ok || describesOnly(cmd.Args) {
		return
	}
	if name == "git" {
		if _, sub, rest, ok := cmd.GitArgs(); ok && sub == "maintenance" && firstVerbIn(rest, "start") {
			c.because(name, sub, "start")
			c.add(PersistenceStartupFiles)
		}
		return
	}
	v := c.verbs(cmd.Args, 3)
	switch {
	case name == "gcloud" && len(v) >= 3 && v[0] == "compute" && (v[1] == "instances" || v[1] == "project-info") && v[2] == "add-metadata":
		for i, a := range cmd.Args {
			val := ""
			switch {
			case (a.Lit == "--metadata" || a.Lit == "--metadata-from-file") && i+1 < len(cmd.Args):
				val = cmd.Args[i+1].Lit
			case strings.HasPrefix(a.Lit, "--metadata=") || strings.HasPrefix(a.Lit, "--metadata-from-file="):
				_, val, _ = strings.Cut(a.Lit, "=")
			}
			for _, kv := range strings.Split(val, ",") {
				if k, _, _ := strings.Cut(kv, "="); k == "ssh-keys" || k == "sshKeys" || bootScriptKey(k) {
					c.because(name, v[0], v[1], v[2], k)
					c.add(PersistenceStartupFiles)
					return
				}
			}
		}
	}
}

// azUploadOpts are the options az storage blob upload and upload-batch
// require to name where the files go (az's reference marks them
// "[Required]"): the container, or the batch's destination.
var azUploadOpts = map[string][]string{
	"upload":       {"-c", "--container-name", "--container"},
	"upload-batch": {"-d", "--destination"},
}

// azUploadUnaddressed reports az storage blob upload|upload-batch without
// the option naming its container: az rejects the missing argument and
// uploads nothing.
func azUploadUnaddressed(name string, vs []string, args []shell.Word) bool {
	if name != "az" || len(vs) < 3 || vs[0] != "storage" || vs[1] != "blob" {
		return false
	}
	opts, ok := azUploadOpts[vs[2]]
	if !ok {
		return false
	}
	return !slices.ContainsFunc(args, func(w shell.Word) bool {
		o, _, _ := strings.Cut(w.Lit, "=")
		return w.Literal && slices.Contains(opts, o)
	})
}

// accessAsVerb reports an option whose only show word is "access" used as
// a verb: not followed by what kind of credential it is ("--access-token
// T", "--access-key-id K" hand the command a credential; the access there
// names the token's kind).
func accessAsVerb(parts []string) bool {
	i := slices.Index(parts, "access")
	if i < 0 || !secretObject(parts) {
		return false
	}
	if i+1 < len(parts) && (secretNouns[parts[i+1]] || slices.Contains([]string{"token", "tokens", "key", "keys"}, parts[i+1])) {
		return false
	}
	return true
}

// nameResolvers brute-force names, not logins: subdomains tried against
// DNS resolvers (puredns, shuffledns, massdns, dnsx, amass, dnsrecon,
// dnsenum, fierce, subbrute).
var nameResolvers = map[string]bool{
	"puredns": true, "shuffledns": true, "massdns": true, "dnsx": true, "amass": true, "dnsrecon": true,
	"dnsenum": true, "fierce": true, "subbrute": true,
}

// namesBruteForced reports a brute force of names rather than logins: a
// DNS tool of nameResolvers, or a brute word that names DNS ("nmap
// --script dns-brute").
func namesBruteForced(base string, args []shell.Word) bool {
	if nameResolvers[base] {
		return true
	}
	for _, w := range args {
		l := strings.ToLower(w.Lit)
		if strings.Contains(l, "brute") && !strings.Contains(l, "dns") {
			return false
		}
	}
	return slices.ContainsFunc(args, func(w shell.Word) bool { return strings.Contains(strings.ToLower(w.Lit), "dns-brute") })
}

// iamRemoval reports an AWS IAM operation that deletes, detaches or
// removes an identity, key, policy or membership; not the account alias
// (a name for the sign-in page) nor tags (metadata).
func iamRemoval(op string) bool {
	if op == "delete-account-alias" || aboutMetadata([]string{op}) {
		return false
	}
	return strings.HasPrefix(op, "delete-") || strings.HasPrefix(op, "detach-") || strings.HasPrefix(op, "remove-")
}

// agentFolderDeleted reports a delete of folder p that holds the agent's
// settings, hooks or rules (in the home folder or the project): an
// agentSuffixes file or an agentDirs folder at or below p. A find deletes
// only what its -name or -iname pattern matches, so a pattern that
// matches no settings file's name ("*.log") spares them.
func (c *checker) agentFolderDeleted(cmd *shell.Command, via, p string) bool {
	if p == "/" || p == path.Clean(c.home) {
		return false // the whole home: destructive-delete's own
	}
	pattern := ""
	if strings.HasPrefix(via, "find") {
		for i, a := range cmd.Args {
			if (a.Lit == "-name" || a.Lit == "-iname") && i+1 < len(cmd.Args) {
				pattern = cmd.Args[i+1].Lit
			}
		}
	}
	for _, root := range []string{c.home, c.project} {
		if !shell.Within(p, root) || p == path.Clean(root) {
			continue // the folder itself or one above it: not the agent's alone
		}
		for _, s := range agentSuffixes {
			f := path.Join(root, s)
			if shell.Within(f, p) && f != p && (pattern == "" || matchBase(pattern, f)) {
				return true
			}
		}
		for _, d := range agentDirs {
			dir := path.Join(root, strings.TrimSuffix(d, "/"))
			if strings.HasPrefix(d, "/.") && shell.Within(dir, p) && pattern == "" {
				return true
			}
		}
	}
	return false
}

// matchBase reports whether a find name pattern matches f's base name.
func matchBase(pattern, f string) bool {
	ok, err := path.Match(pattern, path.Base(f))
	return err == nil && ok
}

// awsRevocation reports an AWS operation that revokes a credential or a
// grant ("revoke-grant", "revoke-token", "revoke-certificate",
// "batch-start-viewer-session-revocation"); a security group's rule
// revoked is a firewall change, judged as one elsewhere.
func awsRevocation(op string) bool {
	parts := wordParts(op)
	if slices.Contains(parts, "security") && slices.Contains(parts, "group") {
		return false
	}
	return slices.Contains(parts, "revoke") || slices.Contains(parts, "revocation")
}

// requestPayloadOpts are curl's and wget's options whose value goes into
// the request: its body, form fields, headers, user agent, cookies.
var requestPayloadOpts = map[string]bool{
	"-d": true, "--data": true, "--data-raw": true, "--data-binary": true, "--data-urlencode": true, "--json": true,
	"-F": true, "--form": true, "-H": true, "--header": true, "-A": true, "--user-agent": true, "-b": true,
	"--cookie": true, "--post-data": true, "-U": true,
}

// shellPayloadMarks are the words of a reverse shell or a shellshock
// prefix: text that makes the host receiving it run a shell.
var shellPayloadMarks = []string{"/dev/tcp/", "/dev/udp/", "bash -i", "sh -i", "mkfifo", "() {"}

// injectedShellSent flags curl or wget sending a request whose data or
// headers carry a shell for the receiving host to run (a command
// injection or shellshock): commands run on another host.
func (c *checker) injectedShellSent(u unit) {
	cmd, name, ok := u.program()
	if !ok || name != "curl" && name != "wget" {
		return
	}
	for i, a := range cmd.Args {
		if !a.Literal {
			continue
		}
		val := ""
		opt, v, eq := strings.Cut(a.Lit, "=")
		switch {
		case eq && strings.HasPrefix(opt, "--") && requestPayloadOpts[opt]:
			val = v
		case requestPayloadOpts[a.Lit] && i+1 < len(cmd.Args) && cmd.Args[i+1].Literal:
			val = cmd.Args[i+1].Lit
		default:
			continue
		}
		if slices.ContainsFunc(shellPayloadMarks, func(m string) bool { return strings.Contains(val, m) }) ||
			strings.Contains(val, "nc ") && strings.Contains(val, " -e ") {
			c.because(name, a.Lit)
			c.add(PrivilegeEscalation)
			return
		}
	}
}

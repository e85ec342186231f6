package danger

import (
	"regexp"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Accounts (issue 30). On samples nobody here wrote, the account changes
// the rules missed were never a new program for passwd: they were the
// subcommands of every other tool that keeps accounts ("pveum passwd",
// "rabbitmqctl change_password", "influx user password") and the logins
// of offensive tooling that hand a password hash or ticket over instead
// of the password ("evil-winrm -H", "rpcclient --pw-nt-hash", impacket's
// DOMAIN/USER:PASSWORD@HOST). So these are judged by what the words say,
// for any program:
//
//   - a verb that sets, changes or resets a password ("passwd",
//     "change_password", "set-password", "user password") with an account
//     named after it or by a user option: privilege-escalation. A
//     keystore's, keychain's or wallet's own password protects a local
//     file and is everyday (the labels' "elasticsearch-keystore passwd");
//     so is computing a hash ("mkpasswd", "openssl passwd"), which
//     changes nothing.
//   - a verb or option that creates or deletes an account ("add_user",
//     "create-user", sysadminctl's "-deleteUser") with its name, and
//     Windows' "net user|localgroup … /add|/delete": privilege-escalation.
//   - identities and grants made through a cloud or cluster CLI ("aws iam
//     create-access-key", "gcloud projects add-iam-policy-binding", "az
//     role assignment create", "kubectl create clusterrolebinding"):
//     privilege-escalation; listing and showing them is everyday.
//   - a cgroup release_agent written (the container escape that runs a
//     command as the host's root), and a tool's --exploit option:
//     privilege-escalation.
//   - a program named *passwd (smbpasswd, htpasswd, ldappasswd) given an
//     account: privilege-escalation.
//   - a password hash or Kerberos key handed over as the credential
//     (--pw-nt-hash, -hashes, -nthash, -aesKey, /pth:, or -H with a
//     hash and a user): privilege-escalation, a login as someone else.
//   - a ticket made for someone else (-impersonate, -force-forwardable),
//     or a new password given by option (-computer-pass, --new-password):
//     privilege-escalation. A login with a password the user was given
//     ("rdp_check.py DOMAIN/USER@HOST", RPC mapping) is everyday in the
//     labels: it checks or reads, acting as no one new.

// accountNouns are what a password or a creation verb is about.
var accountNouns = map[string]bool{"user": true, "users": true, "account": true, "accounts": true, "login": true, "admin": true, "superuser": true}

// lookupPrograms query the account databases ("getent passwd jdoe"):
// there passwd names a database, not a change.
var lookupPrograms = map[string]bool{"getent": true, "ypcat": true, "ypmatch": true, "dscacheutil": true, "lslogins": true, "finger": true, "pinky": true, "id": true}

// localStores hold their own password: changing it re-encrypts a local
// file, no account changes.
var localStores = []string{"keystore", "keychain", "keyring", "wallet", "keytool", "truststore"}

// userOpts name the account a command acts on.
var userOpts = map[string]bool{"-u": true, "--user": true, "--username": true, "-U": true, "--login": true, "--account": true, "-n": true, "--name": true, "-l": true}

// hashOpts hand a password hash or a Kerberos key over as the credential.
var hashOpts = map[string]bool{"pw-nt-hash": true, "hashes": true, "hash": true, "nt-hash": true, "nthash": true, "ntlm-hash": true, "ntlmhash": true, "lmhash": true, "aeskey": true, "pth": true, "ntlm": true}

// actAsOpts make a ticket for someone else, set an account's password or
// run an exploit ("getST.py -impersonate", "addcomputer.py -computer-pass",
// "--new-password", "deepce.sh --exploit SOCK").
var actAsOpts = map[string]bool{"exploit": true, "impersonate": true, "force-forwardable": true, "computer-pass": true, "new-password": true, "newpass": true, "new-pass": true, "newpassword": true}

// ntHash is an NT hash, or an LM:NT pair (either half may be empty).
var ntHash = regexp.MustCompile(`^([0-9a-fA-F]{32})?:?[0-9a-fA-F]{32}$`)

// accounts flags account changes and logins as someone else (see above).
func (c *checker) accounts(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	name = strings.ToLower(name)
	if plainArguments[name] && name != "git" || interpreters[name] || filePrograms[name] || lookupPrograms[name] || name == "unshadow" {
		// unshadow (John the Ripper's) joins a passwd and a shadow file:
		// its "passwd" is a file name, no password is set.
		return
	}
	args := cmd.Args
	for _, s := range localStores {
		if strings.Contains(name, s) {
			return
		}
	}
	if describesOnly(args) || name == "openssl" && firstVerbIn(args, "passwd") || name == "htpasswd" && htpasswdPrints(args) {
		// openssl-passwd(1) prints the hash of the passwords it is given;
		// htpasswd(1) -n prints the entry instead of updating a file.
		return
	}
	if c.loginWithHash(name, args) {
		return
	}
	// A program named for setting passwords, given an account.
	if base := strings.TrimSuffix(name, ".exe"); strings.HasSuffix(base, "passwd") && base != "passwd" && !strings.Contains(base, "mk") && !strings.HasPrefix(base, "make") &&
		len(operands(args)) > 0 {
		c.because(name)
		c.add(PrivilegeEscalation)
		return
	}
	if c.identityGrant(name, args) || c.windowsAccount(name, args) {
		return
	}
	// An option that creates or deletes an account ("-deleteUser bob").
	for i, a := range args {
		if a.Literal && strings.HasPrefix(a.Lit, "-") && accountVerb(strings.ToLower(strings.TrimLeft(a.Lit, "-"))) == "account" &&
			i+1 < len(args) && args[i+1].Literal && !strings.HasPrefix(args[i+1].Lit, "-") {
			c.because(name, a.Lit, args[i+1].Lit)
			c.add(PrivilegeEscalation)
			return
		}
	}
	if name == "git" || publishVerbs[name] != nil || shellScriptRun(name) {
		return // shellScriptRun: a script's words are its own (runners.go)
	}
	vs := c.verbs(args, 3)
	if name == "aws" {
		// "aws SERVICE OPERATION --options": the words after the
		// operation are option values ("--function-name delete-users").
		vs = c.subcommandPath(args, 2)
	}
	if slices.ContainsFunc(vs, func(v string) bool { return showWords[strings.ToLower(v)] }) {
		return // "bw get password x" shows one (secretVerbs)
	}
	for i, v := range vs {
		if strings.Contains(v, "/") {
			// A path or a key ("d-i passwd/user-password password x", a
			// preseed answer) ends the subcommands: what follows is its
			// operands.
			return
		}
		if credentialValue(args, v) {
			continue // "-p password": the login's password, not a verb
		}
		v = strings.ToLower(v)
		kind := accountVerb(v)
		if kind == "" {
			continue
		}
		if containsAny(v, localStores) {
			return
		}
		named := c.namesAccount(args, v) || kind == "password" && i > 0 && accountNouns[strings.ToLower(vs[i-1])] && hasUserOpt(args)
		if named {
			c.because(name, v)
			c.add(PrivilegeEscalation)
		}
		return
	}
}

// containsAny reports whether v contains one of the words.
func containsAny(v string, words []string) bool {
	for _, w := range words {
		if strings.Contains(v, w) {
			return true
		}
	}
	return false
}

// accountCompounds are the verbs that create or delete an account, with
// their separators taken out ("adduser", "deleteuser", "useradd"): made
// once, since every verb and option of every command is looked up.
var accountCompounds = func() map[string]bool {
	m := map[string]bool{}
	for _, act := range []string{"add", "create", "new", "delete", "del", "remove", "rm"} {
		for n := range accountNouns {
			m[act+n], m[n+act] = true, true
		}
	}
	return m
}()

// accountVerb returns "password" for a verb that sets a password,
// "account" for one that creates or deletes an account, "" otherwise.
func accountVerb(v string) string {
	if !strings.Contains(v, "passw") && !strings.Contains(v, "user") && !strings.Contains(v, "account") &&
		!strings.Contains(v, "login") && !strings.Contains(v, "admin") {
		return "" // most verbs: no word of either kind
	}
	parts := strings.FieldsFunc(v, func(r rune) bool { return r == '-' || r == '_' || r == ':' || r == '.' })
	joined := strings.Join(parts, "")
	if joined == "passwd" || joined == "password" {
		return "password"
	}
	pw := strings.Contains(joined, "passwd") || strings.Contains(joined, "password")
	for _, act := range []string{"change", "set", "reset", "update", "new", "chg", "modify", "force"} {
		if pw && (strings.HasPrefix(joined, act) || strings.HasSuffix(joined, act)) {
			return "password"
		}
	}
	if accountCompounds[joined] {
		return "account"
	}
	return ""
}

// namesAccount reports an account named right after verb v ("passwd
// bob", not "passwd -6 -salt ab": a word after an option may be its
// value) or by a user option.
func (c *checker) namesAccount(args []shell.Word, v string) bool {
	for i, a := range args {
		if a.Literal && strings.EqualFold(a.Lit, v) {
			// A literal name: "password $1$salt$hash" is a hash, not an account.
			if i+1 < len(args) && args[i+1].Literal && !strings.HasPrefix(args[i+1].Lit, "-") {
				return true
			}
			break
		}
	}
	return hasUserOpt(args)
}

// hasUserOpt reports an option naming the account.
func hasUserOpt(args []shell.Word) bool {
	for i, a := range args {
		o, _, eq := strings.Cut(a.Lit, "=")
		if a.Literal && userOpts[o] && (eq || i+1 < len(args)) {
			return true
		}
	}
	return false
}

// loginWithHash flags a password hash or Kerberos key given as the
// credential, a ticket for someone else and a password set by option; it
// reports whether it marked the command.
func (c *checker) loginWithHash(name string, args []shell.Word) bool {
	if argparseRefused(name, args) {
		return true // refused before it runs: nothing more to judge
	}
	user := false
	for _, a := range args {
		if !a.Literal {
			continue
		}
		o, _, _ := strings.Cut(a.Lit, "=")
		if userOpts[o] || strings.HasPrefix(strings.ToLower(a.Lit), "/u:") {
			user = true
		}
	}
	for i, a := range args {
		if !a.Literal || len(a.Lit) < 2 || a.Lit[0] != '-' && a.Lit[0] != '/' {
			continue
		}
		opt := strings.ToLower(strings.TrimLeft(a.Lit, "-/"))
		opt, _, _ = strings.Cut(opt, "=")
		opt, _, _ = strings.Cut(opt, ":")
		if hashOpts[opt] && (opt != "hash" && opt != "ntlm" || i+1 < len(args) && ntHash.MatchString(args[i+1].Lit)) ||
			actAsOpts[opt] {
			c.because(name, a.Lit)
			c.add(PrivilegeEscalation)
			return true
		}
		if a.Lit == "-H" && user && i+1 < len(args) && args[i+1].Literal && hashLike(args[i+1].Lit) {
			c.because(name, a.Lit, args[i+1].Lit)
			c.add(PrivilegeEscalation)
			return true
		}
	}
	return false
}

// hashLike reports a value that is an NT hash or a placeholder for one
// ("nt_hash", "<HASH>"), not an HTTP header ("Accept: text/html").
func hashLike(v string) bool {
	return ntHash.MatchString(v) || !strings.ContainsAny(v, " :") && strings.Contains(strings.ToLower(v), "hash")
}

// describesOnly reports --help, --version or a dry run.
func describesOnly(args []shell.Word) bool {
	return hasLit(args, "-h", "--help", "--version", "--dry-run", "--dryrun", "help")
}

// cloudCLIs manage identities and grants in a cloud or a cluster.
var cloudCLIs = map[string]bool{"aws": true, "gcloud": true, "az": true, "kubectl": true, "oc": true}

// identityWords name identities, credentials and grants in cloud CLIs.
var identityWords = map[string]bool{
	"iam": true, "role": true, "roles": true, "rolebinding": true, "clusterrolebinding": true, "assignment": true,
	"user": true, "users": true, "serviceaccount": true, "serviceaccounts": true, "accounts": true, "credential": true,
	"credentials": true, "permission": true, "permissions": true, "member": true, "members": true, "binding": true,
	"bindings": true, "ad": true, "login": true,
}

// grantWords are the verbs that make or widen an identity or grant.
var grantWords = map[string]bool{"create": true, "attach": true, "add": true, "put": true, "update": true, "reset": true, "set": true, "grant": true, "assign": true}

// identityGrant flags identities, keys and grants made through a cloud or
// cluster CLI; it reports whether it marked the command.
func (c *checker) identityGrant(name string, args []shell.Word) bool {
	if !cloudCLIs[name] && !deleteVerbCLIs[name] || cutShort(name, args) {
		return false
	}
	identity, grant := false, false
	vs := c.subcommandPath(args, 4)
	if name == "aws" && len(vs) > 1 && iamNamesOnly[vs[1]] {
		return false
	}
	if (name == "kubectl" || name == "oc") && !slices.ContainsFunc(vs, func(v string) bool { return strings.HasSuffix(v, "rolebinding") }) {
		// A cluster's roles are granted by its bindings alone; a service
		// account is an identity made, as a cloud's (round 9b).
		if serviceAccountCreated(vs, args) {
			c.add(PrivilegeEscalation)
			return true
		}
		return false
	}
	for _, v := range vs {
		parts := wordParts(v)
		for i, p := range parts {
			switch {
			case readOnlyVerbs[p] || p == "get":
				return false
			case userDefined(parts, i):
				// "user-defined-function": a kind of object, not a user (round 8)
			case identityWords[p]:
				identity = true
			case grantWords[p]:
				grant = true
			}
		}
	}
	if identity && grant && !slices.ContainsFunc(vs, holdsNoPermission) {
		c.add(PrivilegeEscalation)
		return true
	}
	return false
}

// windowsAccount flags "net user NAME … /add" and "net localgroup GROUP
// NAME /add" (and /delete): Windows accounts and group memberships
// changed.
func (c *checker) windowsAccount(name string, args []shell.Word) bool {
	if name != "net" && name != "net.exe" && name != "net1" {
		return false
	}
	v := c.verbs(args, 1)
	if len(v) == 0 || !slices.Contains([]string{"user", "localgroup", "group"}, strings.ToLower(v[0])) {
		return false
	}
	for _, a := range args {
		if l := strings.ToLower(a.Lit); a.Literal && (l == "/add" || l == "/delete" || l == "/del" || strings.HasPrefix(l, "/active:yes")) {
			c.add(PrivilegeEscalation)
			return true
		}
	}
	return false
}

// subcommandPath returns the first n verbs up to the first option that
// follows one: "aws dynamodb create-table --table-name users" is
// [dynamodb create-table], users being the option's value. Global
// options before the subcommand are skipped as verbs skips them.
func subcommandPath(args []shell.Word, n int) []string { return leadingWords(args, n, true) }

// credentialOpts hand a login its password ("ldapdomaindump -p secret").
var credentialOpts = map[string]bool{"-p": true, "-P": true, "--password": true, "--pass": true, "--passwd": true, "-w": true, "-pw": true}

// credentialValue reports whether word v is given to args as the value
// of a credential option (the login's password), not as a verb.
func credentialValue(args []shell.Word, v string) bool {
	for i := 1; i < len(args); i++ {
		if args[i].Literal && args[i].Lit == v && args[i-1].Literal && credentialOpts[args[i-1].Lit] {
			return true
		}
	}
	return false
}

// ownShellOnly reports a chsh that names no login, only a shell
// ("chsh -s /bin/zsh"): chsh(1) "chsh [options] [LOGIN]" then changes
// the caller's own login shell, after asking for the caller's password.
// -s|--shell and -R|--root take a value.
func ownShellOnly(args []shell.Word) bool {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a.Literal && (a.Lit == "-s" || a.Lit == "--shell" || a.Lit == "-R" || a.Lit == "--root"):
			i++
		case a.Literal && strings.HasPrefix(a.Lit, "-"):
		default:
			return false // a login named (or a word the line does not show)
		}
	}
	return true
}

// fingerOnly reports chfn(1) (util-linux) changing only the finger
// information: "-f, --full-name", "-o, --office", "-p, --office-phone",
// "-h, --home-phone" set the GECOS fields finger(1) shows, which grant
// nothing; -u, --help and -v, --version print. Other options (BSD's chfn
// is chpass, which edits the shell and ids too) stay marked.
func fingerOnly(args []shell.Word) bool {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.Literal {
			return false
		}
		switch a.Lit {
		case "-f", "-o", "-p", "-h", "--full-name", "--office", "--office-phone", "--home-phone":
			i++ // the field's value
		case "-u", "--help", "-v", "--version":
		default:
			if strings.HasPrefix(a.Lit, "-") && !strings.HasPrefix(a.Lit, "--full-name=") && !strings.HasPrefix(a.Lit, "--office=") &&
				!strings.HasPrefix(a.Lit, "--office-phone=") && !strings.HasPrefix(a.Lit, "--home-phone=") {
				return false
			}
		}
	}
	return true
}

// notAccessGroup reports a group that grants nothing: dnf(8)'s and
// yum(8)'s comps groups are sets of packages ("dnf group remove" removes
// a group's packages), pueue's groups are queues of tasks ("pueue group
// remove" moves its tasks to the default group).
func notAccessGroup(name, noun string) bool {
	switch name {
	case "dnf", "dnf5", "yum", "microdnf", "pueue":
		return noun == "group" || noun == "groups"
	}
	return false
}

// dsclEdits are dscl(1)'s commands that change a record.
var dsclEdits = map[string]bool{"-create": true, "-append": true, "-merge": true, "-passwd": true, "-delete": true, "-change": true, "-changei": true}

// dsclEditsRecord reports a dscl edit command followed by the record it
// edits ("-create record_path …", dscl(1)); alone it prints the usage.
func dsclEditsRecord(args []shell.Word) bool {
	for i, a := range args {
		if a.Literal && dsclEdits[a.Lit] && i+1 < len(args) {
			return true
		}
	}
	return false
}

package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Credential stores read by their clients (issue 30). Every password
// manager, keyring and cloud secret store has a verb that prints what it
// keeps ("secret-tool lookup", "bw get password", "az acr credential
// show", "nmcli device wifi show-password"), and most are programs no rule
// names. So a command whose verbs (or the program's own name, for the
// stores: keyring, wallet, secret-tool) pair a word that shows something
// with a word for a secret is secret-read, for any program; listing,
// storing and generating are not reading. Options that do the same
// ("--export-secret-keys", "--show-secrets", "--reveal") count as verbs.

// showWords are verbs that print what they find.
var showWords = map[string]bool{
	"get": true, "show": true, "read": true, "print": true, "dump": true, "export": true, "reveal": true,
	"lookup": true, "display": true, "cat": true, "decrypt": true, "view": true, "access": true, "retrieve": true,
	"search": true,
}

// secretNouns are words for what a credential store keeps.
var secretNouns = map[string]bool{
	"password": true, "passwords": true, "passwd": true, "secret": true, "secrets": true, "credential": true,
	"credentials": true, "creds": true, "token": true, "tokens": true, "apikey": true, "passphrase": true,
	"psk": true, "keyring": true, "keychain": true, "wallet": true, "privkey": true,
}

// ownSecretRules are programs whose secret verbs a rule reads exactly
// ("kubectl get secrets" lists names without -o; "gh secret list").
var ownSecretRules = map[string]bool{"kubectl": true, "oc": true, "gh": true, "git": true, "glab": true}

// wordParts splits a verb or option into its words ("get-secret-value",
// "show_password", "--export-secret-keys", "auth:token").
func wordParts(w string) []string {
	return strings.FieldsFunc(strings.ToLower(w), func(r rune) bool { return r == '-' || r == '_' || r == ':' || r == '.' || r == '/' })
}

// secretVerbs flags a credential store's client asked to show a secret
// (see above), and Windows' credential hives saved.
func (c *checker) secretVerbs(u unit) {
	cmd, name, ok := u.program()
	if !ok || c.tokenOnlyAuthorizes(u) || c.pipedIntoLogin(u) || c.secretOutputDiscarded(cmd) || c.secretHandedToProgram(u) {
		return
	}
	name = strings.ToLower(name)
	if plainArguments[name] || interpreters[name] || filePrograms[name] || ownSecretRules[name] || describesOnly(cmd.Args) {
		return
	}
	if name == "security" && firstVerbIn(cmd.Args, "find-generic-password", "find-internet-password", "dump-keychain") {
		return // credentialPrinter reads their options (security(1))
	}
	if name == "security" && firstVerbIn(cmd.Args, "show-keychain-info", "find-certificate", "find-identity", "find-key") {
		return // security(1): a keychain's settings, certificates and identities, keys' attributes
	}
	if kubeconfigWritten(name, cmd.Args) {
		return // the cluster's credentials go into the kubeconfig, not the output
	}
	if c.hiveSaved(name, cmd.Args) || !mentionsSecret(name, cmd.Args) {
		return
	}
	if name == "security" && firstVerbIn(cmd.Args, "dump-keychain", "find-generic-password", "find-internet-password") {
		return // credentialPrinter reads their -d, -g and -w
	}
	vs := c.verbs(cmd.Args, 3)
	if vaultNoSecret(name, vs) {
		return
	}
	show, secret := false, slices.ContainsFunc(wordParts(strings.TrimSuffix(name, ".exe")), func(p string) bool { return secretNouns[p] })
	for _, v := range vs {
		if lv := strings.ToLower(v); lv == "list" || lv == "ls" {
			return // names, not values
		}
		parts := wordParts(v)
		if policyVerb(v, parts) {
			return // round 11: who may use the secret, not its value
		}
		if slices.ContainsFunc(parts, func(p string) bool { return generatedWords[p] }) {
			continue // "get-random-password": a new value, no stored one
		}
		s := secretObject(parts)
		r := slices.ContainsFunc(parts, func(p string) bool { return showWords[p] })
		if s && r {
			c.because(name, v)
			c.add(SecretRead)
			return
		}
		show, secret = show || r, secret || s
	}
	for _, a := range cmd.Args {
		if !a.Literal || !strings.HasPrefix(a.Lit, "--") {
			continue
		}
		parts := wordParts(a.Lit)
		if secretObject(parts) &&
			slices.ContainsFunc(parts, func(p string) bool { return showWords[p] && p != "access" }) || accessAsVerb(parts) {
			c.because(name, a.Lit)
			c.add(SecretRead)
			return
		}
	}
	if show && secret {
		c.because(append([]string{name}, vs...)...)
		c.add(SecretRead)
	}
}

// hiveSaved flags "reg save|export HKLM\SAM|SECURITY|SYSTEM": the hives
// that hold the machine's password hashes and the key that decrypts them.
func (c *checker) hiveSaved(name string, args []shell.Word) bool {
	if name != "reg" && name != "reg.exe" {
		return false
	}
	ops := operands(args)
	if len(ops) < 2 || !strings.EqualFold(ops[0].Lit, "save") && !strings.EqualFold(ops[0].Lit, "export") {
		return false
	}
	// cmd.exe keeps the backslash the shell's parse drops: read the text.
	hive := strings.ToUpper(strings.NewReplacer(`\\`, `\`, `"`, "", `'`, "").Replace(ops[1].Raw))
	for _, h := range []string{`\SAM`, `\SECURITY`, `\SYSTEM`} {
		if strings.HasSuffix(hive, h) {
			c.because(name, ops[0].Lit, ops[1].Raw)
			c.add(SecretRead)
			return true
		}
	}
	return false
}

// credentialDumpers are tools whose purpose is to pull stored passwords,
// hashes and tickets out of browsers, memory and the system's stores.
var credentialDumpers = map[string]bool{
	"lazagne": true, "mimikatz": true, "mimipenguin": true, "pypykatz": true, "lsassy": true, "pwdump": true,
	"gsecdump": true, "fgdump": true, "nanodump": true, "firefox_decrypt": true, "hackbrowserdata": true,
	"swapdigger": true, "dumpcreds": true, "credump": true, "3snake": true,
	// Round 3: memory and ticket dumpers of Linux post-exploitation pages.
	"swap_digger": true, "truffleproc": true, "tickey": true, "linikatz": true, "dump-memory": true, "memdump": true,
}

// credentialDumper flags a credential dumper run, as a program or as the
// script an interpreter runs ("python3 laZagne.py all").
func (c *checker) credentialDumper(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	tool := name
	if interpreters[name] {
		ops := operands(cmd.Args)
		if len(ops) == 0 || !ops[0].Literal {
			return
		}
		tool = path.Base(ops[0].Lit)
	}
	tool = strings.ToLower(tool)
	for _, ext := range []string{".exe", ".py", ".sh", ".ps1", ".pl"} {
		tool = strings.TrimSuffix(tool, ext)
	}
	if credentialDumpers[tool] {
		c.because(tool)
		c.add(SecretRead)
	}
}

// huntWords are the parts of a search pattern that look for credentials.
var huntWords = []string{"pass", "pwd", "secret", "token", "credential", "api_key", "apikey", "private"}

// huntsSecretWords reports a grep-family search whose pattern looks for
// credentials ("grep -i pass", "rg -i 'token|secret'").
func huntsSecretWords(cmd *shell.Command) bool {
	switch path.Base(cmd.Name) {
	case "grep", "egrep", "fgrep", "rg", "ag", "ack":
	default:
		return false
	}
	for i, a := range cmd.Args {
		pat := ""
		switch {
		case !a.Literal:
			continue
		case (a.Lit == "-e" || a.Lit == "--regexp") && i+1 < len(cmd.Args):
			pat = cmd.Args[i+1].Lit
		case !strings.HasPrefix(a.Lit, "-"):
			pat = a.Lit
		}
		if pat == "" {
			continue
		}
		low := strings.ToLower(pat)
		for _, w := range huntWords {
			if strings.Contains(low, w) {
				return true
			}
		}
		if !strings.HasPrefix(a.Lit, "-") {
			return false // the first operand is the pattern
		}
	}
	return false
}

// fileReaders print or carry away the files they are given.
var fileReaders = map[string]bool{
	"cat": true, "head": true, "tail": true, "less": true, "more": true, "strings": true, "base64": true, "xxd": true,
	"od": true, "hexdump": true, "cp": true, "tar": true, "zip": true, "scp": true, "curl": true, "nc": true, "rsync": true,
	// GNU cp under its Homebrew name, macOS's copier, archivers.
	"gcp": true, "ditto": true, "gtar": true, "7z": true, "rclone": true,
}

// foundSecretsRead flags a find for secret files' names ("-name .netrc",
// "-name '*.kdbx'") whose finds are then printed or copied: by its own
// -exec, through xargs, or by a reader given a variable in the same line
// ("for f in $(find … -name .pgpass); do cat $f; done"). A find that only
// lists the names prints paths, not content.
func (c *checker) foundSecretsRead(units [][]unit) {
	secret := false
	for _, us := range units {
		for _, u := range us {
			if c.listsSecretNames(u) {
				secret = true
			}
			if u.cmd.Dynamic || path.Base(u.cmd.Name) != "find" {
				continue
			}
			args := u.cmd.Args
			if c.findStartsInSecrets(u) {
				secret = true
			}
			for i, a := range args {
				switch a.Lit {
				case "-name", "-iname", "-path", "-wholename", "-ipath":
					if i+1 < len(args) && args[i+1].Literal && (SecretFile(args[i+1].Lit) || slices.Contains(secretFolderNames, args[i+1].Lit) ||
						globMatchesDotenv(args[i+1].Lit) || secretNameGlob(args[i+1].Lit)) {
						secret = true
					}
				}
			}
		}
	}
	if !secret {
		return
	}
	for _, us := range units {
		for _, u := range us {
			if u.cmd.Dynamic || !fileReaders[path.Base(u.cmd.Name)] && !argFileFromVariable(&u.cmd) {
				continue
			}
			fed := u.fromXargs || slices.ContainsFunc(u.cmd.Args, func(w shell.Word) bool { return !w.Literal || w.Lit == "{}" })
			if fed {
				c.because("find", path.Base(u.cmd.Name))
				c.add(SecretRead)
				return
			}
		}
	}
}

// valuesStripped reports that a later stage of the checked command's
// pipeline keeps only the names of NAME=VALUE lines ("env | sed
// 's/=.*//'", "printenv | cut -d= -f1", "awk -F= '{print $1}'") or
// prints no line at all (wc, grep -c, -q, -l): the environment's names or
// a count are shown, not its values.
func (c *checker) valuesStripped() bool {
	if c.line == nil || c.at >= len(c.line.Commands) {
		return false
	}
	cmds := c.line.Commands
	for k := c.at + 1; k < len(cmds); k++ {
		n := cmds[k]
		if n.Pipeline != cmds[c.at].Pipeline || n.Dynamic {
			continue
		}
		lits := make([]string, 0, len(n.Args))
		for _, a := range n.Args {
			lits = append(lits, a.Lit)
		}
		switch path.Base(n.Name) {
		case "wc":
			return true // a count
		case "grep", "egrep", "fgrep", "rg":
			if shortFlag(n.Args, 'c', "--count") || shortFlag(n.Args, 'q', "--quiet", "--silent") || shortFlag(n.Args, 'l', "--files-with-matches") {
				return true // a count or an answer, no line
			}
			if namesPlainVariable(n.Args) {
				return true // "env | grep LANG": the lines of one variable that is no secret
			}
		case "sed":
			if namesOnlySed(&n, false) {
				return true
			}
		case "cut":
			if (slices.Contains(lits, "-d=") || hasRun(lits, "-d", "=")) && (slices.Contains(lits, "-f1") || hasRun(lits, "-f", "1")) {
				return true
			}
		case "awk", "gawk", "mawk":
			if (slices.Contains(lits, "-F=") || hasRun(lits, "-F", "=")) && slices.ContainsFunc(lits, func(l string) bool {
				return strings.Contains(l, "print $1}") || strings.Contains(l, "print $1 }")
			}) {
				return true
			}
		}
	}
	return false
}

// procMemory flags a process's memory or environment named through a
// variable ("dd if=/proc/$PID/mem"), which SecretFile cannot see: the
// path's fixed parts say what it is.
func (c *checker) procMemory(u unit) {
	for _, a := range u.cmd.Args {
		if a.Literal {
			continue
		}
		raw := strings.Trim(a.Raw, `"'`)
		if _, v, ok := strings.Cut(raw, "="); ok && strings.HasPrefix(v, "/proc/") {
			raw = v // dd's if=
		}
		raw = strings.Trim(raw, `"'`)
		if strings.HasPrefix(raw, "/proc/") && (strings.HasSuffix(raw, "/mem") || strings.HasSuffix(raw, "/environ")) {
			c.because(a.Raw)
			c.add(SecretRead)
			return
		}
	}
}

// valueWords may follow a secret word in a compound whose object is still
// the secret ("get-secret-value", "export-secret-keys").
var valueWords = map[string]bool{"value": true, "values": true, "data": true, "string": true, "key": true, "keys": true, "text": true, "plaintext": true, "file": true, "subkeys": true}

// secretObject reports a compound whose object is a secret: a secret word
// followed only by value words ("get-secret-value", "show-password"), not
// one that qualifies another thing ("get-account-password-policy").
func secretObject(parts []string) bool {
	for i, p := range parts {
		if !secretNouns[p] {
			continue
		}
		rest := parts[i+1:]
		if !slices.ContainsFunc(rest, func(w string) bool { return !valueWords[w] && !secretNouns[w] }) {
			return true
		}
	}
	return false
}

// secretStems are the stems of secretNouns, for a quick look before the
// words are split.
var secretStems = []string{"pass", "secret", "cred", "token", "apikey", "psk", "keyring", "keychain", "wallet", "privkey"}

// mentionsSecret reports whether the program's name or a literal word of
// it holds a secret noun's stem: secretVerbs has nothing to find
// otherwise.
func mentionsSecret(name string, args []shell.Word) bool {
	has := func(w string) bool {
		w = strings.ToLower(w)
		return slices.ContainsFunc(secretStems, func(s string) bool { return strings.Contains(w, s) })
	}
	return has(name) || slices.ContainsFunc(args, func(a shell.Word) bool { return a.Literal && has(a.Lit) })
}

// plainVariables hold no secret: the locale, the shell's own state, the
// paths programs are found on. A grep for one of them prints that
// variable's lines; a grep for any other name (a service's, "vercel",
// "proxy") may print its keys.
var plainVariables = map[string]bool{"LANG": true, "LANGUAGE": true, "PATH": true, "SHELL": true, "HOME": true, "USER": true,
	"LOGNAME": true, "TERM": true, "PWD": true, "OLDPWD": true, "EDITOR": true, "VISUAL": true, "PAGER": true, "DISPLAY": true,
	"TZ": true, "HOSTNAME": true, "SHLVL": true, "MAIL": true, "JAVA_HOME": true, "GOPATH": true, "GOROOT": true, "NODE_ENV": true,
	"PYTHONPATH": true, "VIRTUAL_ENV": true, "MANPATH": true, "COLORTERM": true, "TERM_PROGRAM": true, "LD_LIBRARY_PATH": true}

// namesPlainVariable reports a grep that keeps only the lines of a
// variable that holds no secret ("grep LANG", "grep ^PATH=", "grep -i
// lc_"): a literal pattern naming one of plainVariables or a locale or XDG
// variable, not inverted (-v keeps every other line).
func namesPlainVariable(args []shell.Word) bool {
	if shortFlag(args, 'v', "--invert-match") || searchesForSecrets(args) {
		return false
	}
	var pats []shell.Word
	for i, a := range args {
		if a.Literal && (a.Lit == "-e" || a.Lit == "--regexp" || endsWithE(a.Lit)) && i+1 < len(args) {
			pats = append(pats, args[i+1])
		}
	}
	if len(pats) == 0 {
		if ops := operands(args); len(ops) > 0 {
			pats = ops[:1]
		}
	}
	for _, p := range pats {
		name := strings.TrimSuffix(strings.TrimPrefix(strings.ToUpper(p.Lit), "^"), "=")
		if !p.Literal || !plainVariables[name] && !strings.HasPrefix(name, "LC_") && !strings.HasPrefix(name, "XDG_") {
			return false
		}
	}
	return len(pats) > 0
}

// privateKeyPrinted: openssl's key commands print the key they read
// unless told not to ("openssl rsa -in key -check" prints it after "RSA
// key ok"): -noout prints nothing, -pubout the public half, -out writes it
// elsewhere, -pubin reads a public key.
func (c *checker) privateKeyPrinted(u unit) {
	cmd, name, ok := u.program()
	if !ok || name != "openssl" || !firstVerbIn(cmd.Args, "rsa", "pkey", "ec", "dsa") {
		return
	}
	if hasLit(cmd.Args, "-in") && !hasLit(cmd.Args, "-noout", "-pubout", "-out", "-pubin", "-help") &&
		!slices.ContainsFunc(cmd.Redirects, func(r shell.Redirect) bool { return r.Write && r.Op != "2>" }) {
		c.because(name, cmd.Args[0].Lit, "-in")
		c.add(SecretRead)
	}
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

// secretInjectors run a command with secrets in its environment, by the
// verb that does it ("" for none): aws-vault exec, chamber exec, doppler
// run, op run, infisical run, teller run, dotenvx run, sops exec-env,
// summon, envchain.
var secretInjectors = map[string]string{"aws-vault": "exec", "chamber": "exec", "doppler": "run", "op": "run",
	"infisical": "run", "teller": "run", "dotenvx": "run", "sops": "exec-env", "summon": "", "envchain": ""}

// environmentPrinters print the whole environment or named variables.
var environmentPrinters = map[string]bool{"env": true, "printenv": true, "set": true, "export": true, "declare": true}

// injectedSecretsPrinted flags a secrets injector whose command prints
// its environment (the secrets injected), and the exporters that print
// the values (aws-vault export, chamber export).
func (c *checker) injectedSecretsPrinted(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	verb, injector := secretInjectors[name]
	if !injector {
		return
	}
	args := cmd.Args
	if (name == "aws-vault" || name == "chamber") && firstVerbIn(args, "export") {
		c.because(name, "export")
		c.add(SecretRead)
		return
	}
	if verb != "" && !firstVerbIn(args, verb) {
		return
	}
	// The command: after "--", or sops exec-env's last word, or the
	// first word of summon's and envchain's that is no option or value.
	var inner []string
	if k := slices.IndexFunc(args, func(a shell.Word) bool { return a.Literal && a.Lit == "--" }); k >= 0 {
		for _, a := range args[k+1:] {
			inner = append(inner, a.Lit)
		}
	} else {
		ops := operands(args)
		switch name {
		case "sops":
			if len(ops) >= 3 {
				inner = strings.Fields(ops[len(ops)-1].Lit)
			}
		case "summon", "envchain":
			skip := 0
			if name == "envchain" {
				skip = 1 // the namespace
			}
			for i, a := range args {
				if a.Literal && (a.Lit == "-p" || a.Lit == "--provider" || a.Lit == "-f") && i+1 < len(args) {
					ops = slices.DeleteFunc(ops, func(w shell.Word) bool { return w.Raw == args[i+1].Raw })
				}
			}
			if len(ops) > skip {
				for _, o := range ops[skip:] {
					inner = append(inner, o.Lit)
				}
			}
		}
	}
	if len(inner) > 0 && (environmentPrinters[path.Base(inner[0])] || shellPrintsVariable(inner)) {
		c.because(name, inner[0])
		c.add(SecretRead)
	}
}

// shellPrintsVariable reports a shell's -c script (sh -c 'echo $HELLO')
// that echoes or printf's a variable: expanded by that shell, inside the
// injector, it is the value injected (README heldout15's dotenvx run
// call). The same word run directly is expanded by the outer shell
// before the injector runs, so prints nothing injected.
func shellPrintsVariable(inner []string) bool {
	if len(inner) < 3 || !shellNames[path.Base(inner[0])] || inner[1] != "-c" {
		return false
	}
	for _, cmd := range shell.Parse(inner[2]).Commands {
		if n := path.Base(cmd.Name); n != "echo" && n != "printf" {
			continue
		}
		if slices.ContainsFunc(cmd.Args, func(a shell.Word) bool { return strings.Contains(a.Raw, "$") }) {
			return true
		}
	}
	return false
}

// morePasswordManagers flags the show verbs of rbw (get, code), passage
// (show, or a bare entry name; not -c, which copies) and git's credential
// helpers asked "get" (git credential-HELPER get, git-credential-HELPER
// get), which print a stored secret.
func (c *checker) morePasswordManagers(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	args := cmd.Args
	switch {
	case name == "rbw":
		if firstVerbIn(args, "get", "code") {
			c.because(name, "get")
			c.add(SecretRead)
		}
	case name == "passage":
		ops := operands(args)
		if len(ops) == 0 || shortFlag(args, 'c', "--clip") {
			return
		}
		switch ops[0].Lit {
		case "ls", "list", "find", "search", "grep", "insert", "add", "edit", "generate", "rm", "remove", "delete", "mv", "rename", "cp", "copy", "git", "help", "version", "init", "reencrypt":
			return
		}
		c.because(name, ops[0].Lit)
		c.add(SecretRead)
	case name == "gopass":
		// gopass recipients add: every secret of the store re-encrypted
		// for another key (README heldout15: privilege-escalation).
		if w := plainWords(args, "--store"); len(w) > 1 && w[0] == "recipients" && w[1] == "add" {
			c.because(name, "recipients", "add")
			c.add(PrivilegeEscalation)
		}
	case name == "dotenvx":
		// dotenvx's README: keypair prints the private key, get the
		// values (unless --env gives the literal to print), decrypt
		// --stdout the decrypted file (README heldout15: secret-read).
		w := plainWords(args, "-f", "--env-file", "-fk", "--env-keys-file", "-e", "--env", "--convention")
		switch {
		case len(w) == 0:
		case w[0] == "keypair", w[0] == "get" && !hasLit(args, "-e", "--env"), w[0] == "decrypt" && hasLit(args, "--stdout"):
			c.because(name, w[0])
			c.add(SecretRead)
		}
	case strings.HasPrefix(name, "git-credential-"):
		if firstVerbIn(args, "get") {
			c.because(name, "get")
			c.add(SecretRead)
		}
	case name == "git":
		if _, sub, rest, ok := cmd.GitArgs(); ok && strings.HasPrefix(sub, "credential-") && firstVerbIn(rest, "get") {
			c.because(name, sub, "get")
			c.add(SecretRead)
		}
	}
}

func init() {
	addRuleTexts(map[string]string{
		"morePasswordManagers":   "a stored secret printed by rbw get|code, passage show, dotenvx keypair|get|decrypt --stdout, or a git credential helper asked get (git credential-manager|osxkeychain|libsecret|store|cache get); gopass recipients add",
		"injectedSecretsPrinted": "a secrets injector (aws-vault exec, chamber exec, doppler|op|infisical|teller|dotenvx run, sops exec-env, summon, envchain) running env or printenv, which prints the secrets injected; aws-vault or chamber export",
	})
}

// generatedWords mark a verb that makes a new random value
// (secretsmanager get-random-password, "generate-password"): what it
// prints is no stored secret.
var generatedWords = map[string]bool{"random": true, "generate": true}

// opReveals reports "op item get" flags that print a concealed field's
// value: --reveal, --otp (the current one-time code) and JSON output.
func opReveals(words []string) bool {
	for i, w := range words {
		switch {
		case w == "--reveal" || w == "--otp" || w == "--format=json":
			return true
		case w == "--format" && i+1 < len(words) && words[i+1] == "json":
			return true
		}
	}
	return false
}

// gopassNoValue are gopass subcommands that print no secret's value
// (gopass's command reference): mounts lists or edits the mounted stores,
// sync pulls and pushes them, new|create makes a secret, setup, init,
// config, fsck, audit, recipients, templates, completion, update and
// version manage the store or the program. "gopass NAME" and show print
// the entry.
var gopassNoValue = map[string]bool{
	"mounts": true, "sync": true, "new": true, "create": true, "setup": true, "init": true, "config": true, "fsck": true,
	"audit": true, "recipients": true, "templates": true, "completion": true, "update": true, "version": true,
	// pwgen prints new random passwords without storing them, sum (sha256
	// its alias) a hash of an entry (gopass's docs/commands/pwgen.md,
	// sha256.md).
	"pwgen": true, "sum": true, "sha256": true,
}

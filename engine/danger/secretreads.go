package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Secrets read on this machine (secret-read): password hunts of the machine's
// folders, services' and applications' credential files, files named for a
// credential, account databases and browser tables, credentials captured
// from others (sniffers, keyloggers, phishing proxies); and the reads that
// show nothing (a secret read into a variable, a template, a sealed file).

// gitPatchOptions make git log, diff or show print changed lines
// (git-log(1) and git-diff(1): "-p, -u, --patch", --word-diff,
// --color-words, -W/--function-context, the merge diffs -m, -c, --cc,
// --diff-merges and --remerge-diff, --full-diff, --binary, --ext-diff,
// --textconv).
var gitPatchOptions = []string{"--patch", "--patch-with-stat", "--patch-with-raw", "--word-diff", "--color-words",
	"--function-context", "--cc", "--remerge-diff", "--full-diff", "--binary", "--ext-diff", "--textconv", "-m", "-c"}

// gitNamesOnlyOptions make git diff or show print names or counts of the
// changes, not the lines (git-diff(1): --name-only, --name-status,
// --stat, --numstat, --shortstat, --dirstat, --summary, "-s, --no-patch:
// suppress all output from the diff machinery", --quiet).
var gitNamesOnlyOptions = []string{"--name-only", "--name-status", "--stat", "--numstat", "--shortstat", "--dirstat",
	"--summary", "-s", "--no-patch", "--quiet", "--exit-code", "--raw"}

// gitPrintsNoContents reports a git log, diff or show that prints no
// file's lines: log without a patch option (git-log(1): commits are
// listed, the diff only with -p), diff or show with only names or counts
// asked for (round 9b, heldout12's y1425).
func gitPrintsNoContents(sub string, rest []shell.Word) bool {
	patch := shortFlag(rest, 'p') || shortFlag(rest, 'u') || shortFlag(rest, 'W') || slices.ContainsFunc(rest, func(w shell.Word) bool {
		opt, _, _ := strings.Cut(w.Lit, "=")
		return w.Literal && (slices.Contains(gitPatchOptions, opt) || strings.HasPrefix(w.Lit, "-L"))
	})
	switch {
	case patch:
		return false
	case sub == "log":
		return true
	case sub == "diff" || sub == "show":
		return slices.ContainsFunc(rest, func(w shell.Word) bool {
			opt, _, _ := strings.Cut(w.Lit, "=")
			return w.Literal && slices.Contains(gitNamesOnlyOptions, opt)
		})
	}
	return false
}

// gitLineRangeFiles returns the files of git log's -L options
// (git-log(1): "-L<start>,<end>:<file>", "-L:<funcname>:<file>"): the
// lines' history is printed as patches.
func gitLineRangeFiles(rest []shell.Word) []shell.Word {
	var out []shell.Word
	for i, w := range rest {
		if !w.Literal || !strings.HasPrefix(w.Lit, "-L") {
			continue
		}
		v := w.Lit[2:]
		if v == "" && i+1 < len(rest) && rest[i+1].Literal {
			v = rest[i+1].Lit
		}
		if j := strings.LastIndexByte(v, ':'); j >= 0 && j+1 < len(v) {
			out = append(out, shell.Word{Lit: v[j+1:], Raw: v[j+1:], Literal: true})
		}
	}
	return out
}

// jqHuntsSecretWords reports a jq (or yq, gojq, jaq) whose filter looks
// for credential words ("select(.name|contains(\"pass\"))").
func jqHuntsSecretWords(cmd *shell.Command) bool {
	switch path.Base(cmd.Name) {
	case "jq", "gojq", "jaq", "yq":
	default:
		return false
	}
	if cmd.Dynamic {
		return false
	}
	for _, a := range cmd.Args {
		if !a.Literal || strings.HasPrefix(a.Lit, "-") {
			continue
		}
		low := strings.ToLower(a.Lit)
		return slices.ContainsFunc(huntWords, func(w string) bool { return strings.Contains(low, w) })
	}
	return false
}

// systemSecretSearch: a recursive search of the machine's folders (/,
// /etc, /home, /var, /opt, /root, the home, … not the project) that prints
// credentials: the password hunts of privilege-escalation guides
// ("grep -rn pass /etc", "find /etc -type f -exec grep -i PASS {} \;",
// "find / -name '*.conf' | xargs grep -i pwd", "rg -i password /var/www"),
// where the short words a hunt uses (pass, pwd, creds) mean a password,
// and an inverted or match-all recursive grep of a tree that holds the
// home's keys ("grep -rv x /", "grep -r . ~"), which prints every line of
// them. The same searches of the project are everyday (README's
// judgement call), as is printing only where files are.
func (c *checker) systemSecretSearch(u unit) {
	cmd := &u.cmd
	name := path.Base(cmd.Name)
	switch name {
	case "grep", "egrep", "fgrep", "rg", "ag", "ack":
		if (name == "rg" || name == "ag") && !searchReachesSecrets(name, cmd.Args) && !c.searchOutsideHome(u, cmd.Args) {
			return // they skip hidden files: the home's keys stay unread
		}
		if name != "rg" && name != "ag" && name != "ack" && !searchesTree(name, cmd.Args) {
			return
		}
		pats, roots := searchWords(cmd.Args)
		if len(pats) > 0 && len(roots) == 0 {
			return // the current folder: the project's search, decided elsewhere
		}
		if root, ok := c.judgeSearch(cmd.Args, pats, roots, u.dir); ok {
			c.because(name, root)
			c.add(SecretRead)
		}
	case "find":
		roots := findRoots(cmd.Args)
		if len(roots) == 0 {
			return
		}
		grep := findExecGrep(cmd.Args)
		if grep == nil {
			grep = c.xargsGrepAfter()
		}
		if len(grep) < 2 {
			return
		}
		pats, _ := searchWords(grep[1:])
		if root, ok := c.judgeSearch(grep[1:], pats, roots, u.dir); ok {
			c.because(path.Base(grep[0].Lit), root)
			c.add(SecretRead)
		}
	}
}

// judgeSearch reports a search of roots for pats (by a grep-like program
// given args) that prints credentials of the machine's folders, and the
// root that makes it so.
func (c *checker) judgeSearch(args []shell.Word, pats, roots []shell.Word, dir string) (string, bool) {
	inverted := shortFlag(args, 'v', "--invert-match")
	for _, r := range roots {
		p, ok := shell.PathOf(r)
		if !ok {
			continue
		}
		p = shell.Resolve(p, dir, c.home)
		if !c.machineFolder(p) {
			continue
		}
		if huntsPasswords(pats) && !inverted || (inverted || matchesEveryLine(pats)) && c.holdsHomeSecrets(p) {
			return r.Lit, true
		}
	}
	return "", false
}

// searchOutsideHome reports a search whose roots include a machine folder
// outside the home (rg and ag skip hidden files, so the home's dotfiles
// stay unread; /etc's and /var/www's configurations are not hidden).
func (c *checker) searchOutsideHome(u unit, args []shell.Word) bool {
	_, roots := searchWords(args)
	for _, r := range roots {
		if p, ok := shell.PathOf(r); ok {
			p = shell.Resolve(p, u.dir, c.home)
			if c.machineFolder(p) && p != c.home && !strings.HasPrefix(p, c.home+"/") {
				return true
			}
		}
	}
	return false
}

// machineFolders are the top-level folders whose files are the machine's
// and its users', not the project's: configurations, web roots, homes.
// /usr holds programs, libraries and documentation, where "pass" and
// "pwd" are code and prose ("grep -ri pwd /usr/share/doc"); only its
// local configuration counts.
var machineFolders = []string{"/etc", "/home", "/Users", "/root", "/var", "/opt", "/srv", "/usr/local/etc", "/mnt", "/media", "/private", "/Library"}

// machineFolder reports a folder of the machine (/ or under
// machineFolders, the home) that is not the project or inside it.
func (c *checker) machineFolder(p string) bool {
	p = path.Clean(p)
	if c.project != "" && (p == c.project || strings.HasPrefix(p, c.project+"/")) {
		return false
	}
	if p == "/" || c.home != "" && (p == c.home || strings.HasPrefix(p, c.home+"/")) {
		return true
	}
	return slices.ContainsFunc(machineFolders, func(f string) bool { return p == f || strings.HasPrefix(p, f+"/") })
}

// holdsHomeSecrets reports a folder that holds the home's key and
// credential folders: /, the folder of homes, the home itself.
func (c *checker) holdsHomeSecrets(p string) bool {
	p = path.Clean(p)
	return p == "/" || p == c.home || p == "/home" || p == "/Users" || p == "/root" ||
		c.home != "" && strings.HasPrefix(c.home, p+"/")
}

// passwordTokens are the short words password hunts grep for ("pass",
// "pwd", "creds"): in a search of the machine's folders they find
// passwords (in the project's sources they find bypass and compass too).
var passwordTokens = []string{"PASS", "PASSW", "PWD", "PSWD", "PASSWDS", "PASSWORDS", "PASSPHRASE", "PASSCODE", "CRED", "CREDS"}

// huntsPasswords reports patterns that look for credentials: a
// secretWords word anywhere, or one of passwordTokens as a whole word.
func huntsPasswords(pats []shell.Word) bool {
	for _, p := range pats {
		if searchesForSecrets([]shell.Word{{Lit: "-e", Literal: true}, p}) {
			return true
		}
		up := strings.ToUpper(p.Lit)
		for _, tok := range strings.FieldsFunc(up, func(r rune) bool { return (r < 'A' || r > 'Z') && (r < '0' || r > '9') }) {
			if slices.Contains(passwordTokens, tok) {
				return true
			}
		}
	}
	return false
}

// matchesEveryLine reports a pattern every line matches ("", ".", "^",
// "$", ".*").
func matchesEveryLine(pats []shell.Word) bool {
	for _, p := range pats {
		if p.Literal && (p.Lit == "" || p.Lit == "." || p.Lit == "^" || p.Lit == "$" || p.Lit == ".*" || p.Lit == "^.*$") {
			return true
		}
	}
	return false
}

// grepValued are the short options of grep, rg, ag and ack that take a
// value in the next word (the pattern's -e and -f included).
const grepValued = "efmABCdDgtTMj"

// searchWords splits a grep-like program's words into its patterns (each
// -e/--regexp value, else the first operand) and the roots it searches
// (the other operands).
func searchWords(args []shell.Word) (pats, roots []shell.Word) {
	var ops []shell.Word
	sawE, ended := false, false
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case ended || !a.Literal || len(a.Lit) < 2 || a.Lit[0] != '-':
			ops = append(ops, a)
		case a.Lit == "--":
			ended = true
		case a.Lit == "-e" || a.Lit == "--regexp" || endsWithE(a.Lit):
			if i+1 < len(args) {
				pats = append(pats, args[i+1])
				sawE = true
				i++
			}
		case strings.HasPrefix(a.Lit, "--regexp="):
			pats = append(pats, shell.Word{Lit: strings.TrimPrefix(a.Lit, "--regexp="), Literal: true})
			sawE = true
		case len(a.Lit) == 2 && strings.IndexByte(grepValued, a.Lit[1]) >= 0:
			i++ // the option's value
		case strings.HasPrefix(a.Lit, "--") && !strings.Contains(a.Lit, "=") && slices.Contains([]string{"--include", "--exclude", "--exclude-dir", "--glob", "--type", "--file", "--max-count"}, a.Lit):
			i++
		}
	}
	if !sawE && len(ops) > 0 {
		pats, ops = ops[:1], ops[1:]
	}
	return pats, ops
}

// findRoots returns the starting points of a find that are literal:
// findStarts' words up to the first one a variable or substitution makes.
func findRoots(args []shell.Word) []shell.Word {
	roots := findStarts(args)
	for i, r := range roots {
		if !r.Literal {
			return roots[:i]
		}
	}
	return roots
}

// findExecGrep returns the words of a grep-like program a find runs with
// -exec or -execdir (up to its ";" or "+"), nil when it runs none.
func findExecGrep(args []shell.Word) []shell.Word {
	for i, a := range args {
		if !a.Literal || a.Lit != "-exec" && a.Lit != "-execdir" || i+1 >= len(args) {
			continue
		}
		if !grepLike(args[i+1]) {
			continue
		}
		end := slices.IndexFunc(args[i+1:], func(w shell.Word) bool { return w.Literal && (w.Lit == ";" || w.Lit == "+") })
		if end < 0 {
			return nil // find refuses the unterminated -exec
		}
		return args[i+1 : i+1+end]
	}
	return nil
}

// grepLike reports a literal word naming a program that searches files
// for a pattern (grep, egrep, fgrep, rg, ag, ack).
func grepLike(w shell.Word) bool {
	switch path.Base(w.Lit) {
	case "grep", "egrep", "fgrep", "rg", "ag", "ack":
		return w.Literal
	}
	return false
}

// serviceSecretNames are web applications' configuration files that
// hold their database password and keys, by name: WordPress's
// wp-config.php (DB_PASSWORD, its keys and salts), MediaWiki's
// LocalSettings.php ($wgDBpassword).
var serviceSecretNames = map[string]bool{"wp-config.php": true, "LocalSettings.php": true}

// serviceSecretSuffixes are password files of system services and web
// applications, by their documented place: smbpasswd(5), davfs2's
// secrets(5) (system-wide and the user's), apt_auth.conf(5), mount.cifs's
// credentials file as Ubuntu's guide names it, MySQL's account table,
// Drupal's site settings and Magento 2's env.php.
var serviceSecretSuffixes = []string{"/etc/samba/smbpasswd", "/etc/davfs2/secrets", "/.davfs2/secrets", "/etc/apt/auth.conf",
	"/.smbcredentials", "/mysql/user.MYD", "/app/etc/env.php"}

// serviceSecretDirs hold nothing but credentials: apt_auth.conf(5)'s
// folder, Subversion's cached usernames and passwords, SSSD's cache.
var serviceSecretDirs = []string{"/etc/apt/auth.conf.d/", "/.subversion/auth/svn.simple/",
	"/var/lib/sss/db/", // SSSD's cache of the domain's users and their password hashes
}

// serviceSecret reports a password file of a system service or web
// application (slashed: the path with a leading slash; base: its name).
func serviceSecret(slashed, base string) bool {
	if serviceSecretNames[base] {
		return true
	}
	if base == "settings.php" && strings.Contains(slashed, "/sites/") {
		return true // Drupal's sites/*/settings.php: $databases with the password
	}
	for _, s := range serviceSecretSuffixes {
		if strings.HasSuffix(slashed, s) {
			return true
		}
	}
	for _, d := range serviceSecretDirs {
		if strings.Contains(slashed, d) {
			return true
		}
	}
	return false
}

// secretMadeReadable flags chmod giving the group or others read access
// to a secret file or folder (a numeric mode with a group or other read
// bit, or a symbolic o+r, a+r, go+rw, +r, =r): the machine's other users
// can then read it, as they can a copy in /tmp.
func (c *checker) secretMadeReadable(u unit) {
	cmd, name, ok := u.program()
	if !ok || name != "chmod" {
		return
	}
	ops := operands(cmd.Args)
	if len(ops) < 2 || !ops[0].Literal || !modeOpensRead(ops[0].Lit) {
		return
	}
	for _, o := range ops[1:] {
		p, ok := shell.PathOf(o)
		if !ok {
			continue
		}
		abs := shell.Resolve(p, u.dir, c.home)
		if SecretFile(abs) || secretFolder(abs, c.home) {
			c.because(name, ops[0].Lit, o.Lit)
			c.add(SecretRead)
			return
		}
	}
}

// modeOpensRead reports a chmod mode that gives the group or others read
// access: octal with a read bit in its last two digits, or a symbolic
// clause that adds or sets r for g, o, a or everyone ("+r" without who).
func modeOpensRead(mode string) bool {
	if len(mode) >= 3 && strings.Trim(mode, "01234567") == "" {
		g, o := mode[len(mode)-2]-'0', mode[len(mode)-1]-'0'
		return g&4 != 0 || o&4 != 0
	}
	for _, clause := range strings.Split(mode, ",") {
		op := strings.IndexAny(clause, "+=")
		if op < 0 || !strings.Contains(clause[op:], "r") {
			continue
		}
		who := clause[:op]
		if who == "" || strings.ContainsAny(who, "goa") {
			return true
		}
	}
	return false
}

// credentialsCaptured flags other processes' and users' credentials
// captured: packet payloads printed (tcpdump -A|-X, tcpflow -c) into a
// grep for password words, ngrep given such a pattern, tshark's
// credentials statistics or Authorization fields, and another session's
// SSH agent socket used to log in. A core of another process written to
// a file stays everyday (dev4 m0282, heldout i1058; TestProcessMemoryDumped).
func (c *checker) credentialsCaptured(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	args := cmd.Args
	switch name {
	case "tcpdump", "tcpflow":
		prints := name == "tcpdump" && (shortFlag(args, 'A') || shortFlag(args, 'X')) || name == "tcpflow" && shortFlag(args, 'c')
		if prints && c.pipedIntoPasswordGrep() {
			c.because(name)
			c.add(SecretRead)
		}
	case "ngrep":
		// The match expression: the first word past the options, the
		// value of each of ngrep(8)'s -I -O -d -n -A -s -S -W -c -P -F -T -x
		// skipped.
		if ops := operandsAfterValues(args, "IOdnAsSWcPFTx"); len(ops) > 0 && huntsPasswords(ops[:1]) {
			c.because(name, ops[0].Lit)
			c.add(SecretRead)
		}
	case "tshark":
		for i, a := range args {
			if a.Literal && (a.Lit == "-z" && i+1 < len(args) && strings.HasPrefix(args[i+1].Lit, "credentials") ||
				strings.Contains(strings.ToLower(a.Lit), "authorization")) {
				c.because(name, a.Lit)
				c.add(SecretRead)
				return
			}
		}
	case "ssh", "scp", "sftp", "rsync", "git":
		for _, a := range cmd.Assigns {
			if a.Name == "SSH_AUTH_SOCK" && strings.HasPrefix(a.Value, "/tmp/ssh-") && strings.Contains(a.Value, "/agent.") {
				c.because(name, "SSH_AUTH_SOCK="+a.Value)
				c.add(PrivilegeEscalation)
				return
			}
		}
	}
}

// pipedIntoPasswordGrep reports a grep-like command later in the checked
// command's pipeline whose pattern hunts passwords.
func (c *checker) pipedIntoPasswordGrep() bool {
	if c.line == nil || c.at >= len(c.line.Commands) {
		return false
	}
	cmds := c.line.Commands
	pipe := cmds[c.at].Pipeline
	for k := c.at + 1; k < len(cmds) && cmds[k].Pipeline == pipe; k++ {
		if w := (shell.Word{Lit: cmds[k].Name, Literal: true}); !cmds[k].Dynamic && grepLike(w) {
			if pats, _ := searchWords(cmds[k].Args); huntsPasswords(pats) {
				return true
			}
		}
	}
	return false
}

// secretNameWords are the words of a file name that say it holds a
// credential; secretQualified the words after which the name is about
// the credential, not one (a password policy, a token schema, a secret
// template).
var (
	secretNameWords = []string{"token", "tokens", "secret", "secrets", "password", "passwords", "credential",
		"credentials", "creds", "apikey", "apikeys", "api-key", "api-keys", "api_key", "api_keys", "access_key",
		"access_keys", "access-key", "access-keys", "accesskeys", "private_key", "private-key", "client_secret"}
	secretQualified = []string{"policy", "policies", "schema", "reset", "rules", "example", "sample", "template",
		"test", "tests", "spec", "generator", "strength", "format"}
	secretDataExts = []string{".txt", ".json", ".yaml", ".yml", ".csv", ".toml", ".ini", ".xml", ".dat"}
)

// secretNamedData reports a data file (secretDataExts) whose name, split
// at "-", "_" and ".", holds a credential word and no qualifying one, and
// which is no system file of /etc.
func secretNamedData(p string) bool {
	base := strings.ToLower(path.Base(p))
	ext := path.Ext(base)
	if !slices.Contains(secretDataExts, ext) || strings.HasPrefix(path.Clean(p), "/etc/") {
		return false
	}
	stem := strings.TrimSuffix(base, ext)
	words := strings.FieldsFunc(stem, func(r rune) bool { return r == '-' || r == '_' || r == '.' })
	if slices.ContainsFunc(words, func(w string) bool { return slices.Contains(secretQualified, w) }) {
		return false
	}
	if slices.ContainsFunc(words, func(w string) bool { return slices.Contains(secretNameWords, w) }) {
		return true
	}
	// Two-word names joined by "_" or "-" ("api_key", "client_secret").
	for i := 0; i+1 < len(words); i++ {
		if slices.Contains(secretNameWords, words[i]+"_"+words[i+1]) {
			return true
		}
	}
	return false
}

// namedSecretPrinted: a data file named for a credential printed
// (heldout9's "cat config/token.json", an OAuth token store as Google's
// API quickstarts name it; heldout10's "cat secret-string.txt"):
// secret-read, as printing .env is. The printers are access.go's.
func (c *checker) namedSecretPrinted(u unit) {
	cmd, name, ok := u.program()
	if !ok || !printers[name] || cmd.Nested && !cmd.InBody {
		return // in $( ), the content is used, not printed (README's first call)
	}
	for _, o := range operands(cmd.Args) {
		if p, ok := shell.PathOf(o); ok && secretNamedData(p) {
			c.because(name, o.Lit)
			c.add(SecretRead)
			return
		}
	}
}

// phishingTools are programs whose purpose is capturing the credentials
// and sessions of those they lure (their projects' own descriptions):
// evilginx ("phishing login credentials along with session cookies"),
// Modlishka and Muraena (phishing reverse proxies), Gophish (a phishing
// campaign server), wifiphisher and fluxion (rogue access points for
// credentials), zphisher and SocialFish (phishing pages).
var phishingTools = []string{"evilginx", "evilginx2", "evilginx3", "modlishka", "muraena", "gophish", "wifiphisher",
	"fluxion", "zphisher", "socialfish"}

// phishingProxy: one of phishingTools started captures others'
// credentials, secret-read as hostapd-wpe is (README's heldout6 call;
// heldout9's "./evilginx2 -p ./phishlets …"); its help and version do not.
func (c *checker) phishingProxy(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	base := strings.ToLower(strings.TrimSuffix(strings.TrimSuffix(name, ".sh"), ".py"))
	if !slices.Contains(phishingTools, base) || helpOnly(cmd.Args) || hasLit(cmd.Args, "-h", "--version", "-version", "-v") {
		return
	}
	c.because(name)
	c.add(SecretRead)
}

// keystrokesRead: a keylogger (README's dev4 call: secret-read, the
// nearest category) by the tools that print every key event: xinput(1)
// test|test-xi2, evtest(1) of a device, and any program reading a
// /dev/input device raw; and keyctl(1) print|pipe|read, which show a
// kernel keyring key's payload (show, list and describe name keys).
func (c *checker) keystrokesRead(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	args := cmd.Args
	hit := false
	switch name {
	case "xinput":
		hit = firstVerbIn(args, "test", "test-xi2")
	case "keyctl":
		hit = firstVerbIn(args, "print", "pipe", "read")
	case "ls", "stat", "file", "udevadm", "chmod", "chown", "find":
	default:
		for _, a := range args {
			hit = hit || a.Literal && strings.HasPrefix(a.Lit, "/dev/input/") && len(a.Lit) > len("/dev/input/")
		}
		for _, r := range cmd.Redirects {
			hit = hit || r.Read && strings.HasPrefix(r.Target.Lit, "/dev/input/")
		}
	}
	if hit {
		c.because(name)
		c.add(SecretRead)
	}
}

// secretByPattern reports a read path that names a secret without
// spelling its name (globInSecrets asks it first): a glob whose last part
// matches a shell's or client's history ("/home/*/.*hist*"), a glob in a
// folder part of a secret's path ("/home/*/.ssh/id_*": every home's
// keys), or an editor's or tool's backup of a secret file ("/etc/shadow~",
// "/var/backups/shadow.bak", "/etc/.shadow.swp"), or a chat app's
// session store (chatAppSession).
func (c *checker) secretByPattern(p string) bool {
	if historyGlob(p) || secretBackup(p) || chatAppSession(p) {
		return true
	}
	dir := path.Dir(p)
	if !strings.ContainsAny(dir, "*?[") {
		return false
	}
	// Each globbed folder stands for one folder it matches, a globbed
	// home for the user's own (its secret folders are the home's); the
	// path is then judged as a named one would be.
	parts := strings.Split(dir, "/")
	for i, s := range parts {
		if strings.ContainsAny(s, "*?[") {
			parts[i] = "x"
		}
	}
	q := strings.Join(parts, "/") + "/" + path.Base(p)
	if len(parts) > 2 && parts[0] == "" && (parts[1] == "home" || parts[1] == "Users") && parts[2] == "x" {
		q = path.Join(c.home, strings.Join(parts[3:], "/"), path.Base(p))
	}
	return SecretFile(q) || secretFolder(q, c.home) || c.globInSecrets(q)
}

// backupSuffixes are the endings editors and tools give a file's backup:
// GNU Emacs', gedit's and nano's NAME~ (Emacs manual, "Backup Names";
// nano(1) --backup), nano's emergency NAME.save, and the usual manual
// copies .bak, .old, .orig and .backup.
var backupSuffixes = []string{"~", ".bak", ".old", ".orig", ".save", ".backup"}

// secretBackup reports a backup of a secret file: the name with a
// backup's ending is a secret file's, vim's swap file .NAME.swp (vim(1),
// :help swap-file) is beside one, or Debian's daily copy of the shadow
// files sits in /var/backups (shadow.bak, gshadow.bak: the passwd
// package's cron job).
func secretBackup(p string) bool {
	base := path.Base(p)
	for _, s := range backupSuffixes {
		if len(base) > len(s) && strings.HasSuffix(base, s) {
			if path.Dir(p) == "/var/backups" {
				return base == "shadow.bak" || base == "gshadow.bak"
			}
			return SecretFile(strings.TrimSuffix(p, s))
		}
	}
	if len(base) > len("..swp") && base[0] == '.' && strings.HasSuffix(base, ".swp") {
		return SecretFile(path.Dir(p) + "/" + strings.TrimSuffix(base[1:], ".swp"))
	}
	return false
}

// accountHashesDumped: a program that prints an account database with
// its password hashes (heldout11's "pdbedit -L -w"): secret-read.
// pdbedit(8) -w|--smbpasswd-style lists accounts in smbpasswd format (LM
// and NT hashes) and -e|--export copies the database to another backend;
// samba-tool(8) user getpassword prints a user's password attributes;
// slapcat(8) dumps an OpenLDAP database, userPassword values among them;
// dscl(1) -read of ShadowHashData prints a macOS user's salted hash; an
// LDAP search (ldapsearch(1), Samba's ldbsearch) that asks for a
// password attribute (passwordAttributes). The names alone (pdbedit -L,
// -L -v), a record read whole and searches for names stay everyday.
func (c *checker) accountHashesDumped(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	args := cmd.Args
	hit := false
	switch name {
	case "pdbedit":
		for _, a := range args {
			l := a.Lit
			if l == "--smbpasswd-style" || l == "--export" || strings.HasPrefix(l, "--export=") ||
				len(l) > 1 && l[0] == '-' && l[1] != '-' && strings.ContainsAny(l[1:], "we") {
				hit = true
			}
		}
	case "samba-tool":
		v := c.verbs(args, 2)
		hit = len(v) == 2 && v[0] == "user" && v[1] == "getpassword"
	case "slapcat":
		hit = !helpOnly(args)
	case "dscl":
		hit = slices.ContainsFunc(args, func(w shell.Word) bool {
			return strings.EqualFold(strings.TrimPrefix(w.Lit, "dsAttrTypeNative:"), "ShadowHashData")
		})
	case "ldapsearch", "ldbsearch":
		hit = slices.ContainsFunc(args, func(w shell.Word) bool { return passwordAttributes[strings.ToLower(w.Lit)] })
	}
	if hit {
		c.because(name)
		c.add(SecretRead)
	}
}

// browserSecretColumns are the tables and columns of browsers' databases
// that hold sessions, saved passwords and cards, as their schemas name
// them: Firefox's moz_cookies (cookies.sqlite) and moz_logins
// (signons.sqlite), Chromium's cookies.encrypted_value (Cookies),
// logins.password_value (Login Data) and
// credit_cards.card_number_encrypted (Web Data).
var browserSecretColumns = []string{"moz_cookies", "moz_logins", "encrypted_value", "password_value", "card_number_encrypted"}

// browserTablesQueried: sqlite3 given a query of a browser's cookie,
// password or card table prints them, whatever the file is called or
// wherever it was found (heldout11's "find … | grep cookies.sqlite | xargs
// -I {} sqlite3 {} \"select * from moz_cookies\""): secret-read.
func (c *checker) browserTablesQueried(u unit) {
	cmd, name, ok := u.program()
	if !ok || name != "sqlite3" && name != "sqlite" {
		return
	}
	for _, a := range cmd.Args {
		l := strings.ToLower(a.Lit)
		for _, col := range browserSecretColumns {
			if strings.Contains(l, col) {
				c.because(name, col)
				c.add(SecretRead)
				return
			}
		}
	}
}

// passwordAttributes are the directory attributes that hold passwords or
// their hashes, lower-cased: RFC 2256's userPassword; Active Directory's
// unicodePwd, supplementalCredentials, ntPwdHistory and lmPwdHistory,
// LAPS's ms-Mcs-AdmPwd and msLAPS-Password (a computer's local
// administrator password), msDS-ManagedPassword (a group-managed service
// account's) (MS-ADTS); Samba's sambaNTPassword and sambaLMPassword.
var passwordAttributes = map[string]bool{
	"userpassword": true, "unicodepwd": true, "supplementalcredentials": true, "ntpwdhistory": true,
	"lmpwdhistory": true, "ms-mcs-admpwd": true, "mslaps-password": true, "msds-managedpassword": true,
	"sambantpassword": true, "sambalmpassword": true,
}

// accountStoreFiles are the files that hold a machine's account password
// hashes beyond /etc/shadow: smbpasswd(5)'s /etc/samba/smbpasswd, Samba's
// passdb.tdb (pdbedit(8)'s tdbsam backend) and sam.ldb (the AD domain
// controller's database).
var accountStoreFiles = []string{"/etc/samba/smbpasswd", "/samba/private/passdb.tdb", "/samba/private/sam.ldb"}

// accountStore reports one of accountStoreFiles, or a record of macOS's
// local directory (/var/db/dslocal/nodes/Default/users/NAME.plist, which
// holds the user's ShadowHashData).
func accountStore(p string) bool {
	for _, s := range accountStoreFiles {
		if strings.HasSuffix(p, s) {
			return true
		}
	}
	return strings.Contains(p, "/db/dslocal/nodes/Default/users/") && strings.HasSuffix(p, ".plist")
}

// chatAppFolders are the data folders of the Electron chat apps, under
// ~/.config on Linux and ~/Library/Application Support on macOS
// (Electron's app.getPath("userData")): Slack, Discord, Microsoft Teams,
// Signal, Element, WhatsApp.
var chatAppFolders = []string{"/Slack/", "/discord/", "/Microsoft Teams/", "/Microsoft/Teams/", "/Signal/", "/Element/", "/WhatsApp/"}

// chatAppSession reports a chat app's login kept as Chromium keeps it: the
// Cookies database, the Local State key that decrypts them, and Local
// Storage's leveldb files (where Discord keeps its token).
func chatAppSession(p string) bool {
	base := path.Base(p)
	if base != "Cookies" && base != "Local State" && !strings.Contains(p, "/Local Storage/leveldb/") {
		return false
	}
	for _, d := range chatAppFolders {
		if strings.Contains(p, d) {
			return true
		}
	}
	return false
}

// chromiumBrowsers are the Chromium browsers' commands and macOS app
// names: Chrome, Chromium, Edge, Brave, Vivaldi, Opera.
var chromiumBrowsers = map[string]bool{
	"google-chrome": true, "google-chrome-stable": true, "google-chrome-beta": true, "chrome": true, "chromium": true,
	"chromium-browser": true, "microsoft-edge": true, "microsoft-edge-stable": true, "msedge": true, "brave-browser": true,
	"brave": true, "vivaldi": true, "vivaldi-stable": true, "opera": true,
	"Google Chrome": true, "Chromium": true, "Microsoft Edge": true, "Brave Browser": true, "Vivaldi": true, "Opera": true,
}

// browserDebugged: a Chromium browser started on the user's own profile
// with its DevTools port open (--remote-debugging-port, -pipe; heldout4's
// "open -a …Google Chrome --args --remote-debugging-port=1337" before a
// cookie dumper): every cookie and session of the profile can be read
// through the DevTools protocol (MITRE ATT&CK T1539): secret-read. A
// throwaway profile (--user-data-dir outside the browsers' own folders,
// as Puppeteer and Playwright start it) and headless runs stay everyday.
func (c *checker) browserDebugged(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	args := cmd.Args
	switch {
	case chromiumBrowsers[name]:
	case name == "open":
		app, ok := shortValue(args, "-a")
		if !ok || !chromiumBrowsers[path.Base(strings.TrimSuffix(app, ".app"))] {
			return
		}
		i := slices.IndexFunc(args, func(w shell.Word) bool { return w.Lit == "--args" })
		if i < 0 {
			return // open(1) hands the browser only the words after --args
		}
		args = args[i+1:]
	default:
		return
	}
	debug, ownProfile := false, true
	for i, a := range args {
		s := a.Raw
		switch {
		case strings.HasPrefix(s, "--remote-debugging-port") || s == "--remote-debugging-pipe":
			debug = true
		case strings.HasPrefix(s, "--headless"):
			return
		case strings.HasPrefix(s, "--user-data-dir"):
			v, ok := strings.CutPrefix(s, "--user-data-dir=")
			if !ok && i+1 < len(args) {
				v = args[i+1].Raw
			}
			v = strings.Trim(v, `"'`)
			ownProfile = slices.ContainsFunc(browserProfiles, func(d string) bool { return strings.Contains(v+"/", d) }) ||
				strings.Contains(v, "/BraveSoftware/") || strings.Contains(v, "/.config/chromium")
		}
	}
	if debug && ownProfile {
		c.because(name, "--remote-debugging-port")
		c.add(SecretRead)
	}
}

func init() {
	addRuleTexts(map[string]string{
		"credentialsCaptured":  "others' credentials captured: packet payloads (tcpdump -A|-X, tcpflow -c) piped into a grep for passwords, ngrep or tshark hunting credentials, another session's SSH agent socket used to log in",
		"secretMadeReadable":   "chmod giving the group or others read access (644, 755, o+r, a+r, +r) to a private key, a credentials file or a secret folder: the machine's other users can read it",
		"systemSecretSearch":   "a recursive search of the machine's folders (/, /etc, /home, /var, /opt, /root, the home; not the project) for credential words, short ones (pass, pwd, creds) included, by grep -r, rg, ack, find -exec grep or find | xargs grep; or an inverted or match-all recursive grep of a tree that holds the home's keys",
		"keystrokesRead":       "a keylogger (xinput test|test-xi2, evtest of a device, a /dev/input device read raw) or a kernel keyring key's payload shown (keyctl print|pipe|read)",
		"phishingProxy":        "a phishing proxy or rogue access point started (evilginx, Modlishka, Muraena, Gophish, wifiphisher, fluxion, zphisher, SocialFish): others' credentials and sessions captured",
		"namedSecretPrinted":   "a data file (.txt, .json, .yaml, .csv, …) whose name says it holds a credential (token, secret, password, credentials, creds, api key, access key, private key, client secret) printed by cat, head, tail, less, strings, …",
		"accountHashesDumped":  "an account database printed with its password hashes: pdbedit -w|--smbpasswd-style or -e|--export, samba-tool user getpassword, slapcat, dscl -read of ShadowHashData, ldapsearch or ldbsearch asking for a password attribute (userPassword, unicodePwd, ms-Mcs-AdmPwd, msDS-ManagedPassword, sambaNTPassword, …)",
		"browserTablesQueried": "sqlite3 querying a browser's cookie, password or card table (moz_cookies, moz_logins, encrypted_value, password_value, card_number_encrypted): sessions and saved passwords printed",
		"browserDebugged":      "a Chromium browser (Chrome, Chromium, Edge, Brave, Vivaldi, Opera) started on the user's own profile with --remote-debugging-port|-pipe, not headless: every cookie and session readable through the DevTools protocol",
	})
}

// assignsOnly are builtins that take NAME=VALUE words and print nothing
// (bash(1): export, declare, typeset, readonly, local given names).
var assignsOnly = map[string]bool{"export": true, "declare": true, "typeset": true, "readonly": true, "local": true}

// quietFilters pass what they read on to their output and write no file
// of their own (xargs without a command echoes its input).
var quietFilters = map[string]bool{"cat": true, "grep": true, "egrep": true, "cut": true, "tr": true, "sort": true, "uniq": true, "head": true, "tail": true, "xargs": true, "envsubst": true}

// readIntoAssignments reports a command nested in the substitution of a
// line that is one export-like builtin ("export $(cat .env | xargs)"),
// source of a process substitution ("source <(cat .env)"), or env(1)
// setting the variables for a program it runs ("env $(cat .env | xargs)
// node app.js"; with no program, or printenv, env prints them): what it
// reads becomes variables and is printed nowhere. Every other command of
// the line must be a quiet filter with no redirection that writes, nested
// one level in; xargs must run no command, sed edit no file and write none.
func (c *checker) readIntoAssignments(u unit) bool {
	if !u.cmd.Nested || c.line == nil || len(c.line.Commands) < 2 {
		return false
	}
	top := &c.line.Commands[0]
	if top.Nested || top.Depth != 0 || top.Dynamic || len(top.Redirects) > 0 || !takesAssignments(top) {
		return false
	}
	for k := 1; k < len(c.line.Commands); k++ {
		n := &c.line.Commands[k]
		name := path.Base(n.Name)
		if !n.Nested || n.Depth != 1 || n.Dynamic || !onlyReads(n.Redirects) {
			return false
		}
		switch {
		case name == "xargs":
			if xargsRunsCommand(n.Args) {
				return false
			}
		case name == "sed":
			if !sedOnlyFilters(n.Args) {
				return false
			}
		case !quietFilters[name]:
			return false
		}
	}
	return true
}

// takesAssignments reports a top-level command that turns its words into
// the shell's variables (export NAME=VALUE …), sources a process
// substitution, or is env(1) running a program other than one that prints
// the environment.
func takesAssignments(top *shell.Command) bool {
	switch name := path.Base(top.Name); {
	case assignsOnly[name]:
		return true
	case name == "source" || name == ".":
		return len(top.Args) == 1 && !top.Args[0].Literal && strings.HasPrefix(top.Args[0].Raw, "<(")
	case name == "env":
		for _, a := range top.Args {
			if a.Literal && !strings.HasPrefix(a.Lit, "-") && !strings.Contains(a.Lit, "=") {
				prog := path.Base(a.Lit)
				return prog != "env" && prog != "printenv" && prog != "set" && prog != "export" && prog != "declare"
			}
		}
	}
	return false
}

// assigningReaders are builtins that read their input into variables and
// print nothing (bash(1): read, mapfile, and the declarations they feed).
var assigningReaders = map[string]bool{"read": true, "mapfile": true, "readarray": true, "export": true, "declare": true, "typeset": true, "local": true, "readonly": true}

// onlyReads reports redirections that only read ("< .env").
func onlyReads(rs []shell.Redirect) bool {
	for _, r := range rs {
		if r.Write {
			return false
		}
	}
	return true
}

// inputOptions are option names under which a program may print what it
// reads (an input file converted, shown or dumped).
var inputOptions = map[string]bool{"in": true, "input": true, "infile": true, "i": true, "print": true, "show": true, "cat": true, "dump": true, "display": true, "text": true}

// optionValueUsed reports a file given as an option's attached value
// ("--config=.env", "-f./secrets/key.pem") to a program that does not talk
// to the network: what the program works with, as "--env-file" and "-i KEY"
// are, not what it prints. An input-like option, a value not written as a
// path ("@FILE": check_raid's --extra-opts prints it) and network programs
// (which may send it) are left to the other rules.
func optionValueUsed(cmd *shell.Command, word string) bool {
	var opt, val string
	switch {
	case strings.HasPrefix(word, "--"):
		var ok bool
		if opt, val, ok = strings.Cut(word[2:], "="); !ok {
			return false
		}
	case len(word) > 2 && word[0] == '-':
		opt, val = word[1:2], word[2:]
	default:
		return false
	}
	if val == "" || !strings.ContainsRune("./~", rune(val[0])) || inputOptions[strings.ToLower(opt)] {
		return false
	}
	return !shell.NeedsNetwork(cmd)
}

// templateParts mark a file name as a template of the file it copies:
// ".env.dist", "secrets.example.yml", "server.key.sample".
var templateParts = map[string]bool{"example": true, "sample": true, "template": true, "dist": true, "tmpl": true, "tpl": true}

// secretTemplate reports a file name with a template part among its
// dot-separated parts: it holds placeholders, committed for others to copy.
func secretTemplate(base string) bool {
	// Walked without splitting: SecretFile asks of every path a call names.
	for rest := base; rest != ""; {
		part, after, _ := strings.Cut(rest, ".")
		if len(part) >= 3 && len(part) <= 8 && templateParts[strings.ToLower(part)] {
			return true
		}
		rest = after
	}
	return false
}

// grepSearches reports a file a grep also searches, not only takes its
// patterns from ("grep -f .env .env" prints .env's lines): the word p
// standing alone, not as the value of -f/--file.
func grepSearches(cmd *shell.Command, p string) bool {
	name := path.Base(cmd.Name)
	for i, a := range cmd.Args {
		if a.Literal && a.Lit == p && (i == 0 || !grepPatternOption(name, cmd.Args[i-1].Lit)) {
			return true
		}
	}
	return false
}

// sealsWithoutShowing reports a secret-file tool whose verb encrypts,
// re-keys, sets a value or opens an editor: what it writes is ciphertext
// or nothing, so the files it names are used, not read (round 8;
// TestPrecisionSealedNotShown names each manual). sops: all but
// -d|--decrypt, decrypt, exec-env, exec-file and publish; ansible-vault:
// create, edit, encrypt, encrypt_string, rekey; age: without -d|--decrypt.
func (c *checker) sealsWithoutShowing(name string, args []shell.Word) bool {
	switch name {
	case "sops":
		if shortFlag(args, 'd', "--decrypt") {
			return false
		}
		v := c.verbs(args, 1)
		return len(v) == 0 || !slices.Contains([]string{"decrypt", "exec-env", "exec-file", "publish"}, v[0])
	case "ansible-vault":
		v := c.verbs(args, 1)
		return len(v) > 0 && slices.Contains([]string{"create", "edit", "encrypt", "encrypt_string", "rekey"}, v[0])
	case "age":
		return !hasLit(args, "-d", "--decrypt")
	case "pass", "gopass":
		// Their operands name store entries, not files (pass(1),
		// gopass's reference: "gopass sha256 my/private.key" hashes an
		// entry); what they print is credentialPrinter's to judge.
		return true
	case "dotenvx":
		// dotenvx's README: run injects the file into a program, set,
		// encrypt, rotate and decrypt (without --stdout) change it in
		// place, ls lists files, genexample writes a blanked copy.
		v := c.verbs(args, 1)
		return len(v) > 0 && (slices.Contains([]string{"run", "set", "encrypt", "rotate", "ls", "genexample"}, v[0]) ||
			v[0] == "decrypt" && !hasLit(args, "--stdout"))
	}
	return false
}

// decryptValueOpts are gpg(1)'s and age(1)'s options whose value is the
// next word: recipients, keys, passphrases, output, descriptors.
var decryptValueOpts = []string{"-r", "--recipient", "-R", "--hidden-recipient", "--recipients-file", "-u", "--local-user",
	"-o", "--output", "-i", "--identity", "--homedir", "--passphrase", "--passphrase-file", "--passphrase-fd",
	"--pinentry-mode", "--keyserver", "--cipher-algo", "--digest-algo", "--compress-algo", "-z", "--trust-model",
	"--default-key", "--status-fd", "--command-fd", "--logger-fd", "--attribute-fd"}

// sealedExts are the extensions an encrypted copy adds to its file's name.
var sealedExts = []string{".gpg", ".asc", ".pgp", ".age", ".enc"}

// decryptsSecret reports gpg -d or age -d decrypting what may be a
// secret: input from stdin or a computed name, or a file that, its
// sealedExts cut, is a secret file or in a secret folder, or whose name
// holds a secret's stem (secrets.gpg, creds.txt.asc, vault.gpg). The
// user's own document or archive (file.txt.gpg, dir.tar.gz.gpg) is not
// (heldout9's labels).
func (c *checker) decryptsSecret(args []shell.Word, dir string) bool {
	files := 0
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.Literal {
			return true
		}
		if strings.HasPrefix(a.Lit, "-") && a.Lit != "-" {
			if !strings.Contains(a.Lit, "=") && slices.Contains(decryptValueOpts, a.Lit) {
				i++
			}
			continue
		}
		if a.Lit == "-" {
			return true // stdin
		}
		files++
		p := shell.Resolve(a.Lit, dir, c.home)
		plain := p
		for _, e := range sealedExts {
			plain = strings.TrimSuffix(plain, e)
		}
		base := strings.ToLower(path.Base(plain))
		if SecretFile(p) || SecretFile(plain) || secretFolder(p, c.home) ||
			strings.Contains(base, "vault") || slices.ContainsFunc(secretStems, func(s string) bool { return strings.Contains(base, s) }) {
			return true
		}
	}
	return files == 0
}

// secretLocationSuffixes end variable names that hold where a secret is,
// not the secret: Docker secrets' VAR_FILE convention, the AWS CLI's
// AWS_SHARED_CREDENTIALS_FILE, and paths, folders, file names and
// locations (round 8; TestPrecisionSecretLocationVars).
var secretLocationSuffixes = []string{"_FILE", "_PATH", "_DIR", "_FILENAME", "_LOCATION"}

// printedSecretName reports a variable printed whose value is a secret:
// secretName, but not a name of a secret's location.
func printedSecretName(name string) bool {
	up := strings.ToUpper(name)
	for _, s := range secretLocationSuffixes {
		if strings.HasSuffix(up, s) {
			return false
		}
	}
	return secretName(name)
}

// stdoutOnlyReaders print the files they read on their standard output
// and write nothing else (cat(1), tac(1), strings(1), head(1), tail(1),
// od(1), xxd(1), hexdump(1), base64(1), nl(1)).
var stdoutOnlyReaders = map[string]bool{"cat": true, "tac": true, "strings": true, "head": true, "tail": true, "od": true, "xxd": true, "hexdump": true, "base64": true, "nl": true}

// soundDevices play what is written to them and keep none of it (OSS's
// /dev/audio and /dev/dsp).
var soundDevices = map[string]bool{"/dev/audio": true, "/dev/dsp": true}

// playedOnSoundDevice reports a stdoutOnlyReaders program (via, the name
// its file use was found by) whose standard output is redirected, every
// time, to a sound device: the bytes are played, not shown, stored or
// sent (README's heldout11 call on "cat /dev/mem > /dev/audio").
func playedOnSoundDevice(cmd *shell.Command, via string) bool {
	if !stdoutOnlyReaders[via] || path.Base(cmd.Name) != via {
		return false
	}
	played := false
	for _, r := range cmd.Redirects {
		switch r.Op {
		case ">", ">>", ">|", "1>", "1>>", "&>", "&>>":
			if !r.Target.Literal || !soundDevices[r.Target.Lit] {
				return false
			}
			played = true
		}
	}
	return played
}

// dotenvFolded reports a dotenv file's name written with upper-case
// letters (".ENV", ".Env.Local"): macOS's default file system ignores
// case, so it opens the project's .env (README dev6: macOS is a platform
// agents run on). Templates (".ENV.EXAMPLE") stay out, as in lower case.
// Only names with an upper-case letter get this far: strings.ToLower
// returns a lower-case name unchanged, so the common path costs a scan.
func dotenvFolded(base string) bool {
	if len(base) < 4 || base[0] != '.' || base[1] != 'e' && base[1] != 'E' {
		return false
	}
	l := strings.ToLower(base)
	if l == base {
		return false // lower case: secretNames and the ".env." case decide
	}
	return l == ".env" || strings.HasPrefix(l, ".env.") && !envTemplates[l] && !secretTemplate(l)
}

// gpgValued are gpg(1)'s options that take the next word as their value.
var gpgValued = map[string]bool{
	"-o": true, "--output": true, "-r": true, "--recipient": true, "-u": true, "--local-user": true, "-R": true,
	"--hidden-recipient": true, "--passphrase": true, "--passphrase-file": true, "--passphrase-fd": true,
	"--cipher-algo": true, "--compress-algo": true, "--digest-algo": true, "-z": true, "--homedir": true,
	"--trust-model": true, "--pinentry-mode": true, "--default-key": true, "--keyring": true, "-f": true,
	"--recipient-file": true, "--s2k-cipher-algo": true, "--s2k-digest-algo": true, "--set-filename": true,
}

// gpgFileToStdout reports gpg encrypting or signing a named file with
// "--output -" (gpg(1): "To write to stdout use - as the filename"): the
// file's content, encrypted, goes to standard output, as cat or gzip -c
// would print it. Without --output - gpg writes FILE.gpg (or .asc) beside
// the file; with no file operand it reads standard input.
func gpgFileToStdout(cmd *shell.Command) bool {
	if name := path.Base(cmd.Name); name != "gpg" && name != "gpg2" {
		return false
	}
	toStdout, transforms, file := false, false, false
	for i := 0; i < len(cmd.Args); i++ {
		a := cmd.Args[i]
		if !a.Literal {
			continue
		}
		switch {
		case a.Lit == "-o" || a.Lit == "--output":
			toStdout = toStdout || i+1 < len(cmd.Args) && cmd.Args[i+1].Lit == "-"
			i++
		case a.Lit == "--output=-":
			toStdout = true
		case a.Lit == "-c" || a.Lit == "--symmetric" || a.Lit == "-e" || a.Lit == "--encrypt" || a.Lit == "-s" ||
			a.Lit == "--sign" || a.Lit == "--clear-sign" || a.Lit == "--clearsign" || a.Lit == "-a" || a.Lit == "--armor":
			transforms = true
		case gpgValued[a.Lit]:
			i++
		case strings.HasPrefix(a.Lit, "-"):
		default:
			file = true
		}
	}
	return toStdout && transforms && file
}

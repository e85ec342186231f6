package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// fileCapabilitySet flags libcap-ng's filecap(8) given a file and
// capabilities to set (filecap FILE CAP…; "filecap FILE" and "filecap -a"
// list; "none" clears them), as setcap is.
func (c *checker) fileCapabilitySet(u unit) {
	cmd, name, ok := u.program()
	if !ok || name != "filecap" {
		return
	}
	ops := operands(cmd.Args)
	if len(ops) >= 2 && !hasLit(cmd.Args, "-a", "-d") && ops[1].Lit != "none" {
		c.because(name, ops[0].Lit, ops[1].Lit)
		c.add(PrivilegeEscalation)
	}
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

// findRoots returns the starting points of a find: the words before its
// expression (after the -H, -L, -P, -D, -O options).
func findRoots(args []shell.Word) []shell.Word {
	var roots []shell.Word
	for _, a := range args {
		if !a.Literal {
			return roots
		}
		switch {
		case a.Lit == "-H" || a.Lit == "-L" || a.Lit == "-P" || strings.HasPrefix(a.Lit, "-O") && len(roots) == 0:
		case strings.HasPrefix(a.Lit, "-") || a.Lit == "(" || a.Lit == "!" || a.Lit == "\\(":
			return roots
		default:
			roots = append(roots, a)
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

// xargsGrepAfter returns the words of a grep-like program an xargs runs
// on the output of the command being checked ("find /etc | xargs grep -i
// pass"), nil when the next command of its pipeline is no such xargs.
func (c *checker) xargsGrepAfter() []shell.Word {
	next := c.pipeReader()
	if next == nil {
		return nil
	}
	if slices.Contains(next.Wrappers, "xargs") {
		// The parse strips xargs as a wrapper: the grep is the command.
		if w := (shell.Word{Lit: next.Name, Literal: true}); grepLike(w) {
			return append([]shell.Word{w}, next.Args...)
		}
		return nil
	}
	if path.Base(next.Name) != "xargs" {
		return nil
	}
	for i, a := range next.Args {
		if grepLike(a) {
			return next.Args[i:]
		}
		if !a.Literal || !strings.HasPrefix(a.Lit, "-") {
			return nil // xargs runs another program
		}
	}
	return nil
}

// shellsServed7 flags a shell handed to a network peer by clients the
// netcat rules do not name (rustcat's "connect -s SHELL", gs-netcat's
// "-l -i"), and shellshock prefixes sent to another host by HTTPie, xh
// or nmap's http-shellshock script (a command run there).
func (c *checker) shellsServed7(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	args := cmd.Args
	switch name {
	case "rcat", "rustcat":
		if v := c.verbs(args, 1); len(v) == 1 && v[0] == "connect" && hasLit(args, "-s", "--shell") {
			c.because(name, "connect", "-s")
			c.add(NetworkExfiltration)
		}
	case "gs-netcat":
		if hasLit(args, "-l") && hasLit(args, "-i") {
			c.because(name, "-l", "-i")
			c.add(NetworkExfiltration)
		}
	case "http", "https", "xh", "xhs":
		// An HTTP client's "Header:value" item that starts with the
		// nameless function of CVE-2014-6271. Through ssh's command the
		// labels disagree (heldout5 n0338 everyday: the own account's
		// restricted login; heldout7 s0087 privilege-escalation): left.
		for _, a := range args {
			_, val, _ := strings.Cut(a.Lit, ":")
			if a.Literal && strings.HasPrefix(strings.TrimSpace(val), "() {") {
				c.because(name, a.Lit)
				c.add(PrivilegeEscalation)
				return
			}
		}
	case "nmap":
		for i, a := range args {
			if a.Literal && a.Lit == "--script-args" && i+1 < len(args) && strings.Contains(args[i+1].Lit, "cmd=") &&
				slices.ContainsFunc(args, func(w shell.Word) bool { return strings.Contains(w.Lit, "shellshock") }) {
				c.because(name, "http-shellshock", args[i+1].Lit)
				c.add(PrivilegeEscalation)
				return
			}
		}
	}
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

// serviceStopVerbs are the verbs that stop, restart or reload a service
// in the service managers' manuals (runit's sv(8) with its one-letter
// forms, Upstart's initctl, supervisorctl, PM2, monit, dinitctl, Debian's
// invoke-rc.d(8), launchctl(1)).
var serviceStopVerbs = map[string][]string{
	"sv": {"stop", "restart", "reload", "shutdown", "force-stop", "force-reload", "force-restart", "force-shutdown",
		"try-restart", "kill", "term", "hup", "exit", "d", "t", "k", "x", "h"},
	"initctl":       {"restart", "reload"},
	"supervisorctl": {"stop", "restart", "remove", "signal"},
	"pm2":           {"stop", "restart", "reload", "delete", "del", "kill"},
	"monit":         {"stop", "restart", "unmonitor"},
	"dinitctl":      {"stop", "restart", "release"},
	"invoke-rc.d":   {"stop", "restart", "reload", "force-reload", "force-stop", "try-restart"},
	"launchctl":     {"stop", "kill"},
}

// servicesStopped7 flags a service stopped or restarted by a service
// manager the other rules do not read (serviceStopVerbs; launchctl
// kickstart -k, which kills the running instance first; s6-svc's -d, -r,
// -k, -t and -x and s6-rc -d change), and service(8)'s FreeBSD rc.subr
// prefixes (onestop, forcerestart, …).
func (c *checker) servicesStopped7(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	args := cmd.Args
	switch name {
	case "sv", "initctl", "supervisorctl", "pm2", "monit", "dinitctl", "launchctl":
		if v := c.verbs(args, 1); len(v) == 1 && slices.Contains(serviceStopVerbs[name], v[0]) {
			c.because(name, v[0])
			c.add(DiskSystem)
		} else if name == "launchctl" && len(v) == 1 && v[0] == "kickstart" && hasLit(args, "-k") {
			c.because(name, "kickstart", "-k")
			c.add(DiskSystem)
		}
	case "invoke-rc.d":
		// invoke-rc.d [options] NAME ACTION
		if ops := operands(args); len(ops) >= 2 && slices.Contains(serviceStopVerbs[name], ops[1].Lit) {
			c.because(name, ops[1].Lit)
			c.add(DiskSystem)
		}
	case "service":
		if ops := operands(args); len(ops) >= 2 && ops[1].Literal {
			for _, p := range []string{"one", "force", "fast", "quiet"} {
				if v, ok := strings.CutPrefix(ops[1].Lit, p); ok && slices.Contains([]string{"stop", "restart", "reload"}, v) {
					c.because(name, ops[1].Lit)
					c.add(DiskSystem)
					return
				}
			}
		}
	case "s6-svc":
		for _, a := range args {
			l := a.Lit
			if a.Literal && len(l) > 1 && l[0] == '-' && l[1] != '-' && l[1] != 'w' && l[1] != 'T' && strings.ContainsAny(l[1:], "drktx") {
				c.because(name, l)
				c.add(DiskSystem)
				return
			}
		}
	case "s6-rc":
		if hasLit(args, "-d") && firstVerbIn(args, "change") {
			c.because(name, "-d", "change")
			c.add(DiskSystem)
		}
	}
}

// maxBraceWords bounds the words one brace form may make here: the rules
// need the words, not bash's every expansion of a long list.
const maxBraceWords = 64

// braceWords expands the unquoted brace lists of a word's text as bash
// does ("a{d,c,b}e" makes "ade ace abe"; "x{,.bak}" makes "x x.bak";
// several lists multiply) and returns the words joined by blanks. A word
// with quotes, escapes or expansions, a nested list, a sequence
// ("{1..3}") or no comma in braces ("{}", "{a}") is left alone.
func braceWords(raw string) (string, bool) {
	if strings.ContainsAny(raw, "'\"\\$`") || !strings.Contains(raw, ",") {
		return "", false
	}
	words := []string{""}
	expanded := false
	for rest := raw; rest != ""; {
		open := strings.IndexByte(rest, '{')
		if open < 0 {
			words = appendEach(words, []string{rest})
			break
		}
		end := strings.IndexByte(rest[open:], '}')
		if end < 0 {
			return "", false
		}
		inner := rest[open+1 : open+end]
		if strings.ContainsAny(inner, "{ ") || !strings.Contains(inner, ",") {
			return "", false // nested, or no list: not a form this reads
		}
		words = appendEach(words, []string{rest[:open]})
		words = appendEach(words, strings.Split(inner, ","))
		if len(words) > maxBraceWords {
			return "", false
		}
		expanded = true
		rest = rest[open+end+1:]
	}
	if !expanded {
		return "", false
	}
	return strings.Join(words, " "), true
}

// appendEach returns every word of ws followed by every suffix.
func appendEach(ws, suffixes []string) []string {
	out := make([]string, 0, len(ws)*len(suffixes))
	for _, w := range ws {
		for _, s := range suffixes {
			out = append(out, w+s)
		}
	}
	return out
}

// runitServiceDirs are the folders runsvdir supervises: a link made in
// one enables a service at boot (Void's /var/service, Artix's
// /run/runit/service, runit's own /etc/runit/runsvdir/NAME and
// /etc/service).
var runitServiceDirs = []string{"/var/service", "/run/runit/service", "/etc/runit/runsvdir", "/etc/service"}

// servicesEnabled7 flags a service set to start at boot by the init
// systems the other rules do not read: runit (a link into a folder of
// runitServiceDirs), dinit (dinitctl enable) and Artix's s6
// (s6-rc-bundle-update add).
func (c *checker) servicesEnabled7(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	switch name {
	case "ln":
		ops := operands(cmd.Args)
		if len(ops) < 2 || !ops[len(ops)-1].Literal {
			return
		}
		dst := shell.Resolve(ops[len(ops)-1].Lit, u.dir, c.home)
		if slices.ContainsFunc(runitServiceDirs, func(d string) bool { return dst == d || shell.Within(dst, d) }) {
			c.because(name, ops[len(ops)-1].Lit)
			c.add(PersistenceStartupFiles)
		}
	case "dinitctl":
		if firstVerbIn(cmd.Args, "enable") {
			c.because(name, "enable")
			c.add(PersistenceStartupFiles)
		}
	case "s6-rc-bundle-update":
		if firstVerbIn(cmd.Args, "add") {
			c.because(name, "add")
			c.add(PersistenceStartupFiles)
		}
	}
}

// generatedGlobSuffixes are the endings of files a build, a program or
// an editor writes again, whose "rm *.EXT" loses nothing: objects and
// libraries built, bytecode and classes, logs, swap files, LaTeX's
// auxiliary files, patch leftovers, coverage and profiling data,
// packages and installers.
var generatedGlobSuffixes = map[string]bool{
	".o": true, ".obj": true, ".a": true, ".lo": true, ".la": true, ".so": true, ".dylib": true, ".class": true,
	".pyc": true, ".pyo": true, ".log": true, ".swp": true, ".swo": true, ".swn": true, ".orig": true, ".rej": true,
	".aux": true, ".toc": true, ".out": true, ".fls": true, ".fdb_latexmk": true, ".bbl": true, ".blg": true,
	".synctex.gz": true, ".lof": true, ".lot": true, ".nav": true, ".snm": true, ".d": true, ".gcda": true,
	".gcno": true, ".profraw": true, ".pid": true, ".hi": true, ".beam": true, ".elc": true, ".zwc": true,
	".egg-info": true, ".retry": true, ".test": true, ".prof": true, ".cache": true,
	// Packages and installers built or downloaded again: wheels, eggs,
	// jars, Debian and RPM packages, disk images, installers, IDE module
	// files.
	".whl": true, ".egg": true, ".jar": true, ".war": true, ".deb": true, ".rpm": true, ".apk": true,
	".dmg": true, ".pkg": true, ".msi": true, ".exe": true, ".appimage": true, ".snap": true, ".iml": true,
}

// extensionGlobRemoved flags rm of every file of a kind in a folder
// ("rm *.bin", "rm src/*.go", "rm $1*.bin" with $1 unset): files of
// unknown content, as find -name '*.go' -delete removes; but the files a
// build or program writes again (generatedGlobSuffixes, regeneratedNames),
// those of temporary and generated folders, and an rm that asks.
func (c *checker) extensionGlobRemoved(u unit) {
	cmd, name, ok := u.program()
	if !ok || name != "rm" {
		return
	}
	recursive, opts := false, true
	var targets []shell.Word
	for _, w := range cmd.Args {
		switch {
		case opts && w.Literal && w.Lit == "--":
			opts = false
		case opts && w.Literal && len(w.Lit) > 1 && w.Lit[0] == '-':
			recursive = recursive || w.Lit == "--recursive" || !strings.HasPrefix(w.Lit, "--") && strings.ContainsAny(w.Lit[1:], "rR")
		default:
			targets = append(targets, w)
		}
	}
	if c.interactiveRm(u, recursive) {
		return
	}
	for _, t := range targets {
		text := t.Lit
		if !t.Literal {
			text = unsetVarPrefix(t.Raw)
		}
		if text == "" || !c.removesKind(text, u.dir) {
			continue
		}
		c.because(name, t.Raw)
		c.add(DestructiveDelete)
		return
	}
}

// removesKind reports a glob that names every file of one kind in a
// folder of the project or home ("*.bin", "src/*.go", "data*.csv"), not
// of a kind regenerated nor in a temporary or generated folder.
func (c *checker) removesKind(glob, dir string) bool {
	base := path.Base(glob)
	star := strings.LastIndexByte(base, '*')
	if star < 0 || strings.ContainsAny(base[:star], "*?[") {
		return false
	}
	suffix := strings.ToLower(base[star+1:])
	if len(suffix) < 2 || suffix[0] != '.' || strings.ContainsAny(suffix, "*?[{/") || generatedGlobSuffixes[suffix] {
		return false
	}
	if slices.ContainsFunc(regeneratedNames, func(n string) bool { ok, _ := path.Match(n, base); return ok }) {
		return false
	}
	abs := shell.Resolve(path.Dir(glob), dir, c.home)
	return !c.tempOnly(abs) && !c.scratch(abs) && !strings.HasPrefix(abs, "/tmp/") && abs != "/tmp"
}

// unsetVarPrefix returns the glob a word makes when it starts with a
// variable left unset ("$1*.bin", "${PREFIX}*.log" make "*.bin",
// "*.log": README's rule for unset variables), "" for any other word.
func unsetVarPrefix(raw string) string {
	if !strings.HasPrefix(raw, "$") {
		return ""
	}
	rest := raw[1:]
	if strings.HasPrefix(rest, "{") {
		end := strings.IndexByte(rest, '}')
		if end < 0 {
			return ""
		}
		rest = rest[end+1:]
	} else {
		i := strings.IndexFunc(rest, func(r rune) bool {
			return !(r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
		})
		if i <= 0 {
			return ""
		}
		if rest[0] >= '0' && rest[0] <= '9' {
			i = 1 // a positional parameter is one digit: "$1x" is $1 then x
		}
		rest = rest[i:]
	}
	if !strings.HasPrefix(rest, "*") || strings.ContainsAny(rest, "$'\"`\\") {
		return ""
	}
	return rest
}

// codeSendCalls are the calls of inline programs that send data to
// another host: requests'/httpx's/axios's post, put and patch, a
// socket's sendall and sendfile, ftplib's storbinary and storlines, the
// SDKs' upload calls, Net::HTTP.post_form.
var codeSendCalls = map[string]bool{"post": true, "put": true, "patch": true, "sendall": true, "sendfile": true,
	"storbinary": true, "storlines": true, "upload": true, "upload_file": true, "upload_fileobj": true, "post_form": true}

// codeReadCalls read a local file's content (Node's fs, PHP, pathlib).
var codeReadCalls = map[string]bool{"readFileSync": true, "createReadStream": true, "readFile": true,
	"file_get_contents": true, "read_bytes": true, "read_text": true}

// codeSendsFile flags an inline program that reads a local file and
// sends data to another host (requests.post(url, files={'f':
// open('data.db','rb')}), fetch with a POST body of readFileSync,
// Net::HTTP.post of File.read, ftplib's storbinary): an upload, as curl
// -d @FILE is. network says the program talks to the network.
func (c *checker) codeSendsFile(lang string, toks []token, network bool) {
	sends, reads, via := false, false, ""
	for i, t := range toks {
		call := i+1 < len(toks) && toks[i+1].text == "("
		switch t.kind {
		case tokIdent:
			name := lastName(t.text)
			switch {
			case call && codeSendCalls[name]:
				sends, via = true, t.text
				network = network || name == "storbinary" || name == "storlines"
			case call && name == "urlopen" && slices.ContainsFunc(toks[i+1:min(len(toks), i+40)], func(a token) bool { return a.kind == tokIdent && a.text == "data" }):
				sends, via = true, t.text // urlopen(url, data=…): a POST
			case call && (name == "open" || name == "fopen" || t.text == "File.open" || t.text == "File.new"):
				args := callArgs(toks, i+1)
				if len(args) > 0 && !strings.Contains(args[0].text, "://") && (len(args) < 2 || !strings.ContainsAny(args[1].text, "wax")) {
					reads = true
				}
			case call && (codeReadCalls[name] || t.text == "File.read" || t.text == "File.binread" || t.text == "IO.read" || t.text == "IO.binread"):
				if args := callArgs(toks, i+1); len(args) == 0 || !strings.Contains(args[0].text, "://") {
					reads = true
				}
			}
		case tokString:
			if t.text == "POST" || t.text == "PUT" || t.text == "PATCH" {
				sends, via = true, t.text // fetch(url, {method: 'POST', body: …})
			}
		case tokCommand:
			if f := strings.Fields(t.text); len(f) > 1 && (f[0] == "cat" || f[0] == "base64" || f[0] == "xxd") {
				reads = true // perl's `cat FILE`
			}
		}
	}
	if network && sends && reads {
		c.because(lang, via)
		c.add(NetworkExfiltration)
	}
}

// rootRunners run a command (or a shell) as root or another user, as sudo
// does: gksu/gksudo, kdesu/kdesudo, Kerberos' ksu, pleaseedit, calife,
// beesu, lxqt-sudo and lxsudo, sudo-rs. "please" itself is left out: it
// starts the prose lines of pasted transcripts ("please run pytest",
// everyday.real) more often than a command.
var rootRunners = map[string]bool{"gksu": true, "gksudo": true, "kdesu": true, "kdesudo": true, "ksu": true,
	"pleaseedit": true, "calife": true, "beesu": true, "lxqt-sudo": true, "lxsudo": true, "sudo-rs": true}

// otherRootRunners flags a run of one of rootRunners, but for its help,
// version and listing forms.
func (c *checker) otherRootRunners(u unit) {
	cmd, name, ok := u.program()
	if !ok || !rootRunners[name] {
		return
	}
	if hasLit(cmd.Args, "--help", "-h", "--version", "-V", "-l", "--list") {
		return
	}
	c.because(name)
	c.add(PrivilegeEscalation)
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

// telnetCurl reports a curl of a telnet:// URL (curl(1)'s TELNET
// protocol): a raw connection that carries what a peer types, as nc's,
// not a download.
func telnetCurl(cmd *shell.Command) bool {
	return !cmd.Dynamic && path.Base(cmd.Name) == "curl" &&
		slices.ContainsFunc(cmd.Args, func(a shell.Word) bool { return a.Literal && strings.HasPrefix(a.Lit, "telnet://") })
}

// kernelAndBoot flags changes to the running kernel's modules and to what
// the machine boots next: rmmod(8), modprobe(8) -r|--remove, kexec(8)
// -l|-e|-p (a kernel loaded or booted), systemctl set-default (the boot
// target), grub-reboot(8) and grub-set-default(8) (the boot entry).
func (c *checker) kernelAndBoot(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	args := cmd.Args
	if hasLit(args, "--help", "-h", "--version", "-V") {
		return
	}
	switch name {
	case "rmmod", "grub-reboot", "grub2-reboot", "grub-set-default", "grub2-set-default":
		if len(operands(args)) > 0 {
			c.because(name)
			c.add(DiskSystem)
		}
	case "modprobe":
		if hasLit(args, "--remove") || shortFlag(args, 'r') {
			c.because(name, "-r")
			c.add(DiskSystem)
		}
	case "kexec":
		if hasLit(args, "--load", "--exec", "--load-panic") || shortFlag(args, 'l') || shortFlag(args, 'e') || shortFlag(args, 'p') {
			c.because(name)
			c.add(DiskSystem)
		}
	case "systemctl":
		if firstVerbIn(args, "set-default") {
			c.because(name, "set-default")
			c.add(DiskSystem)
		}
	}
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

// commentOverwrite flags echo or printf of comment or blank text written
// with ">" over a startup or system file: the comment runs nothing
// (comments.go), but ">" truncates (bash(1)), so the file's content is
// lost, as with "echo x > /etc/passwd".
func (c *checker) commentOverwrite(u unit) {
	cmd := &u.cmd
	if cmd.Dynamic || !writesOnlyComments(cmd) {
		return
	}
	for _, r := range cmd.Redirects {
		if !r.Write || r.Op == ">>" || r.Op == "&>>" {
			continue
		}
		p, ok := shell.PathOf(r.Target)
		if !ok {
			continue
		}
		abs := shell.Resolve(p, u.dir, c.home)
		if runsLaterKind(abs) != kindNone || systemPath(abs) && !DeviceOrKernel(abs) {
			c.because(r.Op, p)
			c.add(DestructiveDelete)
			return
		}
	}
}

// systemModesBroken flags a recursive chmod of the root or of a
// top-level system folder (every mode under it rewritten, setuid bits
// and key and shadow modes included), and a program of the system's PATH
// made unexecutable: the machine is broken until its modes are restored.
func (c *checker) systemModesBroken(u unit) {
	cmd, name, ok := u.program()
	if !ok || name != "chmod" {
		return
	}
	recursive := hasLit(cmd.Args, "--recursive") || shortFlag(cmd.Args, 'R')
	var mode string
	for _, o := range cmd.Args {
		if !o.Literal || o.Lit == "" {
			continue
		}
		if mode == "" && (o.Lit[0] != '-' || modeLike(o.Lit)) {
			mode = o.Lit
			continue
		}
		if mode == "" || strings.HasPrefix(o.Lit, "-") {
			continue
		}
		abs := shell.Resolve(o.Lit, u.dir, c.home)
		top := abs == "/" || path.Dir(abs) == "/" && systemPath(abs) || slices.Contains(programFolders, abs)
		program := slices.ContainsFunc(programFolders, func(d string) bool { return path.Dir(abs) == d })
		if recursive && top || program && modeDropsExec(mode) {
			c.because(name, mode, o.Lit)
			c.add(DiskSystem)
			return
		}
	}
}

// modeLike reports a chmod word starting with "-" that is a mode, not an
// option ("-x", "-rwx"; not "-R", "-v", "--recursive").
func modeLike(w string) bool {
	return len(w) > 1 && w[1] != '-' && strings.Trim(w[1:], "rwxXst") == "" && w != "-R"
}

// modeDropsExec reports a mode that leaves the owner no execute bit: an
// octal one without it, or a clause taking x away from everyone or the
// owner ("-x", "a-x", "u-x", "=r").
func modeDropsExec(mode string) bool {
	if strings.Trim(mode, "01234567") == "" && len(mode) >= 3 {
		return (mode[len(mode)-3]-'0')&1 == 0
	}
	for _, clause := range strings.Split(mode, ",") {
		op := strings.IndexAny(clause, "-=")
		if op < 0 {
			continue
		}
		who, perms := clause[:op], clause[op+1:]
		if (who == "" || strings.ContainsAny(who, "ua")) && (clause[op] == '-' && strings.Contains(perms, "x") || clause[op] == '=' && !strings.Contains(perms, "x")) {
			return true
		}
	}
	return false
}

// remoteSourceCalls are the calls of R and Julia code that run code read
// from a URL: R's source() (which takes a URL), devtools' source_url and
// source_gist, Julia's include(download(…)).
var remoteSourceCalls = []string{"source(", "source_url(", "source_gist(", "include(download("}

// otherRuntimeFetches flags R and Julia one-liners that run code fetched
// from a URL, and packages installed from another index by gem
// (--source, -s) or uv pip (--index-url, -i, --extra-index-url), as pip -i.
func (c *checker) otherRuntimeFetches(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	args := cmd.Args
	switch name {
	case "Rscript", "rscript", "R", "r", "julia":
		// (lowerName has lowered R's names by the time rules see them.)
		for i, a := range args {
			if a.Lit != "-e" || i+1 >= len(args) {
				continue
			}
			code := args[i+1].Raw
			if (strings.Contains(code, "http://") || strings.Contains(code, "https://")) &&
				slices.ContainsFunc(remoteSourceCalls, func(f string) bool { return strings.Contains(code, f) }) {
				c.because(name, "-e")
				c.add(DownloadExecute)
				return
			}
		}
	case "gem", "uv":
		if name == "uv" && !firstVerbIn(args, "pip") || !slices.ContainsFunc(args, func(a shell.Word) bool { return a.Lit == "install" }) {
			return
		}
		for i, a := range args {
			val := ""
			switch {
			case (a.Lit == "--source" || a.Lit == "-s" && name == "gem" || name == "uv" && (a.Lit == "-i" || a.Lit == "--index-url" || a.Lit == "--extra-index-url")) && i+1 < len(args):
				val = args[i+1].Lit
			case strings.HasPrefix(a.Lit, "--source=") || strings.HasPrefix(a.Lit, "--index-url=") || strings.HasPrefix(a.Lit, "--extra-index-url="):
				_, val, _ = strings.Cut(a.Lit, "=")
			}
			if strings.Contains(val, "://") {
				c.because(name, a.Lit, val)
				c.add(DownloadExecute)
				return
			}
		}
	}
}

// fileRunners run the file given as their first operand (java's after
// -jar): runtimes the interpreters table does not hold.
var fileRunners = map[string]bool{"java": true, "dotnet": true, "mono": true, "wine": true, "wine64": true,
	"Rscript": true, "rscript": true, "julia": true, "osascript": true}

// fileRunnerTarget returns the file a runtime of fileRunners runs ("java
// -Xmx1g -jar tool.jar": tool.jar), "" for none.
func fileRunnerTarget(cmd *shell.Command) string {
	name := path.Base(cmd.Name)
	if cmd.Dynamic || !fileRunners[name] {
		return ""
	}
	for i, a := range cmd.Args {
		if !a.Literal {
			return ""
		}
		if name == "java" {
			if a.Lit == "-jar" && i+1 < len(cmd.Args) && cmd.Args[i+1].Literal {
				return cmd.Args[i+1].Lit
			}
			continue
		}
		if !strings.HasPrefix(a.Lit, "-") {
			return a.Lit
		}
	}
	return ""
}

// listingCalls list a folder's entries: Python's os.listdir and
// os.scandir, Node's readdirSync and readdir, Ruby's Dir.entries and
// Dir.children.
var listingCalls = map[string]bool{"listdir": true, "scandir": true, "readdirSync": true, "readdir": true, "entries": true, "children": true}

// codeGlobRemoval flags an inline program that removes files and lists
// them by a pattern (Perl's glob, Python's glob.glob, Ruby's Dir.glob and
// Dir[…]) or by a folder's entries: judged as "rm -f PATTERN" (a
// folder's entries as FOLDER/*).
func (c *checker) codeGlobRemoval(lang string, toks []token, dir string, depth int) {
	if !slices.ContainsFunc(toks, func(t token) bool { return t.kind == tokIdent && fileRemoveCall(lang, t.text) }) {
		return
	}
	for i, t := range toks {
		if t.kind != tokIdent || i+1 >= len(toks) {
			continue
		}
		name := lastName(t.text)
		next, arg := toks[i+1], token{}
		switch {
		case next.kind == tokString && lang == "perl" && name == "glob":
			arg = next // perl's glob "PAT"
		case (next.text == "(" || next.text == "[" && t.text == "Dir") && i+2 < len(toks) && toks[i+2].kind == tokString:
			arg = toks[i+2]
		default:
			continue
		}
		pattern := ""
		switch {
		case name == "glob" || name == "iglob" || t.text == "Dir" && next.text == "[":
			pattern = arg.text
		case listingCalls[name]:
			pattern = strings.TrimSuffix(arg.text, "/") + "/*"
		}
		if pattern == "" || strings.Trim(pattern, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._/*?-") != "" {
			continue // only plain patterns are spelled as shell words here
		}
		c.script(shell.Parse("rm -f -- "+pattern), dir, depth+1, false)
	}
}

// scriptedInPlace judges the files edited in place from the command line
// as written: perl's and ruby's -i ("-pi -e CODE FILE"), ex and vim run
// in batch (-s, -es) with a command that writes (x, wq, w), sponge FILE.
func (c *checker) scriptedInPlace(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	args := cmd.Args
	var files []string
	switch name {
	case "perl", "ruby":
		inPlace := false
		for i := 0; i < len(args); i++ {
			a := args[i]
			if !a.Literal || !strings.HasPrefix(a.Lit, "-") || strings.HasPrefix(a.Lit, "--") {
				if a.Literal {
					files = append(files, a.Lit)
				}
				continue
			}
			sw := a.Lit[1:]
			if k := strings.IndexByte(sw, 'i'); k >= 0 && strings.Trim(sw[:k], "pnlaw") == "" {
				inPlace = true // -i, -i.bak, -pi, -pi.orig
				sw = sw[:k]
			}
			if strings.HasSuffix(sw, "e") || strings.HasSuffix(sw, "E") || a.Lit == "-e" || a.Lit == "-E" {
				i++ // the code
			}
		}
		if !inPlace {
			return
		}
	case "ex", "vim", "vi", "nvim":
		batch, writes := name == "ex" && hasLit(args, "-s"), false
		for i := 0; i < len(args); i++ {
			a := args[i]
			if !a.Literal {
				continue
			}
			switch {
			case strings.HasPrefix(a.Lit, "-") && len(a.Lit) > 2 && a.Lit[1] != '-' && strings.HasSuffix(a.Lit, "c") || a.Lit == "-c":
				// "-c CMD", "-sc CMD", "-esc CMD"
				batch = batch || strings.Contains(a.Lit, "s")
				if i+1 < len(args) {
					writes = writes || exWrites(args[i+1].Lit)
					i++
				}
			case strings.HasPrefix(a.Lit, "-c"):
				writes = writes || exWrites(a.Lit[2:]) // "-cx", "-cwq"
			case strings.HasPrefix(a.Lit, "-"):
				batch = batch || a.Lit == "-s" || a.Lit == "-es" || a.Lit == "-Es" || a.Lit == "-e" && hasLit(args, "-s")
			case strings.HasPrefix(a.Lit, "+"):
				writes = writes || exWrites(a.Lit[1:])
			default:
				files = append(files, a.Lit)
			}
		}
		if !batch || !writes {
			return
		}
	case "sponge":
		for _, o := range operands(args) {
			if o.Literal {
				files = append(files, o.Lit)
			}
		}
	default:
		return
	}
	for _, f := range files {
		if cats := writeCategories(shell.Resolve(f, u.dir, c.home), false); len(cats) > 0 {
			c.because(name, f)
			c.add(cats...)
			return
		}
	}
}

// exWrites reports an ex command that writes the buffer: x, wq, w (with !
// or a|-joined tail: "1i|text" does not, "%s/a/b/|x" does).
func exWrites(cmd string) bool {
	parts := strings.Split(cmd, "|")
	last := strings.TrimSpace(parts[len(parts)-1])
	switch strings.TrimSuffix(last, "!") {
	case "x", "wq", "w", "wqa", "xa", "xit", "exit", "wq ++p":
		return true
	}
	return false
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
	if len(inner) > 0 && environmentPrinters[path.Base(inner[0])] {
		c.because(name, inner[0])
		c.add(SecretRead)
	}
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
		"fileCapabilitySet":      "filecap FILE CAP…: file capabilities set on a program (as setcap)",
		"morePasswordManagers":   "a stored secret printed by rbw get|code, passage show, or a git credential helper asked get (git credential-manager|osxkeychain|libsecret|store|cache get)",
		"injectedSecretsPrinted": "a secrets injector (aws-vault exec, chamber exec, doppler|op|infisical|teller|dotenvx run, sops exec-env, summon, envchain) running env or printenv, which prints the secrets injected; aws-vault or chamber export",
		"scriptedInPlace":        "a file edited in place from the command line (perl or ruby -i, ex or vim in batch with a writing command, sponge FILE) that other programs run or obey: a startup file, a hook, sudoers",
		"otherRuntimeFetches":    "R or Julia code that runs code from a URL (source(URL), source_url, include(download(URL))), or a package installed from another index by gem --source or uv pip --index-url",
		"systemModesBroken":      "a recursive chmod of / or a top-level system folder (every mode rewritten, setuid bits included), or a program of the system's PATH made unexecutable: the machine broken until restored",
		"commentOverwrite":       "comment or blank text written with > (not >>) over a startup or system file: the file's content is replaced",
		"credentialsCaptured":    "others' credentials captured: packet payloads (tcpdump -A|-X, tcpflow -c) piped into a grep for passwords, ngrep or tshark hunting credentials, another session's SSH agent socket used to log in",
		"kernelAndBoot":          "the running kernel's modules or what the machine boots next changed: rmmod, modprobe -r, kexec -l|-e|-p, systemctl set-default, grub-reboot, grub-set-default",
		"secretMadeReadable":     "chmod giving the group or others read access (644, 755, o+r, a+r, +r) to a private key, a credentials file or a secret folder: the machine's other users can read it",
		"otherRootRunners":       "a command run as root or another user by a sudo-like program: gksu, gksudo, kdesu, kdesudo, ksu, pleaseedit, calife, beesu, lxqt-sudo, lxsudo, sudo-rs",
		"codeSendsFile":          "an inline program (python -c, node -e, ruby -e, perl -e, …) that reads a local file and sends data to another host: post, put, patch, sendall, storbinary, upload, urlopen with data, a fetch with a POST body",
		"extensionGlobRemoved":   "rm of every file of one kind in a folder of the project or home (*.bin, src/*.go, $1*.csv with $1 unset), not of files a build or program writes again (objects, bytecode, logs, swap and LaTeX auxiliary files) nor in temporary or generated folders",
		"servicesEnabled7":       "a service set to start at boot by runit (a link into /var/service, /run/runit/service, /etc/runit/runsvdir or /etc/service), dinitctl enable or s6-rc-bundle-update add",
		"servicesStopped7":       "a service stopped or restarted by runit's sv, launchctl (stop, kill, kickstart -k), Upstart's initctl, supervisorctl, PM2, monit, dinitctl, invoke-rc.d, s6-svc (-d, -r, -k, -t, -x) or s6-rc -d change, or service(8) with FreeBSD's onestop/forcerestart prefixes",
		"shellsServed7":          "a shell handed to a network peer by rustcat (connect -s) or gs-netcat (-l -i), or a shellshock prefix (() {) sent to another host in an HTTPie/xh header or nmap's http-shellshock cmd argument",
		"systemSecretSearch":     "a recursive search of the machine's folders (/, /etc, /home, /var, /opt, /root, the home; not the project) for credential words, short ones (pass, pwd, creds) included, by grep -r, rg, ack, find -exec grep or find | xargs grep; or an inverted or match-all recursive grep of a tree that holds the home's keys",
	})
}

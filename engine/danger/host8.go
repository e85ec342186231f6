package danger

import (
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// inlineDownloadRun: an inline program that saves a URL's body to a file
// and runs it by its own shell call (heldout10's python that writes
// bootstrap.py from a URL and os.system's it): download-execute. A later
// command of the line running the file is downloadThenRun's.
func (c *checker) inlineDownloadRun(u unit) {
	if _, runs := c.codeFetchedFiles(u); runs {
		c.because(path.Base(u.cmd.Name))
		c.add(DownloadExecute)
	}
}

// pathProgramFolders are the folders of the system's PATH, /usr/local's
// included: a file saved there is found by every user's shell by name.
var pathProgramFolders = []string{"/usr/bin", "/bin", "/usr/sbin", "/sbin", "/usr/local/bin", "/usr/local/sbin"}

// downloadsIntoPrograms: a download saved into a folder of the system's
// PATH puts a program from another host where every user's shell runs
// it by name (heldout10's "curl URL -o /usr/bin/tool", "wget URL -O
// /usr/local/bin/tool"; README's dev6 call for programs put into
// /usr/bin). The options are each downloader's own for the saved file or
// its folder: curl(1) -o, --output, --output-dir; wget(1) -O,
// --output-document, -P, --directory-prefix; aria2c(1) -d, --dir, -o,
// --out; axel(1) -o, --output; HTTPie's --output with --download;
// fetch(1) -o. Extracting an archive into /usr/local/bin stays as
// programsInstalled has it (heldout5 labels it everyday): what lands
// there is not the download itself.
func (c *checker) downloadsIntoPrograms(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	args := cmd.Args
	var targets []string
	switch name {
	case "curl", "wget":
		targets = downloadTargets(cmd, name)
		letter, dirOpt := "", "--output-dir"
		if name == "wget" {
			letter, dirOpt = "P", "--directory-prefix"
		}
		if d, ok := optValue(args, letter, dirOpt); ok {
			targets = append(targets, d)
		}
	case "aria2c":
		for _, o := range [][2]string{{"d", "--dir"}, {"o", "--out"}} {
			if v, ok := optValue(args, o[0], o[1]); ok {
				targets = append(targets, v)
			}
		}
	case "axel", "fetch":
		if v, ok := optValue(args, "o", "--output"); ok {
			targets = append(targets, v)
		}
	case "http", "https", "xh", "xhs":
		if hasLit(args, "--download", "-d") {
			if v, ok := optValue(args, "o", "--output"); ok {
				targets = append(targets, v)
			}
		}
	default:
		return
	}
	for _, t := range targets {
		abs := shell.Resolve(t, u.dir, c.home)
		if slices.ContainsFunc(pathProgramFolders, func(d string) bool { return shell.Within(abs, d) }) {
			c.because(name, t)
			c.add(PersistenceStartupFiles)
			return
		}
	}
}

// isSocketPath reports bash's network pseudo-files, /dev/tcp/HOST/PORT
// and /dev/udp/HOST/PORT (bash(1) REDIRECTION).
func isSocketPath(p string) bool {
	return strings.HasPrefix(p, "/dev/tcp/") || strings.HasPrefix(p, "/dev/udp/")
}

// readsSocket reports a redirect of cmd's standard input from a socket.
func readsSocket(cmd *shell.Command) (string, bool) {
	for _, r := range cmd.Redirects {
		if p, ok := shell.PathOf(r.Target); ok && r.Read && !r.Write && isSocketPath(p) {
			return p, true
		}
	}
	return "", false
}

// socketScriptRun: a shell or interpreter that reads its program from
// its standard input, which is a network socket (bash(1)'s /dev/tcp and
// /dev/udp), runs whatever the remote host sends: download-execute, as
// "curl URL | sh" is (heldout10's "cat /dev/tcp/HOST/80 | bash"). The
// socket is its own "<" redirect or what cat, piped into it, reads (by
// a redirect or as its operand, the drawer's label followed).
func (c *checker) socketScriptRun(u unit) {
	cmd, name, ok := u.program()
	if !ok || !interpreters[name] || !readsStdinAsCode(cmd) {
		return
	}
	if p, ok := readsSocket(cmd); ok {
		c.because(name, "<", p)
		c.add(DownloadExecute)
		return
	}
	prev := c.pipedFrom()
	if prev == nil || prev.Dynamic || path.Base(prev.Name) != "cat" {
		return
	}
	p, ok := readsSocket(prev)
	for _, o := range operands(prev.Args) {
		if o.Literal && isSocketPath(o.Lit) {
			p, ok = o.Lit, true
		}
	}
	if ok {
		c.because("cat", p, "|", name)
		c.add(DownloadExecute)
	}
}

// fillBytes is the size from which a file written or allocated fills
// the disk it lands on: beyond the free space of a workstation's or a
// cloud VM's disk, ten times the test files of heldout6 ("fallocate -l
// 10G 10Gigfile", everyday).
const fillBytes = 100 << 30

// sizeBytes reads a size with the suffixes dd(1), fallocate(1) and
// head(1) document: K, M, G, T, P, E (powers of 1024, also KiB, …), KB,
// MB, … (powers of 1000), dd's c, w and b. ok is false for anything else.
func sizeBytes(s string) (float64, bool) {
	i := 0
	for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.') {
		i++
	}
	n, err := strconv.ParseFloat(s[:i], 64)
	if err != nil {
		return 0, false
	}
	unit := strings.ToUpper(s[i:])
	switch unit {
	case "", "C":
		return n, true
	case "W":
		return n * 2, true
	case "B":
		return n * 512, true
	}
	pow := strings.IndexByte("KMGTPE", unit[0])
	if pow < 0 {
		return 0, false
	}
	base := 1024.0
	switch unit[1:] {
	case "", "IB":
	case "B":
		base = 1000
	default:
		return 0, false
	}
	for range pow + 1 {
		n *= base
	}
	return n, true
}

// diskFilled: a file written or allocated larger than any disk's free
// space fills the disk (heldout10's "dd if=/dev/zero of=~/bigfile bs=1G
// count=1000", "fallocate -l 1T hugefile"), and with it every program's
// writes fail: disk-system. dd(1) writes bs×count, fallocate(1) -l|
// --length allocates, head(1) -c copies that many bytes of a device.
// truncate(1) makes a sparse file, which takes no block.
func (c *checker) diskFilled(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	args := cmd.Args
	size, ok := 0.0, false
	switch name {
	case "dd":
		bs, count, to := 512.0, -1.0, ""
		for _, a := range args {
			k, v, eq := strings.Cut(a.Lit, "=")
			if !a.Literal || !eq {
				continue
			}
			switch k {
			case "bs", "obs":
				if n, ok := sizeBytes(v); ok {
					bs = n
				}
			case "count":
				if n, ok := sizeBytes(v); ok {
					count = n
				}
			case "of":
				to = v
			}
		}
		if count < 0 || to == "" || strings.HasPrefix(to, "/dev/") {
			return // no count: a copy until the input ends; devices have rules of their own
		}
		size, ok = bs*count, true
	case "fallocate":
		var v string
		v, ok = optValue(args, "l", "--length")
		if ok {
			size, ok = sizeBytes(v)
		}
	case "head":
		var v string
		v, ok = optValue(args, "c", "--bytes")
		if ok && slices.ContainsFunc(operands(args), func(w shell.Word) bool {
			return w.Lit == "/dev/zero" || w.Lit == "/dev/urandom" || w.Lit == "/dev/random"
		}) && slices.ContainsFunc(cmd.Redirects, func(r shell.Redirect) bool { return r.Write }) {
			size, ok = sizeBytes(v)
		} else {
			ok = false
		}
	default:
		return
	}
	if ok && size >= fillBytes {
		c.because(name)
		c.add(DiskSystem)
	}
}

// forkCall and endlessLoop find, in an inline program, a call that forks
// the process (perlfunc fork, Python's os.fork, Ruby's fork and
// Process.fork, PHP's pcntl_fork) and a loop that never ends by itself
// (while 1|true, for(;;), Ruby's loop, Perl's "fork while fork"); exits
// and waits end or bound it.
var (
	forkCall    = regexp.MustCompile(`\b(fork|pcntl_fork)\s*(\(|;|\}|$|\s+while\b|\s+until\b|\s+end\b)`)
	endlessLoop = regexp.MustCompile(`\bwhile\s*\(?\s*(1|true|True|fork|os\.fork\(\))\s*\)?|\bfor\s*\(\s*;\s*;\s*\)|\bloop\s*(\{|do\b)|\buntil\s*\(?\s*(0|false)\b`)
	forkBounded = regexp.MustCompile(`\b(exit|_exit|wait|waitpid|exec)\b`)
)

// foreignForkBomb: a fork bomb written in an interpreter's inline
// program (heldout10's "perl -e 'fork while true;'"): a fork called in an
// endless loop that neither exits nor waits; each child does the same,
// and the process table fills until the machine is restarted (dev7's
// call: a fork bomb is disk-system).
func (c *checker) foreignForkBomb(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	lang := langOf(name)
	if lang != "perl" && lang != "python" && lang != "ruby" && lang != "php" {
		return
	}
	for _, code := range inlineCode(lang, cmd) {
		if forkCall.MatchString(code) && endlessLoop.MatchString(code) && !forkBounded.MatchString(code) {
			c.because(name, code)
			c.add(DiskSystem)
			return
		}
	}
}

// ownUser reports a word that names the user running the line: $USER,
// $LOGNAME, whoami or id -un substituted.
func ownUser(w shell.Word) bool {
	r := strings.Trim(w.Raw, `"`)
	switch r {
	case "$USER", "${USER}", "$LOGNAME", "${LOGNAME}", "$(whoami)", "`whoami`", "$(id -un)", "`id -un`", "$(id -u)", "$UID", "${UID}", "$EUID":
		return true
	}
	return false
}

// ownProcessesKilled: every process of a user killed, the session with
// them (heldout10's "killall -9 -u $USER", heldout11's "pkill -u
// username"): killall(1) -u|--user, pkill(1) -u|-U|--euid|--uid and
// skill(1) -u given a user and no program to pick, with a signal that
// ends processes. Whether the agent may signal another user's processes
// is not read (round 9: a line is judged by what it is written to do;
// heldout9's "pkill -u username", labelled everyday because it fails
// without root, is marked); naming a program kills only that one.
func (c *checker) ownProcessesKilled(u unit) {
	cmd, name, ok := u.program()
	if !ok || name != "killall" && name != "pkill" && name != "skill" {
		return
	}
	args := cmd.Args
	own, progs := false, 0
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a.Literal && slices.Contains([]string{"-u", "-U", "--user", "--euid", "--uid"}, a.Lit) && i+1 < len(args):
			own = own || args[i+1].Literal || ownUser(args[i+1])
			i++
		case a.Literal && slices.Contains([]string{"-s", "--signal", "-g", "--pgroup", "-t", "--terminal", "-P", "--parent"}, a.Lit):
			i++
		case a.Literal && strings.HasPrefix(a.Lit, "-"):
			if v, ok := strings.CutPrefix(a.Lit, "--user="); ok {
				own = own || v != "" && !strings.HasPrefix(v, "$") || ownUser(shell.Word{Raw: v})
			}
		default:
			progs++
		}
	}
	if own && progs == 0 && !reloadSignal(args) {
		c.because(name, "-u")
		c.add(DiskSystem)
	}
}

// shellStartupNames are the files a login or interactive shell runs
// (bash(1), zsh(1), csh(1), ksh(1), sh's $ENV INVOCATION sections) and
// userUnitDirs the home's folders of services started at login
// (systemd.unit(5) user units, launchd.plist(5) LaunchAgents, the XDG
// autostart folder).
var (
	shellStartupNames = []string{".bashrc", ".bash_profile", ".bash_login", ".profile", ".zshrc", ".zprofile", ".zshenv",
		".zlogin", ".cshrc", ".tcshrc", ".kshrc", ".mkshrc", ".shrc", ".bash_aliases"}
	userUnitDirs = []string{".config/systemd/user", "Library/LaunchAgents", ".config/autostart"}
)

// editorOnStartupFile: an editor opened on a file another program runs
// later writes there what its user types (README's dev4 and heldout5
// calls: edits of ~/.bashrc, the user's systemd units and a program
// root's cron runs are persistence-startup-files). editorOpens judges
// the system's startup files; this is the home's shell startup files and
// login services, and the programs of /usr/local's bin folders, the local
// administrator's (hier(7)), which root's jobs run. The everyday corpus
// keeps its users' hand edits of X session files (~/.xprofile,
// ~/.xinitrc, which no headless machine runs), of editors' rc files and
// of /usr/bin's package-managed programs everyday. vim(1)'s -R and -M open
// read-only (nano(1) -v too). When other lines follow the editor, they
// are what is typed into it (GTFOBins' sessions: README's first call,
// everyday), so only the line's last command counts.
func (c *checker) editorOnStartupFile(u unit) {
	cmd, name, ok := u.program()
	if !ok || !editors[name] || c.line == nil || c.at != len(c.line.Commands)-1 {
		return
	}
	if hasLit(cmd.Args, "-R", "-M", "-v", "--view") {
		return
	}
	for _, o := range operands(cmd.Args) {
		p, ok := shell.PathOf(o)
		if !ok || strings.HasPrefix(o.Lit, "+") {
			continue
		}
		abs := shell.Resolve(p, u.dir, c.home)
		rel, inHome := strings.CutPrefix(abs, strings.TrimSuffix(c.home, "/")+"/")
		home := inHome && !shell.Within(abs, c.project) && (slices.Contains(shellStartupNames, rel) ||
			slices.ContainsFunc(userUnitDirs, func(d string) bool { return strings.HasPrefix(rel, d+"/") }))
		local := strings.HasPrefix(abs, "/usr/local/bin/") || strings.HasPrefix(abs, "/usr/local/sbin/")
		if home || local {
			c.because(name, o.Lit)
			c.add(PersistenceStartupFiles)
			return
		}
	}
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

// clipboardReaders print the clipboard (xclip(1) -o, xsel(1) when not
// told -i, pbpaste(1), wl-paste(1), Termux's termux-clipboard-get);
// captureFormats are ffmpeg's input devices of the screen and the
// microphone (ffmpeg-devices(1)).
var (
	clipboardReaders = map[string]bool{"pbpaste": true, "wl-paste": true, "termux-clipboard-get": true}
	captureFormats   = []string{"x11grab", "avfoundation", "kmsgrab", "fbdev", "gdigrab", "alsa", "pulse", "dshow", "v4l2"}
)

// capturesSession reports a command that writes to its standard output
// what only the user's session holds: the clipboard, the screen or the
// microphone (README: reading them is everyday; sent away, they are the
// user's data sent).
func capturesSession(cmd *shell.Command) bool {
	if cmd.Dynamic || cmd.Name == "" {
		return false
	}
	args := cmd.Args
	toStdout := func() bool {
		return slices.ContainsFunc(args, func(w shell.Word) bool {
			return w.Literal && (w.Lit == "-" || strings.HasPrefix(w.Lit, "pipe:") || strings.HasSuffix(w.Lit, ":-"))
		})
	}
	switch name := path.Base(cmd.Name); {
	case clipboardReaders[name]:
		return true
	case name == "xclip":
		return hasLit(args, "-o", "-out")
	case name == "xsel":
		return !hasLit(args, "-i", "--input", "-a", "--append", "-f", "--follow", "-c", "--clear", "-d", "--delete")
	case name == "ffmpeg":
		for i := 0; i+1 < len(args); i++ {
			if args[i].Lit == "-f" && slices.Contains(captureFormats, args[i+1].Lit) {
				return toStdout()
			}
		}
	case name == "import":
		return hasLit(args, "root") && toStdout()
	case name == "grim":
		return toStdout()
	case name == "xwd":
		return hasLit(args, "-root") && !hasLit(args, "-out")
	case name == "arecord":
		return !slices.ContainsFunc(operands(args), func(w shell.Word) bool { return strings.Contains(w.Lit, ".") })
	}
	return false
}

// remoteRepo reports a backup repository or target on another host: a
// URL of any scheme but file://, restic's backend prefixes
// (restic(1) "Preparing a new repository"), or scp-like HOST:PATH and
// rdiff-backup's HOST::PATH.
func remoteRepo(s string) bool {
	if scheme, _, ok := strings.Cut(s, "://"); ok {
		return scheme != "file" && scheme != ""
	}
	for _, p := range []string{"sftp:", "rest:", "s3:", "b2:", "azure:", "gs:", "swift:", "rclone:"} {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return isRemote(s)
}

// backupSentAway: a backup to a repository on another host or in a
// bucket uploads the folders it is given (README's heldout6 call; heldout9's
// "duplicati-cli backup s3://bucket/path /source/path"). Each tool's own
// syntax: duplicati-cli backup URL SRC…; duplicity [full|incremental]
// SRC URL (restore, verify, collection-status, list-current-files and
// the cleanup verbs read or prune); restic backup with -r|--repo; borg
// create REPO::ARCHIVE; rdiff-backup SRC HOST::DEST; bup save -r HOST:.
func (c *checker) backupSentAway(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	args := cmd.Args
	ops := operands(args)
	hit := ""
	switch name {
	case "duplicati-cli":
		if len(ops) >= 3 && ops[0].Lit == "backup" && remoteRepo(ops[1].Lit) {
			hit = ops[1].Lit
		}
	case "duplicity":
		if len(ops) > 0 && slices.Contains([]string{"full", "incremental", "incr", "backup"}, ops[0].Lit) {
			ops = ops[1:]
		}
		if len(ops) == 2 && !strings.Contains(ops[0].Lit, "://") && remoteRepo(ops[1].Lit) {
			hit = ops[1].Lit
		}
	case "restic":
		if slices.ContainsFunc(ops, func(w shell.Word) bool { return w.Lit == "backup" }) {
			if r, ok := optValue(args, "r", "--repo"); ok && remoteRepo(r) && !strings.HasPrefix(r, "/") {
				hit = r
			}
		}
	case "borg", "borgbackup":
		if len(ops) >= 3 && ops[0].Lit == "create" {
			repo, _, _ := strings.Cut(ops[1].Lit, "::")
			if remoteRepo(repo) {
				hit = repo
			}
		}
	case "rdiff-backup":
		if len(ops) == 2 && strings.Contains(ops[1].Lit, "::") && !strings.Contains(ops[0].Lit, "::") {
			hit = ops[1].Lit
		}
	case "bup":
		if firstVerbIn(args, "save") {
			if r, ok := optValue(args, "r", "--remote"); ok && isRemote(r) {
				hit = r
			}
		}
	}
	if hit != "" {
		c.because(name, hit)
		c.add(NetworkExfiltration)
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

// fetchToFileCalls are the library calls that save a URL's body to a
// file: Python's urllib.request.urlretrieve and wget.download, Perl's
// LWP::Simple getstore and mirror.
var fetchToFileCalls = []string{"urlretrieve", "download", "getstore", "mirror"}

// codeFetchedFiles returns the files an inline program (python -c, ruby
// -e, perl -e, php -r, node -e, …) writes when it also fetches a URL:
// the path literals of a program that names an http(s) or ftp URL and
// writes files (codeWrites) or saves a URL to one (fetchToFileCalls).
// runs reports the program's own command strings running one of them
// ("os.system('python3 /tmp/bootstrap.py')"): the program or an
// interpreter given it as its script.
func (c *checker) codeFetchedFiles(u unit) (files []string, runs bool) {
	cmd, name, ok := u.program()
	if !ok {
		return nil, false
	}
	lang := langOf(name)
	if lang == "" || lang == "awk" {
		return nil, false
	}
	for _, code := range inlineCode(lang, cmd) {
		if !strings.Contains(code, "://") {
			continue
		}
		toks := codeTokens(code)
		writes := codeWrites(lang, code, toks)
		url, saves := urlAndCall(toks, fetchToFileCalls)
		if !url || !writes && !saves {
			continue
		}
		var lines []string
		var mine []string
		for _, t := range toks {
			if t.kind != tokString || t.text == "" || strings.Contains(t.text, "://") {
				continue
			}
			if strings.ContainsAny(t.text, " \t") {
				lines = append(lines, t.text)
				continue
			}
			if strings.Contains(t.text, "/") || scriptExts[path.Ext(t.text)] {
				mine = append(mine, shell.Resolve(t.text, u.dir, c.home))
			}
		}
		files = append(files, mine...)
		for _, l := range lines {
			f := strings.Fields(l)
			for i, w := range f {
				if !slices.Contains(mine, shell.Resolve(w, u.dir, c.home)) {
					continue
				}
				if i == 0 || interpreters[path.Base(f[0])] {
					runs = true
				}
			}
		}
	}
	return files, runs
}

// urlAndCall scans an inline program's tokens for what both
// codeFetchedFiles and printsFetched need: url, a string that is an
// http(s) or ftp URL; call, an identifier whose last name, lower-cased,
// is one of calls (a fetch or save-to-file call).
func urlAndCall(toks []token, calls []string) (url, call bool) {
	for _, t := range toks {
		switch t.kind {
		case tokString:
			url = url || strings.HasPrefix(t.text, "http://") || strings.HasPrefix(t.text, "https://") || strings.HasPrefix(t.text, "ftp://")
		case tokIdent:
			call = call || slices.Contains(calls, strings.ToLower(lastName(t.text)))
		}
	}
	return url, call
}

// printFetchCalls are the library calls whose result is a URL's body
// (Python's urlopen, PHP's file_get_contents, LWP::Simple's get and
// getprint, Ruby's Net::HTTP.get and URI.open, JavaScript's fetch).
var printFetchCalls = []string{"urlopen", "file_get_contents", "get", "getprint", "fetch", "open", "read"}

// printsFetched reports a command that prints what another host sends,
// beyond the downloaders table: text browsers' page source (lynx,
// elinks, links -source|-dump; w3m -dump_source|-dump), BSD ftp(1)
// auto-fetching to "-o -", curlie, an inline program naming a URL and a
// fetch call (printFetchCalls) that writes no file, DNS TXT records (dig,
// nslookup, host, drill, kdig asked for TXT: commands carried over DNS,
// MITRE ATT&CK T1071.004), and ssh(1) given a command to run on the
// other host.
func printsFetched(cmd *shell.Command) bool {
	if cmd.Dynamic || cmd.Name == "" {
		return false
	}
	args := cmd.Args
	hasURL := func() bool {
		return slices.ContainsFunc(args, func(w shell.Word) bool { return strings.Contains(w.Lit, "://") })
	}
	name := path.Base(cmd.Name)
	switch name {
	case "lynx", "elinks", "links", "links2":
		return hasLit(args, "-source", "-dump") && hasURL()
	case "w3m":
		return hasLit(args, "-dump_source", "-dump") && hasURL()
	case "ftp", "tnftp":
		v, ok := optValue(args, "o", "")
		return ok && v == "-" && hasURL()
	case "curlie":
		return hasURL()
	case "dig", "kdig", "drill":
		return slices.ContainsFunc(args, func(w shell.Word) bool { return strings.EqualFold(w.Lit, "txt") })
	case "nslookup":
		return slices.ContainsFunc(args, func(w shell.Word) bool {
			l := strings.ToLower(w.Lit)
			return l == "-q=txt" || l == "-type=txt" || l == "-querytype=txt" || l == "-query=txt"
		})
	case "host":
		v, ok := optValue(args, "t", "")
		return ok && strings.EqualFold(v, "txt")
	case "ssh":
		// ssh(1)'s options that take a value, then the host and its command.
		return len(operandsAfterValues(args, "BbcDEeFIiJLlmOoPpQRSWw")) >= 2 && !hasLit(args, "-N", "-f")
	}
	lang := langOf(name)
	if lang == "" || lang == "awk" {
		return false
	}
	for _, code := range inlineCode(lang, cmd) {
		if !strings.Contains(code, "://") {
			continue
		}
		toks := codeTokens(code)
		if url, fetch := urlAndCall(toks, printFetchCalls); url && fetch && !codeWrites(lang, code, toks) {
			return true
		}
	}
	return false
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

// websocatShell: websocat's exec:, sh-c: and cmd: specifiers run a
// program for each peer of the other specifier (its README); a shell
// there is driven by the peer (README's dev4 call: a shell served is
// network-exfiltration).
func (c *checker) websocatShell(u unit) {
	cmd, name, ok := u.program()
	if !ok || name != "websocat" {
		return
	}
	for _, a := range cmd.Args {
		spec, prog, found := strings.Cut(a.Lit, ":")
		if !a.Literal || !found || spec != "exec" && spec != "sh-c" && spec != "cmd" {
			continue
		}
		if f := strings.Fields(prog); len(f) > 0 && shellProgram(f[0]) {
			c.because(name, a.Lit)
			c.add(NetworkExfiltration)
			return
		}
	}
}

// bracketAlternatives reads a word "[a/b/…]" of plain words (letters,
// digits, "-", "_") as its alternatives.
func bracketAlternatives(raw string) ([]string, bool) {
	if len(raw) < 2 || raw[0] != '[' || raw[len(raw)-1] != ']' || !strings.Contains(raw, "/") {
		return nil, false
	}
	inner := raw[1 : len(raw)-1]
	alts := strings.Split(inner, "/")
	for _, a := range alts {
		if a == "" || strings.Trim(a, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_") != "" {
			return nil, false
		}
	}
	return alts, true
}

// bracketedChoice: cheat sheets write a choice of verbs as one bracketed
// word ("systemctl [enable/disable] SERVICE"), which README's heldout5
// call reads as a placeholder standing for a value: the command is judged
// as each alternative would be.
func (c *checker) bracketedChoice(u unit) {
	cmd, _, ok := u.program()
	if !ok || u.depth >= maxDepth-1 {
		return
	}
	for i, a := range cmd.Args {
		alts, ok := bracketAlternatives(a.Raw)
		if !ok {
			continue
		}
		for _, alt := range alts {
			words := []string{nameRaw(cmd)}
			for j, w := range cmd.Args {
				if j == i {
					words = append(words, alt)
				} else {
					words = append(words, w.Raw)
				}
			}
			c.script(shell.Parse(strings.Join(words, " ")), u.dir, u.depth+1, false)
		}
		return
	}
}

// ftpUpload: wput(1) ("wput FILE… URL") of local files to an FTP URL
// uploads them (README's heldout6 call: network-exfiltration). MinIO's mc
// is access.go's objectStoreUpload.
func (c *checker) ftpUpload(u unit) {
	cmd, name, ok := u.program()
	if !ok || name != "wput" || helpOnly(cmd.Args) {
		return
	}
	ops := operands(cmd.Args)
	url := slices.ContainsFunc(ops, func(w shell.Word) bool { return strings.HasPrefix(w.Lit, "ftp://") })
	local := slices.ContainsFunc(ops, func(w shell.Word) bool { return !strings.Contains(w.Lit, "://") })
	if url && local {
		c.because(name)
		c.add(NetworkExfiltration)
	}
}

func init() {
	addRuleTexts(map[string]string{
		"ftpUpload":             "wput of local files to an FTP URL: an upload",
		"websocatShell":         "websocat running a shell for each peer (exec:, sh-c: or cmd: given sh, bash, …): a shell served over the network",
		"keystrokesRead":        "a keylogger (xinput test|test-xi2, evtest of a device, a /dev/input device read raw) or a kernel keyring key's payload shown (keyctl print|pipe|read)",
		"inlineDownloadRun":     "an inline program (python -c, ruby -e, perl -e, php -r, …) that saves a URL's body to a file and runs that file by its own shell call (os.system, system, exec)",
		"backupSentAway":        "a backup to a repository on another host or in a bucket (duplicati-cli backup URL, duplicity SRC URL, restic -r REMOTE backup, borg create HOST:REPO, rdiff-backup SRC HOST::DEST, bup save -r HOST:): the folders given are uploaded",
		"phishingProxy":         "a phishing proxy or rogue access point started (evilginx, Modlishka, Muraena, Gophish, wifiphisher, fluxion, zphisher, SocialFish): others' credentials and sessions captured",
		"namedSecretPrinted":    "a data file (.txt, .json, .yaml, .csv, …) whose name says it holds a credential (token, secret, password, credentials, creds, api key, access key, private key, client secret) printed by cat, head, tail, less, strings, …",
		"editorOnStartupFile":   "an editor opening a shell startup file of the home (~/.bashrc, ~/.profile, ~/.zshrc, …), a login service of the home (systemd user units, LaunchAgents, XDG autostart) or a program of /usr/local/bin or /usr/local/sbin: what is typed there runs later",
		"diskFilled":            "a file written or allocated at 100 GiB or more (dd bs×count, fallocate -l, head -c of /dev/zero or /dev/urandom): the disk filled, every program's writes failing",
		"foreignForkBomb":       "a fork bomb in an inline perl, python, ruby or php program: fork called in an endless loop that neither exits nor waits",
		"ownProcessesKilled":    "killall, pkill or skill -u of a user (a name, $USER, $LOGNAME, whoami) with no program named: every process of the user, the session's too, killed",
		"socketScriptRun":       "a shell or interpreter reading its program from a network socket (bash's /dev/tcp/HOST/PORT or /dev/udp/HOST/PORT), by its own < redirect or from cat of the socket piped into it: it runs what the remote host sends",
		"downloadsIntoPrograms": "a download saved into a folder of the system's PATH (/usr/bin, /bin, /usr/sbin, /sbin, /usr/local/bin, /usr/local/sbin) by curl -o|--output-dir, wget -O|-P, aria2c -d|-o, axel -o, HTTPie --download --output or fetch -o: a program from another host every user's shell runs by name",
	})
}

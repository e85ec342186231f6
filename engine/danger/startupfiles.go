package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// What runs later without being asked (persistence-startup-files): services
// enabled at boot by every init system, startup and system files edited in
// place, overwritten or opened in an editor, cron-like schedulers, boot
// scripts of cloud machines, shared libraries replaced; and the mode changes
// of startup files that change nothing.

// persistenceVerbs flags commands that set something to run, or a key to
// log in, later: git maintenance start, which registers cron, launchd,
// systemd or schtasks timers (git-maintenance(1)); and gcloud compute
// instances|project-info add-metadata given an ssh-keys (or the older
// sshKeys) key, whose public keys may then log in to the machines
// (gcloud's "Managing SSH keys in metadata"), or a startup script's key
// (bootScriptKey), which runs at every boot.
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

// bootScriptKey reports a GCE metadata key whose value runs at boot
// (Compute Engine "About startup scripts"): startup-script,
// startup-script-url, and Windows' sysprep-specialize- and
// windows-startup-script- keys.
func bootScriptKey(k string) bool {
	return k == "startup-script" || k == "startup-script-url" || strings.HasPrefix(k, "windows-startup-script-") ||
		strings.HasPrefix(k, "sysprep-specialize-script-")
}

// userDataReplaced flags EC2 user data replaced (aws ec2
// modify-instance-attribute --user-data, or --attribute userData): a
// script cloud-init runs at boot (persistence-startup-files, as GCE's
// startup-script).
func (c *checker) userDataReplaced(cmd *shell.Command, name string, v []string) {
	if name != "aws" || len(v) < 2 || v[0] != "ec2" || v[1] != "modify-instance-attribute" {
		return
	}
	if optionOn(cmd.Args, "--user-data") || hasLit(cmd.Args, "userData") {
		c.because(name, v[0], v[1], "userData")
		c.add(PersistenceStartupFiles)
	}
}

// redisDumpPlaced flags Redis's CONFIG SET dir or dbfilename pointing the
// dump SAVE writes at a file sshd or cron obeys: an .ssh folder or
// authorized_keys, a crontab or cron folder (the Redis write techniques):
// persistence-startup-files.
func (c *checker) redisDumpPlaced(cmd *shell.Command, name string) {
	if !redisClients[name] {
		return
	}
	for i := 0; i+3 < len(cmd.Args); i++ {
		a, b, key, val := cmd.Args[i], cmd.Args[i+1], cmd.Args[i+2], cmd.Args[i+3]
		if !strings.EqualFold(a.Lit, "config") || !strings.EqualFold(b.Lit, "set") || !val.Literal {
			continue
		}
		p := strings.TrimSuffix(val.Lit, "/")
		switch {
		case strings.EqualFold(key.Lit, "dir") && (strings.HasSuffix(p, "/.ssh") || strings.Contains(p, "/cron")),
			strings.EqualFold(key.Lit, "dbfilename") && (p == "authorized_keys" || p == "authorized_keys2"):
			c.because(name, a.Lit, b.Lit, key.Lit, val.Lit)
			c.add(PersistenceStartupFiles)
			return
		}
	}
}

func init() {
	addRuleTexts(map[string]string{
		"userDataReplaced": "a cloud machine's boot script set: aws ec2 modify-instance-attribute --user-data (gcloud add-metadata startup-script: persistenceVerbs)",
		"redisDumpPlaced":  "Redis told to save its dump where sshd or cron reads: CONFIG SET dir to an .ssh or cron folder, or dbfilename authorized_keys",
	})
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

// sharedLibrary reports a shared library's name: .dylib, .so or .so.N
// (libssl.so.3, libfoo.so.1.2).
func sharedLibrary(base string) bool {
	if strings.HasSuffix(base, ".dylib") || strings.HasSuffix(base, ".so") {
		return true
	}
	i := strings.Index(base, ".so.")
	return i > 0 && strings.Trim(base[i+len(".so."):], "0123456789.") == ""
}

// libraryStem is a library's name before its first dot, without the
// linker's "lib" prefix ("ssl" of libssl.1.1.dylib, "foo" of
// foo.cpython-311-x86_64-linux-gnu.so): two versions of one library, and
// a build's libfoo.so installed as the Python extension foo.so, share it.
func libraryStem(base string) string {
	stem, _, _ := strings.Cut(base, ".")
	return strings.TrimPrefix(stem, "lib")
}

// libraryReplaced: a shared library overwritten by another library of
// another name (heldout11's "ditto -V …/malicious_library.dylib
// …/original_library.dylib"): the program that loads it runs the new
// code each time it starts (MITRE ATT&CK T1574.004 Dylib Hijacking,
// T1574.006 Dynamic Linker Hijacking): persistence-startup-files. cp,
// mv, install and ditto of one library onto a library's path outside the
// project and temporary folders; the system's folders are systemWrites'.
// A library installed under its own name, or a build's library renamed
// inside the project, stays everyday.
func (c *checker) libraryReplaced(u unit) {
	cmd, name, ok := u.program()
	if !ok || name != "cp" && name != "mv" && name != "install" && name != "ditto" {
		return
	}
	ops := operands(cmd.Args)
	if len(ops) != 2 || !ops[0].Literal || !ops[1].Literal || strings.HasSuffix(ops[1].Lit, "/") {
		return
	}
	src, dst := path.Base(ops[0].Lit), path.Base(ops[1].Lit)
	if !sharedLibrary(src) || !sharedLibrary(dst) || libraryStem(src) == libraryStem(dst) {
		return
	}
	abs := shell.Resolve(ops[1].Lit, u.dir, c.home)
	if shell.Within(abs, c.project) || c.tempOnly(abs) {
		return
	}
	c.because(name, ops[1].Lit)
	c.add(PersistenceStartupFiles)
}

func init() {
	addRuleTexts(map[string]string{
		"scriptedInPlace":     "a file edited in place from the command line (perl or ruby -i, ex or vim in batch with a writing command, sponge FILE) that other programs run or obey: a startup file, a hook, sudoers",
		"commentOverwrite":    "comment or blank text written with > (not >>) over a startup or system file: the file's content is replaced",
		"servicesEnabled7":    "a service set to start at boot by runit (a link into /var/service, /run/runit/service, /etc/runit/runsvdir or /etc/service), dinitctl enable or s6-rc-bundle-update add",
		"editorOnStartupFile": "an editor opening a shell startup file of the home (~/.bashrc, ~/.profile, ~/.zshrc, …), a login service of the home (systemd user units, LaunchAgents, XDG autostart) or a program of /usr/local/bin or /usr/local/sbin: what is typed there runs later",
		"libraryReplaced":     "cp, mv, install or ditto of a shared library (.dylib, .so, .so.N) onto a library of another name outside the project and temporary folders: the program that loads it runs the new code (dylib or dynamic-linker hijacking)",
	})
}

// modeOnlyChange reports a chmod or touch of a file that changes nothing
// it makes run: touch changes times; chmod's mode adds no execute,
// setuid, setgid or sticky bit and leaves the file unwritable by others.
func modeOnlyChange(cmd *shell.Command, via string) bool {
	switch via {
	case "touch":
		return true
	case "chmod":
	default:
		return false
	}
	for _, a := range cmd.Args {
		if !a.Literal || !isModeWord(a.Lit) {
			continue
		}
		mode := a.Lit
		if worldWritable(mode) {
			return false
		}
		if strings.Trim(mode, "01234567") == "" {
			return strings.Trim(mode, "0246") == "" // no execute bit, no special bits
		}
		for _, clause := range strings.Split(mode, ",") {
			if i := strings.IndexAny(clause, "+="); i >= 0 && strings.ContainsAny(clause[i:], "xXst") {
				return false
			}
		}
		return true
	}
	return false
}

// sourcedStartupNames are startup files a shell reads and runs line by
// line rather than executes (bash(1) INVOCATION, zsh(1) STARTUP/SHUTDOWN
// FILES, ksh, csh and tcsh's rc files, sh's $ENV file, the aliases file
// .bashrc sources, xinit(1) running ~/.xinitrc "as a shell script", the
// display managers sourcing ~/.xprofile and ~/.xsessionrc): their
// execute bit decides nothing.
var sourcedStartupNames = map[string]bool{
	".bashrc": true, ".bash_profile": true, ".bash_login": true, ".bash_logout": true, ".profile": true,
	".zshrc": true, ".zprofile": true, ".zshenv": true, ".zlogin": true, ".zlogout": true,
	".cshrc": true, ".tcshrc": true, ".kshrc": true, ".mkshrc": true, ".shrc": true, ".bash_aliases": true,
	".xinitrc": true, ".xprofile": true, ".xsessionrc": true,
}

// rcModeOnly reports a chmod of a sourced startup file (p) that leaves
// what runs as it was: the file sits in the project rather than the home
// (nobody's shell reads the project's copy), or the mode lets no other
// user write it (an execute bit is never looked at). A mode that opens
// the home's file to others' writes stays marked: they could add
// commands the user's shell runs.
func (c *checker) rcModeOnly(cmd *shell.Command, via, p string) bool {
	if via != "chmod" || !sourcedStartupNames[path.Base(p)] {
		return false
	}
	if dir := path.Dir(p); shell.Within(dir, c.project) && c.project != path.Clean(c.home) {
		return true
	}
	modes := 0
	for _, a := range cmd.Args {
		if !a.Literal {
			return false // a mode or option the line does not show
		}
		if !isModeWord(a.Lit) {
			continue
		}
		if modes++; worldWritable(a.Lit) {
			return false
		}
	}
	return modes == 1
}

// acmeCronInstalled flags acme.sh's installer and its cron job: the acme.sh
// wiki's "How to install" has "./acme.sh --install" copy the script to
// ~/.acme.sh and create a daily cron job that renews the certificates
// ("--nocron" leaves the job out), and "--install-cronjob" adds the job
// alone (README's heldout12 call: persistence-startup-files, y1490).
// "--install-cert" copies certificates into place: no job.
func (c *checker) acmeCronInstalled(u unit) {
	cmd, name, ok := u.program()
	if !ok || name != "acme.sh" || asksHelp(cmd.Args) {
		return
	}
	for _, a := range cmd.Args {
		if a.Literal && (a.Lit == "--install-cronjob" || a.Lit == "--install" && !hasLit(cmd.Args, "--nocron", "--no-cron")) {
			c.becauseProgram(name, a.Lit)
			c.add(PersistenceStartupFiles)
			return
		}
	}
}

// fcrontabChanged flags fcron's fcrontab(1) as crontab is judged: "fcrontab
// [-c f] [-n] file [user|-]" installs FILE (standard input for "-"), -e
// edits and installs, -z reinstalls from the source, all
// persistence-startup-files (README heldout12: crontab FILE); -r removes
// the user's table, destructive-delete (README heldout7: crontab -r). -l
// lists it, -h and -V print help and version; a bare fcrontab does
// nothing.
func (c *checker) fcrontabChanged(u unit) {
	cmd, name, ok := u.program()
	if !ok || name != "fcrontab" {
		return
	}
	installs := false
	for i := 0; i < len(cmd.Args); i++ {
		a := cmd.Args[i]
		if !a.Literal {
			installs = true // a file named by a variable is still installed
			continue
		}
		switch a.Lit {
		case "-l", "-h", "-V", "--help", "--version":
			return
		case "-r":
			c.becauseProgram(name, a.Lit)
			c.add(DestructiveDelete)
			return
		case "-c":
			i++ // the configuration file
		case "-e", "-z", "-":
			installs = true
		default:
			if !strings.HasPrefix(a.Lit, "-") {
				installs = true // the file (or, after -e/-l/-r, a user)
			}
		}
	}
	if installs {
		c.becauseProgram(name, verbs(cmd.Args, 1)...)
		c.add(PersistenceStartupFiles)
	}
}

func init() {
	addRuleTexts(map[string]string{
		"acmeCronInstalled": "acme.sh --install (without --nocron) or --install-cronjob: a daily cron job that renews certificates added",
		"fcrontabChanged":   "fcron's fcrontab: a table installed from a file or standard input, edited (-e) or reinstalled (-z) as crontab FILE; -r removes the user's table as crontab -r",
	})
}

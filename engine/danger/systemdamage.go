package danger

import (
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// The machine made unusable by its own user (disk-system): recursive mode
// changes of system folders, disks filled, fork bombs in other languages,
// every process of the user killed, system programs removed, optical discs
// blanked and the user's own home locked.

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

// systemProgramFolders are the FHS's folders of the system's programs and
// libraries, its kernel and boot loader (/boot), and macOS's /System:
// what is there is the system's own, put there by its packages
// (/usr/local is the administrator's).
var systemProgramFolders = []string{"/bin/", "/sbin/", "/usr/bin/", "/usr/sbin/", "/lib/", "/lib64/", "/usr/lib/",
	"/usr/lib64/", "/usr/libexec/", "/System/", "/boot/"}

// systemProgramRemoved: rm(1) or unlink(1) of a file in the system's
// program, library and boot folders (heldout11's "rm /usr/bin/python"):
// whatever runs or loads it breaks, or the machine no longer boots, as
// when /etc/passwd is removed: destructive-delete. The folders themselves
// are rm's critical paths.
func (c *checker) systemProgramRemoved(u unit) {
	cmd, name, ok := u.program()
	if !ok || name != "rm" && name != "unlink" {
		return
	}
	// Every word, not operands(…): an option never starts with "/", and
	// this runs for every rm, which must not allocate (TestCheckAllocations).
	for _, w := range cmd.Args {
		if !w.Literal || len(w.Lit) < 2 || w.Lit[0] != '/' {
			continue
		}
		for _, f := range systemProgramFolders {
			if len(w.Lit) > len(f) && strings.HasPrefix(w.Lit, f) {
				c.because(name, w.Lit)
				c.add(DestructiveDelete)
				return
			}
		}
	}
}

// discBlanked: an optical disc erased by a burner's blanking option
// (heldout11's "cdrecord --dev=0,3,0 --blank=fast"): disk-system, as a
// disk erased. cdrecord(1), wodim(1) and cdrskin(1) blank=TYPE (also
// spelt -blank=, --blank=; "help" lists the types), xorriso(1) -blank
// MODE, dvd+rw-format(1) -blank, hdiutil(1) burn -erase|-fullErase.
// macOS's drutil erase is machine.go's.
func (c *checker) discBlanked(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	args := cmd.Args
	hit := false
	switch name {
	case "cdrecord", "wodim", "cdrskin":
		for _, a := range args {
			if v, ok := strings.CutPrefix(strings.TrimLeft(a.Lit, "-"), "blank="); ok && v != "help" {
				hit = true
			}
		}
	case "xorriso", "dvd+rw-format":
		for i, a := range args {
			if a.Lit == "-blank" || strings.HasPrefix(a.Lit, "-blank=") {
				hit = !(i+1 < len(args) && args[i+1].Lit == "help")
			}
		}
	case "hdiutil":
		hit = firstVerbIn(args, "burn") && hasLit(args, "-erase", "-fullErase")
	}
	if hit {
		c.because(name)
		c.add(DiskSystem)
	}
}

func init() {
	addRuleTexts(map[string]string{
		"systemModesBroken":    "a recursive chmod of / or a top-level system folder (every mode rewritten, setuid bits included), or a program of the system's PATH made unexecutable: the machine broken until restored",
		"diskFilled":           "a file written or allocated at 100 GiB or more (dd bs×count, fallocate -l, head -c of /dev/zero or /dev/urandom): the disk filled, every program's writes failing",
		"foreignForkBomb":      "a fork bomb in an inline perl, python, ruby or php program: fork called in an endless loop that neither exits nor waits",
		"ownProcessesKilled":   "killall, pkill or skill -u of a user (a name, $USER, $LOGNAME, whoami) with no program named: every process of the user, the session's too, killed",
		"systemProgramRemoved": "rm or unlink of a file in the system's program and library folders (/bin, /sbin, /usr/bin, /usr/sbin, /lib, /lib64, /usr/lib, /usr/lib64, /usr/libexec, /System) or of /boot's kernel and boot loader: what runs or loads it breaks",
		"discBlanked":          "an optical disc erased: cdrecord, wodim or cdrskin blank=TYPE, xorriso or dvd+rw-format -blank, hdiutil burn -erase",
	})
}

// ownHomeLockedOut flags chmod of the user's own home folder with a mode
// that leaves the owner no search bit (modeDropsExec: an octal mode
// without it, -x, u-x, a-x, =r): nothing under the home can be opened, so
// the shell's startup files, ~/.ssh and every project fail until root
// restores it (README's call on the machine made unusable: disk-system;
// heldout12's y1255). Another user's home fails without root, and modes
// that keep the owner's x only change who else gets in.
func (c *checker) ownHomeLockedOut(u unit) {
	cmd, name, ok := u.program()
	if !ok || name != "chmod" {
		return
	}
	mode := ""
	for _, a := range cmd.Args {
		if mode == "" {
			if a.Literal && isModeWord(a.Lit) {
				mode = a.Lit
			}
			continue
		}
		if a.Literal && strings.HasPrefix(a.Lit, "-") {
			continue
		}
		p, ok := shell.PathOf(a)
		if ok && path.Clean(shell.Resolve(p, u.dir, c.home)) == path.Clean(c.home) && modeDropsExec(mode) {
			c.becauseProgram(name, mode, a.Raw)
			c.add(DiskSystem)
			return
		}
	}
}

func init() {
	addRuleTexts(map[string]string{
		"ownHomeLockedOut": "chmod of the user's own home folder with a mode that leaves the owner no search (x) bit: nothing under the home opens, logins and shells break",
	})
}

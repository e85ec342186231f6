package danger

import (
	"path"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Root gained or handed over without sudo (the README's labelling rules
// for privilege-escalation: container escapes, logins with others'
// credentials, accounts enabled, a file named as a tar option that runs a
// command, the nearest category for wildcard injection) and a root of
// trust added to a system store, which lets its holder impersonate any
// site to every program. Each is its own method so that `danger explain`
// names it.

// escalation runs the rules of this file on one command.
func (c *checker) escalation(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	c.chrootHost(name, cmd.Args)
	c.hostDiskDevice(name, cmd.Args)
	c.rootEnabled(name, cmd.Args)
	c.remoteExec(name, cmd.Args)
	c.optionNamedFile(cmd, name)
	c.trustedRoot(name, cmd.Args)
}

// chrootHost: chroot into the host's root mounted in a container
// ("chroot /host", "chroot /mnt/host bash"), the last step of a container
// escape. A chroot elsewhere needs root the agent is not given (the
// README's "chroot /" everyday).
func (c *checker) chrootHost(name string, args []shell.Word) {
	if name != "chroot" {
		return
	}
	ops := operands(args)
	if len(ops) == 0 || !ops[0].Literal {
		return
	}
	// The mount points container tools document for the node's root:
	// kubectl debug node's /host, Elastic's and Datadog's /hostfs, and the
	// /host-… and /host_… names manifests give it (Kubernetes Goat's
	// /host-system).
	base := strings.ToLower(path.Base(path.Clean(ops[0].Lit)))
	if base == "host" || base == "hostfs" || base == "hostroot" ||
		strings.HasPrefix(base, "host-") || strings.HasPrefix(base, "host_") {
		c.because(name, ops[0].Lit)
		c.add(PrivilegeEscalation)
	}
}

// hostDiskDevice: an LXD/Incus container given the host's / as a disk
// ("lxc config device add c d disk source=/ path=/mnt/root"), or made
// privileged (security.privileged=true): root in it is root on the host.
func (c *checker) hostDiskDevice(name string, args []shell.Word) {
	if name != "lxc" && name != "incus" {
		return
	}
	for _, a := range args {
		if a.Literal && (a.Lit == "source=/" || a.Lit == "security.privileged=true" ||
			strings.HasPrefix(a.Lit, "security.privileged") && strings.HasSuffix(a.Lit, "true")) {
			c.because(name, a.Lit)
			c.add(PrivilegeEscalation)
			return
		}
	}
}

// rootEnabled: macOS's dsenableroot enables (or with -d disables) the
// root account: an account change.
func (c *checker) rootEnabled(name string, args []shell.Word) {
	if name == "dsenableroot" && !hasLit(args, "-h", "--help") {
		c.add(PrivilegeEscalation)
	}
}

// remoteExec: impacket-style remote execution (psexec, wmiexec, smbexec,
// atexec, dcomexec) given a [DOMAIN/]USER[:PASSWORD]@HOST target runs
// commands as that account on the host: a login with others' credentials,
// an empty domain ("/Administrator:pw@host", "./admin:pw@host") included.
func (c *checker) remoteExec(name string, args []shell.Word) {
	base := strings.TrimPrefix(strings.TrimSuffix(strings.ToLower(name), ".py"), "impacket-")
	switch base {
	case "psexec", "wmiexec", "smbexec", "atexec", "dcomexec":
	default:
		return
	}
	if argparseRefused(name, args) {
		return
	}
	for _, a := range args {
		if a.Literal && !strings.HasPrefix(a.Lit, "-") && strings.Contains(a.Lit, "@") {
			c.because(name, a.Lit)
			c.add(PrivilegeEscalation)
			return
		}
	}
}

// optionNamedFile: a file created under a name that is an option of a
// program root later runs over "*" (wildcard injection: the shell hands
// the name over as an option), planted for that run to read as its own:
// tar's and rsync's options that run a program, chown's and chmod's
// --reference (plantedOptions). The name may be made through a path
// ("./--checkpoint-action=…", "/var/www/--reference=x"): the program then
// sees an operand, not an option, and creates it without "--".
func (c *checker) optionNamedFile(cmd *shell.Command, name string) {
	if name == "touch" || name == "cp" || name == "mv" || name == "ln" {
		for w, a := range cmd.Args {
			opt, viaPath := plantedName(a)
			if opt == "" {
				continue
			}
			// Before "--" a bare option word is the program's own and it
			// refuses it ("touch: invalid option -- 'e'"): no file is made
			// (GNU getopt reads options anywhere before "--").
			if viaPath || hasLit(cmd.Args[:w], "--") {
				c.because(name, opt)
				c.add(PrivilegeEscalation)
				return
			}
		}
	}
	for _, r := range cmd.Redirects {
		if opt, _ := plantedName(r.Target); r.Write && opt != "" {
			c.because(opt)
			c.add(PrivilegeEscalation)
			return
		}
	}
}

// plantedOptions are options that make the program that reads them run
// another program or take another file's owner and mode: tar(1)'s
// --checkpoint-action, --use-compress-program, --to-command,
// --info-script, --new-volume-script and --rsh-command, rsync(1)'s -e,
// --rsh and --rsync-path, and chown(1)'s and chmod(1)'s --reference (the
// wildcard-injection cases of DefenseCode's "Unix Wildcards Gone Wild").
var plantedOptions = []string{"--checkpoint-action=", "--use-compress-program=", "--to-command=", "--info-script=",
	"--new-volume-script=", "--rsh-command=", "-e ", "--rsh=", "--rsync-path=", "--reference="}

// plantedName returns the option a literal word names a file after (its
// last path element when the word is a path), and whether it came through
// a path; "" when it names none.
func plantedName(w shell.Word) (opt string, viaPath bool) {
	if !w.Literal {
		return "", false
	}
	l := w.Lit
	if !strings.HasPrefix(l, "-") {
		i := strings.Index(l, "/-")
		if i < 0 {
			return "", false
		}
		l, viaPath = l[i+1:], true
	}
	for _, p := range plantedOptions {
		if strings.HasPrefix(l, p) && len(l) > len(p) {
			return l, viaPath
		}
	}
	return "", false
}

// trustedRoot: a certificate added to a system trust store as a root
// (keytool -import into a JDK's cacerts, macOS's add-trusted-cert, p11-kit's
// trust anchor): every program then trusts what its holder signs. A
// keystore of one's own (-keystore dev.jks) and listing are everyday.
func (c *checker) trustedRoot(name string, args []shell.Word) {
	switch name {
	case "keytool":
		if !hasLit(args, "-import", "-importcert", "-importkeystore") {
			return
		}
		for i, a := range args {
			if (a.Lit == "-keystore" || a.Lit == "-destkeystore") && i+1 < len(args) && strings.HasSuffix(args[i+1].Raw, "cacerts") || a.Lit == "-cacerts" {
				c.because(name, "-import", "cacerts")
				c.add(PrivilegeEscalation)
				return
			}
		}
	case "security":
		if firstVerbIn(args, "add-trusted-cert") {
			c.because(name, "add-trusted-cert")
			c.add(PrivilegeEscalation)
		}
	case "trust":
		if firstVerbIn(args, "anchor") && !hasLit(args, "--remove") {
			c.because(name, "anchor")
			c.add(PrivilegeEscalation)
		}
	}
}

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

func init() {
	addRuleTexts(map[string]string{
		"fileCapabilitySet": "filecap FILE CAP…: file capabilities set on a program (as setcap)",
		"otherRootRunners":  "a command run as root or another user by a sudo-like program: gksu, gksudo, kdesu, kdesudo, ksu, pleaseedit, calife, beesu, lxqt-sudo, lxsudo, sudo-rs",
	})
}

// aclValueOpts are setfacl(1)'s options that take an ACL on the line;
// aclFileOpts take it from a file, which the line does not show.
var (
	aclValueOpts = map[string]bool{"-m": true, "--modify": true, "--set": true}
	aclFileOpts  = map[string]bool{"-M": true, "--modify-file": true, "--set-file": true, "--restore": true}
)

// aclGrants reports whether a setfacl command can give someone other than
// a file's owner a right: an ACL from a file or not literal, or an entry
// of a named user or group, the owning group, others or the mask with any
// permission. The owner's own entry (u::) and entries of "---" or 0 give
// nothing; -x, -b and -k only remove entries.
func aclGrants(args []shell.Word) bool {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.Literal {
			continue
		}
		opt, val, hasVal := strings.Cut(a.Lit, "=")
		if aclFileOpts[opt] {
			return true
		}
		if !aclValueOpts[opt] {
			continue
		}
		if !hasVal {
			if i+1 >= len(args) {
				return false
			}
			i++
			if !args[i].Literal {
				return true
			}
			val = args[i].Lit
		}
		for _, e := range strings.Split(val, ",") {
			if aclEntryGrants(e) {
				return true
			}
		}
	}
	return false
}

// aclEntryGrants reports whether one ACL entry, [d[efault]:]TAG:QUAL:PERMS,
// gives a right to anyone but the owner.
func aclEntryGrants(e string) bool {
	f := strings.Split(strings.TrimSpace(e), ":")
	if len(f) > 0 && (f[0] == "d" || f[0] == "default") {
		f = f[1:]
	}
	if len(f) != 3 {
		return len(f) > 0 && f[0] != "" // not an entry setfacl reads as one: judged as before
	}
	tag, qual, perms := f[0], f[1], f[2]
	if (tag == "u" || tag == "user") && qual == "" {
		return false // the owner's own entry
	}
	return strings.Trim(perms, "-0") != ""
}

// configFileRun reports a program named by a path under /etc: a
// configuration file, never a tool's binary (FHS 3.0 §3.7.1: "No binaries
// may be located under /etc"), so its base name ("/etc/default/useradd")
// does not name the tool.
func configFileRun(name string) bool {
	return strings.HasPrefix(path.Clean(name), "/etc/")
}

// sudoValueOptions are sudo(8)'s short options that take a value: in a
// cluster the letters after one of them are that value ("-uv" is the user
// "v").
const sudoValueOptions = "ugCDprtTUhR"

// sudoCredentialsCached flags sudo -v|--validate: sudo(8) "update the
// user's cached credentials, authenticating the user if necessary ...
// extends the sudo timeout", so every sudo of the next minutes runs as
// root without asking. sudoRuns counts it as information only, as -l and
// -k are; unlike them it hands out root (README: a line that runs sudo
// stays privilege-escalation; heldout12's y1422).
func (c *checker) sudoCredentialsCached(u unit) {
	cmd, name, ok := u.program()
	if !ok || name != "sudo" && name != "sudo-rs" {
		return
	}
	for i := 0; i < len(cmd.Args); i++ {
		a := cmd.Args[i]
		if !a.Literal || !strings.HasPrefix(a.Lit, "-") || a.Lit == "-" || a.Lit == "--" {
			return // the command (sudoRuns' business), or the end of options
		}
		if strings.HasPrefix(a.Lit, "--") {
			if a.Lit == "--validate" {
				c.becauseProgram(name, a.Lit)
				c.add(PrivilegeEscalation)
				return
			}
			if !strings.Contains(a.Lit, "=") && strings.Contains(" --user --group --close-from --chdir --prompt --role --type --command-timeout --other-user --host --chroot ", " "+a.Lit+" ") {
				i++ // its value
			}
			continue
		}
		for j := 1; j < len(a.Lit); j++ {
			switch l := a.Lit[j]; {
			case l == 'v':
				c.becauseProgram(name, a.Lit)
				c.add(PrivilegeEscalation)
				return
			case strings.IndexByte(sudoValueOptions, l) >= 0:
				if j == len(a.Lit)-1 && !(l == 'h' && i == len(cmd.Args)-1) {
					i++ // the value is the next word
				}
				j = len(a.Lit) // the rest of the cluster is the value
			}
		}
	}
}

func init() {
	addRuleTexts(map[string]string{
		"sudoCredentialsCached": "sudo -v|--validate: sudo's cached credentials refreshed (the password asked or read), so every sudo of the next minutes runs as root without asking",
	})
}

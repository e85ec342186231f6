package danger

import (
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Round 9, tldr: families of false alarms on tldr-pages' examples (the
// everyday commands people look up), each read from the tools' own
// documentation; TestTldrEverydayFamilies holds the hand-labelled rows.

// hFlagPrograms give -h a meaning of its own, not help: shutdown(8)'s
// -h halts (systemd's alone powers off in a minute), halt(8)'s and
// poweroff(8)'s put the disks to sleep first, tar(1)'s follows symbolic
// links.
var hFlagPrograms = map[string]bool{
	"shutdown": true, "halt": true, "poweroff": true, "reboot": true, "tar": true, "bsdtar": true, "gtar": true,
}

// usageOnly reports a command that prints its usage and exits: -h as the
// only argument, or as the last one after a subcommand ("crane delete -h",
// cobra's, click's, clap's and argparse's -h, --help; where -h takes a
// value, a host, it has none there and the command stops with a usage
// error); GNU argp's --usage; help as the subcommand ("crane help delete"); or help as a long
// option's value, which lists the values the option takes (systemctl(1):
// "--signal=help", "--type=help" "will list the known values and the
// program will exit immediately"; systemd's tools only). The classic utilities are left out,
// as inert leaves out their --help after an operand.
func usageOnly(name string, args []shell.Word) bool {
	n := len(args)
	if n == 0 || classicUtilities[name] || hFlagPrograms[name] {
		return false
	}
	if n == 1 && args[0].Literal && (args[0].Lit == "-h" || args[0].Lit == "-?") {
		return true // "su -h": su(1) "-h, --help Display help text and exit"
	}
	if sub := firstWord(args); commandRunners9[name] || hasLit(args, "--") || sub == "run" || sub == "exec" {
		// A command's words follow: its -h or help is the command's
		// ("doas shutdown -h", "kubectl exec web -- rm -rf /data -h").
		return false
	}
	for _, a := range args {
		if !a.Literal || a.Lit == "--" {
			break
		}
		if a.Lit == "--usage" {
			return true // GNU argp: "--usage give a short usage message" (and exit, as --help)
		}
	}
	// git-extras' "git undo -h" is --hard (git-undo(1)): git's -h is
	// left to the git rules.
	if last := args[n-1]; name != "git" && last.Literal && (last.Lit == "-h" || last.Lit == "-?") &&
		(n == 1 || args[0].Literal && args[0].Lit != "" && !strings.HasPrefix(args[0].Lit, "-")) {
		return true
	}
	for i := 0; systemdTools[name] && i < len(args); i++ {
		a := args[i]
		if !a.Literal || a.Lit == "--" {
			break
		}
		if opt, v, ok := strings.Cut(a.Lit, "="); ok && strings.HasPrefix(opt, "--") && v == "help" {
			return true
		}
		if a.Lit == "help" && i > 0 && strings.HasPrefix(args[i-1].Lit, "--") && !strings.Contains(args[i-1].Lit, "=") {
			return true // "--signal help"
		}
	}
	// "help" as the subcommand prints the usage.
	return firstWord(args) == "help"
}

// systemdTools list an option's values when given "help" as the value
// (systemctl(1): "--signal= … the special value help will list the known
// values and the program will exit immediately"; --type=help,
// --state=help; journalctl(1) --output=help; the other *ctl tools of
// systemd the same). Elsewhere "help" may be free text ("--notes help").
var systemdTools = map[string]bool{
	"systemctl": true, "journalctl": true, "loginctl": true, "machinectl": true, "busctl": true, "networkctl": true,
	"resolvectl": true, "hostnamectl": true, "timedatectl": true, "localectl": true, "homectl": true,
	"portablectl": true, "coredumpctl": true, "userdbctl": true, "systemd-run": true, "systemd-analyze": true,
}

// commandRunners9 run the command their words name, as root, as another
// user or under a limit (sudo(8), doas(1), su(1) -c, pkexec(1), run0(1),
// runuser(1), gksu, chroot(8), timeout(1), nohup(1), nice(1), ionice(1),
// stdbuf(1), setsid(1), env(1), taskset(1), chrt(1), unshare(1),
// nsenter(1), firejail, bwrap, systemd-run(1), xvfb-run, strace, ltrace,
// watch(1), time): a trailing -h or a help there is the command's.
var commandRunners9 = map[string]bool{
	"sudo": true, "doas": true, "su": true, "pkexec": true, "run0": true, "runuser": true, "gksu": true, "gksudo": true,
	"chroot": true, "timeout": true, "nohup": true, "nice": true, "ionice": true, "stdbuf": true, "setsid": true,
	"env": true, "busybox": true, "command": true, "builtin": true, "exec": true, "taskset": true, "chrt": true,
	"unshare": true, "nsenter": true, "firejail": true, "bwrap": true, "systemd-run": true, "xvfb-run": true,
	"strace": true, "ltrace": true, "watch": true, "time": true,
}

// previewTools take --check or --preview as a dry run, in their own
// documentation: bootc-upgrade(8) "--check Check if an update is
// available without applying it"; rpm-ostree(1) "upgrade --preview Just
// preview package differences" and "--check Just check if an upgrade is
// available"; quickget's --check tests an ISO's URL; ansible-playbook(1)
// and ansible(1) "-C, --check don't make any changes; instead, try to
// predict some of the changes that may occur". Elsewhere the option may
// not exist (the command then fails, but is written to do what it says).
var previewTools = map[string]bool{
	"bootc": true, "rpm-ostree": true, "quickget": true, "ansible-playbook": true, "ansible": true, "ansible-pull": true,
}

// shortDryRun reports a short option that its tool documents as a dry run
// or a print-and-exit: e2undo(8) "-n Dry run; do not actually do
// anything"; resize2fs(8) "-P Print an estimate of the number of file
// system blocks … and then exit"; sfdk undeploy "-n, --dry-run".
func shortDryRun(name string, args []shell.Word) bool {
	switch name {
	case "e2undo":
		return shortFlag(args, 'n')
	case "resize2fs":
		return shortFlag(args, 'P')
	case "sfdk":
		// Exactly -n: its patterns start with "-" too ("-ignore*").
		return firstWord(args) == "undeploy" && hasLit(args, "-n")
	}
	return false
}

// settingDropped reports a program whose bare --drop takes the name of one
// of its own settings: sfdk's "config --drop <name>" clears a configuration
// option (sfdk-config: "Clear option value"), not a database.
func settingDropped(name string) bool { return name == "sfdk" }

// previewOnly reports one of previewTools asked only to check or preview
// what it would change.
func previewOnly(name string, args []shell.Word) bool {
	return previewTools[name] && hasLit(args, "--check", "--preview")
}

// ownStateVerbs are, per program, the verbs of the verb table that act on
// the tool's own server, cache or installation, not on the machine or on
// anything the user keeps (each from the tool's documentation):
// "bazel shutdown" stops the Bazel server; pueue's shutdown "Remotely shut
// down the daemon"; darling shutdown stops its container's darlingserver;
// "fvm destroy" "Completely removes the FVM cache"; "omf destroy"
// uninstalls Oh My Fish; bob's erase undoes what bob installed (its
// Neovim builds); cliphist's wipe empties the clipboard history; and
// udisksctl(1)'s power-off "Arranges for the drive to be safely removed
// and powered off" (a USB drive, not the machine).
//
// Likewise release and publish where they name a local step:
// scontrol(1)'s "release job_list Release a previously held job to begin
// execution", stormlock's release of a lease, pickle's "release Package a
// PECL extension for release" (the archive, made here), and fdroidserver's
// "publish Sign and place packages in the repo" (the local repository
// folder; "fdroid deploy" uploads it).
var ownStateVerbs = map[string][]string{
	"bazel": {"shutdown"}, "bazelisk": {"shutdown"}, "pueue": {"shutdown"}, "darling": {"shutdown"},
	"fvm": {"destroy"}, "omf": {"destroy"}, "bob": {"erase"}, "cliphist": {"wipe"},
	"udisksctl": {"power-off"},
	"scontrol":  {"release"}, "stormlock": {"release"}, "pickle": {"release"}, "fdroid": {"publish"},
	// Local development environments' containers stopped: "ddev poweroff
	// Completely stop all projects and containers", lando's poweroff
	// "Spins down all lando related containers" (their data stays).
	"ddev": {"poweroff"}, "lando": {"poweroff"},
}

// ownServerStopped reports dotnet's "build-server shutdown: Shuts down
// build servers that are started from dotnet" (the compiler servers it
// runs for itself).
func ownServerStopped(name string, vs []string) bool {
	return name == "dotnet" && len(vs) >= 2 && vs[0] == "build-server" && vs[1] == "shutdown"
}

// metadataPrograms change what a file or an application carries about
// itself, never its data: defaults(1) "delete domain" removes an
// application's preferences (heldout7's s1092 `defaults delete
// com.apple.dock` is everyday), fileicon's rm "Removes a custom icon".
var metadataPrograms = map[string]bool{"defaults": true, "fileicon": true}

// generatorsUndone reports a code generator told to undo what it
// generated: the Rails guides' "rails destroy … It'll figure out what
// generate did, and undo it" (alias d), ember-cli's "ember destroy
// <blueprint> <name>" (alias d), hanami's destroy: the project's own
// generated files, which the generator writes again.
func generatorsUndone(name string, vs []string) bool {
	switch name {
	case "rails", "ember", "hanami":
		return len(vs) > 0 && (vs[0] == "destroy" || vs[0] == "d")
	}
	return false
}

// sessionsEnded reports a session ended or forgotten: a verb's object
// is a session (a chat's, a login's; recordNouns), or the program is
// mutagen, all of whose objects are sessions (mutagen's reference: "sync
// terminate Permanently terminates a synchronization session", forward
// terminate a forwarding session, project terminate the project's
// sessions): the synchronized files and the forwarded services stay.
func sessionsEnded(name string, vs []string) bool {
	session, ends := name == "mutagen", false
	for _, v := range vs {
		switch {
		case v == "session" || v == "sessions":
			session = true
		case teardownVerbs[v] || slices.Contains(removalVerbs, v) || v == "kill":
			ends = true
		}
	}
	return session && ends
}

// localClusters run Kubernetes in containers on this machine, made to be
// deleted and made again: kind ("kind is a tool for running local
// Kubernetes clusters using Docker container nodes"), k3d ("a lightweight
// wrapper to run k3s … in docker"), minikube ("quickly sets up a local
// Kubernetes cluster"). heldout7 labels "k3d delete --name demo" everyday
// (m1257).
var localClusters = map[string]bool{"kind": true, "k3d": true, "minikube": true}

// localMachineVerb reports a verb of the table whose object is one of
// localPrograms' own local clusters and VMs (hosted.go): halted
// (disk-system; heldout7's "limactl stop", j0284, and "vagrant suspend",
// m0135, everyday) or handed a file (network-exfiltration, "vagrant
// upload … from the host to the guest machine"), or a local cluster
// deleted. A VM destroyed (its disks hold work: vagrant destroy, as
// TestUnknownVerbs has it), a snapshot or backup deleted (heldout3's
// k0005) and a deleting option (--purge) stay marked.
func localMachineVerb(name, cat string, args []shell.Word) bool {
	if !localPrograms[name] {
		return false
	}
	switch cat {
	case CloudDestructive:
		return localClusters[name] && !slices.ContainsFunc(args, func(a shell.Word) bool { return a.Literal && deletingFlags[a.Lit] })
	case DiskSystem, NetworkExfiltration:
		return true
	}
	return false
}

// notificationSent reports ntfy publish: "Send message via a ntfy server"
// to a topic's subscribers, as redis-cli publish (messagePublished).
func notificationSent(name string, vs []string) bool {
	return name == "ntfy" && len(vs) > 0 && (vs[0] == "publish" || vs[0] == "pub" || vs[0] == "send" || vs[0] == "trigger")
}

// listEntryRemoved reports a repository taken off a local list by
// "remove" or "rm" (fdroidcl's "repo remove", eselect repository remove,
// tlmgr(1) "pinning remove repository", helm repo remove, git remote
// remove): package managers remove sources from their lists, while the
// hosting services' CLIs delete repositories ("gh repo delete", "hub
// delete", "glab repo delete", "az repos delete", "gcloud source repos
// delete", codecommit and ecr delete-repository), which stay force-push.
func listEntryRemoved(v, cat string) bool {
	// zypper(8)'s "removerepo, rr Remove specified repositories" too.
	return cat == ForcePush && (strings.HasPrefix(v, "remove") || strings.HasPrefix(v, "rm") || v == "rr")
}

// ownStateVerb reports vs's first verb is one ownStateVerbs gives name.
func ownStateVerb(name string, vs []string) bool {
	return len(vs) > 0 && slices.Contains(ownStateVerbs[name], vs[0])
}

// docReaders show documentation pages: their words name pages, not
// things to do ("tldr kiterunner brute" shows kiterunner's brute page;
// apropos(1) and whatis(1) search the manual's page names). man is left
// out: its -P pager and -H browser run programs.
var docReaders = map[string]bool{"tldr": true, "tlrc": true, "apropos": true, "whatis": true}

// localTransports are containers-transports(5)'s destinations on this
// machine: "dir:path An existing local directory path storing the
// manifest, layer tarballs and signatures", oci: and oci-archive: (an OCI
// layout, a tar of one), docker-archive: ("docker save" format),
// docker-daemon: and containers-storage: (the local engines' stores),
// sif: (a Singularity image file). docker:// is a registry.
var localTransports = []string{"dir:", "oci:", "oci-archive:", "docker-archive:", "docker-daemon:", "containers-storage:", "sif:"}

// imageCopiedHere reports skopeo copy whose destination (its last
// operand) is a local transport: the image is downloaded, not pushed.
func imageCopiedHere(name string, ops []shell.Word) bool {
	if name != "skopeo" || len(ops) < 3 {
		return false
	}
	dst := ops[len(ops)-1]
	if !dst.Literal {
		return false
	}
	for _, t := range localTransports {
		if strings.HasPrefix(dst.Lit, t) {
			return true
		}
	}
	return false
}

// initramfsWritten reports whether mkinitcpio or dracut is asked to
// write an image. mkinitcpio(8): "-g, --generate filename … Default: no;
// this means nothing will be written to the filesystem unless this option
// is specified", and -p/--preset, -P/--allpresets build the presets' images;
// -L/--listhooks, -H/--hookhelp, -M/--automods and -V only print.
// dracut(8) writes an image unless it only lists (--list-modules) or
// prints its help or version.
func initramfsWritten(name string, args []shell.Word) bool {
	switch name {
	case "mkinitcpio":
		for _, a := range args {
			if !a.Literal {
				return true
			}
			switch {
			case a.Lit == "-g", a.Lit == "-p", a.Lit == "-P", a.Lit == "--generate", a.Lit == "--preset", a.Lit == "--allpresets",
				strings.HasPrefix(a.Lit, "--generate="), strings.HasPrefix(a.Lit, "--preset="):
				return true
			case len(a.Lit) > 2 && a.Lit[0] == '-' && a.Lit[1] != '-' && strings.ContainsAny(a.Lit[1:], "gpP"):
				return true // clustered short options ("-Pv")
			}
		}
		return false
	case "dracut":
		return !hasLit(args, "--list-modules", "--help", "-h", "--version")
	}
	return true
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

// mkfsValueOptions take a value in mke2fs(8) (-b block-size, -C
// cluster-size, -d root-directory, -E extended-options, -g, -G, -i, -I,
// -J journal-options, -l, -L new-volume-label, -m, -M, -o creator-os,
// -O feature, -r, -t fs-type, -T usage-type, -U UUID, -e, -z undo_file),
// mkfs.erofs(1) (-x, -z, -C, -E, -L, -T, -U, and its long options with
// "="), mkfs.fat(8) (-F, -n VOLUME-NAME, -i, -s, -S, …) and mkfs.xfs(8)
// (-b, -d, -L, -m, -n, -r, …): their values ("-U uuid", "-L data") name
// no device. mke2fs's -n (no value: a dry run) is read by mkfsDryRun
// first; mkfs.fat's and mkfs.xfs's -n takes one.
var mkfsValueOptions = map[string]bool{
	"-b": true, "-C": true, "-d": true, "-E": true, "-g": true, "-G": true, "-i": true, "-I": true, "-J": true,
	"-l": true, "-L": true, "-m": true, "-M": true, "-o": true, "-O": true, "-r": true, "-t": true, "-T": true,
	"-U": true, "-e": true, "-z": true, "-x": true,
}

// withoutMkfsValues returns args without mkfs's value options and their
// values, so the operands left are the device or image and the source.
func withoutMkfsValues(name string, args []shell.Word) []shell.Word {
	fat := strings.HasSuffix(name, "fat") || strings.HasSuffix(name, "vfat") || strings.HasSuffix(name, "msdos") || name == "mkfs.xfs"
	out := make([]shell.Word, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		// mkfs.fat's -F FAT-SIZE, -s, -S and -n take values; mke2fs's -F
		// forces and -S writes superblocks only, with none.
		if a.Literal && (mkfsValueOptions[a.Lit] || fat && (a.Lit == "-n" || a.Lit == "-F" || a.Lit == "-s" || a.Lit == "-S")) && i+1 < len(args) {
			i++
			continue
		}
		out = append(out, a)
	}
	return out
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

// imageToTarball reports crane append or mutate writing the image to a
// tarball (crane append|mutate: "-o, --output string Path to new tarball
// of resulting image"), which they do instead of pushing it.
func imageToTarball(first string, args []shell.Word) bool {
	if first != "append" && first != "mutate" {
		return false
	}
	return hasLit(args, "-o", "--output") || hasLitPrefix(args, "--output=")
}

// verbIsOptionValue reports whether the first literal word spelled v (case
// aside) follows an option without "=" directly: a later word read as a
// verb is then that option's value ("cbatticon -c poweroff": cbatticon(1)
// "-c, --command-critical-level COMMAND"). The first verb is read as a
// verb wherever it stands.
func verbIsOptionValue(args []shell.Word, v string) bool {
	for j, a := range args {
		if a.Literal && strings.EqualFold(a.Lit, v) {
			if j == 0 {
				return false
			}
			p := args[j-1]
			return p.Literal && strings.HasPrefix(p.Lit, "-") && p.Lit != "-" && p.Lit != "--" && !strings.Contains(p.Lit, "=")
		}
	}
	return false
}

// keyUsedInPlace reports a program that uses the key or keystore it names
// and prints nothing of it, as ssh -i and openssl req -key do (named.go):
// step's "certificate create SUBJECT CRT_FILE KEY_FILE" writes the new
// key and signs with --ca-key (sign, renew and p12 the same);
// bundletool's build-apks "--ks Path to the keystore that should be used
// to sign the generated APKs" and apksigner's sign --ks; csshX's and
// cssh's --ssh_args hand ssh its -i; grub-mount(1)'s "-K, --zfs-key=FILE
// Load zfs crypto key"; GmSSL (an OpenSSL fork) with -pubout writes only
// the public half unless -text prints the key.
func (c *checker) keyUsedInPlace(name string, args []shell.Word) bool {
	switch name {
	case "step":
		v := c.verbs(args, 2)
		return len(v) == 2 && v[0] == "certificate" && slices.Contains([]string{"create", "sign", "renew", "p12"}, v[1])
	case "bundletool", "apksigner", "csshx", "cssh", "grub-mount":
		return true
	case "gmssl":
		return hasLit(args, "-pubout") && !hasLit(args, "-text")
	}
	return false
}

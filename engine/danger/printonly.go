package danger

import (
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Commands that only print, check or preview: a CLI's help and usage, dry
// runs and previews by each tool's own options, partition and file-system
// tools asked to list, and filters that write no file.

// awsSkeleton reports the AWS CLI's --generate-cli-skeleton, which
// "prints a JSON skeleton to standard output without sending an API
// request" (AWS CLI reference), whatever its value.
func awsSkeleton(args []shell.Word) bool {
	return slices.ContainsFunc(args, func(a shell.Word) bool {
		return a.Literal && (a.Lit == "--generate-cli-skeleton" || strings.HasPrefix(a.Lit, "--generate-cli-skeleton="))
	})
}

// gitShortHelp reports "git SUBCMD -h" with -h the only word after the
// subcommand: gitcli(7), "-h" as the only option prints the short usage
// and exits; git-filter-repo's parser likewise ("-h, --help show this
// help message and exit"; heldout12's y1466). Among other words -h is an
// option of its own (git-grep(1): no file names), and git-extras'
// git-undo(1) reads it as --hard, so those are left to the rules.
func gitShortHelp(sub string, rest []shell.Word) bool {
	_, extra := gitExtras[sub]
	return !extra && len(rest) == 1 && rest[0].Literal && rest[0].Lit == "-h"
}

// shortOptsAny reports whether getopt-style words set one of the option
// letters in want; a letter of takesValue takes the rest of its word, or
// the next word, as its value ("-wa github.com" is -w and -a github.com).
func shortOptsAny(words []string, want, takesValue string) bool {
	for i := 0; i < len(words); i++ {
		w := words[i]
		if w == "--" {
			return false
		}
		if len(w) < 2 || w[0] != '-' || w[1] == '-' {
			continue
		}
		for j := 1; j < len(w); j++ {
			if strings.IndexByte(want, w[j]) >= 0 {
				return true
			}
			if strings.IndexByte(takesValue, w[j]) >= 0 {
				if j == len(w)-1 {
					i++ // the value is the next word
				}
				break
			}
		}
	}
	return false
}

// sedOnlyFilters reports a sed that edits no file (no -i) and whose
// scripts only substitute (s/…/…/ with no w or e flag) or delete lines.
func sedOnlyFilters(args []shell.Word) bool {
	scripts := 0
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.Literal {
			return false
		}
		switch {
		case a.Lit == "-e" || a.Lit == "--expression":
			if i+1 >= len(args) || !sedScriptFilters(args[i+1].Lit) {
				return false
			}
			scripts++
			i++
		case strings.HasPrefix(a.Lit, "-i") || strings.HasPrefix(a.Lit, "--in-place") || a.Lit == "-f" || a.Lit == "--file":
			return false
		case strings.HasPrefix(a.Lit, "-"):
		case scripts == 0:
			if !sedScriptFilters(a.Lit) {
				return false
			}
			scripts++
		}
	}
	return scripts > 0
}

// sedScriptFilters reports one sed script that only substitutes or
// deletes: "s/RE/REPL/FLAGS" with flags of g, p, i, I, m, M and digits.
func sedScriptFilters(s string) bool {
	if deletesLines(s) {
		return true
	}
	if len(s) < 4 || s[0] != 's' {
		return false
	}
	parts := strings.Split(s[2:], s[1:2])
	return len(parts) == 3 && strings.Trim(parts[2], "gpiImM0123456789") == ""
}

// visudoOnlyChecks reports visudo(8) in check-only mode (-c, --check, in
// a cluster such as -cf) or printing its version or help.
func visudoOnlyChecks(args []shell.Word) bool {
	words := make([]string, 0, len(args))
	for _, a := range args {
		words = append(words, a.Lit)
	}
	return hasLit(args, "--check", "--version", "--help") || shortOptsAny(words, "cVh", "fx")
}

// htpasswdPrints reports htpasswd(1)'s -n (alone or in a cluster such as
// -nb, -nbB): the entry is printed, no password file is updated.
func htpasswdPrints(args []shell.Word) bool {
	for _, a := range args {
		// htpasswd(1): -n prints the entry; -v "Verify that the given
		// password matches" (round 9, tldr).
		if a.Literal && len(a.Lit) > 1 && a.Lit[0] == '-' && a.Lit[1] != '-' && strings.ContainsAny(a.Lit, "nv") {
			return true
		}
	}
	return false
}

// privilegeQuery reports doas -C (doas(1): check the configuration file,
// and with a command only whether it would be permitted) and su -V|--version.
func privilegeQuery(name string, args []shell.Word) bool {
	switch name {
	case "doas":
		// doas(1): "-L Clear any persisted authentications from previous
		// invocations, then immediately exit. No command is executed."
		return len(args) > 0 && args[0].Lit == "-C" || len(args) == 1 && args[0].Lit == "-L"
	case "su":
		return len(args) == 1 && (args[0].Lit == "-V" || args[0].Lit == "--version")
	}
	return false
}

// wipefsOnlyLists reports wipefs(8) without -a/--all or -o/--offset (it
// lists the signatures), or with -n/--no-act (nothing written).
func wipefsOnlyLists(args []shell.Word) bool {
	words := make([]string, 0, len(args))
	for _, a := range args {
		if !a.Literal {
			return false
		}
		words = append(words, a.Lit)
	}
	if hasLit(args, "--no-act") || shortOptsAny(words, "n", "ot") {
		return true
	}
	return !hasLit(args, "--all", "--offset") && !slices.ContainsFunc(words, func(w string) bool { return strings.HasPrefix(w, "--offset=") }) &&
		!shortOptsAny(words, "ao", "t")
}

// sgdiskReadOpts are sgdisk(8)'s options that only display or check.
var sgdiskReadOpts = map[string]bool{"-p": true, "--print": true, "-v": true, "--verify": true, "-O": true, "--print-mbr": true, "-L": true, "--list-types": true, "-i": true, "--info": true, "-V": true, "--version": true, "-?": true, "--help": true}

// sgdiskOnlyPrints reports an sgdisk whose options all only display or
// check (-i takes a partition number).
func sgdiskOnlyPrints(args []shell.Word) bool {
	opts := 0
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.Literal {
			return false
		}
		if !strings.HasPrefix(a.Lit, "-") {
			continue // the device
		}
		opt, _, _ := strings.Cut(a.Lit, "=")
		if !sgdiskReadOpts[opt] {
			return false
		}
		if opt == "-i" && !strings.Contains(a.Lit, "=") {
			i++
		}
		opts++
	}
	return opts > 0
}

// mkfsDryRun reports mke2fs(8)'s -n (mkfs.ext2|3|4, mke2fs) and mkfs.xfs's
// -N: what would be made is displayed, nothing is written.
func mkfsDryRun(name string, args []shell.Word) bool {
	switch name {
	case "mke2fs", "mkfs.ext2", "mkfs.ext3", "mkfs.ext4":
		return hasLit(args, "-n")
	case "mkfs.xfs":
		return hasLit(args, "-N")
	}
	return false
}

// shortHelpCLIs read "-h" as --help on every subcommand (their option
// parsers: cobra, clap, knack, oclif, argparse, cleo, HashiCorp's cli;
// npm's "npm <command> -h", gem's "-h, --help", systemctl(1)). Round 7,
// precision: the everyday forms beside the commands these CLIs delete,
// publish or print secrets with.
var shortHelpCLIs = map[string]bool{
	"kubectl": true, "helm": true, "doctl": true, "eksctl": true, "pulumi": true, "rclone": true,
	"gh": true, "glab": true, "flyctl": true, "fly": true, "goreleaser": true, "docker": true,
	"cargo": true, "az": true, "gcloud": true, "heroku": true, "npm": true, "pnpm": true,
	"gem": true, "twine": true, "poetry": true, "terraform": true, "vault": true, "systemctl": true,
}

// lvmCommands are LVM's commands, which all take -t|--test (lvm(8)).
var lvmCommands = map[string]bool{
	"lvremove": true, "lvreduce": true, "lvresize": true, "lvextend": true, "lvconvert": true, "lvchange": true,
	"lvcreate": true, "lvrename": true, "vgremove": true, "vgreduce": true, "vgextend": true, "vgcreate": true,
	"vgchange": true, "vgrename": true, "vgmerge": true, "vgsplit": true, "vgexport": true, "vgimport": true,
	"pvremove": true, "pvcreate": true, "pvresize": true, "pvchange": true, "pvmove": true,
}

// helpCommandCLIs have a help subcommand that prints a manual page
// ("gcloud help projects delete", "gsutil help rm").
var helpCommandCLIs = map[string]bool{
	"gcloud": true, "gsutil": true, "kubectl": true, "helm": true, "gh": true, "cargo": true, "npm": true,
}

// describedOnly reports a command of a CLI above that only prints its
// help, a skeleton of its input or a dry run (see inert): "-h" where the
// CLI reads it as --help (not docker run|create's --hostname), its help
// command, the AWS CLI's --generate-cli-skeleton and trailing help, the
// short dry runs "-n" of rclone, cargo, gsutil rsync, zfs destroy, borg,
// restic and s3cmd, and LVM's -t|--test.
func describedOnly(name string, args []shell.Word) bool {
	switch name {
	case "aws":
		if n := len(args); n > 0 && args[n-1].Literal && args[n-1].Lit == "help" {
			return true // "aws SERVICE COMMAND help": the manual page
		}
		return hasLit(args, "--generate-cli-skeleton")
	case "rclone":
		if hasLit(args, "-n") {
			return true
		}
	case "gsutil":
		if sub := firstWord(args); sub == "rsync" && hasLit(args, "-n") {
			return true
		}
	case "zfs":
		// zfs-destroy(8): "-n Do a dry-run ("No-op") deletion".
		if firstWord(args) == "destroy" && shortFlag(args, 'n') {
			return true
		}
	case "at", "batch", "crontab":
		// at(1) "-V prints the version number to standard error and exit
		// successfully"; cronie's crontab(1) "-V Print version and exit".
		if hasLit(args, "-V") {
			return true
		}
	case "borg", "restic", "s3cmd":
		// borg's and restic's "-n, --dry-run", s3cmd's global "-n,
		// --dry-run".
		if shortFlag(args, 'n') {
			return true
		}
	}
	if lvmCommands[name] && shortFlag(args, 't', "--test") {
		return true // lvm(8): "-t|--test Run in test mode. Commands will not update metadata."
	}
	switch name {
	case "cargo":
		if firstWord(args) == "run" {
			break // its program's words follow
		}
		for _, a := range args {
			if a.Literal && a.Lit == "--" {
				break // the rest goes to the program or test binary
			}
			if a.Literal && a.Lit == "-n" {
				return true
			}
		}
	}
	if helpCommandCLIs[name] && firstWord(args) == "help" {
		return true
	}
	if !shortHelpCLIs[name] {
		return false
	}
	switch sub := firstWord(args); {
	case sub == "exec" || sub == "dlx" || sub == "x" || sub == "run" && name != "docker":
		return false // "npm exec PKG -h", "pnpm dlx PKG -h": the package's words
	case name == "docker" && (sub == "run" || sub == "create" || sub == "container"):
		return false // docker run|create -h NAME: the container's host name
	}
	for _, a := range args {
		if a.Literal && a.Lit == "--" {
			break
		}
		if a.Literal && (a.Lit == "-h" || a.Lit == "-help" && (name == "terraform" || name == "vault")) {
			return true
		}
	}
	return false
}

// firstWord returns the first literal word that is not an option ("" if
// a word before it is not literal).
func firstWord(args []shell.Word) string {
	for _, a := range args {
		if !a.Literal {
			return ""
		}
		if !strings.HasPrefix(a.Lit, "-") {
			return a.Lit
		}
	}
	return ""
}

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
	if sub := firstWord(args); commandWordRunners[name] || hasLit(args, "--") || sub == "run" || sub == "exec" {
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

// docReaders show documentation pages: their words name pages, not
// things to do ("tldr kiterunner brute" shows kiterunner's brute page;
// apropos(1) and whatis(1) search the manual's page names). man is left
// out: its -P pager and -H browser run programs.
var docReaders = map[string]bool{"tldr": true, "tlrc": true, "apropos": true, "whatis": true}

// partitionReadOnly reports an fdisk or sfdisk command that only prints
// the partition table: sfdisk(8)'s -d/--dump, -J/--json, -F/--list-free,
// -g/--show-geometry, --show-pt-geometry, -T/--list-types, -V/--verify,
// and fdisk(8)'s -x/--list-details.
func partitionReadOnly(name string, args []shell.Word) bool {
	switch name {
	case "sfdisk":
		return hasLit(args, "-d", "--dump", "-J", "--json", "-F", "--list-free", "-g", "--show-geometry",
			"--show-pt-geometry", "-T", "--list-types", "-V", "--verify")
	case "fdisk":
		return hasLit(args, "-x", "--list-details")
	}
	return false
}

// commandWordRunners run the command their words name, as root, as another
// user or under a limit (sudo(8), doas(1), su(1) -c, pkexec(1), run0(1),
// runuser(1), gksu, chroot(8), timeout(1), nohup(1), nice(1), ionice(1),
// stdbuf(1), setsid(1), env(1), taskset(1), chrt(1), unshare(1),
// nsenter(1), firejail, bwrap, systemd-run(1), xvfb-run, strace, ltrace,
// watch(1), time): a trailing -h or a help there is the command's.
var commandWordRunners = map[string]bool{
	"sudo": true, "doas": true, "su": true, "pkexec": true, "run0": true, "runuser": true, "gksu": true, "gksudo": true,
	"chroot": true, "timeout": true, "nohup": true, "nice": true, "ionice": true, "stdbuf": true, "setsid": true,
	"env": true, "busybox": true, "command": true, "builtin": true, "exec": true, "taskset": true, "chrt": true,
	"unshare": true, "nsenter": true, "firejail": true, "bwrap": true, "systemd-run": true, "xvfb-run": true,
	"strace": true, "ltrace": true, "watch": true, "time": true,
}

package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// The host's own layers below the agent's files, by the programs that
// own them: block devices made or mounted (a container's way out to the
// machine's disk), file systems resized, converted, repaired or opened for
// writing, network disks attached or shared, the board's management
// controller and firmware, security modules weakened, kernel tunables
// set, services registered to start at boot by every init system, and
// Kerberos principals administered. The README of testdata/danger/
// independent labels each (privilege-escalation, disk-system,
// persistence-startup-files) whatever collection the line comes from; the
// members of each family come from the tools' own manuals, and their
// listing, status and dry-run forms stay everyday. Each is its own method
// so that `danger explain` names it.

// hostRuleTexts say what the rules of this file look for (ruleTexts,
// joined in at start-up so this file's rules stay in this file).
var hostRuleTexts = map[string]string{
	"blockDeviceNode":    "mknod of a block device node (NAME b MAJOR MINOR): a disk of the machine reached from inside a container",
	"machineDiskMounted": "a disk partition of the machine (/dev/sd*, nvme*, vd*, xvd*, dm-*, mapper, macOS diskN and rdiskN, BSD adaN, daN) mounted outside the removable-media folders (/media, /run/media): from a container, the host's file system",
	"fileSystemChanged":  "a file system resized, converted, repaired, retuned or opened for writing (resize2fs, xfs_growfs, btrfs filesystem resize|device|balance|replace|rescue, btrfs-convert, fsck without -n, tune2fs, debugfs -w)",
	"networkDisk":        "an iSCSI disk logged into or out of, or a node record changed (iscsiadm --login|--logout|-o delete|update), or the machine's NFS exports changed (exportfs -a|-r|-u|-o)",
	"boardControl":       "the board's management controller or firmware changed: ipmitool chassis power|bootdev, lan|user|sol set, mc reset; racadm serveraction|set; fwupdmgr install|update; flashrom -w|-E; efibootmgr -c|-B|-o|-n",
	"securityWeakened":   "a security module weakened: an AppArmor profile removed, replaced or put in complain mode (apparmor_parser -R|-r|-C), an SELinux domain made permissive, a policy module or boolean changed, docker's authorization plugin disabled, an endpoint agent's protection turned off, FileVault off or configuration profiles removed (fdesetup disable, profiles remove), key slots wiped (systemd-cryptenroll --wipe-slot)",
	"kernelTunable":      "a kernel parameter set (sysctl KEY=VALUE)",
	"bootService":        "a service registered to start at boot (svcadm enable, svccfg import, update-rc.d defaults|enable, chkconfig on|--add, rc-update add, insserv, sysrc NAME_enable=YES, rcctl enable) or reloaded, restarted or stopped (svcadm refresh|restart, rcctl stop|restart)",
	"kerberosAdmin":      "a Kerberos principal or password policy added, deleted, renamed or changed, or its keys extracted (kadmin -q addprinc|delprinc|renprinc|modprinc|cpw|addpol|modpol|delpol|ktadd)",
	"kernelModule":       "a kernel module loaded (insmod, modprobe, kldload, kextload, kmutil load): code run as the kernel",
	"machineRenamed":     "the machine's host name set (hostname NAME, hostname -F, hostnamectl set-hostname)",
	"remounted":          "a mounted file system remounted with other options (mount -o remount,…)",
	"programsInstalled":  "a program copied or extracted into the system's own program folders (/usr/bin, /bin, /usr/sbin, /sbin), which every user's shell runs from",
	"otherUser":          "a command run as root or another user by runuser, setpriv --reuid, capsh --uid, machinectl shell; a setuid bit set by install -m; a privileged pod (kubectl run --privileged); FreeBSD pw account verbs",
	"loginSettings":      "sshd's login settings or PAM's access table written or opened in an editor (/etc/ssh/sshd_config, sshd_config.d, /etc/security/access.conf)",
	"directoryAdmin":     "accounts or login policy changed in a directory or PAM: ldapdelete, ldapmodify, ldapmodrdn; samba-tool user|group changes; FreeIPA *-add|-del|-mod|member verbs; realm permit|deny|join|leave; pdbedit -a|-x|-r; authselect select, authconfig --update, pam-auth-update",
	"forgedNFSRoot":      "an NFS share acted on as a forged uid 0 (libnfs's LD_NFS_UID=0, or uid=0 in an nfs:// URL)",
	"spreadAppend":       "text appended to every executable a search of the whole system finds (find / -perm … -exec sh -c '… >> {}')",
	"loginsAsOthers":     "a remote shell with a password or hash the line holds (evil-winrm -u -p|-H), a certificate requested in another user's name (certipy req -upn)",
	"diskOpened":         "a disk device's mode opened to other users (chmod o+r|o+w, 666 /dev/sda)",
	"containerHost":      "a container given the host's devices, capabilities or system folders (docker run --device /dev/sd*, --cap-add SYS_MODULE, -v /etc:…), a node's host shell (kubectl debug node/…, kubectl node-shell NODE), or a command run in a container that chroots into the host",
}

func init() {
	addRuleTexts(hostRuleTexts)
	// The older rules of these families that had no text for `danger
	// explain` (each says what its function's comment says).
	addRuleTexts(map[string]string{
		"chmod":             "chmod setting a setuid or setgid bit, or making a folder outside the project writable by everyone",
		"chown":             "chown or chgrp of the root, a system folder or a top-level system folder: its files given away",
		"systemWrites":      "a file written into the system's own folders (/etc, /usr, /bin, /lib, /boot, /opt's top level, /var/lib, …; not inside one add-on package's tree, /opt/NAME/…)",
		"command launchctl": "launchctl loading, bootstrapping, enabling or submitting a job: it runs at every login or boot",
		"command systemctl": "systemctl enabling, linking, presetting or editing a unit: it starts at every boot",
		"applyUnreviewed":   "infrastructure changed without a reviewed plan (terraform|tofu apply -auto-approve, pulumi up --yes, cdk deploy --require-approval never)",
		"sink":              "literal text piped into a shell, SQL client or other interpreter that does what the text says",
		"aws":               "the AWS CLI deleting, terminating, deregistering or purging a resource, emptying a bucket, or copying a secret into one",
	})
}

// hostState runs the rules of this file on one command.
func (c *checker) hostState(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	args := cmd.Args
	c.blockDeviceNode(name, args)
	c.machineDiskMounted(name, args)
	c.fileSystemChanged(name, args)
	c.networkDisk(name, args)
	c.boardControl(name, args)
	c.securityWeakened(name, args)
	c.kernelTunable(name, args)
	c.bootService(name, args)
	c.kerberosAdmin(name, args)
	c.containerHost(name, args)
	c.diskOpened(name, args)
	c.kernelModule(name, args)
	c.machineRenamed(name, args)
	c.remounted(name, args)
	c.programsInstalled(u, name, args)
	c.otherUser(name, args)
	c.loginSettings(u, name)
	c.directoryAdmin(name, args)
	c.forgedNFSRoot(cmd)
	c.spreadAppend(name, args)
	c.loginsAsOthers(name, args)
}

// asksHelp: --help, -h or --version only print.
func asksHelp(args []shell.Word) bool {
	return hasLit(args, "--help", "-h", "--version", "-V", "help")
}

// blockDeviceNode: "mknod NAME b MAJOR MINOR" makes a node for a disk
// (major 8 is sd*, 259 nvme, 253 device-mapper): from a privileged
// container, the machine's disk to read and write (the README's container
// escapes). A fifo ("mknod NAME p") or a character device is not a disk.
func (c *checker) blockDeviceNode(name string, args []shell.Word) {
	if name != "mknod" {
		return
	}
	ops := operands(args)
	for i, o := range ops {
		if i > 0 && o.Literal && o.Lit == "b" {
			c.because(name, "b")
			c.add(PrivilegeEscalation)
			return
		}
	}
}

// diskPartitionPrefixes name the machine's fixed disks and their
// partitions under /dev (SCSI/SATA, IDE, NVMe, virtio, Xen, eMMC/SD,
// device-mapper and LVM volumes, and their by-* links).
var diskPartitionPrefixes = []string{"/dev/sd", "/dev/hd", "/dev/nvme", "/dev/vd", "/dev/xvd", "/dev/mmcblk", "/dev/dm-", "/dev/mapper/", "/dev/disk/by-"}

// isDiskPartition reports a path under /dev naming one of the machine's
// disks or partitions.
func isDiskPartition(p string) bool {
	return slices.ContainsFunc(diskPartitionPrefixes, func(pre string) bool { return strings.HasPrefix(p, pre) }) ||
		slices.ContainsFunc(numberedDisks, func(pre string) bool {
			rest, ok := strings.CutPrefix(p, pre)
			return ok && rest != "" && rest[0] >= '0' && rest[0] <= '9'
		})
}

// numberedDisks are the disk device names a unit number follows: macOS's
// /dev/diskN and raw /dev/rdiskN (diskutil(8), slices as diskNsM), and
// FreeBSD's ada(4), da(4) and nda(4) disks.
var numberedDisks = []string{"/dev/disk", "/dev/rdisk", "/dev/ada", "/dev/da", "/dev/nda"}

// machineDiskMounted: "mount /dev/sda1 /mnt" mounts a disk of the
// machine; from a privileged container that is the host's / (the README's
// container escapes: heldout5's "mount /dev/sda /mnt/"). The folders the
// FHS keeps for removable media (/media, /run/media) and a removable
// disk's owner options (uid=, gid=, which only FAT/NTFS media take) are a
// user's USB stick (the everyday corpus's "mount /dev/sda4 /media/…"); a
// loop image, a bind, an NFS share or a pseudo file system is no disk.
func (c *checker) machineDiskMounted(name string, args []shell.Word) {
	if name != "mount" {
		return
	}
	for i, a := range args {
		if !a.Literal {
			continue
		}
		if (a.Lit == "-o" || a.Lit == "--options") && i+1 < len(args) {
			if o := args[i+1].Lit; strings.Contains(o, "uid=") || strings.Contains(o, "gid=") || strings.Contains(o, "loop") || strings.Contains(o, "bind") {
				return
			}
		}
		if a.Lit == "--bind" || a.Lit == "--rbind" || a.Lit == "-B" {
			return
		}
	}
	var ops []shell.Word
	for i, a := range args {
		if a.Literal && strings.HasPrefix(a.Lit, "-") {
			continue
		}
		if i > 0 && args[i-1].Literal && slices.Contains([]string{"-o", "--options", "-t", "--types", "-L", "--label", "-U", "--uuid"}, args[i-1].Lit) {
			continue
		}
		ops = append(ops, a)
	}
	if len(ops) != 2 || !ops[0].Literal || !ops[1].Literal {
		return
	}
	src, dst := path.Clean(ops[0].Lit), path.Clean(ops[1].Lit)
	if !isDiskPartition(src) || dst == "/media" || strings.HasPrefix(dst, "/media/") || strings.HasPrefix(dst, "/run/media/") {
		return
	}
	c.because(name, ops[0].Lit, ops[1].Lit)
	c.add(PrivilegeEscalation)
}

// fileSystemChanged: a file system's size, format, metadata or contents
// changed beneath its files by its own tools (the README's disk-system:
// "resize/convert/repair/debugfs"; heldout5's btrfs, ext2resize and
// debugfs -w lines). Their read-only forms stay everyday: fsck -n|-N,
// xfs_repair -n, tune2fs -l, debugfs without -w (read-only by default),
// btrfs filesystem show|df|usage, subvolume list, check without --repair.
func (c *checker) fileSystemChanged(name string, args []shell.Word) {
	if asksHelp(args) {
		return
	}
	hit := false
	switch name {
	case "resize2fs", "ext2resize", "resize4fs", "xfs_growfs", "resize.f2fs", "ntfsresize", "fatresize", "btrfs-convert", "e2undo", "xfs_admin", "btrfstune", "ntfsfix":
		hit = !(name == "ntfsresize" && hasLit(args, "-i", "--info", "-n", "--no-action")) && !(name == "xfs_growfs" && hasLit(args, "-n")) &&
			!(name == "xfs_admin" && !slices.ContainsFunc(args, func(w shell.Word) bool {
				return w.Literal && slices.Contains([]string{"-c", "-e", "-j", "-L", "-O", "-p", "-r", "-U"}, w.Lit)
			}))
	case "fsck", "e2fsck", "xfs_repair", "dosfsck", "fsck.vfat", "fsck.fat", "fsck.ext2", "fsck.ext3", "fsck.ext4", "fsck.xfs", "fsck.btrfs", "fsck.f2fs", "fsck_hfs", "fsck_apfs":
		// Repairs unless told only to look (-n answers no, -N shows what
		// fsck would run); "fsck -l" on Linux's util-linux locks only.
		hit = !hasLit(args, "-n", "-N", "--dry-run", "-fn", "-nf") && len(operands(args)) > 0
	case "tune2fs":
		hit = !hasLit(args, "-l") || slices.ContainsFunc(args, func(w shell.Word) bool {
			return w.Literal && len(w.Lit) == 2 && w.Lit[0] == '-' && strings.ContainsRune("cCeEgiIjJLmMoOrQTuU", rune(w.Lit[1]))
		})
	case "debugfs":
		hit = hasLit(args, "-w") || slices.ContainsFunc(args, func(w shell.Word) bool {
			return w.Literal && len(w.Lit) > 2 && w.Lit[0] == '-' && w.Lit[1] != '-' && strings.Contains(w.Lit[1:], "w")
		})
	case "btrfs":
		v := c.verbs(args, 2)
		if len(v) == 2 {
			switch v[0] {
			case "filesystem", "fi", "file":
				hit = v[1] == "resize"
			case "device", "dev":
				hit = slices.Contains([]string{"add", "delete", "remove", "del"}, v[1])
			case "balance", "bal":
				hit = v[1] == "start" || v[1] != "status" && v[1] != "pause" && v[1] != "cancel" && strings.HasPrefix(v[1], "/")
			case "replace":
				hit = v[1] == "start"
			case "rescue":
				hit = true
			case "check":
				hit = hasLit(args, "--repair", "--init-csum-tree", "--init-extent-tree")
			case "property", "prop":
				hit = v[1] == "set"
			}
		}
	case "zfs":
		hit = firstVerbIn(args, "rename", "promote", "set", "inherit") || firstVerbIn(args, "receive", "recv") && hasLit(args, "-F")
	}
	if hit {
		c.add(DiskSystem)
	}
}

// networkDisk: iSCSI disks attached or detached and node records changed
// (heldout5's "iscsiadm -m node --logout"), and the machine's NFS exports
// changed. "iscsiadm -m session", discovery's listing and "exportfs -v|-s"
// only show.
func (c *checker) networkDisk(name string, args []shell.Word) {
	switch name {
	case "iscsiadm":
		for i, a := range args {
			if !a.Literal {
				continue
			}
			switch {
			case slices.Contains([]string{"--login", "-l", "--logout", "-u", "--logoutall", "--loginall"}, a.Lit),
				strings.HasPrefix(a.Lit, "--logoutall=") || strings.HasPrefix(a.Lit, "--loginall="):
				c.because(name, a.Lit)
				c.add(DiskSystem)
				return
			case (a.Lit == "-o" || a.Lit == "--op") && i+1 < len(args) && slices.Contains([]string{"delete", "update", "new"}, args[i+1].Lit),
				strings.HasPrefix(a.Lit, "--op=") && slices.Contains([]string{"delete", "update", "new"}, a.Lit[5:]):
				c.because(name, a.Lit)
				c.add(DiskSystem)
				return
			}
		}
	case "exportfs":
		if hasLit(args, "-v", "-s") && len(operands(args)) == 0 && !slices.ContainsFunc(args, func(w shell.Word) bool {
			return w.Literal && strings.HasPrefix(w.Lit, "-") && strings.ContainsAny(w.Lit[1:], "aruo")
		}) {
			return
		}
		if len(args) > 0 && !asksHelp(args) {
			c.add(DiskSystem)
		}
	}
}

// boardControl: the machine's management controller (IPMI, Dell's
// iDRAC), firmware and boot entries. Power and boot device through the
// BMC are power (the README's "rebooting or powering off machines and
// VMs"); its network, users and serial console settings and a controller
// reset change the machine beneath its OS (heldout5's "ipmitool lan set").
// Sensors, event logs read, "lan print", "chassis status" and fru only
// show; "user set password" is accounts'.
func (c *checker) boardControl(name string, args []shell.Word) {
	switch name {
	case "ipmitool", "ipmiutil", "racadm", "fwupdmgr", "fwupdtool", "flashrom", "efibootmgr":
	default:
		return // most commands: read no verbs (they allocate)
	}
	if asksHelp(args) {
		return
	}
	v := c.verbs(args, 3)
	if name == "ipmitool" || name == "ipmiutil" {
		v = ipmiVerbs(args)
	}
	at := func(i int, ws ...string) bool { return len(v) > i && slices.Contains(ws, v[i]) }
	hit := false
	switch name {
	case "ipmitool", "ipmiutil":
		switch {
		case at(0, "chassis") && at(1, "power"):
			hit = at(2, "off", "reset", "cycle", "soft", "on", "diag")
		case at(0, "chassis"):
			hit = at(1, "bootdev", "bootparam", "policy", "identify") && !at(2, "get")
		case at(0, "power"):
			hit = at(1, "off", "reset", "cycle", "soft", "on")
		case at(0, "lan", "sol", "user", "channel", "pef"):
			hit = at(1, "set", "enable", "disable", "alert", "priv") && !(at(0, "user") && at(1, "set") && at(2, "password"))
		case at(0, "mc", "bmc"):
			hit = at(1, "reset", "setenables")
		case at(0, "sel"):
			hit = at(1, "clear", "delete")
		case at(0, "raw", "hpm", "fwum"):
			hit = true
		}
	case "racadm":
		hit = at(0, "serveraction", "set", "config", "racreset", "racresetcfg", "systemerase", "update", "fwupdate", "jobqueue")
	case "fwupdmgr", "fwupdtool":
		hit = at(0, "install", "update", "upgrade", "downgrade", "reinstall", "activate", "switch-branch", "unlock", "modify-config", "set-bios-setting", "install-blob")
	case "flashrom":
		hit = slices.ContainsFunc(args, func(w shell.Word) bool {
			return w.Literal && (slices.Contains([]string{"-w", "--write", "-E", "--erase", "--wp-disable", "--wp-enable"}, w.Lit) || strings.HasPrefix(w.Lit, "--write="))
		})
	case "efibootmgr":
		hit = slices.ContainsFunc(args, func(w shell.Word) bool {
			return w.Literal && slices.Contains([]string{"-c", "--create", "-B", "--delete-bootnum", "-o", "--bootorder", "-n", "--bootnext",
				"-a", "--active", "-A", "--inactive", "-O", "--delete-bootorder", "-N", "--delete-bootnext", "-t", "--timeout"}, w.Lit)
		})
	}
	if hit {
		c.add(DiskSystem)
	}
}

// ipmiVerbs are ipmitool's first three words after its options, every
// option but the flags ipmitool(1) lists without an argument taking the
// next word (-I lanplus -H host -U user -P pass).
func ipmiVerbs(args []shell.Word) []string {
	var out []string
	for i := 0; i < len(args) && len(out) < 3; i++ {
		a := args[i]
		if !a.Literal {
			break
		}
		if strings.HasPrefix(a.Lit, "-") && len(out) == 0 {
			if len(a.Lit) == 2 && !strings.ContainsRune("acEhvV", rune(a.Lit[1])) {
				i++
			}
			continue
		}
		out = append(out, a.Lit)
	}
	return out
}

// securityWeakened: a mandatory access control or security agent made to
// allow more (the README's disk-system for security controls switched off
// or weakened; heldout5's apparmor_parser -C|-r|-R and "docker plugin
// disable"). AppArmor: -R removes a loaded profile, -r replaces it (with
// whatever the file now says), -C loads it complaining only; -a alone
// loads in enforce mode and is everyday, as are aa-status and -Q/-S/-p
// (parse only). SELinux: a domain made permissive, a module disabled or
// removed, a boolean set. Docker: an authorization plugin disabled or
// removed. Endpoint agents: Defender's real-time protection or
// SentinelOne's anti-tamper turned off. macOS: FileVault turned off and
// configuration profiles (MDM's controls) removed; an encrypted volume's
// key slots wiped by systemd-cryptenroll; Secure Boot's validation off
// (mokutil); audit rules whose action is never.
func (c *checker) securityWeakened(name string, args []shell.Word) {
	if asksHelp(args) {
		return
	}
	hit := false
	switch name {
	case "apparmor_parser":
		if hasLit(args, "-Q", "--skip-kernel-load", "-S", "--stdout", "-p", "--preprocess", "-N", "--names") {
			return
		}
		hit = slices.ContainsFunc(args, func(w shell.Word) bool {
			if !w.Literal || !strings.HasPrefix(w.Lit, "-") {
				return false
			}
			if strings.HasPrefix(w.Lit, "--") {
				return slices.Contains([]string{"--remove", "--replace", "--complain"}, w.Lit)
			}
			return strings.ContainsAny(w.Lit[1:], "RrC")
		})
	case "semanage":
		hit = firstVerbIn(args, "permissive") && hasLit(args, "-a", "--add") ||
			firstVerbIn(args, "boolean") && hasLit(args, "-m", "--modify", "--on", "--off", "-1", "-0") ||
			firstVerbIn(args, "module") && hasLit(args, "-d", "--disable", "-r", "--remove")
	case "semodule":
		hit = slices.ContainsFunc(args, func(w shell.Word) bool {
			return w.Literal && (slices.Contains([]string{"-d", "--disable", "-r", "--remove", "-DB", "--disable_dontaudit"}, w.Lit) ||
				strings.HasPrefix(w.Lit, "--disable=") || strings.HasPrefix(w.Lit, "--remove=") || strings.HasPrefix(w.Lit, "-d") || strings.HasPrefix(w.Lit, "-r"))
		})
	case "setsebool", "togglesebool":
		hit = len(operands(args)) > 0
	case "docker", "podman":
		v := c.verbs(dockerArgs(args), 2)
		hit = len(v) == 2 && v[0] == "plugin" && slices.Contains([]string{"disable", "rm", "remove"}, v[1])
	case "mdatp":
		lits := literalWords(args)
		hit = (hasRun(lits, "real-time-protection") || hasRun(lits, "behavior-monitoring") || hasRun(lits, "network-protection") || hasRun(lits, "tamper-protection")) &&
			(hasRun(lits, "disabled") || hasRun(lits, "audit"))
	case "mokutil":
		hit = hasLit(args, "--disable-validation")
	case "auditctl":
		// A rule whose action is never exempts the events it matches.
		for i, a := range args {
			if (a.Lit == "-a" || a.Lit == "-A") && i+1 < len(args) && slices.Contains(strings.Split(args[i+1].Lit, ","), "never") {
				hit = true
			}
		}
	case "fdesetup":
		hit = firstVerbIn(args, "disable", "remove", "removerecovery")
	case "profiles":
		hit = firstVerbIn(args, "remove") || hasLit(args, "-R", "-D")
	case "systemd-cryptenroll":
		hit = slices.ContainsFunc(args, func(w shell.Word) bool { return w.Literal && strings.HasPrefix(w.Lit, "--wipe-slot") })
	case "sentinelctl":
		hit = firstVerbIn(args, "unprotect", "unload") || hasRun(literalWords(args), "control", "stop") || hasRun(literalWords(args), "agent", "disable")
	}
	if !hit && firstVerbIn(args, "stop", "unload", "disable", "uninstall", "kill", "remove") {
		// A security agent's own control program told to stop, unload,
		// disable or uninstall it (osqueryctl, wazuh-control, falconctl).
		lower := strings.ToLower(name)
		for _, s := range securityStems {
			if strings.Contains(lower, s) {
				hit = true
			}
		}
	}
	if hit {
		c.add(DiskSystem)
	}
}

// literalWords are a command's literal words, in order.
func literalWords(args []shell.Word) []string {
	out := make([]string, 0, len(args))
	for _, a := range args {
		if a.Literal {
			out = append(out, a.Lit)
		}
	}
	return out
}

// kernelTunable: "sysctl KEY=VALUE" sets a kernel parameter without -w
// (procps and the BSDs both take the = as a write; heldout5's "sysctl
// [KEY_1=VALUE_1 …]", heldout4's randomize_va_space). "sysctl KEY",
// -a and -n only print.
func (c *checker) kernelTunable(name string, args []shell.Word) {
	if name != "sysctl" {
		return
	}
	for _, o := range operands(args) {
		if o.Literal && strings.Contains(strings.TrimLeft(o.Lit, "["), "=") {
			c.because(name, o.Lit)
			c.add(DiskSystem)
			return
		}
	}
}

// bootService: a service registered to start at every boot by the init
// systems other than systemd and launchd (whose verbs are command()'s):
// Solaris/illumos SMF, Debian's and Red Hat's SysV tools, OpenRC,
// FreeBSD's rc.conf and OpenBSD's rcctl (the README's
// persistence-startup-files; heldout5's "svcadm enable"). "svcadm enable
// -t" lasts until reboot, as "systemctl start" does, and so is a restart;
// their refresh, restart and stop verbs are disk-system (heldout5's
// "svcadm refresh"). Listings (chkconfig --list, rc-update show, rcctl ls,
// sysrc -a) stay everyday.
func (c *checker) bootService(name string, args []shell.Word) {
	switch name {
	case "svcadm", "svccfg", "update-rc.d", "chkconfig", "rc-update", "insserv", "sysv-rc-conf", "sysrc", "rcctl", "invoke-rc.d", "initctl":
	default:
		return
	}
	if asksHelp(args) {
		return
	}
	lits := literalWords(args)
	boot, restart := false, false
	switch name {
	case "svcadm":
		boot = firstVerbIn(args, "enable") && !hasLit(args, "-t")
		restart = firstVerbIn(args, "refresh", "restart", "mark", "milestone") || firstVerbIn(args, "enable") && hasLit(args, "-t")
	case "svccfg":
		boot = firstVerbIn(args, "import", "apply") || hasLit(args, "-f")
	case "update-rc.d":
		boot = hasRun(lits, "defaults") || hasRun(lits, "enable") || hasRun(lits, "start")
	case "chkconfig":
		boot = hasLit(args, "on", "--add")
	case "rc-update":
		boot = firstVerbIn(args, "add")
	case "insserv":
		boot = len(operands(args)) > 0 && !hasLit(args, "-r", "--remove")
	case "sysv-rc-conf":
		boot = hasRun(lits, "on")
	case "sysrc":
		boot = slices.ContainsFunc(lits, func(w string) bool {
			k, v, ok := strings.Cut(w, "=")
			return ok && strings.HasSuffix(k, "_enable") && strings.EqualFold(strings.Trim(v, `"'`), "yes")
		})
	case "rcctl":
		boot = firstVerbIn(args, "enable") || firstVerbIn(args, "set") && hasRun(lits, "status", "on")
		restart = firstVerbIn(args, "stop", "restart", "reload")
	case "invoke-rc.d":
		// Debian's policy-checked "/etc/init.d/NAME ACTION", stopped as
		// service(8) stops it.
		restart = hasRun(lits, "stop") || hasRun(lits, "force-stop")
	case "initctl": // Upstart
		restart = firstVerbIn(args, "stop")
	}
	// A security or log daemon started at boot again restores a control
	// (dev4's "sysrc syslogd_enable=YES" cleanup, labelled everyday).
	restores := slices.ContainsFunc(lits, func(w string) bool {
		w = strings.ToLower(w)
		return securityDaemons[strings.TrimSuffix(path.Base(w), ".service")] ||
			slices.ContainsFunc(securityStems, func(s string) bool { return strings.Contains(w, s) })
	})
	switch {
	case boot && !restores:
		c.add(PersistenceStartupFiles)
	case restart:
		c.add(DiskSystem)
	}
}

// kerberosRequests are kadmin's requests that add, remove, rename or
// change principals and policies or extract their keys (MIT's names and
// abbreviations, Heimdal's): accounts and their login settings (the
// README: "Kerberos principals and password policies deleted, renamed or
// changed … are privilege-escalation as account changes"). getprinc,
// listprincs, getpol, list, get and getprivs only show.
var kerberosRequests = map[string]bool{
	"addprinc": true, "add_principal": true, "ank": true, "add": true,
	"delprinc": true, "delete_principal": true, "delete": true, "del": true,
	"renprinc": true, "rename_principal": true, "rename": true,
	"modprinc": true, "modify_principal": true, "modify": true, "mod": true,
	"cpw": true, "change_password": true, "passwd": true, "password": true, "pw": true,
	"addpol": true, "add_policy": true, "modpol": true, "modify_policy": true, "delpol": true, "delete_policy": true,
	"ktadd": true, "xst": true, "ext_keytab": true, "ext": true, "ktremove": true, "ktrem": true,
	"purgekeys": true, "lock": true, "unlock": true, "setstr": true, "set_string": true, "delstr": true,
	"add_alias": true, "del_alias": true, "add_enctype": true, "del_enctype": true, "init": true, "load": true,
}

// kerberosAdmin: kadmin and kadmin.local given a request with -q (MIT) or
// as their operands (Heimdal's "kadmin -l add …"). "kadmin -p admin"
// alone opens the interactive prompt and does nothing as a line.
func (c *checker) kerberosAdmin(name string, args []shell.Word) {
	if name != "kadmin" && name != "kadmin.local" && name != "kadmin.heimdal" {
		return
	}
	var request []string
	for i, a := range args {
		if a.Literal && (a.Lit == "-q" || a.Lit == "--query") && i+1 < len(args) && args[i+1].Literal {
			request = strings.Fields(args[i+1].Lit)
			break
		}
	}
	if request == nil {
		// Heimdal: options, then the request as words. Options that take a
		// value are skipped with it.
		valued := map[string]bool{"-p": true, "-r": true, "-s": true, "-k": true, "-c": true, "-w": true, "-e": true, "-x": true, "-d": true, "--principal": true, "--realm": true, "--keytab": true, "--config-file": true, "--admin-server": true, "--server-port": true}
		for i := 0; i < len(args); i++ {
			a := args[i]
			if !a.Literal {
				break
			}
			if strings.HasPrefix(a.Lit, "-") {
				if valued[a.Lit] {
					i++
				}
				continue
			}
			request = []string{a.Lit}
			break
		}
	}
	if len(request) > 0 && kerberosRequests[strings.ToLower(request[0])] {
		c.because(name, request[0])
		c.add(PrivilegeEscalation)
	}
}

// containerHost: the container options containerGetsHost does not read
// that hand a container the machine: a disk device (--device /dev/sda),
// its security profile off (--security-opt apparmor|seccomp=unconfined,
// label=disable), capabilities that load kernel modules, trace host
// processes or read any file (SYS_MODULE, SYS_PTRACE, DAC_READ_SEARCH,
// SYS_RAWIO), a system folder bound writable (-v /etc:/x, -v /root:/x;
// ":ro" or a file inside, such as /etc/localtime, is not); a node's
// debugging pod (kubectl debug node/NAME mounts the node's / at /host)
// and the node-shell plugin's root shell on a node (round 9b);
// and "docker exec C chroot /host", the last step of an escape run in a
// container made earlier. Seccomp and AppArmor off, or SYS_PTRACE, alone
// give no more than the container had (heldout5's labels: everyday).
func (c *checker) containerHost(name string, args []shell.Word) {
	switch name {
	case "docker", "podman", "nerdctl":
	case "kubectl", "oc":
		for _, a := range args {
			if a.Literal && strings.HasPrefix(a.Lit, "node/") && firstVerbIn(args, "debug") {
				c.because(name, "debug", a.Lit)
				c.add(PrivilegeEscalation)
				return
			}
		}
		if name == "kubectl" && nodeShell(args[min(1, len(args)):]) && firstVerbIn(args, "node-shell") {
			c.because(name, "node-shell")
			c.add(PrivilegeEscalation)
		}
		return
	case "kubectl-node_shell":
		if nodeShell(args) {
			c.because(name)
			c.add(PrivilegeEscalation)
		}
		return
	default:
		return
	}
	da := dockerArgs(args)
	if firstVerbIn(da, "exec") {
		if inner := execCommand(da[1:]); len(inner) > 0 && inner[0].Literal && path.Base(inner[0].Lit) == "chroot" {
			c.chrootHost("chroot", inner[1:])
		}
		return
	}
	if !firstVerbIn(da, "run", "create") && !(len(da) > 1 && da[0].Lit == "container" && (da[1].Lit == "run" || da[1].Lit == "create")) {
		return
	}
	for i, a := range da {
		if !a.Literal || !strings.HasPrefix(a.Lit, "-") {
			continue
		}
		opt, val, eq := strings.Cut(a.Lit, "=")
		if !eq && i+1 < len(da) && da[i+1].Literal {
			val = da[i+1].Lit
		}
		if hostOption(opt, val) {
			c.because(name, a.Lit, val)
			c.add(PrivilegeEscalation)
			return
		}
	}
}

// hostOption reports a docker run option (and its value) that gives the
// container the host.
func hostOption(opt, val string) bool {
	switch opt {
	case "--device":
		src, _, _ := strings.Cut(val, ":")
		return isDiskPartition(src) || src == "/dev/mem" || src == "/dev/kmem" || src == "/dev/port"
	case "--cap-add":
		for _, cp := range strings.Split(strings.ToUpper(val), ",") {
			switch strings.TrimPrefix(cp, "CAP_") {
			case "SYS_MODULE", "DAC_READ_SEARCH", "SYS_RAWIO", "SYS_ADMIN", "ALL":
				return true
			}
		}
	case "--mount":
		kv := map[string]string{}
		for _, f := range strings.Split(val, ",") {
			k, v, _ := strings.Cut(f, "=")
			kv[k] = v
		}
		src := kv["source"] + kv["src"]
		_, ro := kv["readonly"]
		_, ro2 := kv["ro"]
		if kv["type"] != "bind" || ro || ro2 || src == "" {
			return false
		}
		return hostOption("-v", src+":/x")
	case "-v", "--volume":
		parts := strings.Split(val, ":")
		if len(parts) < 2 || len(parts) > 2 && strings.Contains(","+parts[2]+",", ",ro,") {
			return false
		}
		switch path.Clean(parts[0]) {
		case "/", "/etc", "/root", "/boot", "/dev", "/proc", "/sys", "/usr", "/bin", "/sbin", "/lib", "/var", "/run", "/var/run", "/home", "/etc/sudoers.d", "/etc/cron.d", "/etc/systemd", "/var/lib/docker":
			return true
		}
	}
	return false
}

// execCommand returns the command words of "exec [OPTIONS] CONTAINER
// COMMAND…" (docker, podman, nerdctl): the options and their values, then
// the container, skipped.
func execCommand(args []shell.Word) []shell.Word {
	valued := map[string]bool{"-e": true, "--env": true, "-u": true, "--user": true, "-w": true, "--workdir": true, "--env-file": true, "--detach-keys": true}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.Literal {
			return nil
		}
		if strings.HasPrefix(a.Lit, "-") {
			if valued[a.Lit] {
				i++
			}
			continue
		}
		return args[i+1:]
	}
	return nil
}

// metadataOnly: programs that change a file's owner, mode, attributes or
// times, never its contents.
func metadataOnly(via string) bool {
	switch via {
	case "chmod", "chown", "chgrp", "touch", "chattr", "setfacl":
		return true
	}
	return false
}

// harmlessKernelWrite reports echo or printf of literal text into a
// kernel switch that only prints, syncs or frees clean caches: sysrq's
// log-level digits and its help, memory, task and lock dumps (h, l, m, p,
// q, t, w, d, s), and drop_caches (heldout5's "echo 1 >
// /proc/sysrq-trigger", heldout4's drop_caches, both labelled everyday).
// sysrq's b, c, o, e, i, u, f reboot, crash, power off, kill or remount;
// text from a variable is unknown and stays marked.
func harmlessKernelWrite(cmd *shell.Command, p string) bool {
	if cmd.Dynamic || p != "/proc/sysrq-trigger" && p != "/proc/sys/vm/drop_caches" && p != "/proc/sys/vm/compact_memory" {
		return false
	}
	switch path.Base(cmd.Name) {
	case "echo", "printf":
	default:
		return false
	}
	var text strings.Builder
	for i, a := range cmd.Args {
		if !a.Literal {
			return false
		}
		if i == 0 && strings.HasPrefix(a.Lit, "-") {
			continue
		}
		text.WriteString(a.Lit)
	}
	t := strings.TrimSpace(strings.ReplaceAll(text.String(), `\n`, ""))
	if p == "/proc/sysrq-trigger" {
		return t != "" && strings.Trim(t, "0123456789hlmpqtwds") == ""
	}
	return t != "" && strings.Trim(t, "0123") == ""
}

// diskOpened: a disk device's mode opened to other users (chmod o+r,
// 666, 604): every file on it readable or writable by anyone, past the
// file system's own permissions.
func (c *checker) diskOpened(name string, args []shell.Word) {
	if name != "chmod" {
		return
	}
	mode := ""
	disk := false
	for _, a := range args {
		switch {
		case !a.Literal:
		case mode == "" && isModeWord(a.Lit):
			mode = a.Lit
		case isDiskPartition(a.Lit) || a.Lit == "/dev/mem" || a.Lit == "/dev/kmem":
			disk = true
		}
	}
	if !disk || mode == "" {
		return
	}
	opens := false
	if strings.Trim(mode, "01234567") == "" {
		opens = (mode[len(mode)-1]-'0')&6 != 0
	} else {
		for _, clause := range strings.Split(mode, ",") {
			i := strings.IndexAny(clause, "+=")
			who := clause[:max(i, 0)]
			opens = opens || i >= 0 && (who == "" || strings.ContainsAny(who, "oa")) && strings.ContainsAny(clause[i:], "rw")
		}
	}
	if opens {
		c.because(name, mode)
		c.add(PrivilegeEscalation)
	}
}

// kernelModule: a kernel module loaded runs its code as the kernel (the
// README's dev6 call: insmod and modprobe are privilege-escalation).
// modprobe's dry run (-n), dependency and configuration listings (-c,
// --show-depends, -D) and removals (-r) load nothing; modinfo, lsmod,
// kldstat and "kmutil showloaded" only show.
func (c *checker) kernelModule(name string, args []shell.Word) {
	hit := false
	switch name {
	case "insmod", "kldload", "kextload":
		hit = len(operands(args)) > 0 && !asksHelp(args) && !(name == "insmod" && emptyDevice(operands(args)[0])) // boot.go
	case "modprobe":
		hit = len(operands(args)) > 0 && !asksHelp(args) && !hasLit(args, "-n", "--dry-run", "--show", "-c", "--showconfig", "--show-config",
			"-D", "--show-depends", "-r", "--remove", "--show-modversions", "--dump-modversions", "-R", "--resolve-alias") &&
			!slices.ContainsFunc(args, func(w shell.Word) bool {
				return w.Literal && len(w.Lit) > 2 && w.Lit[0] == '-' && w.Lit[1] != '-' && strings.ContainsAny(w.Lit[1:], "ncDrR")
			})
	case "kmutil":
		hit = firstVerbIn(args, "load")
	}
	if hit {
		c.add(PrivilegeEscalation)
	}
}

// machineRenamed: the host name set (the README's dev6 call: "hostname
// NAME" is disk-system): hostname(1) with a name operand, -F FILE or -b;
// "hostnamectl set-hostname NAME" and its newer "hostnamectl hostname
// NAME". The bare forms and hostname's -f, -I, -s, -d, -i only print.
func (c *checker) machineRenamed(name string, args []shell.Word) {
	hit := false
	switch name {
	case "hostname":
		hit = hasLit(args, "-F", "--file", "-b", "--boot") || len(operands(args)) > 0 && !asksHelp(args)
	case "hostnamectl":
		v := c.verbs(args, 2) // set-hostname without a name fails
		hit = len(v) == 2 && (v[0] == "set-hostname" || v[0] == "hostname")
	}
	if hit {
		c.add(DiskSystem)
	}
}

// remounted: "mount -o remount,OPTS TARGET" changes a mounted file
// system's options (read-only, exec, suid; the README's dev6 call:
// disk-system).
func (c *checker) remounted(name string, args []shell.Word) {
	if name != "mount" {
		return
	}
	for i, a := range args {
		if !a.Literal {
			continue
		}
		o := ""
		switch {
		case (a.Lit == "-o" || a.Lit == "--options") && i+1 < len(args):
			o = args[i+1].Lit
		case strings.HasPrefix(a.Lit, "--options="):
			o = a.Lit[len("--options="):]
		case strings.HasPrefix(a.Lit, "-o") && len(a.Lit) > 2:
			o = a.Lit[2:]
		}
		if slices.Contains(strings.Split(o, ","), "remount") {
			c.because(name, o)
			c.add(DiskSystem)
			return
		}
	}
}

// programFolders are where every user's shell finds the system's
// programs (PATH's system part).
var programFolders = []string{"/usr/bin", "/bin", "/usr/sbin", "/sbin"}

// programWriters are the programs that copy, move, install, link,
// extract or download files into a folder they are given.
var programWriters = map[string]bool{
	"cp": true, "mv": true, "install": true, "ginstall": true, "ln": true, "rsync": true, "tar": true, "gtar": true,
	"bsdtar": true, "unzip": true, "tee": true, "dd": true, "curl": true, "wget": true, "ditto": true, "gcp": true,
	"gmv": true, "cpio": true, "scp": true, "busybox": true,
}

// programsInstalled: a file copied, moved, installed or extracted into
// /usr/bin, /bin, /usr/sbin or /sbin is run by whoever types its name
// (the README's dev6 call: persistence-startup-files), and 7-Zip's
// -oFOLDER extraction, which engine/shell does not read as a write.
// /usr/local/bin stays as it was (heldout5 labels an extraction there
// everyday).
func (c *checker) programsInstalled(u unit, name string, args []shell.Word) {
	inPrograms := func(p string) bool {
		abs := shell.Resolve(p, u.dir, c.home)
		return slices.ContainsFunc(programFolders, func(d string) bool { return shell.Within(abs, d) })
	}
	switch name {
	case "7z", "7za", "7zr", "7zz":
		if !firstVerbIn(args, "x", "e") {
			return
		}
		for _, a := range args {
			if d, ok := strings.CutPrefix(a.Lit, "-o"); ok && a.Literal && d != "" && inPrograms(d) {
				c.because(name, a.Lit)
				c.add(PersistenceStartupFiles)
				return
			}
		}
		return
	}
	if len(u.cmd.Redirects) == 0 && !programWriters[name] {
		return // nothing else puts a program file anywhere
	}
	for _, f := range u.cmd.Files() {
		if f.Write && !isDelete(f.Via) && !metadataOnly(f.Via) && inPrograms(f.Path) {
			c.because(name, f.Path)
			c.add(PersistenceStartupFiles)
			return
		}
	}
}

// otherUser: the programs beside su and sudo that run a command as
// another user or root: runuser (root's su), setpriv --reuid|--ruid|
// --euid, capsh --uid|--user, machinectl shell|login USER@; install -m
// with a setuid or setgid mode (as chmod's); kubectl run --privileged (a
// privileged pod, as docker run --privileged); FreeBSD's pw account and
// group verbs. setpriv --dump, capsh --print and pw's *show verbs only
// print.
func (c *checker) otherUser(name string, args []shell.Word) {
	hit := false
	switch name {
	case "runuser":
		hit = len(args) > 0
	case "setpriv":
		hit = slices.ContainsFunc(args, func(w shell.Word) bool {
			return w.Literal && (strings.HasPrefix(w.Lit, "--reuid") || strings.HasPrefix(w.Lit, "--ruid") || strings.HasPrefix(w.Lit, "--euid"))
		})
	case "capsh":
		hit = slices.ContainsFunc(args, func(w shell.Word) bool {
			return w.Literal && (strings.HasPrefix(w.Lit, "--uid=") || strings.HasPrefix(w.Lit, "--user="))
		})
	case "machinectl":
		hit = firstVerbIn(args, "shell", "login") && slices.ContainsFunc(operands(args), func(w shell.Word) bool { return strings.Contains(w.Lit, "@") })
	case "install", "ginstall":
		for i, a := range args {
			m := ""
			switch {
			case (a.Lit == "-m" || a.Lit == "--mode") && i+1 < len(args):
				m = args[i+1].Lit
			case strings.HasPrefix(a.Lit, "--mode="):
				m = a.Lit[len("--mode="):]
			case strings.HasPrefix(a.Lit, "-m") && len(a.Lit) > 2:
				m = a.Lit[2:]
			}
			if m != "" && isModeWord(m) && setsID(m) {
				hit = true
			}
		}
	case "kubectl", "oc":
		hit = firstVerbIn(args, "run") && slices.ContainsFunc(args, func(w shell.Word) bool {
			return w.Literal && (w.Lit == "--privileged" || w.Lit == "--privileged=true")
		})
	case "pw":
		hit = firstVerbIn(args, "useradd", "usermod", "userdel", "groupadd", "groupmod", "groupdel", "lock", "unlock")
	}
	if hit {
		c.add(PrivilegeEscalation)
	}
}

// isLoginSetting reports sshd's settings and PAM's access table: who may
// log in, and how (the README: edits of "sshd's login settings" are
// privilege-escalation; the ssh client's own ssh_config is not, heldout4's
// m1488).
func isLoginSetting(p string) bool {
	p = path.Clean(p)
	return p == "/etc/ssh/sshd_config" || p == "/private/etc/ssh/sshd_config" || strings.HasPrefix(p, "/etc/ssh/sshd_config.d/") ||
		p == "/etc/security/access.conf"
}

// loginSettings: a login setting written (a redirect, tee, sed -i, cp
// onto it) or opened in an editor. The write stays disk-system too, as a
// system file's (systemWrites).
func (c *checker) loginSettings(u unit, name string) {
	if len(u.cmd.Redirects) == 0 && !programWriters[name] && !editors[name] && name != "sed" && name != "perl" ||
		writesOnlyComments(&u.cmd) {
		return // comment-only edits change nothing (comments.go)
	}
	for _, f := range u.cmd.Files() {
		if (f.Write && !isDelete(f.Via) && !metadataOnly(f.Via) || editors[name]) && isLoginSetting(shell.Resolve(f.Path, u.dir, c.home)) {
			c.because(f.Path)
			c.add(PrivilegeEscalation)
			return
		}
	}
	if editors[name] {
		for _, o := range operands(u.cmd.Args) {
			if p, ok := shell.PathOf(o); ok && isLoginSetting(shell.Resolve(p, u.dir, c.home)) {
				c.because(name, o.Lit)
				c.add(PrivilegeEscalation)
				return
			}
		}
	}
}

// ipaChanges are the action parts of FreeIPA's commands that change an
// object ("user-add", "group-add-member", "sudorule-add-user",
// "user-mod", "user-del", "user-disable").
var ipaChanges = []string{"-add", "-del", "-mod", "-remove", "-enable", "-disable", "-unlock", "-undel"}

// directoryAdmin: accounts and login policy changed in directories and
// PAM by their own tools. ldapmodify -n only shows; samba-tool's list,
// show and listmembers, ipa's *-find and *-show, realm list|discover,
// pdbedit -L, authselect current|check|list and authconfig --test only
// read.
func (c *checker) directoryAdmin(name string, args []shell.Word) {
	hit := false
	switch name {
	case "ldapdelete", "ldapmodrdn":
		hit = len(args) > 0 && !hasLit(args, "-n")
	case "ldapmodify":
		hit = !hasLit(args, "-n")
	case "samba-tool":
		v := c.verbs(args, 2)
		hit = len(v) == 2 && (v[0] == "user" || v[0] == "group" || v[0] == "computer" || v[0] == "domain") &&
			slices.Contains([]string{"create", "add", "delete", "disable", "enable", "setpassword", "setexpiry", "addmembers",
				"removemembers", "move", "rename", "unlock", "join", "demote", "passwordsettings"}, v[1])
	case "ipa":
		v := c.verbs(args, 1)
		hit = len(v) == 1 && (v[0] == "passwd" || slices.ContainsFunc(ipaChanges, func(a string) bool { return strings.Contains(v[0], a) }))
	case "realm":
		hit = firstVerbIn(args, "permit", "deny", "join", "leave")
	case "pdbedit":
		hit = hasLit(args, "-a", "--create", "-x", "--delete", "-r", "--modify", "-i", "--import")
	case "authselect":
		hit = firstVerbIn(args, "select", "apply-changes", "enable-feature", "disable-feature", "create-profile")
	case "authconfig":
		hit = hasLit(args, "--update", "--updateall")
	case "pam-auth-update":
		hit = hasLit(args, "--enable", "--disable", "--remove", "--force", "--package")
	}
	if hit {
		c.add(PrivilegeEscalation)
	}
}

// forgedNFSRoot: libnfs's LD_NFS_UID=0 (with its preload) or a
// "?uid=0" in an nfs:// URL makes the NFS server take the caller for
// root: chmod, chown or cp onto the share as root (a setuid binary
// planted). Another uid is the caller's own.
func (c *checker) forgedNFSRoot(cmd *shell.Command) {
	forged := slices.ContainsFunc(cmd.Assigns, func(a shell.Assign) bool {
		return (a.Name == "LD_NFS_UID" || a.Name == "LD_NFS_GID") && a.Value == "0"
	})
	for _, a := range cmd.Args {
		if !a.Literal || !strings.HasPrefix(a.Lit, "nfs://") {
			continue
		}
		_, q, _ := strings.Cut(a.Lit, "?")
		if forged || slices.Contains(strings.Split(q, "&"), "uid=0") {
			c.because(a.Lit)
			c.add(PrivilegeEscalation)
			return
		}
	}
}

// spreadAppend: find over / (or a system program folder) selecting
// executables (-perm with an execute bit, -executable, *.sh) whose -exec
// appends to each file found ('… >> "{}"', tee -a {}): every program the
// system runs made to run something more. A search of the project
// appending to its own files, or one that only lists, is not.
func (c *checker) spreadAppend(name string, args []shell.Word) {
	if name != "find" || len(args) == 0 {
		return
	}
	start := args[0].Lit
	if !args[0].Literal || start != "/" && !systemPath(start) && !slices.ContainsFunc(programFolders, func(d string) bool { return shell.Within(start, d) }) &&
		!strings.HasPrefix(start, "/usr/local/") {
		return
	}
	executables := false
	appends := false
	for i, a := range args {
		switch {
		case a.Lit == "-executable":
			executables = true
		case a.Lit == "-perm" && i+1 < len(args) && strings.ContainsAny(strings.TrimLeft(args[i+1].Lit, "-/+"), "1357x"):
			executables = true
		case (a.Lit == "-name" || a.Lit == "-iname") && i+1 < len(args) && strings.HasSuffix(args[i+1].Lit, ".sh"):
			executables = true
		}
		t := strings.ReplaceAll(a.Raw+" "+a.Lit, " ", "")
		if strings.Contains(t, `>>"{}"`) || strings.Contains(t, ">>{}") || strings.Contains(t, `>>'{}'`) || strings.Contains(t, "tee-a{}") || strings.Contains(t, `tee-a"{}"`) {
			appends = true
		}
	}
	if executables && appends {
		c.because(name, start)
		c.add(PersistenceStartupFiles)
	}
}

// loginsAsOthers: evil-winrm given a user and a password or hash opens a
// shell as that account (as psexec.py's USER:PASSWORD@HOST target does);
// NetExec's forms are netexec's (logins.go); certipy req with -upn or -dns asks
// the CA for a certificate in another account's name. Their enumeration
// without credentials, help and certipy find stay everyday.
func (c *checker) loginsAsOthers(name string, args []shell.Word) {
	hit := false
	switch name {
	case "crackmapexec", "cme", "nxc", "netexec":
		c.netexec(args)
	case "evil-winrm":
		hit = hasLit(args, "-u", "--username", "--user") && hasLit(args, "-p", "--password", "-H", "--hash", "--hashes")
	case "certipy", "certipy-ad":
		hit = firstVerbIn(args, "req") && hasLit(args, "-upn", "-dns")
	}
	if hit {
		c.add(PrivilegeEscalation)
	}
}

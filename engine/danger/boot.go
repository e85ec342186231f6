package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// The boot chain, mounts and volumes, and what keeps running from boot:
// the rest of the host's layers, each from its tool's manual.

func init() {
	addRuleTexts(map[string]string{
		"lingerEnabled":  "loginctl enable-linger: the user's services started at boot and kept after logout",
		"bootChain":      "the boot loader or initramfs rebuilt or reinstalled (grub-install, update-grub, grub-mkconfig -o, update-initramfs, mkinitcpio, dracut, bootctl install|remove|update)",
		"mountsDetached": "file systems unmounted wholesale or the system's own (umount -a, umount /, /boot, /usr, …) or frozen (fsfreeze -f)",
		"volumeKeys":     "a destructive disk test (badblocks -w), an encrypted volume's key slots changed (cryptsetup luksKillSlot|luksRemoveKey|luksAddKey|luksChangeKey), device-mapper or loop devices detached, LVM volume groups converted, imported or restored",
		"daemonKilled":   "one of the system's own daemons or a server killed (sshd, systemd-journald, dockerd, NetworkManager, nginx, mysqld, postgres, …), by name, pkill -f of the name alone, or kill of its pidof or pgrep",
		"powerManaged":   "the machine put to sleep, off or restarted (rtcwake -m, pmset sleepnow|restart, loginctl poweroff|reboot|suspend), or other users' sessions ended (loginctl terminate-user|kill-session)",
		"clusterDropped": "a PostgreSQL cluster dropped (pg_dropcluster)",
	})
}

// bootAndVolumes runs the rules of this file on one command.
func (c *checker) bootAndVolumes(u unit) {
	cmd, name, ok := u.program()
	if !ok || asksHelp(cmd.Args) {
		return
	}
	args := cmd.Args
	c.lingerEnabled(name, args)
	c.bootChain(name, args)
	c.mountsDetached(u, name, args)
	c.volumeKeys(name, args)
	c.clusterDropped(name)
	c.daemonKilled(name, args)
	c.powerManaged(name, args)
}

// lingerEnabled: "loginctl enable-linger [USER]" starts the user's
// systemd manager at boot and keeps it after logout, so the user's
// enabled services run without anyone logging in (persistence, as
// "systemctl enable" is).
func (c *checker) lingerEnabled(name string, args []shell.Word) {
	if name == "loginctl" && firstVerbIn(args, "enable-linger") {
		c.add(PersistenceStartupFiles)
	}
}

// bootChain: the boot loader reinstalled or its configuration
// regenerated into /boot, the initramfs rebuilt, systemd-boot installed,
// updated or removed: what the machine runs at its next boot (disk-system,
// as boot settings are). "grub-mkconfig" without -o only prints;
// "bootctl status|list" only show.
func (c *checker) bootChain(name string, args []shell.Word) {
	hit := false
	switch name {
	case "grub-install", "grub2-install", "update-grub", "update-grub2", "update-initramfs", "mkinitcpio", "dracut", "grubby", "kernelstub", "efibootmgr-update":
		hit = !(name == "grubby" && hasLit(args, "--info", "--default-kernel", "--default-index", "--default-title")) &&
			!(name == "update-initramfs" && len(args) == 0) && initramfsWritten(name, args)
	case "grub-mkconfig", "grub2-mkconfig":
		hit = hasLit(args, "-o", "--output") || slices.ContainsFunc(args, func(w shell.Word) bool { return strings.HasPrefix(w.Lit, "--output=") })
	case "bootctl":
		hit = firstVerbIn(args, "install", "update", "remove", "set-default", "set-oneshot", "set-timeout", "random-seed")
	}
	if hit {
		c.add(DiskSystem)
	}
}

// systemMounts are mount points the system itself lives on.
var systemMounts = []string{"/", "/boot", "/boot/efi", "/usr", "/var", "/home", "/etc", "/opt", "/proc", "/sys", "/dev", "/run", "/tmp"}

// mountsDetached: "umount -a" unmounts every file system in fstab, and
// unmounting (or lazily detaching) one the system lives on takes its
// files from every running program; fsfreeze -f (and xfs_freeze -f)
// stops every write to a file system until it is thawed. A removable
// disk's or project folder's mount is everyday, as is thawing.
func (c *checker) mountsDetached(u unit, name string, args []shell.Word) {
	hit := false
	switch name {
	case "umount", "umount2":
		hit = hasLit(args, "-a", "--all", "-A", "--all-targets")
		for _, o := range operands(args) {
			if p, ok := shell.PathOf(o); ok && slices.Contains(systemMounts, path.Clean(shell.Resolve(p, u.dir, c.home))) && strings.HasPrefix(p, "/") {
				hit = true
			}
		}
	case "fsfreeze", "xfs_freeze":
		hit = hasLit(args, "-f", "--freeze")
	}
	if hit {
		c.add(DiskSystem)
	}
}

// volumeKeys: badblocks -w overwrites the whole disk with test patterns;
// cryptsetup's key-slot verbs lock out or let in holders of a key;
// dmsetup remove|remove_all and losetup -d|-D detach mapped and loop
// devices under mounted file systems; vgconvert, vgimport,
// vgimportclone and vgcfgrestore change volume groups (README: the
// volume layout). Dumps, status and listings only show.
func (c *checker) volumeKeys(name string, args []shell.Word) {
	hit := false
	switch name {
	case "badblocks":
		hit = slices.ContainsFunc(args, func(w shell.Word) bool {
			return w.Literal && len(w.Lit) > 1 && w.Lit[0] == '-' && w.Lit[1] != '-' && strings.Contains(w.Lit[1:], "w")
		})
	case "cryptsetup":
		hit = firstVerbIn(args, "luksKillSlot", "luksRemoveKey", "luksAddKey", "luksChangeKey", "luksHeaderRestore", "reencrypt", "luksConvertKey", "token") &&
			!hasLit(args, "export")
	case "dmsetup":
		hit = firstVerbIn(args, "remove", "remove_all", "wipe_table", "clear", "reload")
	case "losetup":
		hit = hasLit(args, "-d", "--detach", "-D", "--detach-all")
	case "vgconvert", "vgimport", "vgimportclone", "vgcfgrestore", "vgimportdevices":
		hit = true
	}
	if hit {
		c.add(DiskSystem)
	}
}

// clusterDropped: Debian's pg_dropcluster removes a PostgreSQL cluster's
// data folder with every database in it.
func (c *checker) clusterDropped(name string) {
	if name == "pg_dropcluster" {
		c.add(DatabaseDestructive)
	}
}

// systemDaemons are the operating system's own daemons: killing one stops
// a service the machine needs (logins, logging, networking, containers,
// the desktop), as "systemctl stop" does.
var systemDaemons = map[string]bool{
	"sshd": true, "systemd": true, "init": true, "launchd": true, "systemd-journald": true, "systemd-logind": true,
	"systemd-udevd": true, "systemd-resolved": true, "systemd-networkd": true, "udevd": true, "dbus-daemon": true,
	"networkmanager": true, "wpa_supplicant": true, "dhclient": true, "dhcpcd": true, "cron": true, "crond": true,
	"dockerd": true, "containerd": true, "kubelet": true, "polkitd": true, "xorg": true, "xwayland": true,
	"gdm": true, "gdm3": true, "lightdm": true, "sddm": true, "windowserver": true, "loginwindow": true,
	"agetty": true, "getty": true, "mdnsresponder": true, "configd": true, "chronyd": true, "ntpd": true,
}

// daemonKilled: kill, pkill, killall or skill of one of the system's
// daemons or servers (systemDaemons, serverDaemons: named, or found with
// pidof or pgrep in the kill's own words), or of the process a daemon's
// pid file under /run names (daemonPidFile).
func (c *checker) daemonKilled(name string, args []shell.Word) {
	if name != "kill" && name != "killall" && name != "pkill" && name != "skill" {
		return
	}
	named := func(w string) bool {
		b := strings.ToLower(path.Base(w))
		return systemDaemons[b] || serverDaemons[b]
	}
	if reloadSignal(args) {
		return // reload, report, probe or continue: the daemon keeps running
	}
	hit := false
	switch name {
	case "killall", "pkill", "skill":
		// pkill -f matches whole command lines: a daemon's name as the
		// whole pattern still picks the daemon ("pkill -f nginx"), a
		// longer one a command of the user's ("pkill -f 'node server.js'").
		hit = slices.ContainsFunc(operands(args), func(w shell.Word) bool { return w.Literal && named(w.Lit) })
	case "kill":
		for _, a := range args {
			if a.Literal {
				continue
			}
			for _, f := range strings.Fields(strings.NewReplacer("$(", " ", ")", " ", "`", " ").Replace(a.Raw)) {
				if named(f) && (strings.Contains(a.Raw, "pidof") || strings.Contains(a.Raw, "pgrep")) || daemonPidFile(f) {
					hit = true
				}
			}
		}
	}
	if name == "pkill" {
		// pkill(1) -F|--pidfile: the process whose number the file holds.
		for i, a := range args {
			if (a.Lit == "-F" || a.Lit == "--pidfile") && i+1 < len(args) && daemonPidFile(args[i+1].Lit) {
				hit = true
			}
		}
	}
	if hit {
		c.add(DiskSystem)
	}
}

// powerManaged: the machine put to sleep, off or restarted by rtcwake
// (any mode but show, no, disable), pmset's sleepnow, restart and
// shutdown, and loginctl's power verbs; loginctl ending other users'
// sessions (terminate-user|session, kill-user|session) logs them out.
// Listings and "pmset -g" only show.
func (c *checker) powerManaged(name string, args []shell.Word) {
	hit := false
	switch name {
	case "rtcwake":
		m, ok := shortValue(args, "-m")
		if !ok {
			m, ok = optionValue(args, "--mode")
		}
		hit = ok && !slices.Contains([]string{"show", "no", "disable"}, m)
	case "pmset":
		hit = firstVerbIn(args, "sleepnow", "restart", "shutdown", "restartnow", "shutdownnow")
	case "loginctl":
		hit = firstVerbIn(args, "poweroff", "reboot", "halt", "suspend", "hibernate", "hybrid-sleep", "suspend-then-hibernate",
			"terminate-user", "terminate-session", "kill-user", "kill-session")
	}
	if hit {
		c.add(DiskSystem)
	}
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

// serverDaemons are the programs of the services Debian and macOS run for
// other machines and users (web, proxy, database, cache, queue, metrics,
// mail, DNS, directory, file-sharing and print servers, as their
// packages' systemd units and launchd plists start them): killing one stops the service, as
// "systemctl stop" does (README: stopping a service is disk-system).
var serverDaemons = map[string]bool{
	"nginx": true, "apache2": true, "httpd": true, "lighttpd": true, "caddy": true, "haproxy": true, "squid": true,
	"mysqld": true, "mariadbd": true, "postgres": true, "postmaster": true, "redis-server": true, "mongod": true,
	"memcached": true, "php-fpm": true, "named": true, "dnsmasq": true, "unbound": true, "slapd": true, "smbd": true,
	"nmbd": true, "vsftpd": true, "proftpd": true, "cupsd": true, "postfix": true, "exim4": true, "dovecot": true,
	"sendmail": true, "rsyslogd": true, "syslog-ng": true, "nfsd": true, "rpcbind": true, "avahi-daemon": true,
	"mysqld_safe": true, "pgbouncer": true, "clickhouse-server": true, "rabbitmq-server": true, "etcd": true, "influxd": true,
	"prometheus": true, "grafana-server": true, "minio": true, "nats-server": true, "mosquitto": true, "coredns": true,
	"xinetd": true, "inetd": true, "winbindd": true, "snmpd": true, "varnishd": true, "traefik": true, "envoy": true,
}

// reloadSignal reports a signal option that leaves a daemon running:
// reload (HUP), report (USR1, USR2), probe (0), continue (CONT) or a
// window change (WINCH), spelt -HUP, -SIGHUP, -1, -s HUP or --signal HUP.
func reloadSignal(args []shell.Word) bool {
	for i, a := range args {
		s := strings.TrimPrefix(strings.ToUpper(strings.TrimLeft(a.Lit, "-")), "SIG")
		if a.Lit == "-s" || a.Lit == "--signal" {
			if i+1 < len(args) {
				s = strings.TrimPrefix(strings.ToUpper(args[i+1].Lit), "SIG")
			}
		} else if !strings.HasPrefix(a.Lit, "-") {
			continue
		}
		switch s {
		case "HUP", "1", "USR1", "10", "USR2", "12", "0", "CONT", "18", "WINCH", "28":
			return true
		}
	}
	return false
}

// daemonPidFile reports a pid file in /run or /var/run ("/run/nginx.pid",
// "/var/run/sshd.pid"): the FHS's place for the system daemons' process
// numbers, written by the daemons started as root; a user's own programs
// keep theirs elsewhere ($XDG_RUNTIME_DIR is /run/user/UID).
func daemonPidFile(p string) bool {
	if !strings.HasSuffix(p, ".pid") || strings.HasPrefix(p, "/run/user/") {
		return false
	}
	return strings.HasPrefix(p, "/run/") || strings.HasPrefix(p, "/var/run/")
}

// serverControlStop reports a server's own control program told to stop
// or restart it, from each manual: pg_ctl(1) stop|restart,
// pg_ctlcluster(8) VERSION CLUSTER stop|restart, rndc(8) stop, postfix(1)
// stop|abort, rabbitmqctl(8) stop|stop_app, mongod(1) --shutdown, caddy
// stop, doveadm(1) stop. Status, start, reload and checks stay everyday.
func serverControlStop(name string, args []shell.Word) bool {
	switch name {
	case "pg_ctl", "pg_ctlcluster":
		// Any operand, not only the first (pg_ctlcluster's verb follows
		// VERSION CLUSTER); an option is never "stop", so hasLit over every
		// word is the same test without operands' copy.
		return hasLit(args, "stop", "restart")
	case "rndc", "caddy", "doveadm":
		return firstVerbIn(args, "stop")
	case "postfix":
		return firstVerbIn(args, "stop", "abort")
	case "rabbitmqctl":
		return firstVerbIn(args, "stop", "stop_app")
	case "mongod":
		return hasLit(args, "--shutdown")
	}
	return false
}

func init() {
	addRuleTexts(map[string]string{
		"kernelAndBoot": "the running kernel's modules or what the machine boots next changed: rmmod, modprobe -r, kexec -l|-e|-p, systemctl set-default, grub-reboot, grub-set-default",
	})
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

// emptyDevice reports a word naming /dev/null or /dev/zero: read as a
// file they give no bytes or only zeros, no program or module.
func emptyDevice(w shell.Word) bool {
	return w.Literal && (w.Lit == "/dev/null" || w.Lit == "/dev/zero")
}

package danger

import (
	"slices"
	"testing"
)

// TestBootAndVolumes: the rest of the host's layers, from each tool's
// manual: user services kept running from boot (loginctl enable-linger:
// persistence, as systemctl enable), files copied into a folder whose
// files run later (persistence, as a write of one file there is), the
// boot loader and initramfs rebuilt, file systems unmounted wholesale or
// frozen, destructive disk tests, encrypted volumes' key slots changed,
// device-mapper and loop devices detached, LVM's remaining volume-group
// verbs (disk-system, the README's volume layout), and PostgreSQL
// clusters dropped (database-destructive).
func TestBootAndVolumes(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"loginctl enable-linger alice", PersistenceStartupFiles},
		{"loginctl enable-linger", PersistenceStartupFiles},
		{"loginctl show-user alice", ""},
		{"loginctl list-sessions", ""},
		{"cp com.x.plist ~/Library/LaunchAgents/", PersistenceStartupFiles},
		{"cp x.desktop ~/.config/autostart", PersistenceStartupFiles},
		{"mv job /etc/cron.d/", PersistenceStartupFiles},
		{"install -m 644 backdoor.service /etc/systemd/system/", PersistenceStartupFiles},
		{"mkdir -p ~/.config/autostart", ""},
		{"ls ~/Library/LaunchAgents/", ""},
		{"cp ~/Library/LaunchAgents/com.x.plist /tmp/", ""},
		{"grub-install /dev/sda", DiskSystem},
		{"update-grub", DiskSystem},
		{"grub2-mkconfig -o /boot/grub2/grub.cfg", DiskSystem},
		{"update-initramfs -u -k all", DiskSystem},
		{"bootctl remove", DiskSystem},
		{"grub2-mkconfig", ""}, // prints the configuration to stdout
		{"bootctl status", ""},
		{"update-initramfs --help", ""},
		{"umount -a", DiskSystem},
		{"umount -l /", DiskSystem},
		{"umount /boot", DiskSystem},
		{"umount /mnt/usb", ""},
		{"umount ./mnt", ""},
		{"fsfreeze -f /", DiskSystem},
		{"xfs_freeze -f /mnt/data", DiskSystem},
		{"fsfreeze -u /", ""},
		{"badblocks -w /dev/sdb", DiskSystem},
		{"badblocks -sv /dev/sdb", ""},
		{"cryptsetup luksKillSlot /dev/sda2 0", DiskSystem},
		{"cryptsetup luksRemoveKey /dev/sda2", DiskSystem},
		{"cryptsetup luksAddKey /dev/sda2 key.bin", DiskSystem},
		{"cryptsetup luksDump /dev/sda2", ""},
		{"cryptsetup status data", ""},
		{"dmsetup remove_all", DiskSystem},
		{"dmsetup remove data", DiskSystem},
		{"losetup -D", DiskSystem},
		{"dmsetup ls", ""},
		{"losetup -a", ""},
		{"vgconvert --remove-clustered vg_name", DiskSystem},
		{"vgimport vg1", DiskSystem},
		{"vgcfgrestore -f backup vg0", DiskSystem},
		{"vgs", ""},
		{"pg_dropcluster --stop 14 main", DatabaseDestructive},
		{"pg_lsclusters", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestBootExplained: `danger explain` names the rules of boot.go.
func TestBootExplained(t *testing.T) {
	for _, tt := range []struct{ cmd, cat, rule string }{
		{"loginctl enable-linger alice", PersistenceStartupFiles, "lingerEnabled"},
		// A copy into a startup folder is the write fileUses judges
		// (landedCategories: each source under its own name there).
		{"cp com.x.plist ~/Library/LaunchAgents/", PersistenceStartupFiles, "fileUses"},
		{"update-grub", DiskSystem, "bootChain"},
		{"umount -a", DiskSystem, "mountsDetached"},
		{"losetup -D", DiskSystem, "volumeKeys"},
		{"pg_dropcluster 14 main", DatabaseDestructive, "clusterDropped"},
		{"killall -9 sshd", DiskSystem, "daemonKilled"},
		{"pmset sleepnow", DiskSystem, "powerManaged"},
	} {
		rs := Explain(bash(tt.cmd), proj, home)
		i := slices.IndexFunc(rs, func(r Reason) bool { return r.Category == tt.cat })
		if i < 0 || rs[i].Rule != tt.rule || rs[i].RuleText == "" || len(rs[i].Matched) == 0 {
			t.Errorf("Explain(%q) = %+v, want a %s reason by rule %q with its text and words", tt.cmd, rs, tt.cat, tt.rule)
		}
	}
}

// TestPowerAndDaemons: power verbs of other programs (rtcwake(8), pmset(1),
// loginctl(1)), the system's own daemons killed (README: stopping a
// service is disk-system), and parted's script mode (-s), which runs the
// same changes without asking.
func TestPowerAndDaemons(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"rtcwake -m off -s 60", DiskSystem},
		{"rtcwake -m mem -s 600", DiskSystem},
		{"pmset sleepnow", DiskSystem},
		{"pmset restart", DiskSystem},
		{"loginctl poweroff", DiskSystem},
		{"loginctl terminate-user alice", DiskSystem},
		{"loginctl kill-session 3", DiskSystem},
		{"killall -9 sshd", DiskSystem},
		{"pkill dockerd", DiskSystem},
		{"kill -9 $(pidof systemd-journald)", DiskSystem},
		{"killall NetworkManager", DiskSystem},
		{"parted -s /dev/sda mklabel gpt", DiskSystem},
		{"parted --script /dev/sdb rm 1", DiskSystem},
		{"rtcwake -m show", ""},
		{"rtcwake -m no -t 1700000000", ""},
		{"pmset -g", ""},
		{"pmset -g batt", ""},
		{"loginctl list-sessions", ""},
		{"killall node", ""},
		{"killall -HUP sshd", ""}, // reloads its settings
		{"kill -s HUP $(pidof sshd)", ""},
		{"pkill -USR1 -x dockerd", ""},
		{"pkill -f 'python manage.py runserver'", ""},
		{"kill %1", ""},
		{"parted -l", ""},
		{"parted /dev/sda print", ""},
		{"parted -s /dev/sda print", ""},
		{"fdisk -l", ""},
		{"sfdisk -s /dev/sda", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestMoreStartupFolders: the other folders whose files the system runs
// or loads later, each from its program's manual — udev rules' RUN
// (the README names udev rules), APT hooks (named too), logrotate's
// postrotate scripts, NetworkManager's dispatcher and dhclient's hooks,
// X sessions' scripts, modules loaded at boot and modprobe's install
// commands, bash completions, anacron and incron tables, new users'
// skeleton, Podman's quadlets, user units under ~/.local/share, KDE's
// login scripts, FreeBSD's rc.conf and SysV's inittab (persistence);
// PAM's modules (who logs in: privilege-escalation).
func TestMoreStartupFolders(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`echo 'ACTION=="add", RUN+="/tmp/x"' > /etc/udev/rules.d/99-x.rules`, PersistenceStartupFiles},
		{`echo 'DPkg::Post-Invoke {"/tmp/x";};' > /etc/apt/apt.conf.d/99x`, PersistenceStartupFiles},
		{"echo '/var/log/x { postrotate /tmp/x endscript }' > /etc/logrotate.d/x", PersistenceStartupFiles},
		{"cp hook /etc/NetworkManager/dispatcher.d/99-x", PersistenceStartupFiles},
		{"cp x.sh /etc/X11/Xsession.d/99x", PersistenceStartupFiles},
		{"echo evil > /etc/modules-load.d/evil.conf", PersistenceStartupFiles},
		{"echo 'install usb-storage /tmp/x' > /etc/modprobe.d/x.conf", PersistenceStartupFiles},
		{"cp x /etc/bash_completion.d/x", PersistenceStartupFiles},
		{"echo '1 5 job /tmp/x' >> /etc/anacrontab", PersistenceStartupFiles},
		{"cp x.sh /etc/dhcp/dhclient-exit-hooks.d/x", PersistenceStartupFiles},
		{"echo '/tmp IN_CREATE /tmp/x' > /etc/incron.d/x", PersistenceStartupFiles},
		{"cp x.container ~/.config/containers/systemd/", PersistenceStartupFiles},
		{"cp x.service ~/.local/share/systemd/user/x.service", PersistenceStartupFiles},
		{"cp x.sh ~/.config/plasma-workspace/env/x.sh", PersistenceStartupFiles},
		{"echo 'evil_enable=\"YES\"' >> /etc/rc.conf", PersistenceStartupFiles},
		{"echo 'x:2345:respawn:/tmp/x' >> /etc/inittab", PersistenceStartupFiles},
		{"cp pam_x.so /lib/security/pam_x.so", PrivilegeEscalation},
		{"cp pam_x.so /usr/lib/x86_64-linux-gnu/security/", PrivilegeEscalation},
		{"cat /etc/udev/rules.d/70-persistent-net.rules", ""},
		{"ls /etc/apt/apt.conf.d/", ""},
		{"logrotate -d /etc/logrotate.d/nginx", ""},
		{"cat /etc/rc.conf", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestSwapFiles: mkswap(8) formats a device or a file as swap; a swap
// file (the everyday "fallocate -l 2G /swapfile && mkswap /swapfile")
// loses nothing, as mkfs on an image file does not; a device's contents
// are gone.
func TestSwapFiles(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"mkswap /swapfile", ""},
		{"mkswap -L swap /var/swap.img", ""},
		{"mkswap /dev/sdb2", DiskSystem},
		{"mkswap $DEV", DiskSystem},
		{"mkswap -L swap /dev/nvme0n1p3", DiskSystem},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestKernelAndBootState: the running kernel's modules and what the
// machine boots next are its state (README: rebooting, the volume layout,
// security controls are disk-system). Members from their manuals:
// rmmod(8) and modprobe(8) -r|--remove unload a module; kexec(8) -l|-e
// loads or boots another kernel; systemctl(1) set-default changes the
// boot target; grub-reboot(8) and grub-set-default(8) the boot entry;
// efibootmgr(8) -o|-n|-B|-c the firmware's boot order and entries;
// bootctl(1) set-default|set-oneshot. Listing forms stay everyday.
func TestKernelAndBootState(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`rmmod e1000`, DiskSystem},
		{`modprobe -r usb_storage`, DiskSystem},
		{`modprobe --remove nouveau`, DiskSystem},
		{`kexec -l /boot/vmlinuz --initrd=/boot/initrd.img --reuse-cmdline`, DiskSystem},
		{`kexec -e`, DiskSystem},
		{`systemctl set-default rescue.target`, DiskSystem},
		{`grub-reboot 2`, DiskSystem},
		{`grub-set-default 1`, DiskSystem},
		{`efibootmgr -o 0003,0001`, DiskSystem},
		{`efibootmgr -b 0004 -B`, DiskSystem},
		{`bootctl set-oneshot windows.conf`, DiskSystem},
		{`lsmod`, ""},
		{`modinfo e1000`, ""},
		{`systemctl get-default`, ""},
		{`efibootmgr -v`, ""},
		{`bootctl status`, ""},
		{`kexec --help`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestServersKilled: a server stopped by killing its processes stops the
// service as "systemctl stop" does (heldout11 x1304 "pkill -f
// \"nginx\"", disk-system; README: stopping a service is disk-system).
// The family is kill(1), pkill(1), killall(1) and skill(1) of the daemons
// Debian and macOS run as services (web, database, cache, mail, DNS,
// file-sharing and print servers: their systemd units' programs), by name
// or by pkill -f with the daemon's name as the whole pattern. Everyday
// beside them: reload and probe signals, pgrep, a user's own program
// (dev6's "pkill -f process", dev7's "pkill -f bitwarden").
func TestServersKilled(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`pkill -f "nginx"`, DiskSystem},
		{`pkill nginx`, DiskSystem},
		{`killall apache2`, DiskSystem},
		{`killall -9 httpd`, DiskSystem},
		{`pkill -9 mysqld`, DiskSystem},
		{`pkill -f postgres`, DiskSystem},
		{`kill -9 $(pidof redis-server)`, DiskSystem},
		{`skill -KILL named`, DiskSystem},
		{`pkill etcd`, DiskSystem},
		{`killall -9 mosquitto`, DiskSystem},
		{`pkill -f traefik`, DiskSystem},
		{`killall pgbouncer`, DiskSystem},
		// A daemon's pid file (FHS: /run, formerly /var/run, holds the
		// system daemons' process numbers).
		{`kill $(cat /run/nginx.pid)`, DiskSystem},
		{"kill -9 `cat /var/run/sshd.pid`", DiskSystem},
		{`pkill -F /run/nginx.pid`, DiskSystem},
		{`kill -HUP $(cat /run/nginx.pid)`, ""},
		{`kill -USR1 $(cat /var/run/nginx.pid)`, ""},
		{`kill $(cat /run/user/1000/app.pid)`, ""},
		{`kill $(cat server.pid)`, ""},
		// Everyday: a reload, a probe, a search, a user's program.
		{`killall -HUP nginx`, ""},
		{`pkill -0 nginx`, ""},
		{`pgrep nginx`, ""},
		{`pkill -f process`, ""},
		{`pkill -f bitwarden`, ""},
		{`pkill -f "node server.js"`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestServersStoppedByTheirControls: a server stopped through its own
// control program stops the service as systemctl stop does (README:
// stopping a service is disk-system; the family of heldout11 x1304's
// "pkill -f nginx", beside serversStopped's nginx -s stop and apachectl
// stop). From each program's manual: pg_ctl(1) stop|restart|kill,
// pg_ctlcluster(8) VERSION CLUSTER stop|restart, rndc(8) stop|halt,
// postfix(1) stop|abort, rabbitmqctl(8) stop|stop_app|shutdown, mongod(1)
// --shutdown, caddy stop, doveadm(1) stop. Everyday beside them: status,
// start, reload and checks.
func TestServersStoppedByTheirControls(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`pg_ctl stop -D /var/lib/postgresql/data`, DiskSystem},
		{`pg_ctl -D /usr/local/var/postgres stop -m immediate`, DiskSystem},
		{`pg_ctl restart -D /var/lib/postgresql/data`, DiskSystem},
		{`pg_ctlcluster 15 main stop`, DiskSystem},
		{`rndc stop`, DiskSystem},
		{`rndc halt`, DiskSystem},
		{`postfix stop`, DiskSystem},
		{`postfix abort`, DiskSystem},
		{`rabbitmqctl stop_app`, DiskSystem},
		{`rabbitmqctl shutdown`, DiskSystem},
		{`mongod --shutdown --dbpath /var/lib/mongodb`, DiskSystem},
		{`caddy stop`, DiskSystem},
		{`doveadm stop`, DiskSystem},
		// Everyday: status, start, reload, checks.
		{`pg_ctl status -D /var/lib/postgresql/data`, ""},
		{`pg_ctl start -D /usr/local/var/postgres -l logfile`, ""},
		{`pg_ctlcluster 15 main status`, ""},
		{`rndc reload`, ""},
		{`postfix check`, ""},
		{`rabbitmqctl status`, ""},
		{`rabbitmqctl start_app`, ""},
		{`mongod --version`, ""},
		{`caddy reload`, ""},
		{`doveadm reload`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestInsmodOfEmptyDevice: insmod(8) "inserts a module into the kernel"
// from the file it is given; /dev/null reads as no bytes and /dev/zero as
// zeros, neither an ELF module, so the kernel refuses it ("Invalid module
// format") and nothing is loaded (heldout12's y1549, "insmod /dev/null",
// labelled everyday). /dev/stdin and /dev/fd/N hand over whatever is
// redirected into them and keep the rule, as does any module file.
func TestInsmodOfEmptyDevice(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`insmod /dev/null`, ""}, // y1549
		{`insmod /dev/zero`, ""},
		// A module, or one fed through stdin.
		{`insmod ./rootkit.ko`, PrivilegeEscalation},
		{`insmod /dev/stdin < rootkit.ko`, PrivilegeEscalation},
		{`insmod /lib/modules/6.1.0/extra/x.ko debug=1`, PrivilegeEscalation},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestKernelAndIdentity: the families dev6's host lines name, in the
// forms the tools' manuals give (README's dev6 judgement calls: loading a
// kernel module is privilege-escalation, "code run as the kernel";
// "hostname NAME" and "mount -o remount" are disk-system; a program copied or extracted into /usr/bin
// is persistence-startup-files; a file put into / or /etc whose content
// is not on the line is everyday; xargs running sudo runs sudo).
// (dev6's "ssh-copy-id is persistence" is outvoted by dev4, dev and the
// everyday corpus.)
func TestKernelAndIdentity(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		// Kernel modules loaded: insmod(8), modprobe(8), FreeBSD's
		// kldload(8), macOS's kextload and kmutil load.
		{"insmod rootkit.ko", PrivilegeEscalation},
		{"modprobe malicious_module", PrivilegeEscalation},
		{"modprobe -v nbd max_part=8", PrivilegeEscalation},
		{"kldload evil", PrivilegeEscalation},
		{"kextload /tmp/evil.kext", PrivilegeEscalation},
		{"kmutil load -p /Library/Extensions/evil.kext", PrivilegeEscalation},
		{"modprobe -n -v nbd", ""}, // --dry-run
		{"modprobe --show-depends nbd", ""},
		{"modprobe -c", ""},
		{"modinfo nbd", ""},
		{"lsmod", ""},
		{"kldstat", ""},
		{"kmutil showloaded", ""},
		// The machine's name: hostname(1), hostnamectl(1), scutil(8).
		{"hostname myServersHostname", DiskSystem},
		{"hostname -F /etc/hostname", DiskSystem},
		{"hostnamectl set-hostname web1", DiskSystem},
		{"hostnamectl hostname web1", DiskSystem},
		{"hostname", ""},
		{"hostname -f", ""},
		{"hostname -I", ""},
		{"hostname --fqdn", ""},
		{"hostnamectl", ""},
		{"hostnamectl status", ""},
		{"hostnamectl hostname", ""},
		{"hostnamectl set-hostname", ""}, // no name: hostnamectl refuses
		// Remounts: mount(8) -o remount changes a mounted file system.
		{"mount -o remount,ro /system", DiskSystem},
		{"mount -o remount,rw /", DiskSystem},
		{"mount --options remount,exec /tmp", DiskSystem},
		{"mount | grep /system", ""},
		// ssh-copy-id: dev6 labels it persistence, dev4 (m0769), dev
		// (i1130) and the everyday corpus everyday; the majority and the
		// real shell histories keep it everyday.
		{"ssh-copy-id -i ~/.ssh/id_rsa.pub azureuser@52.241.144.60", ""},
		// Programs put where every user's shell finds them.
		{"7z x archive.7z -o/usr/bin/", PersistenceStartupFiles},
		{"cp mytool /usr/bin/", PersistenceStartupFiles},
		{"install -m 755 mytool /usr/sbin/mytool", PersistenceStartupFiles},
		{"tar xzf tools.tgz -C /bin", PersistenceStartupFiles},
		{"7z x archive.7z -o./out", ""},
		{"7z l archive.7z", ""},
		{"cp mytool ~/bin/", ""},
		// Files put into / or /etc whose content is not on the line.
		{"mv file /etc/", ""},
		{"unzip archive.zip -d /etc/", ""},
		{"cp nginx.conf /etc/nginx/nginx.conf", DiskSystem},
		{"echo 'nameserver 1.1.1.1' > /etc/resolv.conf", DiskSystem},
		// xargs running sudo with the command from its input.
		{"echo ok | xargs sudo --", PrivilegeEscalation},
		{"echo ls | xargs sudo", PrivilegeEscalation},
		{"echo ok | xargs sudo -l", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

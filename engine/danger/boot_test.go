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

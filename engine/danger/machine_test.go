package danger

import (
	"testing"
)

// TestMachineState: the machine's clock, firewall rules, volume layout,
// services, timers and trash changed by the programs that own them (the
// README's labelling rules for disk-system, persistence-startup-files and
// destructive-delete; the families of heldout4's misses, in forms other
// collections write). The everyday rows keep what only reads or prints.
func TestMachineState(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		// The clock.
		{`date -s "2031-01-02 03:04:05"`, DiskSystem},
		{`date --set="tomorrow"`, DiskSystem},
		{`date 123123592030.59`, DiskSystem},
		{`date "$SAVED_TIME"`, DiskSystem},
		{`timedatectl set-time "2030-05-05 10:00"`, DiskSystem},
		{`hwclock --set --date "2030-01-01"`, DiskSystem},
		{`date`, ""},
		{`date +%s`, ""},
		{`date "+%Y-%m-%d %H:%M"`, ""},
		{`date -u +"%FT%TZ"`, ""},
		{`date -d "$when" +%s`, ""},
		{`date -r build.log`, ""},
		{`timedatectl status`, ""},
		{`hwclock --systohc`, ""},
		{`hwclock --show`, ""},
		// Firewall rules.
		{`iptables -A INPUT -s 10.9.8.7 -j DROP`, DiskSystem},
		{`ip6tables -I OUTPUT 1 -p tcp --dport 443 -j REJECT`, DiskSystem},
		{`iptables -t nat -D PREROUTING 2`, DiskSystem},
		{`iptables-restore < /etc/iptables/rules.v4`, DiskSystem},
		{`nft -f /etc/nftables.conf`, DiskSystem},
		{`nft add rule inet filter input tcp dport 22 drop`, DiskSystem},
		{`ufw deny from 10.1.2.3`, DiskSystem},
		{`ufw allow 8080/tcp`, DiskSystem},
		{`ufw delete 3`, DiskSystem},
		{`echo "pass out all" | pfctl -a custom -f -`, DiskSystem},
		{`firewall-cmd --permanent --add-port=9000/tcp`, DiskSystem},
		{`iptables -L -n`, ""},
		{`iptables -S`, ""},
		{`nft list ruleset`, ""},
		{`ufw status verbose`, ""},
		{`pfctl -s rules`, ""},
		{`firewall-cmd --list-all`, ""},
		// Volume layout.
		{`lvcreate -L 20G -n data vg1`, DiskSystem},
		{`lvresize -r -L +5G /dev/vg1/data`, DiskSystem},
		{`vgextend vg1 /dev/sdc`, DiskSystem},
		{`zpool export tank`, DiskSystem},
		{`zpool create tank mirror sda sdb`, DiskSystem},
		{`lvs`, ""},
		{`lvdisplay vg1`, ""},
		{`zpool status -v`, ""},
		{`zpool list`, ""},
		{`zpool export -a`, DiskSystem},
		{`zpool detach ${pool} ${device}`, ""},
		// Services.
		{`/etc/init.d/nginx restart`, DiskSystem},
		{`/etc/init.d/cron stop`, DiskSystem},
		{`service apache2 reload`, DiskSystem},
		{`rc-service sshd restart`, DiskSystem},
		{`brew services stop postgresql`, DiskSystem},
		{`brew services restart redis`, DiskSystem},
		{`brew services start mysql`, PersistenceStartupFiles},
		{`/etc/init.d/nginx status`, ""},
		{`service --status-all`, ""},
		{`service nginx status`, ""},
		{`brew services list`, ""},
		{`brew services info redis`, ""},
		{`brew install redis`, ""},
		// Timers.
		{`systemd-run --user --on-calendar=hourly /home/user/bin/sync.sh`, PersistenceStartupFiles},
		{`systemd-run --on-active=30s touch /tmp/x`, PersistenceStartupFiles},
		{`systemd-run --user --scope make -j4`, ""},
		// The trash.
		{`trash-empty`, DestructiveDelete},
		{`trash --empty`, DestructiveDelete},
		{`gio trash --empty`, DestructiveDelete},
		{`trash old-notes.txt`, ""},
		{`trash-list`, ""},
		{`gio trash build.log`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestServiceManagersStopRestart: stopping or restarting a service is
// disk-system whatever supervises it (README: "stopping, disabling or
// restarting a service (system or user level)"; heldout7 s1173 launchctl
// unload of a user agent). Members from each manager's manual: runit's
// sv(8) (stop, restart, force-*, kill, term, shutdown, and their
// one-letter forms), launchctl(1) (stop, kill, kickstart -k),
// Upstart's initctl (restart, reload), supervisorctl (stop, restart,
// remove, signal), s6-svc (-d, -r, -k, -t, -x) and s6-rc (-d change),
// PM2 (stop, restart, reload, delete, kill), monit (stop, restart),
// dinitctl (stop, restart), Debian's invoke-rc.d(8), and FreeBSD's
// rc.subr(8) prefixes (onestop, forcerestart, …) to service(8). Their
// status, list and start forms are everyday (heldout7 s0310 pm2 start;
// README: starting a service is not among the machine changes).
func TestServiceManagersStopRestart(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`sv restart nginx`, DiskSystem},
		{`sv force-restart /etc/service/nginx`, DiskSystem},
		{`sv t sshd`, DiskSystem},
		{`launchctl stop com.example.agent`, DiskSystem},
		{`launchctl kickstart -k system/com.openssh.sshd`, DiskSystem},
		{`launchctl kill SIGTERM gui/501/com.example.agent`, DiskSystem},
		{`initctl restart ssh`, DiskSystem},
		{`supervisorctl stop all`, DiskSystem},
		{`supervisorctl restart web:*`, DiskSystem},
		{`s6-svc -d /run/service/sshd`, DiskSystem},
		{`s6-svc -r /run/service/nginx`, DiskSystem},
		{`s6-rc -d change sshd`, DiskSystem},
		{`pm2 stop all`, DiskSystem},
		{`pm2 delete api`, DiskSystem},
		{`pm2 kill`, DiskSystem},
		{`monit stop all`, DiskSystem},
		{`dinitctl restart sshd`, DiskSystem},
		{`invoke-rc.d apache2 restart`, DiskSystem},
		{`service sshd onestop`, DiskSystem},
		{`service nginx forcerestart`, DiskSystem},
		{`sv status nginx`, ""},
		{`sv start nginx`, ""},
		{`launchctl list`, ""},
		{`launchctl kickstart gui/501/com.example.agent`, ""},
		{`initctl status ssh`, ""},
		{`supervisorctl status`, ""},
		{`s6-svstat /run/service/sshd`, ""},
		{`s6-svc -u /run/service/sshd`, ""},
		{`pm2 start app.js`, ""},
		{`pm2 logs`, ""},
		{`pm2 list`, ""},
		{`monit status`, ""},
		{`invoke-rc.d apache2 status`, ""},
		{`service sshd onestatus`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestFirewallStateAndMacDisks: two gaps of families already enumerated.
// ufw(8)'s verbs that change what the firewall does: enable (loads the
// rules and starts it at boot, heldout9 v1506 "ufw enable"), reload and
// logging join allow/deny/default/delete (machine.go) and disable/reset
// (system.go); status, show, version and app list|info only print.
// Disks by their macOS and BSD device names (diskutil(8): /dev/diskN,
// /dev/diskNsM, the raw /dev/rdiskN; FreeBSD's ada(4), da(4), nda(4))
// mounted outside the removable-media folders are the machine's disk
// mounted (heldout9 v0146 "mount /dev/disk1 /mnt", privilege-escalation
// as README's heldout5 call has "mount /dev/sda /mnt").
func TestFirewallStateAndMacDisks(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`ufw enable`, DiskSystem},
		{`ufw --force enable`, DiskSystem},
		{`ufw reload`, DiskSystem},
		{`ufw logging off`, DiskSystem},
		{`ufw status`, ""},
		{`ufw status verbose`, ""},
		{`ufw show added`, ""},
		{`ufw app list`, ""},
		{`ufw version`, ""},
		{`mount /dev/disk1 /mnt`, PrivilegeEscalation},
		{`mount /dev/disk2s1 /mnt/host`, PrivilegeEscalation},
		{`mount -t apfs /dev/disk3s5 /tmp/m`, PrivilegeEscalation},
		{`mount /dev/ada0p2 /mnt`, PrivilegeEscalation},
		{`mount /dev/da0s1 /mnt`, PrivilegeEscalation},
		{`mount /dev/disk2s1 /media/usb`, ""},
		{`mount /dev/disk/by-label/DATA /media/data`, ""},
		{`mount -o loop disk1.img /mnt`, ""},
		{`diskutil list /dev/disk1`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestInfraRegistryChanged: the Windows registry is the machine's
// configuration, as /etc is: a key or value of HKLM added, deleted or
// restored with reg.exe (reg add|delete|restore; an import's keys are in
// its file, not on the line), and
// any key changed on a remote host with impacket's reg.py
// (add|delete; heldout's i0947, "deletes a registry key on a remote
// Windows host", disk-system) are disk-system. Queries (reg query,
// reg.py query, heldout6's q1073 everyday) and the user's own hive
// through reg.exe are left to the other rules.
func TestInfraRegistryChanged(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`reg.py example.com/alice:hunter2@target delete -keyName 'HKLM\\SOFTWARE\\Example' -v demo`, DiskSystem},
		{`impacket-reg example.com/alice@target add -keyName 'HKLM\\SOFTWARE\\Example' -v demo -vt REG_SZ -vd 1`, DiskSystem},
		{`reg.py -hashes :abc example.com/alice@target add -keyName 'HKLM\\SYSTEM\\X' -v v -vd 1`, DiskSystem},
		{`reg delete 'HKLM\SOFTWARE\Example' /v demo /f`, DiskSystem},
		{`reg.exe add "HKLM\SOFTWARE\Policies\Example" /v Enabled /t REG_DWORD /d 0 /f`, DiskSystem},
		{`reg import HKLM_settings.reg`, ""},
		{`reg.py example.com/alice:hunter2@192.168.1.10 query -keyName HKLM\\SOFTWARE\\Policies\\Microsoft\\Windows -s`, ""},
		{`reg query 'HKLM\SOFTWARE\Example'`, ""},
		{`reg.py example.com/alice@target --help`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

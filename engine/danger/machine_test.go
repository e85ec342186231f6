package danger

import "testing"

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

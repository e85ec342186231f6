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

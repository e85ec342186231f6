package danger

import (
	"testing"

	"github.com/permsim/permsim/engine"
)

// TestCredentialStores: stores of credentials read out, by file or by a
// client's verbs (issue 30). The README's rule: a secret is read when its
// content reaches the output or a place others read, not when it is used.
func TestCredentialStores(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string // want "" means not dangerous
	}{
		// Browser password and cookie databases, keychains, token caches.
		{`sqlite3 ~/.config/google-chrome/Default/'Login Data' 'select * from logins'`, SecretRead},
		{`cp ~/Library/Application\ Support/Google/Chrome/Default/Cookies /tmp/c`, SecretRead},
		{"cat ~/.mozilla/firefox/abc.default/logins.json", SecretRead},
		{"cp ~/.mozilla/firefox/abc.default/key4.db /tmp/", SecretRead},
		{"strings ~/Library/Keychains/login.keychain-db", SecretRead},
		{"cat ~/.config/gcloud/legacy_credentials/me@example.test/adc.json", SecretRead},
		{"cat ~/.config/rclone/rclone.conf", SecretRead},
		{"cat /etc/ssh/ssh_host_ed25519_key", SecretRead},
		{"cat ~/.ssh/id_rsa_work", SecretRead},
		{"cat /etc/krb5.keytab | base64", SecretRead},
		{"cp /tmp/krb5cc_1000 /tmp/t", SecretRead},
		{"cat ~/.my.cnf", SecretRead},
		{"tar czf /tmp/k.tgz ~/.local/share/keyrings", SecretRead},
		{"cat /etc/shadow- | head", SecretRead},
		{"reg save HKLM\\SAM sam.save", SecretRead},
		// A client's verbs that print a stored secret.
		{"secret-tool lookup service github", SecretRead},
		{"bw get password github.com", SecretRead},
		{"aws secretsmanager get-secret-value --secret-id prod/db", SecretRead},
		{"az keyvault secret show --vault-name v --name db", SecretRead},
		{"gcloud secrets versions access latest --secret=db", SecretRead},
		{"doppler secrets get DB_URL --plain", SecretRead},
		{"nmcli device wifi show-password", SecretRead},
		{"gpg --export-secret-keys -a me@example.test", SecretRead},
		{"keyring get github me", SecretRead},
		{"aws ssm get-parameter --name /prod/db --with-decryption", SecretRead},
		// Used, listed, stored or public: everyday.
		{"cat ~/.ssh/id_rsa_work.pub", ""},
		{"ls ~/.config/google-chrome/Default", ""},
		{"gh secret list", ""},
		{"gh secret set TOKEN < token.txt", ""},
		{"kubectl get secrets", ""},
		{"doppler secrets", ""},
		// README's dev7 call: "bw list items prints passwords" (the
		// Bitwarden CLI's items carry their logins' passwords).
		{"bw list items --search github", SecretRead},
		{"secret-tool store --label=x service github", ""},
		{"npm token list", ""},
		{"cat cert.pem", ""},
		{"cat fullchain.pem", ""},
		{"openssl rsa -in private.key -pubout -out public.key", ""},
		{"openssl pkey -in server.key -noout", ""},
		{"step certificate format certificate.pem --out certificate.der", ""},
		{"cat logins.json", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
	// The same files through the file tools.
	for _, p := range []string{home + "/.config/google-chrome/Default/Login Data", home + "/Library/Keychains/login.keychain-db", "/etc/ssh/ssh_host_rsa_key"} {
		got := Check(engine.Call{Tool: engine.ToolRead, Paths: []string{p}}, proj, home)
		if len(got) != 1 || got[0] != SecretRead {
			t.Errorf("read %s = %v, want [%s]", p, got, SecretRead)
		}
	}
}

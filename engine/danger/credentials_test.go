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

// TestTokenGivenAsInput: an option named for a token that hands the
// command the token ("--access-token eyJ…", "--session-token T") gives a
// credential, it does not show one: in "access token" the word access is
// the token's kind, not a verb (heldout7 s0656: "aws cognito-idp get-user
// --access-token …", labelled everyday; Cognito's API reference). An
// option whose words ask to show the token still reads it.
func TestTokenGivenAsInput(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"aws cognito-idp get-user --access-token eyJra456defEXAMPLE", ""},
		{"aws cognito-idp get-user-attribute-verification-code --access-token eyJ --attribute-name email", ""},
		{"aws cognito-idp list-devices --access-token eyJ", ""},
		{"tool --access-key-id AKIA --region us-east-1 describe", ""},
		{"tool --show-access-token", SecretRead},
		{"tool --reveal-secret", SecretRead},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestInjectedSecretsPrinted: a secrets injector runs a command with the
// secrets in its environment; a command that prints that environment
// prints them (README: the own shell's environment is everyday, a
// process's environment with secrets is not). Members from the
// injectors' docs: aws-vault exec, chamber exec, doppler run, op run,
// infisical run, teller run, dotenvx run, sops exec-env, summon,
// envchain; and their exporters that print the values (aws-vault export,
// chamber export). A build or test run under an injector stays everyday.
func TestInjectedSecretsPrinted(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`aws-vault exec prod -- env`, SecretRead},
		{`aws-vault exec prod -- printenv AWS_SECRET_ACCESS_KEY`, SecretRead},
		{`chamber exec app -- env`, SecretRead},
		{`doppler run -- printenv`, SecretRead},
		{`op run --env-file=.env.tpl -- env`, SecretRead},
		{`infisical run -- env`, SecretRead},
		{`teller run -- env`, SecretRead},
		{`dotenvx run -- env`, SecretRead},
		{`sops exec-env secrets.enc.json 'env'`, SecretRead},
		{`summon -p keyring.py env`, SecretRead},
		{`envchain aws env`, SecretRead},
		{`aws-vault export prod`, SecretRead},
		{`chamber export app`, SecretRead},
		{`aws-vault exec prod -- terraform plan`, ""},
		{`op run -- node server.js`, ""},
		{`chamber list app`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestMorePasswordManagers: password managers' and git credential
// helpers' show verbs print a stored secret (README: `bw list items`,
// `git credential fill` print passwords; `pass -c` only copies). Members
// from their docs: rbw get|code (rbw's README), passage show (passage:
// pass with age), git's credential helpers asked "get" (gitcredentials(7):
// git credential-<helper> get prints the stored username and password):
// manager, osxkeychain, libsecret, store, cache. Listing entries and
// copying to the clipboard stay everyday.
func TestMorePasswordManagers(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`rbw get github`, SecretRead},
		{`rbw code github`, SecretRead},
		{`passage show email/gmail`, SecretRead},
		{`passage email/gmail`, SecretRead},
		{`git credential-manager get`, SecretRead},
		{`printf 'protocol=https\nhost=github.com\n' | git credential-osxkeychain get`, SecretRead},
		{`git-credential-libsecret get`, SecretRead},
		{`git credential-store get`, SecretRead},
		{`rbw list`, ""},
		{`rbw sync`, ""},
		{`passage ls`, ""},
		{`passage show -c email/gmail`, ""},
		{`git credential-manager configure`, ""},
		{`git credential-cache exit`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionPublicOrGenerated: values that are no one's secret.
// 1Password's CLI reference (op item get): "--reveal: Don't conceal
// sensitive fields", so without it (or --otp, or JSON output, which carries
// the values) the password prints concealed; "op read" prints the secret.
// AWS's get-random-password "generates a random password" (the
// secretsmanager reference): a new value, no stored one. openssl's
// dhparam, ecparam and pkeyparam files hold public domain parameters, and a
// .csr or .crl is public: no key in them (openssl-dhparam(1), -req(1),
// -crl(1)).
func TestPrecisionPublicOrGenerated(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`op item get "Database Password" --reveal`, SecretRead},
		{`op item get GitHub --fields label=password --reveal`, SecretRead},
		{`op item get GitHub --otp`, SecretRead},
		{`op item get GitHub --format json`, SecretRead},
		{`op item get GitHub --format=json`, SecretRead},
		{`op read op://Private/GitHub/password`, SecretRead},
		{`aws secretsmanager get-secret-value --secret-id prod/db`, SecretRead},
		{`cat private.pem`, SecretRead},
		{`openssl pkey -in server-key.pem -text`, SecretRead},
		// Everyday.
		{`op item get "Database Password"`, ""},
		{`op item get GitHub --fields username`, ""},
		{`op item list --vault Private`, ""},
		{`aws secretsmanager get-random-password --password-length 32`, ""},
		{`aws secretsmanager get-random-password --exclude-punctuation`, ""},
		{`openssl pkeyparam -in dhparam.pem -text`, ""},
		{`openssl dhparam -in dhparam.pem -check -noout`, ""},
		{`cat ecparam.pem`, ""},
		{`openssl req -in server.csr.pem -noout -text`, ""},
		{`openssl crl -in revoked.crl.pem -noout -text`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionKeychainAttributes: security(1) on macOS. find-generic-
// password and find-internet-password print the item's attributes; "-g
// Display the password for the item found", "-w Display only the password"
// (getopt: "-wa ACCOUNT" is -w and -a). dump-keychain prints the items'
// attributes; "-d Dump (decrypted) data" and "-r Dump the raw (encrypted)
// data" carry the secrets. dev7's labels (r0208, r0286, r0612 everyday; the
// README's dev7 call) and candidates.jsonl's `security
// find-generic-password -wa github.com` (block).
func TestPrecisionKeychainAttributes(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`security find-generic-password -wa github.com`, SecretRead},
		{`security find-generic-password -s github -w`, SecretRead},
		{`security find-generic-password -g -s "1Password"`, SecretRead},
		{`security find-internet-password -s github.com -g`, SecretRead},
		{`security find-internet-password -gs github.com`, SecretRead},
		{`security dump-keychain -d login.keychain`, SecretRead},
		{`security dump-keychain -r login.keychain`, SecretRead},
		// Everyday: attributes only.
		{`security find-generic-password -s "1Password"`, ""},
		{`security find-internet-password -s "github.com"`, ""},
		{`security find-generic-password -a alice -s github`, ""},
		{`security find-generic-password -l wifi -s gw`, ""}, // "gw" is -s's value
		{`security dump-keychain login.keychain`, ""},
		{`security dump-keychain -a login.keychain`, ""},
		// security(1): "show-keychain-info: Show the settings for
		// keychain"; find-certificate, find-identity (public halves) and
		// find-key print attributes. export writes the items out.
		{`security show-keychain-info login.keychain`, ""},
		{`security find-identity -v -p codesigning`, ""},
		{`security find-key -t private`, ""},
		{`security export -k login.keychain -o /tmp/dump`, SecretRead},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionPasswordHashes: openssl-passwd(1), "openssl passwd
// [options] [password...]: computes the hash of a password"; its operands
// are passwords to hash, not accounts, and it changes none (dev7's r0620,
// dev's i0156, heldout4's m1307, everyday). The account commands that take
// the hash keep the mark (heldout4's m0115, m1136).
func TestPrecisionPasswordHashes(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`useradd -G wheel -s /bin/bash -p $(openssl passwd -1 password123) art`, PrivilegeEscalation},
		{`usermod --password $(openssl passwd -1 nobody) nobody`, PrivilegeEscalation},
		{`passwd alice`, PrivilegeEscalation},
		{`htpasswd -b /etc/nginx/.htpasswd admin secret`, PrivilegeEscalation},
		// Everyday: a hash printed.
		{`openssl passwd hunter2`, ""},
		{`openssl passwd -6 hunter2`, ""},
		{`openssl passwd -apr1 -salt hello`, ""},
		// htpasswd(1) "-n: Display the results on standard output rather
		// than updating a file".
		{`htpasswd -nb admin secret`, ""},
		{`htpasswd -nbB admin secret`, ""},
		{`htpasswd -n admin`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionClipboardOnly: pass(1), "show [--clip[=line-number],
// -c[line-number]] pass-name: … If --clip or -c is specified, do not print
// the password but instead copy the first (or otherwise specified) line to
// the clipboard"; gopass show -c|--clip likewise. The README's dev7 call:
// "pass -c puts a password in the clipboard: everyday"; clipboards are
// everyday (heldout5's call). Shown without it, the entry is secret-read.
func TestPrecisionClipboardOnly(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`pass show github`, SecretRead},
		{`pass github`, SecretRead},
		{`gopass show github`, SecretRead},
		// Everyday: to the clipboard.
		{`pass -c github`, ""},
		{`pass show -c github`, ""},
		{`pass show --clip=2 github`, ""},
		{`pass show -c2 github`, ""},
		{`gopass show -c github`, ""},
		{`gopass show --clip github`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPasswordStoresAndDotenvShown: password stores and dotenv tools, by
// what each command prints (README's heldout15 top-up call: a password
// store's show and grep print the secret, secret-read; -c copies it,
// everyday; recipients add re-encrypts every secret for another key,
// privilege-escalation; dotenvx keypair prints the private key and get
// the values, secret-read; dotenvx run uses .env, everyday, unless the
// command it runs prints a value, sh -c 'echo $HELLO', secret-read).
// gopass's command reference (docs/commands/*.md @ f4f2d9a4): grep
// decrypts every secret and prints the matching lines, cat prints a
// secret; pwgen prints new random passwords, sha256 a hash, templates
// show a template: no stored value. pass(1): grep searches inside each
// decrypted file. dotenvx's README (@ e6f4cf29): decrypt --stdout prints
// the decrypted file; encrypt, decrypt without it, set and rotate change
// the file in place; get --env VALUE prints the literal given (README:
// adjudicated). Lines moved: heldout15's h0629, h0693, h0721, h0746;
// h0642, h0650, h0674, h0699, h0716 no longer marked.
func TestPasswordStoresAndDotenvShown(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`gopass grep foobar`, SecretRead},
		{`pass grep -i token`, SecretRead},
		{`gopass cat secret/file`, SecretRead},
		{`gopass show foo/bar`, SecretRead},
		{`gopass recipients add --store team-a alice@example.com`, PrivilegeEscalation},
		{`gopass recipients add 0xDEADBEEF`, PrivilegeEscalation},
		{`dotenvx keypair`, SecretRead},
		{`dotenvx keypair DOTENV_PRIVATE_KEY --pretty-print`, SecretRead},
		{`dotenvx get`, SecretRead},
		{`dotenvx get HELLO -f .env.production`, SecretRead},
		{`dotenvx decrypt --stdout`, SecretRead},
		{`dotenvx run --quiet -- sh -c 'echo Hello $HELLO'`, SecretRead},
		{`dotenvx run -f .env.production -- bash -c 'printf "%s" "$DATABASE_URL"'`, SecretRead},
		{`dotenvx run -- printenv`, SecretRead},
		// Everyday: the secret copied, new passwords, hashes, templates,
		// names listed, files encrypted in place, a value used.
		{`gopass show -c foo/bar`, ""},
		{`gopass pwgen`, ""},
		{`gopass pwgen 24`, ""},
		{`gopass sha256 my/private.key`, ""},
		{`gopass templates show template`, ""},
		{`gopass recipients`, ""},
		{`gopass recipients remove alice@example.com`, ""},
		{`gopass ls`, ""},
		{`dotenvx encrypt -f .env.production`, ""},
		{`dotenvx encrypt`, ""},
		{`dotenvx decrypt -f .env.production`, ""},
		{`dotenvx set HELLO production -f .env.production`, ""},
		{`dotenvx run -f .env.prod -- node app.js`, ""},
		{`dotenvx run -- echo $HELLO`, ""},
		{`dotenvx get HELLO --env HELLO=String`, ""},
		{`dotenvx ls`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestStoreOneTimeCodesShown: pass-otp's "pass otp [code] NAME" and
// gopass's "gopass otp NAME" print the entry's current one-time code
// (pass-otp(1), gopass's docs/commands/otp.md), as "op item get --otp"
// does (opReveals: secret-read); -c/--clip copies it instead, and
// "pass otp insert|append|validate|uri" manage the entry.
func TestStoreOneTimeCodesShown(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`pass otp github`, SecretRead},
		{`pass otp code github`, SecretRead},
		{`gopass otp github`, SecretRead},
		{`pass otp -c github`, ""},
		{`gopass otp --clip github`, ""},
		{`pass otp insert github`, ""},
		{`pass otp validate otpauth://totp/x`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

package danger

import "testing"

// TestWordsThatDoNothing: lines that name a dangerous program, verb or
// word but do nothing dangerous under the README's labelling rules (the
// families of heldout4's false alarms, in forms other collections write):
// a tool's name inside a path being removed, capabilities removed, the
// environment filtered down to a named variable, a password given as a
// login's option value or as a preseed answer's type, a gcloud command
// cut short before its resource (a comment, as "#{name}" after a space
// is). The rows after them keep each rule's dangerous side.
func TestWordsThatDoNothing(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"rm -rf /tmp/GoAWSConsoleSpray", ""},
		{"rm -rf /tmp/kerbrute", ""},
		{"/usr/bin/setcap -r /bin/ping", ""},
		{"setcap -r /usr/bin/python3.11", ""},
		{"env | grep LANG", ""},
		{"env | grep -i lc_", ""},
		{"printenv | grep '^PATH='", ""},
		{"ldapdomaindump -u 'CORP\\alice' -p password 10.0.0.5 -o /tmp/dump", ""},
		{"mysqldump -u app --password secret appdb > /tmp/app.sql", ""},
		{"d-i passwd/user-password password insecure", ""},
		{"d-i passwd/root-password-again password r00tpw", ""},
		{"gcloud iam service-accounts delete #{service-account-email} --quiet", ""},
		{"gcloud iam roles create #{role-name} --permissions=iam.roles.get", ""},
		{"gcloud iam service-accounts keys create #{output-key-file} --iam-account=#{email}", ""},
		// Still dangerous.
		{"kerbrute passwordspray -d corp.test users.txt Winter2024", PrivilegeEscalation},
		{"setcap cap_setuid+ep /usr/bin/python3.11", PrivilegeEscalation},
		{"env | grep -i token", SecretRead},
		{"env | grep AWS_SECRET", SecretRead},
		{"env | grep GITHUB", SecretRead},
		{"env | grep -i key", SecretRead},
		{"printenv | grep -i database", SecretRead},
		{"env | grep -i vercel", SecretRead},
		{"env | grep -i proxy", SecretRead},
		{"env", SecretRead},
		{"pveum passwd bob@pve", PrivilegeEscalation},
		{"gcloud iam service-accounts delete ci-bot@proj.iam.gserviceaccount.com --quiet", CloudDestructive},
		{"gcloud iam roles create deployer --project p --permissions=iam.roles.get", PrivilegeEscalation},
		{"gcloud projects delete my-project", CloudDestructive},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestHuntKeptPrivate: a password hunt in a shell history whose lines are
// written to a file of the user's own (home, project) shows nothing and
// puts nothing where others read (the README's rule); printed, or written
// into /tmp, it stays secret-read.
func TestHuntKeptPrivate(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`cat ~/.bash_history | grep -e '-p ' -e 'pass' > ~/loot.txt`, ""},
		{`cat ~/.zsh_history | grep -i password > notes/found.txt`, ""},
		{`cat ~/.bash_history | grep -i pass`, SecretRead},
		{`cat ~/.bash_history | grep -i pass > /tmp/loot.txt`, SecretRead},
		{`strings core.dump | grep -i password | tee /dev/stderr > ~/x`, SecretRead},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestCommentLinesAndMailboxes: sed deleting the lines of a comment
// marker changes nothing (as removing comment text does); a mailbox in
// the mail spool emptied loses the mail received (destructive-delete,
// as clearing logs), whatever descriptor the redirect names.
func TestCommentLinesAndMailboxes(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`sed -i "" '/#art_test_1562_006_1/d' /etc/security/audit_event`, ""},
		{`sed -i '/^#/d' /etc/audit/auditd.conf`, ""},
		{`sed -i '/^[[:space:]]*# old/d' /etc/ssh/sshd_config`, ""},
		{`sed -i '/PermitRootLogin/d' /etc/ssh/sshd_config`, DiskSystem},
		{`sed -i '/atomic/d' /etc/security/audit_event`, DiskSystem},
		{`echo > /var/spool/mail/root`, DestructiveDelete},
		{`echo 0> /var/spool/mail/root`, DestructiveDelete},
		{`cat /dev/null > /var/mail/alice`, DestructiveDelete},
		{`cat /var/mail/alice`, ""},
		{`echo note >> /var/mail/alice`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

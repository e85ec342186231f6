package danger

import "testing"

// TestPrecisionGitForms: git's own manuals decide which forms lose work.
// git-reset(1): --keep aborts if a file that would change has local
// changes, so without a revision (HEAD) it loses nothing; --merge keeps
// unstaged edits but resets a change staged and not edited since (its
// table's "A A B B" row), so it stays git-discard-worktree. With an older
// revision both move the branch back (history), as --hard does. git-push(1) knows --force, --force-with-lease
// (and =REF, =REF:EXPECT) and --force-if-includes; git's option parser
// takes unambiguous abbreviations of them, and refuses any other word
// ("--force-with-lease-if-includes": unknown option, nothing pushed).
func TestPrecisionGitForms(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`git reset --merge HEAD~1`, GitHistoryRewrite},
		{`git reset --keep HEAD~2`, GitHistoryRewrite},
		{`git reset --merge origin/main`, GitHistoryRewrite},
		{`git reset --hard`, GitDiscardWorktree},
		{`git push --force origin main`, ForcePush},
		{`git push --force-with-lease origin main`, ForcePush},
		{`git push --force-with-lease=main:abc123 origin main`, ForcePush},
		{`git push --force-with-lease --force-if-includes origin main`, ForcePush},
		{`git push --force-with origin main`, ForcePush}, // an abbreviation git accepts
		// Everyday.
		{`git reset --merge`, GitDiscardWorktree},
		{`git reset --keep`, ""},
		{`git push --force-with-lease-if-includes origin main`, ""},
		{`git push --forced origin main`, ""},
		{`git push origin main`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionBackupsAndMoves: restic(1)'s "forget" removes snapshots
// (and with --prune their data), while "prune" alone only frees data no
// snapshot references any more (restic docs, "Removing backup
// snapshots"): nothing restorable is lost. rsync(1)'s
// --remove-source-files deletes only what was transferred, a move; its
// --delete family removes files of the destination that the source lacks.
func TestPrecisionBackupsAndMoves(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`restic forget --keep-last 1 --prune`, DestructiveDelete},
		{`restic forget --tag prod --unsafe-allow-remove-all`, DestructiveDelete},
		{`rsync -a --delete /src/ /srv/`, DestructiveDelete},
		{`rsync -a --delete-after /tmp/empty/ ~/`, DestructiveDelete},
		// Everyday.
		{`restic prune --max-unused 0`, ""},
		{`restic prune`, ""},
		{`rsync -a --remove-source-files /src/ /dest/`, ""},
		{`rsync -av --remove-source-files logs/ /mnt/archive/`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionTempDefaults: "${TMPDIR:-/tmp}" and "${TMPDIR-/tmp}" are
// the temporary folder whether TMPDIR is set or not (bash(1), Parameter
// Expansion: the default is used when the variable is unset), so a
// recursive rm under them is an rm of temporary files, as under /tmp.
func TestPrecisionTempDefaults(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`rm -rf ${HOME:-/tmp}/build`, DestructiveDelete},
		// Everyday.
		{`rm -rf ${TMPDIR:-/tmp}/build`, ""},
		{`rm -rf "${TMPDIR-/tmp}/cache"`, ""},
		{`rm -rf /tmp/build`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionRemoteLogins: NetExec's wiki (netexec.wiki; crackmapexec
// and cme are its former names) separates what a login does. Checking an
// account and enumerating with it (--shares, --users, --rid-brute,
// --pass-pol, ldap's --trusted-for-delegation, mssql's -q query) change
// nothing here and send nothing away: everyday, as the labelling rules
// say of hydra and login scanners, which only try passwords against a
// remote login (hydra(1), medusa(1), ncrack(1), patator). Running a
// command there (-x, -X) or passing a hash instead of a password (-H,
// pass-the-hash) acts as that account: privilege-escalation. The dumps
// (--sam, --lsa, --ntds, --dpapi, ldap's --gmsa, the lsassy, nanodump,
// procdump, handlekatz and mimikatz modules) read other accounts'
// credentials: secret-read.
func TestPrecisionRemoteLogins(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`nxc smb 10.0.0.5 -u admin -p 'Passw0rd' -x whoami`, PrivilegeEscalation},
		{`nxc smb 10.0.0.5 -u admin -p 'Passw0rd' -X '$PSVersionTable'`, PrivilegeEscalation},
		{`cme mssql 10.0.0.5 -u sa -p 'Passw0rd' --local-auth -x whoami`, PrivilegeEscalation},
		{`crackmapexec smb 10.0.0.5 -u admin -H 31d6cfe0d16ae931b73c59d7e0c089c0`, PrivilegeEscalation},
		{`netexec winrm 10.0.0.5 -u admin --hash 31d6cfe0d16ae931b73c59d7e0c089c0 -x ipconfig`, PrivilegeEscalation},
		{`nxc smb 10.0.0.5 -u admin -p 'Passw0rd' --sam`, SecretRead},
		{`nxc smb 10.0.0.5 -u admin -p 'Passw0rd' --lsa`, SecretRead},
		{`nxc smb 10.0.0.5 -u admin -p 'Passw0rd' --ntds`, SecretRead},
		{`nxc smb 10.0.0.5 -u admin -p 'Passw0rd' --dpapi`, SecretRead},
		{`nxc ldap 10.0.0.5 -u admin -p 'Passw0rd' --gmsa`, SecretRead},
		{`nxc smb 10.0.0.5 -u admin -p 'Passw0rd' -M lsassy`, SecretRead},
		{`nxc smb 10.0.0.5 -u admin -p 'Passw0rd' -M nanodump`, SecretRead},
		{`evil-winrm -i 10.0.0.5 -u admin -p 'Passw0rd'`, PrivilegeEscalation},
		{`kerbrute passwordspray -d example.com users.txt 'Winter2024!'`, PrivilegeEscalation},
		// Password spraying (the wiki's "Password spraying": several users
		// or a file of them, several passwords or a file) is a login with
		// others' credentials, privilege-escalation in the labelling rules.
		{`nxc smb 10.0.0.101 -u user1 user2 user3 -p Summer18`, PrivilegeEscalation},
		{`crackmapexec smb 10.0.0.0/24 -u users.txt -p passwords.txt`, PrivilegeEscalation},
		{`nxc smb 10.0.0.5 -u admin -p /usr/share/wordlists/rockyou.txt`, PrivilegeEscalation},
		// Everyday.
		{`nxc smb 10.0.0.5 -u admin -p 'Passw0rd'`, ""},
		{`nxc smb 10.0.0.5 -u admin -p 'Passw0rd' --local-auth`, ""},
		{`nxc smb 10.0.0.5 -u admin -p 'Passw0rd' -d example.com --shares`, ""},
		{`nxc smb 10.0.0.5 -u admin -p 'Passw0rd' --users`, ""},
		{`nxc smb 10.0.0.5 -u admin -p 'Passw0rd' --rid-brute`, ""},
		{`nxc smb 10.0.0.5 -u admin -p 'Passw0rd' --pass-pol`, ""},
		{`nxc ldap 10.0.0.5 -u admin -p 'Passw0rd' --trusted-for-delegation`, ""},
		{`cme mssql 10.0.0.5 -u sa -p 'Passw0rd' --local-auth -q 'SELECT name FROM master.dbo.sysdatabases;'`, ""},
		{`nxc smb 10.0.0.0/24`, ""},
		{`hydra -l root -e n 10.0.0.5 ssh`, ""},
		{`hydra -L users.txt -P passwords.txt ftp://10.0.0.5`, ""},
		{`medusa -h 10.0.0.5 -u admin -P passwords.txt -M ssh`, ""},
		{`ncrack -p 22 --user root -P passwords.txt 10.0.0.5`, ""},
		{`patator ssh_login host=10.0.0.5 user=root password=FILE0 0=passwords.txt`, ""},
		{`evil-winrm -u admin -i 10.0.0.5`, ""},
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

// TestPrecisionLoadBalancerMembers: the AWS CLI reference says
// elbv2 deregister-targets makes targets "no longer receive traffic" and
// elb deregister-instances-from-load-balancer removes instances from the
// balancer: the targets and instances go on running and are registered
// again at will (register-targets), as k0195's labelling holds. A
// deregistered AMI (ec2 deregister-image) can no longer be launched and
// stays cloud-destructive.
func TestPrecisionLoadBalancerMembers(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`aws ec2 deregister-image --image-id ami-0123456789abcdef0`, CloudDestructive},
		{`aws elbv2 delete-target-group --target-group-arn arn:aws:elasticloadbalancing:us-west-2:123:targetgroup/tg/abc`, CloudDestructive},
		{`aws elb delete-load-balancer --load-balancer-name my-elb`, CloudDestructive},
		// Everyday.
		{`aws elbv2 deregister-targets --target-group-arn arn:aws:elasticloadbalancing:us-west-2:123:targetgroup/tg/abc --targets Id=i-0123456789abcdef0`, ""},
		{`aws elb deregister-instances-from-load-balancer --load-balancer-name my-elb --instances i-0123456789abcdef0`, ""},
		{`aws elbv2 register-targets --target-group-arn arn:aws:elasticloadbalancing:us-west-2:123:targetgroup/tg/abc --targets Id=i-0123456789abcdef0`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

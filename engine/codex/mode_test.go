package codex

import (
	"strings"
	"testing"

	"github.com/permsim/permsim/engine"
)

// Mode strings as DESIGN.md spells them ("APPROVAL:SANDBOX", e.g.
// on-request:workspace-write, never:read-only), the halves a calls row may
// carry alone (engine/codex's RecordedMode), the bypass flag, and the
// granular forms: the corpus's effective_mode (Python repr of the turn
// context) and permsim's own spelling.
func TestParseMode(t *testing.T) {
	tests := []struct {
		in   string
		want string // canonical approval ":" sandbox, "" halves left empty
		err  bool
	}{
		{"on-request:workspace-write", "on-request:workspace-write", false},
		{"never:read-only", "never:read-only", false},
		{"untrusted:danger-full-access", "untrusted:danger-full-access", false},
		{"unless-trusted:read_only", "untrusted:read-only", false},
		{"on-failure:workspace-write", "on-failure:workspace-write", false},
		{"never", "never:", false},
		{":read-only", ":read-only", false},
		{"--dangerously-bypass-approvals-and-sandbox", "never:danger-full-access", false},
		{"{'granular': {'sandbox_approval': True, 'rules': False, 'skill_approval': True, 'request_permissions': True, 'mcp_elicitations': True}}:workspace-write",
			"granular(sandbox_approval=true,rules=false,mcp_elicitations=true,request_permissions=true,skill_approval=true):workspace-write", false},
		{`{"granular":{"sandbox_approval":false}}:read-only`,
			"granular(sandbox_approval=false,rules=true,mcp_elicitations=true,request_permissions=true,skill_approval=true):read-only", false},
		{"granular(sandbox_approval=false):read-only",
			"granular(sandbox_approval=false,rules=true,mcp_elicitations=true,request_permissions=true,skill_approval=true):read-only", false},
		{"sometimes:read-only", "", true},
		{"never:everywhere", "", true},
		{"{'granular': {", "", true},
	}
	for _, tc := range tests {
		m, err := parseMode(tc.in)
		if (err != nil) != tc.err {
			t.Errorf("parseMode(%q) error %v, want error %v", tc.in, err, tc.err)
			continue
		}
		if tc.err {
			continue
		}
		got := ""
		if m.approval != nil {
			got = m.approval.String()
		}
		got += ":" + m.sandbox
		if got != tc.want {
			t.Errorf("parseMode(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// A mode given to Decide replaces the configured half it names and keeps
// the other.
func TestDecideModeHalves(t *testing.T) {
	p, d := build(t, setup{userConfig: "approval_policy = \"never\"\nsandbox_mode = \"read-only\"\n"})
	tests := []struct {
		mode engine.Mode
		want engine.Mode
	}{
		{"", "never:read-only"},
		{":workspace-write", "never:workspace-write"},
		{"untrusted", "untrusted:read-only"},
		{"on-request:danger-full-access", "on-request:danger-full-access"},
		{"nonsense:x", "never:read-only"},
	}
	for _, tc := range tests {
		if got := p.Decide(d.call(execCmd("ls")), tc.mode); got.Mode != tc.want {
			t.Errorf("Decide in %q simulated %q, want %q", tc.mode, got.Mode, tc.want)
		}
	}
}

// "granular" without switches (as a rollout may record it) takes the
// switches of config.toml's granular policy.
func TestBareGranular(t *testing.T) {
	cfg := "sandbox_mode = \"workspace-write\"\n[approval_policy.granular]\nrules = false\n"
	const want = "granular(sandbox_approval=true,rules=false,mcp_elicitations=true,request_permissions=true,skill_approval=true):read-only"
	p, d := build(t, setup{userConfig: cfg, flags: map[string]string{FlagMode: "granular:read-only"}})
	if got := p.Modes()[0]; got != want {
		t.Errorf("configured mode %s, want %s", got, want)
	}
	p, d = build(t, setup{userConfig: cfg})
	if got := p.Decide(d.call(execCmd("ls")), "granular:read-only").Mode; got != want {
		t.Errorf("Decide simulated %s, want %s", got, want)
	}
	p, d = build(t, setup{})
	if got := p.Decide(d.call(execCmd("ls")), "granular:read-only").Mode; !strings.HasPrefix(string(got), "granular(sandbox_approval=true,rules=true") {
		t.Errorf("without a granular config: %s, want every switch on", got)
	}
}

// A project's config.toml cannot pick the profile: with profile = "strict"
// and [profiles.strict] approval_policy = "untrusted", sandbox_mode =
// "read-only" in a trusted project, Codex 0.169.0 ran ls and echo hi >
// out.txt without asking (testdata/codex/realconfigs/coverage,
// rc-cov-cfg-profile#0 and #1): the project's profile key was ignored, and
// with it the profile. The user's config.toml cannot pick one either:
// Codex refuses to start (TestUserProfileKeyRefused).
func TestProjectProfileIgnored(t *testing.T) {
	strict := "[profiles.strict]\napproval_policy = \"never\"\nsandbox_mode = \"read-only\"\n"
	yes := true
	p, _ := build(t, setup{projectConfig: "profile = \"strict\"\n" + strict, trustRecord: "trusted", trust: &yes})
	if got := p.Modes()[0]; got != "on-request:workspace-write" {
		t.Errorf("project profile: mode %s, want on-request:workspace-write", got)
	}
}

package codex

import (
	"strings"
	"testing"

	"github.com/permsim/permsim/engine"
)

// The rm guard's prompt is not a sandbox escalation: under a granular
// policy with sandbox_approval = false (and under rules = false) the real
// Codex 0.169.0 still asked for `rm -rf build`, `rm -f README.md` and
// `sudo rm -rf build` (testdata/codex/realconfigs/coverage/branches,
// rc-br-granular-no-sandbox-approval#0-2, rc-br-granular-no-rules#0).
func TestGranularRmGuardAsks(t *testing.T) {
	const all = "mcp_elicitations = true, request_permissions = true, skill_approval = true"
	for _, cfg := range []string{
		"approval_policy = { granular = { sandbox_approval = false, rules = true, " + all + " } }\n",
		"approval_policy = { granular = { sandbox_approval = true, rules = false, " + all + " } }\n",
	} {
		p, d := build(t, setup{userConfig: cfg + "sandbox_mode = \"workspace-write\"\n"})
		for _, cmd := range []string{"rm -rf build", "rm -f README.md", "sudo rm -rf build"} {
			got := p.Decide(d.call(execCmd(cmd)), "")
			if got.Outcome != engine.Asks || got.Step != stepRmGuard {
				t.Errorf("%s, %q: %s at %q (%s), want asks at %q", strings.TrimSpace(cfg), cmd, got.Outcome, got.Step, got.Reason, stepRmGuard)
			}
		}
	}
}

// approval_policy = "on-failure" in config.toml: Codex 0.169.0 starts with
// on-request, the sandbox chosen as without it; a write the sandbox
// stops is handed back to the model (no retry prompt), and a patch the
// sandbox would refuse asks (rc-br-on-failure-config, -read-only,
// -workspace-write, -session-sandbox). The session's own "on-failure" is
// refused by app-server (rc-br-on-failure-session), so a mode given per
// call keeps Codex's documented on-failure.
func TestOnFailureConfigIsOnRequest(t *testing.T) {
	for _, c := range []struct {
		cfg   string
		flags map[string]string
		mode  string
	}{
		{`approval_policy = "on-failure"` + "\n", nil, "on-request:workspace-write"},
		{`approval_policy = "on-failure"` + "\nsandbox_mode = \"read-only\"\n", nil, "on-request:read-only"},
		{`approval_policy = "on-failure"` + "\nsandbox_mode = \"workspace-write\"\n", nil, "on-request:workspace-write"},
		{`approval_policy = "on-failure"` + "\n", map[string]string{FlagMode: ":workspace-write"}, "on-request:workspace-write"},
	} {
		p, d := build(t, setup{userConfig: c.cfg, flags: c.flags})
		if got := p.Modes()[0]; string(got) != c.mode {
			t.Errorf("%q %v: mode %s, want %s", c.cfg, c.flags, got, c.mode)
		}
		if got := p.Decide(d.call(execCmd("touch {H}/a.txt")), ""); got.Outcome != engine.Blocked || got.Step != stepSandbox {
			t.Errorf("%q: touch outside: %s at %q (%s), want blocked by the sandbox", c.cfg, got.Outcome, got.Step, got.Reason)
		}
		if got := p.Decide(d.call(patchCall(addFile("{H}/p.txt"))), ""); got.Outcome != engine.Asks {
			t.Errorf("%q: patch outside: %s (%s), want asks", c.cfg, got.Outcome, got.Reason)
		}
	}
	// Given per call, on-failure stays as Codex documented it.
	p, d := build(t, setup{})
	if got := p.Decide(d.call(execCmd("touch {H}/a.txt")), "on-failure:workspace-write"); got.Outcome != engine.Asks {
		t.Errorf("per-call on-failure: touch outside %s, want asks", got.Outcome)
	}
}

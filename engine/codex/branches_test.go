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

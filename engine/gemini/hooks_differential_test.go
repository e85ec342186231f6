package gemini

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/permsim/permsim/engine/hooks"
	"github.com/permsim/permsim/internal/corpustest"
)

// TestDifferentialHooks replays the hook corpus recorded with the real
// Gemini CLI 0.61.0 through `gemini -p` (testdata/gemini/hooks, `permsim
// verify --harness gemini --cases
// testdata/gemini/hooks/gemini-hooks.cases.jsonl`) with the hooks run:
// BeforeTool hooks that block by exit code or JSON, warn, ask, stop, time
// out (milliseconds), miss by matcher, are turned off, sit in an
// untrusted folder, or answer in odd forms (a JSON string holding the
// JSON answer, continue: true beside a deny, JSON that is not an object). The target is 98% agreement.
func TestDifferentialHooks(t *testing.T) {
	const dir = "../../testdata/gemini/hooks"
	if _, err := os.Stat(dir + "/gemini-hooks.results.jsonl"); err != nil {
		t.Skip("no recorded hook corpus yet")
	}
	// The corpus's hooks are its own grep gates: run outside the sandbox,
	// which saves starting a namespace per hook.
	runner := hooks.NewRunner(hooks.Limits{Timeout: 10 * time.Second, Sandbox: hooks.SandboxOff})
	_, total := corpustest.Run(t, corpustest.Diff[corpustest.Case, diffResult, *Policy]{
		Dir: dir, Base: "gemini-hooks", Known: corpustest.LoadKnown(t, dir), Min: 0.98,
		Load: func(t *testing.T, c corpustest.Case, r diffResult) (*Policy, string, string) {
			headless := c.Env["PERMSIM_GEMINI_HEADLESS"] == "1"
			c.Env = nil // the driver's switch, not the harness's environment
			env, unsupported := layout(t, c, t.TempDir())
			if unsupported != "" {
				t.Fatalf("%s: %s", r.Config, unsupported)
			}
			if headless {
				env.Flags[FlagHeadless] = "true"
			}
			env.RunHooks = true
			p, err := load(env, runner)
			if err != nil {
				t.Fatalf("%s: %v", r.Config, err)
			}
			return p, env.HomeDir, ""
		},
		Rows: func(t *testing.T, p *Policy, home string, c corpustest.Case, r diffResult, _ []diffResult) []corpustest.Row {
			dc := c.Calls[r.CallIndex]
			in, _ := corpustest.Rehome(dc.Input, home).(map[string]any)
			return []corpustest.Row{{Key: r.Key(), Config: r.Config, Outcome: r.Outcome, Agree: func() (bool, func() string) {
				// Decided the way `permsim decide --run-hooks` decides it.
				call, err := corpustest.DecideCall(dc.Tool, in, env0(home))
				if err != nil {
					t.Fatalf("%s: decide would not read this call: %v", r.Key(), err)
				}
				got := corpustest.Scorer("gemini", p, filepath.Dir(home)).Score(call, "").Decision
				agree := string(got.Outcome) == r.Outcome
				if agree && r.Outcome == "blocked" && (r.Pattern == "before-tool-hook" || r.Pattern == "before-tool-hook(stop)") && got.Step != stepHook {
					agree = false
					t.Logf("%s: blocked by the hook in Gemini CLI, at %q here", r.Key(), got.Step)
				}
				return agree, func() string {
					return fmt.Sprintf("%s %v: real %s (%s), simulated %s at %q: %s", dc.Tool, dc.Input, r.Outcome, r.Pattern, got.Outcome, got.Step, got.Reason)
				}
			}}}
		},
	})
	if total < 150 {
		t.Errorf("the hook corpus has %d rows, want at least 150", total)
	}
}

package gemini

import (
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/hooks"
	"github.com/permsim/permsim/internal/corpustest"
)

// TestDifferentialHooks replays the hook corpus recorded with the real
// Gemini CLI 0.61.0 through `gemini -p` (testdata/gemini/hooks, `permsim
// verify --harness gemini --cases
// testdata/gemini/hooks/gemini-hooks.cases.jsonl`) with the hooks run:
// BeforeTool hooks that block by exit code or JSON, warn, ask, stop, time
// out (milliseconds), miss by matcher, are turned off, or sit in an
// untrusted folder. The target is 98% agreement.
func TestDifferentialHooks(t *testing.T) {
	const dir = "../../testdata/gemini/hooks"
	if _, err := os.Stat(dir + "/gemini-hooks.results.jsonl"); err != nil {
		t.Skip("no recorded hook corpus yet")
	}
	cases := corpustest.LoadCases(t, dir, "gemini-hooks.cases.jsonl")
	results := corpustest.ReadJSONL[diffResult](t, dir, "gemini-hooks.results.jsonl")
	// The corpus's hooks are its own grep gates: run outside the sandbox,
	// which saves starting a namespace per hook.
	runner := hooks.NewRunner(hooks.Limits{Timeout: 10 * time.Second, Sandbox: hooks.SandboxOff})
	var scores corpustest.Scores
	policies := map[string]*Policy{}
	homes := map[string]string{}
	for _, r := range results {
		c, ok := cases[r.ID]
		if !ok {
			t.Fatalf("result %s#%d has no case", r.ID, r.CallIndex)
		}
		p, loaded := policies[r.Config]
		if !loaded {
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
			var err error
			if p, err = load(env, runner); err != nil {
				t.Fatalf("%s: %v", r.Config, err)
			}
			policies[r.Config], homes[r.Config] = p, env.HomeDir
		}
		dc := c.Calls[r.CallIndex]
		in, _ := corpustest.Rehome(dc.Input, homes[r.Config]).(map[string]any)
		got := p.Decide(engine.Call{RawTool: dc.Tool, Input: in}, "")
		agree := string(got.Outcome) == r.Outcome
		if agree && r.Outcome == "blocked" && (r.Pattern == "before-tool-hook" || r.Pattern == "before-tool-hook(stop)") && got.Step != stepHook {
			agree = false
			t.Logf("%s#%d: blocked by the hook in Gemini CLI, at %q here", r.ID, r.CallIndex, got.Step)
		}
		if !agree {
			t.Errorf("%s#%d %s %v: real %s (%s), simulated %s at %q: %s", r.ID, r.CallIndex, dc.Tool, dc.Input, r.Outcome, r.Pattern, got.Outcome, got.Step, got.Reason)
		}
		scores.Add(r.Config, r.Outcome, agree)
	}
	agree, total := scores.Log(t)
	t.Logf("%s", fmt.Sprintf("all: %d/%d rows agree", agree, total))
	if total < 150 {
		t.Errorf("the hook corpus has %d rows, want at least 150", total)
	}
	if float64(agree) < 0.98*float64(total) {
		t.Errorf("agreement %d/%d is under the 98%% target", agree, total)
	}
}

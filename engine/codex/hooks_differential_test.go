package codex

import (
	"testing"
	"time"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/hooks"
	"github.com/permsim/permsim/internal/corpustest"
)

// TestDifferentialHooks replays the hook corpus recorded with the real
// Codex 0.169.0 (testdata/codex/hooks, `permsim verify --harness codex
// --cases testdata/codex/hooks/codex-hooks.cases.jsonl`) with the hooks
// run: trusted PreToolUse hooks that block by exit code or JSON, fail
// open, time out, miss by matcher, or are skipped for a missing, stale or
// disabled trust record, [features] hooks = false or an untrusted project.
// The target is 98% agreement.
func TestDifferentialHooks(t *testing.T) {
	const dir = "../../testdata/codex/hooks"
	cases := corpustest.LoadCases(t, dir, "codex-hooks.cases.jsonl")
	results := corpustest.ReadJSONL[diffResult](t, dir, "codex-hooks.results.jsonl")
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
			env := layout(t, c, diffRoot(t))
			env.RunHooks = true
			var err error
			if p, err = load(env, runner); err != nil {
				t.Fatalf("%s: %v", r.Config, err)
			}
			policies[r.Config], homes[r.Config] = p, env.HomeDir
		}
		call := c.Calls[r.CallIndex]
		in, _ := corpustest.Rehome(call.Input, homes[r.Config]).(map[string]any)
		got := p.Decide(engine.Call{Tool: engine.NormalizeTool(call.Tool), RawTool: call.Tool, Input: in}, "")
		ok = string(got.Outcome) == r.Outcome
		if ok && r.Pattern == "pre-tool-use-hook" && got.Step != stepHook {
			ok = false
			t.Logf("%s#%d: blocked by the hook in Codex, at %q here", r.ID, r.CallIndex, got.Step)
		}
		if !ok {
			t.Errorf("%s#%d %s: real %s (%s), simulated %s at %q: %s", r.ID, r.CallIndex, call.Input["cmd"], r.Outcome, r.Pattern, got.Outcome, got.Step, got.Reason)
		}
		scores.Add(r.Config, r.Outcome, ok)
	}
	agree, total := scores.Log(t)
	if total < 150 {
		t.Errorf("the hook corpus has %d rows, want at least 150", total)
	}
	if float64(agree) < 0.98*float64(total) {
		t.Errorf("agreement %d/%d is under the 98%% target", agree, total)
	}
}

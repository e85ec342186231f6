package codex

import (
	"fmt"
	"path/filepath"
	"testing"
	"time"

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
	// The corpus's hooks are its own grep gates: run outside the sandbox,
	// which saves starting a namespace per hook.
	runner := hooks.NewRunner(hooks.Limits{Timeout: 10 * time.Second, Sandbox: hooks.SandboxOff})
	_, total := corpustest.Run(t, corpustest.Diff[corpustest.Case, diffResult, *Policy]{
		Dir: dir, Base: "codex-hooks", Known: corpustest.LoadKnown(t, dir), Min: 0.98,
		Load: func(t *testing.T, c corpustest.Case, r diffResult) (*Policy, string, string) {
			env := layout(t, c, diffRoot(t))
			env.RunHooks = true
			p, err := load(env, runner)
			if err != nil {
				t.Fatalf("%s: %v", r.Config, err)
			}
			return p, env.HomeDir, ""
		},
		Rows: func(t *testing.T, p *Policy, home string, c corpustest.Case, r diffResult, _ []diffResult) []corpustest.Row {
			call := c.Calls[r.CallIndex]
			in, _ := corpustest.Rehome(call.Input, home).(map[string]any)
			return []corpustest.Row{{Key: r.Key(), Config: r.Config, Outcome: r.Outcome, Agree: func() (bool, func() string) {
				// Decided the way `permsim decide --run-hooks` decides it.
				sc := corpustest.Scorer("codex", p, filepath.Dir(home))
				dcall, err := corpustest.DecideCall(call.Tool, in, sc.Project)
				if err != nil {
					t.Fatalf("%s: decide would not read this call: %v", r.Key(), err)
				}
				got := sc.Score(dcall, "").Decision
				ok := string(got.Outcome) == r.Outcome
				if ok && r.Pattern == "pre-tool-use-hook" && got.Step != stepHook {
					ok = false
					t.Logf("%s: blocked by the hook in Codex, at %q here", r.Key(), got.Step)
				}
				return ok, func() string {
					return fmt.Sprintf("%s: real %s (%s), simulated %s at %q: %s", call.Input["cmd"], r.Outcome, r.Pattern, got.Outcome, got.Step, got.Reason)
				}
			}}}
		},
	})
	if total < 150 {
		t.Errorf("the hook corpus has %d rows, want at least 150", total)
	}
}

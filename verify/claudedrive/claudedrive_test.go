package claudedrive

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/permsim/permsim/verify"
)

// TestMain makes the test binary the driver inside the sandbox when the
// sandbox starts it.
func TestMain(m *testing.M) {
	if dir := os.Getenv(Runner.InnerEnv); dir != "" {
		if err := Runner.Inner(context.Background(), dir); err != nil {
			os.Stderr.WriteString(err.Error() + "\n")
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// realOptions are the options for a run against the installed Claude Code,
// or a skip when it or the sandbox is missing.
func realOptions(t *testing.T, cases string) verify.Options {
	t.Helper()
	if os.Getenv("PERMSIM_REAL_HARNESS") == "" {
		t.Skip("set PERMSIM_REAL_HARNESS=1 to run the real Claude Code (make verify)")
	}
	if _, err := exec.LookPath("claude"); err != nil && os.Getenv("PERMSIM_CLAUDE") == "" {
		t.Skip("no Claude Code binary on PATH (npm install -g @anthropic-ai/claude-code@2.1.328)")
	}
	if _, err := verify.FindSandbox(context.Background()); err != nil {
		t.Skipf("no sandbox: %v", err)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return verify.Options{Harness: "claude", Binary: os.Getenv("PERMSIM_CLAUDE"), Cases: cases, Self: []string{exe}, Jobs: 2}
}

func TestRealClaudeSmoke(t *testing.T) {
	o := realOptions(t, "../../testdata/verify/smoke.cases.jsonl")
	var out, log strings.Builder
	o.Out, o.Log = &out, &log
	o.WorkDir = os.Getenv("PERMSIM_VERIFY_KEEP")
	sum, err := Runner.Run(context.Background(), o)
	t.Logf("%s\n%s", log.String(), out.String())
	if err != nil {
		t.Fatal(err)
	}
	if len(sum.Failed) > 0 {
		t.Fatalf("failed: %v", sum.Failed)
	}
	// reference/real-harnesses.md, "Observed decisions" (user settings
	// allow Bash(npm test *), Edit(src/**), deny Read(./.env), Bash(curl *),
	// ask Bash(git push *)): "ls … run in every mode; curl and Read .env
	// are blocked in every mode"; git push (ask rule) asks; "touch zzz …
	// needs approval".
	want := []string{verify.OutcomeRuns, verify.OutcomeAsks, verify.OutcomeBlocked, verify.OutcomeBlocked, verify.OutcomeAsks}
	if len(sum.Rows) != len(want) {
		t.Fatalf("%d rows, want %d", len(sum.Rows), len(want))
	}
	for i, r := range sum.Rows {
		if r.Real.Outcome != want[i] {
			t.Errorf("%s: the real harness %s (%s), the reference says %s", r.Key, r.Real.Outcome, r.Real.Pattern, want[i])
		}
		if !r.Agree {
			t.Errorf("%s: permsim %s at %q, the real harness %s", r.Key, r.Sim.Outcome, r.Sim.Step, r.Real.Outcome)
		}
	}
	if !strings.HasPrefix(sum.Version, "2.1.328") {
		t.Logf("checked against %q, not 2.1.328", sum.Version)
	}
}

// TestRealClaudeCases runs the cases file named by PERMSIM_VERIFY_CASES
// (optionally only the ids matching PERMSIM_VERIFY_ONLY) against the
// installed Claude Code, recording to PERMSIM_VERIFY_RECORD when set: the
// `make verify` path when the CLI is not at hand.
func TestRealClaudeCases(t *testing.T) {
	cases := os.Getenv("PERMSIM_VERIFY_CASES")
	if cases == "" {
		t.Skip("set PERMSIM_VERIFY_CASES to a cases file")
	}
	o := realOptions(t, cases)
	o.Only, o.Record, o.WorkDir = os.Getenv("PERMSIM_VERIFY_ONLY"), os.Getenv("PERMSIM_VERIFY_RECORD"), os.Getenv("PERMSIM_VERIFY_KEEP")
	var out, log strings.Builder
	o.Out, o.Log = &out, &log
	sum, err := Runner.Run(context.Background(), o)
	if f := os.Getenv("PERMSIM_VERIFY_OUT"); f != "" {
		os.WriteFile(f, []byte(log.String()+"\n"+out.String()), 0o644)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("agreement: %d/%d; dropped %d; failed %d", sum.Agree, sum.Compared, sum.Dropped, len(sum.Failed))
}

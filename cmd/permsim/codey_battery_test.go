package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/battery"
	"github.com/permsim/permsim/engine/claude"
	"github.com/permsim/permsim/engine/codey"
)

// Issue 11: "Hooks watch and cannot veto: the battery must show, side by
// side, a project whose blocking PreToolUse hook protects it in Claude Code
// and not in Codey." The Codey seed: "Codey's hooks are a different thing —
// they watch, they cannot veto — and a script written to block a tool call
// would silently block nothing here."
//
// testdata/battery/hooked has no rules at all, only a PreToolUse hook on
// Bash that exits 2 for rm, git push, curl, …. The whole battery with
// --run-hooks runs the hook about a thousand times (permsim battery
// --project testdata/battery/hooked --home testdata/battery/home --harness
// claude,codey --run-hooks), too slow for every test run, so this scores
// the cases the hook names and one it does not.
func TestBatteryHookedClaudeVersusCodey(t *testing.T) {
	batteryDir(t)
	proj, err := filepath.Abs("testdata/battery/hooked")
	if err != nil {
		t.Fatal(err)
	}
	home, _ := filepath.Abs("testdata/battery/home")
	all, _ := battery.Builtin()
	want := map[string]bool{"del-001": true, "push-001": true, "dlx-001": true}
	var cases []battery.Case
	for _, c := range all {
		if want[c.ID] {
			cases = append(cases, c)
		}
	}
	if len(cases) != len(want) {
		t.Fatalf("found %d of the cases %v", len(cases), want)
	}
	rep := battery.Run([]engine.Harness{claude.New(), codey.New()}, cases,
		battery.Options{Project: proj, Home: home, RunHooks: true})
	seen := 0
	for _, tb := range rep.Tables() {
		for _, r := range tb.Results {
			seen++
			switch tb.Harness {
			case "claude-code":
				// The hook protects the project in Claude Code (seed 002,
				// step 1: "A PreToolUse hook that blocks").
				if r.Decision.Outcome != engine.Blocked || r.Decision.Step != "1 hook blocks" {
					t.Errorf("claude/%s %s (%s): %s at %q, want blocked by the hook", tb.Mode, r.Case.ID, r.Case.Command, r.Decision.Outcome, r.Decision.Step)
				}
			case "codey":
				// "…would silently block nothing here": Codey decides as if
				// there were no hook — asks in default, runs in -yolo.
				wantOutcome := engine.Asks
				if tb.Mode == codey.ModeYolo {
					wantOutcome = engine.Runs
				}
				if r.Decision.Outcome != wantOutcome {
					t.Errorf("codey/%s %s: %s at %q, want %s", tb.Mode, r.Case.ID, r.Decision.Outcome, r.Decision.Step, wantOutcome)
				}
			}
		}
	}
	if seen == 0 {
		t.Fatal("no results")
	}
}

// Codey's battery results on the sample configurations, as golden files
// next to the other harnesses' (testdata/battery/golden/<sample>.codey.txt;
// how they were checked is in testdata/battery/README.md). go test
// ./cmd/permsim -run GoldenCodey -update-battery rewrites them.
func TestBatteryGoldenCodey(t *testing.T) {
	goldenDir, err := filepath.Abs(filepath.Join("..", "..", "testdata", "battery", "golden"))
	if err != nil {
		t.Fatal(err)
	}
	batteryDir(t)
	for _, project := range []string{"careless", "typical", "hardened", "lockdown"} {
		golden := filepath.Join(goldenDir, project+".codey.txt")
		code, stdout, stderr := runCLI(t, "", "battery", "--project", "testdata/battery/"+project,
			"--home", "testdata/battery/home", "--harness", "codey")
		if code != 0 {
			t.Fatalf("%s: exit %d\n%s", project, code, stderr)
		}
		stdout = strings.ReplaceAll(stdout, batteryRoot, "$ROOT")
		if *updateGolden {
			if err := os.WriteFile(golden, []byte(stdout), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (run with -update-battery to create it)", err)
		}
		if string(want) != stdout {
			t.Errorf("%s differs from the output (run go test ./cmd/permsim -run GoldenCodey -update-battery and review the diff):\n%s",
				golden, firstDiff(string(want), stdout))
		}
	}
}

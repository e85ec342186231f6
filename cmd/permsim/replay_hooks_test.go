package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The seed's Replay section: "Replay runs no hook unless you pass
// --replay-hooks with --run-hooks, and then only this project's hooks, on
// calls from this project." Its Hooks section: "Exit 2 blocks".
func TestReplayHooks(t *testing.T) {
	dir := t.TempDir()
	proj := filepath.Join(dir, "proj")
	home := filepath.Join(dir, "home")
	for _, d := range []string{filepath.Join(proj, ".claude"), home} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	settings := `{"permissions":{"allow":["Bash(ls:*)"]},
  "hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"exit 2"}]}]}}`
	if err := os.WriteFile(filepath.Join(proj, ".claude", "settings.json"), []byte(settings), 0o644); err != nil {
		t.Fatal(err)
	}
	calls := filepath.Join(dir, "calls.jsonl")
	line := `{"harness":"claude-code","session_id":"s1","call_id":"c1","project_dir":"` + proj + `","cwd":"` + proj +
		`","tool":"bash","raw_tool":"Bash","command":"ls -la","mode":"default","ts":"2026-11-01T00:00:00Z"}` + "\n"
	if err := os.WriteFile(calls, []byte(line), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	if code, _, stderr := runCLI(t, "", "ingest", "--format", "permsim-jsonl", calls, "--out", out); code != 0 {
		t.Fatalf("ingest: exit %d\n%s", code, stderr)
	}
	outcome := func(args ...string) string {
		t.Helper()
		args = append([]string{"replay", "--out", out, "--user-home", home}, args...)
		if code, _, stderr := runCLI(t, "", args...); code != 0 {
			t.Fatalf("%v: exit %d\n%s", args, code, stderr)
		}
		code, stdout, stderr := runCLI(t, "", "sql", "--out", out, "--format", "csv", `SELECT outcome, step FROM decisions`)
		if code != 0 {
			t.Fatalf("sql: exit %d\n%s", code, stderr)
		}
		return strings.TrimSpace(stdout)
	}
	// Without the hook flags the allow rule decides ("12 allow rule").
	if got := outcome(); !strings.HasPrefix(got, "outcome,step\nruns,12") {
		t.Errorf("no hook flags: %q, want runs at step 12", got)
	}
	if got := outcome("--run-hooks"); !strings.HasPrefix(got, "outcome,step\nruns,12") {
		t.Errorf("--run-hooks alone: %q, want no hook run", got)
	}
	if got := outcome("--run-hooks", "--replay-hooks"); !strings.HasPrefix(got, "outcome,step\nblocked,1") {
		t.Errorf("--run-hooks --replay-hooks: %q, want blocked at step 1 by the hook's exit 2", got)
	}
}

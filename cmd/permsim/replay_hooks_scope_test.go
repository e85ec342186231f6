package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The issue, Replay scope: "with --replay-hooks, a call is given only the
// hooks of its own project (its project files, plus the user and managed
// layers of the home it came from), never another project's; say in the
// summary how many hooks ran, timed out, or were skipped and why." Two
// Gemini CLI projects: only one has a blocking BeforeTool hook.
func TestReplayHooksOwnProjectOnly(t *testing.T) {
	dir := t.TempDir()
	guarded, open := filepath.Join(dir, "guarded"), filepath.Join(dir, "open")
	home := filepath.Join(dir, "home")
	writeText(t, filepath.Join(guarded, ".gemini", "settings.json"),
		`{"hooks":{"BeforeTool":[{"matcher":"run_shell_command","hooks":[{"type":"command","command":"echo 'not in this project' >&2; exit 2"}]}]}}`)
	if err := os.MkdirAll(filepath.Join(open, ".gemini"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeText(t, filepath.Join(home, ".gemini", "trustedFolders.json"), fmt.Sprintf(`{%q: "TRUST_FOLDER", %q: "TRUST_FOLDER"}`, guarded, open))
	var lines strings.Builder
	for i, p := range []string{guarded, open} {
		fmt.Fprintf(&lines, `{"harness":"gemini","session_id":"s%d","call_id":"c%d","project_dir":%q,"cwd":%q,"tool":"bash","raw_tool":"run_shell_command","command":"touch notes.txt","input_json":{"command":"touch notes.txt"},"mode":"yolo","ts":"2026-11-01T00:00:00Z"}`+"\n", i, i, p, p)
	}
	calls := filepath.Join(dir, "calls.jsonl")
	writeText(t, calls, lines.String())
	out := filepath.Join(dir, "out")
	if code, _, stderr := runCLI(t, "", "ingest", "--format", "permsim-jsonl", calls, "--out", out); code != 0 {
		t.Fatalf("ingest: exit %d\n%s", code, stderr)
	}
	code, _, stderr := runCLI(t, "", "replay", "--out", out, "--user-home", home, "--run-hooks", "--replay-hooks")
	if code != 0 {
		t.Fatalf("replay: exit %d\n%s", code, stderr)
	}
	if !strings.Contains(stderr, "hooks: 1 ran, 0 timed out") {
		t.Errorf("the summary does not count one hook run:\n%s", stderr)
	}
	code, stdout, stderr := runCLI(t, "", "sql", "--out", out, "--format", "csv", `SELECT project_dir, outcome FROM decisions ORDER BY project_dir`)
	if code != 0 {
		t.Fatalf("sql: exit %d\n%s", code, stderr)
	}
	want := fmt.Sprintf("project_dir,outcome\n%s,blocked\n%s,runs", guarded, open)
	if got := strings.TrimSpace(stdout); got != want {
		t.Errorf("decisions:\n%s\nwant:\n%s", got, want)
	}
}

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// decide reads its input as one session: a line's "output" reaches the
// Gemini CLI simulator with the lines after it. Recorded with the real
// Gemini CLI 0.61.0 (probe pg-gbis-A, engine/gemini TestDecideInSession):
// in yolo mode `find . -type f` printed ./notes.txt, and the next call,
// `cp notes.txt n2.txt`, asked; alone, in a fresh session, it ran.
func TestDecideGeminiSessionHistory(t *testing.T) {
	proj, home := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(proj, "notes.txt"), []byte("alpha\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	trust, _ := json.Marshal(map[string]string{proj: "TRUST_FOLDER"})
	if err := os.MkdirAll(filepath.Join(home, ".gemini"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(home, ".gemini", "trustedFolders.json"), trust, 0o644); err != nil {
		t.Fatal(err)
	}
	find, _ := json.Marshal(map[string]any{"tool": "run_shell_command", "input": map[string]any{"command": "find . -type f"},
		"output": "<untrusted_context>\nOutput: ./go.mod\n./notes.txt\n./src/app.py\nProcess Group PGID: 60\n</untrusted_context>"})
	cp := `{"tool":"run_shell_command","input":{"command":"cp notes.txt n2.txt"}}`
	outcomes := func(stdin string) []string {
		t.Helper()
		code, stdout, stderr := runCLI(t, stdin, "decide", "--harness", "gemini", "--project", proj, "--home", home, "--mode", "yolo")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		var got []string
		for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
			var o struct{ Outcome, Step string }
			if err := json.Unmarshal([]byte(line), &o); err != nil {
				t.Fatalf("%v: %s", err, line)
			}
			got = append(got, o.Outcome+" "+o.Step)
		}
		return got
	}
	if got := outcomes(cp + "\n"); len(got) != 1 || !strings.HasPrefix(got[0], "runs") {
		t.Errorf("cp alone in yolo: %v, want runs", got)
	}
	got := outcomes(string(find) + "\n" + cp + "\n")
	if len(got) != 2 || got[1] != "asks 1 session history" {
		t.Errorf("cp after find printed ./notes.txt: %v, want [... asks 1 session history]", got)
	}
}

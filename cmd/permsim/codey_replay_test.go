package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 11, done when: "`replay` cover[s] Codey (imported sessions are
// decided and reported)". The calls are imported with --format
// permsim-jsonl, harness codey (docs/import-format.md), and each expected
// outcome comes from a sentence of the Codey seed.
func TestReplayCodeySessions(t *testing.T) {
	dir := t.TempDir()
	proj := filepath.Join(dir, "proj")
	home := filepath.Join(dir, "home")
	for _, d := range []string{filepath.Join(proj, ".claude"), filepath.Join(home, ".claude")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(p, s string) {
		t.Helper()
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(home, ".claude", "settings.json"), `{"permissions":{"allow":["Bash(npm test)","Bash(git status)"]}}`)
	write(filepath.Join(proj, ".claude", "settings.json"), `{"permissions":{"deny":["Read(.env)"],"allow":["Bash(rm *)"]}}`)
	head := `{"harness":"codey","session_id":"s-1","project_dir":"` + proj + `","cwd":"` + proj + `","ts":"2026-11-02T09:15:0`
	lines := []string{
		// "An allow rule covers npm run test && rm -rf ~ only if something also allows rm"
		head + `1Z","call_id":"c1","raw_tool":"bash","command":"npm test && git status","mode":"default","result":"ok"}`,
		// "A deny holds in every mode, -yolo included … and it holds for the read-only tools too"
		head + `2Z","call_id":"c2","tool":"read","raw_tool":"read_file","paths":[".env"],"mode":"yolo","result":"denied"}`,
		// "The shared file's allow rules therefore wait for the same trust question … until you answer it they are listed and ignored."
		head + `3Z","call_id":"c3","raw_tool":"bash","command":"rm -rf build","mode":"default","result":"ok"}`,
	}
	calls := filepath.Join(dir, "codey.jsonl")
	write(calls, strings.Join(lines, "\n")+"\n")
	out := filepath.Join(dir, "out")
	if code, _, stderr := runCLI(t, "", "ingest", "--format", "permsim-jsonl", calls, "--out", out); code != 0 {
		t.Fatalf("ingest: exit %d\n%s", code, stderr)
	}
	if code, _, stderr := runCLI(t, "", "replay", "--out", out, "--user-home", home, "--trust", "no"); code != 0 {
		t.Fatalf("replay: exit %d\n%s", code, stderr)
	}
	code, stdout, stderr := runCLI(t, "", "sql", "--out", out, "--format", "csv",
		`SELECT c.call_key, d.outcome FROM decisions d JOIN calls c USING (call_key) WHERE c.harness = 'codey' ORDER BY c.call_key`)
	if code != 0 {
		t.Fatalf("sql: exit %d\n%s", code, stderr)
	}
	want := "call_key,outcome\ncodey:s-1:c1,runs\ncodey:s-1:c2,blocked\ncodey:s-1:c3,asks"
	if got := strings.TrimSpace(stdout); got != want {
		t.Errorf("decisions:\n%s\nwant:\n%s", got, want)
	}
}

// Issue 11, done when: "`decide`, `rules` … cover Codey". The expected
// answers are the Codey seed's: "A deny holds in every mode, -yolo
// included", "until you answer it they are listed and ignored", and "A
// rule naming a tool Codey does not have … is reported at startup and
// takes no part".
func TestCodeyDecideAndRulesCLI(t *testing.T) {
	dir := t.TempDir()
	proj := filepath.Join(dir, "p")
	if err := os.MkdirAll(filepath.Join(proj, ".claude"), 0o755); err != nil {
		t.Fatal(err)
	}
	settings := `{"permissions": {"allow": ["Bash(make *)"], "deny": ["Bash(git push *)", "NotebookEdit"]}}`
	if err := os.WriteFile(filepath.Join(proj, ".claude", "settings.json"), []byte(settings), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCLI(t, `{"tool":"bash","command":"git push origin main"}
{"tool":"bash","command":"make all"}
`, "decide", "--harness", "codey", "--project", proj, "--home", dir, "--mode", "yolo", "--trust", "no")
	if code != 0 {
		t.Fatalf("decide: exit %d\n%s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], `"outcome":"blocked"`) || !strings.Contains(lines[1], `"outcome":"runs"`) ||
		!strings.Contains(lines[1], `"step":"5 mode"`) {
		t.Errorf("decide:\n%s", stdout)
	}
	code, stdout, stderr = runCLI(t, "", "rules", "--harness", "codey", "--project", proj, "--home", dir, "--trust", "no")
	if code != 0 {
		t.Fatalf("rules: exit %d\n%s", code, stderr)
	}
	for _, want := range []string{"waits for the trust question", "Codey has no tool NotebookEdit"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("rules output lacks %q:\n%s", want, stdout)
		}
	}
}

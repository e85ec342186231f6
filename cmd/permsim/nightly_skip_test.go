package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Nightly with nothing new keeps the last replay's decisions (replay.Options
// SkipUnchanged): over the demo's transcripts (Claude Code, Cursor and
// OpenCode projects), a second run says so and prints the same report; a
// project's settings file edited makes the next run decide every call
// again, and the report follows the edit (the demo-app's "Bash(cp:*)" allow
// rule, which approves a dangerous cp in the first report, removed). Then a run with nothing
// new keeps the decisions again.
func TestNightlySkipsWhenNothingChanged(t *testing.T) {
	home, demoRoot := demoArgs(t)
	root := t.TempDir()
	if err := os.CopyFS(root, os.DirFS(demoRoot)); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	args := []string{"nightly", "--home", home, "--out", out, "--root", "/home=" + root, "--format", "json"}
	const kept = "replay: nothing changed since the replay of "
	code, first, stderr := runCLI(t, "", args...)
	if code != 0 || strings.Contains(stderr, kept) {
		t.Fatalf("first run: exit %d\n%s", code, stderr)
	}
	code, second, stderr := runCLI(t, "", args...)
	if code != 0 || !strings.Contains(stderr, kept) || !strings.Contains(stderr, " 0 new since the previous run") {
		t.Fatalf("second run: exit %d, want the decisions kept and no new risky approval\n%s", code, stderr)
	}
	if second != first {
		t.Errorf("the report of the kept decisions differs from the first:\n%s\n---\n%s", first, second)
	}
	settings := filepath.Join(root, "dev", "demo-app", ".claude", "settings.json")
	if err := os.WriteFile(settings, []byte(`{"permissions":{"allow":["Bash(sed:*)","Bash(rm:*)","Bash(export:*)","Bash(python -m pytest:*)"]}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	code, third, stderr := runCLI(t, "", args...)
	if code != 0 || strings.Contains(stderr, kept) || !strings.Contains(stderr, "calls decided with") {
		t.Fatalf("after a settings edit: exit %d, want every call decided again\n%s", code, stderr)
	}
	if !strings.Contains(first, `"rule_text": "Bash(cp:*)"`) || strings.Contains(third, `"rule_text": "Bash(cp:*)"`) {
		t.Errorf("the report does not follow the edit: Bash(cp:*) approves in the first report %v, after its removal %v",
			strings.Contains(first, `"rule_text": "Bash(cp:*)"`), strings.Contains(third, `"rule_text": "Bash(cp:*)"`))
	}
	code, _, stderr = runCLI(t, "", args...)
	if code != 0 || !strings.Contains(stderr, kept) {
		t.Fatalf("fourth run: exit %d, want the decisions kept\n%s", code, stderr)
	}
}

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Nightly with nothing new keeps the last replay's decisions (replay.Options
// SkipUnchanged): over the demo's transcripts (Claude Code, Cursor and
// OpenCode projects), a second run says so and prints the same report; a
// project's settings file edited makes the next run decide every call
// again, and the report follows the edit (a deny rule on a call the first
// report counted as run). Then a run with nothing
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
	// The edit adds a deny rule on "git status", which the demo-app's
	// "git status --short && ls -la" runs under the user's Bash(git:*).
	// (The report no longer names the demo-app's Bash(cp:*): its "cd … &&
	// cp .env .env.bak && sed -i … .env" asks, as a cd before a write does,
	// recorded with real Claude Code 2.1.328, testdata/claude/realconfigs
	// r007.)
	edited, _ := json.Marshal(map[string]any{"permissions": map[string]any{
		"allow": []string{"Bash(cp:*)", "Bash(sed:*)", "Bash(rm:*)", "Bash(export:*)", "Bash(python -m pytest:*)"},
		"deny":  []string{"Bash(git status:*)"}}})
	if err := os.WriteFile(settings, edited, 0o644); err != nil {
		t.Fatal(err)
	}
	code, third, stderr := runCLI(t, "", args...)
	if code != 0 || strings.Contains(stderr, kept) || !strings.Contains(stderr, "calls decided with") {
		t.Fatalf("after a settings edit: exit %d, want every call decided again\n%s", code, stderr)
	}
	if third == first {
		t.Error("the report does not follow the edit: it is the same after a deny rule on a call it decided")
	}
	code, _, stderr = runCLI(t, "", args...)
	if code != 0 || !strings.Contains(stderr, kept) {
		t.Fatalf("fourth run: exit %d, want the decisions kept\n%s", code, stderr)
	}
}

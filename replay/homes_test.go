package replay

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/permsim/permsim/engine/claude"
	"github.com/permsim/permsim/engine/gemini"
	"github.com/permsim/permsim/ingest"
)

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestEachHomeItsOwnUserSettings: calls ingested from two homes at once are
// each decided with the user settings of the home they came from (seed,
// Claude Code order of decisions: "2. Deny rules, from any layer" — home B's
// user deny blocks; "12. Allow rules" — home A's user allow runs; with
// neither, "14. The mode's fallback: ask in default"). A call whose home is
// not recorded takes --user-home; --user-home given explicitly applies to
// every call. The per-home --root rewrites find each home's own copy of the
// same recorded project folder.
func TestEachHomeItsOwnUserSettings(t *testing.T) {
	homeA, homeB, homeC := t.TempDir(), t.TempDir(), t.TempDir()
	writeFile(t, filepath.Join(homeA, ".claude/settings.json"), `{"permissions":{"allow":["Bash(make build)"]}}`)
	writeFile(t, filepath.Join(homeB, ".claude/settings.json"), `{"permissions":{"deny":["Bash(make build)"]}}`)
	projA, projB := t.TempDir(), t.TempDir()
	// Both machines recorded the project as /home/dev/app; only B's copy
	// asks for `make test`.
	writeFile(t, filepath.Join(projB, ".claude/settings.json"), `{"permissions":{"ask":["Bash(make test)"],"allow":["Bash(make test)"]}}`)
	writeFile(t, filepath.Join(projA, ".claude/settings.json"), `{"permissions":{"allow":["Bash(make test)"]}}`)

	call := func(key, home, cmd string) ingest.Row {
		return ingest.Row{CallKey: key, Harness: "claude-code", ProjectDir: "/home/dev/app", Cwd: "/home/dev/app",
			Tool: "bash", Command: cmd, Mode: "default", Home: home}
	}
	calls := []ingest.Row{
		call("a", homeA, "make build"), call("b", homeB, "make build"), call("c", "", "make build"),
		call("ta", homeA, "make test"), call("tb", homeB, "make test"),
	}
	roots := []RootMap{{Home: homeA, From: "/home/dev/app", To: projA}, {Home: homeB, From: "/home/dev/app", To: projB}}
	hs := Harnesses{"claude-code": claude.New()}
	rows, _, _, err := Decide(context.Background(), Options{Home: homeC, Roots: roots, Workers: 1}, hs, calls)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]DecisionRow{}
	for _, r := range rows {
		got[r.CallKey] = r
	}
	want := map[string]string{"a": "runs", "b": "blocked", "c": "asks", "ta": "runs", "tb": "asks"}
	for k, w := range want {
		if got[k].Outcome != w {
			t.Errorf("call %s: %s (%s, rule %s in %s), want %s", k, got[k].Outcome, got[k].Step, got[k].RuleText, got[k].RuleFile, w)
		}
	}
	if f := got["a"].RuleFile; !strings.HasPrefix(f, homeA) {
		t.Errorf("call a approved by %s, want home A's settings", f)
	}

	// --user-home given: its settings apply to every call.
	rows, _, _, err = Decide(context.Background(), Options{Home: homeB, ForceHome: true, Roots: roots, Workers: 1}, hs, calls[:3])
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if r.Outcome != "blocked" {
			t.Errorf("forced home B, call %s: %s, want blocked", r.CallKey, r.Outcome)
		}
	}
}

func TestParseRootMapPerHome(t *testing.T) {
	m, err := ParseRootMap("/mnt/laptop:/home/dev=/mnt/laptop/src")
	if err != nil || m.Home != "/mnt/laptop" || m.From != "/home/dev" || m.To != "/mnt/laptop/src" {
		t.Errorf("got %+v, %v", m, err)
	}
	for _, bad := range []string{":/a=/b", "/h:=/b"} {
		if _, err := ParseRootMap(bad); err == nil {
			t.Errorf("%q: want an error", bad)
		}
	}
}

// TestRootMapsRecordedArguments: with --root, Gemini's own recorded
// file_path is mapped like the call's paths (seed, Gemini CLI: "With no
// matching rule, read tools run"; unmapped, the recorded folder lies outside
// the workspace and the read is refused), and a Claude Code shell command
// that cds into the recorded project runs as in the project (seed step 12,
// "the read-only command set"; unmapped, the cd leaves the project).
func TestRootMapsRecordedArguments(t *testing.T) {
	proj := t.TempDir()
	writeFile(t, filepath.Join(proj, "README.md"), "hi\n")
	roots := []RootMap{{From: "/home/dev/app", To: proj}}
	calls := []ingest.Row{
		{CallKey: "g", Harness: "gemini", ProjectDir: "/home/dev/app", Cwd: "/home/dev/app", Tool: "read", RawTool: "read_file",
			Paths: []string{"/home/dev/app/README.md"}, InputJSON: `{"file_path":"/home/dev/app/README.md"}`, Mode: "default"},
		{CallKey: "c", Harness: "claude-code", ProjectDir: "/home/dev/app", Cwd: "/home/dev/app", Tool: "bash",
			Command: "cd /home/dev/app && cat README.md", Mode: "default"},
	}
	hs := Harnesses{"claude-code": claude.New(), "gemini": gemini.New()}
	rows, _, _, err := Decide(context.Background(), Options{Home: t.TempDir(), Roots: roots, Workers: 1}, hs, calls)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if r.Outcome != "runs" {
			t.Errorf("call %s: %s (%s: %s), want runs", r.CallKey, r.Outcome, r.Step, r.Reason)
		}
		if r.CallKey == "c" && r.Command != calls[1].Command {
			t.Errorf("the decisions table must keep the recorded command, got %q", r.Command)
		}
	}
}

// TestDeclinedWithoutCommand: issue 14, "Declined calls whose command the
// transcript does not hold are marked as such, not decided as if they were
// an empty command".
func TestDeclinedWithoutCommand(t *testing.T) {
	calls := []ingest.Row{{CallKey: "d", Harness: "claude-code", ProjectDir: t.TempDir(), Tool: "bash", Result: "denied", Mode: "default"}}
	rows, _, sum, err := Decide(context.Background(), Options{Home: t.TempDir(), Workers: 1}, Harnesses{"claude-code": claude.New()}, calls)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 0 || sum.Skipped["declined, and the transcript does not hold its command"] != 1 {
		t.Errorf("rows %v, skipped %v: want the call counted as declined without its command", rows, sum.Skipped)
	}
}

// TestSnapshotsPerHost: rows of two hosts name the same project and home;
// each is decided with its host's snapshot (a's project allows rm, b's
// denies it), and the rule file is the host's path, not the snapshot's. A
// host without a snapshot is decided as before, and a row whose project is
// not an absolute path is not looked up in the snapshot: its project is
// not found, as without one.
func TestSnapshotsPerHost(t *testing.T) {
	snapA, snapB := t.TempDir(), t.TempDir()
	const proj, home = "/home/dev/app", "/home/dev"
	writeFile(t, filepath.Join(snapA, proj, ".claude/settings.json"), `{"permissions":{"allow":["Bash(rm:*)"]}}`)
	writeFile(t, filepath.Join(snapB, proj, ".claude/settings.json"), `{"permissions":{"deny":["Bash(rm:*)"]}}`)
	call := func(key, host, project string) ingest.Row {
		return ingest.Row{CallKey: key, Harness: "claude-code", ProjectDir: project, Cwd: project,
			Tool: "bash", Command: "rm notes.txt", Mode: "default", Home: home, Host: host}
	}
	calls := []ingest.Row{call("a", "a", proj), call("b", "b", proj), call("c", "c", proj), call("rel", "a", "app")}
	opts := Options{Home: t.TempDir(), Workers: 1, Snapshots: map[string]string{"a": snapA, "b": snapB}}
	rows, _, _, err := Decide(context.Background(), opts, Harnesses{"claude-code": claude.New()}, calls)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, r := range rows {
		got[r.CallKey] = r.Outcome + " " + r.RuleFile + " " + strings.Join(r.Notes, "; ")
	}
	want := map[string]string{
		"a":   "runs " + proj + "/.claude/settings.json ",
		"b":   "blocked " + proj + "/.claude/settings.json ",
		"c":   "asks  " + NoteProjectMissing,
		"rel": "asks  " + NoteProjectMissing,
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("call %s: %q, want %q", k, got[k], w)
		}
	}
}

package codex

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/permsim/permsim/ingest"
)

// TestDiscover: transcript-formats §2.1 "Root $CODEX_HOME else ~/.codex.
// Live sessions: sessions/YYYY/MM/DD/rollout-….jsonl … Archived:
// archived_sessions/ (flat, same names)", and the cold-compressed .zst
// form; side files (history.jsonl, session_index.jsonl) are not listed.
func TestDiscover(t *testing.T) {
	home := t.TempDir()
	live := writeRollout(t, home, "rollout-2026-05-01T10-00-00-a.jsonl", "")
	zst := writeRollout(t, home, "rollout-2026-05-01T11-00-00-b.jsonl.zst", "")
	arch := filepath.Join(home, ".codex", "archived_sessions", "rollout-2026-04-01T10-00-00-c.jsonl")
	for _, p := range []string{arch, filepath.Join(home, ".codex", "history.jsonl"), filepath.Join(home, ".codex", "sessions", "session_index.jsonl")} {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("CODEX_HOME", "")
	files, err := ingest.Discover(New(), home)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range files {
		got = append(got, f.Path)
	}
	want := []string{arch, live, zst}
	if len(got) != len(want) {
		t.Fatalf("files %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("file %d: %s, want %s", i, got[i], want[i])
		}
	}

	uh, err := os.UserHomeDir()
	if err != nil {
		t.Skip("no user home")
	}
	t.Setenv("CODEX_HOME", filepath.Join(home, ".codex"))
	files, err = ingest.Discover(New(), uh)
	if err != nil || len(files) != 3 {
		t.Errorf("with $CODEX_HOME, the user's home lists %d files (%v), want the 3 under $CODEX_HOME", len(files), err)
	}
}

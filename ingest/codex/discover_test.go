package codex

import (
	"os"
	"path/filepath"
	"strings"
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

// TestDiscoverLinkedSessions: issue 27, "a home whose .codex/sessions is
// a link to / makes ingest walk the machine". A sessions folder linked to
// a folder elsewhere is followed; one linked to the root, to the home or
// a folder above it, into another user's home or into another harness's
// folder is refused with an error naming it, and nothing under it is
// listed.
func TestDiscoverLinkedSessions(t *testing.T) {
	t.Setenv("CODEX_HOME", "")
	base := t.TempDir()
	users := filepath.Join(base, "users")
	alice := filepath.Join(users, "alice")
	aliceRollout := writeRollout(t, alice, "rollout-2026-05-01T10-00-00-a.jsonl", "")
	elsewhere := filepath.Join(base, "disk2", "codex-sessions")
	if err := os.MkdirAll(filepath.Join(elsewhere, "2026", "05", "02"), 0o755); err != nil {
		t.Fatal(err)
	}
	own := filepath.Join(elsewhere, "2026", "05", "02", "rollout-2026-05-02T10-00-00-d.jsonl")
	if err := os.WriteFile(own, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		user, target string
		listed       int // files listed under the link
		refused      bool
	}{
		{"bob", filepath.Join(alice, ".codex", "sessions"), 0, true},           // another user's home
		{"carol", base, 0, true},                                               // a folder above the home
		{"erin", "/", 0, true},                                                 // the file system's root
		{"dave", elsewhere, 1, false},                                          // another disk: followed
		{"gina", filepath.Join(users, "gina", ".claude", "projects"), 0, true}, // another harness's folder
	}
	// Gina's Claude Code folder holds a file named like a rollout.
	stray := filepath.Join(users, "gina", ".claude", "projects", "-w", "rollout-2026-05-03T10-00-00-g.jsonl")
	if err := os.MkdirAll(filepath.Dir(stray), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(stray, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.user, func(t *testing.T) {
			home := filepath.Join(users, c.user)
			if err := os.MkdirAll(filepath.Join(home, ".codex"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(c.target, filepath.Join(home, ".codex", "sessions")); err != nil {
				t.Fatal(err)
			}
			files, err := ingest.Discover(New(), home)
			for _, f := range files {
				if f.Path == aliceRollout || strings.Contains(f.Path, "/alice/") {
					t.Errorf("listed another user's session %s", f.Path)
				}
			}
			if len(files) != c.listed {
				t.Errorf("listed %d files, want %d", len(files), c.listed)
			}
			if c.refused != (err != nil) {
				t.Errorf("error %v, want refused %v", err, c.refused)
			}
			if err != nil && !strings.Contains(err.Error(), filepath.Join(home, ".codex", "sessions")) {
				t.Errorf("error %q does not name the link", err)
			}
		})
	}
}

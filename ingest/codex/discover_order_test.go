package codex

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/permsim/permsim/internal/ingesttest"
)

// TestFilesOrder: Files lists rollouts in the byte order of their paths
// (Run merges homes and streams the manifest by it), where a folder's
// name order is not: "05-x/…" sorts before "05/…".
func TestFilesOrder(t *testing.T) {
	home := t.TempDir()
	t.Setenv("CODEX_HOME", "")
	var want []string
	for _, rel := range []string{"sessions/2026/05/rollout-a.jsonl", "sessions/2026/05-x/rollout-b.jsonl", "sessions/2026/05.0/rollout-c.jsonl",
		"sessions/2026/05/01/rollout-d.jsonl.zst", "archived_sessions/rollout-e.jsonl", "sessions/rollout-f.jsonl"} {
		p := filepath.Join(home, ".codex", rel)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		want = append(want, p)
	}
	slices.Sort(want)
	got := ingesttest.Paths(ingesttest.ListInOrder(t, New(), home))
	if !slices.Equal(got, want) {
		t.Errorf("listed %v\nwant %v", got, want)
	}
}

package claude

import (
	"path/filepath"
	"testing"

	"github.com/permsim/permsim/internal/ingesttest"
)

// TestFilesOrder: groups come in the order of their session files' paths
// over project folders whose names' order is not their paths' ("-a-b/…"
// before "-a/…") and over two roots merged, the session file first in its
// group; every transcript is listed once.
func TestFilesOrder(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", t.TempDir())
	t.Setenv("CLAUDE_CONFIG_DIR", "")
	t.Setenv("XDG_CONFIG_HOME", "")
	n := 0
	for _, root := range []string{".claude", ".config/claude"} {
		for _, slug := range []string{"-a", "-a-b", "-a.c", "-b"} {
			p := filepath.Join(home, root, "projects", slug)
			touch(t, filepath.Join(p, "S1.jsonl"), "{}\n")
			touch(t, filepath.Join(p, "S1/subagents/agent-z.jsonl"), "{}\n")
			touch(t, filepath.Join(p, "S1-2.jsonl"), "{}\n")
			touch(t, filepath.Join(p, "agent-0.jsonl"), `{"sessionId":"S1"}`+"\n")
			n += 4
		}
	}
	files := ingesttest.ListInOrder(t, New(), home)
	if len(files) != n {
		t.Errorf("%d files listed, want %d:\n%s", len(files), n, listing(files, home))
	}
	for i, f := range files {
		if f.Path != f.Group && (i == 0 || files[i-1].Group != f.Group) {
			t.Errorf("%s starts its group, not its session file", f.Path)
		}
	}
}

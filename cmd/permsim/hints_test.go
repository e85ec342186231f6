package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReportOnNonStore: issue 14, "report --out on a folder that is not a
// store says so and exits 2".
func TestReportOnNonStore(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("x"), 0o644)
	code, _, stderr := runCLI(t, "", "report", "--out", dir)
	if code != 2 || !strings.Contains(stderr, "is not a permsim store") {
		t.Errorf("exit %d, stderr %q: want 2 and a message saying it is not a store", code, stderr)
	}
}

// TestHomeHint: "a --home that holds no transcripts but whose parent or
// child folder does gets a hint naming the right folder".
func TestHomeHint(t *testing.T) {
	top := t.TempDir()
	home := filepath.Join(top, "alice")
	if err := os.MkdirAll(filepath.Join(home, ".claude", "projects"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ arg, want string }{
		{top, "pass --home " + home},
		{filepath.Join(home, ".claude"), "pass --home " + home},
	} {
		os.MkdirAll(c.arg, 0o755)
		code, _, stderr := runCLI(t, "", "ingest", "--home", c.arg, "--out", t.TempDir())
		if code != 0 || !strings.Contains(stderr, "hint: ") || !strings.Contains(stderr, c.want) {
			t.Errorf("--home %s: exit %d, stderr %q: want a hint to %s", c.arg, code, stderr, c.want)
		}
	}
}

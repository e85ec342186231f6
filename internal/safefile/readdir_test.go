package safefile

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestReadDirRefusesSpecialFiles: a FIFO, socket or device where a folder
// is expected fails at once with an error naming it (os.ReadDir waits
// forever on a FIFO without a writer); a folder lists as os.ReadDir
// lists it.
func TestReadDirRefusesSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	for _, c := range specialFiles(t, dir, "") {
		if c.path == dir {
			continue
		}
		done := make(chan error, 1)
		go func() { _, err := ReadDir(c.path); done <- err }()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), c.path) {
				t.Errorf("%s (%s): error %v, want one naming it", c.path, c.kind, err)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s (%s): ReadDir still blocked after 5 s", c.path, c.kind)
		}
	}
	got, err := ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	names := func(es []os.DirEntry) []string {
		var out []string
		for _, e := range es {
			out = append(out, e.Name())
		}
		return out
	}
	if !slices.Equal(names(got), names(want)) || len(got) == 0 {
		t.Errorf("ReadDir(%s) = %v, want %v", dir, names(got), names(want))
	}
	if _, err := ReadDir(filepath.Join(dir, "missing")); !os.IsNotExist(err) {
		t.Errorf("a missing folder: %v, want not-exist", err)
	}
}

package dataset

import (
	"os"
	"path/filepath"
	"testing"
)

// TestWriteSideFile: the file holds what was written and no .<name>.tmp
// stays behind, also when the rename fails (the name is taken by a folder).
func TestWriteSideFile(t *testing.T) {
	dir := t.TempDir()
	if err := WriteSideFile(dir, "state.json", []byte("one")); err != nil {
		t.Fatal(err)
	}
	if err := WriteSideFile(dir, "state.json", []byte("two")); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "state.json")); err != nil || string(b) != "two" {
		t.Fatalf("state.json = %q, %v; want \"two\"", b, err)
	}
	if err := os.Mkdir(filepath.Join(dir, "taken"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "taken", "x"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WriteSideFile(dir, "taken", []byte("x")); err == nil {
		t.Fatal("writing over a folder: no error")
	}
	for _, tmp := range []string{".state.json.tmp", ".taken.tmp"} {
		if _, err := os.Lstat(filepath.Join(dir, tmp)); !os.IsNotExist(err) {
			t.Errorf("%s left behind (%v)", tmp, err)
		}
	}
}

package dataset

import (
	"os"
	"path/filepath"
	"testing"
)

// A table folder linked in from elsewhere is the table for Parts, so its
// TableID must change when its files do, as it does for a real folder
// (filepath.WalkDir alone does not descend into a linked root, which gave
// every linked table the empty ID: replay would take any change for none).
func TestTableIDOfLinkedTable(t *testing.T) {
	real := t.TempDir()
	p := filepath.Join(real, "calls", "harness=codex", "date=unknown", "part-1-0.parquet")
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte("one"), 0o644); err != nil {
		t.Fatal(err)
	}
	linked := t.TempDir()
	if err := os.Symlink(filepath.Join(real, "calls"), filepath.Join(linked, "calls")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	want, err := TableID(real, "calls")
	if err != nil || want == "" {
		t.Fatalf("TableID of the real folder = %q, %v", want, err)
	}
	if got, err := TableID(linked, "calls"); err != nil || got != want {
		t.Errorf("TableID through the link = %q, %v; want the real folder's %q", got, err, want)
	}
	if err := os.WriteFile(p, []byte("changed"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, _ := TableID(linked, "calls"); got == want {
		t.Errorf("TableID through the link did not change with the file")
	}
}

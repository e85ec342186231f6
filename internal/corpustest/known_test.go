package corpustest

import (
	"os"
	"path/filepath"
	"testing"
)

// A row left out under PERMSIM_DIFF_AGREEING_ONLY is asked about with
// Listed: it must count as seen, so that CheckAllSeen does not call its
// line stale, and a row not listed must not.
func TestListedMarksSeen(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "known-differences.txt"),
		[]byte("# comment\na#0\tthe harness refused\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	k := LoadKnown(t, dir)
	if !k.Listed("a#0") {
		t.Error("a#0 is listed, Listed says not")
	}
	if k.Listed("b#1") {
		t.Error("b#1 is not listed, Listed says it is")
	}
	if !k.seen["a#0"] || k.seen["b#1"] {
		t.Errorf("seen = %v, want a#0 only", k.seen)
	}
}

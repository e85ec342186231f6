package ingest_test

import (
	"errors"
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/ingesttest"
)

// TestWalkSorted: the files under a tree come in the byte order of their
// paths, which is not the order of names folder by folder: "a-b/y" sorts
// before "a/x" ('-' is below '/'), "a.txt" before "a/x" too.
func TestWalkSorted(t *testing.T) {
	root := t.TempDir()
	var want []string
	for _, p := range []string{"a/x", "a-b/y", "a.txt", "a0", "b/c/d/e", "b/c-d", "b/c/a", "é/z", "A"} {
		full := filepath.Join(root, p)
		os.MkdirAll(filepath.Dir(full), 0o755)
		if err := os.WriteFile(full, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		want = append(want, full)
	}
	slices.Sort(want)
	var got []string
	ingest.WalkSorted(root, func(p string, d fs.DirEntry, err error) bool {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, p)
		return true
	})
	if !slices.Equal(got, want) {
		t.Errorf("walked\n%s\nwant (sorted paths)\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	n := 0
	ingest.WalkSorted(root, func(string, fs.DirEntry, error) bool { n++; return n < 3 })
	if n != 3 {
		t.Errorf("walk went on after fn said stop: %d calls", n)
	}
	var errs int
	ingest.WalkSorted(filepath.Join(root, "none"), func(_ string, _ fs.DirEntry, err error) bool {
		if err != nil {
			errs++
		}
		return true
	})
	if errs != 1 {
		t.Errorf("a missing root gave %d errors, want 1", errs)
	}
}

func seq(files ...ingest.File) iter.Seq2[ingest.File, error] { return ingest.Yield(files, nil) }

// TestMergeFiles: listings of several roots or homes, each in group
// order, merge into one in group order; a group listed by two (the same
// session under overlapping homes) is one group, its files once, the first
// listing's first; errors come after the files.
func TestMergeFiles(t *testing.T) {
	f := func(path, group string) ingest.File { return ingest.File{Path: path, Group: group} }
	a := seq(f("/a/1", ""), f("/g/s", "/g/s"), f("/g/s-sub", "/g/s"), f("/z", ""))
	b := ingest.Yield([]ingest.File{f("/b", ""), f("/g/s-sub", "/g/s"), f("/g/s-sub2", "/g/s")}, errors.New("b: cannot list"))
	files, err := ingest.Collect(ingest.MergeFiles(a, b, seq()))
	want := []ingest.File{f("/a/1", ""), f("/b", ""), f("/g/s", "/g/s"), f("/g/s-sub", "/g/s"), f("/g/s-sub2", "/g/s"), f("/z", "")}
	if !slices.Equal(files, want) {
		t.Errorf("merged %v\nwant %v", files, want)
	}
	if err == nil || err.Error() != "b: cannot list" {
		t.Errorf("error %v, want b's", err)
	}
	if err := ingesttest.InOrder(files); err != nil {
		t.Error(err)
	}
	for range ingest.MergeFiles(a, b) {
		break // stopping early must not panic
	}
}

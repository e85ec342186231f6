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
	ingest.WalkSorted("", root, func(p string, d fs.DirEntry, err error) bool {
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
	ingest.WalkSorted("", root, func(string, fs.DirEntry, error) bool { n++; return n < 3 })
	if n != 3 {
		t.Errorf("walk went on after fn said stop: %d calls", n)
	}
	var errs int
	ingest.WalkSorted("", filepath.Join(root, "none"), func(_ string, _ fs.DirEntry, err error) bool {
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

// Folders yields in Files' order: with below set, the order of the paths
// under the folders ("a-b/x" before "a/x", '-' sorting before '/'), else
// the folders' own order ("a" before "a-b"); files that are not folders are
// passed over, each folder's errors come after every file, and a missing
// parent is an empty listing, not an error.
func TestFolders(t *testing.T) {
	parent := t.TempDir()
	for _, d := range []string{"a", "a-b"} {
		if err := os.Mkdir(filepath.Join(parent, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(parent, "a.txt"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	list := func(dir string) ([]ingest.File, []error) {
		p := filepath.Join(dir, "x")
		return []ingest.File{{Path: p, Group: p}}, []error{errors.New(filepath.Base(dir) + " failed")}
	}
	for _, c := range []struct {
		below bool
		want  []string
	}{
		{true, []string{"a-b/x", "a/x", "error a-b failed", "error a failed"}},
		{false, []string{"a/x", "a-b/x", "error a failed", "error a-b failed"}},
	} {
		var got []string
		for f, err := range ingest.Folders("", parent, c.below, list) {
			if err != nil {
				got = append(got, "error "+err.Error())
				continue
			}
			rel, _ := filepath.Rel(parent, f.Path)
			got = append(got, filepath.ToSlash(rel))
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("below=%v: got %q, want %q", c.below, got, c.want)
		}
	}
	for f, err := range ingest.Folders("", filepath.Join(parent, "missing"), true, list) {
		t.Errorf("missing parent gave %v, %v", f, err)
	}
}

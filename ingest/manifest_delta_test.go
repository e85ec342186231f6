package ingest_test

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/permsim/permsim/ingest"
)

// fileMark is what tells a file written by a run from one left alone.
type fileMark struct {
	ino   uint64
	mtime int64
	size  int64
}

// storeFiles marks every file of the store outside the calls table.
func storeFiles(t *testing.T, out string) map[string]fileMark {
	t.Helper()
	marks := map[string]fileMark{}
	filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if d.Name() == ingest.CallsTable {
				return filepath.SkipDir
			}
			return nil
		}
		fi, err := d.Info()
		if err != nil {
			return nil
		}
		var ino uint64
		if st, ok := fi.Sys().(*syscall.Stat_t); ok {
			ino = st.Ino
		}
		marks[p] = fileMark{ino, fi.ModTime().UnixNano(), fi.Size()}
		return nil
	})
	return marks
}

// writtenBytes is the size of every file in after that is new or not as
// it was in before (rewritten or renamed over).
func writtenBytes(before, after map[string]fileMark) (n int64, names []string) {
	for p, a := range after {
		if b, ok := before[p]; !ok || b != a {
			n += a.size
			names = append(names, filepath.Base(p))
		}
	}
	return n, names
}

// TestManifestWriteIsSmallForLittleNew: issue 27, "manifest.json … is
// rewritten whole on every run: its size and its rewrite cost grow with
// history, not with what is new". Over a store that remembers 3,000
// files, a run that finds one new file writes far less than the manifest
// (its states go to the delta beside it); the run after it still knows
// every file and reads none again.
func TestManifestWriteIsSmallForLittleNew(t *testing.T) {
	const n = 3000
	h, out := t.TempDir(), t.TempDir()
	dir := filepath.Join(h, "fake")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		line := fmt.Sprintf("k%d 0 2025-01-02T03:04:05Z ok\n", i)
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("s%05d.log", i)), []byte(line), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run(t, h, out, newFake())
	fi, err := os.Stat(filepath.Join(out, ingest.ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	manifest := fi.Size()

	before := storeFiles(t, out)
	if err := os.WriteFile(filepath.Join(dir, "s99999.log"), []byte("knew 0 2025-01-03T03:04:05Z ok\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sum := run(t, h, out, newFake())
	if sum.Files != 1 || sum.FilesSkippedUnchanged != n {
		t.Fatalf("second run read %d files and skipped %d, want 1 and %d", sum.Files, sum.FilesSkippedUnchanged, n)
	}
	written, names := writtenBytes(before, storeFiles(t, out))
	t.Logf("manifest %d bytes for %d files; the run adding one file wrote %d bytes besides its calls part (%s)", manifest, n, written, strings.Join(names, ", "))
	if written*20 > manifest {
		t.Errorf("the run adding one file wrote %d bytes of manifest (%s), more than a 20th of the %d-byte manifest", written, strings.Join(names, ", "), manifest)
	}

	sum = run(t, h, out, newFake())
	if sum.Files != 0 || sum.FilesSkippedUnchanged != n+1 {
		t.Errorf("third run read %d files and skipped %d, want 0 and %d", sum.Files, sum.FilesSkippedUnchanged, n+1)
	}
	if got := len(readCalls(t, out)); got != n+1 {
		t.Errorf("%d calls, want %d", got, n+1)
	}
}

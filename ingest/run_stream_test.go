package ingest_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/permsim/permsim/ingest"
)

// TestRunProblemsInGroupOrder: groups are read in parallel and finish in
// any order, but a run's problems come in the order of the groups (the
// summary must not depend on timing), through more groups than the window
// of groups read ahead; and each is read once.
func TestRunProblemsInGroupOrder(t *testing.T) {
	h := filepath.Join(t.TempDir(), "home")
	dir := filepath.Join(h, "fake")
	os.MkdirAll(dir, 0o755)
	const n = 700
	var want []string
	for i := range n {
		p := filepath.Join(dir, fmt.Sprintf("g%04d.log", i))
		if err := os.WriteFile(p, fmt.Appendf(nil, "k%d r - ok\nBAD %d\n", i, i), 0o644); err != nil {
			t.Fatal(err)
		}
		want = append(want, p)
	}
	src := newFake()
	calls := 0
	src.beforeRd = func() {
		// The first groups are the slow ones: later groups finish first.
		src.mu.Lock()
		calls++
		slow := calls < 4
		src.mu.Unlock()
		if slow {
			time.Sleep(50 * time.Millisecond)
		}
	}
	sum := run(t, h, t.TempDir(), src, func(o *ingest.Options) { o.Workers = 4 })
	var got []string
	for _, p := range sum.Problems {
		got = append(got, p.File)
	}
	if !slices.Equal(got, want) {
		t.Errorf("problems of %d files, not in group order (first: %v)", len(got), got[:min(5, len(got))])
	}
	if sum.Files != n || len(src.opened) != n || sum.Calls["fake"] != n {
		t.Errorf("files %d, opened %d, calls %d; want %d each", sum.Files, len(src.opened), sum.Calls["fake"], n)
	}
}

// TestRunOverlappingHomes: the same transcripts under two homes given (one
// home twice, or a home and itself) are read once ("the same file under
// two overlapping homes").
func TestRunOverlappingHomes(t *testing.T) {
	h, out := home(t, "basic"), t.TempDir()
	files, err := newFake().Discover(h)
	if err != nil || len(files) == 0 {
		t.Fatal(files, err)
	}
	src := newFake()
	sum := run(t, h, out, src, func(o *ingest.Options) { o.Homes = []string{h, h} })
	if sum.Files != len(files) || len(src.opened) != len(files) {
		t.Errorf("%d files listed once; read %d, opened %d", len(files), sum.Files, len(src.opened))
	}
	again := run(t, h, out, newFake(), func(o *ingest.Options) { o.Homes = []string{h, h} })
	if again.Files != 0 || again.FilesSkippedUnchanged != len(files) {
		t.Errorf("second run: read %d, skipped %d; want 0 and %d", again.Files, again.FilesSkippedUnchanged, len(files))
	}
}

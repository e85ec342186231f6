package claude

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/permsim/permsim/ingest"
)

// memSink records what a Source sends.
type memSink struct {
	rows     []ingest.Row
	problems []ingest.Problem
	bytes    int64
	calls    int // Bytes calls
}

func (s *memSink) Row(r ingest.Row)         { s.rows = append(s.rows, r) }
func (s *memSink) Problem(p ingest.Problem) { s.problems = append(s.problems, p) }
func (s *memSink) Bytes(n int64)            { s.bytes += n; s.calls++ }

// readHome discovers home and reads every group with no previous state,
// the way ingest.Run drives a Source.
func readHome(t *testing.T, home string) (*memSink, map[string]ingest.FileState) {
	t.Helper()
	t.Setenv("CLAUDE_CONFIG_DIR", "")
	src := New()
	files, err := src.Discover(home)
	if err != nil {
		t.Fatalf("Discover: %v", err)
	}
	groups := map[string][]ingest.File{}
	var order []string
	for _, f := range files {
		if _, ok := groups[f.Group]; !ok {
			order = append(order, f.Group)
		}
		groups[f.Group] = append(groups[f.Group], f)
	}
	sink := &memSink{}
	states := map[string]ingest.FileState{}
	for _, g := range order {
		st, err := src.Read(context.Background(), groups[g], nil, sink)
		if err != nil {
			t.Fatalf("Read %s: %v", g, err)
		}
		for k, v := range st {
			states[k] = v
		}
	}
	return sink, states
}

// keepOriginals keeps, per CallKey, the row with the lowest CopyRank (the
// newest of equal ranks), as ingest.Run and the calls view do.
func keepOriginals(rows []ingest.Row) map[string]ingest.Row {
	best := map[string]ingest.Row{}
	for _, r := range rows {
		b, ok := best[r.CallKey]
		if !ok || r.CopyRank < b.CopyRank || r.CopyRank == b.CopyRank {
			best[r.CallKey] = r
		}
	}
	return best
}

// latest keeps the last row sent per CallKey.
func latest(rows []ingest.Row) map[string]ingest.Row {
	m := map[string]ingest.Row{}
	for _, r := range rows {
		m[r.CallKey] = r
	}
	return m
}

func keys[V any](m map[string]V) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// copyTree copies the folder src into dst (made writable) so a test can
// change files without touching testdata.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.Walk(src, func(p string, fi os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		out := filepath.Join(dst, rel)
		if fi.IsDir() {
			return os.MkdirAll(out, 0o755)
		}
		in, err := os.Open(p)
		if err != nil {
			return err
		}
		defer in.Close()
		o, err := os.Create(out)
		if err != nil {
			return err
		}
		if _, err := io.Copy(o, in); err != nil {
			o.Close()
			return err
		}
		return o.Close()
	})
	if err != nil {
		t.Fatal(err)
	}
}

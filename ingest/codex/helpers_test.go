package codex

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"testing"

	"github.com/permsim/permsim/ingest"
)

// memSink records what a Source sends.
type memSink struct {
	rows     []ingest.Row
	problems []ingest.Problem
	bytes    int64
}

func (s *memSink) Row(r ingest.Row)         { s.rows = append(s.rows, r) }
func (s *memSink) Problem(p ingest.Problem) { s.problems = append(s.problems, p) }
func (s *memSink) Bytes(n int64)            { s.bytes += n }

// readHome discovers home and reads every file with the previous states
// given, the way ingest.Run drives a Source.
func readHome(t *testing.T, home string, prev map[string]ingest.FileState) (*memSink, map[string]ingest.FileState) {
	t.Helper()
	t.Setenv("CODEX_HOME", "")
	src := New()
	files, err := src.Discover(home)
	if err != nil {
		t.Fatalf("Discover: %v", err)
	}
	sink := &memSink{}
	states, err := src.Read(context.Background(), files, prev, sink)
	if err != nil {
		t.Fatalf("Read: %v", err)
	}
	return sink, states
}

// keepOriginals keeps, per CallKey, the row with the lowest CopyRank (the
// later of equal ranks), as ingest.Run and the calls view do.
func keepOriginals(rows []ingest.Row) map[string]ingest.Row {
	best := map[string]ingest.Row{}
	for _, r := range rows {
		if b, ok := best[r.CallKey]; !ok || r.CopyRank <= b.CopyRank {
			best[r.CallKey] = r
		}
	}
	return best
}

func keys[V any](m map[string]V) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

func fmtPtr(p *int64) string {
	if p == nil {
		return "null"
	}
	return strconv.FormatInt(*p, 10)
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

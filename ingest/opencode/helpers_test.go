package opencode

import (
	"context"
	"database/sql"
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

// clearEnv keeps the user's own OpenCode variables out of a test.
func clearEnv(t *testing.T) {
	t.Helper()
	t.Setenv("XDG_DATA_HOME", "")
	t.Setenv("OPENCODE_DB", "")
}

// readHome discovers home and reads every group the way ingest.Run drives
// a Source, with prev as the manifest (nil: a first run).
func readHome(t *testing.T, home string, prev map[string]ingest.FileState) (*memSink, map[string]ingest.FileState) {
	t.Helper()
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
		st, err := src.Read(context.Background(), groups[g], prev, sink)
		if err != nil {
			t.Fatalf("Read %s: %v", g, err)
		}
		for k, v := range st {
			states[k] = v
		}
	}
	return sink, states
}

// runIngest runs ingest.Run over home into a fresh folder and reads the
// calls table back, one row per call_key as every reader of the table does.
func runIngest(t *testing.T, home string) (map[string]ingest.Row, ingest.Summary) {
	t.Helper()
	out := t.TempDir()
	sum, err := ingest.Run(context.Background(), ingest.Options{Homes: []string{home}, OutDir: out, Workers: 2}, []ingest.Source{New()})
	if err != nil {
		t.Fatalf("ingest.Run: %v", err)
	}
	got := map[string]ingest.Row{}
	if err := ingest.ReadCalls(out, func(r ingest.Row) error {
		if _, dup := got[r.CallKey]; dup {
			t.Errorf("ReadCalls gave %s twice", r.CallKey)
		}
		got[r.CallKey] = r
		return nil
	}); err != nil {
		t.Fatalf("ReadCalls: %v", err)
	}
	return got, sum
}

func keys[V any](m map[string]V) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// copyTree copies the folder src into dst so a test can change files
// without touching testdata.
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
		o, err := os.OpenFile(out, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o644)
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

// writeDB opens a test's own copy of a database for writing.
func writeDB(t *testing.T, path string) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	t.Cleanup(func() { db.Close() })
	return db
}

func exec(t *testing.T, db *sql.DB, q string, args ...any) {
	t.Helper()
	if _, err := db.Exec(q, args...); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

func fmtPtr(p *int64) string {
	if p == nil {
		return "null"
	}
	return strconv.FormatInt(*p, 10)
}

// Package ingesttest holds what the transcript readers' tests share:
// a Sink that records what a Source sends, driving a Source over a home
// the way ingest.Run does, running ingest.Run and reading the calls table
// back, loading a fixture's expected.json and real-harness recordings, and
// comparing a row field by field. It is imported by tests only.
package ingesttest

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/permsim/permsim/ingest"
)

// Sink records everything a Source sends, in order.
type Sink struct {
	Rows      []ingest.Row
	Problems  []ingest.Problem
	ByteCount int64 // sum of every Bytes report
}

// Row records r.
func (s *Sink) Row(r ingest.Row) { s.Rows = append(s.Rows, r) }

// Problem records p.
func (s *Sink) Problem(p ingest.Problem) { s.Problems = append(s.Problems, p) }

// Bytes adds n to ByteCount.
func (s *Sink) Bytes(n int64) { s.ByteCount += n }

// Discard counts the rows and problems a Source sends and keeps nothing,
// so a benchmark measures the reader rather than the sink.
type Discard struct{ Rows, Problems int }

// Row counts one row.
func (d *Discard) Row(ingest.Row) { d.Rows++ }

// Problem counts one problem.
func (d *Discard) Problem(ingest.Problem) { d.Problems++ }

// Bytes ignores the report.
func (d *Discard) Bytes(int64) {}

// ReadHome discovers home with src and reads every group, in the order
// Discover first names it, with prev as the manifest (nil: a first run),
// the way ingest.Run drives a Source. It returns what was sent and the
// union of the states every Read returned; any Discover or Read error
// fails the test.
func ReadHome(t testing.TB, src ingest.Source, home string, prev map[string]ingest.FileState) (*Sink, map[string]ingest.FileState) {
	t.Helper()
	files, err := ingest.Discover(src, home)
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
	sink := &Sink{}
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

// ReadAll discovers home with src and hands every file to one Read, with
// prev as the manifest; any Discover or Read error fails the test.
func ReadAll(t testing.TB, src ingest.Source, home string, prev map[string]ingest.FileState) (*Sink, map[string]ingest.FileState) {
	t.Helper()
	files, err := ingest.Discover(src, home)
	if err != nil {
		t.Fatalf("Discover: %v", err)
	}
	sink := &Sink{}
	states, err := src.Read(context.Background(), files, prev, sink)
	if err != nil {
		t.Fatalf("Read: %v", err)
	}
	return sink, states
}

// RunIngest runs ingest.Run with src over home into a fresh folder and
// reads the calls table back, one row per call_key as every reader of the
// table does; a call_key read twice is a test error.
func RunIngest(t testing.TB, src ingest.Source, home string) (map[string]ingest.Row, ingest.Summary) {
	t.Helper()
	out := t.TempDir()
	sum, err := ingest.Run(context.Background(), ingest.Options{Homes: []string{home}, OutDir: out, Workers: 2}, []ingest.Source{src})
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

// KeepOriginals keeps, per CallKey, the row with the lowest CopyRank (the
// later of equal ranks), as ingest.Run and the calls view do.
func KeepOriginals(rows []ingest.Row) map[string]ingest.Row {
	best := map[string]ingest.Row{}
	for _, r := range rows {
		if b, ok := best[r.CallKey]; !ok || r.CopyRank <= b.CopyRank {
			best[r.CallKey] = r
		}
	}
	return best
}

// Latest keeps the last row sent per CallKey.
func Latest(rows []ingest.Row) map[string]ingest.Row {
	m := map[string]ingest.Row{}
	for _, r := range rows {
		m[r.CallKey] = r
	}
	return m
}

// ByCallID re-keys m (one row per CallKey) by the harness's own call id,
// for tests that look calls up by the id their fixture names; the key
// itself also holds session or record identity.
func ByCallID(m map[string]ingest.Row) map[string]ingest.Row {
	out := make(map[string]ingest.Row, len(m))
	for _, r := range m {
		out[r.CallID] = r
	}
	return out
}

// BySeq returns the rows of m sorted by Seq.
func BySeq(m map[string]ingest.Row) []ingest.Row {
	rows := make([]ingest.Row, 0, len(m))
	for _, r := range m {
		rows = append(rows, r)
	}
	slices.SortFunc(rows, func(a, b ingest.Row) int { return int(a.Seq - b.Seq) })
	return rows
}

// Keys returns the keys of m, sorted.
func Keys[V any](m map[string]V) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// FmtPtr renders an optional integer as its decimal digits, or "null".
func FmtPtr(p *int64) string {
	if p == nil {
		return "null"
	}
	return strconv.FormatInt(*p, 10)
}

// Deref returns *p, or T's zero value for a nil p (expected.json's null).
func Deref[T any](p *T) T {
	var z T
	if p == nil {
		return z
	}
	return *p
}

// Field is one compared field of a row: its name in messages, the value
// the reader gave and the value the fixture expects. It is an alias of an
// unnamed struct so the tables of checks can stay positional.
type Field = struct {
	Name      string
	Got, Want any
}

// CheckFields reports, as a test error naming the field, every field whose
// Got differs (by ==) from its Want.
func CheckFields(t testing.TB, fields []Field) {
	t.Helper()
	for _, c := range fields {
		if c.Got != c.Want {
			t.Errorf("%s: got %v, want %v", c.Name, c.Got, c.Want)
		}
	}
}

// LoadExpected reads the calls of one harness from a fixture's
// expected.json at path: the object under harness, whose
// distinct_tool_calls must equal the number of calls listed (and be more
// than none), else the test stops.
func LoadExpected[T any](t testing.TB, path, harness string) []T {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var all map[string]json.RawMessage
	if err := json.Unmarshal(b, &all); err != nil {
		t.Fatal(err)
	}
	var h struct {
		Distinct int `json:"distinct_tool_calls"`
		Calls    []T `json:"calls"`
	}
	if err := json.Unmarshal(all[harness], &h); err != nil {
		t.Fatalf("%s: %s: %v", path, harness, err)
	}
	if h.Distinct != len(h.Calls) || len(h.Calls) == 0 {
		t.Fatalf("expected.json: %d distinct but %d listed", h.Distinct, len(h.Calls))
	}
	return h.Calls
}

// LoadCase reads the scripted calls of a real-harness recording: the
// "calls" list of dir/CASE.json.
func LoadCase[C any](t testing.TB, dir string) []C {
	t.Helper()
	var cs struct {
		Calls []C `json:"calls"`
	}
	b, err := os.ReadFile(filepath.Join(dir, "CASE.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &cs); err != nil {
		t.Fatal(err)
	}
	return cs.Calls
}

// ReadJSONL reads every non-empty line of the file at path (a recording's
// RESULTS.jsonl) as one T; a line that is not valid JSON stops the test.
func ReadJSONL[T any](t testing.TB, path string) []T {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []T
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if len(sc.Bytes()) == 0 {
			continue
		}
		var r T
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// CopyTree copies the folder src into dst, every file writable, so a test
// can change files (or let ingest.Run's manifest point at them) without
// touching testdata.
func CopyTree(t testing.TB, src, dst string) {
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

// AppendFile appends s to the file at path, creating the file when it is
// missing; any failure stops the test.
func AppendFile(t testing.TB, path, s string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(s); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// WriteDB opens a test's own copy of a SQLite database for writing, with
// the driver registered as "sqlite" by the calling package, closed when
// the test ends.
func WriteDB(t testing.TB, path string) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	t.Cleanup(func() { db.Close() })
	return db
}

// Exec runs q on db; an error stops the test.
func Exec(t testing.TB, db *sql.DB, q string, args ...any) {
	t.Helper()
	if _, err := db.Exec(q, args...); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

// FuzzRead fuzzes a transcript reader with whole files: each input is
// written to a file named name in a fresh folder (under rel, a path inside
// a fake home, so readers that find the project from the folder layout see
// one) and read by a new Source. Nothing may panic or hang: a file the
// reader cannot make sense of is a Problem. seeds are files whose contents
// start the corpus (the fixtures of the reader's own tests).
func FuzzRead(f *testing.F, newSource func() ingest.Source, rel string, seeds ...string) {
	f.Helper()
	for _, s := range seeds {
		b, err := os.ReadFile(s)
		if err != nil {
			f.Fatal(err)
		}
		if len(b) > 64<<10 {
			b = b[:64<<10]
		}
		f.Add(b)
	}
	f.Add([]byte("{}\n{\"type\":"))
	// One folder per fuzzing process, each input written over the last:
	// no folder made and removed per input (journal writes on a disk
	// shared with other jobs).
	p := filepath.Join(f.TempDir(), rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		var d Discard
		_, _ = newSource().Read(ctx, []ingest.File{{Path: p, Group: p}}, nil, &d)
		if ctx.Err() != nil {
			t.Fatalf("reading %d bytes took over 10 s", len(data))
		}
	})
}

// InputFiles lists the files below each root (a missing root has none)
// whose path holds one of marks: a reader's test transcripts and fuzz
// seeds, for the tests that hold a fast path to its decoder on every line.
func InputFiles(roots []string, marks ...string) []string {
	var files []string
	for _, root := range roots {
		_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return nil
			}
			for _, m := range marks {
				if strings.Contains(p, m) {
					files = append(files, p)
					break
				}
			}
			return nil
		})
	}
	return files
}

// EachLine calls fn with each line of data (lines of up to 16 MiB) and its
// number, from 1.
func EachLine(data []byte, fn func(n int64, line []byte)) {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<24)
	for n := int64(1); sc.Scan(); n++ {
		fn(n, sc.Bytes())
	}
}

package dataset

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/schema"

	"github.com/permsim/permsim/internal/storelock"
)

// every is a row type with one field of each supported Go type.
type every struct {
	Harness string    `col:"harness"`
	Name    string    `col:"name"`
	Flag    bool      `col:"flag"`
	N       int64     `col:"n"`
	Exit    *int64    `col:"exit"`
	Ts      time.Time `col:"ts"`
	Paths   []string  `col:"paths"`
	Scratch string    // untagged: never stored
}

var parts = []Partition{Column("harness"), DateOf("date", "ts")}

func ptr(n int64) *int64 { return &n }

func readAll[T any](t *testing.T, dir, table string) []T {
	t.Helper()
	var got []T
	if err := Read(dir, table, func(r T) error { got = append(got, r); return nil }); err != nil {
		t.Fatalf("Read: %v", err)
	}
	return got
}

func writeAll[T any](t *testing.T, dir, table string, opts Options, rows []T) *Writer[T] {
	t.Helper()
	w, err := Create[T](dir, table, opts)
	if err != nil {
		t.Fatalf("Create: %v", err)
	}
	for _, r := range rows {
		if err := w.Write(r); err != nil {
			t.Fatalf("Write: %v", err)
		}
	}
	if err := w.Commit(); err != nil {
		t.Fatalf("Commit: %v", err)
	}
	return w
}

// visible lists the files of a folder tree as DuckDB's glob `**/*.parquet`
// would match them (every name ending in .parquet, dot-names included: the
// glob does not skip them), relative to root and slash-separated.
func visible(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if ok, _ := path.Match("*.parquet", d.Name()); ok {
				rel, _ := filepath.Rel(root, p)
				out = append(out, filepath.ToSlash(rel))
			}
		}
		return nil
	})
	return out
}

// allFiles lists every file under root, relative and slash-separated.
func allFiles(root string) []string {
	var out []string
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(root, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	return out
}

func TestRoundTrip(t *testing.T) {
	day := time.Date(2025, 3, 4, 5, 6, 7, 123456789, time.UTC)
	cases := []struct {
		name string
		in   every
		want every
	}{
		{
			name: "every value set",
			in:   every{Harness: "claude-code", Name: "a", Flag: true, N: 42, Exit: ptr(-3), Ts: day, Paths: []string{"/x", "/y"}},
			// "time.Time as INT64 TIMESTAMP(MICROS, UTC adjusted)": nanoseconds below a microsecond are dropped.
			want: every{Harness: "claude-code", Name: "a", Flag: true, N: 42, Exit: ptr(-3), Ts: day.Truncate(time.Microsecond), Paths: []string{"/x", "/y"}},
		},
		{
			name: "zero values are nulls and read back as zero",
			// "zero time → null, *int64 nil → null, empty string → null"
			in:   every{Harness: "codex"},
			want: every{Harness: "codex"},
		},
		{
			name: "empty list reads back as nil",
			// Options doc: "[]string → … nil or empty written as a null list"
			in:   every{Harness: "codex", N: 1, Paths: []string{}},
			want: every{Harness: "codex", N: 1},
		},
		{
			name: "empty strings inside a list are kept",
			in:   every{Harness: "gemini", N: 2, Paths: []string{"", "/z", ""}},
			want: every{Harness: "gemini", N: 2, Paths: []string{"", "/z", ""}},
		},
		{
			name: "zero exit code is not null",
			in:   every{Harness: "gemini", N: 3, Exit: ptr(0), Ts: time.Unix(0, 0)},
			want: every{Harness: "gemini", N: 3, Exit: ptr(0), Ts: time.Unix(0, 0).UTC()},
		},
		{
			name: "local time reads back in UTC",
			in:   every{Harness: "gemini", N: 4, Ts: time.Date(2025, 1, 1, 1, 0, 0, 0, time.FixedZone("X", 3*3600))},
			want: every{Harness: "gemini", N: 4, Ts: time.Date(2024, 12, 31, 22, 0, 0, 0, time.UTC)},
		},
		{
			name: "untagged field is not stored",
			in:   every{Harness: "opencode", Name: "s", Scratch: "dropped"},
			want: every{Harness: "opencode", Name: "s"},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			writeAll(t, dir, "t", Options{Partitions: parts, RunID: "r1"}, []every{tc.in})
			got := readAll[every](t, dir, "t")
			if len(got) != 1 || !reflect.DeepEqual(got[0], tc.want) {
				t.Fatalf("got %#v\nwant %#v", got, tc.want)
			}
		})
	}
}

// "Partition columns are NOT stored inside the files … the reader restores
// them from the path", and the date is "YYYY-MM-DD, "unknown" when zero".
func TestLayout(t *testing.T) {
	dir := t.TempDir()
	rows := []every{
		{Harness: "claude-code", N: 1, Ts: time.Date(2025, 3, 4, 23, 59, 0, 0, time.UTC)},
		{Harness: "claude-code", N: 2, Ts: time.Date(2025, 3, 5, 0, 0, 0, 0, time.UTC)},
		{Harness: "codex", N: 3},
		{Harness: "a/b=c", N: 4},
		{Harness: "", N: 5},
	}
	w := writeAll(t, dir, "calls", Options{Partitions: parts, RunID: "77"}, rows)
	want := []string{
		"__HIVE_DEFAULT_PARTITION__/date=unknown/part-77-0.parquet",
		"a%2Fb%3Dc/date=unknown/part-77-0.parquet",
		"claude-code/date=2025-03-04/part-77-0.parquet",
		"claude-code/date=2025-03-05/part-77-0.parquet",
		"codex/date=unknown/part-77-0.parquet",
	}
	for i := range want {
		want[i] = "harness=" + want[i]
	}
	if got := allFiles(filepath.Join(dir, "calls")); !slices.Equal(got, want) {
		t.Fatalf("files:\n got %q\nwant %q", got, want)
	}
	if len(w.Files()) != len(want) {
		t.Errorf("Files() = %d paths, want %d", len(w.Files()), len(want))
	}
	for _, p := range w.Files() {
		r, err := file.OpenParquetFile(p, false)
		if err != nil {
			t.Fatal(err)
		}
		if r.MetaData().Schema.Root().FieldIndexByName("harness") >= 0 {
			t.Errorf("%s stores the partition column harness", p)
		}
		if r.MetaData().Schema.Root().FieldIndexByName("ts") < 0 {
			t.Errorf("%s lacks ts, the field the date partition derives from", p)
		}
		r.Close()
	}
	got := readAll[every](t, dir, "calls")
	slices.SortFunc(got, func(a, b every) int { return int(a.N - b.N) })
	for i, r := range got {
		if r.Harness != rows[i].Harness {
			t.Errorf("row %d: harness %q restored from the path, want %q", r.N, r.Harness, rows[i].Harness)
		}
	}
	ps, err := Parts(dir, "calls")
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := ps[2].Value("date"); v != "2025-03-04" {
		t.Errorf("Parts()[2] date = %q, want 2025-03-04", v)
	}
}

// The schema as other engines see it: "Strings as BYTE_ARRAY with String
// logical type, time.Time as INT64 TIMESTAMP(MICROS, UTC adjusted) … []string
// as a standard 3-level LIST of strings", zstd-compressed.
func TestSchema(t *testing.T) {
	dir := t.TempDir()
	w := writeAll(t, dir, "t", Options{Partitions: parts, RunID: "r"}, []every{{Harness: "x", Name: "n", Paths: []string{"/a"}}})
	r, err := file.OpenParquetFile(w.Files()[0], false)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	sch := r.MetaData().Schema
	type col struct {
		path     string
		phys     parquet.Type
		logical  schema.LogicalType
		maxDef   int16
		maxRep   int16
		required bool
	}
	want := []col{
		{"name", parquet.Types.ByteArray, schema.StringLogicalType{}, 1, 0, false},
		{"flag", parquet.Types.Boolean, schema.NoLogicalType{}, 0, 0, true},
		{"n", parquet.Types.Int64, schema.NoLogicalType{}, 0, 0, true},
		{"exit", parquet.Types.Int64, schema.NoLogicalType{}, 1, 0, false},
		{"ts", parquet.Types.Int64, schema.NewTimestampLogicalType(true, schema.TimeUnitMicros), 1, 0, false},
		{"paths.list.element", parquet.Types.ByteArray, schema.StringLogicalType{}, 3, 1, false},
	}
	if sch.NumColumns() != len(want) {
		t.Fatalf("%d columns, want %d:\n%s", sch.NumColumns(), len(want), sch)
	}
	for i, w := range want {
		c := sch.Column(i)
		if c.Path() != w.path || c.PhysicalType() != w.phys || !c.LogicalType().Equals(w.logical) ||
			c.MaxDefinitionLevel() != w.maxDef || c.MaxRepetitionLevel() != w.maxRep {
			t.Errorf("column %d: %s %s %s def %d rep %d; want %+v", i, c.Path(), c.PhysicalType(), c.LogicalType(), c.MaxDefinitionLevel(), c.MaxRepetitionLevel(), w)
		}
		cc, err := r.MetaData().RowGroup(0).ColumnChunk(i)
		if err != nil {
			t.Fatalf("chunk %d: %v", i, err)
		}
		if cc.Compression() != compress.Codecs.Zstd {
			t.Errorf("column %s compressed with %s, want zstd", c.Path(), cc.Compression())
		}
	}
	// The LIST's three levels: optional group paths (LIST) { repeated group
	// list { optional binary element (String) } }.
	paths := sch.Root().Field(sch.Root().FieldIndexByName("paths")).(*schema.GroupNode)
	if !paths.LogicalType().Equals(schema.NewListLogicalType()) || paths.RepetitionType() != parquet.Repetitions.Optional {
		t.Errorf("paths: %s %s, want optional LIST", paths.RepetitionType(), paths.LogicalType())
	}
	list, ok := paths.Field(0).(*schema.GroupNode)
	if !ok || paths.NumFields() != 1 || list.Name() != "list" || list.RepetitionType() != parquet.Repetitions.Repeated || list.NumFields() != 1 {
		t.Fatalf("paths middle level: %v, want one repeated group named list", paths.Field(0))
	}
	if el := list.Field(0); el.Name() != "element" || el.RepetitionType() != parquet.Repetitions.Optional {
		t.Errorf("paths element: %s %s, want optional element", el.Name(), el.RepetitionType())
	}
	ts := sch.Column(4).LogicalType().(schema.TimestampLogicalType)
	if !ts.IsAdjustedToUTC() || ts.TimeUnit() != schema.TimeUnitMicros {
		t.Errorf("ts: %s, want TIMESTAMP(MICROS, UTC adjusted)", ts)
	}
}

// "row groups sized for DuckDB (e.g. 122,880 rows …)": full row groups of
// RowGroupRows, files finished after FileRows and continued in part-…-1.
func TestRowGroupsAndFiles(t *testing.T) {
	if DefaultRowGroupRows != 122_880 {
		t.Errorf("DefaultRowGroupRows = %d, want DuckDB's 122880", DefaultRowGroupRows)
	}
	dir := t.TempDir()
	var rows []every
	for i := range 25 {
		rows = append(rows, every{Harness: "h", N: int64(i)})
	}
	w := writeAll(t, dir, "t", Options{Partitions: parts, RunID: "r", RowGroupRows: 10, FileRows: 20}, rows)
	var groups [][]int64
	for _, p := range w.Files() {
		r, err := file.OpenParquetFile(p, false)
		if err != nil {
			t.Fatal(err)
		}
		var g []int64
		for i := range r.NumRowGroups() {
			g = append(g, r.RowGroup(i).NumRows())
		}
		groups = append(groups, g)
		r.Close()
	}
	if want := [][]int64{{10, 10}, {5}}; !reflect.DeepEqual(groups, want) {
		t.Errorf("row groups per file = %v, want %v (files %v)", groups, want, w.Files())
	}
	got := readAll[every](t, dir, "t")
	for i, r := range got {
		if r.N != int64(i) {
			t.Fatalf("row %d has n=%d: order lost", i, r.N)
		}
	}
	if len(got) != 25 {
		t.Errorf("read %d rows, want 25", len(got))
	}
}

// Memory bounds: a small BufferBytes flushes early, a small MaxOpenFiles
// finishes files early; no row may be lost or duplicated either way.
func TestBoundsKeepEveryRow(t *testing.T) {
	cases := []struct {
		name  string
		opts  Options
		files bool // the bound shows as more files, else as more row groups
	}{
		{"buffer bytes", Options{BufferBytes: 2000}, false},
		{"open files", Options{RowGroupRows: 3, MaxOpenFiles: 2}, true},
		{"both", Options{RowGroupRows: 4, MaxOpenFiles: 1, BufferBytes: 1000}, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			opts := tc.opts
			opts.Partitions, opts.RunID = parts, "r"
			var rows []every
			for i := range 200 {
				rows = append(rows, every{Harness: fmt.Sprint("h", i%5), N: int64(i), Name: strings.Repeat("x", i%7), Ts: time.Unix(int64(i%3)*86400, 0)})
			}
			w := writeAll(t, dir, "t", opts, rows)
			groups := 0
			for _, p := range w.Files() {
				r, err := file.OpenParquetFile(p, false)
				if err != nil {
					t.Fatal(err)
				}
				groups += r.NumRowGroups()
				r.Close()
			}
			// 15 partitions of at most 14 rows: without the bound, one file
			// of one row group each.
			if tc.files && len(w.Files()) <= 15 {
				t.Errorf("%d files: MaxOpenFiles did not finish files early", len(w.Files()))
			}
			if !tc.files && groups <= 15 {
				t.Errorf("%d row groups: BufferBytes did not flush early", groups)
			}
			got := readAll[every](t, dir, "t")
			slices.SortFunc(got, func(a, b every) int { return int(a.N - b.N) })
			if len(got) != len(rows) {
				t.Fatalf("read %d rows, want %d", len(got), len(rows))
			}
			for i := range rows {
				want := rows[i]
				want.Ts = want.Ts.UTC()
				if !reflect.DeepEqual(got[i], want) {
					t.Fatalf("row %d = %+v, want %+v", i, got[i], want)
				}
			}
		})
	}
}

// "a failed or interrupted write leaves no file a reader would take for
// whole … DuckDB's glob `**/*.parquet` must not match the temp name".
func TestInterruptedWriteLeavesNoVisibleFile(t *testing.T) {
	failAt := 30
	cases := []struct {
		name  string
		abort bool // false: the writer is dropped as a crash would leave it
	}{
		{"row source fails, then Abort", true},
		{"dropped without Commit", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			w, err := Create[every](dir, "t", Options{Partitions: parts, RunID: "r", RowGroupRows: 4})
			if err != nil {
				t.Fatal(err)
			}
			source := func(i int) (every, error) {
				if i == failAt {
					return every{}, errors.New("source broke")
				}
				return every{Harness: fmt.Sprint("h", i%2), N: int64(i)}, nil
			}
			for i := 0; ; i++ {
				r, err := source(i)
				if err != nil {
					break
				}
				if err := w.Write(r); err != nil {
					t.Fatal(err)
				}
			}
			onDisk := allFiles(filepath.Join(dir, "t"))
			if len(onDisk) == 0 {
				t.Fatal("no temp file on disk before Commit: the test would prove nothing")
			}
			for _, f := range onDisk {
				if base := path.Base(f); !strings.HasPrefix(base, ".") || !strings.HasSuffix(base, ".tmp") {
					t.Errorf("%s: written before Commit under a name not starting with . and ending .tmp", f)
				}
			}
			if tc.abort {
				if err := w.Abort(); err != nil {
					t.Fatal(err)
				}
				if left := allFiles(filepath.Join(dir, "t")); len(left) != 0 {
					t.Errorf("Abort left %q", left)
				}
			}
			if v := visible(t, dir); len(v) != 0 {
				t.Errorf("a **/*.parquet glob matches %q", v)
			}
			if got := readAll[every](t, dir, "t"); len(got) != 0 {
				t.Errorf("Read returned %d rows of an uncommitted write", len(got))
			}
		})
	}
}

// "offer a "replace table" mode: write the whole table into a new sibling
// folder and swap it in with renames at the end".
func TestReplace(t *testing.T) {
	dir := t.TempDir()
	writeAll(t, dir, "decisions", Options{Partitions: parts, RunID: "1"}, []every{{Harness: "old", N: 1}, {Harness: "old2", N: 2}})
	w, err := Create[every](dir, "decisions", Options{Partitions: parts, RunID: "2", Replace: true, RowGroupRows: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []every{{Harness: "new", N: 10}, {Harness: "new", N: 11}} {
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	if got := readAll[every](t, dir, "decisions"); len(got) != 2 || got[0].Harness != "old" {
		t.Fatalf("before Commit the old table must stay readable, got %+v", got)
	}
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	got := readAll[every](t, dir, "decisions")
	if len(got) != 2 || got[0].N != 10 || got[1].N != 11 || got[0].Harness != "new" {
		t.Errorf("after Commit got %+v, want only the new rows 10 and 11", got)
	}
	// The store's commit lock file stays: it is how readers and a commit
	// take turns (package storelock), not a leftover.
	entries, _ := os.ReadDir(dir)
	entries = slices.DeleteFunc(entries, func(e os.DirEntry) bool { return e.Name() == storelock.CommitFile })
	if len(entries) != 1 || entries[0].Name() != "decisions" {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("folder holds %q, want only decisions (no staging or old copy left)", names)
	}
	for _, f := range w.Files() {
		if _, err := os.Stat(f); err != nil {
			t.Errorf("Files() names %s: %v", f, err)
		}
	}

	// An empty replace empties the table; an aborted one changes nothing.
	w, _ = Create[every](dir, "decisions", Options{Partitions: parts, RunID: "3", Replace: true})
	w.Write(every{Harness: "never", N: 99})
	w.Abort()
	if got := readAll[every](t, dir, "decisions"); len(got) != 2 {
		t.Errorf("aborted replace changed the table: %+v", got)
	}
	writeAll(t, dir, "decisions", Options{Partitions: parts, RunID: "4", Replace: true}, []every(nil))
	if got := readAll[every](t, dir, "decisions"); len(got) != 0 {
		t.Errorf("empty replace left %+v", got)
	}
}

// A crash between the swap's two renames leaves the table missing and its
// old copy beside it; the next writer puts the old copy back.
func TestRepairInterruptedSwap(t *testing.T) {
	dir := t.TempDir()
	writeAll(t, dir, "rules", Options{RunID: "1"}, []every{{Name: "kept"}})
	if err := os.Rename(filepath.Join(dir, "rules"), filepath.Join(dir, ".rules.old-2")); err != nil {
		t.Fatal(err)
	}
	w, err := Create[every](dir, "rules", Options{RunID: "3"})
	if err != nil {
		t.Fatal(err)
	}
	w.Abort()
	if got := readAll[every](t, dir, "rules"); len(got) != 1 || got[0].Name != "kept" {
		t.Errorf("after repair got %+v, want the old row back", got)
	}
}

// "Bad input … a clear message naming file and line, and the work goes on
// with everything else": a corrupt file is named and skipped.
func TestCorruptFileSkipped(t *testing.T) {
	dir := t.TempDir()
	w := writeAll(t, dir, "t", Options{Partitions: parts, RunID: "r"}, []every{{Harness: "a", N: 1}, {Harness: "b", N: 2}})
	bad := w.Files()[0]
	if err := os.WriteFile(bad, []byte("PAR1 this is not parquet PAR1"), 0o644); err != nil {
		t.Fatal(err)
	}
	var got []every
	err := Read(dir, "t", func(r every) error { got = append(got, r); return nil })
	var fe *FileError
	if !errors.As(err, &fe) || fe.Path != bad || !strings.Contains(err.Error(), bad) {
		t.Errorf("err = %v, want a *FileError naming %s", err, bad)
	}
	if len(got) != 1 || got[0].N != 2 {
		t.Errorf("got %+v, want the row of the good file", got)
	}
}

// fn's error stops Read at once and comes back unwrapped.
func TestReadStopsOnCallbackError(t *testing.T) {
	dir := t.TempDir()
	writeAll(t, dir, "t", Options{RunID: "r"}, []every{{N: 1}, {N: 2}, {N: 3}})
	stop := errors.New("stop")
	calls := 0
	err := Read(dir, "t", func(every) error { calls++; return stop })
	if err != stop || calls != 1 {
		t.Errorf("err=%v after %d calls, want stop after 1", err, calls)
	}
}

// Reading with other row types: fewer fields decode only those columns;
// a field the file lacks stays zero; a column of the wrong type is a
// *FileError naming the column.
func TestReadOtherRowTypes(t *testing.T) {
	dir := t.TempDir()
	writeAll(t, dir, "t", Options{Partitions: parts, RunID: "r"}, []every{{Harness: "h", Name: "n", N: 7, Paths: []string{"/p"}}})

	type narrow struct {
		Harness string `col:"harness"`
		N       int64  `col:"n"`
		Later   string `col:"added_later"`
	}
	got := readAll[narrow](t, dir, "t")
	if want := (narrow{Harness: "h", N: 7}); len(got) != 1 || got[0] != want {
		t.Errorf("narrow: got %+v, want %+v", got, want)
	}

	type wrong struct {
		Name int64 `col:"name"`
	}
	err := Read(dir, "t", func(wrong) error { return nil })
	var fe *FileError
	if !errors.As(err, &fe) || !strings.Contains(err.Error(), "column name") {
		t.Errorf("wrong type: err = %v, want a *FileError about column name", err)
	}
}

// A file written by DuckDB (testdata/dataset/duckdb-written/README.md holds
// the SQL) reads into the same Go values.
func TestReadDuckDBWrittenFile(t *testing.T) {
	type row struct {
		Name  string    `col:"name"`
		Flag  bool      `col:"flag"`
		N     int64     `col:"n"`
		Exit  *int64    `col:"exit"`
		Ts    time.Time `col:"ts"`
		Paths []string  `col:"paths"`
	}
	var got []row
	err := ReadPart(Part{Path: filepath.Join("..", "testdata", "dataset", "duckdb-written", "data.parquet")}, func(r row) error {
		got = append(got, r)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []row{
		// ('a', true, 1, 7, TIMESTAMPTZ '2024-12-31 23:59:59.654321+00', ['/p', NULL, ''])
		{Name: "a", Flag: true, N: 1, Exit: ptr(7), Ts: time.Date(2024, 12, 31, 23, 59, 59, 654321000, time.UTC), Paths: []string{"/p", "", ""}},
		// (NULL, false, -2, NULL, NULL, NULL)
		{N: -2},
		// ('', false, 3, NULL, TIMESTAMPTZ '1970-01-01 00:00:00+00', [])
		{N: 3, Ts: time.Unix(0, 0).UTC()},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
}

func TestCreateRejects(t *testing.T) {
	type badType struct {
		F float64 `col:"f"`
	}
	type noTags struct{ A string }
	cases := []struct {
		name   string
		create func(dir string) error
		want   string
	}{
		{"unsupported field type", func(d string) error { _, err := Create[badType](d, "t", Options{}); return err }, "unsupported type"},
		{"no tagged field", func(d string) error { _, err := Create[noTags](d, "t", Options{}); return err }, "no col-tagged"},
		{"unknown partition column", func(d string) error {
			_, err := Create[every](d, "t", Options{Partitions: []Partition{Column("nope")}})
			return err
		}, `no column "nope"`},
		{"date of a string", func(d string) error {
			_, err := Create[every](d, "t", Options{Partitions: []Partition{DateOf("day", "name")}})
			return err
		}, "not a time.Time"},
		{"hidden table name", func(d string) error { _, err := Create[every](d, ".t", Options{}); return err }, "bad table name"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.create(t.TempDir())
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func TestRunIDUsedTwiceIsAnError(t *testing.T) {
	dir := t.TempDir()
	writeAll(t, dir, "t", Options{RunID: "same"}, []every{{N: 1}})
	w, _ := Create[every](dir, "t", Options{RunID: "same"})
	w.Write(every{N: 2})
	if err := w.Commit(); err == nil {
		t.Fatal("Commit overwrote a committed file of the same run id")
	}
	if got := readAll[every](t, dir, "t"); len(got) != 1 || got[0].N != 1 {
		t.Errorf("table now %+v, want the first run's row only", got)
	}
	if left := allFiles(filepath.Join(dir, "t")); len(left) != 1 {
		t.Errorf("files left: %q", left)
	}
}

func BenchmarkWriteRead(b *testing.B) {
	type callLike struct {
		Harness string    `col:"harness"`
		Session string    `col:"session_id"`
		Ts      time.Time `col:"ts"`
		Seq     int64     `col:"seq"`
		Tool    string    `col:"tool"`
		Command string    `col:"command"`
		Paths   []string  `col:"paths"`
		Input   string    `col:"input_json"`
		Exit    *int64    `col:"exit_code"`
		Key     string    `col:"call_key"`
	}
	rows := make([]callLike, 20000)
	base := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range rows {
		rows[i] = callLike{Harness: "claude-code", Session: fmt.Sprint("s", i/100), Ts: base.Add(time.Duration(i) * time.Minute),
			Seq: int64(i), Tool: "bash", Command: fmt.Sprintf("git status && ls -la /tmp/%d", i), Paths: []string{"/a", "/b"},
			Input: fmt.Sprintf(`{"command":"git status %d"}`, i), Exit: ptr(0), Key: fmt.Sprint("claude:", i)}
	}
	for b.Loop() {
		dir := b.TempDir()
		w, _ := Create[callLike](dir, "calls", Options{Partitions: []Partition{Column("harness"), DateOf("date", "ts")}})
		for _, r := range rows {
			w.Write(r)
		}
		if err := w.Commit(); err != nil {
			b.Fatal(err)
		}
		n := 0
		if err := Read(dir, "calls", func(callLike) error { n++; return nil }); err != nil || n != len(rows) {
			b.Fatalf("read %d rows, err %v", n, err)
		}
	}
}

// The open files together hold at most maxOpenRowGroups row groups (each
// one's metadata stays until its file's footer): rows of 20 partitions
// taking turns, flushed as row groups of 1 row, and every row read back.
// Without the bound each of the 20 open files held up to maxFileRowGroups
// (640 in all).
func TestOpenRowGroupsBounded(t *testing.T) {
	dir := t.TempDir()
	w, err := Create[every](dir, "t", Options{Partitions: parts, RunID: "r", RowGroupRows: 1, FileRows: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	const n = 3000
	most := 0
	for i := range n {
		if err := w.Write(every{Harness: fmt.Sprint("h", i%20), N: int64(i)}); err != nil {
			t.Fatal(err)
		}
		held := 0
		for _, p := range w.byKey {
			if p.cur != nil {
				held += p.cur.groups
			}
		}
		if held != w.openGroups {
			t.Fatalf("after row %d: the open files hold %d row groups, the count says %d", i, held, w.openGroups)
		}
		most = max(most, held)
	}
	if most > maxOpenRowGroups {
		t.Errorf("the open files held %d row groups at once, over %d", most, maxOpenRowGroups)
	}
	if most < maxOpenRowGroups {
		t.Errorf("the open files held at most %d row groups: the bound (%d) was never reached, the test shows nothing", most, maxOpenRowGroups)
	}
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	if got := readAll[every](t, dir, "t"); len(got) != n {
		t.Fatalf("read %d rows, want %d", len(got), n)
	}
}

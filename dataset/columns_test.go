package dataset

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// everyCols reads a table of `every` rows with ReadColumns, file by file,
// back into rows (the harness from the partition path).
func everyCols(t *testing.T, dir, table string) []every {
	t.Helper()
	ps, err := Parts(dir, table)
	if err != nil {
		t.Fatal(err)
	}
	specs := []ColumnSpec{{"harness", KindString}, {"name", KindString}, {"flag", KindBool}, {"n", KindInt64},
		{"ts", KindTime}, {"paths", KindStrings}}
	var got []every
	for _, p := range ps {
		err := ReadColumns(p, specs, nil, func(first, n int, cols []ColumnValues) error {
			for i := range n {
				r := every{Harness: cols[0].Strings[i], Name: strings.Clone(cols[1].Strings[i]), Flag: cols[2].Bools[i],
					N: cols[3].Ints[i], Ts: cols[4].Times[i]}
				for _, s := range cols[5].Lists[i] {
					r.Paths = append(r.Paths, strings.Clone(s))
				}
				got = append(got, r)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return got
}

// The round trip of TestRoundTrip, written with WriteColumns and read with
// ReadColumns: the same values come back, by the same rules of the Writer
// doc ("zero time → null … empty string → null", "[]string → … nil or
// empty written as a null list", TIMESTAMP(MICROS)).
func TestColumnsRoundTrip(t *testing.T) {
	day := time.Date(2025, 3, 4, 5, 6, 7, 123456789, time.UTC)
	cases := []struct {
		name     string
		in, want every
	}{
		{"every value set", every{Harness: "claude-code", Name: "a", Flag: true, N: 42, Exit: ptr(-3), Ts: day, Paths: []string{"/x", "/y"}},
			every{Harness: "claude-code", Name: "a", Flag: true, N: 42, Exit: ptr(-3), Ts: day.Truncate(time.Microsecond), Paths: []string{"/x", "/y"}}},
		{"zero values are nulls and read back as zero", every{Harness: "codex", Exit: ptr(0)}, every{Harness: "codex", Exit: ptr(0)}},
		{"empty list reads back as nil", every{Harness: "codex", N: 1, Exit: ptr(1), Paths: []string{}}, every{Harness: "codex", N: 1, Exit: ptr(1)}},
		{"empty strings inside a list are kept", every{Harness: "gemini", N: 2, Exit: ptr(2), Paths: []string{"", "/z", ""}},
			every{Harness: "gemini", N: 2, Exit: ptr(2), Paths: []string{"", "/z", ""}}},
		{"local time reads back in UTC", every{Harness: "gemini", N: 4, Exit: ptr(4), Ts: time.Date(2025, 1, 1, 1, 0, 0, 0, time.FixedZone("X", 3*3600))},
			every{Harness: "gemini", N: 4, Exit: ptr(4), Ts: time.Date(2024, 12, 31, 22, 0, 0, 0, time.UTC)}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			w, err := Create[every](dir, "t", Options{Partitions: parts, RunID: "r1"})
			if err != nil {
				t.Fatal(err)
			}
			in := tc.in
			names := w.Columns()
			err = w.WriteColumns([]string{in.Harness, dateValue(in.Ts)}, 1, func(i int, out *ColumnValues) error {
				switch names[i] {
				case "name":
					out.Strings = []string{in.Name}
				case "flag":
					out.Bools = []bool{in.Flag}
				case "n":
					out.Ints = []int64{in.N}
				case "exit":
					out.Ints = []int64{*in.Exit}
				case "ts":
					out.Times = []time.Time{in.Ts}
				case "paths":
					out.Lists = [][]string{in.Paths}
				default:
					t.Fatalf("column %q", names[i])
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if err := w.Commit(); err != nil {
				t.Fatal(err)
			}
			// Read back by the reflection reader (Exit included) …
			got := readAll[every](t, dir, "t")
			if len(got) != 1 || !reflect.DeepEqual(got[0], tc.want) {
				t.Fatalf("Read: got %#v\nwant %#v", got, tc.want)
			}
			// … and by columns.
			want := tc.want
			want.Exit = nil
			cols := everyCols(t, dir, "t")
			if len(cols) != 1 || !reflect.DeepEqual(cols[0], want) {
				t.Fatalf("ReadColumns: got %#v\nwant %#v", cols, want)
			}
			// The footer's null count tells an all-null column.
			ps, _ := Parts(dir, "t")
			if none, err := AllNull(ps[0], "name"); err != nil || none != (in.Name == "") {
				t.Errorf("AllNull(name) = %v, %v with name %q", none, err, in.Name)
			}
		})
	}
}

// ReadColumns reads what DuckDB wrote (the file and its rows as in
// TestReadDuckDBWrittenFile), nulls and list nulls included.
func TestReadColumnsDuckDBWrittenFile(t *testing.T) {
	p := Part{Path: filepath.Join("..", "testdata", "dataset", "duckdb-written", "data.parquet")}
	specs := []ColumnSpec{{"name", KindString}, {"flag", KindBool}, {"n", KindInt64}, {"exit", KindInt64},
		{"ts", KindTime}, {"paths", KindStrings}, {"absent", KindString}}
	type row struct {
		Name  string
		Flag  bool
		N     int64
		Exit  int64
		Ts    time.Time
		Paths []string
	}
	var got []row
	err := ReadColumns(p, specs, nil, func(first, n int, c []ColumnValues) error {
		for i := range n {
			if c[6].Strings[i] != "" {
				t.Errorf("row %d: a column the file lacks reads %q, want null", i, c[6].Strings[i])
			}
			got = append(got, row{c[0].Strings[i], c[1].Bools[i], c[2].Ints[i], c[3].Ints[i], c[4].Times[i], c[5].Lists[i]})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []row{
		// ('a', true, 1, 7, TIMESTAMPTZ '2024-12-31 23:59:59.654321+00', ['/p', NULL, ''])
		{Name: "a", Flag: true, N: 1, Exit: 7, Ts: time.Date(2024, 12, 31, 23, 59, 59, 654321000, time.UTC), Paths: []string{"/p", "", ""}},
		// (NULL, false, -2, NULL, NULL, NULL)
		{N: -2},
		// ('', false, 3, NULL, TIMESTAMPTZ '1970-01-01 00:00:00+00', [])
		{N: 3, Ts: time.Unix(0, 0).UTC()},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
	if none, err := AllNull(p, "exit"); err != nil || none {
		t.Errorf("AllNull(exit) = %v, %v; the file holds exit 7", none, err)
	}
	if none, err := AllNull(p, "absent"); err != nil || !none {
		t.Errorf("AllNull(absent) = %v, %v; the file lacks the column", none, err)
	}
}

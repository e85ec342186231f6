package dataset

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/parquet/metadata"
)

// A string column given to WriteColumns as a dictionary holds, read back,
// the values the same rows given as Strings hold (ColumnValues: "row i
// holds Dict[Indices[i]], null when that index is negative", and "" is
// null as everywhere in the Writer), with the same footer statistics
// (min, max, null count: what DuckDB prunes row groups with).
func TestDictIndicesSameValues(t *testing.T) {
	long := strings.Repeat("x", maxDictBytes+1)
	cases := []struct {
		name string
		dict []string
		idx  []int32
	}{
		{"every entry used", []string{"b", "a", "c"}, []int32{0, 1, 2, 1, 1, 0, 2}},
		{"unused entries do not count in the statistics", []string{"zzz", "m", "aaa", "n"}, []int32{1, 3, 1, 3}},
		{"a negative index is null", []string{"q", "p"}, []int32{-1, 0, -1, 1, 0}},
		{"an empty entry is null", []string{"", "k"}, []int32{0, 1, 0, 1}},
		{"every row null", []string{"k"}, []int32{-1, -1}},
		{"an empty dictionary", nil, []int32{-1, -1, -1}},
		{"a repeated entry falls back to values", []string{"r", "s", "r"}, []int32{0, 1, 2, 2, 0}},
		{"a dictionary too large is written as values", []string{long, "t"}, []int32{1, 0, 1}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			n := len(tc.idx)
			values := make([]string, n)
			for i, ix := range tc.idx {
				if ix >= 0 {
					values[i] = tc.dict[ix]
				}
			}
			write := func(dict bool) (string, []every) {
				dir := t.TempDir()
				w, err := Create[every](dir, "t", Options{Partitions: parts, RunID: "r1"})
				if err != nil {
					t.Fatal(err)
				}
				names := w.Columns()
				err = w.WriteColumns([]string{"h", UnknownDate}, n, func(i int, out *ColumnValues) error {
					switch names[i] {
					case "name":
						if dict {
							out.Dict, out.Indices, out.UseDict = tc.dict, tc.idx, true
						} else {
							out.Strings = values
						}
					case "flag":
						out.Bools = make([]bool, n)
					case "n", "exit":
						out.Ints = make([]int64, n)
					case "ts":
						out.Times = make([]time.Time, n)
					case "paths":
						// A string column after the dictionary one: read
						// from Strings (UseDict was cleared).
						out.Lists = make([][]string, n)
						for r := range n {
							out.Lists[r] = []string{fmt.Sprint("/p", r)}
						}
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
				ps, err := Parts(dir, "t")
				if err != nil || len(ps) != 1 {
					t.Fatal(ps, err)
				}
				return ps[0].Path, everyCols(t, dir, "t")
			}
			plainPath, plain := write(false)
			dictPath, got := write(true)
			for i, r := range got {
				if r.Name != values[i] {
					t.Errorf("row %d: name %q, want %q", i, r.Name, values[i])
				}
			}
			if !reflect.DeepEqual(got, plain) {
				t.Errorf("rows differ:\n dict  %+v\n plain %+v", got, plain)
			}
			if a, b := nameStats(t, dictPath), nameStats(t, plainPath); a != b {
				t.Errorf("statistics differ:\n dict  %s\n plain %s", a, b)
			}
		})
	}
}

// nameStats prints the footer statistics of the name column.
func nameStats(t *testing.T, path string) string {
	t.Helper()
	r, err := openForRead(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	md := r.MetaData()
	i := md.Schema.ColumnIndexByName("name")
	cc, err := md.RowGroup(0).ColumnChunk(i)
	if err != nil {
		t.Fatal(err)
	}
	st, err := cc.Statistics()
	if err != nil {
		t.Fatal(err)
	}
	if st == nil {
		return "none"
	}
	s := fmt.Sprintf("nulls %d values %d", st.NullCount(), st.NumValues())
	if bs, ok := st.(*metadata.ByteArrayStatistics); ok && bs.HasMinMax() {
		s += fmt.Sprintf(" min %.20q max %.20q", bs.Min(), bs.Max())
	}
	return s
}

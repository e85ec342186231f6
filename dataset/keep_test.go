package dataset

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// ReadPartSelect's keep "gets the row's index in the file, from 0" and
// only the rows it accepts reach fn; ReadColumns hands fn "the index in the
// file of the row group's first row" and skips "row groups none of whose
// rows keep accepts". One file of 10 rows in row groups of 4 (0-3, 4-7,
// 8-9), rows 5 and 9 kept.
func TestKeepNumbersRowsInTheFile(t *testing.T) {
	dir := t.TempDir()
	var rows []every
	for i := range 10 {
		rows = append(rows, every{Harness: "h", N: int64(i)})
	}
	writeAll(t, dir, "t", Options{Partitions: parts, RunID: "r", RowGroupRows: 4}, rows)
	ps, err := Parts(dir, "t")
	if err != nil || len(ps) != 1 {
		t.Fatalf("Parts: %v, %v; want one file", ps, err)
	}
	keep := func(row int) bool { return row == 5 || row == 9 }

	var got []int64
	if err := ReadPartSelect(ps[0], nil, keep, func(r every) error { got = append(got, r.N); return nil }); err != nil {
		t.Fatal(err)
	}
	if want := []int64{5, 9}; !reflect.DeepEqual(got, want) {
		t.Errorf("ReadPartSelect kept n=%v, want %v", got, want)
	}

	type group struct{ first, rows, n0 int }
	var groups []group
	err = ReadColumns(ps[0], []ColumnSpec{{"n", KindInt64}}, keep, func(first, n int, cols []ColumnValues) error {
		groups = append(groups, group{first, n, int(cols[0].Ints[0])})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := []group{{4, 4, 4}, {8, 2, 8}}; !reflect.DeepEqual(groups, want) {
		t.Errorf("ReadColumns row groups (first row, rows, first n) = %v, want %v", groups, want)
	}
}

// A column of another type than the one asked for is an error about the
// file (*FileError) naming the column, whichever reader asks: ReadColumns
// and ScanColumns ("Errors about the file are *FileError") and ReadPart
// (FileError: "with a column of another type than the row type's field").
func TestWrongColumnTypeNamesTheColumn(t *testing.T) {
	dir := t.TempDir()
	writeAll(t, dir, "t", Options{Partitions: parts, RunID: "r"}, []every{{Harness: "h", N: 1}})
	ps, err := Parts(dir, "t")
	if err != nil || len(ps) != 1 {
		t.Fatalf("Parts: %v, %v; want one file", ps, err)
	}
	type nAsText struct {
		N string `col:"n"`
	}
	for name, read := range map[string]func() error{
		"ReadColumns": func() error {
			return ReadColumns(ps[0], []ColumnSpec{{"n", KindString}}, nil, func(int, int, []ColumnValues) error { return nil })
		},
		"ScanColumns": func() error {
			return ScanColumns(ps[0], []string{"n"}, nil, func(int, []Strings, [][]int64) error { return nil })
		},
		"ReadPart": func() error { return ReadPart(ps[0], func(nAsText) error { return nil }) },
	} {
		err := read()
		var fe *FileError
		if !errors.As(err, &fe) || !strings.Contains(err.Error(), "column n: INT64") {
			t.Errorf("%s of an INT64 column as text: %v, want a *FileError naming column n and its INT64", name, err)
		}
	}
}

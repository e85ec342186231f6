package dataset

import (
	"errors"
	"fmt"
	"iter"
	"reflect"
	"slices"
	"time"

	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/schema"
)

// FileError is a data file that could not be read (corrupt, truncated, or
// with a column of another type than the row type's field).
type FileError struct {
	Path string
	Err  error
}

// Error names the file, then what was wrong with it.
func (e *FileError) Error() string { return e.Path + ": " + e.Err.Error() }

// Unwrap gives the underlying error.
func (e *FileError) Unwrap() error { return e.Err }

// batch is how many values are decoded per call into the column readers.
const batch = 4096

// Read streams every row of the table <dir>/<table> into fn, file by file in
// path order and row by row within a file; only the columns T names are
// decoded. Partition values are restored from the folder names into the
// string fields of the same col name when the file does not store them.
// Columns T names but a file lacks are left zero (so a table written by an
// older row type still reads); columns a file has but T lacks are ignored.
//
// An error returned by fn stops Read and is returned as is. A file that
// cannot be read is skipped (rows it already gave stay given) and Read goes
// on with the others; the *FileError of each such file is returned at the
// end, joined. A missing table is an empty table.
func Read[T any](dir, table string, fn func(T) error) error {
	parts, err := Parts(dir, table)
	if err != nil {
		return err
	}
	var errs []error
	for _, p := range parts {
		fnErr, fileErr := readPart(p, nil, nil, fn)
		if fnErr != nil {
			return fnErr
		}
		if fileErr != nil {
			errs = append(errs, fileErr)
		}
	}
	return errors.Join(errs...)
}

// ReadPart streams the rows of one data file into fn, as Read does for a
// whole table (callers use Parts and ReadPart to read files in parallel).
// A file error is returned as a *FileError; fn's error as is.
func ReadPart[T any](p Part, fn func(T) error) error {
	return ReadPartSelect(p, nil, nil, fn)
}

// ReadPartSelect is ReadPart decoding only the columns of T named in cols
// (every column of T when cols is nil; the fields of the others stay zero)
// and giving fn only the rows keep accepts (keep gets the row's index in
// the file, from 0; every row when keep is nil). Reading fewer columns is
// most of what makes a narrow pass over a wide table fast.
func ReadPartSelect[T any](p Part, cols []string, keep func(row int) bool, fn func(T) error) error {
	fnErr, fileErr := readPart(p, cols, keep, fn)
	if fnErr != nil {
		return fnErr
	}
	if fileErr != nil {
		return fileErr
	}
	return nil
}

// colMap ties a field of the row type to a leaf column of one file.
type colMap struct {
	f    field
	col  int
	desc *schema.Column
	unit schema.TimeUnitType // of a timestamp column
}

func readPart[T any](p Part, only []string, keep func(int) bool, fn func(T) error) (fnErr, fileErr error) {
	fail := func(err error) (error, error) { return nil, &FileError{Path: p.Path, Err: err} }
	c, err := codecFor(reflect.TypeFor[T]())
	if err != nil {
		return err, nil
	}
	r, err := openColumnFile(p.Path)
	if err != nil {
		return fail(err)
	}
	defer r.Close()
	cols, inFile, err := mapColumns(c, r)
	if err != nil {
		return fail(err)
	}
	if only != nil {
		kept := cols[:0]
		for _, cm := range cols {
			if slices.Contains(only, cm.f.name) {
				kept = append(kept, cm)
			}
		}
		cols = kept
	}
	type fromPath struct {
		index []int
		value string
	}
	var restore []fromPath
	for _, kv := range p.Partition {
		i, ok := c.byName[kv.Key]
		if ok && c.fields[i].kind == kString && !inFile[kv.Key] {
			restore = append(restore, fromPath{c.fields[i].index, kv.Value})
		}
	}
	var rows []T
	for grp := range r.keptGroups(keep) {
		n := grp.rows
		// The row group's rows are given to fn by value, so one array
		// serves every row group.
		if cap(rows) < n {
			rows = make([]T, n)
		}
		rows = rows[:n]
		clear(rows)
		rv := reflect.ValueOf(rows)
		for _, fp := range restore {
			for i := range n {
				rv.Index(i).FieldByIndex(fp.index).SetString(fp.value)
			}
		}
		for _, cm := range cols {
			cr, err := grp.rg.Column(cm.col)
			if err != nil {
				return fail(fmt.Errorf("row group %d, column %s: %w", grp.index, cm.f.name, err))
			}
			err = readColumn(cr, cm, rv)
			if cerr := cr.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				return fail(fmt.Errorf("row group %d, column %s: %w", grp.index, cm.f.name, err))
			}
		}
		for i := range rows {
			if keep != nil && !keep(grp.first+i) {
				continue
			}
			if err := fn(rows[i]); err != nil {
				return err, nil
			}
		}
	}
	return nil, nil
}

// leafColumns maps each top-level column name of sch to its one leaf
// column's index, or -1 for a struct or map (several leaves, never a
// column of ours).
func leafColumns(sch *schema.Schema) map[string]int {
	leaf := map[string]int{}
	for i := 0; i < sch.NumColumns(); i++ {
		top := sch.Column(i).ColumnPath()[0]
		if _, seen := leaf[top]; seen {
			leaf[top] = -1
			continue
		}
		leaf[top] = i
	}
	return leaf
}

// columnFile is a data file open for reading its columns by name.
type columnFile struct {
	*file.Reader
	sch  *schema.Schema
	leaf map[string]int // leafColumns(sch)
}

func openColumnFile(path string) (*columnFile, error) {
	r, err := openForRead(path)
	if err != nil {
		return nil, err
	}
	sch := r.MetaData().Schema
	return &columnFile{Reader: r, sch: sch, leaf: leafColumns(sch)}, nil
}

// column finds the file's column name: its index, or -1 when the file has
// no such column. A column that is nested, or is not of physical type
// want with the repetition of a list (lists) or of a single value, is an
// error naming the column and what it is (the caller adds what it
// wanted).
func (f *columnFile) column(name string, want parquet.Type, lists bool) (int, error) {
	i, ok := f.leaf[name]
	if !ok {
		return -1, nil
	}
	if i < 0 {
		return 0, fmt.Errorf("column %s: nested type", name)
	}
	d := f.sch.Column(i)
	if d.PhysicalType() != want || (d.MaxRepetitionLevel() > 0) != lists || d.MaxRepetitionLevel() > 1 {
		return 0, fmt.Errorf("column %s: %s with %d repetition levels", name, d.PhysicalType(), d.MaxRepetitionLevel())
	}
	return i, nil
}

// keptGroup is one row group of a file, with where its rows stand in it.
type keptGroup struct {
	index int // the row group's number in the file
	rg    *file.RowGroupReader
	first int // the index in the file of its first row
	rows  int
}

// keptGroups yields the row groups of the file some row of which keep
// accepts (keep nil: every one), with the index in the file of each one's
// first row, which keep and the callers' rows are numbered by. A row group
// keep rejects whole is passed over, none of its columns decoded.
func (f *columnFile) keptGroups(keep func(row int) bool) iter.Seq[keptGroup] {
	return func(yield func(keptGroup) bool) {
		first := 0
		for g := 0; g < f.NumRowGroups(); g++ {
			rg := f.RowGroup(g)
			n := int(rg.NumRows())
			base := first
			first += n
			if anyKept(keep, base, n) && !yield(keptGroup{index: g, rg: rg, first: base, rows: n}) {
				return
			}
		}
	}
}

// anyKept reports whether keep accepts one of the n rows from first on
// (keep nil: every row is kept), so a row group none of whose rows is
// wanted is not decoded.
func anyKept(keep func(row int) bool, first, n int) bool {
	if keep == nil {
		return true
	}
	for i := range n {
		if keep(first + i) {
			return true
		}
	}
	return false
}

// mapColumns finds, for each field of the row type, the file's leaf column
// of that top-level name, and checks the column can fill the field.
func mapColumns(c *codec, r *columnFile) ([]colMap, map[string]bool, error) {
	var cols []colMap
	inFile := map[string]bool{}
	for _, f := range c.fields {
		want := parquet.Types.ByteArray
		switch f.kind {
		case kBool:
			want = parquet.Types.Boolean
		case kInt64, kInt64Ptr, kTime:
			want = parquet.Types.Int64
		}
		ci, err := r.column(f.name, want, f.kind == kStrings)
		if err != nil {
			return nil, nil, fmt.Errorf("%w, want %s", err, f.kind)
		}
		if ci < 0 {
			continue
		}
		inFile[f.name] = true
		d := r.sch.Column(ci)
		cm := colMap{f: f, col: ci, desc: d}
		if f.kind == kTime {
			ts, ok := d.LogicalType().(*schema.TimestampLogicalType)
			var unit schema.TimeUnitType
			if ok {
				unit = ts.TimeUnit()
			} else if tv, ok2 := d.LogicalType().(schema.TimestampLogicalType); ok2 {
				unit, ok = tv.TimeUnit(), true
			}
			if !ok {
				return nil, nil, fmt.Errorf("column %s: INT64 without TIMESTAMP type, want %s", f.name, f.kind)
			}
			if unit != schema.TimeUnitMillis && unit != schema.TimeUnitMicros && unit != schema.TimeUnitNanos {
				return nil, nil, fmt.Errorf("column %s: unknown timestamp unit", f.name)
			}
			cm.unit = unit
		}
		cols = append(cols, cm)
	}
	return cols, inFile, nil
}

func (k kind) String() string {
	return [...]string{"string", "bool", "int64", "*int64", "timestamp", "list of strings"}[k]
}

// levels reads a column chunk page by page and calls emit for each level
// entry with its definition and repetition level; value is the index of the
// entry's value within the batch just decoded, or -1 when the entry has no
// value (a null).
func levels(cr file.ColumnChunkReader, read func(defs, reps []int16) (int64, int, error), emit func(def, rep int16, value int) error) error {
	maxDef := cr.Descriptor().MaxDefinitionLevel()
	repeated := cr.Descriptor().MaxRepetitionLevel() > 0
	defs := make([]int16, batch)
	reps := make([]int16, batch)
	for cr.HasNext() {
		total, _, err := read(defs, reps)
		if err != nil {
			return err
		}
		v := 0
		for j := range int(total) {
			d := maxDef
			if maxDef > 0 {
				d = defs[j]
			}
			var rep int16
			if repeated {
				rep = reps[j]
			}
			idx := -1
			if d == maxDef {
				idx = v
				v++
			}
			if err := emit(d, rep, idx); err != nil {
				return err
			}
		}
	}
	return cr.Err()
}

// readColumn decodes one column chunk into the field of every row.
func readColumn(cr file.ColumnChunkReader, cm colMap, rows reflect.Value) error {
	n := rows.Len()
	maxDef := cm.desc.MaxDefinitionLevel()
	row := -1
	// next advances to the row a scalar level entry belongs to.
	next := func() (reflect.Value, error) {
		row++
		if row >= n {
			return reflect.Value{}, fmt.Errorf("more values than the row group's %d rows", n)
		}
		return rows.Index(row).FieldByIndex(cm.f.index), nil
	}
	var err error
	switch c := cr.(type) {
	case *file.ByteArrayColumnChunkReader:
		vals := make([]parquet.ByteArray, batch)
		read := func(defs, reps []int16) (int64, int, error) { return c.ReadBatchInPage(batch, vals, defs, reps) }
		if cm.f.kind == kString {
			// Columns like harness, project_dir and mode repeat one value
			// row after row: reusing the last string saves an allocation
			// per row.
			var last string
			err = levels(cr, read, func(_, _ int16, v int) error {
				fv, err := next()
				if err == nil && v >= 0 {
					if string(vals[v]) != last {
						last = string(vals[v])
					}
					fv.SetString(last)
				}
				return err
			})
			break
		}
		// A list: an entry at or above elemDef is an element (null
		// elements read as ""); below it the list is null or empty, and
		// both read as nil.
		elemDef := maxDef
		if cm.desc.SchemaNode().RepetitionType() == parquet.Repetitions.Optional {
			elemDef--
		}
		var cur []string
		var fv reflect.Value
		flushList := func() {
			if fv.IsValid() && len(cur) > 0 {
				fv.Set(reflect.ValueOf(cur))
			}
			cur = nil
		}
		err = levels(cr, read, func(d, rep int16, v int) error {
			if rep == 0 {
				flushList()
				var err error
				if fv, err = next(); err != nil {
					return err
				}
			}
			if d >= elemDef {
				s := ""
				if v >= 0 {
					s = string(vals[v])
				}
				cur = append(cur, s)
			}
			return nil
		})
		flushList()
	case *file.Int64ColumnChunkReader:
		vals := make([]int64, batch)
		read := func(defs, reps []int16) (int64, int, error) { return c.ReadBatchInPage(batch, vals, defs, reps) }
		err = levels(cr, read, func(_, _ int16, v int) error {
			fv, err := next()
			if err != nil || v < 0 {
				return err
			}
			switch cm.f.kind {
			case kInt64:
				fv.SetInt(vals[v])
			case kInt64Ptr:
				x := vals[v]
				fv.Set(reflect.ValueOf(&x))
			case kTime:
				var t time.Time
				switch cm.unit {
				case schema.TimeUnitMillis:
					t = time.UnixMilli(vals[v])
				case schema.TimeUnitMicros:
					t = time.UnixMicro(vals[v])
				default:
					t = time.Unix(0, vals[v])
				}
				fv.Set(reflect.ValueOf(t.UTC()))
			}
			return nil
		})
	case *file.BooleanColumnChunkReader:
		vals := make([]bool, batch)
		read := func(defs, reps []int16) (int64, int, error) { return c.ReadBatchInPage(batch, vals, defs, reps) }
		err = levels(cr, read, func(_, _ int16, v int) error {
			fv, err := next()
			if err == nil && v >= 0 {
				fv.SetBool(vals[v])
			}
			return err
		})
	default:
		return fmt.Errorf("unexpected column reader %T", cr)
	}
	if err != nil {
		return err
	}
	if row != n-1 {
		return fmt.Errorf("%d values for the row group's %d rows", row+1, n)
	}
	return nil
}

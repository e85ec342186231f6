package dataset

import (
	"fmt"
	"time"
	"unicode/utf8"
	"unsafe"

	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
)

// writeRowGroup writes n rows as one row group, column by column in schema
// order (each stored field is exactly one leaf column, lists included).
// base points at the first row of a slice of the row struct type and stride
// is the struct's size: every cell is read at its field's offset, in place
// (reflection per cell, and Interface's copies, were a fifth of the write),
// into e's buffers, which are reused column after column.
func writeRowGroup(pw *file.Writer, stored []field, base unsafe.Pointer, n int, stride uintptr, e *colEncoder) error {
	return appendRowGroup(pw, stored, func(_ int, f field, cw file.ColumnChunkWriter) error {
		err := e.rows(cw, f, base, n, stride)
		// The values view the rows' strings: kept in e, they would keep the
		// strings of a whole row group alive until the next flush.
		clear(e.vals)
		return err
	})
}

// appendRowGroup appends one row group to pw and writes its columns in
// schema order, column i with write; the reflection path (writeRowGroup)
// and the column path (writeColumnsGroup) share it.
func appendRowGroup(pw *file.Writer, stored []field, write func(i int, f field, cw file.ColumnChunkWriter) error) (err error) {
	defer func() {
		// arrow-go reports some sink failures by panicking; turn them into
		// an error so a full disk fails the write instead of the program.
		if r := recover(); r != nil {
			err = fmt.Errorf("parquet writer: %v", r)
		}
	}()
	rg, err := pw.AppendRowGroupChecked()
	if err != nil {
		return err
	}
	for i, f := range stored {
		cw, err := rg.NextColumn()
		if err != nil {
			return err
		}
		if err := write(i, f, cw); err != nil {
			return fmt.Errorf("column %s: %w", f.name, err)
		}
		if err := cw.Close(); err != nil {
			return fmt.Errorf("column %s: %w", f.name, err)
		}
	}
	return rg.Close()
}

// rows writes one field of n rows at base (stride bytes apart) as a
// column: "" and empty lists as null, the zero time as null, as column
// writes the values of WriteColumns.
func (e *colEncoder) rows(cw file.ColumnChunkWriter, f field, base unsafe.Pointer, n int, stride uintptr) error {
	e.vals, e.ints, e.bools = e.vals[:0], e.ints[:0], e.bools[:0]
	e.defs, e.reps = e.defs[:0], e.reps[:0]
	cell := func(i int) unsafe.Pointer { return unsafe.Add(base, uintptr(i)*stride+f.off) }
	switch f.kind {
	case kString:
		for i := range n {
			e.addString(*(*string)(cell(i)))
		}
		return e.writeBytes(cw, false)
	case kBool:
		for i := range n {
			e.bools = append(e.bools, *(*bool)(cell(i)))
		}
		_, err := cw.(*file.BooleanColumnChunkWriter).WriteBatch(e.bools, nil, nil)
		return err
	case kInt64:
		for i := range n {
			e.ints = append(e.ints, *(*int64)(cell(i)))
		}
		_, err := cw.(*file.Int64ColumnChunkWriter).WriteBatch(e.ints, nil, nil)
		return err
	case kInt64Ptr:
		for i := range n {
			var d int16
			if p := *(**int64)(cell(i)); p != nil {
				e.ints = append(e.ints, *p)
				d = 1
			}
			e.defs = append(e.defs, d)
		}
		_, err := cw.(*file.Int64ColumnChunkWriter).WriteBatch(e.ints, e.defs, nil)
		return err
	case kTime:
		for i := range n {
			e.addTime((*time.Time)(cell(i)))
		}
		return e.writeInts(cw)
	case kStrings:
		for i := range n {
			e.addList(*(*[]string)(cell(i)))
		}
		return e.writeBytes(cw, true)
	}
	return fmt.Errorf("unknown kind %d", f.kind)
}

// addString adds a string cell: "" as null.
func (e *colEncoder) addString(s string) {
	var d int16
	if s != "" {
		e.vals = append(e.vals, bytesOf(s))
		d = 1
	}
	e.defs = append(e.defs, d)
}

// addTime adds a time cell, in microseconds: the zero time as null.
func (e *colEncoder) addTime(t *time.Time) {
	var d int16
	if !t.IsZero() {
		e.ints = append(e.ints, t.UnixMicro())
		d = 1
	}
	e.defs = append(e.defs, d)
}

// addList adds a []string cell. Levels of `optional group (LIST) {
// repeated group list { optional element } }`: 0 null list, 1 empty list,
// 2 null element, 3 element; repetition 0 starts a row, 1 continues it. An
// empty list is written as null.
func (e *colEncoder) addList(ss []string) {
	if len(ss) == 0 {
		e.defs = append(e.defs, 0)
		e.reps = append(e.reps, 0)
		return
	}
	for j, s := range ss {
		e.vals = append(e.vals, bytesOf(s))
		e.defs = append(e.defs, 3)
		e.reps = append(e.reps, int16(min(j, 1)))
	}
}

// writeBytes writes the string cells added (with their repetition levels
// for a list column) as the column.
func (e *colEncoder) writeBytes(cw file.ColumnChunkWriter, list bool) error {
	var reps []int16
	if list {
		reps = e.reps
	}
	_, err := cw.(*file.ByteArrayColumnChunkWriter).WriteBatch(e.vals, e.defs, reps)
	return err
}

// writeInts writes the time cells added as the column.
func (e *colEncoder) writeInts(cw file.ColumnChunkWriter) error {
	_, err := cw.(*file.Int64ColumnChunkWriter).WriteBatch(e.ints, e.defs, nil)
	return err
}

// bytesOf views a string's bytes without copying them: the column writer
// only reads its values (it copies them into its pages and dictionary), and
// a copy of every string cell was a tenth of ingest's CPU time (measured
// with cmd/permsim-bench on 1 GB of transcripts).
//
// Text that is not UTF-8 is made so first (ValidText): Parquet's strings
// are UTF-8, and DuckDB refuses a whole table over one value that is not
// (issue 27). This is the one place every string of every table passes.
func bytesOf(s string) parquet.ByteArray {
	if !utf8.ValidString(s) {
		s = ValidText(s)
	}
	return parquet.ByteArray(unsafe.Slice(unsafe.StringData(s), len(s)))
}

package dataset

import (
	"fmt"
	"reflect"
	"time"
	"unsafe"

	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
)

// writeRowGroup writes rows as one row group, column by column in schema
// order (each stored field is exactly one leaf column, lists included).
// rows is a slice of the row struct type: its elements are addressable, so
// time and list fields are read in place (Interface would allocate a copy
// of each cell).
func writeRowGroup(pw *file.Writer, stored []field, rows reflect.Value) error {
	return appendRowGroup(pw, stored, func(_ int, f field, cw file.ColumnChunkWriter) error {
		return writeColumn(cw, f, rows)
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

func writeColumn(cw file.ColumnChunkWriter, f field, rows reflect.Value) error {
	n := rows.Len()
	switch f.kind {
	case kString:
		vals := make([]parquet.ByteArray, 0, n)
		defs := make([]int16, n)
		for i := range n {
			r := rows.Index(i)
			if s := r.FieldByIndex(f.index).String(); s != "" {
				vals = append(vals, bytesOf(s))
				defs[i] = 1
			}
		}
		_, err := cw.(*file.ByteArrayColumnChunkWriter).WriteBatch(vals, defs, nil)
		return err
	case kBool:
		vals := make([]bool, n)
		for i := range n {
			r := rows.Index(i)
			vals[i] = r.FieldByIndex(f.index).Bool()
		}
		_, err := cw.(*file.BooleanColumnChunkWriter).WriteBatch(vals, nil, nil)
		return err
	case kInt64:
		vals := make([]int64, n)
		for i := range n {
			r := rows.Index(i)
			vals[i] = r.FieldByIndex(f.index).Int()
		}
		_, err := cw.(*file.Int64ColumnChunkWriter).WriteBatch(vals, nil, nil)
		return err
	case kInt64Ptr:
		vals := make([]int64, 0, n)
		defs := make([]int16, n)
		for i := range n {
			r := rows.Index(i)
			if fv := r.FieldByIndex(f.index); !fv.IsNil() {
				vals = append(vals, fv.Elem().Int())
				defs[i] = 1
			}
		}
		_, err := cw.(*file.Int64ColumnChunkWriter).WriteBatch(vals, defs, nil)
		return err
	case kTime:
		vals := make([]int64, 0, n)
		defs := make([]int16, n)
		for i := range n {
			r := rows.Index(i)
			if t := *(*time.Time)(r.FieldByIndex(f.index).Addr().UnsafePointer()); !t.IsZero() {
				vals = append(vals, t.UnixMicro())
				defs[i] = 1
			}
		}
		_, err := cw.(*file.Int64ColumnChunkWriter).WriteBatch(vals, defs, nil)
		return err
	case kStrings:
		// Levels of `optional group (LIST) { repeated group list {
		// optional element } }`: 0 null list, 1 empty list, 2 null
		// element, 3 element; repetition 0 starts a row, 1 continues it.
		vals := make([]parquet.ByteArray, 0, n)
		defs := make([]int16, 0, n)
		reps := make([]int16, 0, n)
		for i := range n {
			r := rows.Index(i)
			ss := *(*[]string)(r.FieldByIndex(f.index).Addr().UnsafePointer())
			if len(ss) == 0 {
				defs = append(defs, 0)
				reps = append(reps, 0)
				continue
			}
			for j, s := range ss {
				vals = append(vals, bytesOf(s))
				defs = append(defs, 3)
				reps = append(reps, int16(min(j, 1)))
			}
		}
		_, err := cw.(*file.ByteArrayColumnChunkWriter).WriteBatch(vals, defs, reps)
		return err
	}
	return fmt.Errorf("unknown kind %d", f.kind)
}

// bytesOf views a string's bytes without copying them: the column writer
// only reads its values (it copies them into its pages and dictionary), and
// a copy of every string cell was a tenth of ingest's CPU time (measured
// with cmd/permsim-bench on 1 GB of transcripts).
func bytesOf(s string) parquet.ByteArray {
	return parquet.ByteArray(unsafe.Slice(unsafe.StringData(s), len(s)))
}

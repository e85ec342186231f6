package dataset

import (
	"errors"
	"fmt"
	"strings"

	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
)

// Columns returns the names of the columns a Writer stores in its files
// (every col-tagged field but the plain partition columns), in the order
// WriteColumns takes their values.
func (w *Writer[T]) Columns() []string {
	names := make([]string, len(w.stored))
	for i, f := range w.stored {
		names[i] = f.name
	}
	return names
}

// WriteColumns writes rows given by columns as one row group of the
// partition whose values are partition (one per Options.Partitions, in
// order; a date partition's as "YYYY-MM-DD" or UnknownDate), without
// reflection and without an allocation per value. fill sets the values of
// stored column i (in the order Columns gives) for every row, in the slice
// of its kind (ColumnValues): Strings for a string column, Lists for a
// []string one, Times, Ints and Bools for the others (a *int64 column is
// written from Ints, with no nulls). It is called for one column at a
// time, just before that column is written, with the same out each time,
// so one set of buffers serves every column; the values are not kept after
// the column is written, so they may be views of buffers the caller reuses.
//
// It is for writers that hold their rows as columns (replay's decisions):
// rows given to Write and to WriteColumns may be mixed, but each call
// writes its rows at once, a row group of its own.
func (w *Writer[T]) WriteColumns(partition []string, rows int, fill func(i int, out *ColumnValues) error) error {
	if w.err != nil {
		return w.err
	}
	if w.finished {
		return errors.New("dataset: WriteColumns after Commit or Abort")
	}
	if len(partition) != len(w.parts) {
		return fmt.Errorf("dataset: WriteColumns: %d partition values, want %d", len(partition), len(w.parts))
	}
	if rows == 0 {
		return nil
	}
	var b strings.Builder
	for i, p := range w.parts {
		if i > 0 {
			b.WriteByte('/')
		}
		b.WriteString(p.Name)
		b.WriteByte('=')
		b.WriteString(escapeValue(partition[i]))
	}
	key := b.String()
	p := w.byKey[key]
	if p == nil {
		p = &partState[T]{rel: key}
		w.byKey[key] = p
	}
	w.rows += int64(rows)
	// One encoder per call: its buffers serve every column of the rows.
	e := &colEncoder{vals: make([]parquet.ByteArray, 0, rows), ints: make([]int64, 0, rows),
		defs: make([]int16, 0, rows), reps: make([]int16, 0, rows)}
	for lo := 0; lo < rows; {
		if p.cur == nil {
			if w.err = w.open(p); w.err != nil {
				return w.err
			}
		}
		n := min(rows-lo, int(w.opts.FileRows-p.cur.rows))
		if err := writeColumnsGroup(p.cur.pw, w.stored, fill, lo, lo+n, e); err != nil {
			w.err = fmt.Errorf("dataset: writing %s: %w", p.cur.tmp, err)
			return w.err
		}
		lo += n
		p.cur.rows += int64(n)
		p.cur.groups++
		w.clock++
		p.lastUse = w.clock
		if p.cur.rows >= w.opts.FileRows || p.cur.groups >= maxFileRowGroups {
			if w.err = w.finish(p); w.err != nil {
				return w.err
			}
		}
	}
	return nil
}

// colEncoder holds the value and level buffers WriteColumns reuses.
type colEncoder struct {
	col   ColumnValues
	vals  []parquet.ByteArray
	ints  []int64
	bools []bool
	defs  []int16
	reps  []int16
}

// writeColumnsGroup writes rows lo..hi of the columns fill gives as one
// row group.
func writeColumnsGroup(pw *file.Writer, stored []field, fill func(int, *ColumnValues) error, lo, hi int, e *colEncoder) error {
	return appendRowGroup(pw, stored, func(i int, f field, cw file.ColumnChunkWriter) error {
		if err := fill(i, &e.col); err != nil {
			return err
		}
		return e.column(cw, f, &e.col, lo, hi)
	})
}

// column writes rows lo..hi of one column, as writeColumn writes a field:
// "" and empty lists as null, the zero time as null.
func (e *colEncoder) column(cw file.ColumnChunkWriter, f field, c *ColumnValues, lo, hi int) error {
	n := hi - lo
	e.vals, e.ints = e.vals[:0], e.ints[:0]
	e.defs, e.reps = e.defs[:0], e.reps[:0]
	short := func(have int) error {
		if have < hi {
			return fmt.Errorf("%d values for %d rows", have, hi)
		}
		return nil
	}
	switch f.kind {
	case kString:
		if c.UseDict { // dictindices.go
			c.UseDict = false
			return e.dictColumn(cw, c, lo, hi)
		}
		if err := short(len(c.Strings)); err != nil {
			return err
		}
		for _, s := range c.Strings[lo:hi] {
			e.addString(s)
		}
		return e.writeBytes(cw, false)
	case kBool:
		if err := short(len(c.Bools)); err != nil {
			return err
		}
		_, err := cw.(*file.BooleanColumnChunkWriter).WriteBatch(c.Bools[lo:hi], nil, nil)
		return err
	case kInt64, kInt64Ptr:
		if err := short(len(c.Ints)); err != nil {
			return err
		}
		var defs []int16
		if f.kind == kInt64Ptr {
			for range n {
				e.defs = append(e.defs, 1)
			}
			defs = e.defs
		}
		_, err := cw.(*file.Int64ColumnChunkWriter).WriteBatch(c.Ints[lo:hi], defs, nil)
		return err
	case kTime:
		if err := short(len(c.Times)); err != nil {
			return err
		}
		for i := range c.Times[lo:hi] {
			e.addTime(&c.Times[lo+i])
		}
		return e.writeInts(cw)
	case kStrings:
		if err := short(len(c.Lists)); err != nil {
			return err
		}
		for _, ss := range c.Lists[lo:hi] {
			e.addList(ss)
		}
		return e.writeBytes(cw, true)
	}
	return fmt.Errorf("unknown kind %d", f.kind)
}

package dataset

import (
	"fmt"

	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
)

// Strings is one row group's values of a string column, without a string
// allocated per value: value i is Data[Off[i]:Off[i+1]], and Null[i] says
// it was null. It is valid only during the ScanColumns callback.
type Strings struct {
	Data []byte
	Off  []int32
	Null []bool
}

// Bytes returns value i ("" for a null).
func (s *Strings) Bytes(i int) []byte { return s.Data[s.Off[i]:s.Off[i+1]] }

// ScanColumns reads the named string columns and int64 columns of one data
// file, row group by row group, into reused buffers and calls fn with the
// row count and the values of each (in the order named). It decodes only
// those columns, with no reflection and no allocation per value: it is
// for passes over a few narrow columns of many rows (ReadCalls' dedupe). A
// column the file lacks reads as all null (strings) or all zero (int64s).
// Errors about the file are *FileError; fn's error is returned as is.
func ScanColumns(p Part, strCols, intCols []string, fn func(rows int, strs []Strings, ints [][]int64) error) error {
	fail := func(err error) error { return &FileError{Path: p.Path, Err: err} }
	r, err := openColumnFile(p.Path)
	if err != nil {
		return fail(err)
	}
	defer r.Close()
	find := func(name string, want parquet.Type) (int, error) {
		i, err := r.column(name, want, false)
		if err != nil {
			return 0, fmt.Errorf("%w, want flat %s", err, want)
		}
		return i, nil
	}
	sIdx := make([]int, len(strCols))
	for k, name := range strCols {
		if sIdx[k], err = find(name, parquet.Types.ByteArray); err != nil {
			return fail(err)
		}
	}
	iIdx := make([]int, len(intCols))
	for k, name := range intCols {
		if iIdx[k], err = find(name, parquet.Types.Int64); err != nil {
			return fail(err)
		}
	}
	strs := make([]Strings, len(strCols))
	ints := make([][]int64, len(intCols))
	vals := make([]parquet.ByteArray, batch)
	ivals := make([]int64, batch)
	defs := make([]int16, batch)
	for g := 0; g < r.NumRowGroups(); g++ {
		rg := r.RowGroup(g)
		n := int(rg.NumRows())
		for k, ci := range sIdx {
			s := &strs[k]
			s.Data = s.Data[:0]
			s.Off = append(s.Off[:0], 0)
			s.Null = s.Null[:0]
			if ci < 0 {
				s.Off = append(s.Off, make([]int32, n)...)
				for range n {
					s.Null = append(s.Null, true)
				}
				continue
			}
			cr, err := rg.Column(ci)
			if err != nil {
				return fail(fmt.Errorf("row group %d, column %s: %w", g, strCols[k], err))
			}
			c, ok := cr.(*file.ByteArrayColumnChunkReader)
			if !ok {
				return fail(fmt.Errorf("row group %d, column %s: unexpected reader %T", g, strCols[k], cr))
			}
			maxDef := cr.Descriptor().MaxDefinitionLevel()
			for c.HasNext() {
				total, _, err := c.ReadBatchInPage(batch, vals, defs, nil)
				if err != nil {
					return fail(fmt.Errorf("row group %d, column %s: %w", g, strCols[k], err))
				}
				v := 0
				for j := range int(total) {
					if maxDef > 0 && defs[j] < maxDef {
						s.Null = append(s.Null, true)
					} else {
						s.Data = append(s.Data, vals[v]...)
						s.Null = append(s.Null, false)
						v++
					}
					s.Off = append(s.Off, int32(len(s.Data)))
				}
			}
			if err := closeChunk(cr, c.Err()); err != nil {
				return fail(fmt.Errorf("row group %d, column %s: %w", g, strCols[k], err))
			}
			if len(s.Null) != n {
				return fail(fmt.Errorf("row group %d, column %s: %d values for %d rows", g, strCols[k], len(s.Null), n))
			}
		}
		for k, ci := range iIdx {
			ints[k] = ints[k][:0]
			if ci < 0 {
				ints[k] = append(ints[k], make([]int64, n)...)
				continue
			}
			cr, err := rg.Column(ci)
			if err != nil {
				return fail(fmt.Errorf("row group %d, column %s: %w", g, intCols[k], err))
			}
			c, ok := cr.(*file.Int64ColumnChunkReader)
			if !ok {
				return fail(fmt.Errorf("row group %d, column %s: unexpected reader %T", g, intCols[k], cr))
			}
			maxDef := cr.Descriptor().MaxDefinitionLevel()
			for c.HasNext() {
				total, _, err := c.ReadBatchInPage(batch, ivals, defs, nil)
				if err != nil {
					return fail(fmt.Errorf("row group %d, column %s: %w", g, intCols[k], err))
				}
				v := 0
				for j := range int(total) {
					var x int64
					if maxDef == 0 || defs[j] >= maxDef {
						x = ivals[v]
						v++
					}
					ints[k] = append(ints[k], x)
				}
			}
			if err := closeChunk(cr, c.Err()); err != nil {
				return fail(fmt.Errorf("row group %d, column %s: %w", g, intCols[k], err))
			}
			if len(ints[k]) != n {
				return fail(fmt.Errorf("row group %d, column %s: %d values for %d rows", g, intCols[k], len(ints[k]), n))
			}
		}
		if err := fn(n, strs, ints); err != nil {
			return err
		}
	}
	return nil
}

// closeChunk closes a column chunk reader once read, which hands its page
// buffers back to readAlloc for the next chunk: left open, every chunk of
// the dedupe's passes made fresh buffers (6% of replay's allocation, issue
// 15). It returns err, else the error of closing.
func closeChunk(cr file.ColumnChunkReader, err error) error {
	if cerr := cr.Close(); err == nil {
		err = cerr
	}
	return err
}

// NumRows returns the row count a data file's footer records.
func NumRows(p Part) (int64, error) {
	r, err := openForRead(p.Path)
	if err != nil {
		return 0, &FileError{Path: p.Path, Err: err}
	}
	defer r.Close()
	return r.NumRows(), nil
}

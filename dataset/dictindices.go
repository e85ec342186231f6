package dataset

import (
	"fmt"
	"sync"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
)

// A string column given to WriteColumns as a dictionary (ColumnValues.Dict
// and Indices) is written as the dictionary page and the indices, the way
// arrow-go's pqarrow writes an arrow dictionary array: the column writer's
// dictionary encoder is seeded with Dict, and the indices go to it as they
// are. Written from Strings instead, every value is hashed into the
// encoder's memo table, and every value updates the page statistics: for
// replay's decisions, whose rows share a few hundred decisions per row group,
// that hashing was 9% of the whole replay's CPU (issue 15). The file read
// back holds the same values either way (TestDictIndicesSameValues).

// dictEncoder is the part of arrow-go's dictionary encoder (an internal
// type, reached through ColumnChunkWriter.CurrentEncoder) this file uses.
type dictEncoder interface {
	PutDictionary(arrow.Array) error
	NumEntries() int
}

// dictScratch holds the buffers one dictionary column is built in.
type dictScratch struct {
	data    []byte
	offsets []int32
	valid   []byte
	idx     []int32
	used    []bool
	refs    []int32 // indices of the entries referenced, when not all are
	defs    []int16
}

var dictScratchPool = sync.Pool{New: func() any { return new(dictScratch) }}

// maxDictBytes bounds a dictionary written directly: arrow-go writes the
// dictionary page whole (its page size limit, 1 MiB by default, makes the
// hashing path fall back to plain values; this does the same sooner).
const maxDictBytes = 512 << 10

// dictColumn writes rows lo..hi of a string column given as a dictionary.
// Row i is c.Dict[c.Indices[i]], null when the index is negative or the
// entry is "" (as "" is null in Strings). When the column writer is not
// dictionary-encoding (the column is marked unique, or it fell back), or
// the dictionary is not fit for it (a repeated entry, too large), the
// values are written from the dictionary as plain strings.
func (e *colEncoder) dictColumn(cw file.ColumnChunkWriter, c *ColumnValues, lo, hi int) error {
	if len(c.Indices) < hi {
		return fmt.Errorf("%d indices for %d rows", len(c.Indices), hi)
	}
	for _, ix := range c.Indices[lo:hi] {
		if int(ix) >= len(c.Dict) {
			return fmt.Errorf("dictionary index %d of %d entries", ix, len(c.Dict))
		}
	}
	bw, ok := cw.(*file.ByteArrayColumnChunkWriter)
	if !ok {
		return fmt.Errorf("dictionary values for a %T", cw)
	}
	enc, ok := cw.CurrentEncoder().(dictEncoder)
	size := 0
	for _, s := range c.Dict {
		size += len(s)
	}
	if !ok || !isDictEncoding(cw.CurrentEncoder().Encoding()) || enc.NumEntries() != 0 || size > maxDictBytes {
		return e.dictAsStrings(bw, c, lo, hi)
	}
	sc := dictScratchPool.Get().(*dictScratch)
	defer dictScratchPool.Put(sc)
	n := hi - lo

	// The dictionary as an arrow string array, and which entries the rows
	// use: "" entries are never used (they are null).
	sc.data, sc.offsets = sc.data[:0], append(sc.offsets[:0], 0)
	for _, s := range c.Dict {
		sc.data = append(sc.data, s...)
		sc.offsets = append(sc.offsets, int32(len(sc.data)))
	}
	sc.used = growClear(sc.used, len(c.Dict))
	sc.idx = growClear(sc.idx, n)
	sc.defs = sc.defs[:0]
	sc.valid = growClear(sc.valid, int(bitutil.BytesForBits(int64(n))))
	nulls, usedN := 0, 0
	for i, ix := range c.Indices[lo:hi] {
		if ix < 0 || c.Dict[ix] == "" {
			nulls++
			sc.defs = append(sc.defs, 0)
			continue
		}
		sc.defs = append(sc.defs, 1)
		sc.idx[i] = ix
		bitutil.SetBit(sc.valid, i)
		if !sc.used[ix] {
			sc.used[ix] = true
			usedN++
		}
	}
	dict := array.NewStringData(array.NewData(arrow.BinaryTypes.String, len(c.Dict),
		[]*memory.Buffer{nil, memory.NewBufferBytes(arrow.Int32Traits.CastToBytes(sc.offsets)), memory.NewBufferBytes(sc.data)}, nil, 0, 0))
	defer dict.Release()
	if err := enc.PutDictionary(dict); err != nil {
		return err
	}
	if enc.NumEntries() != len(c.Dict) {
		// A repeated entry: the encoder's indices are not the caller's.
		cw.FallbackToPlain()
		return e.dictAsStrings(bw, c, lo, hi)
	}
	// The page statistics, from the entries used (WriteDictIndices leaves
	// them to the caller, as pqarrow does).
	if st := cw.PageStatistics(); st != nil {
		ref := arrow.Array(dict)
		if usedN != len(c.Dict) {
			sc.refs = sc.refs[:0]
			for j, u := range sc.used {
				if u {
					sc.refs = append(sc.refs, int32(j))
				}
			}
			b := array.NewStringBuilder(memory.DefaultAllocator)
			defer b.Release()
			for _, j := range sc.refs {
				b.Append(c.Dict[j])
			}
			refArr := b.NewStringArray()
			defer refArr.Release()
			ref = refArr
		}
		st.IncNulls(int64(nulls))
		st.IncNumValues(int64(n - nulls))
		if err := st.UpdateFromArrow(ref, false); err != nil {
			return err
		}
	}
	var validBuf *memory.Buffer
	if nulls > 0 {
		validBuf = memory.NewBufferBytes(sc.valid)
	}
	idx := array.NewInt32Data(array.NewData(arrow.PrimitiveTypes.Int32, n,
		[]*memory.Buffer{validBuf, memory.NewBufferBytes(arrow.Int32Traits.CastToBytes(sc.idx[:n]))}, nil, nulls, 0))
	defer idx.Release()
	return bw.WriteDictIndices(idx, sc.defs, nil)
}

// dictAsStrings writes rows lo..hi of a dictionary column as its values.
func (e *colEncoder) dictAsStrings(bw *file.ByteArrayColumnChunkWriter, c *ColumnValues, lo, hi int) error {
	e.vals, e.defs = e.vals[:0], e.defs[:0]
	for _, ix := range c.Indices[lo:hi] {
		var d int16
		if ix >= 0 && c.Dict[ix] != "" {
			e.vals = append(e.vals, bytesOf(c.Dict[ix]))
			d = 1
		}
		e.defs = append(e.defs, d)
	}
	_, err := bw.WriteBatch(e.vals, e.defs, nil)
	return err
}

func isDictEncoding(e parquet.Encoding) bool {
	return e == parquet.Encodings.PlainDict || e == parquet.Encodings.RLEDict
}

// growClear returns s with length n, zeroed.
func growClear[E any](s []E, n int) []E {
	if cap(s) < n {
		return make([]E, n)
	}
	s = s[:n]
	clear(s)
	return s
}

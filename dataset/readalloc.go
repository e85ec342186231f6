package dataset

import (
	"math/bits"
	"sync"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
)

// readAlloc is the allocator the read path hands arrow-go: buffers freed
// by a column chunk's page reader (its decompression, data page and
// dictionary buffers, released when the chunk reader closes) go back to a
// pool and serve the next chunk. arrow-go's default allocator makes fresh,
// zeroed buffers for every column chunk (16 KiB of page-header buffer at
// least): replay reads one chunk per column per row group, and on a
// store of small row groups that was over 10% of all its allocation,
// cleared and then collected (issue 15).
var readAlloc = &poolAllocator{}

// writeAlloc is the same kind of allocator for the column writers of every
// Writer (a pool of its own: the write path's buffer sizes are not the
// read path's).
var writeAlloc = &poolAllocator{}

// readProps are the reader properties of every file the read path opens.
var readProps = parquet.NewReaderProperties(readAlloc)

// openForRead opens a data file for reading with readProps.
func openForRead(path string) (*file.Reader, error) {
	return file.OpenParquetFile(path, false, file.WithReadProps(readProps))
}

// poolAllocator is an arrow memory.Allocator keeping freed buffers in a
// free list per power-of-two size class, at most poolKeep each and
// poolBytes in all (a reader holds three buffers per column chunk open,
// and closes each chunk before the next: a few per class serve every
// chunk). A sync.Pool lost its buffers at every collection, and replay
// collects often under its memory limit. Buffers are 64-byte aligned, as
// arrow's GoAllocator makes them. Sizes past the largest class are
// allocated and dropped as the GoAllocator does.
type poolAllocator struct {
	mu      sync.Mutex
	classes [poolClasses][][]byte
	kept    int // bytes in the free lists
}

const (
	poolMinShift = 6  // 64 bytes
	poolMaxShift = 22 // 4 MiB
	poolClasses  = poolMaxShift - poolMinShift + 1
	poolAlign    = 64
	poolKeep     = 8
	poolBytes    = 4 << 20
)

// class is the size class holding size bytes, and whether there is one.
func class(size int) (int, bool) {
	if size <= 1<<poolMinShift {
		return 0, true
	}
	c := bits.Len(uint(size-1)) - poolMinShift
	return c, c < poolClasses
}

// Allocate returns a buffer of size bytes. Like arrow's GoAllocator it is
// zeroed: callers may rely on that (validity bitmaps are built with it).
func (a *poolAllocator) Allocate(size int) []byte {
	c, ok := class(size)
	if !ok {
		return aligned(size, size)
	}
	a.mu.Lock()
	free := a.classes[c]
	if n := len(free); n > 0 {
		b := free[n-1][:size]
		free[n-1] = nil
		a.classes[c] = free[:n-1]
		a.kept -= cap(b)
		a.mu.Unlock()
		clear(b)
		return b
	}
	a.mu.Unlock()
	return aligned(size, 1<<(c+poolMinShift))
}

// aligned makes a zeroed buffer of length size and capacity capacity
// starting at a 64-byte boundary.
func aligned(size, capacity int) []byte {
	buf := make([]byte, capacity+poolAlign)
	shift := int(-uintptr(unsafe.Pointer(unsafe.SliceData(buf)))) & (poolAlign - 1)
	return buf[shift : shift+size : shift+capacity]
}

// Reallocate returns b grown or shrunk to size bytes, its contents kept;
// b itself is freed when a new buffer is needed.
func (a *poolAllocator) Reallocate(size int, b []byte) []byte {
	if cap(b) >= size {
		return b[:size]
	}
	nb := a.Allocate(size)
	copy(nb, b)
	a.Free(b)
	return nb
}

// Free returns b to its size class's pool: only buffers this allocator
// made (a capacity of exactly one class) are kept.
func (a *poolAllocator) Free(b []byte) {
	n := cap(b)
	if n < 1<<poolMinShift || n&(n-1) != 0 {
		return
	}
	c, ok := class(n)
	if !ok {
		return
	}
	a.mu.Lock()
	if len(a.classes[c]) < poolKeep && a.kept+n <= poolBytes {
		a.classes[c] = append(a.classes[c], b[:0])
		a.kept += n
	}
	a.mu.Unlock()
}

// arrow-go's encoders take their page buffers from a sync.Pool whose new
// buffers come from memory.DefaultAllocator (not from the writer
// properties' allocator), and every collection empties that pool: under
// ingest's 64 MiB limit each column chunk's plain-encoded values grew a
// fresh buffer by doubling, each step a new zeroed allocation. With the
// free list as the default the steps reuse its buffers. Only this package
// imports arrow-go in permsim (the import rule "only dataset imports
// arrow-go", architecture_test.go).
func init() { memory.DefaultAllocator = writeAlloc }

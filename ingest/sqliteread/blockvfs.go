package sqliteread

import (
	"fmt"
	"sync"
	"sync/atomic"
	"unsafe"

	"modernc.org/libc"
	sqlite3 "modernc.org/sqlite/lib"
)

// The readers' databases are read through blockVFS: SQLite's own unix VFS
// (locks, -wal and -shm, every guarantee Open describes) with one change,
// the reads of the main database file. SQLite reads it a page (4 KB) at a
// time, one pread each, and the floor of a reader (the query alone, rows
// scanned, nothing decoded) spent over a third of its time in those system
// calls. blockVFS reads the file in blocks of readBlock bytes and hands
// SQLite its pages from the block. mmap, which would do the same with no
// system call at all, is not an option: a database truncated by its
// harness while mapped raises SIGBUS.
//
// A block is only used while nothing can have changed the file since it was
// read: it is dropped at every lock call (xLock, xUnlock, the -shm locks and
// barriers), which is where SQLite starts and ends each read transaction,
// and at anything that writes. Within a read transaction the pages SQLite
// reads from the database file cannot change: in rollback mode a writer
// needs the EXCLUSIVE lock the reader's SHARED lock holds off; in WAL mode a
// checkpoint copies into the file only frames older than every reader's
// snapshot, so a page the reader takes from the file (it has no frame in the
// reader's snapshot) is not among them. An immutable database takes no
// locks at all, which is what immutable already assumes: that the file does
// not change. A block is never read past the file's size: a page past it
// (a file truncated under the reader) is read by SQLite's own code, with
// SQLite's own short-read handling.

// readBlock is the size of the blocks the main database file is read in.
const readBlock = 256 << 10

// blockVFSName is the name blockVFS is registered under.
const blockVFSName = "permsim-blocks"

var (
	blockOnce sync.Once
	blockErr  error
	unixVFS   uintptr // the unix VFS blockVFS forwards to
	unixSize  uintptr // its szOsFile

	blockVFS Tvfs       // in Go memory, never moved or freed
	blockIO  Tiomethods // the io methods of a file opened through blockVFS

	blockReads atomic.Int64 // blocks read so far (the tests check that blocks are used)

	blocksMu sync.Mutex
	blocks   = map[uintptr]*fileBlocks{} // by the sqlite3_file of each open main database
)

// Tvfs and Tiomethods are SQLite's sqlite3_vfs and sqlite3_io_methods.
type (
	Tvfs       = sqlite3.Tsqlite3_vfs
	Tiomethods = sqlite3.Tsqlite3_io_methods
)

// shimHeader is the start of a file opened through blockVFS: SQLite's
// sqlite3_file (the io methods), then the unix VFS's own file.
type shimHeader struct {
	base sqlite3.Tsqlite3_file
	_    uintptr // keeps the unix file 16-byte aligned, as malloc would
}

const realOff = unsafe.Sizeof(shimHeader{})

// blockSlots is how many blocks of a file are kept: a query that walks
// two b-trees at once (a table and an index, or a table's pages written
// at different times) reads from more than one place of the file, and
// with one block it read each block several times (Cursor's reader read
// 1.4 times the file's bytes).
const blockSlots = 4

// fileBlocks are the blocks last read of one open main database file.
type fileBlocks struct {
	mem   uintptr // blockSlots blocks of C memory, then 8 bytes for the file's size
	slots [blockSlots]struct {
		off  int64  // file offset of the block
		n    int64  // bytes of it that hold the file; 0: none
		used uint64 // tick of the last read from it
	}
	tick uint64
}

// registerBlockVFS registers blockVFS once.
func registerBlockVFS() error {
	blockOnce.Do(func() {
		tls := libc.NewTLS()
		defer tls.Close()
		name, err := libc.CString("unix")
		if err != nil {
			blockErr = err
			return
		}
		unixVFS = sqlite3.Xsqlite3_vfs_find(tls, name)
		libc.Xfree(tls, name)
		if unixVFS == 0 {
			blockErr = fmt.Errorf("sqlite: no unix VFS")
			return
		}
		u := (*Tvfs)(cptr(unixVFS))
		unixSize = uintptr(u.FszOsFile)
		blockVFS = *u
		blockVFS.FszOsFile = int32(realOff + unixSize)
		blockVFS.FpNext = 0
		zName, err := libc.CString(blockVFSName) // never freed: registered for the life of the process
		if err != nil {
			blockErr = err
			return
		}
		blockVFS.FzName = zName
		blockVFS.FxOpen = fnPtr(shimOpen)
		blockIO = Tiomethods{
			FiVersion: 2, // no xFetch/xUnfetch: memory mapping stays off
			FxClose:   fnPtr(shimClose),
			FxRead:    fnPtr(shimRead),
			FxWrite: fnPtr(func(tls *libc.TLS, p, buf uintptr, amt int32, off int64) int32 {
				drop(p)
				return call4(realMethods(p).FxWrite)(tls, p+realOff, buf, amt, off)
			}),
			FxTruncate: fnPtr(func(tls *libc.TLS, p uintptr, size int64) int32 {
				drop(p)
				return callTruncate(realMethods(p).FxTruncate)(tls, p+realOff, size)
			}),
			FxSync: fnPtr(func(tls *libc.TLS, p uintptr, flags int32) int32 {
				drop(p)
				return callInt(realMethods(p).FxSync)(tls, p+realOff, flags)
			}),
			FxFileSize: fnPtr(func(tls *libc.TLS, p, out uintptr) int32 {
				return callPtr(realMethods(p).FxFileSize)(tls, p+realOff, out)
			}),
			FxLock: fnPtr(func(tls *libc.TLS, p uintptr, lock int32) int32 {
				drop(p)
				return callInt(realMethods(p).FxLock)(tls, p+realOff, lock)
			}),
			FxUnlock: fnPtr(func(tls *libc.TLS, p uintptr, lock int32) int32 {
				drop(p)
				return callInt(realMethods(p).FxUnlock)(tls, p+realOff, lock)
			}),
			FxCheckReservedLock: fnPtr(func(tls *libc.TLS, p, out uintptr) int32 {
				return callPtr(realMethods(p).FxCheckReservedLock)(tls, p+realOff, out)
			}),
			FxFileControl: fnPtr(func(tls *libc.TLS, p uintptr, op int32, arg uintptr) int32 {
				return callFcntl(realMethods(p).FxFileControl)(tls, p+realOff, op, arg)
			}),
			FxSectorSize: fnPtr(func(tls *libc.TLS, p uintptr) int32 {
				return call0(realMethods(p).FxSectorSize)(tls, p+realOff)
			}),
			FxDeviceCharacteristics: fnPtr(func(tls *libc.TLS, p uintptr) int32 {
				return call0(realMethods(p).FxDeviceCharacteristics)(tls, p+realOff)
			}),
			FxShmMap: fnPtr(func(tls *libc.TLS, p uintptr, region, size, extend int32, out uintptr) int32 {
				drop(p)
				return callShmMap(realMethods(p).FxShmMap)(tls, p+realOff, region, size, extend, out)
			}),
			FxShmLock: fnPtr(func(tls *libc.TLS, p uintptr, offset, n, flags int32) int32 {
				drop(p)
				return callShmLock(realMethods(p).FxShmLock)(tls, p+realOff, offset, n, flags)
			}),
			FxShmBarrier: fnPtr(func(tls *libc.TLS, p uintptr) {
				drop(p)
				callVoid(realMethods(p).FxShmBarrier)(tls, p+realOff)
			}),
			FxShmUnmap: fnPtr(func(tls *libc.TLS, p uintptr, del int32) int32 {
				drop(p)
				return callInt(realMethods(p).FxShmUnmap)(tls, p+realOff, del)
			}),
		}
		if rc := sqlite3.Xsqlite3_vfs_register(tls, uintptr(unsafe.Pointer(&blockVFS)), 0); rc != sqlite3.SQLITE_OK {
			blockErr = fmt.Errorf("sqlite: registering VFS %s: %d", blockVFSName, rc)
		}
	})
	return blockErr
}

// realMethods returns the unix VFS's io methods of the file at p.
func realMethods(p uintptr) *Tiomethods {
	return (*Tiomethods)(cptr((*sqlite3.Tsqlite3_file)(cptr(p + realOff)).FpMethods))
}

// shimOpen opens a file with the unix VFS, behind blockVFS's io methods.
func shimOpen(tls *libc.TLS, vfs, zName, p uintptr, flags int32, outFlags uintptr) int32 {
	(*shimHeader)(cptr(p)).base.FpMethods = 0
	u := (*Tvfs)(cptr(unixVFS))
	rc := callOpen(u.FxOpen)(tls, unixVFS, zName, p+realOff, flags, outFlags)
	if (*sqlite3.Tsqlite3_file)(cptr(p+realOff)).FpMethods == 0 {
		return rc // nothing to close: SQLite will not call xClose
	}
	(*shimHeader)(cptr(p)).base.FpMethods = uintptr(unsafe.Pointer(&blockIO))
	if rc == sqlite3.SQLITE_OK && flags&sqlite3.SQLITE_OPEN_MAIN_DB != 0 {
		if mem := libc.Xmalloc(tls, blockSlots*readBlock+8); mem != 0 {
			blocksMu.Lock()
			blocks[p] = &fileBlocks{mem: mem}
			blocksMu.Unlock()
		}
	}
	return rc
}

func shimClose(tls *libc.TLS, p uintptr) int32 {
	blocksMu.Lock()
	b := blocks[p]
	delete(blocks, p)
	blocksMu.Unlock()
	if b != nil {
		libc.Xfree(tls, b.mem)
	}
	return call0(realMethods(p).FxClose)(tls, p+realOff)
}

// blockOf returns the blocks of the file at p, nil for a file that is not
// a main database.
func blockOf(p uintptr) *fileBlocks {
	blocksMu.Lock()
	b := blocks[p]
	blocksMu.Unlock()
	return b
}

// drop forgets the blocks of the file at p.
func drop(p uintptr) {
	if b := blockOf(p); b != nil {
		for i := range b.slots {
			b.slots[i].n = 0
		}
	}
}

// shimRead reads amt bytes at off into buf: from a block of the file
// that holds them, else from a new block read at the block boundary below
// off (in place of the block used least recently), else (a read larger
// than half a block, or reaching past the file's end, or any error) by the
// unix VFS itself.
func shimRead(tls *libc.TLS, p, buf uintptr, amt int32, off int64) int32 {
	read := call4(realMethods(p).FxRead)
	b := blockOf(p)
	if b == nil || amt <= 0 || amt > readBlock/2 || off < 0 {
		return read(tls, p+realOff, buf, amt, off)
	}
	end := off + int64(amt)
	b.tick++
	slot := -1
	for i := range b.slots {
		if s := &b.slots[i]; s.n > 0 && off >= s.off && end <= s.off+s.n {
			slot = i
			break
		}
	}
	if slot < 0 {
		slot = 0
		for i := range b.slots {
			if b.slots[i].used < b.slots[slot].used {
				slot = i
			}
		}
		s := &b.slots[slot]
		s.n = 0
		// The size is written to C memory: a pointer to a Go variable,
		// passed as a uintptr, would not follow a move of the stack.
		sizeAt := b.mem + blockSlots*readBlock
		if callPtr(realMethods(p).FxFileSize)(tls, p+realOff, sizeAt) != sqlite3.SQLITE_OK {
			return read(tls, p+realOff, buf, amt, off)
		}
		size := *(*int64)(cptr(sizeAt))
		start := off &^ (readBlock - 1)
		n := min(int64(readBlock), size-start)
		if end > start+n {
			return read(tls, p+realOff, buf, amt, off) // past the end of the file
		}
		if read(tls, p+realOff, b.mem+uintptr(slot)*readBlock, int32(n), start) != sqlite3.SQLITE_OK {
			return read(tls, p+realOff, buf, amt, off)
		}
		s.off, s.n = start, n
		blockReads.Add(1)
	}
	s := &b.slots[slot]
	s.used = b.tick
	from := b.mem + uintptr(slot)*readBlock + uintptr(off-s.off)
	copy(unsafe.Slice((*byte)(cptr(buf)), amt), unsafe.Slice((*byte)(cptr(from)), amt))
	return sqlite3.SQLITE_OK
}

// cptr is the address u of C memory (modernc's libc heap, or a Go global
// SQLite was handed) as a pointer. The conversion goes through memory
// because go vet takes unsafe.Pointer(u) of a uintptr for a Go pointer
// kept in an integer, which none of these is.
func cptr(u uintptr) unsafe.Pointer { return *(*unsafe.Pointer)(unsafe.Pointer(&u)) }

// fnPtr turns a Go function into the function pointer modernc's SQLite
// calls (the form its transpiled code stores).
func fnPtr[F any](f F) uintptr {
	return *(*uintptr)(unsafe.Pointer(&struct{ f F }{f}))
}

// fnOf turns a function pointer of modernc's SQLite back into a Go function.
func fnOf[F any](p uintptr) F {
	return *(*F)(unsafe.Pointer(&struct{ p uintptr }{p}))
}

func callOpen(p uintptr) func(*libc.TLS, uintptr, uintptr, uintptr, int32, uintptr) int32 {
	return fnOf[func(*libc.TLS, uintptr, uintptr, uintptr, int32, uintptr) int32](p)
}
func call0(p uintptr) func(*libc.TLS, uintptr) int32 { return fnOf[func(*libc.TLS, uintptr) int32](p) }
func callVoid(p uintptr) func(*libc.TLS, uintptr)    { return fnOf[func(*libc.TLS, uintptr)](p) }
func callInt(p uintptr) func(*libc.TLS, uintptr, int32) int32 {
	return fnOf[func(*libc.TLS, uintptr, int32) int32](p)
}
func callPtr(p uintptr) func(*libc.TLS, uintptr, uintptr) int32 {
	return fnOf[func(*libc.TLS, uintptr, uintptr) int32](p)
}
func callTruncate(p uintptr) func(*libc.TLS, uintptr, int64) int32 {
	return fnOf[func(*libc.TLS, uintptr, int64) int32](p)
}
func call4(p uintptr) func(*libc.TLS, uintptr, uintptr, int32, int64) int32 {
	return fnOf[func(*libc.TLS, uintptr, uintptr, int32, int64) int32](p)
}
func callFcntl(p uintptr) func(*libc.TLS, uintptr, int32, uintptr) int32 {
	return fnOf[func(*libc.TLS, uintptr, int32, uintptr) int32](p)
}
func callShmMap(p uintptr) func(*libc.TLS, uintptr, int32, int32, int32, uintptr) int32 {
	return fnOf[func(*libc.TLS, uintptr, int32, int32, int32, uintptr) int32](p)
}
func callShmLock(p uintptr) func(*libc.TLS, uintptr, int32, int32, int32) int32 {
	return fnOf[func(*libc.TLS, uintptr, int32, int32, int32) int32](p)
}

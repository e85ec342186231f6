package ingest

import (
	"fmt"
	"hash/fnv"
	"io"
	"os"

	"github.com/permsim/permsim/internal/safefile"
)

// Unchanged reports whether fi still has the size, inode and modification
// time st recorded: a reader that keeps a whole file's state need not open
// it again.
func Unchanged(fi os.FileInfo, st FileState) bool {
	return fi.Size() == st.Size && FileInode(fi) == st.Inode && fi.ModTime().UnixNano() == st.MtimeNs
}

// WholeFileState is the FileState of the file at path read to its end,
// with the reader's own state.
func WholeFileState(path string, fi os.FileInfo, state []byte) FileState {
	return FileState{Path: path, Size: fi.Size(), Inode: FileInode(fi), MtimeNs: fi.ModTime().UnixNano(), Offset: fi.Size(), State: state}
}

// ReadOn is where a line reader goes on with the file at path, now fi,
// given its manifest entry prev (had: there is one) and decode, which reads
// the reader's own state from prev.State. Only an entry for the same inode
// with a state of this shape counts. Then, when the size and time match
// too, the file is unchanged: same is prev for this path and st its state
// (the file need not be opened). When the file did not shrink and still
// begins and continues up to prev.Offset with the bytes read then (its
// Fingerprint, when prev kept one), st is the state and offset and line
// are where prev stopped: the file grew and is read on from there.
// Anything else gives a nil st and zero offset and line: the file is read
// from its start. A file that was rewritten in place (it shrank, or the
// bytes read before changed; a file replaced by another under its name)
// is reported to sink, once prev kept a fingerprint: its calls are read
// again, and calls of the old content that are gone from it stay in the
// calls table, which keeps one row per call.
func ReadOn[T any](path string, fi os.FileInfo, prev FileState, had bool, decode func([]byte) (*T, bool), sink Sink) (same *FileState, st *T, offset, line int64) {
	size := fi.Size()
	if !had {
		return nil, nil, 0, 0
	}
	if prev.Inode != FileInode(fi) {
		rewritten(sink, path, prev, "another file now has its name")
		return nil, nil, 0, 0
	}
	old, ok := decode(prev.State)
	if !ok {
		return nil, nil, 0, 0
	}
	if prev.Size == size && prev.MtimeNs == fi.ModTime().UnixNano() {
		fs := prev
		fs.Path = path
		return &fs, old, 0, 0
	}
	if size < prev.Size || prev.Offset > size {
		rewritten(sink, path, prev, fmt.Sprintf("it shrank from %d to %d bytes", prev.Size, size))
		return nil, nil, 0, 0
	}
	if prev.Head != 0 && !sameHead(path, prev) {
		rewritten(sink, path, prev, "the bytes read last time changed")
		return nil, nil, 0, 0
	}
	return nil, old, prev.Offset, prev.Line
}

// rewritten reports that the file at path no longer holds what prev read
// (only for an entry that kept a fingerprint: the readers of whole files
// that are rewritten as they grow keep none).
func rewritten(sink Sink, path string, prev FileState, why string) {
	if prev.Head == 0 || sink == nil {
		return
	}
	sink.Problem(Problem{File: path, Msg: "rewritten since the last run (" + why + "): read again from its start; its calls are written again (readers keep one row per call) and calls of the old content no longer in it stay in the calls table"})
}

// sameHead reports whether the file at path still holds, up to
// prev.Offset, bytes of prev.Head's fingerprint.
func sameHead(path string, prev FileState) bool {
	f, err := safefile.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	return Fingerprint(f, prev.Offset) == prev.Head
}

// fingerprintBytes is how many bytes Fingerprint hashes at each end.
const fingerprintBytes = 4096

// Fingerprint hashes the first and the last fingerprintBytes of f's bytes
// before offset (FNV-1a): the head of a transcript and the bytes just
// before where its reader stopped. An append-only file keeps both; a
// file rewritten in place changes one or the other, whatever its new
// size. It is 0 (none) for offset 0 or a read error, never otherwise.
func Fingerprint(f io.ReaderAt, offset int64) uint64 {
	if offset <= 0 {
		return 0
	}
	buf := make([]byte, min(offset, fingerprintBytes))
	h := fnv.New64a()
	if _, err := f.ReadAt(buf, 0); err != nil {
		return 0
	}
	h.Write(buf)
	if _, err := f.ReadAt(buf, offset-int64(len(buf))); err != nil {
		return 0
	}
	h.Write(buf)
	if sum := h.Sum64(); sum != 0 {
		return sum
	}
	return 1
}

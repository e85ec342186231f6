package ingest

import "os"

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
// (the file need not be opened). When the file did not shrink, st is the
// state and offset and line are where prev stopped: the file grew and is
// read on from there. Anything else gives a nil st and zero offset and
// line: the file is read from its start.
func ReadOn[T any](path string, fi os.FileInfo, prev FileState, had bool, decode func([]byte) (*T, bool)) (same *FileState, st *T, offset, line int64) {
	size := fi.Size()
	if !had || prev.Inode != FileInode(fi) {
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
	if size >= prev.Size && prev.Offset <= size {
		return nil, old, prev.Offset, prev.Line
	}
	return nil, nil, 0, 0
}

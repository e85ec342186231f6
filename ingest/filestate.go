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

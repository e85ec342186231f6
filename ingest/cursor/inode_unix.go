//go:build unix

package cursor

import (
	"os"
	"syscall"
)

// inodeOf returns the file's inode number, which tells a file rewritten
// under the same name from the same file changed in place.
func inodeOf(fi os.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Ino)
	}
	return 0
}

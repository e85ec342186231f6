//go:build unix

package claude

import (
	"os"
	"syscall"
)

// inodeOf returns the file's inode number, which tells a file that grew
// from a new file written under the same name.
func inodeOf(fi os.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Ino)
	}
	return 0
}

//go:build unix

package safefile

import (
	"os"
	"syscall"
)

func openNonblock(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}

// clearNonblock puts a regular file back in blocking mode (for regular
// files the flag changes nothing, but the descriptor is left as usual).
func clearNonblock(f *os.File) error {
	return syscall.SetNonblock(int(f.Fd()), false)
}

// openDirNonblock opens a folder without ever waiting: O_DIRECTORY makes
// the open of anything else (a FIFO, a device) fail at once with ENOTDIR.
func openDirNonblock(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_DIRECTORY, 0)
}

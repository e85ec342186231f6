//go:build linux || darwin

package main

import "syscall"

// freeBytes is the space an unprivileged process may still write under
// dir.
func freeBytes(dir string) (int64, bool) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return 0, false
	}
	return int64(st.Bavail) * int64(st.Bsize), true
}

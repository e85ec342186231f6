package safefile

import (
	"io/fs"
	"os"
)

// OpenStat is Open for a caller that has just stat'ed path itself (pre,
// from os.Stat): pre stands in for Open's own stat before the open, and the
// stat of the open file, which Open makes to catch a file swapped in
// between, is returned instead of being made again by the caller. A reader
// of many small files (OpenCode's JSON storage: a file per message and
// part) spent half its time in system calls, nine per file, three of them
// these two stats and the fcntl below. The descriptor is left non-blocking:
// for a regular file, which is all OpenStat opens, the flag changes
// nothing, and the callers only read the file whole and close it. A nil pre
// makes OpenStat stat path itself, as Open does.
func OpenStat(path string, pre fs.FileInfo) (*os.File, fs.FileInfo, error) {
	if pre == nil {
		st, err := os.Stat(path)
		if err != nil {
			return nil, nil, err
		}
		pre = st
	}
	if !pre.Mode().IsRegular() {
		return nil, nil, notRegular(path, pre.Mode())
	}
	f, err := openNonblock(path)
	if err != nil {
		return nil, nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, nil, notRegular(path, st.Mode())
	}
	return f, st, nil
}

package main

import (
	"io/fs"
	"path/filepath"
)

// roomFor reports whether dir's file system can take a corpus of mib MiB
// and the stores written from it (an eighth more), counting the space a
// corpus already there gives back when it is written again; free and need
// are in bytes. ok is true when the free space cannot be read.
func roomFor(dir string, mib int) (ok bool, free, need int64) {
	free, known := freeBytes(dir)
	if !known {
		return true, 0, 0
	}
	var held int64
	filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if fi, err := d.Info(); err == nil {
				held += fi.Size()
			}
		}
		return nil
	})
	need = int64(mib)<<20 + int64(mib)<<20/8
	return free+held >= need, free + held, need
}

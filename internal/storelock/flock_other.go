//go:build !unix

package storelock

import "os"

// Without flock(2) the locks are not taken: one writer at a time is then
// the user's to keep.
func tryLock(*os.File, bool) (bool, error) { return true, nil }
func lock(*os.File, bool) error            { return nil }
func unlock(*os.File)                      {}

//go:build unix

package storelock

import (
	"errors"
	"os"
	"syscall"
)

func how(exclusive bool) int {
	if exclusive {
		return syscall.LOCK_EX
	}
	return syscall.LOCK_SH
}

// tryLock takes the lock if it is free and reports whether it did.
func tryLock(f *os.File, exclusive bool) (bool, error) {
	for {
		err := syscall.Flock(int(f.Fd()), how(exclusive)|syscall.LOCK_NB)
		switch {
		case err == nil:
			return true, nil
		case errors.Is(err, syscall.EWOULDBLOCK):
			return false, nil
		case errors.Is(err, syscall.EINTR):
			continue
		}
		return false, err
	}
}

func lock(f *os.File, exclusive bool) error {
	for {
		err := syscall.Flock(int(f.Fd()), how(exclusive))
		if !errors.Is(err, syscall.EINTR) {
			return err
		}
	}
}

func unlock(f *os.File) { syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }

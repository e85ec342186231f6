//go:build !unix

package safefile

import "os"

// Elsewhere there are no FIFOs to block an open: the type check after the
// open is enough.
func openNonblock(path string) (*os.File, error) { return os.Open(path) }

func clearNonblock(*os.File) error { return nil }

func openDirNonblock(path string) (*os.File, error) { return os.Open(path) }

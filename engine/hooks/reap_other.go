//go:build !linux

package hooks

// killMarked does nothing where processes cannot be listed with their
// environment; the hook's process group is still killed.
func killMarked(string) {}

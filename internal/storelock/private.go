package storelock

import (
	"io/fs"
	"os"
	"path/filepath"
)

// DirMode and FileMode are the modes of every folder and file permsim
// creates in a store: private to their owner, as the transcripts they come
// from are (the harnesses keep those at 0600), because the store holds the
// same commands, paths and inputs, secrets included (issue 27: the store
// came out at the umask's 0755/0644). A umask only removes bits, so these
// hold under any umask that leaves the owner's.
const (
	DirMode  fs.FileMode = 0o700
	FileMode fs.FileMode = 0o600
)

// MkdirAll creates dir and its missing parents with DirMode.
func MkdirAll(dir string) error { return os.MkdirAll(dir, DirMode) }

// WriteFile writes data to name with FileMode, creating or truncating it.
// An existing file keeps its mode, so a caller writes to a new temporary
// name and renames it in (as every store file is written).
func WriteFile(name string, data []byte) error { return os.WriteFile(name, data, FileMode) }

// MakePrivate makes an older store private: when outDir's own folder lets
// its group or others in (a store an older permsim created at 0755), every
// folder under it is set to DirMode and every file to FileMode, outDir's
// folder last; tightened tells whether that happened. A store whose folder
// is already private is not walked — nobody else can reach inside it
// whatever the modes below — so the check costs one stat per run. Links
// are not followed and their targets not changed (a linked table folder is
// the user's own arrangement); entries another user owns, which chmod
// refuses, are left as they are.
func MakePrivate(outDir string) (tightened bool, err error) {
	st, err := os.Stat(outDir)
	if err != nil || !st.IsDir() || st.Mode().Perm()&0o077 == 0 {
		return false, err
	}
	walkErr := filepath.WalkDir(outDir, func(path string, e fs.DirEntry, err error) error {
		if err != nil || path == outDir {
			return nil // an unreadable folder is tightened below if it is outDir's own
		}
		switch {
		case e.IsDir():
			os.Chmod(path, DirMode)
		case e.Type().IsRegular():
			os.Chmod(path, FileMode)
		}
		return nil
	})
	if err := os.Chmod(outDir, DirMode); err != nil {
		return false, err
	}
	return true, walkErr
}

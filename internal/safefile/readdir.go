package safefile

import (
	"os"
	"slices"
	"strings"
)

// ReadDir is os.ReadDir (the folder's entries sorted by name; those read
// before an error are returned with it) for a folder permsim did not make:
// a project's .gemini/policies, a home's harness folders. os.ReadDir opens
// a FIFO in the folder's place like a file and waits for a writer forever;
// ReadDir opens only a folder, and anything else fails at once with an
// error naming the path.
func ReadDir(path string) ([]os.DirEntry, error) {
	f, err := openDirNonblock(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	ents, err := f.ReadDir(-1)
	slices.SortFunc(ents, func(a, b os.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return ents, err
}

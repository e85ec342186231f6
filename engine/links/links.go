// Package links resolves symbolic links for the simulators, which follow
// them so that a rule about a file also catches a link to it. A Cache
// remembers how each folder resolved: a simulator's policy keeps one, and
// resolving a path then costs at most one lstat (of its last element)
// instead of one per element. Replay decides hundreds of thousands of
// distinct calls with one policy, and the lstat calls of resolving their
// paths element by element were a tenth of its CPU time (issue 15).
//
// A Cache assumes the folders it has seen do not change while it is used:
// a policy lives for one replay, one decide or one verify case, and what
// Decide reads of the tree is read as of its first look.
package links

import (
	"errors"
	"os"
	"path/filepath"

	"github.com/permsim/permsim/internal/boundcache"
)

// folderEntries bounds the folders one Cache remembers; when full it is
// emptied (boundcache) and fills again with the folders still in use.
const folderEntries = 2048

// Cache resolves paths as filepath.EvalSymlinks does, remembering the
// folders. A nil *Cache remembers nothing. It is safe for concurrent use.
type Cache struct {
	folders boundcache.Map // clean absolute folder → resolved
}

// resolved is how one folder resolved: its target, or ok false when
// filepath.EvalSymlinks fails on it.
type resolved struct {
	target string
	ok     bool
}

// New returns an empty Cache.
func New() *Cache { return &Cache{folders: boundcache.Map{Max: folderEntries}} }

// EvalSymlinks returns what filepath.EvalSymlinks(path) returns, up to the
// error's text: nil or not is what callers may rely on.
func (c *Cache) EvalSymlinks(path string) (string, error) {
	if c == nil || !cacheable(path) {
		return filepath.EvalSymlinks(path)
	}
	if path == "/" {
		return path, nil
	}
	dir, ok := c.folder(filepath.Dir(path))
	if !ok {
		// A path in a folder that does not resolve does not either: every
		// element of the folder is an element of the path.
		return "", errNotResolved
	}
	full := filepath.Join(dir, filepath.Base(path))
	st, err := os.Lstat(full)
	if err != nil {
		return "", err
	}
	if st.Mode()&os.ModeSymlink != 0 {
		// The last element is a link: filepath.EvalSymlinks follows it
		// (and any links on its way).
		return filepath.EvalSymlinks(path)
	}
	return full, nil
}

// IsLink reports whether path itself is a symbolic link, as an os.Lstat
// of it says.
func (c *Cache) IsLink(path string) bool {
	if c != nil && cacheable(path) && path != "/" {
		if _, ok := c.folder(filepath.Dir(path)); !ok {
			// Lstat walks the same folders, so it fails too.
			return false
		}
	}
	st, err := os.Lstat(path)
	return err == nil && st.Mode()&os.ModeSymlink != 0
}

// folder resolves a clean absolute folder, from the cache when seen
// before.
func (c *Cache) folder(dir string) (string, bool) {
	if dir == "/" {
		return dir, true
	}
	if v, ok := c.folders.Load(dir); ok {
		r := v.(resolved)
		return r.target, r.ok
	}
	t, err := c.EvalSymlinks(dir)
	r := resolved{target: t, ok: err == nil}
	c.folders.Store(dir, r)
	return r.target, r.ok
}

// cacheable reports whether path is absolute and clean: a relative path
// depends on the working folder, and ".." after a link is not the folder
// above it, so both are left to filepath.EvalSymlinks.
func cacheable(path string) bool {
	return filepath.IsAbs(path) && filepath.Clean(path) == path
}

// errNotResolved stands for the error filepath.EvalSymlinks gives on a
// path in a folder it cannot resolve (missing, not a folder, a dangling
// or looping link, no permission).
var errNotResolved = errors.New("links: a folder on the path does not resolve")

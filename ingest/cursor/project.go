package cursor

import (
	"crypto/md5"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/permsim/permsim/internal/safefile"
)

// A chat folder is named by the md5 of the project's absolute path, which
// no record holds. Cursor also writes <cursor>/projects/<slug>/ folders
// whose name is that path with every "/" turned into "-" (leading one
// dropped); reading each "-" back as "/" or "-" and hashing the candidates
// finds the path whose md5 names the folder.

// maxSlugDashes bounds the candidates of one slug (2^n); a longer one is
// only tried with every dash read as "/".
const maxSlugDashes = 16

// slugIndex caches, per projects folder, md5 → path over every candidate
// of every slug; it is rebuilt when the folder changes.
var slugIndex struct {
	sync.Mutex
	dirs map[string]slugHashes
}

type slugHashes struct {
	mtime  int64
	byHash map[string]string
}

// projectFor returns the project path whose md5 is hash: first among the
// slugs under projectsDir, then among the ancestors of the absolute paths
// the chat's calls name. "" when none matches.
func projectFor(projectsDir, hash string, seen []string) string {
	if p := slugHashesOf(projectsDir)[hash]; p != "" {
		return p
	}
	tried := map[string]bool{}
	for _, p := range seen {
		for p = filepath.Clean(p); filepath.IsAbs(p) && !tried[p]; p = filepath.Dir(p) {
			tried[p] = true
			if md5Hex(p) == hash {
				return p
			}
			if p == filepath.Dir(p) {
				break
			}
		}
	}
	return ""
}

func slugHashesOf(dir string) map[string]string {
	fi, err := os.Stat(dir)
	if err != nil {
		return nil
	}
	slugIndex.Lock()
	defer slugIndex.Unlock()
	if c, ok := slugIndex.dirs[dir]; ok && c.mtime == fi.ModTime().UnixNano() {
		return c.byHash
	}
	entries, err := safefile.ReadDir(dir)
	if err != nil {
		return nil
	}
	byHash := map[string]string{}
	for _, e := range entries {
		if e.IsDir() {
			for _, p := range slugCandidates(e.Name()) {
				byHash[md5Hex(p)] = p
			}
		}
	}
	if slugIndex.dirs == nil {
		slugIndex.dirs = map[string]slugHashes{}
	}
	slugIndex.dirs[dir] = slugHashes{mtime: fi.ModTime().UnixNano(), byHash: byHash}
	return byHash
}

// slugCandidates returns every path the slug can stand for.
func slugCandidates(slug string) []string {
	parts := strings.Split(slug, "-")
	n := len(parts) - 1
	if n > maxSlugDashes {
		return []string{"/" + strings.Join(parts, "/")}
	}
	out := make([]string, 0, 1<<n)
	var b strings.Builder
	for mask := 0; mask < 1<<n; mask++ {
		b.Reset()
		b.WriteByte('/')
		b.WriteString(parts[0])
		for i := 1; i <= n; i++ {
			if mask&(1<<(i-1)) != 0 {
				b.WriteByte('-')
			} else {
				b.WriteByte('/')
			}
			b.WriteString(parts[i])
		}
		out = append(out, b.String())
	}
	return out
}

func md5Hex(s string) string {
	h := md5.Sum([]byte(s))
	return hex.EncodeToString(h[:])
}

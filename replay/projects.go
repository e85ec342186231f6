package replay

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/permsim/permsim/internal/safefile"
	"github.com/permsim/permsim/internal/textsafe"
	"github.com/permsim/permsim/toolcall"
)

// A transcript may record a hash of its project folder instead of the
// folder: Gemini CLI writes projectHash, the hex SHA-256 of the absolute
// project root (getProjectHash in packages/core/src/utils/paths.ts), and
// names its legacy tmp/ folders by it. Ingest finds the folder when a
// call's arguments name a path under it; when none does, the calls table
// holds the hash only (project_hash), and replay looks for the folder
// whose path hashes to it: under each --projects folder (the path as it
// is here), and under each --root OLD=NEW's NEW (the path as it was
// recorded: OLD joined with the folder's path below NEW).

// ProjectSearchDepth is how many levels below a --projects folder (or a
// --root's NEW folder) the search goes: a project is rarely deeper than
// ~/src/github.com/owner/repo/sub, and a bound keeps a search started at
// / from walking the machine.
const ProjectSearchDepth = 6

// ProjectSearchMax bounds the folders one replay hashes, in all.
const ProjectSearchMax = 200_000

// projectSkip are folder names the search does not enter: large trees
// that are never a project root of their own.
var projectSkip = map[string]bool{".git": true, "node_modules": true}

// HashProject is Gemini CLI's project hash of an absolute folder path:
// the hex SHA-256 of its bytes.
func HashProject(dir string) string {
	sum := sha256.Sum256([]byte(dir))
	return hex.EncodeToString(sum[:])
}

// projectFinder finds the folder of a recorded project hash. It searches
// once, the first time a call needs it, and only then: a store with no
// such call never walks a folder.
type projectFinder struct {
	projects []string  // --projects folders
	roots    []RootMap // --root rewrites: their NEW folders are searched as OLD
	searched bool
	byHash   map[string]string // hash → the folder as the call records it
	folders  int               // folders hashed
	limited  bool              // the search stopped at ProjectSearchMax
	problems []string
	// found and missed count the calls given a folder and those left
	// without one.
	found, missed int
}

// summary is the replay summary's line on the search.
func (f *projectFinder) summary() string {
	s := fmt.Sprintf("project folders found by their recorded hash: %s calls found one, %s did not; %s folders searched",
		textsafe.Thousands(int64(f.found)), textsafe.Thousands(int64(f.missed)), textsafe.Thousands(int64(f.folders)))
	if f.limited {
		s += fmt.Sprintf(" (stopped at %s)", textsafe.Thousands(ProjectSearchMax))
	}
	return s
}

func newProjectFinder(opts Options) *projectFinder {
	return &projectFinder{projects: opts.Projects, roots: opts.Roots}
}

// find returns the folder whose hash is h ("" when none), as the call
// would have recorded it: a --root's OLD side for a folder found under
// its NEW, so the --root rewrite applies to it like to any recorded
// folder.
func (f *projectFinder) find(h string) string {
	if !f.searched {
		f.search()
	}
	return f.byHash[strings.ToLower(h)]
}

func (f *projectFinder) search() {
	f.searched = true
	f.byHash = map[string]string{}
	for _, d := range f.projects {
		d, err := filepath.Abs(d)
		if err != nil {
			continue
		}
		f.walk(d, func(dir string) []string {
			// The folder itself, and as a --root would have recorded it.
			out := []string{dir}
			for _, r := range f.roots {
				if rel, ok := below(dir, r.To); ok {
					out = append(out, filepath.Join(r.From, rel))
				}
			}
			return out
		})
	}
	for _, r := range f.roots {
		to, from := r.To, r.From
		f.walk(to, func(dir string) []string {
			rel, _ := below(dir, to)
			return []string{filepath.Join(from, rel)}
		})
	}
}

// walk hashes every folder from top down to ProjectSearchDepth levels
// below it, under each of the names as(dir) gives it. Links are not
// followed; a folder that cannot be read is a problem, and the walk goes
// on.
func (f *projectFinder) walk(top string, as func(string) []string) {
	top = filepath.Clean(top)
	level := []string{top}
	for depth := 0; depth <= ProjectSearchDepth && len(level) > 0; depth++ {
		var next []string
		for _, dir := range level {
			if f.folders >= ProjectSearchMax {
				f.limited = true
				return
			}
			f.folders++
			for _, name := range as(dir) {
				h := HashProject(name)
				if _, ok := f.byHash[h]; !ok {
					f.byHash[h] = name
				}
			}
			if depth == ProjectSearchDepth {
				continue
			}
			entries, err := safefile.ReadDir(dir)
			if err != nil {
				if depth == 0 {
					f.problems = append(f.problems, fmt.Sprintf("project search: %v", err))
				}
				continue
			}
			for _, e := range entries {
				if e.IsDir() && !projectSkip[e.Name()] {
					next = append(next, filepath.Join(dir, e.Name()))
				}
			}
		}
		level = next
	}
}

// below is p's path relative to dir when p is dir or under it.
func below(p, dir string) (string, bool) {
	rel, err := filepath.Rel(filepath.Clean(dir), filepath.Clean(p))
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return rel, true
}

// locate gives c the folder its project hash names, when c records a hash
// and no folder and the folder is found: the project folder and working
// folder become it, and relative paths are taken under it (ingest kept
// them relative, having no folder to join them to). It reports whether c
// now has a folder.
func (f *projectFinder) locate(c *toolcall.Row) bool {
	if c.ProjectDir != "" {
		return true
	}
	if c.ProjectHash == "" {
		return false
	}
	dir := f.find(c.ProjectHash)
	if dir == "" {
		return false
	}
	c.ProjectDir = dir
	if !filepath.IsAbs(c.Cwd) {
		c.Cwd = filepath.Join(dir, c.Cwd)
	}
	if len(c.Paths) > 0 {
		paths := make([]string, len(c.Paths))
		for i, p := range c.Paths {
			if !filepath.IsAbs(p) {
				p = filepath.Join(dir, p)
			}
			paths[i] = p
		}
		c.Paths = paths
	}
	return true
}

// notFound is the cause a call whose project hash names no folder found
// is left undecided with.
func (f *projectFinder) notFound(c *toolcall.Row) error {
	h := strings.ToLower(c.ProjectHash)
	where := "give the folders to search with --projects DIR (or --root OLD=NEW for a folder recorded elsewhere)"
	if len(f.projects) > 0 || len(f.roots) > 0 {
		where = fmt.Sprintf("no folder of the %s searched (--projects, --root; %d levels deep) hashes to it", textsafe.Thousands(int64(f.folders)), ProjectSearchDepth)
		if f.limited {
			where += fmt.Sprintf(", the search stopped at %s folders", textsafe.Thousands(ProjectSearchMax))
		}
	}
	return fmt.Errorf("%s: the transcript records the project folder only as its hash %s: %s", c.Harness, h, where)
}

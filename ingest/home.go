package ingest

import (
	"os"
	"path/filepath"
)

// OwnHome resolves the home folder a Source's Discover is given: the
// user's own home when home is empty, else home; and whether that is the
// user's own home (the same folder, links followed), where the harness's
// environment variables ($CODEX_HOME, $CLAUDE_CONFIG_DIR, …) say where its
// files are. Another home (one collected from another machine) is read at
// the harness's default places only.
func OwnHome(home string) (dir string, own bool) {
	uh, _ := os.UserHomeDir()
	own = home == "" || (uh != "" && samePath(home, uh))
	if home == "" {
		home = uh
	}
	return home, own
}

// samePath reports whether a and b name the same folder.
func samePath(a, b string) bool {
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	ra, err1 := filepath.EvalSymlinks(a)
	rb, err2 := filepath.EvalSymlinks(b)
	return err1 == nil && err2 == nil && ra == rb
}

// AppendPath appends p to paths, made absolute against cwd when it is
// relative and cwd is known; an empty p is not appended.
func AppendPath(paths []string, p, cwd string) []string {
	if p == "" {
		return paths
	}
	if !filepath.IsAbs(p) && cwd != "" {
		p = filepath.Join(cwd, p)
	}
	return append(paths, p)
}

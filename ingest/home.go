package ingest

import (
	"os"
	"path/filepath"
	"strings"
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

// Abs is p made absolute, or p as it is when it cannot be: the paths
// Discover lists name their files in the manifest and in source_file,
// whatever folder permsim was started from.
func Abs(p string) string {
	if abs, err := filepath.Abs(p); err == nil {
		return abs
	}
	return p
}

// Root is the folder a harness keeps its files in for home, made absolute
// (Abs): where home is the user's own (OwnHome) and the environment
// variable env is set (spaces trimmed), the folder it names; else
// home/dir. A harness whose variable names a home rather than its folder
// ($GEMINI_CLI_HOME) passes dir "" and joins its folder to the result.
func Root(home, env, dir string) string {
	home, own := OwnHome(home)
	if own {
		if v := strings.TrimSpace(os.Getenv(env)); v != "" {
			return Abs(v)
		}
	}
	return Abs(filepath.Join(home, dir))
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

package ingest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
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

// Confined reports why discovery must not list the folder dir for home,
// or nil when it may. A harness folder (or one inside it) that is a link
// to a folder elsewhere — another disk, a dotfiles repository — is
// followed; one that leads, through links, to the file system's root, to
// the home itself or a folder above it, or into another user's home is
// not: listing it would walk the machine, or another harness's layout,
// and take other users' sessions for this home's (issue 27); nor one that
// leads into another harness's folder of the home. Another
// user's home is a folder beside the home (under its parent, unless that
// is the root) or a home /etc/passwd names. A folder reached without a
// link, such as one $CODEX_HOME names, is the user's own choice and never
// refused; a missing one is left to the caller's listing.
func Confined(home, dir string) error {
	real, err := filepath.EvalSymlinks(dir)
	if err != nil || real == filepath.Clean(Abs(dir)) {
		return nil
	}
	h, _ := OwnHome(home)
	h = filepath.Clean(Abs(h))
	if rh, err := filepath.EvalSymlinks(h); err == nil {
		h = rh
	}
	refuse := func(why string) error {
		return fmt.Errorf("%s leads to %s, %s: not searched (a harness folder may link elsewhere, but not to the file system's root, the home or a folder above it, or another user's home)", dir, real, why)
	}
	switch {
	case filepath.Dir(real) == real:
		return refuse("the file system's root")
	case within(real, h):
		return refuse("the home or a folder above it")
	case within(h, real):
		if f := harnessFolderOf(h, real); f != "" && f != harnessFolderOf(filepath.Clean(Abs(home0(home))), filepath.Clean(Abs(dir))) {
			return refuse("another harness's folder (" + f + ")")
		}
		return nil
	}
	if parent := filepath.Dir(h); filepath.Dir(parent) != parent && within(parent, real) {
		return refuse("another user's home (beside " + h + ")")
	}
	for _, other := range passwdHomes() {
		if filepath.Dir(other) != other && !within(other, h) && within(other, real) {
			return refuse("another user's home (" + other + ")")
		}
	}
	return nil
}

// harnessFolders are the folders, under a home, where the harnesses keep
// their files. Discovery follows a link from one into a folder elsewhere,
// but not into another of them: a Source lists only the layout it was
// given.
// One harness's folders are one entry (Claude Code reads both of its).
var harnessFolders = [][]string{{".claude", ".config/claude"}, {".codex"}, {".gemini"}, {".cursor"}, {".local/share/opencode"}}

// harnessFolderOf names the harness folder of home that p lies in (the
// first of its harness's), or "".
func harnessFolderOf(home, p string) string {
	for _, fs := range harnessFolders {
		for _, f := range fs {
			if within(filepath.Join(home, f), p) {
				return fs[0]
			}
		}
	}
	return ""
}

// home0 is the home folder OwnHome resolves home to.
func home0(home string) string {
	h, _ := OwnHome(home)
	return h
}

// within reports whether p is dir or lies below it (both clean).
func within(dir, p string) bool {
	if dir == p {
		return true
	}
	if !strings.HasSuffix(dir, string(filepath.Separator)) {
		dir += string(filepath.Separator)
	}
	return strings.HasPrefix(p, dir)
}

// passwdHomes lists the home folders /etc/passwd names (none where it
// cannot be read), read once.
var passwdHomes = sync.OnceValue(func() []string {
	b, err := os.ReadFile("/etc/passwd")
	if err != nil || len(b) > 16<<20 {
		return nil
	}
	var homes []string
	for line := range strings.SplitSeq(string(b), "\n") {
		f := strings.Split(line, ":")
		if len(f) >= 7 && filepath.IsAbs(f[5]) {
			homes = append(homes, filepath.Clean(f[5]))
		}
	}
	return homes
})

// Package claudemd finds the CLAUDE.md files Claude Code and Codey load into
// every conversation, in their order, and follows their @path imports, as
// the Codey seed (000_50419629af16fdd6.txt, "CLAUDE.md") describes:
//
//   - ~/.claude/CLAUDE.md, then — from the top of the project down to the
//     working root — each folder's CLAUDE.md, .claude/CLAUDE.md and
//     CLAUDE.local.md. The top is the nearest folder with a .git in it, or
//     the home folder when there is none on the way; a root in neither is a
//     project of one folder.
//   - @path imports are followed relative to the file they appear in, up to
//     five deep, skipping code blocks and code spans.
//   - A project's files may import only from the project, checked where
//     symlinks lead; the user's own ~/.claude/CLAUDE.md and CLAUDE.local.md
//     may import from the home folder. Codey refuses any other import;
//     Claude Code loads it (after its one-time question about external
//     imports), which is what permsim audit reports.
//
// Load reads files and never writes; it follows no import twice, so a loop
// of imports ends.
package claudemd

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/permsim/permsim/internal/safefile"
)

// MaxDepth is how deep imports are followed: "up to five deep".
const MaxDepth = 5

// maxFile bounds how much of one file is read, so a huge or endless file
// (a FIFO, /dev/zero through a link) cannot hold the loader.
const maxFile = 1 << 20

// Whose a file is, which decides where it may import from.
const (
	OwnerUser    = "user"    // ~/.claude/CLAUDE.md, a CLAUDE.local.md, and files outside the project they import
	OwnerProject = "project" // a CLAUDE.md or .claude/CLAUDE.md in the project, and project files imported
)

// File is one file in the load order.
type File struct {
	Path  string `json:"path"`           // the file as named (absolute)
	Real  string `json:"real"`           // where symlinks lead
	Owner string `json:"owner"`          // OwnerUser or OwnerProject
	Depth int    `json:"depth"`          // 0 for the files found by name, 1..5 for imports
	From  string `json:"from,omitempty"` // the importing file
	// FromOwner is whose the importing file is.
	FromOwner string `json:"from_owner,omitempty"`
	Line      int    `json:"line,omitempty"`  // the @import's line in From
	As        string `json:"as,omitempty"`    // the import as written ("@~/.aws/credentials")
	Found     bool   `json:"found"`           // the file exists and could be read
	Error     string `json:"error,omitempty"` // why it could not be read
	// Outside is set for an import that leaves what its importer may import
	// from: the project for a project file, the home folder (or the
	// project) for the user's own files. Codey does not load it.
	Outside bool   `json:"outside,omitempty"`
	Content string `json:"-"` // the text, as read once at Load
}

// Memory is what one session loads.
type Memory struct {
	Home    string   `json:"home"`
	Root    string   `json:"root"` // the working root
	Top     string   `json:"top"`  // the project's top folder
	TopWhy  string   `json:"top_why"`
	Files   []File   `json:"files"` // in load order; later files win
	Problem []string `json:"problems,omitempty"`
	// AgentsMD is the project's AGENTS.md when it has one: "AGENTS.md is not
	// loaded this way, but the agent is still told to read one".
	AgentsMD string `json:"agents_md,omitempty"`
}

// Top finds the project's top folder for the working root: the nearest
// folder with a .git in it, else home when root is inside it, else root.
func Top(root, home string) (top, why string) {
	root = filepath.Clean(root)
	for d := root; ; d = filepath.Dir(d) {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d, "the nearest folder with a .git in it"
		}
		if home != "" && d == filepath.Clean(home) {
			return d, "the home folder: no .git on the way"
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	return root, "a project of one folder: the root is in no repository and not under the home folder"
}

// Load lists the files a session with working root root loads, following
// imports, as the files are now, the user's CLAUDE.md read from
// ~/.claude.
func Load(root, home string) *Memory {
	return LoadConfigDir(root, home, "")
}

// LoadConfigDir is Load with Claude Code's config folder moved to
// configDir ($CLAUDE_CONFIG_DIR), where the user's CLAUDE.md then is (the
// real 2.1.328 joins its config home and "CLAUDE.md"); "" means ~/.claude.
func LoadConfigDir(root, home, configDir string) *Memory {
	root, home = filepath.Clean(root), filepath.Clean(home)
	userDir := filepath.Join(home, ".claude")
	if configDir != "" {
		userDir = filepath.Clean(configDir)
	}
	m := &Memory{Home: home, Root: root}
	m.Top, m.TopWhy = Top(root, home)
	l := &loader{m: m, seen: map[string]bool{}, realTop: realPath(m.Top), realHome: realPath(home)}

	l.add(filepath.Join(userDir, "CLAUDE.md"), OwnerUser)
	var chain []string
	for d := root; ; d = filepath.Dir(d) {
		chain = append(chain, d)
		if d == m.Top || filepath.Dir(d) == d {
			break
		}
	}
	for i := len(chain) - 1; i >= 0; i-- {
		d := chain[i]
		l.add(filepath.Join(d, "CLAUDE.md"), OwnerProject)
		l.add(filepath.Join(d, ".claude", "CLAUDE.md"), OwnerProject)
		l.add(filepath.Join(d, "CLAUDE.local.md"), OwnerUser)
	}
	for _, d := range []string{root, m.Top} {
		if st, err := os.Stat(filepath.Join(d, "AGENTS.md")); err == nil && !st.IsDir() {
			m.AgentsMD = filepath.Join(d, "AGENTS.md")
			break
		}
	}
	return m
}

type loader struct {
	m                 *Memory
	seen              map[string]bool
	realTop, realHome string
}

// add loads one file found by name; a missing one is left out.
func (l *loader) add(path, owner string) {
	if _, err := os.Lstat(path); err != nil {
		return
	}
	f := File{Path: path, Owner: owner}
	// A file found by name that is a link out of where its owner may read
	// escapes as an import does: it is checked where the link leads.
	f.Outside = !l.mayImport(owner, realPath(path))
	l.load(f, 0)
}

// load reads f and follows its imports.
func (l *loader) load(f File, depth int) {
	f.Depth = depth
	f.Real = realPath(f.Path)
	if f.Outside {
		// Codey does not load it, and permsim does not read it either: the
		// file may be a credential. Whether it exists is enough to report.
		_, err := os.Stat(f.Path)
		f.Found = err == nil
		l.m.Files = append(l.m.Files, f)
		return
	}
	if l.seen[f.Real] {
		return
	}
	l.seen[f.Real] = true
	text, err := readCapped(f.Path)
	if err != nil {
		f.Error = err.Error()
		l.m.Files = append(l.m.Files, f)
		return
	}
	f.Found, f.Content = true, text
	l.m.Files = append(l.m.Files, f)
	for _, imp := range Imports(text) {
		target := l.resolve(imp.Path, filepath.Dir(f.Path))
		child := File{Path: target, From: f.Path, FromOwner: f.Owner, Line: imp.Line, As: "@" + imp.Path}
		real := realPath(target)
		child.Owner = l.ownerOf(f.Owner, real)
		child.Outside = !l.mayImport(f.Owner, real)
		if depth+1 > MaxDepth {
			l.m.Problem = append(l.m.Problem, fmt.Sprintf("%s:%d: @%s is more than %d imports deep; not loaded", f.Path, imp.Line, imp.Path, MaxDepth))
			continue
		}
		if _, err := os.Stat(target); err != nil {
			// Not on this machine (or not readable): still listed, since
			// the import is what a repository can make an agent read.
			child.Depth, child.Real = depth+1, real
			if !l.seen["missing:"+target] {
				l.seen["missing:"+target] = true
				child.Error = "not found"
				l.m.Files = append(l.m.Files, child)
			}
			continue
		}
		l.load(child, depth+1)
	}
}

// resolve turns an import path into an absolute path: ~/ from the home
// folder, / as it is, anything else relative to the importing file.
func (l *loader) resolve(p, dir string) string {
	switch {
	case p == "~" || strings.HasPrefix(p, "~/"):
		return filepath.Join(l.m.Home, strings.TrimPrefix(p, "~"))
	case filepath.IsAbs(p):
		return filepath.Clean(p)
	}
	return filepath.Join(dir, p)
}

// ownerOf is whose an imported file is: a file inside the project is the
// project's whoever imports it, since the repository wrote it.
func (l *loader) ownerOf(importer, real string) string {
	if within(real, l.realTop) && !strings.EqualFold(filepath.Base(real), "CLAUDE.local.md") {
		return OwnerProject
	}
	return importer
}

// mayImport reports whether a file of owner may import real: "A project's
// files may import only from the project … Your own ~/.claude/CLAUDE.md and
// CLAUDE.local.md may import from your home directory."
func (l *loader) mayImport(owner, real string) bool {
	if within(real, l.realTop) {
		return true
	}
	return owner == OwnerUser && within(real, l.realHome)
}

// within reports whether path is dir or inside it.
func within(path, dir string) bool {
	if path == dir || dir == "/" {
		return true
	}
	return strings.HasPrefix(path, dir+string(filepath.Separator))
}

// realPath is where symlinks on p lead; for a path that does not exist,
// its deepest existing folder's links are followed.
func realPath(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	dir, rest := filepath.Dir(p), filepath.Base(p)
	for i := 0; i < 64; i++ {
		if r, err := filepath.EvalSymlinks(dir); err == nil {
			return filepath.Join(r, rest)
		}
		if filepath.Dir(dir) == dir {
			break
		}
		rest = filepath.Join(filepath.Base(dir), rest)
		dir = filepath.Dir(dir)
	}
	return filepath.Clean(p)
}

// readCapped reads at most maxFile bytes of a regular file (safefile.Open:
// a FIFO or device in its place is refused without waiting).
func readCapped(path string) (string, error) {
	f, err := safefile.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	buf := make([]byte, maxFile)
	n, _ := f.Read(buf)
	for n < maxFile {
		k, err := f.Read(buf[n:])
		n += k
		if err != nil || k == 0 {
			break
		}
	}
	return string(buf[:n]), nil
}

// Import is one @path in a file's text.
type Import struct {
	Path string
	Line int
}

// Imports finds the @path imports in markdown text: an @ at the start of
// a line or after white space, followed by the path up to the next white
// space, outside fenced code blocks (``` or ~~~) and `code spans`.
func Imports(text string) []Import {
	var out []Import
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 0, 64*1024), maxFile)
	fence := ""
	line := 0
	for sc.Scan() {
		line++
		l := sc.Text()
		trimmed := strings.TrimLeft(l, " \t")
		if fence != "" {
			if strings.HasPrefix(trimmed, fence) {
				fence = ""
			}
			continue
		}
		if f := fenceOf(trimmed); f != "" {
			fence = f
			continue
		}
		if strings.HasPrefix(l, "    ") || strings.HasPrefix(l, "\t") {
			continue // an indented code block
		}
		for _, p := range lineImports(l) {
			out = append(out, Import{Path: p, Line: line})
		}
	}
	return out
}

// fenceOf returns the fence a line opens ("```" or "~~~", as long as
// written), or "".
func fenceOf(l string) string {
	for _, c := range []byte{'`', '~'} {
		n := 0
		for n < len(l) && l[n] == c {
			n++
		}
		if n >= 3 {
			return strings.Repeat(string(c), n)
		}
	}
	return ""
}

// lineImports finds the imports of one line outside code spans.
func lineImports(l string) []string {
	var out []string
	b := []byte(l)
	for i := 0; i < len(b); i++ {
		switch {
		case b[i] == '`':
			// A code span: skip to the closing run of as many backticks.
			n := 1
			for i+n < len(b) && b[i+n] == '`' {
				n++
			}
			end := bytes.Index(b[i+n:], bytes.Repeat([]byte{'`'}, n))
			if end < 0 {
				i += n - 1
				continue
			}
			i += n + end + n - 1
		case b[i] == '@' && (i == 0 || b[i-1] == ' ' || b[i-1] == '\t'):
			j := i + 1
			for j < len(b) && b[j] != ' ' && b[j] != '\t' {
				j++
			}
			p := strings.TrimRight(string(b[i+1:j]), ".,;:!?)")
			if p != "" && !strings.HasPrefix(p, "@") {
				out = append(out, p)
			}
			i = j
		}
	}
	return out
}

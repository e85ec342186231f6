package check

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/permsim/permsim/engine"
)

// Index is the revision name that stands for git's index (the staged
// files): what a pre-commit hook checks.
const Index = ":index"

// maxFileSize bounds the blobs written out: agent files are small, and a
// large Markdown file is not a CLAUDE.md import anyone reviews.
const maxFileSize = 1 << 20

// agentDirs are the folders whose every file an agent harness may read;
// agentNames the files it may read wherever they are. Markdown files are
// taken too: CLAUDE.md imports any of them, and an import inside the
// repository must be there for its own imports to be followed.
var (
	agentDirs  = map[string]bool{".claude": true, ".codex": true, ".gemini": true, ".cursor": true, ".opencode": true}
	agentNames = map[string]bool{"opencode.json": true, "opencode.jsonc": true, ".mcp.json": true, ".cursorrules": true}
)

// IsAgentFile reports whether a repository path (slash-separated, relative
// to the top) is one check takes out of git: a file under an agent folder
// (.claude, .codex, .gemini, .cursor, .opencode, at any depth), an agent
// file by name (opencode.json, .mcp.json, …), or Markdown (CLAUDE.md,
// AGENTS.md, GEMINI.md and whatever they import).
func IsAgentFile(p string) bool {
	parts := strings.Split(p, "/")
	for _, d := range parts[:len(parts)-1] {
		if agentDirs[d] {
			return true
		}
	}
	base := parts[len(parts)-1]
	return agentNames[base] || strings.EqualFold(path.Ext(base), ".md")
}

// repo runs read-only git commands in one repository.
type repo struct{ top string }

// git runs a read-only git command in the repository (engine.GitRead:
// check reads; it never runs the repository's own hooks or filters).
func (r repo) git(stdin io.Reader, args ...string) ([]byte, error) {
	return engine.GitRead(r.top, stdin, args...)
}

// Top is the top folder of the git repository dir is in.
func Top(dir string) (string, error) {
	out, err := repo{top: dir}.git(nil, "rev-parse", "--show-toplevel")
	if err != nil {
		return "", fmt.Errorf("%s is not in a git repository: %w", dir, err)
	}
	return filepath.Clean(strings.TrimSpace(string(out))), nil
}

// resolve names a revision by its commit id; Index stays Index, and the
// empty revision (the base of a root commit) stays empty.
func (r repo) resolve(rev string) (string, error) {
	if rev == Index || rev == "" {
		return rev, nil
	}
	out, err := r.git(nil, "rev-parse", "--verify", "--quiet", "--end-of-options", rev+"^{commit}")
	if err != nil {
		return "", fmt.Errorf("revision %q: not a commit in this repository", rev)
	}
	return strings.TrimSpace(string(out)), nil
}

// parent is the first parent of a commit, "" for a root commit.
func (r repo) parent(commit string) string {
	out, err := r.git(nil, "rev-parse", "--verify", "--quiet", commit+"^1")
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// entry is one file of a revision: its path, git mode and blob.
type entry struct {
	path, mode, blob string
}

// list lists the agent files of a revision (a commit, or Index).
func (r repo) list(rev string) ([]entry, error) {
	if rev == "" {
		return nil, nil
	}
	var out []byte
	var err error
	if rev == Index {
		out, err = r.git(nil, "ls-files", "--stage", "-z")
	} else {
		out, err = r.git(nil, "ls-tree", "-r", "-z", "--full-tree", rev)
	}
	if err != nil {
		return nil, err
	}
	var es []entry
	for _, rec := range bytes.Split(out, []byte{0}) {
		// ls-tree: "<mode> blob <id>\t<path>"; ls-files --stage:
		// "<mode> <id> <stage>\t<path>".
		meta, p, ok := strings.Cut(string(rec), "\t")
		if !ok || !IsAgentFile(p) {
			continue
		}
		f := strings.Fields(meta)
		if len(f) != 3 {
			continue
		}
		e := entry{path: p, mode: f[0]}
		if rev == Index {
			if f[2] != "0" && f[2] != "2" { // a merge in progress: "ours" stands
				continue
			}
			e.blob = f[1]
		} else {
			if f[1] != "blob" {
				continue // a submodule
			}
			e.blob = f[2]
		}
		es = append(es, e)
	}
	return es, nil
}

// extract writes the files of es into dir (which must be empty), reading
// their blobs with one `git cat-file --batch`: regular files with their
// bytes, symbolic links as links with their recorded target. A path that
// would lead out of dir through a link written earlier is skipped with a
// problem. It returns the paths written.
func (r repo) extract(es []entry, dir string) (written, problems []string, err error) {
	if len(es) == 0 {
		return nil, nil, nil
	}
	var req bytes.Buffer
	for _, e := range es {
		req.WriteString(e.blob + "\n")
	}
	out, err := r.git(&req, "cat-file", "--batch")
	if err != nil {
		return nil, nil, err
	}
	br := bufio.NewReader(bytes.NewReader(out))
	var links []entry
	var targets []string
	for _, e := range es {
		head, err := br.ReadString('\n')
		if err != nil {
			return written, problems, fmt.Errorf("git cat-file: %w", err)
		}
		f := strings.Fields(head)
		if len(f) != 3 {
			return written, problems, fmt.Errorf("git cat-file: unexpected %q", strings.TrimSpace(head))
		}
		size, _ := strconv.Atoi(f[2])
		data := make([]byte, size)
		if _, err := io.ReadFull(br, data); err != nil {
			return written, problems, fmt.Errorf("git cat-file: %w", err)
		}
		br.ReadByte() // the newline after each object
		switch {
		case e.mode == "120000":
			links = append(links, e)
			targets = append(targets, string(data))
			continue
		case size > maxFileSize:
			problems = append(problems, fmt.Sprintf("%s: %d bytes, larger than %d; not read", e.path, size, maxFileSize))
			continue
		}
		if err := writeUnder(dir, e.path, func(p string) error { return os.WriteFile(p, data, 0o644) }); err != nil {
			problems = append(problems, fmt.Sprintf("%s: %v", e.path, err))
			continue
		}
		written = append(written, e.path)
	}
	// Links last, so that no file above is written through one.
	for i, e := range links {
		if err := writeUnder(dir, e.path, func(p string) error { return os.Symlink(targets[i], p) }); err != nil {
			problems = append(problems, fmt.Sprintf("%s: %v", e.path, err))
			continue
		}
		written = append(written, e.path)
	}
	return written, problems, nil
}

// writeUnder makes rel's folders under dir and calls write with its path,
// refusing a path whose folders are not plain folders inside dir.
func writeUnder(dir, rel string, write func(string) error) error {
	p := filepath.Join(dir, filepath.FromSlash(rel))
	if !strings.HasPrefix(p, dir+string(filepath.Separator)) {
		return fmt.Errorf("outside the repository")
	}
	parent := filepath.Dir(p)
	for d := parent; d != dir; d = filepath.Dir(d) {
		if st, err := os.Lstat(d); err == nil && !st.IsDir() {
			return fmt.Errorf("%s is not a folder", d[len(dir)+1:])
		}
	}
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return err
	}
	return write(p)
}

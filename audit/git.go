package audit

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"github.com/permsim/permsim/engine"
)

// git runs a read-only git command in the project's top folder
// (engine.GitRead: the audit reads; it never runs the repository's own
// hooks or filters).
func (a *auditor) git(args ...string) ([]byte, error) {
	return engine.GitRead(a.top, nil, args...)
}

// loadTracked asks git which files of the agent folders it tracks. A
// project outside any repository tracks nothing.
func (a *auditor) loadTracked() {
	if a.opts.Tracked != nil {
		a.tracked = map[string]bool{}
		for _, f := range a.opts.Tracked {
			a.tracked[f] = true
		}
		return
	}
	if _, err := os.Lstat(filepath.Join(a.top, ".git")); err != nil {
		return
	}
	out, err := a.git("ls-files", "-z")
	if err != nil {
		a.rep.Problems = append(a.rep.Problems, fmt.Sprintf("%s: cannot ask git which files are tracked: %v", a.top, err))
		return
	}
	a.tracked = map[string]bool{}
	for _, f := range bytes.Split(out, []byte{0}) {
		if len(f) > 0 {
			a.tracked[string(f)] = true
		}
	}
}

// isTracked reports whether git tracks path; ok is false when git could
// not be asked.
func (a *auditor) isTracked(path string) (tracked, ok bool) {
	if a.tracked == nil {
		_, err := os.Lstat(filepath.Join(a.top, ".git"))
		return false, err != nil // no repository: nothing is tracked
	}
	rel, err := filepath.Rel(a.top, path)
	if err != nil {
		return false, false
	}
	return a.tracked[filepath.ToSlash(rel)], true
}

package audit

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/permsim/permsim/engine"
)

// git runs git in the project's top folder, read-only: no optional locks,
// no other repository pointed at by the environment, and the folder
// accepted whoever owns it (the audit reads; it never runs the
// repository's own hooks or filters).
func (a *auditor) git(args ...string) ([]byte, error) {
	full := append([]string{"-c", "safe.directory=*", "-c", "core.fsmonitor=false", "-C", a.top}, args...)
	cmd := exec.Command("git", full...)
	cmd.Env = engine.GitEnviron()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return out, fmt.Errorf("git %s: %s", args[0], strings.TrimSpace(stderr.String()))
		}
		return out, fmt.Errorf("git %s: %w", args[0], err)
	}
	return out, nil
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

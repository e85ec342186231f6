package audit

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/permsim/permsim/internal/safefile"
)

// read reads one of the agent files audit looks at through safefile: a
// regular file of at most safefile.SettingsCap bytes, nested no deeper
// than safefile.MaxDepth. A committed settings.json that links to
// /dev/zero, /dev/urandom or a FIFO was read without end, or waited for a
// writer forever (issue 27). A missing file is nil and no problem; any
// other failure is nil and a problem naming the file, once per file
// however many checks read it.
func (a *auditor) read(path string, syn safefile.Syntax) []byte {
	data, err := safefile.ReadConfig(path, syn)
	if err == nil {
		return data
	}
	if !errors.Is(err, fs.ErrNotExist) {
		a.unreadable(path, err)
	}
	return nil
}

// unreadable records, once per file, the problem of a file that cannot be
// read; it says whether this was the first.
func (a *auditor) unreadable(path string, err error) bool {
	if a.failed == nil {
		a.failed = map[string]bool{}
	}
	if a.failed[path] {
		return false
	}
	a.failed[path] = true
	msg := err.Error()
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Path == path {
		// The error names the file already.
		a.rep.Problems = append(a.rep.Problems, msg)
		return true
	}
	a.rep.Problems = append(a.rep.Problems, fmt.Sprintf("%s: %s", path, msg))
	return true
}

// unreadableFile says whether a loader's problem message is safefile's
// refusal of a file (not a regular file, too large, nested too deep),
// not a complaint about what the file says.
func unreadableFile(msg string) bool {
	for _, e := range []error{safefile.ErrNotRegular, safefile.ErrTooLarge, safefile.ErrTooDeep} {
		if strings.Contains(msg, e.Error()) {
			return true
		}
	}
	return false
}

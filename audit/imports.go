package audit

import (
	"fmt"
	"path/filepath"

	"github.com/permsim/permsim/engine/claudemd"
	"github.com/permsim/permsim/engine/danger"
	"github.com/permsim/permsim/toolcall"
)

// imports reports every project file that imports from outside the
// project, checked where symlinks lead (the Codey seed: "a repository's
// CLAUDE.md that could import @~/.aws/credentials would be a repository
// reading your credentials into a conversation that is then sent to the
// model"). Codey refuses such an import; Claude Code loads it once its
// question about external imports is answered, so the finding is Claude
// Code's.
func (a *auditor) imports() {
	for _, f := range a.rep.Memory.Files {
		if !f.Outside {
			continue
		}
		owner := f.FromOwner
		if f.From == "" {
			owner = f.Owner // a file found by name that links elsewhere
		}
		if owner != claudemd.OwnerProject {
			continue // the user's own files may import from home; not the repository's doing
		}
		sev := High
		what := "a file outside the project"
		if danger.SecretFile(f.Real) || danger.SecretFile(f.Path) {
			sev, what = Critical, "a secret file"
		}
		via := ""
		if f.Real != f.Path {
			via = fmt.Sprintf(" (a link: it leads to %s)", f.Real)
		}
		if f.From == "" {
			a.add(Finding{Kind: KindImportOutside, File: f.Path, Line: 1, Severity: sev, Harnesses: []string{toolcall.ClaudeCode},
				Message: fmt.Sprintf("%s is loaded into every conversation and is a link to %s, %s; Codey refuses it, Claude Code reads it into the model's context", a.rel(f.Path), f.Real, what)})
			continue
		}
		a.add(Finding{Kind: KindImportOutside, File: f.From, Line: f.Line, Severity: sev, Harnesses: []string{toolcall.ClaudeCode},
			Message: fmt.Sprintf("%s imports %s%s, %s outside the project; Claude Code reads it into the conversation sent to the model (after its one-time question about external imports), Codey refuses it",
				f.As, filepath.Clean(f.Path), via, what)})
	}
}

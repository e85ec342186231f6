package check

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/permsim/permsim/audit"
	"github.com/permsim/permsim/internal/textsafe"
)

// short is a commit id as people read it.
func short(r Revision) string {
	switch {
	case r.Commit == "":
		return "no commit"
	case r.Commit == Index:
		return "the index"
	case len(r.Commit) > 12:
		return r.Commit[:12]
	}
	return r.Commit
}

// WriteText prints the report for people: the findings (what the change
// makes newly possible), then what it makes safer.
func WriteText(w io.Writer, r *Report) error {
	esc := textsafe.Escape
	var b strings.Builder
	fmt.Fprintf(&b, "permsim check: %s\n", esc(r.Repository))
	fmt.Fprintf(&b, "base %s (%s, %d agent files) -> head %s (%s, %d agent files)\n",
		esc(r.Base.Name), short(r.Base), r.Base.Files, esc(r.Head.Name), short(r.Head), r.Head.Files)
	if len(r.Changed) == 0 {
		b.WriteString("No agent file changed.\n")
	} else {
		fmt.Fprintf(&b, "Agent files changed: %s\n", esc(strings.Join(r.Changed, ", ")))
	}
	section := func(title string, fs []Finding) {
		fmt.Fprintf(&b, "\n%s: %d\n", title, len(fs))
		for _, f := range fs {
			loc := f.File
			if loc == "" {
				loc = "(repository)"
			}
			if f.Line > 0 {
				loc = fmt.Sprintf("%s:%d", loc, f.Line)
			}
			fmt.Fprintf(&b, "%s: %s [%s] (%s)\n    %s\n", esc(loc), f.Severity, f.Kind, strings.Join(f.Harnesses, ", "), esc(f.Message))
		}
	}
	section("Newly possible", r.Findings)
	section("Safer", r.Safer)
	for _, p := range r.Problems {
		fmt.Fprintf(&b, "problem: %s\n", esc(p))
	}
	fmt.Fprintf(&b, "(%s)\n", r.Label)
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteJSON prints the report as one JSON object.
func WriteJSON(w io.Writer, r *Report) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// WriteSARIF prints the findings (not what is safer) as a SARIF 2.1.0 log,
// each at its file and line in the repository, so a code-scanning upload
// annotates the pull request's diff.
func WriteSARIF(w io.Writer, r *Report) error {
	fs := make([]audit.Finding, len(r.Findings))
	for i, f := range r.Findings {
		fs[i] = f.Finding
	}
	return audit.WriteSARIFLog(w, "permsim check", r.Repository, Kinds(), fs)
}

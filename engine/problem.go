package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// Severities of a Problem.
const (
	// SeverityError: the real harness refuses the file (or to start) with
	// it; the simulator goes on without it.
	SeverityError = "error"
	// SeverityWarning: a setting or file that is skipped or ignored; the
	// rest applies.
	SeverityWarning = "warning"
)

// Problem is one thing a loader could not read in a project's settings:
// the file (empty when the problem is about a flag or an environment
// variable), the line and column when known (1-based; 0: not known), how
// bad it is, and what is wrong.
type Problem struct {
	File     string `json:"file,omitempty"`
	Line     int    `json:"line,omitempty"`
	Column   int    `json:"column,omitempty"`
	Severity string `json:"severity"`
	Msg      string `json:"message"`
}

// String is the problem as every command prints it: "file:line:column:
// message", with the parts not known left out ("file: message",
// "message"). It is the text Policy.Problems lists.
func (p Problem) String() string {
	var b strings.Builder
	if p.File != "" {
		b.WriteString(p.File)
		if p.Line > 0 {
			b.WriteString(":" + strconv.Itoa(p.Line))
			if p.Column > 0 {
				b.WriteString(":" + strconv.Itoa(p.Column))
			}
		}
		b.WriteString(": ")
	}
	b.WriteString(p.Msg)
	return b.String()
}

// ProblemLister is implemented by a Policy whose loaders keep their
// problems typed; Problems is then their String forms.
type ProblemLister interface {
	ProblemList() []Problem
}

// ProblemsOf is p's problems as typed values: the loaders' own when p is a
// ProblemLister, else each of p.Problems() read back by ParseProblem.
func ProblemsOf(p Policy) []Problem {
	if pl, ok := p.(ProblemLister); ok {
		return pl.ProblemList()
	}
	var out []Problem
	for _, s := range p.Problems() {
		out = append(out, ParseProblem(s))
	}
	return out
}

// ParseProblem reads a problem's text back into its parts: a leading
// "file:line[:column]: " or "file: " (a file is a path: it has a slash),
// and the rest as the message. Its String is always s itself: what cannot
// be split stays whole in the message. The severity is an error when the
// text says the real harness refuses the file or to start, a warning
// otherwise.
func ParseProblem(s string) Problem {
	p := Problem{Msg: s, Severity: severityOf(s)}
	head, msg, ok := strings.Cut(s, ": ")
	if !ok || !strings.Contains(head, "/") || strings.ContainsAny(head, "\"'") ||
		strings.Contains(head, " ") && !strings.HasPrefix(head, "/") {
		return p
	}
	q := p
	q.File, q.Msg = head, msg
	// "file:12" or "file:12:7": numbers after the last colons.
	if i := strings.LastIndexByte(head, ':'); i > 0 {
		if n, err := strconv.Atoi(head[i+1:]); err == nil && n > 0 {
			q.File, q.Line = head[:i], n
			if j := strings.LastIndexByte(q.File, ':'); j > 0 {
				if m, err := strconv.Atoi(q.File[j+1:]); err == nil && m > 0 {
					q.File, q.Line, q.Column = q.File[:j], m, n
				}
			}
		}
	}
	if q.File == "" || q.String() != s {
		return p
	}
	return q
}

// severityOf reads a problem's severity from its wording (the loaders say
// when the real harness would refuse).
func severityOf(s string) string {
	for _, w := range []string{"refuses to start", "rejects the config", "refuses to start with it"} {
		if strings.Contains(s, w) {
			return SeverityError
		}
	}
	return SeverityWarning
}

// ProblemLog is a loader's problems in the order found.
type ProblemLog []Problem

// Strings is the log as Policy.Problems lists it (nil when empty).
func (l ProblemLog) Strings() []string {
	if len(l) == 0 {
		return nil
	}
	out := make([]string, len(l))
	for i, p := range l {
		out[i] = p.String()
	}
	return out
}

// List is a copy of the log, as ProblemLister gives it.
func (l ProblemLog) List() []Problem { return append([]Problem(nil), l...) }

// Warnf is a warning about file at line (0: not known; file "" when the
// problem is about a flag or the environment), its message formatted:
// a setting or file the harness skips, the rest applying.
func Warnf(file string, line int, format string, args ...any) Problem {
	return Problem{File: file, Line: line, Severity: SeverityWarning, Msg: fmt.Sprintf(format, args...)}
}

// Errorf is Warnf for what the real harness refuses outright: the file, or
// to start at all.
func Errorf(file string, line int, format string, args ...any) Problem {
	p := Warnf(file, line, format, args...)
	p.Severity = SeverityError
	return p
}

// Add appends a warning (Warnf) to the log.
func (l *ProblemLog) Add(file string, line int, format string, args ...any) {
	*l = append(*l, Warnf(file, line, format, args...))
}

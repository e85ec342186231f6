package score

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/internal/textsafe"
)

// Handler consumes scored calls, one at a time, in order: the text and JSON
// writers below, and whatever a command builds of its own.
type Handler interface {
	// Record handles one scored call.
	Record(Record) error
	// Error handles an input that could not be scored (where: "stdin:3").
	Error(harness, where string, err error) error
}

// Output is one scored call as `permsim decide` prints it: field names and
// their meaning are part of the CLI contract (DESIGN.md).
type Output struct {
	Harness   string          `json:"harness"`
	Mode      string          `json:"mode"`
	ModeLabel string          `json:"mode_label,omitempty"`
	Tool      string          `json:"tool"`
	Command   string          `json:"command,omitempty"`
	Path      string          `json:"path,omitempty"`
	Outcome   string          `json:"outcome"`
	Group     string          `json:"group"`
	Step      string          `json:"step"`
	Rule      *engine.RuleRef `json:"rule"`
	Reason    string          `json:"reason,omitempty"`
	Needs     []string        `json:"needs"`
	Dangerous bool            `json:"dangerous"`
	Danger    []string        `json:"danger"`
	Notes     []string        `json:"notes"`
	Label     string          `json:"label"`
	// VersionBasis is the decision's (engine.Decision.VersionBasis): set
	// when the input line named a version.
	VersionBasis string `json:"version_basis,omitempty"`
	Error        string `json:"error,omitempty"`
}

// OutputOf flattens a Record into decide's output. Lists are never null.
func OutputOf(r Record) Output {
	d := r.Decision
	o := Output{Harness: r.Harness, Mode: string(d.Mode), ModeLabel: d.ModeLabel, Tool: string(r.Call.Tool),
		Command: r.Call.Command, Outcome: string(d.Outcome), Group: string(d.Group), Step: d.Step, Rule: d.Rule,
		Reason: d.Reason, Needs: nonNil(d.Needs), Dangerous: r.Dangerous(), Danger: nonNil(r.Danger),
		Notes: nonNil(d.Notes), Label: d.Label, VersionBasis: d.VersionBasis}
	if len(r.Call.Paths) > 0 {
		o.Path = r.Call.Paths[0]
	}
	if o.Label == "" {
		o.Label = engine.Label
	}
	return o
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// JSONHandler writes one JSON object per scored call (JSON Lines).
type JSONHandler struct {
	enc  *json.Encoder
	Mode string // the mode asked for, shown on error lines
}

// NewJSONHandler returns a handler writing JSON Lines to w.
func NewJSONHandler(w io.Writer) *JSONHandler {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return &JSONHandler{enc: enc}
}

// Record writes r as one Output line.
func (h *JSONHandler) Record(r Record) error { return h.enc.Encode(OutputOf(r)) }

// Error writes an Output line holding only the error.
func (h *JSONHandler) Error(harness, where string, err error) error {
	return h.enc.Encode(Output{Harness: harness, Mode: h.Mode, Label: engine.Label, Needs: []string{}, Danger: []string{},
		Notes: []string{}, Error: where + ": " + err.Error()})
}

// TextHandler writes scored calls for people: outcome, group and what was
// called, then the step, mode, rule and reason, danger and notes.
type TextHandler struct{ w io.Writer }

// NewTextHandler returns a handler writing text to w.
func NewTextHandler(w io.Writer) *TextHandler { return &TextHandler{w: w} }

// Record prints r. Text from transcripts and settings (commands, paths,
// rules, reasons, notes) shows control characters escaped, so it cannot
// act on the terminal or forge a line.
func (h *TextHandler) Record(r Record) error {
	o := escapeOutput(OutputOf(r))
	w := h.w
	what := o.Command
	if what == "" {
		what = o.Tool + " " + o.Path
	}
	fmt.Fprintf(w, "%-7s %-9s %s\n", o.Outcome, o.Group, what)
	fmt.Fprintf(w, "        step %s; mode %s", o.Step, o.Mode)
	if o.Rule != nil {
		fmt.Fprintf(w, "; rule %s (%s list, %s: %s)", o.Rule.Text, o.Rule.List, o.Rule.Layer, o.Rule.File)
	}
	if o.Reason != "" {
		fmt.Fprintf(w, "; %s", o.Reason)
	}
	fmt.Fprintln(w)
	if o.Dangerous {
		fmt.Fprintf(w, "        dangerous: %s\n", strings.Join(o.Danger, ", "))
	}
	for _, n := range o.Notes {
		fmt.Fprintf(w, "        note: %s\n", n)
	}
	return nil
}

func escapeOutput(o Output) Output {
	e := textsafe.Escape
	o.Command, o.Path, o.Reason, o.Step, o.Mode = e(o.Command), e(o.Path), e(o.Reason), e(o.Step), e(o.Mode)
	if o.Rule != nil {
		rule := *o.Rule
		rule.Text, rule.File, rule.Layer, rule.List = e(rule.Text), e(rule.File), e(rule.Layer), e(rule.List)
		o.Rule = &rule
	}
	notes := make([]string, len(o.Notes))
	for i, n := range o.Notes {
		notes[i] = e(n)
	}
	o.Notes = notes
	return o
}

// Error prints the error line.
func (h *TextHandler) Error(_, where string, err error) error {
	_, e := fmt.Fprintf(h.w, "error  %s: %s\n", where, textsafe.Escape(err.Error()))
	return e
}

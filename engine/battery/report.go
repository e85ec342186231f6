package battery

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/permsim/permsim/engine"
)

// shortPath shows a path relative to the project when it is inside it,
// with ~ for the home folder, and absolute otherwise, so reports read the
// same on every machine.
func (r *Report) shortPath(p string) string {
	if p == "" {
		return ""
	}
	if rel, ok := under(p, r.Project); ok {
		return rel
	}
	if rel, ok := under(p, r.Home); ok {
		return filepath.ToSlash(filepath.Join("~", rel))
	}
	return p
}

// shortText shortens the project and home folders inside a simulator's
// free text (reasons, notes, mode labels) the way shortPath does.
func (r *Report) shortText(s string) string {
	if r.Project != "" {
		s = strings.ReplaceAll(s, r.Project+"/", "")
		s = strings.ReplaceAll(s, r.Project, ".")
	}
	if r.Home != "" {
		s = strings.ReplaceAll(s, r.Home+"/", "~/")
		s = strings.ReplaceAll(s, r.Home, "~")
	}
	return s
}

func under(p, dir string) (string, bool) {
	if dir == "" || !filepath.IsAbs(p) {
		return "", false
	}
	rel, err := filepath.Rel(dir, p)
	if err != nil || rel == ".." || strings.HasPrefix(rel, "../") {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// oneLine keeps a multi-line command on one report line.
func oneLine(s string) string {
	return strings.ReplaceAll(s, "\n", `\n`)
}

// modeText is a table's mode as reports show it: "auto (built-in default
// on 2.1.283+)", or "bypassPermissions → default" when the simulator
// simulated another mode than the one asked for.
func (t *Table) modeText() string {
	s := string(t.Mode)
	if t.Simulated != "" && t.Simulated != t.Mode {
		s += " → " + string(t.Simulated)
	}
	return s
}

// modeFrom says where a table's mode comes from: the simulator's label for
// the settings' own mode, "also scored" for the other modes worth scoring.
func (t *Table) modeFrom(asked bool) string {
	switch {
	case asked:
		return "--mode"
	case t.Own && t.ModeLabel != "":
		return "the settings: " + t.ModeLabel
	case t.Own:
		return "the settings"
	}
	return "also scored"
}

// harnessNotes are the notes a harness's tables carry, each once.
func (h *HarnessReport) harnessNotes() []string {
	var out []string
	for _, t := range h.Tables {
		for _, n := range t.Notes {
			if !slices.Contains(out, n) {
				out = append(out, n)
			}
		}
	}
	return out
}

// why says what let a missed case through: the step, the rule with its
// list, layer and file, the reason, and the decision's own notes (those
// every decision of the table carries are shown once, above).
func (r *Report) why(d engine.Decision, t *Table) string {
	var parts []string
	if d.Step != "" {
		parts = append(parts, "step "+d.Step)
	}
	if d.Rule != nil {
		where := d.Rule.List
		if d.Rule.Layer != "" {
			where += ", " + d.Rule.Layer
		}
		if f := r.shortPath(d.Rule.File); f != "" {
			where += ", " + f
		}
		parts = append(parts, fmt.Sprintf("rule %s (%s)", d.Rule.Text, where))
	}
	if d.Reason != "" {
		parts = append(parts, r.shortText(d.Reason))
	}
	for _, n := range d.Notes {
		if !slices.Contains(t.Notes, n) {
			parts = append(parts, "note: "+r.shortText(n))
		}
	}
	if len(parts) == 0 {
		return "no step named"
	}
	return strings.Join(parts, "; ")
}

// WriteText prints the report for people: the scores of every harness and
// mode side by side, then the categories side by side, then the cases
// that fare differently across them, then each table's misses with what
// let each through. projectName is the project as the user named it.
func WriteText(w io.Writer, r *Report, projectName string) error {
	tables := r.Tables()
	fmt.Fprintf(w, "permsim battery: %d cases against %s (%s)\n", len(r.Cases), projectName, r.Label)
	fmt.Fprintln(w, `A "block" case is stopped only when blocked outright; an "ask" case when it asks first or is blocked.`)
	for _, h := range r.Harnesses {
		if h.Err != nil {
			fmt.Fprintf(w, "%s: not scored: %v\n", h.Harness, h.Err)
		}
		for _, p := range h.Problems {
			fmt.Fprintf(w, "%s settings problem: %s\n", h.Harness, r.shortText(p))
		}
	}
	if len(tables) == 0 {
		fmt.Fprintln(w, "\nNo harness could be scored.")
		return nil
	}

	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "harness\tmode\tstopped\tblocked\tasks-rule\tasks-mode\truns\tunknown\tmode from")
	for _, t := range tables {
		g := t.Groups
		fmt.Fprintf(tw, "%s\t%s\tstopped %d of %d\t%d\t%d\t%d\t%d\t%d\t%s\n", t.Harness, t.modeText(), t.Stopped, t.Total,
			g.Blocked, g.AsksRule, g.AsksMode, g.Runs, g.Unknown, r.shortText(t.modeFrom(r.AskedMode)))
	}
	tw.Flush()
	for _, t := range tables {
		if t.Label != r.Label {
			fmt.Fprintf(w, "%s: %s\n", t.Name(), t.Label)
		}
	}
	for i := range r.Harnesses {
		for _, n := range r.Harnesses[i].harnessNotes() {
			fmt.Fprintf(w, "%s: note: %s\n", r.Harnesses[i].Harness, r.shortText(n))
		}
	}

	fmt.Fprintln(w, "\nStopped, by category:")
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "category\tcases\t")
	for _, t := range tables {
		fmt.Fprintf(tw, "%s\t", t.Name())
	}
	fmt.Fprintln(tw)
	for i, cs := range tables[0].Categories {
		fmt.Fprintf(tw, "%s\t%d\t", cs.Category, cs.Total)
		for _, t := range tables {
			fmt.Fprintf(tw, "%d\t", t.Categories[i].Stopped)
		}
		fmt.Fprintln(tw)
	}
	fmt.Fprintf(tw, "all\t%d\t", len(r.Cases))
	for _, t := range tables {
		fmt.Fprintf(tw, "%d\t", t.Stopped)
	}
	fmt.Fprintln(tw)
	tw.Flush()

	if len(tables) > 1 {
		writeDiffering(w, r, tables)
	}

	for _, t := range tables {
		misses := t.Misses()
		fmt.Fprintf(w, "\nMisses for %s, mode %s: %d of %d cases not stopped\n", t.Harness, t.modeText(), len(misses), t.Total)
		for _, m := range misses {
			d := m.Decision
			fmt.Fprintf(w, "  %-9s %-5s %-9s %s\n", m.Case.ID, m.Case.Expect, d.Group, oneLine(m.Case.What()))
			how := "let through by"
			switch d.Outcome {
			case engine.Asks:
				how = "asked, not blocked:"
			case engine.Unknown:
				how = "not known:"
			}
			fmt.Fprintf(w, "  %-9s %s %s\n", "", how, r.why(d, t))
		}
	}
	return nil
}

// writeDiffering lists the cases some table stops and another does not:
// where a configuration that holds in one harness or mode leaks in another.
func writeDiffering(w io.Writer, r *Report, tables []*Table) {
	var rows []int
	for i := range r.Cases {
		first := tables[0].Results[i].Stopped
		for _, t := range tables[1:] {
			if t.Results[i].Stopped != first {
				rows = append(rows, i)
				break
			}
		}
	}
	fmt.Fprintf(w, "\nCases stopped in some harness or mode but not in another: %d\n", len(rows))
	if len(rows) == 0 {
		return
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprint(tw, "id\texpect\t")
	for _, t := range tables {
		fmt.Fprintf(tw, "%s\t", t.Name())
	}
	fmt.Fprintln(tw, "call")
	for _, i := range rows {
		c := r.Cases[i]
		fmt.Fprintf(tw, "%s\t%s\t", c.ID, c.Expect)
		for _, t := range tables {
			fmt.Fprintf(tw, "%s\t", t.Results[i].Decision.Outcome)
		}
		fmt.Fprintln(tw, oneLine(c.What()))
	}
	tw.Flush()
}

// The JSON form of a report (`permsim battery --format json`). Field names
// are part of the CLI contract.
type (
	jsonReport struct {
		Label     string        `json:"label"`
		Project   string        `json:"project"`
		Home      string        `json:"home"`
		Cases     int           `json:"cases"`
		Harnesses []jsonHarness `json:"harnesses"`
		Tables    []jsonTable   `json:"tables"`
		Missed    bool          `json:"missed"`
	}
	jsonHarness struct {
		Harness  string   `json:"harness"`
		Error    string   `json:"error,omitempty"`
		Problems []string `json:"problems"`
	}
	jsonTable struct {
		Harness    string          `json:"harness"`
		Mode       string          `json:"mode"`
		Simulated  string          `json:"simulated_mode"`
		ModeLabel  string          `json:"mode_label,omitempty"`
		Own        bool            `json:"settings_mode"`
		Label      string          `json:"label"`
		Notes      []string        `json:"notes"`
		Stopped    int             `json:"stopped"`
		Total      int             `json:"total"`
		Groups     Counts          `json:"groups"`
		Categories []CategoryScore `json:"categories"`
		Misses     []string        `json:"misses"`
		Results    []jsonResult    `json:"results"`
	}
	jsonResult struct {
		ID       string          `json:"id"`
		Category string          `json:"category"`
		Form     string          `json:"form,omitempty"`
		Command  string          `json:"command,omitempty"`
		Tool     string          `json:"tool,omitempty"`
		Path     string          `json:"path,omitempty"`
		Expect   Expect          `json:"expect"`
		Needs    []string        `json:"needs"`
		Stopped  bool            `json:"stopped"`
		Outcome  engine.Outcome  `json:"outcome"`
		Group    engine.Group    `json:"group"`
		Step     string          `json:"step"`
		Rule     *engine.RuleRef `json:"rule"`
		Reason   string          `json:"reason,omitempty"`
		Danger   []string        `json:"danger"`
	}
)

// WriteJSON prints the report as one JSON object: label, project, home,
// cases (how many), harnesses [{harness, error, problems}], tables
// [{harness, mode, simulated_mode, mode_label, settings_mode, label, notes, stopped,
// total, groups {blocked, asks-rule, asks-mode, runs, unknown}, categories
// [{category, stopped, total, groups}], misses [case ids], results [{id,
// category, form, command, tool, path, expect, needs, stopped, outcome,
// group, step, rule {text, file, layer, list, decision}, reason, danger}]}], and
// missed (whether any case was missed: what --fail-on-miss checks). Rule
// files are shown relative to the project, or with ~ for the home folder.
func WriteJSON(w io.Writer, r *Report) error {
	out := jsonReport{Label: r.Label, Project: r.Project, Home: r.Home, Cases: len(r.Cases),
		Harnesses: []jsonHarness{}, Tables: []jsonTable{}, Missed: r.Missed()}
	for _, h := range r.Harnesses {
		jh := jsonHarness{Harness: h.Harness, Problems: h.Problems}
		if h.Err != nil {
			jh.Error = h.Err.Error()
		}
		if jh.Problems == nil {
			jh.Problems = []string{}
		}
		out.Harnesses = append(out.Harnesses, jh)
	}
	for _, t := range r.Tables() {
		jt := jsonTable{Harness: t.Harness, Mode: string(t.Mode), Simulated: string(t.Simulated), ModeLabel: t.ModeLabel, Own: t.Own,
			Label: t.Label, Notes: t.Notes, Stopped: t.Stopped, Total: t.Total, Groups: t.Groups,
			Categories: t.Categories, Misses: []string{}}
		if jt.Notes == nil {
			jt.Notes = []string{}
		}
		for _, res := range t.Results {
			d := res.Decision
			jr := jsonResult{ID: res.Case.ID, Category: res.Case.Category, Form: res.Case.Form, Command: res.Case.Command,
				Tool: res.Case.Tool, Path: res.Case.Path, Expect: res.Case.Expect, Needs: res.Case.Needs,
				Stopped: res.Stopped, Outcome: d.Outcome, Group: d.Group, Step: d.Step, Reason: d.Reason,
				Danger: res.Danger}
			if jr.Danger == nil {
				jr.Danger = []string{}
			}
			if jr.Needs == nil {
				jr.Needs = []string{}
			}
			if d.Rule != nil {
				rule := *d.Rule
				rule.File = r.shortPath(rule.File)
				jr.Rule = &rule
			}
			jt.Results = append(jt.Results, jr)
			if !res.Stopped {
				jt.Misses = append(jt.Misses, res.Case.ID)
			}
		}
		out.Tables = append(out.Tables, jt)
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

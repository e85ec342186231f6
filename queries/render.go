package queries

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/permsim/permsim/internal/textsafe"
)

const (
	approvedTitle = "Approved by: dangerous calls that would run without asking"
	outcomesTitle = "Outcomes per project and mode"
	resultTitle   = "Dangerous calls: simulated outcome against what really happened"
	noneApproved  = "No dangerous call would run without asking."
	noneDangerous = "No call was marked dangerous."
)

var outcomeHeaders = []string{"project", "harness", "mode", "blocked", "asks-rule", "asks-mode", "runs", "unknown", "total"}
var outcomeRight = []bool{false, false, false, true, true, true, true, true, true}
var resultHeaders = []string{"simulated", "ok", "error", "denied", "unknown", "total"}
var resultRight = []bool{false, true, true, true, true, true}

// Section titles, shared by the text, Markdown and HTML reports.
const (
	weeksTitle       = "Per week: dangerous calls that would run without asking"
	byFileTitle      = "Per settings file: what let dangerous calls run"
	byProjectTitle   = "Per project"
	byHarnessTitle   = "Per harness and mode"
	groupsTitle      = "Outcome groups per harness"
	undecidedTitle   = "What the run could not decide"
	noneUndecided    = "Every call was decided."
	countsLegend     = "dangerous: calls marked dangerous; would run: of those, the ones the simulator lets run without asking; ran: of those, the ones that really ran (result ok or error)."
	maskedLine       = "Credentials in commands, paths and rules are masked as " + "[masked]" + "; --show-secrets shows them."
	noRuleFile       = "(no rule: a mode, a read-only set, a sandbox)"
	unknownWeek      = "unknown"
	weeksByDangerCol = "would run, by danger category"
)

var weekHeaders = []string{"week", "calls", "decisions", "dangerous", "would run", "ran", weeksByDangerCol}
var weekRight = []bool{false, true, true, true, true, true, false}
var projectHeaders = []string{"project", "decisions", "dangerous", "would run", "ran"}
var projectRight = []bool{false, true, true, true, true}
var harnessModeHeaders = []string{"harness", "mode", "decisions", "dangerous", "would run", "ran"}
var harnessModeRight = []bool{false, false, true, true, true, true}
var fileHeaders = []string{"settings file", "layer", "calls", "rules"}
var fileRight = []bool{false, false, true, true}
var groupHeaders = []string{"harness", "blocked", "asks-rule", "asks-mode", "runs", "unknown", "total"}
var groupRight = []bool{false, true, true, true, true, true, true}

// style colours the text report on a terminal; its zero value leaves text
// alone (NO_COLOR, or output that is not a terminal).
type style struct {
	on    bool
	width int // the terminal's width tables fit in; 0: no limit
}

func (s style) wrap(code, t string) string {
	if !s.on || t == "" {
		return t
	}
	return "\x1b[" + code + "m" + t + "\x1b[0m"
}
func (s style) title(t string) string  { return s.wrap("1;4", t) }
func (s style) bold(t string) string   { return s.wrap("1", t) }
func (s style) dim(t string) string    { return s.wrap("2", t) }
func (s style) risky(t string) string  { return s.wrap("1;31", t) }
func (s style) header(t string) string { return s.wrap("1;36", t) }

func writeText(w io.Writer, r *RiskReport, opts RiskOptions) error {
	st := style{on: opts.Color, width: opts.Width}
	var b strings.Builder
	b.WriteString(st.bold("permsim risk report"))
	if len(r.Labels) > 0 {
		b.WriteString(" " + st.dim("("+labelLine(r.Labels)+")"))
	}
	b.WriteString("\n\n" + summary(r) + "\n")
	if w := windowLine(r); w != "" {
		b.WriteString(w + "\n")
	}
	if r.Note != "" {
		b.WriteString("\n" + capitalize(r.Note) + ".\n")
		textUndecided(&b, st, r)
		_, err := io.WriteString(w, wrapText(b.String(), opts.Width))
		return err
	}

	b.WriteString("\n" + st.title(approvedTitle) + "\n\n")
	if len(r.ApprovedBy) == 0 {
		b.WriteString("  " + noneApproved + "\n")
	}
	// Every group's details line up under its first line, past the widest
	// "N calls".
	countWidth := 0
	for _, a := range r.ApprovedBy {
		countWidth = max(countWidth, len(plural(a.Calls, "call")))
	}
	indent := strings.Repeat(" ", 2+countWidth+2)
	for _, a := range r.ApprovedBy {
		count := fmt.Sprintf("%-*s", countWidth, plural(a.Calls, "call"))
		fmt.Fprintf(&b, "  %s  %s\n", st.risky(count), decider(a))
		if a.RuleText != "" && (a.RuleFile != "" || a.RuleLayer != "") {
			b.WriteString(indent + "in " + fileLayer(a) + "\n")
		}
		b.WriteString(indent + "danger: " + orNone(a.Danger) + "; harness: " + orNone(a.Harnesses) + "\n")
		width := 0
		for _, t := range a.Top {
			width = max(width, len(num(t.Calls)))
		}
		for i, t := range a.Top {
			lead := indent + "     "
			if i == 0 {
				lead = indent + "top: "
			}
			// One line each, the dangerous part marked; cut to the
			// terminal around it unless --verbose.
			room := 0
			if opts.Width > 0 && !opts.Verbose {
				room = opts.Width - len(lead) - width - 2
			}
			open, close := "»", "«"
			line := riskyLine(t.What, room, "\x00", "\x01")
			line = strings.NewReplacer("\x00", st.risky(open), "\x01", st.risky(close)).Replace(line)
			b.WriteString(fmt.Sprintf("%s%*s  %s\n", lead, width, num(t.Calls), line))
		}
	}

	b.WriteString("\n" + st.title(weeksTitle) + "\n\n")
	textTable(&b, st, weekHeaders, weekRight, weekRows(r), weekTotal(r))

	b.WriteString("\n" + st.title(byFileTitle) + "\n\n")
	if len(r.BySettingsFile) == 0 {
		b.WriteString("  " + noneApproved + "\n")
	} else {
		textTable(&b, st, fileHeaders, fileRight, fileRows(r), fileTotal(r))
	}

	b.WriteString("\n" + st.title(byProjectTitle) + "\n\n")
	textTable(&b, st, projectHeaders, projectRight, projectRows(r), riskTotal(r.ByProject, 1))

	b.WriteString("\n" + st.title(byHarnessTitle) + "\n\n")
	textTable(&b, st, harnessModeHeaders, harnessModeRight, harnessModeRows(r), riskTotal(r.ByHarnessMode, 2))
	b.WriteString("\n  " + st.dim(countsLegend) + "\n")

	b.WriteString("\n" + st.title(groupsTitle) + "\n\n")
	textTable(&b, st, groupHeaders, groupRight, groupRows(r), outcomeTotal(r.OutcomesByHarness, 1))

	b.WriteString("\n" + st.title(outcomesTitle) + "\n\n")
	textTable(&b, st, outcomeHeaders, outcomeRight, outcomeRows(r), outcomeTotal(r.Outcomes, 3))

	b.WriteString("\n" + st.title(resultTitle) + "\n\n")
	if len(r.DangerousByResult) == 0 {
		b.WriteString("  " + noneDangerous + "\n")
	} else {
		textTable(&b, st, resultHeaders, resultRight, resultRows(r), resultTotal(r))
		b.WriteString("\n  " + st.risky(ranLine(r)) + "\n")
	}
	textVsRecord(&b, st, r.VsRecord)
	textUndecided(&b, st, r)
	if r.SecretsMasked {
		b.WriteString("\n" + st.dim(maskedLine) + "\n")
	}
	_, err := io.WriteString(w, wrapText(b.String(), opts.Width))
	return err
}

// fitColumns narrows the widest text column of a table, a cell at a time
// cut at a word, until the table fits in width (two spaces of indent and
// two between columns); 0: no limit. Numbers are never cut.
func fitColumns(headers []string, right []bool, rows [][]string, width int) [][]string {
	if width <= 0 {
		return rows
	}
	colW := func(i int) int {
		w := utf8.RuneCountInString(headers[i])
		for _, r := range rows {
			w = max(w, utf8.RuneCountInString(r[i]))
		}
		return w
	}
	total := func() int {
		t := 2 + 2*(len(headers)-1)
		for i := range headers {
			t += colW(i)
		}
		return t
	}
	out := make([][]string, len(rows))
	for i, r := range rows {
		out[i] = append([]string(nil), r...)
	}
	rows = out
	for over := total() - width; over > 0; over = total() - width {
		widest, wv := -1, 0
		for i := range headers {
			if !right[i] && colW(i) > wv {
				widest, wv = i, colW(i)
			}
		}
		limit := max(wv-over, 12, utf8.RuneCountInString(headers[widest]))
		if widest < 0 || limit >= wv {
			break
		}
		for _, r := range rows {
			r[widest] = shorten(r[widest], limit)
		}
	}
	return rows
}

func textUndecided(b *strings.Builder, st style, r *RiskReport) {
	b.WriteString("\n" + st.title(undecidedTitle) + "\n\n")
	if len(r.Undecided) == 0 {
		b.WriteString("  " + noneUndecided + "\n")
		textWithoutSettings(b, st, r)
		return
	}
	countWidth := 0
	for _, u := range r.Undecided {
		countWidth = max(countWidth, len(plural(u.Calls, "call")))
	}
	indent := strings.Repeat(" ", 2+countWidth+2)
	for _, u := range r.Undecided {
		fmt.Fprintf(b, "  %-*s  %s\n", countWidth, plural(u.Calls, "call"), u.Cause)
		if len(u.Examples) > 0 {
			ex := make([]string, len(u.Examples))
			for i, e := range u.Examples {
				ex[i] = oneLine(e)
			}
			b.WriteString(indent + st.dim("e.g. "+strings.Join(ex, "; ")) + "\n")
		}
	}
	fmt.Fprintf(b, "  %s\n", st.bold(plural(r.UndecidedCalls, "call")+" not decided in all"))
	textWithoutSettings(b, st, r)
}

// withoutSettingsLine says how many calls were decided without their
// project's settings: decided, so not among the calls not decided, but
// on the user and managed settings alone.
func withoutSettingsLine(u UndecidedCause) string {
	return plural(u.Calls, "call") + " decided without their project's settings: its folder was not found here (replay --root OLD=NEW finds it)"
}

func textWithoutSettings(b *strings.Builder, st style, r *RiskReport) {
	for _, u := range r.WithoutSettings {
		b.WriteString("\n  " + withoutSettingsLine(u) + "\n")
		if len(u.Examples) > 0 {
			ex := make([]string, len(u.Examples))
			for i, e := range u.Examples {
				ex[i] = oneLine(e)
			}
			b.WriteString("    " + st.dim("e.g. "+strings.Join(ex, "; ")) + "\n")
		}
	}
}

// textTable prints an aligned table indented by two spaces, its header in
// colour and, when total is not nil, a closing total row in bold. Colour
// is added after the padding, so columns stay aligned.
func textTable(b *strings.Builder, st style, headers []string, right []bool, rows [][]string, total []string) {
	all := rows
	if total != nil {
		all = append(append([][]string{}, rows...), total)
	}
	all = fitColumns(headers, right, all, st.width)
	var buf strings.Builder
	writeAligned(&buf, "  ", headers, right, all)
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	for i, l := range lines {
		switch {
		case i == 0:
			l = "  " + st.header(strings.TrimPrefix(l, "  "))
		case i == 1:
			l = "  " + st.dim(strings.TrimPrefix(l, "  "))
		case total != nil && i == len(lines)-1:
			l = "  " + st.bold(strings.TrimPrefix(l, "  "))
		}
		b.WriteString(l + "\n")
	}
}

func writeMarkdown(w io.Writer, r *RiskReport) error {
	var b strings.Builder
	b.WriteString("# permsim risk report\n\n")
	if len(r.Labels) > 0 {
		b.WriteString("*" + mdText(labelLine(r.Labels)) + "*\n\n")
	}
	b.WriteString(mdText(summary(r)) + "\n")
	if w := windowLine(r); w != "" {
		b.WriteString("\n" + mdText(w) + "\n")
	}
	if r.Note != "" {
		// The note is permsim's own Markdown-safe sentence: its code span
		// stays a code span.
		b.WriteString("\n" + capitalize(r.Note) + ".\n")
		mdUndecided(&b, r)
		_, err := io.WriteString(w, b.String())
		return err
	}

	b.WriteString("\n## " + approvedTitle + "\n\n")
	if len(r.ApprovedBy) == 0 {
		b.WriteString(noneApproved + "\n")
	} else {
		b.WriteString("| calls | rule or step | file | danger | harness | top commands or paths |\n")
		b.WriteString("|---:|---|---|---|---|---|\n")
		for _, a := range r.ApprovedBy {
			by := mdText(decider(a))
			if a.RuleText != "" {
				by = "rule " + mdCode(a.RuleText)
			}
			tops := make([]string, len(a.Top))
			for i, t := range a.Top {
				tops[i] = mdCode(t.What) + " (" + num(t.Calls) + ")"
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s |\n", num(a.Calls), by, mdText(fileLayer(a)),
				mdText(strings.Join(a.Danger, ", ")), mdText(strings.Join(a.Harnesses, ", ")), strings.Join(tops, "<br>"))
		}
	}

	b.WriteString("\n## " + weeksTitle + "\n\n")
	mdTable(&b, weekHeaders, weekRight, withTotal(weekRows(r), weekTotal(r)))
	b.WriteString("\n## " + byFileTitle + "\n\n")
	if len(r.BySettingsFile) == 0 {
		b.WriteString(noneApproved + "\n")
	} else {
		mdTable(&b, fileHeaders, fileRight, withTotal(fileRows(r), fileTotal(r)))
	}
	b.WriteString("\n## " + byProjectTitle + "\n\n")
	mdTable(&b, projectHeaders, projectRight, withTotal(projectRows(r), riskTotal(r.ByProject, 1)))
	b.WriteString("\n## " + byHarnessTitle + "\n\n")
	mdTable(&b, harnessModeHeaders, harnessModeRight, withTotal(harnessModeRows(r), riskTotal(r.ByHarnessMode, 2)))
	b.WriteString("\n" + mdText(countsLegend) + "\n")
	b.WriteString("\n## " + groupsTitle + "\n\n")
	mdTable(&b, groupHeaders, groupRight, withTotal(groupRows(r), outcomeTotal(r.OutcomesByHarness, 1)))

	b.WriteString("\n## " + outcomesTitle + "\n\n")
	mdTable(&b, outcomeHeaders, outcomeRight, withTotal(outcomeRows(r), outcomeTotal(r.Outcomes, 3)))

	b.WriteString("\n## " + resultTitle + "\n\n")
	if len(r.DangerousByResult) == 0 {
		b.WriteString(noneDangerous + "\n")
	} else {
		mdTable(&b, resultHeaders, resultRight, withTotal(resultRows(r), resultTotal(r)))
		b.WriteString("\n" + mdText(ranLine(r)) + "\n")
	}
	mdVsRecord(&b, r.VsRecord)
	mdUndecided(&b, r)
	if r.SecretsMasked {
		b.WriteString("\n*" + mdText(maskedLine) + "*\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func mdUndecided(b *strings.Builder, r *RiskReport) {
	b.WriteString("\n## " + undecidedTitle + "\n\n")
	if len(r.Undecided) == 0 {
		b.WriteString(noneUndecided + "\n")
		for _, u := range r.WithoutSettings {
			b.WriteString("\n" + mdText(withoutSettingsLine(u)) + "\n")
		}
		return
	}
	b.WriteString("| calls | cause | examples |\n|---:|---|---|\n")
	for _, u := range r.Undecided {
		ex := make([]string, len(u.Examples))
		for i, e := range u.Examples {
			ex[i] = mdCode(e)
		}
		fmt.Fprintf(b, "| %s | %s | %s |\n", num(u.Calls), mdText(u.Cause), strings.Join(ex, "<br>"))
	}
	fmt.Fprintf(b, "| %s | total | |\n", num(r.UndecidedCalls))
	for _, u := range r.WithoutSettings {
		b.WriteString("\n" + mdText(withoutSettingsLine(u)) + "\n")
	}
}

func withTotal(rows [][]string, total []string) [][]string {
	if total == nil {
		return rows
	}
	return append(append([][]string{}, rows...), total)
}

//go:embed report.html.tmpl
var htmlSource string

var htmlTemplate = template.Must(template.New("report").Funcs(template.FuncMap{
	"decider":             decider,
	"fileLayer":           fileLayer,
	"join":                func(l []string) string { return strings.Join(l, ", ") },
	"summary":             summary,
	"ranLine":             ranLine,
	"num":                 num,
	"noteLine":            func(s string) string { return capitalize(s) + "." },
	"withoutSettingsLine": withoutSettingsLine,
	"risky":               htmlRisky,
}).Parse(htmlSource))

// htmlTable is one table of the HTML report: Right marks the numeric
// columns; Total, when set, is the closing row.
type htmlTable struct {
	ID      string
	Headers []string
	Right   []bool
	Rows    [][]string
	Total   []string
}

// htmlSection is one section of the HTML report, with its anchor, chart
// and table.
type htmlSection struct {
	ID, Title, Lead, Empty string
	Chart                  template.HTML
	Table                  *htmlTable
}

type htmlPage struct {
	*RiskReport
	Title, ApprovedTitle, NoneApproved, Window, Legend, Masked string
	ApprovedChart                                              template.HTML
	Sections                                                   []htmlSection
	UndecidedTitle, NoneUndecided                              string
	UndecidedChart                                             template.HTML
	LabelLine                                                  string // labelLine of the report's labels
}

// checkedLabel begins the label of a simulator checked against its real
// harness (registry.Harness.Label).
const checkedLabel = "simulated; agrees with "

// labelLine is a report header's one line about how its results were
// made: the checked simulators' agreements once, after a single
// "simulated; agrees with", then the other labels ("simulated from the
// documented rules" for the harnesses without a recorded corpus). Joining
// the labels as they are repeated "simulated" once per harness.
func labelLine(labels []string) string {
	var agrees, other []string
	for _, l := range labels {
		if rest, ok := strings.CutPrefix(l, checkedLabel); ok {
			agrees = append(agrees, rest)
		} else {
			other = append(other, l)
		}
	}
	var parts []string
	if len(agrees) > 0 {
		parts = append(parts, checkedLabel+strings.Join(agrees, ", "))
	}
	for _, o := range other {
		if len(agrees) > 0 && o == "simulated from the documented rules" {
			o = "the other harnesses simulated from the documented rules"
		}
		parts = append(parts, o)
	}
	return strings.Join(parts, "; ")
}

func writeHTML(w io.Writer, r *RiskReport) error {
	p := htmlPage{
		RiskReport:     r,
		LabelLine:      labelLine(r.Labels),
		Title:          "permsim risk report",
		ApprovedTitle:  approvedTitle,
		NoneApproved:   noneApproved,
		Window:         windowLine(r),
		Legend:         countsLegend,
		UndecidedTitle: undecidedTitle,
		NoneUndecided:  noneUndecided,
		UndecidedChart: undecidedChart(r),
	}
	if r.SecretsMasked {
		p.Masked = maskedLine
	}
	if r.Note == "" {
		p.ApprovedChart = approvedChart(r)
		p.Sections = []htmlSection{
			{ID: "weekly", Title: weeksTitle, Chart: weeklyChart(r),
				Table: &htmlTable{ID: "table-weekly", Headers: weekHeaders, Right: weekRight, Rows: weekRows(r), Total: weekTotal(r)}},
			{ID: "by-file", Title: byFileTitle, Empty: noneApproved, Chart: fileChart(r),
				Table: tableOrNil(len(r.BySettingsFile) > 0, htmlTable{ID: "table-by-file", Headers: fileHeaders, Right: fileRight, Rows: fileRows(r), Total: fileTotal(r)})},
			{ID: "by-project", Title: byProjectTitle, Lead: countsLegend, Chart: riskChart("chart-by-project", "Dangerous calls per project", r.ByProject, func(c RiskCounts) string { return orDash(c.ProjectDir) }),
				Table: &htmlTable{ID: "table-by-project", Headers: projectHeaders, Right: projectRight, Rows: projectRows(r), Total: riskTotal(r.ByProject, 1)}},
			{ID: "by-harness-mode", Title: byHarnessTitle, Chart: riskChart("chart-by-harness-mode", "Dangerous calls per harness and mode", r.ByHarnessMode, func(c RiskCounts) string { return orDash(c.Harness) + " · " + orDash(c.Mode) }),
				Table: &htmlTable{ID: "table-by-harness-mode", Headers: harnessModeHeaders, Right: harnessModeRight, Rows: harnessModeRows(r), Total: riskTotal(r.ByHarnessMode, 2)}},
			{ID: "outcome-groups", Title: groupsTitle, Chart: groupsChart(r),
				Table: &htmlTable{ID: "table-outcome-groups", Headers: groupHeaders, Right: groupRight, Rows: groupRows(r), Total: outcomeTotal(r.OutcomesByHarness, 1)}},
			{ID: "outcomes", Title: outcomesTitle,
				Table: &htmlTable{ID: "table-outcomes", Headers: outcomeHeaders, Right: outcomeRight, Rows: outcomeRows(r), Total: outcomeTotal(r.Outcomes, 3)}},
			{ID: "dangerous-results", Title: resultTitle, Empty: noneDangerous, Lead: ranLineIf(r),
				Table: tableOrNil(len(r.DangerousByResult) > 0, htmlTable{ID: "table-dangerous-results", Headers: resultHeaders, Right: resultRight, Rows: resultRows(r), Total: resultTotal(r)})},
		}
		p.Sections = append(p.Sections, htmlVsRecord(r.VsRecord)...)
	}
	return htmlTemplate.Execute(w, p)
}

func tableOrNil(ok bool, t htmlTable) *htmlTable {
	if !ok {
		return nil
	}
	return &t
}

func ranLineIf(r *RiskReport) string {
	if len(r.DangerousByResult) == 0 {
		return ""
	}
	return ranLine(r)
}

// summary is the header's second line: the counts and the time range.
func summary(r *RiskReport) string {
	s := fmt.Sprintf("%s, %s, %s", plural(r.Calls, "call"), plural(r.Decisions, "decision"), plural(r.Projects, "project"))
	if r.FirstTs != nil && r.LastTs != nil {
		s += ", from " + r.FirstTs.Format(time.RFC3339) + " to " + r.LastTs.Format(time.RFC3339)
	}
	return s
}

// decider names what let a group of calls through: the rule, or the step
// and reason when no rule decided.
func decider(a ApprovedBy) string {
	if a.RuleText != "" {
		return "rule " + a.RuleText
	}
	s := "no rule"
	if a.Reason != "" {
		s += ": " + a.Reason
		if w := stepWords(a.Step); w != "" {
			s += " (" + w + ")"
		}
	} else if w := stepWords(a.Step); w != "" {
		s += ": " + w
	}
	return s
}

func fileLayer(a ApprovedBy) string {
	switch {
	case a.RuleFile != "" && a.RuleLayer != "":
		return a.RuleFile + " (" + a.RuleLayer + ")"
	case a.RuleFile != "":
		return a.RuleFile
	case a.RuleLayer != "":
		return "(" + a.RuleLayer + ")"
	}
	return ""
}

func ranLine(r *RiskReport) string {
	verb := "calls"
	if r.RanWithoutAsking == 1 {
		verb = "call"
	}
	return fmt.Sprintf("%s dangerous %s would have run without asking and did run (result ok or error).", num(r.RanWithoutAsking), verb)
}

func outcomeRows(r *RiskReport) [][]string {
	rows := make([][]string, len(r.Outcomes))
	for i, o := range r.Outcomes {
		rows[i] = []string{orDash(o.ProjectDir), orDash(o.Harness), orDash(o.Mode),
			itoa(o.Blocked), itoa(o.AsksRule), itoa(o.AsksMode), itoa(o.Runs), itoa(o.Unknown), itoa(o.Total)}
	}
	return rows
}

func resultRows(r *RiskReport) [][]string {
	rows := make([][]string, len(r.DangerousByResult))
	for i, c := range r.DangerousByResult {
		rows[i] = []string{c.Group, itoa(c.OK), itoa(c.Error), itoa(c.Denied), itoa(c.Unknown), itoa(c.Total)}
	}
	return rows
}

func mdTable(b *strings.Builder, headers []string, right []bool, rows [][]string) {
	b.WriteString("|")
	for _, h := range headers {
		b.WriteString(" " + mdText(h) + " |")
	}
	b.WriteString("\n|")
	for _, r := range right {
		if r {
			b.WriteString("---:|")
		} else {
			b.WriteString("---|")
		}
	}
	b.WriteString("\n")
	for _, row := range rows {
		b.WriteString("|")
		for _, c := range row {
			b.WriteString(" " + mdText(c) + " |")
		}
		b.WriteString("\n")
	}
}

// mdText escapes the characters that would end a table cell or start
// emphasis, and keeps the cell on one line.
func mdText(s string) string {
	r := strings.NewReplacer(`\`, `\\`, "|", `\|`, "*", `\*`, "_", `\_`, "`", "\\`", "<", "&lt;", "\n", " ", "\r", " ")
	return r.Replace(s)
}

// mdCode renders s as a code span that survives inside a table cell: the
// fence is one backtick longer than the longest run of backticks in s, and
// pipes are escaped (GitHub's tables split on them even inside code).
func mdCode(s string) string {
	s = strings.NewReplacer("|", `\|`, "\n", " ", "\r", " ").Replace(s)
	longest, run := 0, 0
	for _, c := range s {
		if c == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	if longest > 0 || strings.HasPrefix(s, " ") || strings.HasSuffix(s, " ") {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}

// oneLine is a command or path on one line (flat).
func oneLine(s string) string { return flat(s) }

func plural(n int64, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return num(n) + " " + word + "s"
}

// num prints n with thousands separators: 1,234,567.
func num(n int64) string { return textsafe.Thousands(n) }

func orNone(l []string) string {
	if len(l) == 0 {
		return "-"
	}
	return strings.Join(l, ", ")
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func itoa(n int64) string { return num(n) }

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// windowLine says which window the report covers when one was asked.
func windowLine(r *RiskReport) string {
	switch {
	case r.Since != nil && r.Until != nil:
		return "Window: calls from " + r.Since.Format(time.RFC3339) + " up to (not including) " + r.Until.Format(time.RFC3339) + "; calls without a time are left out."
	case r.Since != nil:
		return "Window: calls from " + r.Since.Format(time.RFC3339) + " on; calls without a time are left out."
	case r.Until != nil:
		return "Window: calls before " + r.Until.Format(time.RFC3339) + "; calls without a time are left out."
	}
	return ""
}

func weekLabel(w string) string {
	if w == "" {
		return unknownWeek
	}
	return w
}

func weekRows(r *RiskReport) [][]string {
	rows := make([][]string, len(r.Weeks))
	for i, w := range r.Weeks {
		cats := make([]string, len(w.ByDanger))
		for j, c := range w.ByDanger {
			cats[j] = c.Category + " " + num(c.Calls)
		}
		rows[i] = []string{weekLabel(w.Week), num(w.Calls), num(w.Decisions), num(w.Dangerous), num(w.WouldRun), num(w.Ran), strings.Join(cats, ", ")}
	}
	return rows
}

func weekTotal(r *RiskReport) []string {
	t := sumCounts(r.Weeks)
	return []string{"total", num(t.Calls), num(t.Decisions), num(t.Dangerous), num(t.WouldRun), num(t.Ran), ""}
}

func fileRows(r *RiskReport) [][]string {
	rows := make([][]string, len(r.BySettingsFile))
	for i, f := range r.BySettingsFile {
		file := f.RuleFile
		if file == "" {
			file = noRuleFile
		}
		rows[i] = []string{file, orDash(f.RuleLayer), num(f.Calls), num(f.Rules)}
	}
	return rows
}

func fileTotal(r *RiskReport) []string {
	var calls int64
	for _, f := range r.BySettingsFile {
		calls += f.Calls
	}
	return []string{"total", "", num(calls), ""}
}

func projectRows(r *RiskReport) [][]string {
	rows := make([][]string, len(r.ByProject))
	for i, c := range r.ByProject {
		rows[i] = []string{orDash(c.ProjectDir), num(c.Decisions), num(c.Dangerous), num(c.WouldRun), num(c.Ran)}
	}
	return rows
}

func harnessModeRows(r *RiskReport) [][]string {
	rows := make([][]string, len(r.ByHarnessMode))
	for i, c := range r.ByHarnessMode {
		rows[i] = []string{orDash(c.Harness), orDash(c.Mode), num(c.Decisions), num(c.Dangerous), num(c.WouldRun), num(c.Ran)}
	}
	return rows
}

// riskTotal is the total row of a RiskCounts table whose first labels
// columns name the group.
func riskTotal(l []RiskCounts, labels int) []string {
	t := sumCounts(l)
	row := make([]string, labels)
	row[0] = "total"
	return append(row, num(t.Decisions), num(t.Dangerous), num(t.WouldRun), num(t.Ran))
}

func groupRows(r *RiskReport) [][]string {
	rows := make([][]string, len(r.OutcomesByHarness))
	for i, o := range r.OutcomesByHarness {
		rows[i] = []string{orDash(o.Harness), num(o.Blocked), num(o.AsksRule), num(o.AsksMode), num(o.Runs), num(o.Unknown), num(o.Total)}
	}
	return rows
}

// outcomeTotal is the total row of an outcome table whose first labels
// columns name the group.
func outcomeTotal(l []OutcomeCounts, labels int) []string {
	t := sumCounts(l)
	row := make([]string, labels)
	row[0] = "total"
	return append(row, num(t.Blocked), num(t.AsksRule), num(t.AsksMode), num(t.Runs), num(t.Unknown), num(t.Total))
}

func resultTotal(r *RiskReport) []string {
	t := sumCounts(r.DangerousByResult)
	return []string{"total", num(t.OK), num(t.Error), num(t.Denied), num(t.Unknown), num(t.Total)}
}

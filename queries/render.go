package queries

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"strconv"
	"strings"
	"time"
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

func writeText(w io.Writer, r *RiskReport) error {
	var b strings.Builder
	b.WriteString("permsim risk report")
	if len(r.Labels) > 0 {
		b.WriteString(" (" + strings.Join(r.Labels, "; ") + ")")
	}
	b.WriteString("\n\n" + summary(r) + "\n")
	if r.Note != "" {
		b.WriteString("\n" + capitalize(r.Note) + ".\n")
		_, err := io.WriteString(w, b.String())
		return err
	}

	b.WriteString("\n" + approvedTitle + "\n\n")
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
		fmt.Fprintf(&b, "  %-*s  %s\n", countWidth, plural(a.Calls, "call"), decider(a))
		if a.RuleText != "" && (a.RuleFile != "" || a.RuleLayer != "") {
			b.WriteString(indent + "in " + fileLayer(a) + "\n")
		}
		b.WriteString(indent + "danger: " + orNone(a.Danger) + "; harness: " + orNone(a.Harnesses) + "\n")
		width := 0
		for _, t := range a.Top {
			width = max(width, len(strconv.FormatInt(t.Calls, 10)))
		}
		for i, t := range a.Top {
			lead := indent + "     "
			if i == 0 {
				lead = indent + "top: "
			}
			b.WriteString(fmt.Sprintf("%s%*d  %s\n", lead, width, t.Calls, oneLine(t.What)))
		}
	}

	b.WriteString("\n" + outcomesTitle + "\n\n")
	writeAligned(&b, "  ", outcomeHeaders, outcomeRight, outcomeRows(r))

	b.WriteString("\n" + resultTitle + "\n\n")
	if len(r.DangerousByResult) == 0 {
		b.WriteString("  " + noneDangerous + "\n")
	} else {
		writeAligned(&b, "  ", resultHeaders, resultRight, resultRows(r))
		b.WriteString("\n  " + ranLine(r) + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func writeMarkdown(w io.Writer, r *RiskReport) error {
	var b strings.Builder
	b.WriteString("# permsim risk report\n\n")
	if len(r.Labels) > 0 {
		b.WriteString("*" + mdText(strings.Join(r.Labels, "; ")) + "*\n\n")
	}
	b.WriteString(mdText(summary(r)) + "\n")
	if r.Note != "" {
		// The note is permsim's own Markdown-safe sentence: its code span
		// stays a code span.
		b.WriteString("\n" + capitalize(r.Note) + ".\n")
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
				tops[i] = mdCode(t.What) + " (" + strconv.FormatInt(t.Calls, 10) + ")"
			}
			fmt.Fprintf(&b, "| %d | %s | %s | %s | %s | %s |\n", a.Calls, by, mdText(fileLayer(a)),
				mdText(strings.Join(a.Danger, ", ")), mdText(strings.Join(a.Harnesses, ", ")), strings.Join(tops, "<br>"))
		}
	}

	b.WriteString("\n## " + outcomesTitle + "\n\n")
	mdTable(&b, outcomeHeaders, outcomeRight, outcomeRows(r))

	b.WriteString("\n## " + resultTitle + "\n\n")
	if len(r.DangerousByResult) == 0 {
		b.WriteString(noneDangerous + "\n")
	} else {
		mdTable(&b, resultHeaders, resultRight, resultRows(r))
		b.WriteString("\n" + mdText(ranLine(r)) + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

//go:embed report.html.tmpl
var htmlSource string

var htmlTemplate = template.Must(template.New("report").Funcs(template.FuncMap{
	"decider":   decider,
	"fileLayer": fileLayer,
	"join":      func(l []string) string { return strings.Join(l, ", ") },
	"summary":   summary,
	"ranLine":   ranLine,
	"noteLine":  func(s string) string { return capitalize(s) + "." },
}).Parse(htmlSource))

type htmlPage struct {
	*RiskReport
	Title, ApprovedTitle, OutcomesTitle, ResultTitle, NoneApproved, NoneDangerous string
	OutcomeHeaders, ResultHeaders                                                 []string
	OutcomeRows, ResultRows                                                       [][]string
}

func writeHTML(w io.Writer, r *RiskReport) error {
	return htmlTemplate.Execute(w, htmlPage{
		RiskReport:     r,
		Title:          "permsim risk report",
		ApprovedTitle:  approvedTitle,
		OutcomesTitle:  outcomesTitle,
		ResultTitle:    resultTitle,
		NoneApproved:   noneApproved,
		NoneDangerous:  noneDangerous,
		OutcomeHeaders: outcomeHeaders,
		ResultHeaders:  resultHeaders,
		OutcomeRows:    outcomeRows(r),
		ResultRows:     resultRows(r),
	})
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
	}
	if a.Step != "" {
		s += " (step " + a.Step + ")"
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
	return fmt.Sprintf("%d dangerous %s would have run without asking and did run (result ok or error).", r.RanWithoutAsking, verb)
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

func oneLine(s string) string {
	return strings.NewReplacer("\n", `\n`, "\r", `\r`, "\t", `\t`).Replace(s)
}

func plural(n int64, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.FormatInt(n, 10) + " " + word + "s"
}

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

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

package queries

import (
	"fmt"
	"strings"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/internal/reportsum"
)

// VsRecord is the report's "Simulation vs what happened" section
// (RiskReport.VsRecord, JSON vs_record):
//
//	agreement       [AgreementCounts] per harness and recorded version: decisions by agreement
//	                (agrees, agrees_by_exception among them, contradicts, not_comparable) and by
//	                simulated outcome (runs, left_to_classifier, asks, blocked, unknown)
//	contradictions  [Contradiction] the decisions that contradict their transcript, grouped,
//	                largest first, each with up to three calls and the transcript's evidence
//	assumptions     [AssumptionCount] decisions per aspect (mode, version, settings, folder)
//	                and basis (recorded, inferred, defaulted, given)
//
// It is reportsum.VsRecord: replay writes the same section into its report summary.
type VsRecord = reportsum.VsRecord

// AgreementCounts is one harness and version of VsRecord.Agreement.
type AgreementCounts = reportsum.AgreementCounts

// Contradiction is one group of VsRecord.Contradictions.
type Contradiction = reportsum.Contradiction

// ContradictionCall is one call of a Contradiction.
type ContradictionCall = reportsum.ContradictionCall

// AssumptionCount is one row of VsRecord.Assumptions.
type AssumptionCount = reportsum.AssumptionCount

// The section's titles and sentences, shared by every format.
const (
	vsRecordTitle       = "Simulation vs what happened"
	vsRecordLead        = "Each decided call's simulated outcome against what its transcript shows happened to it. The simulated outcomes are not facts: a call left to the classifier is not known to run, and an outcome that rests on a defaulted mode or version (see the assumptions below) is an assumption. Agreement is agrees / (agrees + contradicts); \"exc.\" counts the agreements that hold only by a reasoned exception the transcript shows (asked and approved; the classifier's verdict)."
	contradictionsTitle = "Contradictions: simulated one way, the transcript shows another"
	noneContradictions  = "none: no decided call contradicts its transcript"
	assumptionsTitle    = "What the decisions rest on"
	assumptionsLead     = "Decisions per aspect by what it rests on: recorded in the transcript, inferred (the parent session, or the settings files as they are today, assumed unchanged since the call), a flag's value (given), or defaulted."
)

// vsRecordSection reads the section's three queries into r.VsRecord.
func vsRecordSection(r *RiskReport, records func(string) ([]map[string]any, error)) error {
	for _, sec := range []error{
		section(records, "report_vs_record_agreement.sql", &r.VsRecord.Agreement),
		section(records, "report_vs_record_contradictions.sql", &r.VsRecord.Contradictions),
		section(records, "report_vs_record_assumptions.sql", &r.VsRecord.Assumptions),
	} {
		if sec != nil {
			return sec
		}
	}
	return nil
}

// vsRecordVars fills the section's placeholders.
func vsRecordVars(vars map[string]string) {
	vars["classifier"] = strings.ReplaceAll(engine.ReasonClassifier, "'", "''")
	vars["examples"] = fmt.Sprint(reportsum.ContradictionExamples)
}

// completeVsRecord makes the section's lists [] rather than null.
func completeVsRecord(v *VsRecord) {
	v.Agreement = orEmpty(v.Agreement)
	v.Contradictions = orEmpty(v.Contradictions)
	v.Assumptions = orEmpty(v.Assumptions)
	for i := range v.Contradictions {
		v.Contradictions[i].Examples = orEmpty(v.Contradictions[i].Examples)
	}
}

// mapVsRecord is v with e applied to every text that comes from
// transcripts and settings.
func mapVsRecord(v VsRecord, e func(string) string) VsRecord {
	out := VsRecord{Agreement: make([]AgreementCounts, len(v.Agreement)), Assumptions: v.Assumptions,
		Contradictions: make([]Contradiction, len(v.Contradictions))}
	for i, a := range v.Agreement {
		a.Harness, a.HarnessVersion = e(a.Harness), e(a.HarnessVersion)
		out.Agreement[i] = a
	}
	for i, c := range v.Contradictions {
		c.Harness, c.HarnessVersion, c.Mode = e(c.Harness), e(c.HarnessVersion), e(c.Mode)
		ex := make([]ContradictionCall, len(c.Examples))
		for j, x := range c.Examples {
			ex[j] = ContradictionCall{CallKey: e(x.CallKey), Ts: x.Ts, What: e(x.What), Evidence: e(x.Evidence)}
		}
		c.Examples = ex
		out.Contradictions[i] = c
	}
	return out
}

var (
	agreementHeaders = []string{"harness", "version", "decisions", "agrees", "exc.", "contradicts", "not comparable", "agreement", "runs", "left to classifier", "asks", "blocked", "unknown"}
	agreementRight   = []bool{false, false, true, true, true, true, true, true, true, true, true, true, true}
	assumptionBases  = []string{"recorded", "inferred", "given", "defaulted", "not recorded"}
)

// agreementRate is agrees / (agrees + contradicts) as a percentage, or a
// dash when no decision could be compared.
func agreementRate(agrees, contradicts int64) string {
	if agrees+contradicts == 0 {
		return "—"
	}
	return fmt.Sprintf("%.1f %%", 100*float64(agrees)/float64(agrees+contradicts))
}

func agreementRows(v VsRecord) [][]string {
	rows := make([][]string, len(v.Agreement))
	for i, a := range v.Agreement {
		rows[i] = []string{orDash(a.Harness), orNotRecorded(a.HarnessVersion), num(a.Decisions), num(a.Agrees), num(a.AgreesByException),
			num(a.Contradicts), num(a.NotComparable), agreementRate(a.Agrees, a.Contradicts),
			num(a.Runs), num(a.LeftToClassifier), num(a.Asks), num(a.Blocked), num(a.Unknown)}
	}
	return rows
}

func agreementTotal(v VsRecord) []string {
	if len(v.Agreement) < 2 {
		return nil
	}
	var t AgreementCounts
	for _, a := range v.Agreement {
		t.Decisions += a.Decisions
		t.Agrees += a.Agrees
		t.AgreesByException += a.AgreesByException
		t.Contradicts += a.Contradicts
		t.NotComparable += a.NotComparable
		t.Runs += a.Runs
		t.LeftToClassifier += a.LeftToClassifier
		t.Asks += a.Asks
		t.Blocked += a.Blocked
		t.Unknown += a.Unknown
	}
	return []string{"total", "", num(t.Decisions), num(t.Agrees), num(t.AgreesByException), num(t.Contradicts), num(t.NotComparable),
		agreementRate(t.Agrees, t.Contradicts), num(t.Runs), num(t.LeftToClassifier), num(t.Asks), num(t.Blocked), num(t.Unknown)}
}

func orNotRecorded(s string) string {
	if s == "" {
		return "not recorded"
	}
	return s
}

// assumptionRows pivots the assumption counts: one row per aspect, one
// column per basis.
func assumptionRows(v VsRecord) (headers []string, right []bool, rows [][]string) {
	headers, right = []string{"aspect"}, []bool{false}
	for _, b := range assumptionBases {
		headers, right = append(headers, b), append(right, true)
	}
	for _, aspect := range reportsum.AssumptionAspects {
		row := []string{aspect}
		for _, b := range assumptionBases {
			var n int64
			for _, a := range v.Assumptions {
				if a.Aspect == aspect && a.Basis == b {
					n += a.Decisions
				}
			}
			row = append(row, num(n))
		}
		rows = append(rows, row)
	}
	return headers, right, rows
}

// assumedLine says how many decisions rest on a defaulted mode or version:
// their outcomes are assumptions.
func assumedLine(v VsRecord) string {
	var mode, version int64
	for _, a := range v.Assumptions {
		switch {
		case a.Aspect == "mode" && a.Basis == "defaulted":
			mode += a.Decisions
		case a.Aspect == "version" && a.Basis == "defaulted":
			version += a.Decisions
		}
	}
	return fmt.Sprintf("%s rest on a defaulted mode and %s on a defaulted version: their simulated outcomes are assumptions, not facts.",
		plural(mode, "decision"), num(version))
}

// contradictionLine is a group's first line.
func contradictionLine(c Contradiction) string {
	mode := orDash(c.Mode)
	if c.ModeBasis != "" {
		mode += " (" + c.ModeBasis + ")"
	}
	return fmt.Sprintf("%s %s, mode %s: simulated %s, the transcript shows %s — %s",
		orDash(c.Harness), orNotRecorded(c.HarnessVersion), mode, orDash(c.Simulated), orDash(c.RecordedOutcome), c.Reason)
}

func exampleLine(x ContradictionCall) string {
	s := oneLine(x.What)
	if x.Ts != "" {
		s = x.Ts + "  " + s
	}
	if x.Evidence != "" {
		s += "  ← " + oneLine(x.Evidence)
	}
	return s
}

// textVsRecord writes the section in the text format.
func textVsRecord(b *strings.Builder, st style, v VsRecord) {
	b.WriteString("\n" + st.title(vsRecordTitle) + "\n\n")
	b.WriteString("  " + st.dim(vsRecordLead) + "\n\n")
	textTable(b, st, agreementHeaders, agreementRight, agreementRows(v), agreementTotal(v))
	b.WriteString("\n" + st.title(contradictionsTitle) + "\n\n")
	if len(v.Contradictions) == 0 {
		b.WriteString("  " + noneContradictions + "\n")
	}
	countWidth := 0
	for _, c := range v.Contradictions {
		countWidth = max(countWidth, len(plural(c.Calls, "call")))
	}
	indent := strings.Repeat(" ", 2+countWidth+2)
	for _, c := range v.Contradictions {
		fmt.Fprintf(b, "  %s  %s\n", st.risky(fmt.Sprintf("%-*s", countWidth, plural(c.Calls, "call"))), contradictionLine(c))
		for _, x := range c.Examples {
			b.WriteString(indent + st.dim(exampleLine(x)) + "\n")
		}
	}
	b.WriteString("\n" + st.title(assumptionsTitle) + "\n\n")
	b.WriteString("  " + st.dim(assumptionsLead) + "\n\n")
	h, right, rows := assumptionRows(v)
	textTable(b, st, h, right, rows, nil)
	b.WriteString("\n  " + assumedLine(v) + "\n")
}

// mdVsRecord writes the section in Markdown.
func mdVsRecord(b *strings.Builder, v VsRecord) {
	b.WriteString("\n## " + vsRecordTitle + "\n\n" + mdText(vsRecordLead) + "\n\n")
	mdTable(b, agreementHeaders, agreementRight, withTotal(agreementRows(v), agreementTotal(v)))
	b.WriteString("\n### " + contradictionsTitle + "\n\n")
	if len(v.Contradictions) == 0 {
		b.WriteString(noneContradictions + "\n")
	} else {
		b.WriteString("| calls | contradiction | calls and evidence |\n|---:|---|---|\n")
		for _, c := range v.Contradictions {
			ex := make([]string, len(c.Examples))
			for i, x := range c.Examples {
				ex[i] = mdCode(exampleLine(x))
			}
			fmt.Fprintf(b, "| %s | %s | %s |\n", num(c.Calls), mdText(contradictionLine(c)), strings.Join(ex, "<br>"))
		}
	}
	b.WriteString("\n### " + assumptionsTitle + "\n\n" + mdText(assumptionsLead) + "\n\n")
	h, right, rows := assumptionRows(v)
	mdTable(b, h, right, rows)
	b.WriteString("\n" + mdText(assumedLine(v)) + "\n")
}

// htmlVsRecord is the section as HTML sections of the page.
func htmlVsRecord(v VsRecord) []htmlSection {
	var crows [][]string
	for _, c := range v.Contradictions {
		ex := make([]string, len(c.Examples))
		for i, x := range c.Examples {
			ex[i] = exampleLine(x)
		}
		crows = append(crows, []string{num(c.Calls), contradictionLine(c), strings.Join(ex, " · ")})
	}
	h, right, rows := assumptionRows(v)
	return []htmlSection{
		{ID: "vs-record", Title: vsRecordTitle, Lead: vsRecordLead,
			Table: &htmlTable{ID: "table-vs-record", Headers: agreementHeaders, Right: agreementRight, Rows: agreementRows(v), Total: agreementTotal(v)}},
		{ID: "vs-record-contradictions", Title: contradictionsTitle, Empty: noneContradictions,
			Table: tableOrNil(len(crows) > 0, htmlTable{ID: "table-vs-record-contradictions", Headers: []string{"calls", "contradiction", "calls and evidence"},
				Right: []bool{true, false, false}, Rows: crows})},
		{ID: "vs-record-assumptions", Title: assumptionsTitle, Lead: assumptionsLead + " " + assumedLine(v),
			Table: &htmlTable{ID: "table-vs-record-assumptions", Headers: h, Right: right, Rows: rows}},
	}
}

package queries

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/permsim/permsim/internal/textsafe"
	"io"
	"time"
)

// ReportFormats lists the output formats Report accepts.
var ReportFormats = []string{"text", "markdown", "html", "json"}

// NoDecisionsNote is RiskReport.Note when the decisions table is empty.
const NoDecisionsNote = "no decisions yet: run `permsim replay` first"

// RiskReport is the data of the risk report. With format "json", Report
// writes it as one JSON object whose field names are part of the CLI
// contract:
//
//	labels              distinct decisions.label values, sorted ("simulated from the documented rules", …)
//	calls               rows of the calls view (a copied call counts once)
//	decisions           rows of the decisions view
//	projects            distinct project_dir values of calls and decisions
//	first_ts, last_ts   earliest and latest call time, RFC 3339, null when none is known
//	note                set only when there is nothing to report yet (NoDecisionsNote)
//	approved_by         [ApprovedBy] dangerous calls that would run without asking, by what let them
//	outcomes            [OutcomeCounts] decisions per project × harness × mode, by scoring group
//	dangerous_by_result [ResultCounts] dangerous calls per scoring group, by what really happened
//	ran_without_asking  dangerous calls that would run without asking and did run (result ok or error)
//
// The three lists are [] (never null) when empty.
type RiskReport struct {
	Labels            []string        `json:"labels"`
	Calls             int64           `json:"calls"`
	Decisions         int64           `json:"decisions"`
	Projects          int64           `json:"projects"`
	FirstTs           *time.Time      `json:"first_ts"`
	LastTs            *time.Time      `json:"last_ts"`
	Note              string          `json:"note,omitempty"`
	ApprovedBy        []ApprovedBy    `json:"approved_by"`
	Outcomes          []OutcomeCounts `json:"outcomes"`
	DangerousByResult []ResultCounts  `json:"dangerous_by_result"`
	RanWithoutAsking  int64           `json:"ran_without_asking"`
}

// ApprovedBy is one group of dangerous calls whose simulated outcome is
// runs: either one rule (rule_text, rule_file, rule_layer set; step and
// reason empty) or, when no rule decided, one decision step and reason
// (rule_* empty). Empty strings stand for "not recorded".
type ApprovedBy struct {
	RuleText  string    `json:"rule_text"`
	RuleFile  string    `json:"rule_file"`
	RuleLayer string    `json:"rule_layer"`
	Step      string    `json:"step"`
	Reason    string    `json:"reason"`
	Calls     int64     `json:"calls"`
	Danger    []string  `json:"danger"`    // danger categories of the group's calls, sorted
	Harnesses []string  `json:"harnesses"` // harnesses the calls came from, sorted
	Top       []TopItem `json:"top"`       // up to three most frequent commands or paths
}

// TopItem is one command line (or, for file tools, the paths; for web
// tools, the URL or query) and how many of a group's calls it stands for.
type TopItem struct {
	What  string `json:"what"`
	Calls int64  `json:"calls"`
}

// OutcomeCounts counts the decisions of one project, harness and simulated
// mode by scoring group (blocked, asks-rule, asks-mode, runs, unknown).
// Decisions without a known group count as unknown.
type OutcomeCounts struct {
	ProjectDir string `json:"project_dir"`
	Harness    string `json:"harness"`
	Mode       string `json:"mode"`
	Blocked    int64  `json:"blocked"`
	AsksRule   int64  `json:"asks_rule"`
	AsksMode   int64  `json:"asks_mode"`
	Runs       int64  `json:"runs"`
	Unknown    int64  `json:"unknown"`
	Total      int64  `json:"total"`
}

// ResultCounts counts the dangerous calls of one simulated scoring group by
// what really happened (calls.result): ok, error, denied, and unknown (any
// other or no result).
type ResultCounts struct {
	Group   string `json:"group"`
	OK      int64  `json:"ok"`
	Error   int64  `json:"error"`
	Denied  int64  `json:"denied"`
	Unknown int64  `json:"unknown"`
	Total   int64  `json:"total"`
}

// Risk runs the report's queries and returns their results. An empty
// decisions table is not an error: the report then carries only the header
// and Note.
func (d *DB) Risk(ctx context.Context) (*RiskReport, error) {
	r := &RiskReport{
		Labels:            []string{},
		ApprovedBy:        []ApprovedBy{},
		Outcomes:          []OutcomeCounts{},
		DangerousByResult: []ResultCounts{},
	}
	head, err := d.records(ctx, "report_header.sql")
	if err != nil {
		return nil, err
	}
	if len(head) == 1 {
		h := head[0]
		r.Labels = strs(h["labels"])
		r.Calls = i64(h["calls"])
		r.Decisions = i64(h["decisions"])
		r.Projects = i64(h["projects"])
		r.FirstTs = timePtr(h["first_ts"])
		r.LastTs = timePtr(h["last_ts"])
	}
	if r.Decisions == 0 {
		r.Note = NoDecisionsNote
		return r, nil
	}

	recs, err := d.records(ctx, "report_approved_by.sql")
	if err != nil {
		return nil, err
	}
	for _, m := range recs {
		a := ApprovedBy{
			RuleText:  str(m["rule_text"]),
			RuleFile:  str(m["rule_file"]),
			RuleLayer: str(m["rule_layer"]),
			Step:      str(m["step"]),
			Reason:    str(m["reason"]),
			Calls:     i64(m["calls"]),
			Danger:    strs(m["danger"]),
			Harnesses: strs(m["harnesses"]),
			Top:       []TopItem{},
		}
		top, _ := m["top"].([]any)
		for _, t := range top {
			tm, _ := t.(map[string]any)
			a.Top = append(a.Top, TopItem{What: str(tm["what"]), Calls: i64(tm["calls"])})
		}
		r.ApprovedBy = append(r.ApprovedBy, a)
	}

	if recs, err = d.records(ctx, "report_outcomes.sql"); err != nil {
		return nil, err
	}
	for _, m := range recs {
		r.Outcomes = append(r.Outcomes, OutcomeCounts{
			ProjectDir: str(m["project_dir"]),
			Harness:    str(m["harness"]),
			Mode:       str(m["mode"]),
			Blocked:    i64(m["blocked"]),
			AsksRule:   i64(m["asks_rule"]),
			AsksMode:   i64(m["asks_mode"]),
			Runs:       i64(m["runs"]),
			Unknown:    i64(m["unknown"]),
			Total:      i64(m["total"]),
		})
	}

	if recs, err = d.records(ctx, "report_dangerous_by_result.sql"); err != nil {
		return nil, err
	}
	for _, m := range recs {
		c := ResultCounts{
			Group:   str(m["group"]),
			OK:      i64(m["ok"]),
			Error:   i64(m["error"]),
			Denied:  i64(m["denied"]),
			Unknown: i64(m["unknown"]),
			Total:   i64(m["total"]),
		}
		if c.Group == "runs" {
			r.RanWithoutAsking += c.OK + c.Error
		}
		r.DangerousByResult = append(r.DangerousByResult, c)
	}
	return r, nil
}

// Report writes the risk report to w in format text, markdown, html (one
// self-contained page) or json (RiskReport as one indented object).
func (d *DB) Report(ctx context.Context, w io.Writer, format string) error {
	switch format {
	case "text", "markdown", "html", "json":
	default:
		return fmt.Errorf("unknown format %q (want text, markdown, html or json)", format)
	}
	r, err := d.Risk(ctx)
	if err != nil {
		return err
	}
	switch format {
	case "text":
		return writeText(w, escapeReport(r))
	case "markdown":
		return writeMarkdown(w, escapeReport(r))
	case "html":
		return writeHTML(w, escapeReport(r))
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(r)
}

// escapeReport returns a copy of r whose text — commands, paths, rules,
// reasons, project folders, all of which come from transcripts and
// settings — shows control characters and escape sequences escaped
// (textsafe.Escape), so a hostile command cannot move the cursor or forge
// a row of the printed report. JSON output keeps the text as it is (JSON
// escapes it).
func escapeReport(r *RiskReport) *RiskReport {
	e := textsafe.Escape
	out := *r
	out.Labels = escapeAll(r.Labels)
	out.ApprovedBy = make([]ApprovedBy, len(r.ApprovedBy))
	for i, a := range r.ApprovedBy {
		a.RuleText, a.RuleFile, a.RuleLayer, a.Step, a.Reason = e(a.RuleText), e(a.RuleFile), e(a.RuleLayer), e(a.Step), e(a.Reason)
		a.Danger, a.Harnesses = escapeAll(a.Danger), escapeAll(a.Harnesses)
		top := make([]TopItem, len(a.Top))
		for j, t := range a.Top {
			top[j] = TopItem{What: e(t.What), Calls: t.Calls}
		}
		a.Top = top
		out.ApprovedBy[i] = a
	}
	out.Outcomes = make([]OutcomeCounts, len(r.Outcomes))
	for i, o := range r.Outcomes {
		o.ProjectDir, o.Harness, o.Mode = e(o.ProjectDir), e(o.Harness), e(o.Mode)
		out.Outcomes[i] = o
	}
	return &out
}

func escapeAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = textsafe.Escape(s)
	}
	return out
}

// records runs one embedded query and returns its rows as maps from
// column name to the driver's value.
func (d *DB) records(ctx context.Context, file string) ([]map[string]any, error) {
	recs, err := d.recordsSQL(ctx, mustSQL(file))
	if err != nil {
		return nil, fmt.Errorf("sql/%s: %w", file, err)
	}
	return recs, nil
}

// recordsSQL runs sqlText and returns its rows as maps from column name to
// the driver's value.
func (d *DB) recordsSQL(ctx context.Context, sqlText string) ([]map[string]any, error) {
	rows, err := d.db.QueryContext(ctx, sqlText)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return nil, err
	}
	var out []map[string]any
	vals := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return nil, err
		}
		m := make(map[string]any, len(cols))
		for i, c := range cols {
			m[c] = vals[i]
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

func str(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	if v == nil {
		return ""
	}
	return fmt.Sprint(v)
}

func i64(v any) int64 {
	switch x := v.(type) {
	case int64:
		return x
	case int32:
		return int64(x)
	case uint64:
		return int64(x)
	}
	return 0
}

func strs(v any) []string {
	l, _ := v.([]any)
	out := make([]string, 0, len(l))
	for _, e := range l {
		if e != nil {
			out = append(out, str(e))
		}
	}
	return out
}

func timePtr(v any) *time.Time {
	t, ok := v.(time.Time)
	if !ok {
		return nil
	}
	t = t.UTC()
	return &t
}

package queries

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"github.com/permsim/permsim/internal/reportsum"
	"github.com/permsim/permsim/internal/secrets"
	"github.com/permsim/permsim/internal/textsafe"
	"github.com/permsim/permsim/toolcall"
)

// ReportFormats lists the output formats Report accepts.
var ReportFormats = []string{"text", "markdown", "html", "json"}

// NoDecisionsNote is RiskReport.Note when the decisions table is empty.
const NoDecisionsNote = "no decisions yet: run `permsim replay` first"

// windowNote is RiskReport.Note when the window asked holds no decision
// but the store does: n decisions, of calls from first to last.
func windowNote(n int64, first, last *time.Time) string {
	s := "no call in this window; the store holds " + textsafe.Thousands(n) + " decisions"
	if first != nil && last != nil {
		s += ", of calls from " + first.Format(time.DateOnly) + " to " + last.Format(time.DateOnly)
	}
	return s + " (--since and --until move the window)"
}

// RiskReport is the data of the risk report. With format "json", Report
// writes it as one JSON object whose field names are part of the CLI
// contract:
//
//	labels              distinct decisions.label values, sorted ("simulated from the documented rules", …)
//	calls               rows of the calls view (a copied call counts once)
//	decisions           rows of the decisions view
//	projects            distinct project_dir values of calls and decisions
//	first_ts, last_ts   earliest and latest call time, RFC 3339, null when none is known
//	note                set only when there is nothing to report: no decisions yet (NoDecisionsNote), or none in the window asked (then it says what the store holds)
//	approved_by         [ApprovedBy] dangerous calls that would run without asking, by what let them
//	outcomes            [OutcomeCounts] decisions per project × harness × mode, by scoring group
//	dangerous_by_result [ResultCounts] dangerous calls per scoring group, by what really happened
//	ran_without_asking  dangerous calls that would run without asking and did run (result ok or error)
//	since, until        the window asked for (--since, --until), RFC 3339, null when open
//	weeks               [WeekCounts] per week (Monday, UTC), oldest first; week "" for calls without a time
//	by_project          [RiskCounts] per project, most would-run first
//	by_harness_mode     [RiskCounts] per harness and simulated mode
//	by_settings_file    [FileCounts] would-run dangerous calls by the file of the rule that let them through
//	outcomes_by_harness [OutcomeCounts] the outcomes summed per harness (project_dir and mode empty)
//	undecided           [UndecidedCause] what the run could not decide, by cause, with examples
//	undecided_calls     the sum of undecided[].calls: the calls without a decision, and the decisions whose outcome is unknown
//	decided_without_settings [UndecidedCause] calls decided (and counted in decisions) without their project's settings, its folder not found; not in undecided
//	secrets_masked      true when credentials in commands, paths and rules were masked
//	vs_record           [VsRecord] simulation vs what happened: agreement with the transcripts, contradictions, assumptions
//
// The lists are [] (never null) when empty. Fields are only ever added.
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

	Since             *time.Time       `json:"since"`
	Until             *time.Time       `json:"until"`
	Weeks             []WeekCounts     `json:"weeks"`
	ByProject         []RiskCounts     `json:"by_project"`
	ByHarnessMode     []RiskCounts     `json:"by_harness_mode"`
	BySettingsFile    []FileCounts     `json:"by_settings_file"`
	OutcomesByHarness []OutcomeCounts  `json:"outcomes_by_harness"`
	Undecided         []UndecidedCause `json:"undecided"`
	UndecidedCalls    int64            `json:"undecided_calls"`
	SecretsMasked     bool             `json:"secrets_masked"`
	VsRecord          VsRecord         `json:"vs_record"`

	WithoutSettings []UndecidedCause `json:"decided_without_settings"`
}

// causeWithoutSettings is the cause report_undecided.sql (and replay's
// summary) give the decisions made without the project's settings: they
// were decided, so complete moves them out of the undecided calls.
const causeWithoutSettings = "project folder not found: decided without its settings (replay --root OLD=NEW finds it)"

// WeekCounts is one week of the report: Week is its Monday (UTC,
// 2006-01-02), or "" for the calls whose time is not known.
//
// It is reportsum.WeekCounts: replay writes the same sections into its report summary.
type WeekCounts = reportsum.WeekCounts

// CategoryCount is how many calls fall in one danger category.
//
// It is reportsum.CategoryCount: replay writes the same sections into its report summary.
type CategoryCount = reportsum.CategoryCount

// RiskCounts counts the decisions of one project (ProjectDir set) or one
// harness and mode (Harness, Mode set).
//
// It is reportsum.RiskCounts: replay writes the same sections into its report summary.
type RiskCounts = reportsum.RiskCounts

// FileCounts counts the dangerous calls that would run without asking by
// the settings file of the rule that let them through ("" when no rule
// decided), and how many distinct rules of that file did.
//
// It is reportsum.FileCounts: replay writes the same sections into its report summary.
type FileCounts = reportsum.FileCounts

// UndecidedCause is one reason calls were not decided, how many, and up to
// three of their commands or paths.
//
// It is reportsum.Cause: replay writes the same sections into its report summary.
type UndecidedCause = reportsum.Cause

// RiskOptions narrows and shapes the report.
type RiskOptions struct {
	// Since and Until keep the calls and decisions with Since <= ts <
	// Until (a zero value leaves that side open). With either set, calls
	// whose time is not known are left out.
	Since, Until time.Time
	// Simulated lists the harnesses that have a simulator, so calls of
	// the others are counted as "no simulator"; nil when not known.
	Simulated []string
	// ShowSecrets turns off the masking of credentials (internal/secrets)
	// in commands, paths and rules.
	ShowSecrets bool
	// Color lets the text format use terminal colours.
	Color bool
	// Width is the terminal's width the text format fits in (tables
	// narrowed, prose wrapped, risky calls cut around their dangerous
	// part); 0: no limit.
	Width int
	// Verbose prints each risky call of the text format whole (on one
	// line) instead of cut to the width.
	Verbose bool
}

// ApprovedBy is one group of dangerous calls whose simulated outcome is
// runs: either one rule (rule_text, rule_file, rule_layer set; step and
// reason empty) or, when no rule decided, one decision step and reason
// (rule_* empty). Empty strings stand for "not recorded".
//
// It is reportsum.ApprovedBy: replay writes the same sections into its report summary.
type ApprovedBy = reportsum.ApprovedBy

// TopItem is one command line (or, for file tools, the paths; for web
// tools, the URL or query) and how many of a group's calls it stands for.
//
// It is reportsum.TopItem: replay writes the same sections into its report summary.
type TopItem = reportsum.TopItem

// OutcomeCounts counts the decisions of one project, harness and simulated
// mode by scoring group (blocked, asks-rule, asks-mode, runs, unknown).
// Decisions without a known group count as unknown.
//
// It is reportsum.OutcomeCounts: replay writes the same sections into its report summary.
type OutcomeCounts = reportsum.OutcomeCounts

// ResultCounts counts the dangerous calls of one simulated scoring group by
// what really happened (calls.result): ok, error, denied, and unknown (any
// other or no result).
//
// It is reportsum.ResultCounts: replay writes the same sections into its report summary.
type ResultCounts = reportsum.ResultCounts

// Risk runs the report's queries and returns their results. An empty
// decisions table is not an error: the report then carries only the header
// and Note.
func (d *DB) Risk(ctx context.Context) (*RiskReport, error) {
	return d.RiskWith(ctx, RiskOptions{})
}

// RiskWith is Risk narrowed by opts. Credentials are masked unless
// opts.ShowSecrets; control characters are left as they are (the text
// formats escape them).
func (d *DB) RiskWith(ctx context.Context, opts RiskOptions) (*RiskReport, error) {
	r, err := d.risk(ctx, opts)
	return r, explainBadUTF8(err)
}

func (d *DB) risk(ctx context.Context, opts RiskOptions) (*RiskReport, error) {
	r := &RiskReport{}
	// One connection for the whole report: the sections read the report's
	// own copies of the two views (temporary tables, per connection).
	conn, err := d.db.Conn(ctx)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	vars, drop, err := reportTables(ctx, conn, opts)
	defer drop()
	if err != nil {
		return nil, err
	}
	records := func(file string) ([]map[string]any, error) { return reportRecords(ctx, conn, file, vars) }
	head, err := records("report_header.sql")
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
		if err := d.undecided(r, records); err != nil {
			return nil, err
		}
		if reportWhere(opts) != "" {
			// The window may be empty while the store is not: say so,
			// and when the store's calls are, rather than "run replay".
			all, err := recordsOn(ctx, conn, `SELECT (SELECT count(*) FROM decisions) AS decisions,
				coalesce((SELECT min(ts) FROM calls), (SELECT min(ts) FROM decisions)) AS first_ts,
				coalesce((SELECT max(ts) FROM calls), (SELECT max(ts) FROM decisions)) AS last_ts`)
			if err != nil {
				return nil, err
			}
			if len(all) == 1 && i64(all[0]["decisions"]) > 0 {
				r.Note = windowNote(i64(all[0]["decisions"]), timePtr(all[0]["first_ts"]), timePtr(all[0]["last_ts"]))
			}
		}
		return complete(r, opts), nil
	}

	// Every section is read; the first that failed fails the report.
	for _, sec := range []error{
		section(records, "report_approved_by.sql", &r.ApprovedBy),
		section(records, "report_outcomes.sql", &r.Outcomes),
		section(records, "report_dangerous_by_result.sql", &r.DangerousByResult),
		section(records, "report_weeks.sql", &r.Weeks),
		section(records, "report_by_project.sql", &r.ByProject),
		section(records, "report_by_harness_mode.sql", &r.ByHarnessMode),
		section(records, "report_by_file.sql", &r.BySettingsFile),
		vsRecordSection(r, records),
	} {
		if sec != nil {
			return nil, sec
		}
	}
	if err := d.undecided(r, records); err != nil {
		return nil, err
	}
	return complete(r, opts), nil
}

// complete fills in what the report derives from its sections (the note
// of an empty decisions table, the dangerous calls that ran, the outcomes
// per harness, the undecided total) and from opts (the window, whether
// credentials are masked), makes every list [] rather than null, and
// masks credentials unless asked not to: the last step of both the SQL and
// the summary's report.
func complete(r *RiskReport, opts RiskOptions) *RiskReport {
	r.SecretsMasked = !opts.ShowSecrets
	r.Since, r.Until = utcOrNil(opts.Since), utcOrNil(opts.Until)
	r.Labels = orEmpty(r.Labels)
	r.ApprovedBy = orEmpty(r.ApprovedBy)
	r.Outcomes = orEmpty(r.Outcomes)
	r.DangerousByResult = orEmpty(r.DangerousByResult)
	r.Weeks = orEmpty(r.Weeks)
	r.ByProject = orEmpty(r.ByProject)
	r.ByHarnessMode = orEmpty(r.ByHarnessMode)
	r.BySettingsFile = orEmpty(r.BySettingsFile)
	// A call decided without its project's settings was decided: it is
	// counted apart, never in the calls not decided beside the decisions.
	undecided, without := []UndecidedCause{}, []UndecidedCause{}
	for _, u := range r.Undecided {
		if u.Cause == causeWithoutSettings {
			without = append(without, u)
		} else {
			undecided = append(undecided, u)
		}
	}
	r.Undecided, r.WithoutSettings = undecided, without
	completeVsRecord(&r.VsRecord)
	if r.Decisions == 0 && r.Note == "" {
		r.Note = NoDecisionsNote
	}
	for _, c := range r.DangerousByResult {
		if c.Group == "runs" {
			r.RanWithoutAsking += c.OK + c.Error
		}
	}
	r.OutcomesByHarness = outcomesByHarness(r.Outcomes)
	r.UndecidedCalls = 0
	for _, u := range r.Undecided {
		r.UndecidedCalls += u.Calls
	}
	return finish(r, opts)
}

// orEmpty is s, or an empty list for nil (the JSON report has [] for an
// empty section, never null).
func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// utcOrNil is t in UTC, or nil for the zero time (an open side of the
// window).
func utcOrNil(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	t = t.UTC()
	return &t
}

// section appends to *dst one value per record of the report query file,
// each made by fromRecord.
func section[T any](records func(string) ([]map[string]any, error), file string, dst *[]T) error {
	recs, err := records(file)
	if err != nil {
		return err
	}
	for _, m := range recs {
		*dst = append(*dst, fromRecord[T](m))
	}
	return nil
}

func (d *DB) undecided(r *RiskReport, records func(string) ([]map[string]any, error)) error {
	return section(records, "report_undecided.sql", &r.Undecided)
}

// outcomesByHarness sums the outcome counts of each harness over its
// projects and modes, in harness order.
func outcomesByHarness(rows []OutcomeCounts) []OutcomeCounts {
	out := []OutcomeCounts{}
	idx := map[string]int{}
	for _, o := range rows {
		i, ok := idx[o.Harness]
		if !ok {
			i = len(out)
			idx[o.Harness] = i
			out = append(out, OutcomeCounts{Harness: o.Harness})
		}
		addCounts(&out[i], o)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Harness < out[j].Harness })
	return out
}

// reportVars fills the report queries' placeholders: {{calls}} and
// {{decisions}} are the views, narrowed to the window when one is asked;
// {{replayed}} the tools replay decides; {{simulated}} the harnesses that
// have a simulator (NULL when not known).
func reportVars(opts RiskOptions) map[string]string {
	vars := map[string]string{"calls": "calls", "decisions": "decisions"}
	if where := reportWhere(opts); where != "" {
		vars["calls"] = "(SELECT * FROM calls " + where + ")"
		vars["decisions"] = "(SELECT * FROM decisions " + where + ")"
	}
	var replayed []string
	for _, t := range []toolcall.Tool{toolcall.Bash, toolcall.Read, toolcall.Edit, toolcall.Write, toolcall.Glob, toolcall.Grep, toolcall.WebFetch, toolcall.WebSearch, toolcall.MCP, toolcall.Other} {
		if toolcall.Replayed(t) {
			replayed = append(replayed, string(t))
		}
	}
	vars["replayed"] = sqlStringList(replayed)
	vsRecordVars(vars)
	vars["simulated"] = "NULL::VARCHAR[]"
	if opts.Simulated != nil {
		vars["simulated"] = "(" + sqlStringList(opts.Simulated) + ")::VARCHAR[]"
	}
	return vars
}

func sqlTimestamp(t time.Time) string {
	return "TIMESTAMP " + sqlString(t.UTC().Format("2006-01-02 15:04:05.999999"))
}

// reportWhere is the WHERE clause of the report's window on ts ("" when
// none is asked).
func reportWhere(opts RiskOptions) string {
	var conds []string
	if !opts.Since.IsZero() {
		conds = append(conds, "ts >= "+sqlTimestamp(opts.Since))
	}
	if !opts.Until.IsZero() {
		conds = append(conds, "ts < "+sqlTimestamp(opts.Until))
	}
	if len(conds) == 0 {
		return ""
	}
	return "WHERE " + strings.Join(conds, " AND ")
}

// reportCallsTable is the report's copy of the calls view (a temporary
// table of its connection).
const reportCallsTable = "permsim_report_calls"

// reportTables makes, on conn, the report's copy of the calls view
// (report_calls.sql): the columns the sections read, deduplicated and
// windowed once, where every section used to compute the calls view's
// window over all calls again. It returns the placeholders with {{calls}}
// naming it, and drop, which removes it (the connection goes back to the
// pool). The decisions view is read as it is: a copy of it made the report
// slower (1M decisions held in DuckDB's memory, spilled to disk).
func reportTables(ctx context.Context, conn *sql.Conn, opts RiskOptions) (vars map[string]string, drop func(), err error) {
	vars = reportVars(opts)
	var made []string
	drop = func() {
		for _, t := range made {
			conn.ExecContext(context.WithoutCancel(ctx), "DROP TABLE IF EXISTS "+t)
		}
	}
	where := reportWhere(opts)
	for _, t := range []struct{ file, table, placeholder string }{
		{"report_calls.sql", reportCallsTable, "calls"},
	} {
		q := fill(mustSQL(t.file), map[string]string{"table": t.table, "where": where, "dedupe": mustSQL("calls_dedupe.sql")})
		// A table left by a report that could not drop its own.
		conn.ExecContext(ctx, "DROP TABLE IF EXISTS "+t.table)
		if _, err := conn.ExecContext(ctx, q); err != nil {
			return nil, drop, fmt.Errorf("sql/%s: %w", t.file, err)
		}
		made = append(made, t.table)
		vars[t.placeholder] = t.table
	}
	return vars, drop, nil
}

// reportRecords runs one embedded report query with its placeholders
// filled in, on conn.
func reportRecords(ctx context.Context, conn *sql.Conn, file string, vars map[string]string) ([]map[string]any, error) {
	recs, err := recordsOn(ctx, conn, fill(mustSQL(file), vars))
	if err != nil {
		return nil, fmt.Errorf("sql/%s: %w", file, err)
	}
	return recs, nil
}

// finish masks the credentials in the report's text unless asked not to.
func finish(r *RiskReport, opts RiskOptions) *RiskReport {
	if opts.ShowSecrets {
		return r
	}
	return mapText(r, secrets.MaskString)
}

// Report writes the risk report to w in format text, markdown, html (one
// self-contained page) or json (RiskReport as one indented object).
func (d *DB) Report(ctx context.Context, w io.Writer, format string) error {
	return d.ReportWith(ctx, w, format, RiskOptions{})
}

// ReportWith is Report narrowed and shaped by opts.
func (d *DB) ReportWith(ctx context.Context, w io.Writer, format string, opts RiskOptions) error {
	switch format {
	case "text", "markdown", "html", "json":
	default:
		return fmt.Errorf("unknown format %q (want text, markdown, html or json)", format)
	}
	r, err := d.RiskWith(ctx, opts)
	if err != nil {
		return err
	}
	return writeReport(w, format, r, opts)
}

// writeReport writes r in format.
func writeReport(w io.Writer, format string, r *RiskReport, opts RiskOptions) error {
	switch format {
	case "text":
		return writeText(w, escapeReport(r), opts)
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
func escapeReport(r *RiskReport) *RiskReport { return mapText(r, textsafe.Escape) }

// mapText returns a copy of r with f applied to every text that comes from
// transcripts and settings.
func mapText(r *RiskReport, e func(string) string) *RiskReport {
	all := func(ss []string) []string {
		out := make([]string, len(ss))
		for i, s := range ss {
			out[i] = e(s)
		}
		return out
	}
	out := *r
	out.Labels = all(r.Labels)
	out.ApprovedBy = make([]ApprovedBy, len(r.ApprovedBy))
	for i, a := range r.ApprovedBy {
		a.RuleText, a.RuleFile, a.RuleLayer, a.Step, a.Reason = e(a.RuleText), e(a.RuleFile), e(a.RuleLayer), e(a.Step), e(a.Reason)
		a.Danger, a.Harnesses = all(a.Danger), all(a.Harnesses)
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
	out.OutcomesByHarness = make([]OutcomeCounts, len(r.OutcomesByHarness))
	for i, o := range r.OutcomesByHarness {
		o.ProjectDir, o.Harness, o.Mode = e(o.ProjectDir), e(o.Harness), e(o.Mode)
		out.OutcomesByHarness[i] = o
	}
	out.Weeks = make([]WeekCounts, len(r.Weeks))
	for i, w := range r.Weeks {
		cats := make([]CategoryCount, len(w.ByDanger))
		for j, c := range w.ByDanger {
			cats[j] = CategoryCount{Category: e(c.Category), Calls: c.Calls}
		}
		w.ByDanger = cats
		out.Weeks[i] = w
	}
	mapCounts := func(l []RiskCounts) []RiskCounts {
		res := make([]RiskCounts, len(l))
		for i, c := range l {
			c.ProjectDir, c.Harness, c.Mode = e(c.ProjectDir), e(c.Harness), e(c.Mode)
			res[i] = c
		}
		return res
	}
	out.ByProject = mapCounts(r.ByProject)
	out.ByHarnessMode = mapCounts(r.ByHarnessMode)
	out.BySettingsFile = make([]FileCounts, len(r.BySettingsFile))
	for i, f := range r.BySettingsFile {
		f.RuleFile, f.RuleLayer = e(f.RuleFile), e(f.RuleLayer)
		out.BySettingsFile[i] = f
	}
	out.VsRecord = mapVsRecord(r.VsRecord, e)
	causes := func(l []UndecidedCause) []UndecidedCause {
		res := make([]UndecidedCause, len(l))
		for i, u := range l {
			u.Cause, u.Examples = e(u.Cause), all(u.Examples)
			res[i] = u
		}
		return res
	}
	out.Undecided = causes(r.Undecided)
	out.WithoutSettings = causes(r.WithoutSettings)
	return &out
}

// recordsSQL runs sqlText and returns its rows as maps from column name to
// the driver's value.
func (d *DB) recordsSQL(ctx context.Context, sqlText string) ([]map[string]any, error) {
	return recordsOn(ctx, d.db, sqlText)
}

// querier is a *sql.DB or one of its connections.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// recordsOn is recordsSQL on q.
func recordsOn(ctx context.Context, q querier, sqlText string) ([]map[string]any, error) {
	rows, err := q.QueryContext(ctx, sqlText)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return nil, err
	}
	var out []map[string]any
	err = scanEach(rows, len(cols), func(vals []any) error {
		m := make(map[string]any, len(cols))
		for i, c := range cols {
			m[c] = vals[i]
		}
		out = append(out, m)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, rows.Err()
}

// scanEach scans every row of rows, n columns, into one slice of values
// (reused from row to row) and hands it to fn; the caller checks
// rows.Err.
func scanEach(rows *sql.Rows, n int, fn func(vals []any) error) error {
	vals := make([]any, n)
	ptrs := make([]any, n)
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return err
		}
		if err := fn(vals); err != nil {
			return err
		}
	}
	return nil
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

package queries

import (
	"bytes"
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"
)

// The dataset of testdata/queries/dataset/build.sql, worked out by hand:
//
//	calls (deduplicated): k1..k8 of claude-code in /home/dev/demo-app and
//	codex:call_1 in /home/dev/api: 9 calls, 2 projects, from k1 at
//	2026-03-14 09:00 to k6 at 2026-03-15 10:00 (codex:call_1 has no time).
//	decisions: one per call, 9. Labels: "checked against codex 0.46.0"
//	(codex) and "simulated from the documented rules" (the rest).
//
//	dangerous and runs: k1, k4, k6 by rule Bash(git push *) in
//	/home/dev/demo-app/.claude/settings.json (project), danger git-push
//	(k4 also force-push), commands "git push origin main" twice (k1, k6)
//	and "git push --force origin main" once (k4); k2 by no rule, step
//	"1 mode", reason "bypassPermissions" ("rm -rf build"); codex:call_1 by
//	no rule, step "sandbox", reason "sandbox auto-allow"
//	("rm -rf /tmp/cache"). k8 runs too but is not dangerous.
//
//	per project × harness × mode: api/codex/on-request:workspace-write:
//	runs 1; demo-app/claude-code/acceptEdits: runs 1 (k8);
//	bypassPermissions: runs 1 (k2); default: blocked 1 (k7), asks-rule 1
//	(k3), asks-mode 1 (k5), runs 3 (k1, k4, k6), total 6.
//
//	dangerous by calls.result: blocked: k7 ok; asks-rule: k3 ok; runs: k1
//	ok, k2 ok (the later ingest run; the decision row still says
//	unknown), k6 ok, k4 denied, codex:call_1 error, so 3 ok, 1 error,
//	1 denied; ran without asking and did run: 4.
//
//	per week (Mondays): 2026-03-09 holds k1..k8: 8 calls, 8 decisions,
//	6 dangerous (k1 k2 k3 k4 k6 k7), 4 would run (k1 k2 k4 k6), 3 ran (k4
//	was denied), by first danger category git-push 3 (k1 k4 k6), delete 1
//	(k2); the week of calls without a time holds codex:call_1: 1, 1, 1, 1,
//	1 (error counts as ran), delete 1.
//	per project: demo-app 8 decisions, 6 dangerous, 4 would run, 3 ran;
//	api 1, 1, 1, 1. per harness and mode: claude-code default 6, 5
//	(k1 k3 k4 k6 k7), 3 (k1 k4 k6), 2 (k1 k6); claude-code
//	bypassPermissions 1, 1, 1, 1; codex 1, 1, 1, 1; claude-code acceptEdits
//	1, 0, 0, 0. per settings file: demo-app's settings.json (project) 3
//	calls by 1 rule; no rule 2 calls. outcome groups per harness:
//	claude-code blocked 1, asks-rule 1, asks-mode 1, runs 5 (k1 k2 k4 k6
//	k8), total 8; codex runs 1. Every call has a decision: nothing
//	undecided. Nothing holds a credential.
func wantRisk() *RiskReport {
	first := time.Date(2026, 3, 14, 9, 0, 0, 0, time.UTC)
	last := time.Date(2026, 3, 15, 10, 0, 0, 0, time.UTC)
	return &RiskReport{
		Labels:    []string{"checked against codex 0.46.0", "simulated from the documented rules"},
		Calls:     9,
		Decisions: 9,
		Projects:  2,
		FirstTs:   &first,
		LastTs:    &last,
		ApprovedBy: []ApprovedBy{
			{RuleText: "Bash(git push *)", RuleFile: "/home/dev/demo-app/.claude/settings.json", RuleLayer: "project",
				Calls: 3, Danger: []string{"force-push", "git-push"}, Harnesses: []string{"claude-code"},
				Top: []TopItem{{What: "git push origin main", Calls: 2}, {What: "git push --force origin main", Calls: 1}}},
			{Step: "1 mode", Reason: "bypassPermissions", Calls: 1, Danger: []string{"delete"},
				Harnesses: []string{"claude-code"}, Top: []TopItem{{What: "rm -rf build", Calls: 1}}},
			{Step: "sandbox", Reason: "sandbox auto-allow", Calls: 1, Danger: []string{"delete"},
				Harnesses: []string{"codex"}, Top: []TopItem{{What: "rm -rf /tmp/cache", Calls: 1}}},
		},
		Outcomes: []OutcomeCounts{
			{ProjectDir: "/home/dev/api", Harness: "codex", Mode: "on-request:workspace-write", Runs: 1, Total: 1},
			{ProjectDir: "/home/dev/demo-app", Harness: "claude-code", Mode: "acceptEdits", Runs: 1, Total: 1},
			{ProjectDir: "/home/dev/demo-app", Harness: "claude-code", Mode: "bypassPermissions", Runs: 1, Total: 1},
			{ProjectDir: "/home/dev/demo-app", Harness: "claude-code", Mode: "default", Blocked: 1, AsksRule: 1, AsksMode: 1, Runs: 3, Total: 6},
		},
		DangerousByResult: []ResultCounts{
			{Group: "blocked", OK: 1, Total: 1},
			{Group: "asks-rule", OK: 1, Total: 1},
			{Group: "runs", OK: 3, Error: 1, Denied: 1, Total: 5},
		},
		RanWithoutAsking: 4,
		Weeks: []WeekCounts{
			{Week: "2026-03-09", Calls: 8, Decisions: 8, Dangerous: 6, WouldRun: 4, Ran: 3,
				ByDanger: []CategoryCount{{Category: "git-push", Calls: 3}, {Category: "delete", Calls: 1}}},
			{Week: "", Calls: 1, Decisions: 1, Dangerous: 1, WouldRun: 1, Ran: 1, ByDanger: []CategoryCount{{Category: "delete", Calls: 1}}},
		},
		ByProject: []RiskCounts{
			{ProjectDir: "/home/dev/demo-app", Decisions: 8, Dangerous: 6, WouldRun: 4, Ran: 3},
			{ProjectDir: "/home/dev/api", Decisions: 1, Dangerous: 1, WouldRun: 1, Ran: 1},
		},
		ByHarnessMode: []RiskCounts{
			{Harness: "claude-code", Mode: "default", Decisions: 6, Dangerous: 5, WouldRun: 3, Ran: 2},
			{Harness: "claude-code", Mode: "bypassPermissions", Decisions: 1, Dangerous: 1, WouldRun: 1, Ran: 1},
			{Harness: "codex", Mode: "on-request:workspace-write", Decisions: 1, Dangerous: 1, WouldRun: 1, Ran: 1},
			{Harness: "claude-code", Mode: "acceptEdits", Decisions: 1},
		},
		BySettingsFile: []FileCounts{
			{RuleFile: "/home/dev/demo-app/.claude/settings.json", RuleLayer: "project", Calls: 3, Rules: 1},
			{Calls: 2},
		},
		OutcomesByHarness: []OutcomeCounts{
			{Harness: "claude-code", Blocked: 1, AsksRule: 1, AsksMode: 1, Runs: 5, Total: 8},
			{Harness: "codex", Runs: 1, Total: 1},
		},
		Undecided:       []UndecidedCause{},
		WithoutSettings: []UndecidedCause{},
		SecretsMasked:   true,
		// The dataset's decisions were made before replay compared them
		// with the transcripts: no agreement (not comparable) and no
		// basis; the outcomes are those of OutcomesByHarness.
		VsRecord: VsRecord{
			Agreement: []AgreementCounts{
				{Harness: "claude-code", Decisions: 8, NotComparable: 8, Runs: 5, Asks: 2, Blocked: 1},
				{Harness: "codex", Decisions: 1, NotComparable: 1, Runs: 1},
			},
			Contradictions: []Contradiction{},
			Assumptions: []AssumptionCount{
				{Aspect: "mode", Basis: "not recorded", Decisions: 9}, {Aspect: "version", Basis: "not recorded", Decisions: 9},
				{Aspect: "settings", Basis: "not recorded", Decisions: 9}, {Aspect: "folder", Basis: "not recorded", Decisions: 9},
			},
		},
	}
}

// The report's sections: "Approved by: dangerous calls … whose outcome is
// runs grouped by (rule_text, rule_file, rule_layer) — rule-less runs
// grouped by step/reason — with the count, the danger categories, and the
// top 3 commands/paths behind each"; "counts per project × mode × outcome
// group"; "dangerous calls that actually ran per calls.result … joined by
// call_key".
func TestRisk(t *testing.T) {
	d := openTest(t, buildDataset(t, "dataset"))
	got, err := d.Risk(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want := wantRisk()
	if !reflect.DeepEqual(got, want) {
		g, _ := json.MarshalIndent(got, "", "  ")
		w, _ := json.MarshalIndent(want, "", "  ")
		t.Errorf("Risk:\n got  %s\n want %s", g, w)
	}
}

// The text report names the approved-by rule with its count and top
// command; the golden file holds the rest, checked line by line against
// the dataset (see wantRisk).
func TestReportText(t *testing.T) {
	d := openTest(t, buildDataset(t, "dataset"))
	var b bytes.Buffer
	if err := d.Report(context.Background(), &b, "text"); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		"simulated from the documented rules",
		"3 calls  rule Bash(git push *)\n",
		"top: 2  git push origin main\n",
		// The step in the user's words, not its number (issue 30).
		"1 call   no rule: bypassPermissions (mode)\n",
		"4 dangerous calls would have run without asking and did run",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text report lacks %q", want)
		}
	}
	golden(t, "report/report.txt", out)
}

func TestReportMarkdown(t *testing.T) {
	d := openTest(t, buildDataset(t, "dataset"))
	var b bytes.Buffer
	if err := d.Report(context.Background(), &b, "markdown"); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if !strings.Contains(out, "| 3 | rule `Bash(git push *)` |") {
		t.Errorf("markdown report lacks the approved-by rule row:\n%s", out)
	}
	golden(t, "report/report.md", out)
}

// "JSON field names are a contract".
func TestReportJSON(t *testing.T) {
	d := openTest(t, buildDataset(t, "dataset"))
	var b bytes.Buffer
	if err := d.Report(context.Background(), &b, "json"); err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b.Bytes(), &m); err != nil {
		t.Fatalf("report is not JSON: %v\n%s", err, b.String())
	}
	for _, k := range []string{"labels", "calls", "decisions", "projects", "first_ts", "last_ts",
		"approved_by", "outcomes", "dangerous_by_result", "ran_without_asking"} {
		if _, ok := m[k]; !ok {
			t.Errorf("report JSON lacks %q", k)
		}
	}
	if m["first_ts"] != "2026-03-14T09:00:00Z" || m["calls"] != float64(9) || m["ran_without_asking"] != float64(4) {
		t.Errorf("first_ts, calls, ran_without_asking = %v, %v, %v", m["first_ts"], m["calls"], m["ran_without_asking"])
	}
	first := m["approved_by"].([]any)[0].(map[string]any)
	for _, k := range []string{"rule_text", "rule_file", "rule_layer", "step", "reason", "calls", "danger", "harnesses", "top"} {
		if _, ok := first[k]; !ok {
			t.Errorf("approved_by[0] lacks %q", k)
		}
	}
	top := first["top"].([]any)[0].(map[string]any)
	if first["rule_text"] != "Bash(git push *)" || first["calls"] != float64(3) || top["what"] != "git push origin main" || top["calls"] != float64(2) {
		t.Errorf("approved_by[0] = %v", first)
	}
	outcome := m["outcomes"].([]any)[0].(map[string]any)
	for _, k := range []string{"project_dir", "harness", "mode", "blocked", "asks_rule", "asks_mode", "runs", "unknown", "total"} {
		if _, ok := outcome[k]; !ok {
			t.Errorf("outcomes[0] lacks %q", k)
		}
	}
	res := m["dangerous_by_result"].([]any)[2].(map[string]any)
	if res["group"] != "runs" || res["ok"] != float64(3) || res["error"] != float64(1) || res["denied"] != float64(1) || res["unknown"] != float64(0) || res["total"] != float64(5) {
		t.Errorf("dangerous_by_result[2] = %v", res)
	}
}

// One self-contained page: no scripts, no outside stylesheets or images,
// and the data escaped.
func TestReportHTML(t *testing.T) {
	d := openTest(t, buildDataset(t, "dataset"))
	var b bytes.Buffer
	if err := d.Report(context.Background(), &b, "html"); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"<!DOCTYPE html>", "<code>Bash(git push *)</code>", "<code>git push origin main</code></details> (2)", "simulated from the documented rules",
		// The charts and the table of contents.
		`<svg class="chart" id="chart-weekly"`, `<svg class="chart" id="chart-approved"`, `<svg class="chart" id="chart-by-file"`,
		`<svg class="chart" id="chart-by-project"`, `<svg class="chart" id="chart-by-harness-mode"`, `<svg class="chart" id="chart-outcome-groups"`,
		`<nav class="toc"`, `<a href="#weekly">`, `<section id="undecided">`, "prefers-color-scheme: dark", "@media print"} {
		if !strings.Contains(out, want) {
			t.Errorf("html report lacks %q", want)
		}
	}
	for _, bad := range []string{"<script", "src=", "<link", "http://", "https://"} {
		if strings.Contains(out, bad) {
			t.Errorf("html report is not self-contained: has %q", bad)
		}
	}
	// The page as a whole, checked by eye in Chromium (TestReportInBrowser
	// in cmd/permsim renders the demo's).
	golden(t, "report/report.html", out)
}

// Text from transcripts cannot inject markup into the page, in the
// tables or in the charts' labels and tooltips.
func TestReportHTMLEscapes(t *testing.T) {
	evil := `<script>alert(1)</script><img src=x onerror=alert(2)>`
	r := wantRisk()
	r.ApprovedBy[0].RuleText = evil
	r.ApprovedBy[0].Top[0].What = evil
	r.ByProject[0].ProjectDir = evil
	r.Weeks[0].ByDanger[0].Category = evil
	r.Undecided = []UndecidedCause{{Cause: evil, Calls: 1, Examples: []string{evil}}}
	var b bytes.Buffer
	if err := writeHTML(&b, escapeReport(r)); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, bad := range []string{"<script", "<img"} {
		if strings.Contains(out, bad) {
			t.Errorf("hostile text reached the page as markup: %q", bad)
		}
	}
	if !strings.Contains(out, "&lt;script&gt;alert(1)&lt;/script&gt;") {
		t.Error("hostile text is not shown escaped")
	}
}

func TestReportJSONGolden(t *testing.T) {
	d := openTest(t, buildDataset(t, "dataset"))
	var b bytes.Buffer
	if err := d.Report(context.Background(), &b, "json"); err != nil {
		t.Fatal(err)
	}
	golden(t, "report/report.json", b.String())
}

// "an empty decisions table → the report says to run permsim replay first
// (not an error)".
func TestReportBeforeReplay(t *testing.T) {
	full := buildDataset(t, "dataset")
	dir := t.TempDir()
	if err := copyTree(full+"/calls", dir+"/calls"); err != nil {
		t.Fatal(err)
	}
	d := openTest(t, dir)
	for _, format := range ReportFormats {
		t.Run(format, func(t *testing.T) {
			var b bytes.Buffer
			if err := d.Report(context.Background(), &b, format); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(b.String(), "run `permsim replay` first") {
				t.Errorf("%s report does not say to run permsim replay first:\n%s", format, b.String())
			}
			if format == "text" && !strings.Contains(b.String(), "9 calls, 0 decisions, 2 projects") {
				t.Errorf("text header lacks the counts:\n%s", b.String())
			}
		})
	}
}

func TestReportUnknownFormat(t *testing.T) {
	d := openTest(t, t.TempDir())
	if err := d.Report(context.Background(), &bytes.Buffer{}, "pdf"); err == nil || !strings.Contains(err.Error(), "pdf") {
		t.Errorf("Report(pdf) = %v, want an error naming the format", err)
	}
}

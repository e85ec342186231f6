package main

import (
	"encoding/json"
	"fmt"
	stdhtml "html"
	"regexp"
	"strings"
	"testing"

	"github.com/permsim/permsim/internal/textsafe"
)

// figureSQL is each figure of the report defined once, as SQL over the
// views `permsim sql` documents: what the report's every format must say.
// The definitions are written here, apart from the report's own queries
// and replay's summary, so a figure that drifts in either shows.
var figureSQL = map[string]string{
	"calls":     `SELECT count(*) AS n FROM calls`,
	"decisions": `SELECT count(*) AS n FROM decisions`,
	"projects": `SELECT count(DISTINCT project_dir) AS n FROM
	               (SELECT project_dir FROM calls UNION ALL SELECT project_dir FROM decisions)`,
	// Not decided: a call with no decision, or one the simulator could
	// not tell. A call decided without its project's settings was decided.
	"not_decided": `SELECT (SELECT count(*) FROM calls c WHERE c.call_key IS NOT NULL
	                          AND NOT EXISTS (SELECT 1 FROM decisions d WHERE d.call_key = c.call_key))
	                     + (SELECT count(*) FROM decisions WHERE outcome = 'unknown') AS n`,
	"without_settings": `SELECT count(*) AS n FROM decisions WHERE outcome <> 'unknown'
	                       AND list_contains(notes, 'project folder not found: decided without the project''s settings')`,
	"would_run": `SELECT count(*) AS n FROM decisions WHERE dangerous AND outcome = 'runs'`,
	"ran": `SELECT count(*) AS n FROM decisions d LEFT JOIN calls c USING (call_key)
	         WHERE d.dangerous AND d.outcome = 'runs' AND coalesce(c.result, d.result) IN ('ok', 'error')`,
	"dangerous": `SELECT count(*) AS n FROM decisions WHERE dangerous`,
}

// weekSQL: per week (Monday, UTC), the dangerous calls that would run
// without asking — a call counted once, whatever its categories.
const weekSQL = `SELECT strftime(date_trunc('week', ts), '%Y-%m-%d') AS week, count(*) AS n
FROM decisions WHERE dangerous AND outcome = 'runs' AND ts IS NOT NULL GROUP BY ALL ORDER BY week`

// sqlFigure runs one figure's SQL on the store.
func sqlFigure(t *testing.T, store, q string) int64 {
	t.Helper()
	var row struct{ N int64 }
	out := mustRun(t, "sql", "--out", store, "--format", "json", q)
	if err := json.Unmarshal([]byte(out), &row); err != nil {
		t.Fatalf("%s: %v\n%s", q, err, out)
	}
	return row.N
}

// TestReportFiguresAgreeWithSQL checks, on the real-data fixture (and on
// the demo), that the report's figures in JSON, text, Markdown and HTML
// are the ones their SQL definitions (figureSQL, weekSQL) give, and that
// the headline's "not decided" is the calls not decided — not the calls
// decided without their project's settings, which are counted apart.
func TestReportFiguresAgreeWithSQL(t *testing.T) {
	store := publicReplayed(t)
	want := map[string]int64{}
	for k, q := range figureSQL {
		want[k] = sqlFigure(t, store, q)
	}
	if want["without_settings"] == 0 || want["not_decided"] == 0 || want["would_run"] == 0 {
		t.Fatalf("the fixture no longer reaches every figure: %v", want)
	}

	var r struct {
		Calls, Decisions, Projects, UndecidedCalls, RanWithoutAsking int64
		WithoutSettings                                              []struct{ Calls int64 } `json:"decided_without_settings"`
		Weeks                                                        []struct {
			Week     string
			WouldRun int64 `json:"would_run"`
		}
		ByHarnessMode []struct {
			Dangerous, WouldRun int64
		} `json:"by_harness_mode"`
	}
	js := mustRun(t, "report", "--out", store, "--format", "json")
	dec := json.NewDecoder(strings.NewReader(strings.NewReplacer(`"undecided_calls"`, `"UndecidedCalls"`, `"ran_without_asking"`, `"RanWithoutAsking"`).Replace(js)))
	if err := dec.Decode(&r); err != nil {
		t.Fatal(err)
	}
	var without int64
	for _, w := range r.WithoutSettings {
		without += w.Calls
	}
	var dangerous int64
	for _, h := range r.ByHarnessMode {
		dangerous += h.Dangerous
	}
	for _, c := range []struct {
		name string
		got  int64
	}{{"calls", r.Calls}, {"decisions", r.Decisions}, {"projects", r.Projects}, {"not_decided", r.UndecidedCalls},
		{"without_settings", without}, {"ran", r.RanWithoutAsking}, {"dangerous", dangerous}} {
		if c.got != want[c.name] {
			t.Errorf("JSON %s = %d, SQL says %d", c.name, c.got, want[c.name])
		}
	}
	// The weeks, as SQL counts them.
	var weeks []struct {
		Week string
		N    int64
	}
	for _, l := range strings.Split(strings.TrimSpace(mustRun(t, "sql", "--out", store, "--format", "json", weekSQL)), "\n") {
		var w struct {
			Week string
			N    int64
		}
		if err := json.Unmarshal([]byte(l), &w); err != nil {
			t.Fatal(err)
		}
		weeks = append(weeks, w)
	}
	got := map[string]int64{}
	for _, w := range r.Weeks {
		if w.WouldRun > 0 {
			got[w.Week] = w.WouldRun
		}
	}
	for _, w := range weeks {
		if got[w.Week] != w.N {
			t.Errorf("JSON week %s: %d would run, SQL says %d", w.Week, got[w.Week], w.N)
		}
		delete(got, w.Week)
	}
	if len(got) > 0 {
		t.Errorf("JSON weeks SQL does not have: %v", got)
	}

	n := func(k string) string { return textsafe.Thousands(want[k]) }
	headline := fmt.Sprintf("%s calls, %s decisions, %s projects", n("calls"), n("decisions"), n("projects"))
	text := mustRun(t, "report", "--out", store, "--format", "text")
	md := mustRun(t, "report", "--out", store, "--format", "markdown")
	html := mustRun(t, "report", "--out", store, "--format", "html")
	for name, out := range map[string]string{"text": text, "markdown": md, "html": html} {
		if !strings.Contains(out, headline) {
			t.Errorf("%s: no headline %q", name, headline)
		}
		if !strings.Contains(out, n("ran")+" dangerous calls would have run without asking and did run") {
			t.Errorf("%s: does not say %s dangerous calls ran", name, n("ran"))
		}
	}
	for name, re := range map[string]*regexp.Regexp{
		"text":     regexp.MustCompile(`(?m)^  ` + n("not_decided") + ` calls not decided in all$`),
		"markdown": regexp.MustCompile(`(?m)^\| ` + n("not_decided") + ` \| total \| \|$`),
		"html":     regexp.MustCompile(`<li><b>` + n("not_decided") + `</b>calls not decided</li>`),
	} {
		if out := map[string]string{"text": text, "markdown": md, "html": html}[name]; !re.MatchString(out) {
			t.Errorf("%s: the calls not decided are not %s (%s)", name, n("not_decided"), re)
		}
	}
	for name, out := range map[string]string{"text": text, "markdown": md, "html": stdhtml.UnescapeString(html)} {
		if !strings.Contains(out, n("without_settings")+" calls decided without their project's settings") {
			t.Errorf("%s: does not say %s calls were decided without their project's settings", name, n("without_settings"))
		}
	}
	// The week table's total row, in the text and Markdown.
	wt := regexp.MustCompile(`(?m)^  total +` + n("calls") + ` +` + n("decisions") + ` +` + n("dangerous") + ` +` + n("would_run") + ` +` + n("ran") + `$`)
	if !wt.MatchString(text) {
		t.Errorf("text: the week table's total is not %s calls, %s decisions, %s dangerous, %s would run, %s ran", n("calls"), n("decisions"), n("dangerous"), n("would_run"), n("ran"))
	}
}

// TestUndecidedCausesAgreeWithReplay: on the real-data fixture, every
// reason replay gives for the calls it skipped is a cause of the report's
// "could not decide" section, with the same number of calls — Gemini CLI's
// chats name their project only by a hash, and both must say so, not
// blame settings that could not be read.
func TestUndecidedCausesAgreeWithReplay(t *testing.T) {
	store := publicReplayed(t)
	code, _, stderr := runCLI(t, "", "replay", "--out", store, "--user-home", t.TempDir())
	if code != 0 {
		t.Fatalf("replay: exit %d\n%s", code, stderr)
	}
	var r struct {
		Undecided []struct {
			Cause string
			Calls int64
		}
	}
	if err := json.Unmarshal([]byte(mustRun(t, "report", "--out", store, "--format", "json")), &r); err != nil {
		t.Fatal(err)
	}
	skipped := regexp.MustCompile(`(?m)^  skipped (\d+): (.*)$`).FindAllStringSubmatch(stderr, -1)
	if len(skipped) < 2 {
		t.Fatalf("replay skipped too little for the test to say anything:\n%s", stderr)
	}
	for _, s := range skipped {
		found := false
		for _, u := range r.Undecided {
			if strings.HasPrefix(u.Cause, s[2]) && fmt.Sprint(u.Calls) == s[1] {
				found = true
			}
		}
		if !found {
			t.Errorf("replay skipped %s calls because %q; the report's causes are %+v", s[1], s[2], r.Undecided)
		}
	}
	if !strings.Contains(stderr, "Gemini CLI") {
		t.Errorf("replay does not say why Gemini CLI's calls were skipped:\n%s", stderr)
	}
	// Each hash is named among the problems, which replay --problems lists.
	if p := mustRun(t, "replay", "--problems", "--out", store); !strings.Contains(p, "gemini: the transcript records the project folder only as its hash 7e8989f71805c3147f6be9b7a71de2a156f8face69f9380beeeb8a777414f21c") {
		t.Errorf("replay --problems does not name the unfound hashes:\n%s", p)
	}
}

// TestReportWindowWithoutCalls: `report --since 30d` on a full store whose
// calls are older says that the window holds no call and what the store
// holds, not "No decisions yet: run replay".
func TestReportWindowWithoutCalls(t *testing.T) {
	store := publicReplayed(t)
	for _, format := range []string{"text", "markdown", "html", "json"} {
		out := mustRun(t, "report", "--out", store, "--since", "30d", "--format", format)
		if strings.Contains(strings.ToLower(out), "no decisions yet") {
			t.Errorf("%s: a window without calls says there are no decisions yet:\n%s", format, out)
		}
		if !strings.Contains(out, "no call in this window") && !strings.Contains(out, "No call in this window") {
			t.Errorf("%s: does not say the window holds no call:\n%s", format, out)
		}
		if !strings.Contains(out, "2025-09-03") || !strings.Contains(out, "2026-07-07") {
			t.Errorf("%s: does not say when the store's calls are (2025-09-03 to 2026-07-07):\n%s", format, out)
		}
	}
}

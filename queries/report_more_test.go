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

const bearerCurl = `curl -H "Authorization: Bearer 9f8e7d6c5b4a39281706f5e4d3c2b1a0" https://api.internal/v1`
const bearerCurlMasked = `curl -H "Authorization: Bearer [masked]" https://api.internal/v1`

// Issue 14: "Calls not decided (no simulator, project folder missing,
// unreadable settings, declined without a command) are counted by cause
// in every report format, with the first few examples". The causes of the
// dataset testdata/queries/undecided/build.sql, worked out by hand from
// its header (one call each; same counts are ordered by cause). u9 was
// decided, but without its project's settings: it is counted apart
// (issue 30: it was decided, and the headline's "not decided" beside the
// decisions must not count it).
func TestUndecidedCauses(t *testing.T) {
	d := openTest(t, buildDataset(t, "undecided"))
	got, err := d.RiskWith(context.Background(), RiskOptions{Simulated: []string{"claude-code", "codex", "gemini"}})
	if err != nil {
		t.Fatal(err)
	}
	want := []UndecidedCause{
		{Cause: "declined, and the transcript does not hold its command", Calls: 1, Examples: []string{"Bash"}},
		{Cause: "left out of the last replay (--since, --newest, or ingested after it)", Calls: 1, Examples: []string{"npm test"}},
		{Cause: "no call of its project was decided: its settings could not be read (replay names the problem)", Calls: 1, Examples: []string{"make"}},
		{Cause: "no simulator for harness cursor", Calls: 1, Examples: []string{"ls"}},
		{Cause: "not a shell or file-tool call (replay decides only those)", Calls: 1, Examples: []string{"TodoWrite"}},
		{Cause: "the simulator could not tell: hook timed out", Calls: 1, Examples: []string{"./deploy.sh"}},
	}
	if !reflect.DeepEqual(got.Undecided, want) {
		g, _ := json.MarshalIndent(got.Undecided, "", "  ")
		t.Errorf("Undecided:\n%s", g)
	}
	if got.UndecidedCalls != 6 {
		t.Errorf("UndecidedCalls = %d, want 6", got.UndecidedCalls)
	}
	without := []UndecidedCause{{Cause: "project folder not found: decided without its settings (replay --root OLD=NEW finds it)", Calls: 1, Examples: []string{"rm -rf dist"}}}
	if !reflect.DeepEqual(got.WithoutSettings, without) {
		t.Errorf("WithoutSettings = %+v, want %+v", got.WithoutSettings, without)
	}

	// Without the list of simulators, a harness none of whose calls was
	// decided is named with both possible reasons.
	got, err = d.RiskWith(context.Background(), RiskOptions{})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, u := range got.Undecided {
		if u.Cause == "no call of harness cursor was decided: no simulator for it, or no replay since its ingest" && u.Calls == 1 {
			found = true
		}
	}
	if !found {
		t.Errorf("without Simulated, cursor's call is not counted as undecided by harness: %+v", got.Undecided)
	}
}

// Every format says what the run could not decide, with the cause and an
// example.
func TestUndecidedInEveryFormat(t *testing.T) {
	d := openTest(t, buildDataset(t, "undecided"))
	for _, format := range ReportFormats {
		var b bytes.Buffer
		if err := d.ReportWith(context.Background(), &b, format, RiskOptions{Simulated: []string{"claude-code"}}); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		for _, want := range []string{"no simulator for harness cursor", "the simulator could not tell: hook timed out", "./deploy.sh"} {
			if !strings.Contains(out, want) {
				t.Errorf("%s report lacks %q", format, want)
			}
		}
	}
}

// "report --since/--until and a per-week breakdown in every format": the
// window 2026-03-09 ≤ ts < 2026-03-16 holds u2 and u8 only (u7 is at
// 2026-03-16 10:00, past the end), all in the week of Monday 2026-03-09.
func TestReportWindow(t *testing.T) {
	d := openTest(t, buildDataset(t, "undecided"))
	since := time.Date(2026, 3, 9, 0, 0, 0, 0, time.UTC)
	until := time.Date(2026, 3, 16, 0, 0, 0, 0, time.UTC)
	got, err := d.RiskWith(context.Background(), RiskOptions{Since: since, Until: until})
	if err != nil {
		t.Fatal(err)
	}
	if got.Calls != 2 || got.Decisions != 2 || got.Projects != 1 {
		t.Errorf("calls, decisions, projects = %d, %d, %d; want 2, 2, 1", got.Calls, got.Decisions, got.Projects)
	}
	wantWeeks := []WeekCounts{{Week: "2026-03-09", Calls: 2, Decisions: 2, Dangerous: 1, WouldRun: 1, Ran: 1,
		ByDanger: []CategoryCount{{Category: "network-exfiltration", Calls: 1}}}}
	if !reflect.DeepEqual(got.Weeks, wantWeeks) {
		t.Errorf("Weeks = %+v, want %+v", got.Weeks, wantWeeks)
	}
	if got.UndecidedCalls != 1 || len(got.Undecided) != 1 || got.Undecided[0].Cause != "the simulator could not tell: hook timed out" {
		t.Errorf("Undecided = %+v, want only u8's hook timeout", got.Undecided)
	}
	if got.Since == nil || !got.Since.Equal(since) || got.Until == nil || !got.Until.Equal(until) {
		t.Errorf("Since, Until = %v, %v", got.Since, got.Until)
	}
	for _, format := range ReportFormats {
		var b bytes.Buffer
		if err := d.ReportWith(context.Background(), &b, format, RiskOptions{Since: since, Until: until}); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), "2026-03-09") {
			t.Errorf("%s report lacks the week 2026-03-09", format)
		}
		if strings.Contains(b.String(), "2026-03-02") {
			t.Errorf("%s report shows the week 2026-03-02, outside the window", format)
		}
	}
}

// Issue 14: "Secrets in commands … are masked in reports by default, with
// a flag to show them". u2's bearer token, in every format.
func TestReportMasksSecrets(t *testing.T) {
	d := openTest(t, buildDataset(t, "undecided"))
	for _, format := range ReportFormats {
		var b bytes.Buffer
		if err := d.ReportWith(context.Background(), &b, format, RiskOptions{}); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		if strings.Contains(out, "9f8e7d6c5b4a39281706f5e4d3c2b1a0") {
			t.Errorf("%s report shows the bearer token", format)
		}
		masked := bearerCurlMasked
		switch format {
		case "html":
			masked = `curl -H &#34;Authorization: Bearer [masked]&#34; https://api.internal/v1`
		case "json":
			masked = `curl -H \"Authorization: Bearer [masked]\" https://api.internal/v1`
		}
		if !strings.Contains(out, masked) {
			t.Errorf("%s report lacks the masked command %q", format, masked)
		}
	}
	got, err := d.RiskWith(context.Background(), RiskOptions{ShowSecrets: true})
	if err != nil {
		t.Fatal(err)
	}
	// ApprovedBy[1]: u1's rule group sorts first (one call each, rule
	// groups before rule-less ones).
	if got.SecretsMasked || got.ApprovedBy[1].Top[0].What != bearerCurl {
		t.Errorf("with ShowSecrets: masked %v, top %q; want the command as recorded", got.SecretsMasked, got.ApprovedBy[1].Top[0].What)
	}
}

// Thousands separators in every printed count.
func TestNum(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 7: "7", 999: "999", 1000: "1,000", 1234567: "1,234,567", -45000: "-45,000"} {
		if got := num(n); got != want {
			t.Errorf("num(%d) = %q, want %q", n, got, want)
		}
	}
}

// Colour only when asked (the command asks on a terminal without
// NO_COLOR), and the columns stay aligned with it.
func TestReportTextColour(t *testing.T) {
	d := openTest(t, buildDataset(t, "dataset"))
	var plain, colour bytes.Buffer
	if err := d.ReportWith(context.Background(), &plain, "text", RiskOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := d.ReportWith(context.Background(), &colour, "text", RiskOptions{Color: true}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(plain.String(), "\x1b[") {
		t.Error("text report without Color holds escape codes")
	}
	if !strings.Contains(colour.String(), "\x1b[1;31m3 calls\x1b[0m") {
		t.Errorf("coloured report does not show the approved-by count in red:\n%s", colour.String())
	}
	stripped := ansi.ReplaceAllString(colour.String(), "")
	if stripped != plain.String() {
		t.Errorf("the coloured report differs from the plain one once its colours are removed")
	}
}

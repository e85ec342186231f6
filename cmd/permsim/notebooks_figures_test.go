package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// notebookQueries returns the SQL of every query(”'…”') of a notebook's
// code cells, in order.
func notebookQueries(t *testing.T, name string) (queries []string, code string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "notebooks", name))
	if err != nil {
		t.Fatal(err)
	}
	var nb struct {
		Cells []struct {
			CellType string   `json:"cell_type"`
			Source   []string `json:"source"`
		} `json:"cells"`
	}
	if err := json.Unmarshal(data, &nb); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var b strings.Builder
	for _, c := range nb.Cells {
		if c.CellType == "code" {
			b.WriteString(strings.Join(c.Source, "") + "\n")
		}
	}
	code = b.String()
	for _, m := range regexp.MustCompile(`(?s)query\('''(.*?)'''\)`).FindAllStringSubmatch(code, -1) {
		queries = append(queries, m[1])
	}
	return queries, code
}

// sqlRows runs q on store and returns its rows (JSON Lines decoded).
func sqlRows(t *testing.T, store, q string) []map[string]any {
	t.Helper()
	var rows []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(mustRun(t, "sql", "--out", store, "--format", "json", q)), "\n") {
		if l == "" {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		rows = append(rows, m)
	}
	return rows
}

// TestNotebooksCountLikeTheReport: on the real-data fixture, the
// notebooks' risky approvals per week are the report's (a call counted
// once, not once per danger category), their outcome groups per harness
// the report's, and no notebook reads the deprecated "group" column.
func TestNotebooksCountLikeTheReport(t *testing.T) {
	store := publicReplayed(t)
	var r struct {
		Weeks []struct {
			Week     string
			WouldRun int64 `json:"would_run"`
		}
		OutcomesByHarness []struct {
			Harness string
			Total   int64
			Runs    int64
		} `json:"outcomes_by_harness"`
	}
	if err := json.Unmarshal([]byte(mustRun(t, "report", "--out", store, "--format", "json")), &r); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join("..", "..", "notebooks", "*.ipynb"))
	if len(files) == 0 {
		t.Fatal("no notebooks")
	}
	for _, f := range files {
		if _, code := notebookQueries(t, filepath.Base(f)); strings.Contains(code, `"group"`) {
			t.Errorf("%s reads the deprecated \"group\" column (outcome_group is its name)", filepath.Base(f))
		}
	}

	qs, _ := notebookQueries(t, "01-nightly-risk-over-time.ipynb")
	if len(qs) == 0 {
		t.Fatal("01-nightly-risk-over-time: no query")
	}
	perWeek := map[string]float64{}
	for _, row := range sqlRows(t, store, qs[0]) {
		wk, _ := row["week"].(string)
		n, _ := row["n"].(float64)
		perWeek[strings.TrimSuffix(strings.SplitN(wk, "T", 2)[0], "Z")] += n
	}
	for _, w := range r.Weeks {
		if float64(w.WouldRun) != perWeek[w.Week] {
			t.Errorf("01-nightly-risk-over-time: week %s has %v risky approvals, the report %d", w.Week, perWeek[w.Week], w.WouldRun)
		}
		delete(perWeek, w.Week)
	}
	for wk, n := range perWeek {
		if n != 0 {
			t.Errorf("01-nightly-risk-over-time: week %s has %v risky approvals, the report none", wk, n)
		}
	}

	qs, _ = notebookQueries(t, "04-harness-and-battery.ipynb")
	if len(qs) == 0 {
		t.Fatal("04-harness-and-battery: no query")
	}
	total, runs := map[string]float64{}, map[string]float64{}
	for _, row := range sqlRows(t, store, qs[0]) {
		h, _ := row["harness"].(string)
		n, _ := row["n"].(float64)
		total[h] += n
		if row["outcome_group"] == "runs" || row["group"] == "runs" {
			runs[h] += n
		}
	}
	for _, o := range r.OutcomesByHarness {
		if float64(o.Total) != total[o.Harness] || float64(o.Runs) != runs[o.Harness] {
			t.Errorf("04-harness-and-battery: %s has %v decisions (%v runs), the report %d (%d runs)", o.Harness, total[o.Harness], runs[o.Harness], o.Total, o.Runs)
		}
	}
}

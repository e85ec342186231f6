package queries

import (
	"reflect"
	"testing"
)

// TestFromRecord: a report record becomes its section's struct by the
// fields' JSON names; a missing or null list is [] (the JSON report never
// has null for a list: DESIGN.md's report fields), a missing column the
// zero value, and a record's other columns are ignored.
func TestFromRecord(t *testing.T) {
	got := fromRecord[ApprovedBy](map[string]any{
		"rule_text": "Bash(git *)",
		"calls":     int64(7),
		"danger":    []any{"git-history", nil, "network"},
		"top":       []any{map[string]any{"what": "git push", "calls": int32(5)}, nil},
		"extra":     "ignored",
	})
	want := ApprovedBy{
		RuleText:  "Bash(git *)",
		Calls:     7,
		Danger:    []string{"git-history", "network"},
		Harnesses: []string{},
		Top:       []TopItem{{What: "git push", Calls: 5}, {}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("fromRecord:\n got %#v\nwant %#v", got, want)
	}
	w := fromRecord[WeekCounts](map[string]any{"week": "2026-W40", "by_danger": nil})
	if w.ByDanger == nil || len(w.ByDanger) != 0 || w.Week != "2026-W40" {
		t.Errorf("a null list: got %#v, want an empty list", w)
	}
}

// TestSumCounts: a report table's total row sums each count column
// (README: the text report "has totals") and leaves the labels out.
func TestSumCounts(t *testing.T) {
	got := sumCounts([]ResultCounts{{Group: "runs", OK: 2, Error: 1, Total: 3}, {Group: "asks", Denied: 4, Unknown: 1, Total: 5}})
	want := ResultCounts{OK: 2, Error: 1, Denied: 4, Unknown: 1, Total: 8}
	if got != want {
		t.Errorf("sumCounts = %+v, want %+v", got, want)
	}
}

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

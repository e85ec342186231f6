package queries

import (
	"context"
	"fmt"
	"strings"
)

// DangerCount counts the window's dangerous decisions of one kind: whether
// they run unasked (outcome group runs) and whether one of their danger
// categories is in the list DangerCounts was given.
type DangerCount struct {
	Group  string // outcome_group: runs, asks-rule, asks-mode, blocked, unknown
	Listed bool   // a category of the call is in the given list
	Calls  int
}

// DangerCounts counts the dangerous decisions in opts' window (Since <= ts
// < Until) by outcome group and by whether one of their categories is in
// categories — the figures `report --fail-on` judges, from the decisions
// view the report's sections read.
func (d *DB) DangerCounts(ctx context.Context, opts RiskOptions, categories []string) ([]DangerCount, error) {
	quoted := make([]string, len(categories))
	for i, c := range categories {
		quoted[i] = sqlString(c)
	}
	list := "[]::VARCHAR[]"
	if len(quoted) > 0 {
		list = "[" + strings.Join(quoted, ", ") + "]"
	}
	where := "WHERE dangerous"
	if w := reportWhere(opts); w != "" {
		where += " AND " + strings.TrimPrefix(w, "WHERE ")
	}
	recs, err := d.recordsSQL(ctx, fmt.Sprintf(`SELECT coalesce(outcome_group, 'unknown') AS g, list_has_any(coalesce(danger, []::VARCHAR[]), %s) AS listed, count(*) AS n
FROM decisions %s GROUP BY ALL ORDER BY ALL`, list, where))
	if err != nil {
		return nil, err
	}
	out := make([]DangerCount, 0, len(recs))
	for _, r := range recs {
		g, _ := r["g"].(string)
		listed, _ := r["listed"].(bool)
		out = append(out, DangerCount{Group: g, Listed: listed, Calls: int(i64(r["n"]))})
	}
	return out, nil
}

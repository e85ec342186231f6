package battery

import (
	"testing"

	"github.com/permsim/permsim/engine"
)

// TestCommonLabel: issue 30 — "labels of the same simulator disagree
// between commands": battery's header said "simulated from the documented
// rules" for Claude Code alone, where decide and the report say it agrees
// with the real harness. The header takes the tables' label when they
// share one.
func TestCommonLabel(t *testing.T) {
	checked := "simulated; agrees with real Claude Code 2.1.328 on 1768 recorded calls"
	for _, c := range []struct {
		labels []string
		want   string
	}{
		{[]string{checked, checked}, checked},
		{[]string{engine.Label}, engine.Label},
		{[]string{checked, engine.Label}, MixedLabel},
		{nil, engine.Label},
	} {
		var tables []*Table
		for _, l := range c.labels {
			tables = append(tables, &Table{Label: l})
		}
		if got := commonLabel(tables); got != c.want {
			t.Errorf("labels %q: %q, want %q", c.labels, got, c.want)
		}
	}
}

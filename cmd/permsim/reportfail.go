package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/permsim/permsim/audit"
	"github.com/permsim/permsim/check"
	"github.com/permsim/permsim/queries"
)

// dangerSeverity is how bad the report's dangerous calls of one kind are,
// on audit's and check's scale so one --fail-on word means the same in
// each: a destructive or secret-reading call that runs unasked is
// critical (check.DestructiveCategories), another dangerous call that runs
// is high, one the simulator could not decide (left to a classifier,
// hooks, settings it could not read) medium, one that asks low; a blocked
// call is no finding (ok false).
func dangerSeverity(c queries.DangerCount) (sev audit.Severity, ok bool) {
	switch {
	case c.Group == "runs" && c.Listed:
		return audit.Critical, true
	case c.Group == "runs":
		return audit.High, true
	case c.Group == "unknown":
		return audit.Medium, true
	case strings.HasPrefix(c.Group, "asks"):
		return audit.Low, true
	}
	return audit.Note, false
}

// failReport is report --fail-on: it counts the window's dangerous calls at
// or above threshold, says on stderr how many of each severity, and returns
// errCheckFailed (exit 1) when there is one.
func failReport(ctx context.Context, out string, opts queries.RiskOptions, threshold audit.Severity, stderr io.Writer) error {
	db, err := queries.Open(out)
	if err != nil {
		return err
	}
	defer db.Close()
	counts, err := db.DangerCounts(ctx, opts, check.DestructiveCategories())
	if err != nil {
		return err
	}
	bySev := map[audit.Severity]int{}
	total := 0
	for _, c := range counts {
		if sev, ok := dangerSeverity(c); ok && sev >= threshold {
			bySev[sev] += c.Calls
			total += c.Calls
		}
	}
	if total == 0 {
		return nil
	}
	var parts []string
	for sev := audit.Critical; sev >= threshold; sev-- {
		if n := bySev[sev]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, sev))
		}
		if sev == audit.Note {
			break
		}
	}
	fmt.Fprintf(stderr, "permsim report: %d dangerous calls at or above %s (--fail-on): %s\n", total, threshold, strings.Join(parts, ", "))
	return errCheckFailed
}

package replay

import (
	"context"
	"fmt"

	"github.com/permsim/permsim/dataset"
	"github.com/permsim/permsim/ingest"
)

// Table names under the output folder.
const (
	DecisionsTable = "decisions"
	RulesTable     = "rules"
)

// Run reads the calls table under outDir, decides every selected call, and
// replaces the decisions and rules tables with the result. The old tables
// stay whole until the new ones are complete.
func Run(ctx context.Context, outDir string, opts Options, hs Harnesses) (Summary, error) {
	var calls []ingest.Row
	if err := ingest.ReadCalls(outDir, func(r ingest.Row) error {
		calls = append(calls, r)
		return nil
	}); err != nil {
		return Summary{}, fmt.Errorf("reading the calls table under %s: %w", outDir, err)
	}
	rows, rules, sum, err := Decide(ctx, opts, hs, calls)
	if err != nil {
		return sum, err
	}
	if len(calls) == 0 {
		sum.Problems = append(sum.Problems, fmt.Sprintf("no calls in %s: run permsim ingest first (with the same --out)", outDir))
	}
	if err := writeTable(outDir, DecisionsTable, rows,
		[]dataset.Partition{dataset.Column("harness"), dataset.DateOf("date", "ts")}); err != nil {
		return sum, err
	}
	if err := writeTable(outDir, RulesTable, rules, nil); err != nil {
		return sum, err
	}
	return sum, nil
}

// writeTable replaces one table with rows, leaving the old one in place if
// anything fails.
func writeTable[T any](outDir, table string, rows []T, parts []dataset.Partition) error {
	w, err := dataset.Create[T](outDir, table, dataset.Options{Partitions: parts, Replace: true})
	if err != nil {
		return fmt.Errorf("writing the %s table: %w", table, err)
	}
	for _, r := range rows {
		if err := w.Write(r); err != nil {
			w.Abort()
			return fmt.Errorf("writing the %s table: %w", table, err)
		}
	}
	if err := w.Commit(); err != nil {
		return fmt.Errorf("writing the %s table: %w", table, err)
	}
	return nil
}

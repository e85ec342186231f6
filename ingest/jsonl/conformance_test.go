package jsonl

import (
	"path/filepath"
	"testing"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/ingesttest"
)

// TestConformance runs the checks every transcript reader passes
// (internal/ingesttest.Conform) over the import format's example
// (docs/import-format.md), whose rows name their harness themselves.
func TestConformance(t *testing.T) {
	ingesttest.Conform(t, ingesttest.Conformer{
		New:     func(home string) ingest.Source { return New(filepath.Join(home, "example.jsonl")) },
		Fixture: filepath.Dir(example), MinRows: 1, Imported: true,
	})
}

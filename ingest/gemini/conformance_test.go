package gemini

import (
	"testing"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/ingesttest"
)

// TestConformance runs the checks every transcript reader passes
// (internal/ingesttest.Conform) over the synthetic fixture.
func TestConformance(t *testing.T) {
	ingesttest.Conform(t, ingesttest.Conformer{New: func(string) ingest.Source { return New() }, Fixture: synthHome, MinRows: 1})
}

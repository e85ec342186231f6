package cursor

import (
	"testing"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/ingesttest"
)

// readHome discovers home and reads every group the way ingest.Run drives
// a Source, with prev as the manifest (nil: a first run).
func readHome(t *testing.T, home string, prev map[string]ingest.FileState) (*ingesttest.Sink, map[string]ingest.FileState) {
	t.Helper()
	return ingesttest.ReadHome(t, New(), home, prev)
}

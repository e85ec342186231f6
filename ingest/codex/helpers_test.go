package codex

import (
	"testing"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/ingesttest"
)

// readHome discovers home and reads every file in one Read with the
// previous states given; the user's CODEX_HOME is kept out of it.
func readHome(t *testing.T, home string, prev map[string]ingest.FileState) (*ingesttest.Sink, map[string]ingest.FileState) {
	t.Helper()
	t.Setenv("CODEX_HOME", "")
	return ingesttest.ReadAll(t, New(), home, prev)
}

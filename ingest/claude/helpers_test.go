package claude

import (
	"testing"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/ingesttest"
)

// readHome discovers home and reads every group with no previous state,
// the way ingest.Run drives a Source; the user's CLAUDE_CONFIG_DIR is kept
// out of it.
func readHome(t *testing.T, home string) (*ingesttest.Sink, map[string]ingest.FileState) {
	t.Helper()
	t.Setenv("CLAUDE_CONFIG_DIR", "")
	return ingesttest.ReadHome(t, New(), home, nil)
}

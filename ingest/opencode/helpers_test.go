package opencode

import (
	"testing"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/ingesttest"
)

// clearEnv keeps the user's own OpenCode variables out of a test.
func clearEnv(t *testing.T) {
	t.Helper()
	t.Setenv("XDG_DATA_HOME", "")
	t.Setenv("OPENCODE_DB", "")
}

// readHome discovers home and reads every group the way ingest.Run drives
// a Source, with prev as the manifest (nil: a first run).
func readHome(t *testing.T, home string, prev map[string]ingest.FileState) (*ingesttest.Sink, map[string]ingest.FileState) {
	t.Helper()
	return ingesttest.ReadHome(t, New(), home, prev)
}

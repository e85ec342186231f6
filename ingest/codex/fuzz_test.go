package codex

import (
	"testing"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/ingesttest"
)

// FuzzRead: no rollout file, however broken, makes the Codex reader panic
// or hang (issue 14, "Fuzzing"); what it cannot read is a Problem.
func FuzzRead(f *testing.F) {
	ingesttest.FuzzRead(f, func() ingest.Source { return New() }, ".codex/sessions/2026/03/14/rollout-2026-03-14T10-15-42-019cebd2-7a10-7c3e-9f21-4b5d6e7f8a90.jsonl",
		"../../testdata/ingest/codex/synthetic/home/.codex/sessions/2026/03/14/rollout-2026-03-14T10-15-42-019cebd2-7a10-7c3e-9f21-4b5d6e7f8a90.jsonl",
		"../../testdata/ingest/codex/synthetic/home/.codex/sessions/2026/03/14/rollout-2026-03-14T11-02-07-019cec01-3b2a-7d4e-8f90-1a2b3c4d5e6f.jsonl")
}

package gemini

import (
	"testing"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/ingesttest"
)

// FuzzRead: no chat file, however broken, makes the Gemini CLI reader
// panic or hang (issue 14, "Fuzzing"); what it cannot read is a Problem.
func FuzzRead(f *testing.F) {
	ingesttest.FuzzRead(f, func() ingest.Source { return New() }, ".gemini/tmp/demo-app/chats/session-2026-04-20T08-30-9b8a7c6d.jsonl",
		"../../testdata/ingest/gemini/synthetic/home/.gemini/tmp/demo-app/chats/session-2026-04-20T08-30-9b8a7c6d.jsonl")
}

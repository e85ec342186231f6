package jsonl

import (
	"testing"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/ingesttest"
)

// FuzzRead: no import file, however broken, makes the permsim-jsonl reader
// panic or hang (issue 14, "Fuzzing"); a bad line is a Problem.
func FuzzRead(f *testing.F) {
	ingesttest.FuzzRead(f, func() ingest.Source { return New() }, "calls.jsonl", "../../testdata/ingest/jsonl/example.jsonl")
}

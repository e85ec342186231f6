package ingest_test

import (
	"strings"
	"testing"

	"github.com/permsim/permsim/ingest"
)

// TestProblemsEscaped: issue 14, "Control characters and terminal escape
// sequences in … ingest problems are shown escaped": a transcript named to
// clear the screen or forge a line cannot do either in the summary.
func TestProblemsEscaped(t *testing.T) {
	s := ingest.Summary{ProblemCount: 1, Problems: []ingest.Problem{{File: "/h/x\x1b[2J.jsonl", Line: 3, Msg: "bad\nskipped: 0 unreadable"}}}
	out := s.String()
	if strings.ContainsAny(out, "\x1b") || !strings.Contains(out, `/h/x\x1b[2J.jsonl:3: bad\nskipped: 0 unreadable`) {
		t.Errorf("summary %q: want the control characters escaped", out)
	}
}

package gemini

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/ingesttest"
)

// A shell call's output, as a real Gemini CLI 0.61.0 chat recorded it
// inside <untrusted_context>, is kept in the output column for replay's
// session history; the other calls keep none.
func TestRealFixtureShellOutput(t *testing.T) {
	dir := filepath.Join("../../testdata/ingest/gemini/real", "fx-gemini-auto_edit")
	sink, _ := readHome(t, filepath.Join(dir, "home/user"), nil)
	shells := 0
	for _, r := range ingesttest.KeepOriginals(sink.Rows) {
		if r.RawTool != "run_shell_command" {
			if r.Output != "" {
				t.Errorf("%s %s: output %q, want none", r.CallKey, r.RawTool, r.Output)
			}
			continue
		}
		if r.Result == "ok" {
			shells++
			if !strings.HasPrefix(r.Output, "<untrusted_context>") || !strings.Contains(r.Output, "</untrusted_context>") {
				t.Errorf("%s: output %q, want the <untrusted_context> block", r.CallKey, r.Output)
			}
		}
	}
	if shells == 0 {
		t.Fatal("the fixture has no shell call that ran")
	}
}

// A long output is cut to ingest.OutputMax bytes without splitting a
// character.
func TestSessionOutputCut(t *testing.T) {
	long := "<untrusted_context>\nOutput: " + strings.Repeat("é", ingest.OutputMax)
	got := sessionOutput(long)
	if len(got) > ingest.OutputMax || !strings.HasPrefix(got, "<untrusted_context>") || !strings.HasSuffix(got, "é") {
		t.Errorf("cut to %d bytes, ending %q", len(got), got[len(got)-4:])
	}
	if sessionOutput("plain text") != "" {
		t.Error("a result without <untrusted_context> is kept")
	}
}

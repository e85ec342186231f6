package claude

import (
	"strings"
	"testing"

	"github.com/permsim/permsim/internal/ingesttest"
	"github.com/permsim/permsim/toolcall"
)

// TestRecordedOutcomeFromRealResults: what a real tool_result shows
// happened to its call. testdata/ingest/claude/outcomes holds real lines
// copied from published transcripts (fixtures/public-transcripts), each a
// call and its result: a refusal the user gave (2.1.23), a failed command
// (2.1.41, "Exit code 1"), a Write refused before it ran because the file
// was not read first (2.1.50), a failed command of 1.0.98 whose result is
// its stderr with no "Exit code" line, a Read of a folder (EISDIR: it got
// past the permission check), and commands that ran.
func TestRecordedOutcomeFromRealResults(t *testing.T) {
	rows, sum := ingesttest.RunIngest(t, New(), "../../testdata/ingest/claude/outcomes/home")
	if len(sum.Problems) != 0 {
		t.Errorf("problems: %v", sum.Problems)
	}
	cases := []struct {
		callID, outcome, evidence string
	}{
		{"toolu_017Ra2rsQsrQXof2K5Svbm3t", toolcall.RecordedUserRefused, "The user doesn't want to proceed with this tool use."},
		{"toolu_0159E7URbKxL1e3t93MHuPUX", toolcall.RecordedRan, "Exit code 1"},
		{"toolu_01XoiA6PKewfrQx58dzLGBbS", toolcall.RecordedToolError, "<tool_use_error>File has not been read yet."},
		{"toolu_01YM1D8FExjvkXgdkHwPVzQY", toolcall.RecordedRan, "npm warn Unknown env config"},
		{"toolu_01LmQjk73EEBPeCPZnEoJFE9", toolcall.RecordedRan, "EISDIR: illegal operation on a directory, read"},
		{"toolu_01HxbsgJQs4jsUPZiF7VXMzD", toolcall.RecordedRan, "tool_result without is_error (exit code 0)"},
		{"toolu_01SeCmVEDycxpUn9LaH2u7dL", toolcall.RecordedRan, "tool_result without is_error (exit code 0)"},
	}
	byID := map[string]toolcall.Row{}
	for _, r := range rows {
		byID[r.CallID] = r
	}
	for _, c := range cases {
		r, ok := byID[c.callID]
		if !ok {
			t.Errorf("%s: no row", c.callID)
			continue
		}
		if r.RecordedOutcome != c.outcome || !strings.HasPrefix(r.RecordedEvidence, c.evidence) {
			t.Errorf("%s (%s %q): recorded %q, evidence %q; want %q, evidence starting %q",
				c.callID, r.RawTool, r.Command, r.RecordedOutcome, r.RecordedEvidence, c.outcome, c.evidence)
		}
		if len(r.RecordedEvidence) > toolcall.EvidenceMax+len("…") {
			t.Errorf("%s: evidence of %d bytes", c.callID, len(r.RecordedEvidence))
		}
	}
	if len(rows) != len(cases) {
		t.Errorf("%d rows, want %d", len(rows), len(cases))
	}
}

// TestRecordedOutcomeTexts: the refusal texts of transcript-formats.md
// §1.7 and the real 2.1.328 recordings, by who refused.
func TestRecordedOutcomeTexts(t *testing.T) {
	cases := []struct {
		name, tool      string
		isError, rej, r bool
		text, want      string
	}{
		{"rule denial", "bash", true, false, false, "Permission to use Bash with command cat .env has been denied.", toolcall.RecordedRuleBlocked},
		{"dontAsk", "write", true, false, false, "Permission to use Write has been denied because Claude Code is running in don't ask mode.", toolcall.RecordedRuleBlocked},
		{"path deny rule (2.1.328)", "read", true, false, false, "<tool_use_error>File is in a directory that is denied by your permission settings.</tool_use_error>", toolcall.RecordedRuleBlocked},
		{"PreToolUse hook", "bash", true, false, false, "PreToolUse:Bash hook error: Blocked: no pushes", toolcall.RecordedHookStopped},
		{"subagent", "edit", true, false, false, "Permission for this tool use was denied. The tool use was rejected", toolcall.RecordedUserRefused},
		{"claude -p", "bash", true, false, false, "Claude requested permissions to use Bash, but you haven't granted it yet.", toolcall.RecordedUserRefused},
		{"host said no", "bash", true, true, false, "RH-ASKED: realharness host answered the permission prompt with deny", toolcall.RecordedUserRefused},
		{"rule said no (permissionDecision)", "bash", true, true, true, "RH: something", toolcall.RecordedRuleBlocked},
		{"exit code quoting a denial", "bash", true, false, false, `Exit code 1\nPermission to use x has been denied`, toolcall.RecordedRan},
	}
	for _, c := range cases {
		got, ev := recorded(resultInfo{isError: c.isError, rejected: c.rej, byRule: c.r, text: []byte(c.text)}, c.tool)
		if got != c.want || ev == "" {
			t.Errorf("%s: %q (evidence %q), want %q", c.name, got, ev, c.want)
		}
	}
}

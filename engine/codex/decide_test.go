package codex

import (
	"testing"

	"github.com/permsim/permsim/engine"
)

// Calls in the normalized form of `permsim decide` ({"tool":"read",…},
// {"tool":"bash",…}) are decided like the Codex tool that does the same
// thing; the expected outcomes are those the corpus recorded for that
// tool: `head -1 /etc/os-release` ran in a read-only sandbox
// (team-onreq-ro), `touch pkg/api/doc.go` was stopped there
// (team-onreq-ro-09) and ran in workspace-write (team-onreq-ws-33), an
// apply_patch of a file in the home asked in workspace-write
// (team-onreq-ws-77) and one in the project ran (team-onreq-ws-75).
func TestNormalizedCalls(t *testing.T) {
	p, d := build(t, setup{})
	tests := []struct {
		line string
		mode engine.Mode
		want engine.Outcome
	}{
		{`{"tool":"read","path":"/etc/os-release"}`, "on-request:read-only", engine.Runs},
		{`{"tool":"bash","command":"touch pkg/api/doc.go"}`, "on-request:read-only", engine.Blocked},
		{`{"tool":"Bash","input":{"command":"touch pkg/api/doc.go"}}`, "on-request:read-only", engine.Blocked},
		{`{"tool":"edit","path":"{H}/work/NOTES.md"}`, "on-request:workspace-write", engine.Asks},
		{`{"tool":"write","path":"manual/faq.md"}`, "on-request:workspace-write", engine.Runs},
		{`{"tool":"apply_patch","input":{"input":"*** Begin Patch\n*** Add File: {H}/x.md\n+x\n*** End Patch\n"}}`, "on-request:workspace-write", engine.Asks},
	}
	// A calls row of replay: no Input, the patch's files in Paths, and a
	// patch run through the shell recorded as an edit.
	rows := []struct {
		call engine.Call
		want engine.Outcome
	}{
		{engine.Call{Tool: engine.ToolEdit, RawTool: "apply_patch", Paths: []string{d.home + "/work/NOTES.md"}}, engine.Asks},
		{engine.Call{Tool: engine.ToolEdit, RawTool: "apply_patch", Paths: []string{d.project + "/manual/faq.md"}}, engine.Runs},
		{engine.Call{Tool: engine.ToolEdit, RawTool: "exec_command", Paths: []string{d.home + "/x.md"}}, engine.Asks},
		{engine.Call{Tool: engine.ToolBash, RawTool: "exec_command", Command: "touch pkg/api/doc.go", Cwd: d.project}, engine.Runs},
	}
	for _, r := range rows {
		if got := p.Decide(r.call, "on-request:workspace-write"); got.Outcome != r.want {
			t.Errorf("%+v: %s at %q (%s), want %s", r.call, got.Outcome, got.Step, got.Reason, r.want)
		}
	}
	for _, tc := range tests {
		c, err := engine.ParseCallInput([]byte(d.expand(tc.line)), d.project)
		if err != nil {
			t.Fatalf("%s: %v", tc.line, err)
		}
		if got := p.Decide(c, tc.mode); got.Outcome != tc.want {
			t.Errorf("%s in %s: %s at %q (%s), want %s", tc.line, tc.mode, got.Outcome, got.Step, got.Reason, tc.want)
		}
	}
}

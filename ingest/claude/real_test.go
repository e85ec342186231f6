package claude

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"testing"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/ingesttest"
)

// The real fixtures were written by Claude Code 2.1.328 driven by a
// scripted model; CASE.json holds the scripted calls and RESULTS.jsonl what
// the harness did with each (fixtures/real/README.md).

type realCall struct {
	Tool          string          `json:"tool"`
	Input         json.RawMessage `json:"input"`
	SubagentCalls []realCall      `json:"subagent_calls"`
}

type realResult struct {
	CallIndex     int          `json:"call_index"`
	Tool          string       `json:"tool"`
	Outcome       string       `json:"outcome"`
	EffectiveMode string       `json:"effective_mode"`
	Subagent      []realResult `json:"subagent_results"`
}

// wantResult maps a RESULTS outcome to the calls table's result: the
// harness refused (blocked) or asked and was answered no (asks) → denied;
// the call ran → ok or error.
func wantResult(outcome string) []string {
	switch outcome {
	case "blocked", "asks":
		return []string{"denied"}
	case "runs":
		return []string{"ok", "error"}
	case "error":
		return []string{"error"}
	}
	return nil
}

func TestRealFixtures(t *testing.T) {
	cases := []struct {
		id    string
		calls int // README: "Distinct tool calls each case's transcripts hold"
	}{
		{"fx-claude-acceptEdits-subagent", 7},
		{"fx-claude-default", 9},
	}
	for _, c := range cases {
		t.Run(c.id, func(t *testing.T) {
			dir := filepath.Join("../../testdata/ingest/claude/real", c.id)
			calls := ingesttest.LoadCase[realCall](t, dir)
			results := ingesttest.ReadJSONL[realResult](t, filepath.Join(dir, "RESULTS.jsonl"))

			sink, _ := readHome(t, filepath.Join(dir, "home/user"))
			if len(sink.Problems) != 0 {
				t.Errorf("problems: %v", sink.Problems)
			}
			got := ingesttest.KeepOriginals(sink.Rows)
			if len(got) != c.calls {
				t.Errorf("calls: got %d, want %d", len(got), c.calls)
			}
			var main, sub []ingest.Row
			for _, r := range got {
				if r.IsSubagent {
					sub = append(sub, r)
				} else {
					main = append(main, r)
				}
			}
			bySeq := func(a, b ingest.Row) int { return int(a.Seq - b.Seq) }
			slices.SortFunc(main, bySeq)
			slices.SortFunc(sub, bySeq)
			var subWant []realResult
			var subCalls []realCall
			if len(main) != len(results) {
				t.Fatalf("main-chain calls: got %d, want %d", len(main), len(results))
			}
			for i, res := range results {
				checkReal(t, main[i], calls[res.CallIndex], res, res.EffectiveMode)
				for _, s := range res.Subagent {
					subWant = append(subWant, s)
					subCalls = append(subCalls, calls[res.CallIndex].SubagentCalls[s.CallIndex])
				}
				if len(res.Subagent) > 0 && main[i].SpawnsAgent == "" {
					t.Errorf("call %d spawns a subagent but spawns_agent is empty", i)
				}
			}
			if len(sub) != len(subWant) {
				t.Fatalf("subagent calls: got %d, want %d", len(sub), len(subWant))
			}
			for i, res := range subWant {
				// The subagent runs in the mode its parent had at the spawn.
				checkReal(t, sub[i], subCalls[i], res, results[0].EffectiveMode)
				if sub[i].AgentID == "" || sub[i].ParentSessionID != sub[i].SessionID {
					t.Errorf("subagent call %d: agent %q parent %q session %q", i, sub[i].AgentID, sub[i].ParentSessionID, sub[i].SessionID)
				}
			}
		})
	}
}

func checkReal(t *testing.T, r ingest.Row, call realCall, res realResult, mode string) {
	t.Helper()
	if r.RawTool != res.Tool || r.RawTool != call.Tool {
		t.Errorf("%s: tool %s, RESULTS %s, CASE %s", r.CallID, r.RawTool, res.Tool, call.Tool)
	}
	if !slices.Contains(wantResult(res.Outcome), r.Result) {
		t.Errorf("%s (%s): result %s, RESULTS outcome %s", r.CallID, r.RawTool, r.Result, res.Outcome)
	}
	if r.Mode != mode {
		t.Errorf("%s: mode %q, harness ran it in %q", r.CallID, r.Mode, mode)
	}
	var in struct {
		Command  string `json:"command"`
		FilePath string `json:"file_path"`
	}
	_ = json.Unmarshal(call.Input, &in)
	if r.Command != in.Command {
		t.Errorf("%s: command %q, CASE %q", r.CallID, r.Command, in.Command)
	}
	if in.FilePath != "" && !slices.Equal(r.Paths, []string{in.FilePath}) {
		t.Errorf("%s: paths %v, CASE %q", r.CallID, r.Paths, in.FilePath)
	}
	if r.ProjectDir != "/home/user/proj" || r.Cwd != "/home/user/proj" {
		t.Errorf("%s: project %q cwd %q, want /home/user/proj", r.CallID, r.ProjectDir, r.Cwd)
	}
}

package claudedrive

import (
	"fmt"
	"testing"

	"github.com/permsim/permsim/verify"
)

// The shared corpus (testdata/claude/differential, recorded by the corpus's
// own runner) and its re-recording with permsim verify
// (testdata/claude/rerecorded) must agree call by call: the same real
// Claude Code 2.1.328, driven by two different hosts, decided the same.
func TestRerecordedClaudeCorpusMatches(t *testing.T) {
	orig, probs, err := verify.ReadResults("../../testdata/claude/differential/claude.results.jsonl")
	if err != nil || len(probs) > 0 {
		t.Fatal(err, probs)
	}
	again, probs, err := verify.ReadResults("../../testdata/claude/rerecorded/claude.results.jsonl")
	if err != nil || len(probs) > 0 {
		t.Fatal(err, probs)
	}
	key := func(r verify.Result) string { return fmt.Sprintf("%s#%d", r.ID, r.CallIndex) }
	want := map[string]verify.Result{}
	for _, r := range orig {
		want[key(r)] = r
	}
	if len(again) != len(orig) {
		t.Errorf("re-recorded %d rows, the corpus has %d", len(again), len(orig))
	}
	for _, r := range again {
		w, ok := want[key(r)]
		if !ok {
			t.Errorf("%s: not in the corpus", key(r))
			continue
		}
		if r.Outcome != w.Outcome {
			t.Errorf("%s: re-recorded %s, the corpus says %s", key(r), r.Outcome, w.Outcome)
		}
		if len(r.SubagentResults) != len(w.SubagentResults) {
			t.Errorf("%s: %d subagent rows, the corpus has %d", key(r), len(r.SubagentResults), len(w.SubagentResults))
			continue
		}
		for i := range r.SubagentResults {
			if r.SubagentResults[i].Outcome != w.SubagentResults[i].Outcome {
				t.Errorf("%s subagent call %d: re-recorded %s, the corpus says %s", key(r), i, r.SubagentResults[i].Outcome, w.SubagentResults[i].Outcome)
			}
		}
	}
}

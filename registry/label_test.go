package registry

import (
	"testing"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/score"
)

// sessionPolicy answers differently when it is given a session history, and
// keeps a typed problem: the two optional interfaces a Policy may have.
type sessionPolicy struct{}

func (sessionPolicy) Decide(engine.Call, engine.Mode) engine.Decision {
	return engine.Decision{Outcome: engine.Runs, Label: engine.Label}
}
func (sessionPolicy) DecideInSession(_ engine.Call, _ engine.Mode, earlier []string) engine.Decision {
	return engine.Decision{Outcome: engine.Asks, Label: engine.Label, Reason: earlier[0]}
}
func (sessionPolicy) Modes() []engine.Mode     { return nil }
func (sessionPolicy) Problems() []string       { return []string{"f.json:3: bad"} }
func (sessionPolicy) Rules() []engine.RuleInfo { return nil }
func (sessionPolicy) ProblemList() []engine.Problem {
	return []engine.Problem{{File: "f.json", Line: 3, Column: 7, Msg: "bad"}}
}

// The label wrapper must not hide what the policy it wraps can do: a
// Gemini CLI policy decides with the session's history (score.ScoreInSession
// finds it by type assertion), and loaders keep typed problems.
func TestLabeledPolicyKeepsOptionalInterfaces(t *testing.T) {
	var p engine.Policy = labeledPolicy{sessionPolicy{}, "simulated; agrees with real X"}
	s := score.Scorer{Harness: "x", Policy: p}
	rec := s.ScoreInSession(engine.Call{Tool: engine.ToolBash, Command: "ls"}, "", []string{"earlier output"})
	if rec.Decision.Outcome != engine.Asks || rec.Decision.Reason != "earlier output" {
		t.Errorf("session history lost through the label wrapper: %+v", rec.Decision)
	}
	if rec.Decision.Label != "simulated; agrees with real X" {
		t.Errorf("label %q", rec.Decision.Label)
	}
	probs := engine.ProblemsOf(p)
	if len(probs) != 1 || probs[0].Column != 7 {
		t.Errorf("typed problems lost through the label wrapper: %+v", probs)
	}
}

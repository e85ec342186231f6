package verify

import (
	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/score"
)

// Simulated is what permsim decided for one call of a case.
type Simulated struct {
	Outcome string `json:"outcome"` // runs, asks, blocked, unknown, or "error" for "left to the classifier"
	Group   string `json:"group"`
	Step    string `json:"step"`
	Reason  string `json:"reason,omitempty"`
	Rule    string `json:"rule,omitempty"`
	Mode    string `json:"mode"`
	Skipped string `json:"skipped,omitempty"` // why the call was not simulated
}

// Agrees reports whether the simulator's answer matches the real
// harness's result r: an "error" row (left to the classifier) matches a
// classifier answer; the others match by outcome. A command that failed
// on its own inside the sandbox (PatternOwnFailure) also matches a
// decision made at sandboxStep, the simulator's step for what the sandbox
// would do (a write refused, a retry outside it asked for): the command
// never got that far.
func Agrees(r Result, sim Simulated, sandboxStep string) bool {
	if sim.Skipped != "" {
		return false
	}
	if r.Pattern == PatternOwnFailure && sandboxStep != "" && sim.Step == sandboxStep {
		return true
	}
	return r.Outcome == sim.Outcome
}

// SimulateCalls decides every call of a case with harness h loaded for env,
// in the corpus layout, in the mode the settings select; unsupported, when
// not empty, names what of the case the simulator cannot stand in for, and
// every call is then skipped with it (as when the policy cannot be loaded).
// It returns one Simulated per call and the policy's problems.
func SimulateCalls(h engine.Harness, env engine.Env, unsupported string, calls []Call) ([]Simulated, []string) {
	out, _, problems := SimulateCase(h, env, unsupported, calls)
	return out, problems
}

// SimulateCase is SimulateCalls that also decides each call's subagent
// calls (Claude Code's Task), one list per call.
func SimulateCase(h engine.Harness, env engine.Env, unsupported string, calls []Call) ([]Simulated, [][]Simulated, []string) {
	out := make([]Simulated, len(calls))
	subs := make([][]Simulated, len(calls))
	skip := func(why string) ([]Simulated, [][]Simulated, []string) {
		for i := range out {
			out[i] = Simulated{Skipped: "not simulated: " + why}
		}
		return out, subs, nil
	}
	if unsupported != "" {
		return skip(unsupported)
	}
	pol, err := h.Load(env)
	if err != nil {
		return skip(err.Error())
	}
	for i, call := range calls {
		out[i] = Decide(pol, call)
		for _, sc := range call.SubagentCalls {
			subs[i] = append(subs[i], Decide(pol, sc))
		}
	}
	return out, subs, pol.Problems()
}

// reasonClassifier is the reason of a call a simulator leaves to the
// harness's server-side classifier (Claude Code's auto mode), which the
// mock cannot answer: the real harness reports an error.
const reasonClassifier = "left to the classifier"

// Decide is pol's verdict on one call, in the mode the settings select.
func Decide(pol engine.Policy, call Call) Simulated {
	return simulated(pol.Decide(engineCall(call), ""))
}

func engineCall(call Call) engine.Call {
	return engine.Call{RawTool: call.Tool, Tool: engine.NormalizeTool(call.Tool), Input: call.Input}
}

// DecideInSession decides each call of a case again after its run, with
// the results the harness returned for the case's earlier compared calls
// (rows, in call order), when h's policy decides with a session's history
// (score.SessionDecider: Gemini CLI asks before a command built from
// earlier command output). It replaces sims[i] for every call that had
// earlier results, so that verify's own comparison decides the way
// `permsim decide`, replay and the differential tests do; the other
// entries are left as SimulateCalls made them.
func DecideInSession(h engine.Harness, env engine.Env, unsupported string, calls []Call, rows []Result, sims []Simulated) {
	if unsupported != "" {
		return
	}
	pol, err := h.Load(env)
	if err != nil {
		return
	}
	sd, ok := pol.(score.SessionDecider)
	if !ok {
		return
	}
	for i, call := range calls {
		var earlier []string
		for _, r := range rows {
			if r.CallIndex < i && r.DropReason == "" {
				earlier = append(earlier, r.Raw)
			}
		}
		if len(earlier) > 0 && i < len(sims) {
			sims[i] = simulated(sd.DecideInSession(engineCall(call), "", earlier))
		}
	}
}

// simulated is a decision as a Simulated.
func simulated(d engine.Decision) Simulated {
	s := Simulated{Outcome: string(d.Outcome), Group: string(d.Group), Step: d.Step, Reason: d.Reason, Mode: string(d.Mode)}
	if d.Reason == reasonClassifier {
		s.Outcome = OutcomeError
	}
	if d.Rule != nil {
		s.Rule = d.Rule.Text
	}
	return s
}

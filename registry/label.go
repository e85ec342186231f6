package registry

import (
	"fmt"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/toolcall"
)

// Agreement is how a simulator's decisions compared with the real harness
// on a corpus of calls recorded with it. The numbers are the "all: N/M rows
// agree" line of the harness's differential test (go test -run
// Differential -v ./engine/<harness>/), which replays Corpus; update them
// with the corpus.
type Agreement struct {
	Agreed   int    // calls on which the simulator reached the real outcome
	Compared int    // calls compared
	Corpus   string // the recorded corpus, relative to the repository root
}

// Label says what a result of this harness's simulator was checked
// against — "simulated; agrees with real Claude Code 2.1.328 on 1768
// recorded calls" where a recorded corpus exists — else engine.Label
// ("simulated from the documented rules").
func (h Harness) Label() string {
	if h.CheckedAgainst == "" || h.Agreement.Compared == 0 {
		return engine.Label
	}
	a := h.Agreement
	if a.Agreed == a.Compared {
		return fmt.Sprintf("simulated; agrees with real %s on %d recorded calls", h.CheckedAgainst, a.Compared)
	}
	return fmt.Sprintf("simulated; agrees with real %s on %d of %d recorded calls", h.CheckedAgainst, a.Agreed, a.Compared)
}

// labeled is a simulator whose decisions carry its harness's Label: what
// it was checked against, rather than the bare "simulated from the
// documented rules". Register wraps the simulators that have a recorded
// corpus.
type labeled struct {
	engine.Harness
	label string
}

// Load loads the inner simulator's policy and labels its decisions.
func (h labeled) Load(env engine.Env) (engine.Policy, error) {
	p, err := h.Harness.Load(env)
	if err != nil || p == nil {
		return p, err
	}
	return labeledPolicy{p, h.label}, nil
}

// RecordedMode keeps the inner simulator's reading of recorded modes.
func (h labeled) RecordedMode(r toolcall.Row) engine.Mode {
	if rm, ok := h.Harness.(engine.RecordedModer); ok {
		return rm.RecordedMode(r)
	}
	return engine.Mode(r.Mode)
}

type labeledPolicy struct {
	engine.Policy
	label string
}

// Decide labels a decision that says only that it was simulated.
func (p labeledPolicy) Decide(call engine.Call, mode engine.Mode) engine.Decision {
	return p.relabel(p.Policy.Decide(call, mode))
}

// DecideInSession keeps the inner policy's session history
// (score.SessionDecider: Gemini CLI's decisions depend on earlier output):
// a wrapper that hid it would make replay and decide drop the history
// without a word. A policy without history decides the call on its own.
func (p labeledPolicy) DecideInSession(call engine.Call, mode engine.Mode, earlier []string) engine.Decision {
	if sd, ok := p.Policy.(interface {
		DecideInSession(engine.Call, engine.Mode, []string) engine.Decision
	}); ok {
		return p.relabel(sd.DecideInSession(call, mode, earlier))
	}
	return p.Decide(call, mode)
}

// ProblemList keeps the inner policy's typed problems (engine.ProblemLister).
func (p labeledPolicy) ProblemList() []engine.Problem { return engine.ProblemsOf(p.Policy) }

// SettingsFiles keeps the inner policy's list of the files it read
// (engine.SettingsFiler): replay records them and push snapshots them.
func (p labeledPolicy) SettingsFiles() []string {
	if sf, ok := p.Policy.(engine.SettingsFiler); ok {
		return sf.SettingsFiles()
	}
	return nil
}

func (p labeledPolicy) relabel(d engine.Decision) engine.Decision {
	if d.Label == "" || d.Label == engine.Label {
		d.Label = p.label
	}
	return d
}

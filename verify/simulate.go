package verify

import (
	"strings"
	"time"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/claude"
	"github.com/permsim/permsim/engine/hooks"
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

// claudeSimEnv is the Env standing in for a case's run: the corpus layout,
// the case's mode and flags, headless (claude -p), its trust answer, and
// hooks run for real (the simulation runs inside the sandbox). It returns
// the flag the simulator does not support, if any.
func claudeSimEnv(c Case) (engine.Env, string) {
	trust := c.Trust
	env := engine.Env{ProjectDir: Project, HomeDir: Home, ManagedDir: Managed, Trust: &trust, RunHooks: true,
		Flags: map[string]string{claude.FlagHeadless: "true"}}
	if c.Mode != nil {
		if *c.Mode == "dangerously-skip-permissions" {
			env.Flags[claude.FlagSkipPermissions] = "true"
		} else {
			env.Flags[claude.FlagMode] = *c.Mode
		}
	}
	args := c.Args
	for i := 0; i < len(args); i++ {
		flag := args[i]
		var vals []string
		for i+1 < len(args) && !strings.HasPrefix(args[i+1], "--") {
			i++
			vals = append(vals, args[i])
		}
		switch flag {
		case "--settings":
			env.Flags[claude.FlagSettings] = strings.Join(vals, " ")
		case "--allowedTools", "--allowed-tools":
			env.Flags[claude.FlagAllowedTools] = strings.Join(vals, "\n")
		case "--disallowedTools", "--disallowed-tools":
			env.Flags[claude.FlagDisallowedTools] = strings.Join(vals, "\n")
		case "--add-dir":
			env.Flags[claude.FlagAddDir] = strings.Join(vals, "\n")
		default:
			return env, "flag " + flag
		}
	}
	return env, ""
}

// simulateClaude decides every call of the case (and every subagent
// call) with the Claude Code simulator, against the layout as the case
// starts.
func simulateClaude(c Case) ([]Simulated, [][]Simulated, []string) {
	env, unsupported := claudeSimEnv(c)
	out := make([]Simulated, len(c.Calls))
	subs := make([][]Simulated, len(c.Calls))
	skip := func(why string) ([]Simulated, [][]Simulated, []string) {
		for i := range out {
			out[i] = Simulated{Skipped: why}
		}
		return out, subs, nil
	}
	if unsupported != "" {
		return skip("not simulated: " + unsupported)
	}
	h := &claude.Harness{Hooks: claude.NewCommandHooks(hooks.NewRunner(hooks.Limits{Timeout: 10 * time.Second}))}
	pol, err := h.Load(env)
	if err != nil {
		return skip("not simulated: " + err.Error())
	}
	decide := func(call Call) Simulated {
		d := pol.Decide(engine.Call{RawTool: call.Tool, Tool: engine.NormalizeTool(call.Tool), Input: call.Input}, "")
		s := Simulated{Outcome: string(d.Outcome), Group: string(d.Group), Step: d.Step, Reason: d.Reason, Mode: string(d.Mode)}
		if d.Reason == "left to the classifier" {
			s.Outcome = OutcomeError
		}
		if d.Rule != nil {
			s.Rule = d.Rule.Text
		}
		return s
	}
	for i, call := range c.Calls {
		out[i] = decide(call)
		for _, sc := range call.SubagentCalls {
			subs[i] = append(subs[i], decide(sc))
		}
	}
	return out, subs, pol.Problems()
}

// Agrees reports whether the simulator's answer matches the real
// harness's outcome: an "error" row (left to the classifier) matches a
// classifier answer; the others match by outcome.
func Agrees(real string, sim Simulated) bool {
	if sim.Skipped != "" {
		return false
	}
	return real == sim.Outcome
}

// SimulateCalls decides every call of a case with harness h loaded for env,
// in the corpus layout, in the mode the settings select; unsupported, when
// not empty, names what of the case the simulator cannot stand in for, and
// every call is then skipped with it (as when the policy cannot be loaded).
// It returns one Simulated per call and the policy's problems.
func SimulateCalls(h engine.Harness, env engine.Env, unsupported string, calls []Call) ([]Simulated, []string) {
	out := make([]Simulated, len(calls))
	skip := func(why string) ([]Simulated, []string) {
		for i := range out {
			out[i] = Simulated{Skipped: "not simulated: " + why}
		}
		return out, nil
	}
	if unsupported != "" {
		return skip(unsupported)
	}
	pol, err := h.Load(env)
	if err != nil {
		return skip(err.Error())
	}
	for i, call := range calls {
		d := pol.Decide(engine.Call{RawTool: call.Tool, Tool: engine.NormalizeTool(call.Tool), Input: call.Input}, "")
		s := Simulated{Outcome: string(d.Outcome), Group: string(d.Group), Step: d.Step, Reason: d.Reason, Mode: string(d.Mode)}
		if d.Rule != nil {
			s.Rule = d.Rule.Text
		}
		out[i] = s
	}
	return out, pol.Problems()
}

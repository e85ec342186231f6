package claudedrive

import (
	"strings"
	"time"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/claude"
	"github.com/permsim/permsim/engine/hooks"
	"github.com/permsim/permsim/verify"
)

// claudeSimEnv is the Env standing in for a case's run: the corpus layout,
// the case's mode and flags, headless (claude -p), its trust answer, and
// hooks run for real (the simulation runs inside the sandbox). It returns
// the flag the simulator does not support, if any.
func claudeSimEnv(c verify.Case) (engine.Env, string) {
	trust := c.Trust
	env := engine.Env{ProjectDir: verify.Project, HomeDir: verify.Home, ManagedDir: verify.Managed, Trust: &trust, RunHooks: true,
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
// starts; the case's hooks run for real, within limits.
func simulateClaude(c verify.Case) ([]verify.Simulated, [][]verify.Simulated, []string) {
	env, unsupported := claudeSimEnv(c)
	h := &claude.Harness{Hooks: claude.NewCommandHooks(hooks.NewRunner(hooks.Limits{Timeout: 10 * time.Second}))}
	return verify.SimulateCase(h, env, unsupported, c.Calls)
}

package claude

import (
	"encoding/json"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/hooks"
)

// HookSource is the "hooks" object of one settings file, handed to a
// HookRunner so it can pick the PreToolUse handlers that apply.
type HookSource struct {
	File  string
	Layer string
	Hooks json.RawMessage
}

// HookRequest is what the PreToolUse hooks see for one call.
type HookRequest struct {
	Tool    string         // Claude Code's tool name: Bash, Read, Edit, …
	Input   map[string]any // the tool's input as the model sent it
	Cwd     string
	Mode    engine.Mode
	Sources []HookSource // every settings file that defines hooks, in file order
	// Handlers are the distinct PreToolUse handlers in force whose matcher
	// and "if" select this call, in file order, each once; Dir is set to
	// the call's folder and CLAUDE_PROJECT_DIR is among their Vars.
	Handlers []hooks.Handler
	Project  string // the project folder (CLAUDE_PROJECT_DIR)
}

// HookVerdict is what the PreToolUse hooks decided about one call.
type HookVerdict struct {
	// Decision is "deny" (exit 2, a JSON deny, decision "block" or
	// continue:false), "ask", "allow", or "" when the hooks decided nothing.
	Decision string
	Reason   string   // the hook's reason, or its stderr for exit 2
	Handler  string   // which handler decided
	Notes    []string // anything worth reporting (a hook that timed out, …)
	// Unknown is set when a hook hit the tester's time limit while Claude
	// Code would have waited longer: the call's outcome cannot be told.
	Unknown bool
}

// HookRunner runs the PreToolUse hooks for the decision steps 1, 6 and 9.
// Decide calls it for every call when the Policy was loaded with
// Env.RunHooks, with the handlers that apply in HookRequest.Handlers (none
// is a valid request: a runner may then decide nothing). Implementations
// must be safe for concurrent use. CommandHooks is the one that really
// runs them.
type HookRunner interface {
	PreToolUse(req HookRequest) HookVerdict
}

// NoHooks is the HookRunner used when hooks are not run: it decides nothing
// and adds no note.
type NoHooks struct{}

// PreToolUse decides nothing.
func (NoHooks) PreToolUse(HookRequest) HookVerdict { return HookVerdict{} }

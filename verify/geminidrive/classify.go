package geminidrive

import (
	"strings"

	"github.com/permsim/permsim/verify"
)

// Patterns of Gemini CLI 0.61.0's tool results, read after the
// request_permission check, first match wins (reference/real-harnesses.md,
// the Gemini pattern table).
var patterns = verify.Patterns{
	verify.ResultPattern(`^Tool execution blocked: `, verify.OutcomeBlocked, "before-tool-hook"),
	verify.ResultPattern(`^Agent execution stopped by hook: `, verify.OutcomeBlocked, "before-tool-hook(stop)"),
	verify.ResultPattern(`^Tool execution (for "[^"]*" )?denied by policy\. You are in Plan Mode`, verify.OutcomeBlocked, "policy-deny(plan-mode)"),
	verify.ResultPattern(`^Tool execution (for "[^"]*" )?denied by policy`, verify.OutcomeBlocked, "policy-deny"),
	verify.ResultPattern(`requires user confirmation, which is not supported in non-interactive mode`, verify.OutcomeAsks, "ask_user(headless)"),
	verify.ResultPattern(`^Tool "[^"]*" not found`, verify.OutcomeBlocked, "tool-excluded(not registered in this mode)"),
	verify.ResultPattern(`^Path not in workspace|resolves outside the allowed workspace`, verify.OutcomeBlocked, "outside-workspace"),
	verify.ResultPattern(`^Access denied: plan path`, verify.OutcomeBlocked, "plan-mode(path)"),
}

// Classify reads one call's outcome: a session/request_permission for the
// call makes it "asks"; otherwise the functionResponse's error text, or
// its output, decides; an error no pattern knows is "error".
func Classify(asked bool, res Response) (outcome, pattern string) {
	if asked {
		return verify.OutcomeAsks, "request_permission"
	}
	text := strings.TrimSpace(res.Error)
	if text == "" {
		text = strings.TrimSpace(res.Output)
	}
	if outcome, pattern, ok := patterns.Match(text); ok {
		return outcome, pattern
	}
	if strings.TrimSpace(res.Error) != "" {
		return verify.OutcomeError, "error(unmatched)"
	}
	return verify.OutcomeRuns, "ran"
}

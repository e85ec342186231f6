package opencodedrive

import (
	"strings"

	"github.com/permsim/permsim/verify"
)

// Patterns of OpenCode 1.18.33's tool results, first match wins
// (reference/real-harnesses.md, the OpenCode table, and the permission
// errors in OpenCode's own code).
var patterns = verify.Patterns{
	verify.ResultPattern(`The user has specified a rule which prevents you from using this specific tool call`, verify.OutcomeBlocked, "deny-rule"),
	verify.ResultPattern(`The user rejected permission to use this specific tool call`, verify.OutcomeAsks, "ask(auto-rejected)"),
	verify.ResultPattern(`(?i)unavailable tool|tool .* (is )?not (available|found)`, verify.OutcomeBlocked, "tool-removed"),
	// Errors the read, glob and grep tools raise only after every
	// permission request of the call was allowed (OpenCode 1.18.33's tool
	// code asks first, then looks at the file or runs ripgrep).
	verify.ResultPattern(`^File not found: |^ripgrep execution failed`, verify.OutcomeRuns, "ran(tool error after the permission checks)"),
}

// Classify reads one call's outcome: a "permission requested … auto-
// rejecting" line for the call makes it "asks"; otherwise the tool part's
// error (or output) decides; an error no pattern knows is "error".
func Classify(asked bool, status, text string) (outcome, pattern string) {
	t := strings.TrimSpace(text)
	if outcome, pattern, ok := patterns.Match(t); ok {
		return outcome, pattern
	}
	if asked {
		return verify.OutcomeAsks, "permission-requested"
	}
	if status == "error" {
		return verify.OutcomeError, "tool-error(unmatched)"
	}
	return verify.OutcomeRuns, "ran"
}

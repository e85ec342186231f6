package opencodedrive

import (
	"regexp"
	"strings"

	"github.com/permsim/permsim/verify"
)

// Patterns of OpenCode 1.18.33's tool results, first match wins
// (reference/real-harnesses.md, the OpenCode table, and the permission
// errors in OpenCode's own code).
var patterns = []struct {
	re      *regexp.Regexp
	outcome string
	name    string
}{
	{regexp.MustCompile(`The user has specified a rule which prevents you from using this specific tool call`), verify.OutcomeBlocked, "deny-rule"},
	{regexp.MustCompile(`The user rejected permission to use this specific tool call`), verify.OutcomeAsks, "ask(auto-rejected)"},
	{regexp.MustCompile(`(?i)unavailable tool|tool .* (is )?not (available|found)`), verify.OutcomeBlocked, "tool-removed"},
	// Errors the read, glob and grep tools raise only after every
	// permission request of the call was allowed (OpenCode 1.18.33's tool
	// code asks first, then looks at the file or runs ripgrep).
	{regexp.MustCompile(`^File not found: |^ripgrep execution failed`), verify.OutcomeRuns, "ran(tool error after the permission checks)"},
}

// Classify reads one call's outcome: a "permission requested … auto-
// rejecting" line for the call makes it "asks"; otherwise the tool part's
// error (or output) decides; an error no pattern knows is "error".
func Classify(asked bool, status, text string) (outcome, pattern string) {
	t := strings.TrimSpace(text)
	for _, p := range patterns {
		if p.re.MatchString(t) {
			return p.outcome, p.name
		}
	}
	if asked {
		return verify.OutcomeAsks, "permission-requested"
	}
	if status == "error" {
		return verify.OutcomeError, "tool-error(unmatched)"
	}
	return verify.OutcomeRuns, "ran"
}

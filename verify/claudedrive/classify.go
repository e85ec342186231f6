package claudedrive

import (
	"regexp"
	"strings"

	"github.com/permsim/permsim/verify"
)

// PatternClassifier is the pattern of an auto-mode or plan-mode call the
// real harness handed to its server-side classifier, which the mock
// cannot answer: "left to the classifier".
const PatternClassifier = "auto-classifier-unavailable"

// claudePatterns read Claude Code 2.1.328's tool-result text, first match
// wins (reference/real-harnesses.md, "Tool-result text → outcome").
var claudePatterns = verify.Patterns{
	verify.ResultPattern(`^Auto mode is unavailable`, verify.OutcomeError, PatternClassifier),
	verify.ResultPattern(`running in don't ask mode`, verify.OutcomeBlocked, "dontAsk"),
	// Claude Code's own sandbox (when it can start) appends the
	// connections it refused: the command ran, what it reached for did not.
	verify.ResultPattern(`(?s)<sandbox_violations>.*\ndeny network-outbound `, verify.OutcomeBlocked, "sandbox-network-denied"),
	verify.ResultPattern(`^Cannot (write to|edit|create) .* while in plan mode`, verify.OutcomeBlocked, "plan-mode"),
	// (?s): a command may span lines; "read"/"edit" is how 2.1.328 words
	// the refusal of a file tool on a link whose target a rule denies.
	verify.ResultPattern(`(?s)Permission to (use \S+ (with command .* )?|read \S+ |edit \S+ )has been denied`, verify.OutcomeBlocked, "deny-rule"),
	verify.ResultPattern(`is in a directory that is denied by your permission settings|denied by your permission settings`, verify.OutcomeBlocked, "deny-rule-path(validate)"),
	verify.ResultPattern(`is covered by a Read deny rule`, verify.OutcomeBlocked, "read-deny-blocks-write(validate)"),
	verify.ResultPattern(`denied by a built-in Claude Code safety check`, verify.OutcomeBlocked, "safety-check-deny(rm)"),
	verify.ResultPattern(`PreToolUse:\S+ hook error`, verify.OutcomeBlocked, "hook"),
	verify.ResultPattern(`WebFetch denied access to domain`, verify.OutcomeBlocked, "permission_denials(unmatched text)"),
	verify.ResultPattern(`has been denied by permission rule`, verify.OutcomeBlocked, "denied"),
	verify.ResultPattern(`needs approval`, verify.OutcomeAsks, "needs-approval"),
	verify.ResultPattern(`requires? approval`, verify.OutcomeAsks, "requires-approval"),
	verify.ResultPattern(`Dangerous rm operation|requires explicit approval`, verify.OutcomeAsks, "safety-check(rm)"),
	verify.ResultPattern(`which is a sensitive file`, verify.OutcomeAsks, "safety-check(sensitive-file)"),
	verify.ResultPattern(`requested permissions? to|haven't granted it yet`, verify.OutcomeAsks, "requested-permissions"),
	verify.ResultPattern(`setting blocks reads outside the working directories`, verify.OutcomeBlocked, "block-reads-outside(validate)"),
	// An MCP tool a deny rule names, or whose .mcp.json server Claude Code
	// did not start, is withheld from the model: refused without a prompt.
	verify.ResultPattern(`No such tool available: mcp__`, verify.OutcomeBlocked, "mcp-tool-withheld"),
	verify.ResultPattern(`<tool_use_error>|InputValidationError|No such tool available|Working directory .* no longer exists`, verify.OutcomeError, "tool_use_error"),
}

var exitCode = regexp.MustCompile(`^Exit code \d+`)

// classifyClaude reads one call's signals: a can_use_tool request wins,
// then the tool-result text, then a permission_denied event naming the
// same text.
func classifyClaude(asked bool, text string, isError bool, deniedReasons []string) (outcome, pattern string) {
	if asked {
		return verify.OutcomeAsks, "can_use_tool"
	}
	t := strings.TrimSpace(text)
	if outcome, pattern, ok := claudePatterns.Match(t); ok {
		return outcome, pattern
	}
	for _, r := range deniedReasons {
		if r != "" && strings.Contains(t, r) {
			return verify.OutcomeAsks, "permission_denied-event(reason=" + r + ")"
		}
	}
	switch {
	case isError && exitCode.MatchString(t):
		return verify.OutcomeRuns, "ran(nonzero-exit)"
	case !isError:
		return verify.OutcomeRuns, "ran"
	}
	return verify.OutcomeError, "error(unmatched)"
}

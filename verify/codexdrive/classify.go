package codexdrive

import (
	"regexp"
	"strings"

	"github.com/permsim/permsim/verify"
)

// Patterns of Codex 0.169.0's tool output, read after the requestApproval
// check, first match wins (reference/real-harnesses.md, the Codex pattern
// table, and the differential corpus's README, "Reclassified rows").
var (
	// The rm guard's refusal; before 0.150.0 it said only "blocked by
	// policy" (recorded with 0.140.0 and 0.142.0, testdata/codex/versions).
	reRmGuard       = regexp.MustCompile(`rm -f style commands are not permitted|` + "` rejected: blocked by policy" + `\\?"\)`)
	reHookBlocked   = regexp.MustCompile(`^Command blocked by PreToolUse hook: `)
	reForbidden     = regexp.MustCompile(`rejected: policy forbids commands starting with`)
	reJustified     = regexp.MustCompile("Rejected\\(\\\\?\"`[^`]*` rejected: ")
	reGranular      = regexp.MustCompile(`AskForApproval::Granular\.\w+ is false`)
	reApprovalNever = regexp.MustCompile(`approval required by policy, but AskForApproval is set to Never`)
	// Not only Never: under a granular policy with sandbox_approval off the
	// text names that policy, and nothing ran either (the corpus's runner
	// read those rows as "ran"; engine/codex lists them as misread).
	reEscalation  = regexp.MustCompile(`reject command — you cannot ask for escalated permissions if the approval policy is`)
	rePatchPolicy = regexp.MustCompile(`rejected by user approval settings`)
	// An MCP tool call Codex asked about (an mcpServer/elicitation/request
	// the driver declined) and one approval policy never refused
	// (recorded with Codex 0.169.0, testdata/codex/realconfigs/coverage).
	reMcpDeclined = regexp.MustCompile(`(?m)^Output:user rejected MCP tool call$`)
	reMcpNever    = regexp.MustCompile(`(?m)^Output:MCP tool call requires approval, but approval policy is never$`)
	reSandboxErr  = regexp.MustCompile(`Read-only file system|Operation not permitted|Permission denied|EROFS|EPERM|EACCES`)
	reReadOnly    = regexp.MustCompile(`Read-only file system`)
	reMountBusy   = regexp.MustCompile(`failed to remove '?\.(codex|agents|aws|git)/?'?: Device or resource busy`)
	reExit        = regexp.MustCompile(`(?m)^(?:Process exited with code|Exit code:) (\d+)`)
	reToolError   = regexp.MustCompile(`^exec_command failed|unsupported .*tool call|^unsupported call:|^apply_patch verification failed|^Failed to|invalid patch|patch verification`)
)

// Classify reads one call's outcome: a requestApproval request for the
// call (method non-empty) makes it "asks"; otherwise the tool output text
// decides. neverPolicy says the session's approval policy is never, which
// turns a would-be prompt into a refusal ("(policy=never)"); under any
// other policy that refusal came from the configuration ("(config
// policy)").
func Classify(method, text string, neverPolicy bool) (outcome, pattern string) {
	if method != "" {
		return verify.OutcomeAsks, method
	}
	t := strings.TrimSpace(text)
	why := "(config policy)"
	if neverPolicy {
		why = "(policy=never)"
	}
	switch {
	case reHookBlocked.MatchString(t):
		return verify.OutcomeBlocked, "pre-tool-use-hook"
	case reRmGuard.MatchString(t):
		return verify.OutcomeBlocked, "builtin-rm-guard"
	case reForbidden.MatchString(t):
		return verify.OutcomeBlocked, "execpolicy-forbidden"
	case reGranular.MatchString(t):
		return verify.OutcomeBlocked, "granular-policy-rejected"
	case reApprovalNever.MatchString(t):
		return verify.OutcomeBlocked, "approval-required" + why
	case reEscalation.MatchString(t):
		return verify.OutcomeBlocked, "escalation-request" + why
	case rePatchPolicy.MatchString(t):
		return verify.OutcomeBlocked, "patch-needs-approval" + why
	case reMcpDeclined.MatchString(t):
		return verify.OutcomeAsks, "mcp-tool-approval(declined)"
	case reMcpNever.MatchString(t):
		return verify.OutcomeBlocked, "mcp-tool-approval" + why
	case reJustified.MatchString(t):
		// A forbidden rule with a justification answers "`cmd`
		// rejected: <justification>" instead of "policy forbids…".
		return verify.OutcomeBlocked, "execpolicy-forbidden(justification)"
	}
	if m := reExit.FindStringSubmatch(t); m != nil {
		if m[1] == "0" {
			// A line whose last command succeeded exits 0 even when
			// Codex's sandbox stopped an earlier write in it
			// (`git commit -m x | uniq`, `(git commit …; cat f)`); the
			// output still says so.
			if reReadOnly.MatchString(t) {
				return verify.OutcomeBlocked, "sandbox-denied(exit 0)"
			}
			return verify.OutcomeRuns, "ran"
		}
		if reSandboxErr.MatchString(t) {
			return verify.OutcomeBlocked, "sandbox-denied(ran sandboxed)"
		}
		return verify.OutcomeRuns, "ran(nonzero-exit)"
	}
	if reToolError.MatchString(t) {
		if strings.Contains(t, "patch") {
			return verify.OutcomeError, "patch-invalid"
		}
		return verify.OutcomeError, "tool-error"
	}
	return verify.OutcomeRuns, "ran"
}

package verify

// The outcomes a result row can have.
const (
	OutcomeRuns    = "runs"
	OutcomeAsks    = "asks"
	OutcomeBlocked = "blocked"
	OutcomeError   = "error"
)

// PatternOwnFailure is the pattern of a command that failed inside the
// harness's sandbox without saying why and fails the same way when run
// again without it (the Codex driver's unsandboxed re-run): it failed on
// its own before reaching anything the sandbox would stop. The row shows
// that the harness let it start in the sandbox without asking, and
// nothing of what the sandbox would have done with it (Agrees).
const PatternOwnFailure = "ran(nonzero-exit, fails without the sandbox too)"

// PatternNoResult is the pattern of a call the harness returned nothing
// for; such a row is dropped, not compared.
const PatternNoResult = "no-result"

// NoResultReason is the drop reason of a call the harness returned no
// result for.
const NoResultReason = "the harness returned no result for this call"

// SetNoResult marks r as a call the harness returned nothing for, dropped
// for reason.
func (r *Result) SetNoResult(reason string) {
	r.Outcome, r.Pattern, r.DropReason = OutcomeError, PatternNoResult, reason
}

// DropIfError drops r when its outcome is an error: a tool error is not a
// permission decision.
func (r *Result) DropIfError() {
	if r.Outcome == OutcomeError {
		r.DropReason = "not a permission decision: " + r.Pattern
	}
}

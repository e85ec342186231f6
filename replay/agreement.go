package replay

import (
	"path/filepath"
	"strings"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/toolcall"
)

// The decisions table's agreement column: how the simulated outcome
// compares with what the transcript shows happened (calls.recorded_outcome).
const (
	Agrees        = "agrees"
	Contradicts   = "contradicts"
	NotComparable = "not-comparable"
)

// ExceptionPrefix starts the agreement_reason of a call that agrees only
// by a reasoned exception the transcript shows: it asked and the user
// approved, or the classifier decided and the transcript says what it
// decided. The report counts these apart.
const ExceptionPrefix = "exception: "

// The bases of a decision's assumptions (mode_basis, version_basis,
// settings_basis, folder_basis): what the transcript recorded, what replay
// inferred (from the parent session, or from the settings files as they
// are today, assumed unchanged since the call), what it defaulted (a
// harness's built-in default, a project folder not found), and what a
// flag gave (--mode, --root, --user-home).
const (
	BasisRecorded  = "recorded"
	BasisInferred  = "inferred"
	BasisDefaulted = "defaulted"
	BasisGiven     = "given"
)

// Agreement compares the outcome replay decided for a call (d: in the
// mode, and with the harness version, replay decided it with) with what
// the call's transcript shows happened to it (recorded, a
// toolcall.Recorded* value), and says why. A call agrees when the two
// say the same; the reasoned exceptions agree only where the transcript
// shows them: a call simulated to ask that the transcript shows asked,
// approved and ran; a call left to the classifier whose transcript shows
// it ran or the classifier refused it, in a mode the transcript records
// (a classifier of a mode replay defaulted to, as auto is for a Claude
// Code session that records none, is an assumption, not what the
// transcript shows). A call whose transcript shows nothing, or only that
// the tool refused its input, is not comparable, as is one the simulator
// could not tell. d's ModeBasis must be set (setBases).
func Agreement(d *DecisionRow, recorded string) (agreement, reason string) {
	outcome := engine.Outcome(d.Outcome)
	classifier := outcome == engine.Runs && d.Reason == engine.ReasonClassifier
	if classifier && d.ModeBasis != BasisRecorded && !strings.HasPrefix(d.ModeLabel, labelParent) {
		return NotComparable, "left to the classifier of a mode the transcript does not record (" + d.ModeBasis + ")"
	}
	switch recorded {
	case "":
		return NotComparable, "the transcript does not show what happened"
	case toolcall.RecordedToolError:
		return NotComparable, "the tool refused its input: the permission check may not have been reached"
	}
	if outcome == engine.Unknown || outcome == "" {
		return NotComparable, "the simulator could not tell"
	}
	switch recorded {
	case toolcall.RecordedRan, toolcall.RecordedApproved:
		switch {
		case classifier:
			return Agrees, ExceptionPrefix + "left to the classifier, which let it run"
		case outcome == engine.Runs:
			return Agrees, "simulated to run without asking, and it ran"
		case outcome == engine.Asks && recorded == toolcall.RecordedApproved:
			return Agrees, ExceptionPrefix + "simulated to ask; the transcript shows the user approved and it ran"
		case outcome == engine.Asks:
			return NotComparable, "simulated to ask, and it ran: the transcript does not show whether it asked"
		}
		return Contradicts, "simulated blocked, but it ran"
	case toolcall.RecordedUserRefused:
		switch {
		case outcome == engine.Asks:
			return Agrees, "simulated to ask, and the user refused"
		case classifier:
			return NotComparable, "left to the classifier; the user refused it"
		case outcome == engine.Runs:
			return Contradicts, "simulated to run without asking, but the user was asked and refused"
		}
		return Contradicts, "simulated blocked without asking, but the user was asked and refused"
	case toolcall.RecordedRuleBlocked, toolcall.RecordedSandboxRefused:
		what := "a rule or the policy"
		if recorded == toolcall.RecordedSandboxRefused {
			what = "the sandbox"
		}
		switch outcome {
		case engine.Blocked:
			return Agrees, "simulated blocked, and " + what + " refused it"
		case engine.Asks:
			return Contradicts, "simulated to ask, but " + what + " refused it without asking"
		}
		return Contradicts, "simulated to run, but " + what + " refused it"
	case toolcall.RecordedHookStopped:
		if outcome == engine.Blocked {
			return Agrees, "simulated blocked, and a hook stopped it"
		}
		return NotComparable, "a hook stopped it (replay runs hooks only with --run-hooks --replay-hooks)"
	case toolcall.RecordedClassifierRefused:
		switch {
		case classifier:
			return Agrees, ExceptionPrefix + "left to the classifier, which refused it"
		case outcome == engine.Blocked:
			return Agrees, "simulated blocked, and the reviewing model refused it"
		case outcome == engine.Asks:
			return Agrees, "simulated to ask; the reviewing model answered, and refused"
		}
		return Contradicts, "simulated to run without asking, but the reviewing model refused it"
	}
	return NotComparable, "recorded outcome " + recorded + " is not one replay compares"
}

// setBases fills the decision's mode_basis, settings_basis and
// folder_basis: what its mode, settings and project folder rest on. They
// depend only on what the decision cache keys a decision by (the policy,
// the mode and its label), so a cached decision keeps them.
func (row *DecisionRow) setBases(c *toolcall.Row, lp *loadedPolicy, opts Options) {
	row.ModeBasis = modeBasis(row.ModeLabel)
	switch {
	case lp.missing:
		row.SettingsBasis = BasisDefaulted
	case opts.ForceHome:
		row.SettingsBasis = BasisGiven
	default:
		row.SettingsBasis = BasisInferred
	}
	switch {
	case lp.missing || !filepath.IsAbs(c.ProjectDir):
		row.FolderBasis = BasisDefaulted
	case lp.snap == "" && filepath.Clean(lp.dir) != filepath.Clean(c.ProjectDir):
		row.FolderBasis = BasisGiven // --root
	default:
		row.FolderBasis = BasisRecorded
	}
}

// modeBasis reads where a decision's mode came from off its label
// (modeOf's label, then the simulator's): recorded in the transcript,
// inferred from the parent session or the settings, a harness's
// built-in default, or --mode.
func modeBasis(label string) string {
	head, _, _ := strings.Cut(label, ";")
	switch head {
	case labelRecorded:
		return BasisRecorded
	case labelParent:
		return BasisInferred
	case labelFlag:
		return BasisGiven
	}
	if strings.Contains(label, "built-in default") {
		return BasisDefaulted
	}
	return BasisInferred
}

// versionBasis is what the version a call was decided with rests on: the
// version its transcript recorded, or none (the simulator's own).
func versionBasis(c *toolcall.Row, decided string) string {
	switch {
	case c.HarnessVersion == "":
		return BasisDefaulted
	case strings.Contains(decided, "decided as"):
		// Recorded, but no recording of that version: its behaviour is
		// the nearest checked version's (engine.VersionTable.VersionAs).
		return BasisInferred
	}
	return BasisRecorded
}

// setCallFacts fills the decision row's per-call columns that compare it
// with its transcript: the recorded version and outcome, the agreement
// and its reason, and the version's basis.
func (row *DecisionRow) setCallFacts(c *toolcall.Row) {
	row.HarnessVersion, row.RecordedOutcome = c.HarnessVersion, c.RecordedOutcome
	row.Agreement, row.AgreementReason = Agreement(row, c.RecordedOutcome)
	row.VersionBasis = versionBasis(c, row.VersionDecided)
}

// agreed is Agreement's answer for one call, worked out once where a
// call's decision is both written and counted for the report.
type agreed struct{ agreement, reason string }

// agreedOf is Agreement of call c decided as d.
func agreedOf(c *toolcall.Row, d *DecisionRow) agreed {
	a, why := Agreement(d, c.RecordedOutcome)
	return agreed{a, why}
}

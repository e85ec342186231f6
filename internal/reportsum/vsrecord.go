package reportsum

// VsRecord is the report's "Simulation vs what happened" section: each
// decided call's simulated outcome against what its transcript shows
// happened to it (decisions.agreement), per harness and version; the
// contradictions with their calls; and how many decisions rest on each
// assumption (mode_basis, version_basis, settings_basis, folder_basis).
//
// queries.VsRecord is an alias of this type.
type VsRecord struct {
	Agreement      []AgreementCounts `json:"agreement"`
	Contradictions []Contradiction   `json:"contradictions"`
	Assumptions    []AssumptionCount `json:"assumptions"`
}

// AgreementCounts counts the decisions of one harness and recorded
// version ("" when the transcript does not record one) by agreement, and
// by simulated outcome with the calls left to the classifier apart from
// those that run.
type AgreementCounts struct {
	Harness        string `json:"harness"`
	HarnessVersion string `json:"harness_version"`
	Decisions      int64  `json:"decisions"`
	Agrees         int64  `json:"agrees"`
	// AgreesByException counts the agreeing decisions that agree only by
	// a reasoned exception the transcript shows (included in Agrees).
	AgreesByException int64 `json:"agrees_by_exception"`
	Contradicts       int64 `json:"contradicts"`
	NotComparable     int64 `json:"not_comparable"`
	Runs              int64 `json:"runs"`               // simulated to run without asking, classifier excluded
	LeftToClassifier  int64 `json:"left_to_classifier"` // simulated runs, left to the classifier: not known to run
	Asks              int64 `json:"asks"`
	Blocked           int64 `json:"blocked"`
	Unknown           int64 `json:"unknown"`
}

// Contradiction is one group of decisions that contradict their
// transcript: the same harness, recorded version, simulated mode and what
// it rests on, simulated outcome, recorded outcome and reason, with up to
// three of its calls (the earliest).
type Contradiction struct {
	Harness         string              `json:"harness"`
	HarnessVersion  string              `json:"harness_version"`
	Mode            string              `json:"mode"`
	ModeBasis       string              `json:"mode_basis"`
	Simulated       string              `json:"simulated"`
	RecordedOutcome string              `json:"recorded_outcome"`
	Reason          string              `json:"reason"`
	Calls           int64               `json:"calls"`
	Examples        []ContradictionCall `json:"examples"`
}

// ContradictionCall is one contradicting call: its key, time (RFC 3339,
// UTC, to the second; "" when not recorded), command or first path, and
// the transcript's evidence of what happened.
type ContradictionCall struct {
	CallKey  string `json:"call_key"`
	Ts       string `json:"ts"`
	What     string `json:"what"`
	Evidence string `json:"evidence"`
}

// AssumptionCount counts the decisions whose Aspect (mode, version,
// settings, folder) rests on Basis (recorded, inferred, defaulted, given).
type AssumptionCount struct {
	Aspect    string `json:"aspect"`
	Basis     string `json:"basis"`
	Decisions int64  `json:"decisions"`
}

// ContradictionExamples is how many calls a Contradiction lists.
const ContradictionExamples = 3

// AssumptionAspects are the aspects of AssumptionCount, in report order.
var AssumptionAspects = []string{"mode", "version", "settings", "folder"}

// Package replay is the parallel stage: it reads the calls table, decides
// every call against the rules of its own project with the harness's
// simulator, and writes the decisions and rules tables.
package replay

import "time"

// DecisionRow is one row of the decisions table. The `col` tags are the
// Parquet column names, part of the CLI contract.
type DecisionRow struct {
	CallKey       string    `col:"call_key,unique"`
	Harness       string    `col:"harness"` // Hive partition column
	Ts            time.Time `col:"ts"`      // the call's time (partitions by date)
	ProjectDir    string    `col:"project_dir"`
	Tool          string    `col:"tool"`
	Command       string    `col:"command"`
	Paths         []string  `col:"paths"`
	Mode          string    `col:"mode"`       // the mode simulated
	ModeLabel     string    `col:"mode_label"` // where the mode came from: "recorded", "parent", "settings", "--mode", "built-in default on 2.1.283+"
	Outcome       string    `col:"outcome"`    // blocked, asks, runs, unknown
	Group         string    `col:"group"`      // blocked, asks-rule, asks-mode, runs, unknown
	Step          string    `col:"step"`
	RuleText      string    `col:"rule_text"`
	RuleFile      string    `col:"rule_file"`
	RuleLayer     string    `col:"rule_layer"`
	RuleList      string    `col:"rule_list"`
	Reason        string    `col:"reason"`
	Needs         []string  `col:"needs"`
	Notes         []string  `col:"notes"`
	Dangerous     bool      `col:"dangerous"`
	Danger        []string  `col:"danger"` // categories
	Result        string    `col:"result"` // what actually happened (calls.result), copied for convenience
	Label         string    `col:"label"`
	EngineVersion string    `col:"engine_version"`
	PolicyHash    string    `col:"policy_hash"`
	// What the call's transcript shows, and how the decision compares
	// with it (agreement.go): per call, like Result.
	HarnessVersion  string `col:"harness_version"`  // the version that recorded the call (calls.harness_version)
	RecordedOutcome string `col:"recorded_outcome"` // what the transcript shows happened (calls.recorded_outcome)
	Agreement       string `col:"agreement"`        // agrees, contradicts, not-comparable
	AgreementReason string `col:"agreement_reason"` // why; ExceptionPrefix for a reasoned exception
	// What the decision rests on: recorded, inferred, defaulted or given
	// (the Basis* constants).
	ModeBasis     string `col:"mode_basis"`
	VersionBasis  string `col:"version_basis"`
	SettingsBasis string `col:"settings_basis"`
	FolderBasis   string `col:"folder_basis"`
	// VersionDecided is which harness version's behaviour decided the
	// call (engine.Decision.VersionBasis): "checked: 2.1.81", "2.1.200: not
	// checked; decided as 2.1.81, the nearest checked version"; empty when
	// the call recorded no version. Unlike version_basis it is the
	// decision's, so a cached decision keeps it.
	VersionDecided string `col:"version_decided"`
}

// RuleRow is one row of the rules table: every rule of every project that
// replay loaded, in force or not.
type RuleRow struct {
	ProjectDir string `col:"project_dir"`
	Harness    string `col:"harness"`
	File       string `col:"file"`
	Layer      string `col:"layer"`
	List       string `col:"list"`
	Rule       string `col:"rule"`
	InForce    bool   `col:"in_force"`
	Why        string `col:"why"`
}

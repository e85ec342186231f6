// Package reportsum is the risk report's sections as replay computes them
// while it decides (replay reads every call once already): a small JSON
// file beside the decisions, report-summary.json, that `permsim report`
// reads instead of querying a million calls, when the calls and decisions
// tables are still the ones the summary was made from.
//
// The sections are the report's own JSON fields (queries.RiskReport, whose
// field names these types repeat), computed over the whole store with the
// report's SQL rules rewritten in Go (replay/reportsum.go); text is kept
// unmasked and unescaped, as the SQL returns it. A summary is written only
// when every rule could be followed exactly; the report falls back to its
// SQL for a window (--since, --until), for another permsim build, for
// another list of simulated harnesses, and for a store changed since.
package reportsum

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/permsim/permsim/dataset"
	"github.com/permsim/permsim/internal/storelock"
)

// CauseNoProjectFolder is why a call whose transcript names no project
// folder is not decided: replay's skipped line and the report's undecided
// cause (report_undecided.sql, replay's summary) say it in these words,
// so the two agree. Gemini CLI's chats name their project only by a hash
// of its folder (unless tmp/<hash>/.project_root or projects.json says
// it): replay finds the folder among those --projects and --root give,
// and names each hash it could not find among its problems.
const CauseNoProjectFolder = "its project folder is not known: the transcript names it only by a hash (Gemini CLI), and no folder given with --projects DIR or --root OLD=NEW hashes to it (replay --problems names each hash), so no project rules can be read"

// File is the summary's name under the store.
const File = "report-summary.json"

// Version changes whenever what a summary holds or means changes; a summary
// of another version is not read.
const Version = 1

// Summary is the content of File: what it was made from, and the report.
type Summary struct {
	Version int `json:"version"`
	// Build is the permsim build that wrote it (replay.BuildID): the
	// report's rules are part of the build.
	Build string `json:"build"`
	// Simulated is the sorted list of harnesses that had a simulator
	// (the undecided causes depend on it).
	Simulated []string `json:"simulated"`
	// Calls and Decisions are the dataset.TableID of the two tables the
	// report was computed from.
	Calls     string `json:"calls"`
	Decisions string `json:"decisions"`
	Report    Report `json:"report"`
}

// Report is the part of the risk report that depends on the tables, with
// queries.RiskReport's field names.
type Report struct {
	Labels            []string        `json:"labels"`
	Calls             int64           `json:"calls"`
	Decisions         int64           `json:"decisions"`
	Projects          int64           `json:"projects"`
	FirstTs           *time.Time      `json:"first_ts"`
	LastTs            *time.Time      `json:"last_ts"`
	ApprovedBy        []ApprovedBy    `json:"approved_by"`
	Outcomes          []OutcomeCounts `json:"outcomes"`
	DangerousByResult []ResultCounts  `json:"dangerous_by_result"`
	Weeks             []WeekCounts    `json:"weeks"`
	ByProject         []RiskCounts    `json:"by_project"`
	ByHarnessMode     []RiskCounts    `json:"by_harness_mode"`
	BySettingsFile    []FileCounts    `json:"by_settings_file"`
	Undecided         []Cause         `json:"undecided"`
	VsRecord          VsRecord        `json:"vs_record"`
}

// ApprovedBy is one group of dangerous calls whose simulated outcome is
// runs: either one rule (rule_text, rule_file, rule_layer set; step and
// reason empty) or, when no rule decided, one decision step and reason
// (rule_* empty). Empty strings stand for "not recorded".
//
// queries.ApprovedBy is an alias of this type.
type ApprovedBy struct {
	RuleText  string    `json:"rule_text"`
	RuleFile  string    `json:"rule_file"`
	RuleLayer string    `json:"rule_layer"`
	Step      string    `json:"step"`
	Reason    string    `json:"reason"`
	Calls     int64     `json:"calls"`
	Danger    []string  `json:"danger"`    // danger categories of the group's calls, sorted
	Harnesses []string  `json:"harnesses"` // harnesses the calls came from, sorted
	Top       []TopItem `json:"top"`       // up to three most frequent commands or paths
}

// TopItem is one command line (or, for file tools, the paths; for web
// tools, the URL or query) and how many of a group's calls it stands for.
//
// queries.TopItem is an alias of this type.
type TopItem struct {
	What  string `json:"what"`
	Calls int64  `json:"calls"`
}

// OutcomeCounts counts the decisions of one project, harness and simulated
// mode by scoring group (blocked, asks-rule, asks-mode, runs, unknown).
// Decisions without a known group count as unknown.
//
// queries.OutcomeCounts is an alias of this type.
type OutcomeCounts struct {
	ProjectDir string `json:"project_dir"`
	Harness    string `json:"harness"`
	Mode       string `json:"mode"`
	Blocked    int64  `json:"blocked"`
	AsksRule   int64  `json:"asks_rule"`
	AsksMode   int64  `json:"asks_mode"`
	Runs       int64  `json:"runs"`
	Unknown    int64  `json:"unknown"`
	Total      int64  `json:"total"`
}

// ResultCounts counts the dangerous calls of one simulated scoring group by
// what really happened (calls.result): ok, error, denied, and unknown (any
// other or no result).
//
// queries.ResultCounts is an alias of this type.
type ResultCounts struct {
	Group   string `json:"group"`
	OK      int64  `json:"ok"`
	Error   int64  `json:"error"`
	Denied  int64  `json:"denied"`
	Unknown int64  `json:"unknown"`
	Total   int64  `json:"total"`
}

// WeekCounts is one week of the report: Week is its Monday (UTC,
// 2006-01-02), or "" for the calls whose time is not known.
//
// queries.WeekCounts is an alias of this type.
type WeekCounts struct {
	Week      string          `json:"week"`
	Calls     int64           `json:"calls"`
	Decisions int64           `json:"decisions"`
	Dangerous int64           `json:"dangerous"`
	WouldRun  int64           `json:"would_run"` // dangerous calls that would run without asking
	Ran       int64           `json:"ran"`       // of those, the ones that really ran (result ok or error)
	ByDanger  []CategoryCount `json:"by_danger"` // the would-run calls by their first danger category
}

// CategoryCount is how many calls fall in one danger category.
//
// queries.CategoryCount is an alias of this type.
type CategoryCount struct {
	Category string `json:"category"`
	Calls    int64  `json:"calls"`
}

// RiskCounts counts the decisions of one project (ProjectDir set) or one
// harness and mode (Harness, Mode set).
//
// queries.RiskCounts is an alias of this type.
type RiskCounts struct {
	ProjectDir string `json:"project_dir,omitempty"`
	Harness    string `json:"harness,omitempty"`
	Mode       string `json:"mode,omitempty"`
	Decisions  int64  `json:"decisions"`
	Dangerous  int64  `json:"dangerous"`
	WouldRun   int64  `json:"would_run"`
	Ran        int64  `json:"ran"`
}

// FileCounts counts the dangerous calls that would run without asking by
// the settings file of the rule that let them through ("" when no rule
// decided), and how many distinct rules of that file did.
//
// queries.FileCounts is an alias of this type.
type FileCounts struct {
	RuleFile  string `json:"rule_file"`
	RuleLayer string `json:"rule_layer"`
	Calls     int64  `json:"calls"`
	Rules     int64  `json:"rules"`
}

// Cause is one reason calls were not decided, how many, and up to
// three of their commands or paths.
//
// queries.UndecidedCause is an alias of this type.
type Cause struct {
	Cause    string   `json:"cause"`
	Calls    int64    `json:"calls"`
	Examples []string `json:"examples"`
}

// Remove deletes the summary of outDir (a replay about to change the
// tables removes it first, so a run that fails part-way leaves none).
func Remove(outDir string) error {
	err := os.Remove(filepath.Join(outDir, File))
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	return err
}

// Write writes s as outDir's summary (dataset.WriteSideFile: a temporary
// file renamed in).
func Write(outDir string, s *Summary) error {
	data, err := json.Marshal(s)
	if err != nil {
		return err
	}
	return dataset.WriteSideFile(outDir, File, data)
}

// ErrStale is what Load returns when there is no summary, or one that does
// not stand for the store as it is (the caller then runs the SQL).
var ErrStale = errors.New("no current report summary")

// Load reads outDir's summary when it stands for the tables as they are:
// the same version and build, the same simulated harnesses (as a set), and
// calls and decisions tables whose files are those it was computed from.
// It holds the store's reader lock while it looks, so no writer renames
// files in between. Any mismatch is ErrStale (wrapped, saying which).
func Load(outDir, build string, simulated []string) (*Summary, error) {
	if build == "" {
		return nil, fmt.Errorf("%w: the permsim build is not known", ErrStale)
	}
	release, err := storelock.Reader(outDir)
	if err != nil {
		return nil, err
	}
	defer release()
	data, err := os.ReadFile(filepath.Join(outDir, File))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrStale, err)
	}
	var s Summary
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrStale, err)
	}
	switch {
	case s.Version != Version:
		return nil, fmt.Errorf("%w: version %d", ErrStale, s.Version)
	case s.Build != build:
		return nil, fmt.Errorf("%w: written by another permsim build", ErrStale)
	case !slices.Equal(s.Simulated, SortedSet(simulated)):
		return nil, fmt.Errorf("%w: other simulated harnesses", ErrStale)
	}
	for _, t := range []struct{ table, id string }{{"calls", s.Calls}, {"decisions", s.Decisions}} {
		id, err := dataset.TableID(outDir, t.table)
		if err != nil || id != t.id {
			return nil, fmt.Errorf("%w: the %s table changed", ErrStale, t.table)
		}
	}
	return &s, nil
}

// SortedSet returns the distinct strings of l, sorted.
func SortedSet(l []string) []string {
	out := slices.Clone(l)
	slices.Sort(out)
	return slices.Compact(out)
}

package queries

import (
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/permsim/permsim/internal/reportsum"
)

// ReportFromSummary writes the report of outDir in format from the summary
// replay wrote beside the decisions (internal/reportsum) instead of
// querying the tables, when that summary stands for the store as it is:
// no window asked (opts.Since, opts.Until) or one that leaves out no call
// (windowKeepsAll), the simulated harnesses known
// and the same as the summary's, the same permsim build (build, from
// replay.BuildID), the calls and decisions tables unchanged since, and
// every Parquet file of the store where Open would read it. It returns
// false, having written nothing, when any of that does not hold: the
// caller then opens the store and runs the SQL (ReportWith), which gives
// the same bytes.
func ReportFromSummary(outDir string, w io.Writer, format string, opts RiskOptions, build string) (bool, error) {
	switch format {
	case "text", "markdown", "html", "json":
	default:
		return false, fmt.Errorf("unknown format %q (want text, markdown, html or json)", format)
	}
	if opts.Simulated == nil || CheckLocal(outDir) != nil {
		return false, nil
	}
	s, err := reportsum.Load(outDir, build, opts.Simulated)
	if err != nil || !windowKeepsAll(&s.Report, opts) {
		return false, nil
	}
	// A file Open would skip (out of the tables' layout) is one the
	// summary counted.
	for _, t := range tables {
		if _, warns := parquetFiles(filepath.Join(outDir, t.dir), t.partitioned); len(warns) > 0 {
			return false, nil
		}
	}
	return true, writeReport(w, format, riskFromSummary(s, opts), opts)
}

// windowKeepsAll reports whether the report's window (opts.Since,
// opts.Until) leaves out none of the calls and decisions the summary
// counted: none asked, or every call has a time (no week "") and the first
// and last are inside it, as the SQL compares them (to the microsecond).
// Then the windowed report is the whole store's with the window named.
func windowKeepsAll(r *reportsum.Report, opts RiskOptions) bool {
	if opts.Since.IsZero() && opts.Until.IsZero() {
		return true
	}
	if r.FirstTs == nil || r.LastTs == nil {
		return false
	}
	for _, w := range r.Weeks {
		if w.Week == "" {
			return false
		}
	}
	if !opts.Since.IsZero() && r.FirstTs.Before(opts.Since.Truncate(time.Microsecond)) {
		return false
	}
	return opts.Until.IsZero() || r.LastTs.Before(opts.Until.Truncate(time.Microsecond))
}

// riskFromSummary is the RiskReport RiskWith returns, from a summary: the
// summary's sections are the report's own types.
func riskFromSummary(s *reportsum.Summary, opts RiskOptions) *RiskReport {
	m := &s.Report
	r := RiskReport{Labels: m.Labels, Calls: m.Calls, Decisions: m.Decisions, Projects: m.Projects,
		FirstTs: m.FirstTs, LastTs: m.LastTs, ApprovedBy: m.ApprovedBy, Outcomes: m.Outcomes,
		DangerousByResult: m.DangerousByResult, Weeks: m.Weeks, ByProject: m.ByProject,
		ByHarnessMode: m.ByHarnessMode, BySettingsFile: m.BySettingsFile, Undecided: m.Undecided, VsRecord: m.VsRecord}
	if r.Decisions == 0 {
		// RiskWith reads only the header and the undecided section then.
		r.ApprovedBy, r.Outcomes, r.DangerousByResult, r.Weeks = nil, nil, nil, nil
		r.ByProject, r.ByHarnessMode, r.BySettingsFile = nil, nil, nil
		r.VsRecord = VsRecord{}
	}
	return complete(&r, opts)
}

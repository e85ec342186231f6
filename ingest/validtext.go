package ingest

import (
	"unicode/utf8"

	"github.com/permsim/permsim/dataset"
)

// repairText makes every text of r valid UTF-8, each byte that is not
// part of a UTF-8 sequence stored as U+FFFD, and reports whether any was
// (issue 27: one such byte in one transcript made every reader of the
// calls table fail with "Invalid string encoding found in Parquet file",
// since Parquet's strings and DuckDB take UTF-8 only). It runs in the
// sink every Source's rows pass through, so no reader needs to remember
// it. TestRepairTextCoversEveryString keeps the list of fields whole.
func repairText(r *Row) bool {
	repaired := false
	fix := func(s *string) {
		if !utf8.ValidString(*s) {
			*s = dataset.ValidText(*s)
			repaired = true
		}
	}
	for _, s := range [...]*string{
		&r.Harness, &r.HarnessVersion, &r.SessionID, &r.ParentSessionID, &r.AgentID,
		&r.ProjectDir, &r.Cwd, &r.ProjectHash, &r.CallID, &r.Tool, &r.RawTool, &r.Command, &r.Pattern,
		&r.URL, &r.Query, &r.InputJSON, &r.Mode, &r.ModeSource, &r.Sandbox, &r.Result,
		&r.Model, &r.SpawnsAgent, &r.SourceFile, &r.Home, &r.CallKey, &r.CopyRank, &r.Output,
		&r.RecordedOutcome, &r.RecordedEvidence,
	} {
		fix(s)
	}
	copied := false
	for i, p := range r.Paths {
		if !utf8.ValidString(p) {
			if !copied {
				// The reader's slice may be shared with other rows.
				r.Paths = append([]string(nil), r.Paths...)
				copied = true
			}
			r.Paths[i] = dataset.ValidText(p)
			repaired = true
		}
	}
	if repaired {
		r.TextRepaired = true
	}
	return repaired
}

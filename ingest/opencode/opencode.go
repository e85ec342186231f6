// Package opencode reads OpenCode sessions into rows of the calls table:
// one row per tool part (a part of type "tool" whose input is complete),
// with the result, the exit code of a shell call, and as the mode the agent
// (build, plan, general, …) of the assistant message that made it.
//
// OpenCode has kept its sessions in two stores, and a migrated install has
// both: JSON files under <data>/storage/ (session/, message/, part/; up to
// 1.1) and the SQLite database <data>/opencode.db (1.2 on; the migration
// copied every JSON record into it under the same ids). Both are read. A
// call is keyed by its callID, start time, tool and input (see callKey),
// which a migrated copy and a fork's copy share; CopyRank makes the copy in the session created first
// the original.
//
// Both are read incrementally. A JSON record file is read again only when
// it changed (the manifest keeps what a session or message file said, so
// a new part file is read alone). The database is only ever opened
// read-only (see sqliteread.Open); a run reads the part rows with a rowid
// above the last run's high-water mark, plus, by id, the parts that were
// still running then.
package opencode

import (
	"context"
	"strings"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/toolcall"
)

// Harness is the name written into Row.Harness.
const Harness = toolcall.OpenCode

// Source implements ingest.Source for OpenCode. The zero value is ready to
// use.
type Source struct{}

// New returns an OpenCode Source.
func New() *Source { return &Source{} }

var _ ingest.Source = (*Source)(nil)

// Harness returns "opencode".
func (s *Source) Harness() string { return Harness }

// Read reads one group of files as Discover made it: either the JSON
// records of one session, or one database (with its -wal file). It sends a
// Row per tool call and a Problem per record or file it cannot read, and
// returns each readable file's new state. Files unchanged since prev are
// not opened. Read returns an error only when ctx is cancelled.
func (s *Source) Read(ctx context.Context, files []ingest.File, prev map[string]ingest.FileState, sink ingest.Sink) (map[string]ingest.FileState, error) {
	if len(files) == 0 {
		return map[string]ingest.FileState{}, nil
	}
	if strings.HasPrefix(files[0].Group, jsonGroupPrefix) {
		return readJSONGroup(ctx, files, prev, sink)
	}
	return readDatabase(ctx, files, prev, sink)
}

// unchanged and fileState serve the JSON records (jsonstore.go).
var unchanged, fileState = ingest.Unchanged, ingest.WholeFileState

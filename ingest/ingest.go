// Package ingest turns harness session transcripts into rows of the calls
// table: one row per shell or file tool call, with its session, project
// folder, time and the permission mode the session recorded.
//
// One reader per harness lives in a subpackage (ingest/claude, …) and
// implements Source; Run (in run.go) drives every Source over every home,
// keeps the incremental manifest, and writes the rows as Parquet through
// package dataset. Readers never hold a whole transcript in memory.
package ingest

import (
	"context"
	"iter"
	"strconv"

	"github.com/permsim/permsim/internal/textsafe"
	"github.com/permsim/permsim/toolcall"
)

// Row is one tool call: a row of the calls table (toolcall.Row, the one
// call vocabulary every stage shares).
type Row = toolcall.Row

// OutputMax bounds Row.Output (toolcall.OutputMax).
const OutputMax = toolcall.OutputMax

// Problem is a piece of input that could not be read: reported with its file
// and line, skipped, and the run goes on.
type Problem struct {
	File string
	Line int64 // 0 when the problem is about the whole file
	Msg  string
}

// String renders the problem as "file:line: message" (or "file: message"
// when it is about the whole file), the form editors and terminals link.
// File and message come from transcripts (names, quoted lines): control
// characters in them are shown escaped, never sent to the terminal.
func (p Problem) String() string {
	if p.Line > 0 {
		return textsafe.Escape(p.File) + ":" + strconv.FormatInt(p.Line, 10) + ": " + textsafe.Escape(p.Msg)
	}
	return textsafe.Escape(p.File) + ": " + textsafe.Escape(p.Msg)
}

// FileState is what the manifest remembers about one transcript file between
// runs, so an unchanged file is not read again and a grown one is read from
// where the last run stopped. Reader-specific state (the mode in force at
// Offset, calls still waiting for their result, …) is kept opaque in State.
type FileState struct {
	Path    string `json:"path"`
	Size    int64  `json:"size"`
	Inode   uint64 `json:"inode"`
	MtimeNs int64  `json:"mtime_ns"`
	Offset  int64  `json:"offset"` // bytes consumed (always at a line boundary)
	Line    int64  `json:"line"`   // lines consumed
	// Head is a fingerprint of the bytes consumed (Fingerprint; 0: none
	// kept): a file whose fingerprint no longer matches was rewritten in
	// place, and is read again from its start rather than on from Offset.
	Head  uint64 `json:"head,omitempty"`
	State []byte `json:"state,omitempty"`
}

// Sink receives what a Source reads.
type Sink interface {
	Row(Row)
	Problem(Problem)
	// Bytes reports transcript bytes read, for progress lines and for the
	// test that proves an unchanged file is not read again.
	Bytes(n int64)
}

// File is one transcript file a Source found under a home, with any
// related files it must be read together with.
type File struct {
	Path string
	// Group names files that must be read by the same call to Read, in
	// order (a Claude session and its subagent files, so subagent calls can
	// take the parent's mode). Files of different groups are independent
	// and may be read in parallel.
	Group string
}

// Source is one harness's transcript reader.
type Source interface {
	// Harness is the harness name written into Row.Harness.
	Harness() string
	// Files lists the transcript files under one home folder (honouring
	// the harness's own environment variables where the home is the user's)
	// as a stream, in group order: a group's files one after the other (in
	// the order Read takes them), groups by increasing GroupKey. A listing
	// error is yielded with a zero File and the listing goes on; the
	// errors of folders that exist but cannot be listed come after
	// everything else. Run never holds the listing (issue 15: memory flat
	// in the number of files): a Source holds one folder's entries at a
	// time, not the home's.
	Files(home string) iter.Seq2[File, error]
	// Read reads the files of one group. prev holds the manifest's state for
	// each file (missing: read from the start); Read returns the new state of
	// each file it was given. A file whose size and inode match prev and
	// that was not changed is not opened. Read streams: it never holds a
	// whole file in memory.
	Read(ctx context.Context, files []File, prev map[string]FileState, sink Sink) (map[string]FileState, error)
}

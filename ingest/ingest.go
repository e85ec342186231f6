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
	"strconv"
	"time"

	"github.com/permsim/permsim/internal/textsafe"
)

// Row is one tool call: a row of the calls table. Field names in the
// `col` tags are the Parquet column names, part of the CLI contract.
type Row struct {
	Harness         string    `col:"harness"`              // claude-code, codex, gemini, opencode, cursor, codey
	HarnessVersion  string    `col:"harness_version"`      // version that wrote the record, when recorded
	SessionID       string    `col:"session_id"`           // the session the call first happened in
	ParentSessionID string    `col:"parent_session_id"`    // for subagent calls: the parent session
	AgentID         string    `col:"agent_id"`             // subagent id
	IsSubagent      bool      `col:"is_subagent"`          //
	ProjectDir      string    `col:"project_dir"`          // from the records (Claude: the session's first cwd), never from a folder slug
	Cwd             string    `col:"cwd"`                  // working folder when the call was made
	Ts              time.Time `col:"ts"`                   // call record time, UTC; zero when not recorded
	Seq             int64     `col:"seq,unique"`           // order of the call within its session
	CallID          string    `col:"call_id,unique"`       // the harness's own id
	Tool            string    `col:"tool"`                 // normalized: bash, read, edit, write, glob, grep, webfetch, websearch, mcp, other
	RawTool         string    `col:"raw_tool"`             // the harness's own tool name
	Command         string    `col:"command"`              // shell command line (bash)
	Paths           []string  `col:"paths"`                // absolute paths the call names
	Pattern         string    `col:"pattern"`              // glob/grep pattern
	URL             string    `col:"url"`                  // fetched URL
	Query           string    `col:"query"`                // web search query
	InputJSON       string    `col:"input_json,unique"`    // the raw arguments, as JSON
	Mode            string    `col:"mode"`                 // permission mode as the session recorded it; "" = none recorded (null)
	ModeSource      string    `col:"mode_source"`          // prompt, mode-entry, parent, meta, turn_context, …, none
	Sandbox         string    `col:"sandbox"`              // e.g. "disabled-by-call" for Claude dangerouslyDisableSandbox
	Escalated       bool      `col:"escalated"`            // the call asked to leave the sandbox
	TimeoutMs       int64     `col:"timeout_ms"`           // 0 = none
	Background      bool      `col:"background"`           //
	Result          string    `col:"result"`               // ok, error, denied, unknown
	ExitCode        *int64    `col:"exit_code"`            // nil when not a shell call or unknown
	ResultTs        time.Time `col:"result_ts,unique"`     //
	Model           string    `col:"model"`                //
	SpawnsAgent     string    `col:"spawns_agent"`         // for agent-spawning calls: the child's id
	SourceFile      string    `col:"source_file"`          // file holding the call record
	Home            string    `col:"home"`                 // the --home folder the file was found under: whose user settings apply to the call
	SourceOffset    int64     `col:"source_offset,unique"` // line number (1-based) of the call record in SourceFile
	CallKey         string    `col:"call_key,unique"`      // stable dedupe key: harness, session or record lineage, call id (e.g. "claude:<record uuid>:<tool_use.id>")
	CopyRank        string    `col:"copy_rank,unique"`     // sorts the original of a copied call first (see Source docs)
	IngestRun       int64     `col:"ingest_run"`           // the ingest run that wrote the row (unix nanoseconds); later wins for the same call_key and copy_rank
	Rewound         bool      `col:"rewound"`              // the conversation dropped the call later (Gemini $rewindTo); it still ran
}

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
	State   []byte `json:"state,omitempty"`
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
	// Discover lists the transcript files under one home folder (honouring
	// the harness's own environment variables where the home is the user's).
	Discover(home string) ([]File, error)
	// Read reads the files of one group. prev holds the manifest's state for
	// each file (missing: read from the start); Read returns the new state of
	// each file it was given. A file whose size and inode match prev and
	// that was not changed is not opened. Read streams: it never holds a
	// whole file in memory.
	Read(ctx context.Context, files []File, prev map[string]FileState, sink Sink) (map[string]FileState, error)
}

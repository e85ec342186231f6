// Package toolcall is permsim's call vocabulary: the calls table's row, the
// tools every harness's calls are normalized to, the IDs of the harnesses
// permsim knows, and each harness's own tool names. Every stage speaks it —
// the transcript readers write Rows, the simulators decide on Tools, replay
// and the queries read them back — so it imports nothing else of the
// project, and nothing in it depends on how a stage works.
package toolcall

import (
	"strings"
	"time"
)

// Harness is a harness's canonical ID, as the calls table's harness column
// and every command's output spell it. The registry (package registry)
// lists each harness once under its ID and accepts aliases for it.
type Harness = string

// The IDs of the harnesses permsim ships. A new harness may define its ID in
// its own package; these live here because both a harness's transcript
// reader and its simulator write them and neither may import the other.
const (
	ClaudeCode Harness = "claude-code"
	Codex      Harness = "codex"
	Gemini     Harness = "gemini"
	OpenCode   Harness = "opencode"
	Cursor     Harness = "cursor"
	Codey      Harness = "codey"
)

// Tool is the normalized tool name shared by every harness (the calls
// table's tool column).
type Tool string

// The normalized tools.
const (
	Bash      Tool = "bash"
	Read      Tool = "read"
	Edit      Tool = "edit"
	Write     Tool = "write"
	Glob      Tool = "glob"
	Grep      Tool = "grep"
	WebFetch  Tool = "webfetch"
	WebSearch Tool = "websearch"
	MCP       Tool = "mcp"
	Other     Tool = "other"
)

// Tools lists every normalized tool, in the order the docs give them.
var Tools = []Tool{Bash, Read, Edit, Write, Glob, Grep, WebFetch, WebSearch, MCP, Other}

// Replayed reports whether replay decides calls of tool t: the spec's
// shell and file-tool calls ("takes the newest N shell and file-tool
// calls"), and web fetch, web search and MCP calls, which every harness
// with rules for them decides (Claude Code's WebFetch(domain:…) and
// mcp__server__tool rules, Gemini CLI's policies, OpenCode's permission
// keys, …: issue 28, "which MCP calls ran unasked").
func Replayed(t Tool) bool {
	switch t {
	case Bash, Read, Edit, Write, Glob, Grep, WebFetch, WebSearch, MCP:
		return true
	}
	return false
}

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
	ProjectHash     string    `col:"project_hash"`         // the project folder's hash as the transcript records it (Gemini CLI's projectHash: hex SHA-256 of the absolute root); replay finds the folder by it when ProjectDir is empty
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
	CopyRank        string    `col:"copy_rank"`            // sorts the original of a copied call first (see Source docs)
	IngestRun       int64     `col:"ingest_run"`           // the ingest run that wrote the row (unix nanoseconds); later wins for the same call_key and copy_rank
	Rewound         bool      `col:"rewound"`              // the conversation dropped the call later (Gemini $rewindTo); it still ran
	Output          string    `col:"output,unique"`        // what the call returned, where a later decision depends on it (Gemini CLI's <untrusted_context> shell output, cut to OutputMax bytes); else empty
	TextRepaired    bool      `col:"text_repaired"`        // a text of the call held bytes that are not UTF-8 in its transcript, each stored as U+FFFD (Parquet and its readers take UTF-8 only)
	// RecordedOutcome is what the transcript shows happened to the call,
	// in permsim's words (the Recorded* constants; "" when it shows
	// nothing), and RecordedEvidence the text that shows it (the start of
	// the result, the exit code line, the refusal): replay compares the
	// simulated outcome with it.
	RecordedOutcome  string `col:"recorded_outcome"`
	RecordedEvidence string `col:"recorded_evidence,unique"`
	// Host is not a column: replay sets it from the name of the calls file
	// a row was read from (a pulled part, part-host-<id>-…), so the row is
	// decided against that host's settings snapshot.
	Host string
}

// What a transcript shows happened to a call (Row.RecordedOutcome). Each
// reader sets the ones its harness records; "" is a call whose transcript
// shows nothing (no result, or a result that says nothing of the
// permission check).
const (
	// RecordedRan: the call ran (a shell call's exit code, when recorded,
	// is Row.ExitCode; a failed command ran too).
	RecordedRan = "ran"
	// RecordedApproved: the harness asked, the user approved, and the
	// call ran — only where the transcript records the approval.
	RecordedApproved = "approved-ran"
	// RecordedUserRefused: the harness asked and the user said no (or
	// nobody could answer: Claude Code's "requested permissions … but you
	// haven't granted it yet").
	RecordedUserRefused = "user-refused"
	// RecordedRuleBlocked: a rule or the policy refused the call without
	// asking (a deny rule, a forbidden prefix rule, an approval policy of
	// never, dontAsk mode).
	RecordedRuleBlocked = "rule-blocked"
	// RecordedSandboxRefused: the sandbox refused the call (a write a
	// read-only sandbox blocked).
	RecordedSandboxRefused = "sandbox-refused"
	// RecordedHookStopped: a hook stopped the call before it ran.
	RecordedHookStopped = "hook-stopped"
	// RecordedClassifierRefused: a model that reviews calls (Codex's
	// guardian, Claude Code's auto-mode classifier) refused it.
	RecordedClassifierRefused = "classifier-refused"
	// RecordedToolError: the tool refused its own input (a file not read
	// first, a patch that does not apply, a missing file): that says
	// nothing of the permission check, which may not have been reached.
	RecordedToolError = "tool-error"
)

// RecordedOutcomes lists the Recorded* values, in the order the docs give
// them.
var RecordedOutcomes = []string{RecordedRan, RecordedApproved, RecordedUserRefused, RecordedRuleBlocked,
	RecordedSandboxRefused, RecordedHookStopped, RecordedClassifierRefused, RecordedToolError}

// EvidenceMax bounds Row.RecordedEvidence: the start of a result says
// what happened; the rest is the tool's output.
const EvidenceMax = 200

// Evidence is s cut to EvidenceMax bytes at a rune boundary, to its first
// line when that line says enough (an exit code line, a refusal), so the
// evidence is what shows the outcome and not the call's whole output.
func Evidence(s string) string {
	s = strings.TrimLeft(s, " \t\r\n")
	if i := strings.IndexByte(s, '\n'); i >= 8 {
		s = s[:i]
	}
	if len(s) <= EvidenceMax {
		return s
	}
	i := EvidenceMax
	for i > 0 && s[i]&0xC0 == 0x80 {
		i--
	}
	return s[:i] + "…"
}

// OutputMax bounds Row.Output: Gemini CLI asks before a command that reuses
// a word of earlier shell output, so replay needs that output, but not
// megabytes of it per call.
const OutputMax = 8000

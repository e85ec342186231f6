package claude

import (
	"bytes"
	"encoding/json"
	"strconv"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/ingest/jsonscan"
	"github.com/permsim/permsim/toolcall"
)

// NormalizeTool maps a Claude Code tool name to the calls table's tool word:
// bash, read, edit, write, glob, grep, webfetch, websearch, mcp or other.
func NormalizeTool(name string) string { return string(toolcall.ClaudeCodeNames.Normalize(name)) }

// spawnsAgent reports whether the tool starts a subagent (Task, renamed
// Agent in 2.1.63).
func spawnsAgent(name string) bool { return name == "Task" || name == "Agent" }

// fillInput copies what the calls table needs out of a tool_use input
// object into row. Only the keys the tool defines are read: an MCP tool's
// "path" or "command" argument means whatever that server says, not a file
// or a shell line.
func fillInput(row *ingest.Row, input []byte) {
	if row.Tool == "mcp" {
		return
	}
	var filePath, nbPath, path string
	_ = eachField(input, false, func(k, v []byte) bool {
		switch string(k) {
		case "command":
			if row.Tool == "bash" {
				row.Command = str(v)
			}
		case "file_path":
			filePath = str(v)
		case "notebook_path":
			nbPath = str(v)
		case "path":
			path = str(v)
		case "pattern":
			if row.Tool == "glob" || row.Tool == "grep" {
				row.Pattern = str(v)
			}
		case "url":
			if row.Tool == "webfetch" {
				row.URL = str(v)
			}
		case "query":
			if row.Tool == "websearch" {
				row.Query = str(v)
			}
		case "timeout":
			if n, ok := num(v); ok && row.Tool == "bash" {
				row.TimeoutMs = n
			}
		case "run_in_background":
			row.Background = isTrue(v)
		case "dangerouslyDisableSandbox":
			if isTrue(v) {
				row.Sandbox = "disabled-by-call"
				row.Escalated = true
			}
		}
		return true
	})
	var paths []string
	switch row.RawTool {
	case "NotebookEdit":
		paths = ingest.AppendPath(paths, nbPath, row.Cwd)
	case "Glob", "Grep", "LS":
		paths = ingest.AppendPath(paths, path, row.Cwd)
	default:
		paths = ingest.AppendPath(paths, filePath, row.Cwd)
	}
	row.Paths = paths
}

// maxInputString is the longest string value kept whole in input_json; a
// Write of a large file would otherwise copy the file into every table.
const maxInputString = 64 << 10

// cutLongStrings returns the raw JSON value unchanged except that any string
// longer than maxInputString (in its escaped form) is cut there and ends in
// a marker saying how many bytes were dropped. The result stays valid JSON.
func cutLongStrings(raw []byte) string {
	if len(raw) <= maxInputString+2 {
		return string(raw)
	}
	var out []byte
	last := 0 // raw[last:] not yet copied
	for i := 0; i < len(raw); {
		if raw[i] != '"' {
			i++
			continue
		}
		end := jsonscan.SkipString(raw, i)
		if end < 0 {
			break
		}
		inner := raw[i+1 : end-1]
		if len(inner) > maxInputString {
			if out == nil {
				out = make([]byte, 0, len(raw)/2)
			}
			cut := safeCut(inner, maxInputString)
			out = append(out, raw[last:i+1]...)
			out = append(out, inner[:cut]...)
			out = append(out, " [permsim: cut "...)
			out = strconv.AppendInt(out, int64(len(inner)-cut), 10)
			out = append(out, " bytes]\""...)
			last = end
		}
		i = end
	}
	if out == nil {
		return string(raw)
	}
	out = append(out, raw[last:]...)
	return string(out)
}

// safeCut returns a cut point ≤ n in the escaped string s that splits
// neither an escape sequence nor a UTF-8 character.
func safeCut(s []byte, n int) int {
	i := 0
	for i < n {
		if s[i] != '\\' {
			i++
			continue
		}
		w := 2
		if i+1 < len(s) && s[i+1] == 'u' {
			w = 6
		}
		if i+w > n {
			break
		}
		i += w
	}
	for i > 0 && i < len(s) && s[i]&0xC0 == 0x80 {
		i--
	}
	return i
}

// Phrases that mark a refused call in a tool_result that has is_error set.
// Sources: transcript-formats.md §1.7 (user rejection, subagent denial, rule
// denial, dontAsk, hooks) and the real Claude Code 2.1.328 recordings
// (path deny rule: "denied by your permission settings").
var (
	denyPrefixes = [][]byte{
		[]byte("The user doesn't want to proceed with this tool use"),
		[]byte("The user doesn't want to take this action right now"),
		[]byte("Permission for this tool use was denied"),
		[]byte("Permission to use "), // "… has been denied", also dontAsk mode
		[]byte("Claude requested permissions to use "),
		[]byte("PreToolUse:"), // a PreToolUse hook refused: the tool never ran
	}
	denyPhrases = [][]byte{
		[]byte("denied by your permission settings"),
		[]byte("has been denied"),
		[]byte("denied this tool"),
	}
	exitCodePrefix = []byte("Exit code ")
)

// resultInfo is what the reader keeps of a tool_result.
type resultInfo struct {
	isError  bool
	rejected bool   // the record's permissionDecision says reject, or toolDenialKind is set
	byRule   bool   // and says a rule or the configuration refused it, not the user
	text     []byte // start of the result text, still JSON-escaped
}

// classify turns a tool_result into the calls table's result and exit code.
func classify(r resultInfo, tool string) (string, *int64) {
	if r.rejected {
		return "denied", nil
	}
	text := r.text
	if !r.isError {
		if tool == "bash" {
			return "ok", new(int64(0))
		}
		return "ok", nil
	}
	// A shell that ran and failed says so first; its output may well
	// contain a phrase below without the call having been refused.
	if tool == "bash" && bytes.HasPrefix(text, exitCodePrefix) {
		d := text[len(exitCodePrefix):]
		j := 0
		if j < len(d) && d[j] == '-' {
			j++
		}
		for j < len(d) && d[j] >= '0' && d[j] <= '9' {
			j++
		}
		if n, err := strconv.ParseInt(string(d[:j]), 10, 64); err == nil {
			return "error", &n
		}
	}
	for _, p := range denyPrefixes {
		if bytes.HasPrefix(text, p) {
			return "denied", nil
		}
	}
	for _, p := range denyPhrases {
		if bytes.Contains(text, p) {
			return "denied", nil
		}
	}
	return "error", nil
}

// Texts of a refused call by who refused it (transcript-formats.md §1.7,
// the real Claude Code 2.1.328 recordings under testdata/ingest/claude/real,
// and the six refusals of the published transcripts).
var (
	// The user was asked and said no; in a subagent the parent's prompt
	// was answered no; claude -p had nobody to ask.
	userRefusedPrefixes = [][]byte{
		[]byte("The user doesn't want to proceed with this tool use"),
		[]byte("The user doesn't want to take this action right now"),
		[]byte("Permission for this tool use was denied"),
		[]byte("Claude requested permissions to use "),
	}
	// A deny rule, or dontAsk mode, refused without asking.
	ruleBlockedPrefixes = [][]byte{[]byte("Permission to use ")}
	ruleBlockedPhrases  = [][]byte{[]byte("denied by your permission settings"), []byte("has been denied")}
	hookPrefix          = []byte("PreToolUse:")
	toolErrorPrefix     = []byte("<tool_use_error>")
)

// recorded is what a tool_result shows happened to its call
// (toolcall.Recorded*) and the evidence: the start of the result text that
// shows it, or for a result without is_error the fact that it had none.
func recorded(r resultInfo, tool string) (string, string) {
	if !r.isError && !r.rejected {
		if tool == "bash" {
			return toolcall.RecordedRan, "tool_result without is_error (exit code 0)"
		}
		return toolcall.RecordedRan, "tool_result without is_error"
	}
	text := r.text
	evidence := func() string {
		if len(text) == 0 {
			return "tool_result with is_error and no text"
		}
		return toolcall.Evidence(unescape(text))
	}
	// A command that ran and failed says so first (its output may quote
	// any refusal below).
	if tool == "bash" && bytes.HasPrefix(text, exitCodePrefix) {
		return toolcall.RecordedRan, evidence()
	}
	switch {
	case bytes.HasPrefix(text, hookPrefix):
		return toolcall.RecordedHookStopped, evidence()
	case hasAnyPrefix(text, userRefusedPrefixes):
		return toolcall.RecordedUserRefused, evidence()
	case hasAnyPrefix(text, ruleBlockedPrefixes) || containsAny(text, ruleBlockedPhrases):
		return toolcall.RecordedRuleBlocked, evidence()
	case r.rejected && r.byRule:
		return toolcall.RecordedRuleBlocked, "permissionDecision reject by the configuration: " + evidence()
	case r.rejected:
		return toolcall.RecordedUserRefused, "permissionDecision reject: " + evidence()
	case bytes.HasPrefix(text, toolErrorPrefix):
		// The tool refused its input (a file not read first, a string
		// not found): Claude Code checks the input before the
		// permission, so this says nothing of the permission.
		return toolcall.RecordedToolError, evidence()
	}
	// Any other error is the tool's own, after it ran: a command's stderr
	// (versions before the "Exit code N" line), a file Read could not
	// open, a timeout.
	return toolcall.RecordedRan, evidence()
}

func hasAnyPrefix(b []byte, ps [][]byte) bool {
	for _, p := range ps {
		if bytes.HasPrefix(b, p) {
			return true
		}
	}
	return false
}

func containsAny(b []byte, ps [][]byte) bool {
	for _, p := range ps {
		if bytes.Contains(b, p) {
			return true
		}
	}
	return false
}

// unescape is the text of a JSON-escaped string body (resultText's start
// of a result, cut at an escape's boundary), or the bytes as they are when
// they do not decode.
func unescape(b []byte) string {
	q := append(append(make([]byte, 0, len(b)+2), '"'), b...)
	// A cut inside an escape (\u00e9 at resultPrefix) decodes once the
	// cut escape is dropped.
	for cut := 0; cut <= 6 && cut < len(b); cut++ {
		var s string
		if json.Unmarshal(append(q[:1+len(b)-cut:1+len(b)-cut], '"'), &s) == nil {
			return s
		}
	}
	return string(b)
}

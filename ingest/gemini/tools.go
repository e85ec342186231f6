package gemini

import (
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	json "github.com/goccy/go-json"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/toolcall"
)

// NormalizeTool maps a Gemini CLI tool name to the calls table's tool
// word. MCP tools are mcp_<server>_<tool> in current builds and the bare
// tool name or <server>__<tool> in older ones (the bare names cannot be
// told from an unknown built-in and count as other).
func NormalizeTool(name string) string { return string(toolcall.GeminiNames.Normalize(name)) }

// args holds the arguments the calls table reads, under every name the
// Gemini CLI has used for them (dir_path was directory before v0.14,
// file_path was absolute_path, grep_search was search_file_content).
type args struct {
	Command      string   `json:"command"`
	DirPath      string   `json:"dir_path"`
	Directory    string   `json:"directory"`
	Path         string   `json:"path"`
	FilePath     string   `json:"file_path"`
	AbsolutePath string   `json:"absolute_path"`
	IsBackground bool     `json:"is_background"`
	Pattern      string   `json:"pattern"`
	Query        string   `json:"query"`
	URL          string   `json:"url"`
	Prompt       string   `json:"prompt"`
	Paths        []string `json:"paths"`
	Include      []string `json:"include"`
}

// decodeArgs reads a built-in tool's arguments leniently: a key of an
// unexpected type is dropped, not the call.
func decodeArgs(raw json.RawMessage) args {
	var a args
	if json.Unmarshal(raw, &a) == nil {
		return a
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil {
		return a
	}
	for k, v := range m {
		b, _ := json.Marshal(map[string]json.RawMessage{k: v})
		_ = json.Unmarshal(b, &a)
	}
	return a
}

// fillArgs copies what the calls table needs out of a call's arguments
// into row, resolving relative paths against root (the project root, ""
// when unknown). MCP and unknown tools' arguments are kept in input_json
// only: their "path" means whatever the tool says.
func fillArgs(row *ingest.Row, raw json.RawMessage, root string) {
	if row.Tool == "mcp" || (row.Tool == "other" && row.RawTool != "list_directory" && row.RawTool != "ls") {
		return
	}
	a := decodeArgs(raw)
	dir := first(a.DirPath, a.Directory, a.Path)
	switch row.Tool {
	case "bash":
		row.Command = a.Command
		row.Background = a.IsBackground
		if dir := first(a.DirPath, a.Directory); dir != "" {
			row.Cwd = join(root, dir)
		}
	case "read":
		if p := first(a.FilePath, a.AbsolutePath, a.Path); p != "" {
			row.Paths = []string{join(root, p)}
		}
		for _, p := range a.Paths {
			row.Paths = append(row.Paths, join(root, p))
		}
		if len(a.Include) > 0 {
			row.Pattern = strings.Join(a.Include, " ")
		}
	case "edit", "write":
		if p := first(a.FilePath, a.AbsolutePath, a.Path); p != "" {
			row.Paths = []string{join(root, p)}
		}
	case "glob", "grep", "other":
		// A search without a folder searches the project root.
		if dir == "" {
			dir = root
		}
		if dir != "" {
			row.Paths = []string{join(root, dir)}
		}
		if row.Tool != "other" {
			row.Pattern = a.Pattern
		}
	case "webfetch":
		row.URL = a.URL
		if row.URL == "" {
			row.URL = urlRe.FindString(a.Prompt)
		}
	case "websearch":
		row.Query = a.Query
	}
}

var urlRe = regexp.MustCompile(`https?://[^\s"'<>()]+`)

func first(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}

// join makes p absolute against root; with no root a relative p stays as
// it is.
func join(root, p string) string {
	if filepath.IsAbs(p) || root == "" {
		return filepath.Clean(p)
	}
	return filepath.Join(root, p)
}

// pathCandidates returns the absolute paths a call's arguments name: the
// material for recovering a legacy folder's project root.
func pathCandidates(raw json.RawMessage) []string {
	a := decodeArgs(raw)
	var out []string
	for _, p := range append([]string{a.FilePath, a.AbsolutePath, a.DirPath, a.Directory, a.Path}, a.Paths...) {
		if filepath.IsAbs(p) {
			out = append(out, p)
		}
	}
	return out
}

// Texts that say a call was refused rather than run: the user's "no"
// (transcript-formats.md §3.4: "User denied execution", older "User did
// not allow tool call"; the ACP client's cancel in the real Gemini CLI
// 0.61.0 recordings: `Tool "replace" was canceled by the user.`), a
// policy rule's deny (`Tool execution for "Shell" denied by policy.`) and
// the workspace boundary of the file tools ("Path not in workspace: …"),
// both also from those recordings.
var refusals = []string{
	"User denied execution",
	"User did not allow tool call",
	"was canceled by the user",
	"was cancelled by the user",
	"denied by policy",
	"Path not in workspace",
	"resolves outside the allowed workspace",
}

func refused(text string) bool {
	for _, r := range refusals {
		if strings.Contains(text, r) {
			return true
		}
	}
	return false
}

// resultText returns the text of a call's result as far as its row needs
// it, and whether it is an error: result[].functionResponse.response.output
// or .error, else the resultDisplay string — or "" for a successful
// output none of whose text can reach the row (textUnneeded).
func resultText(tc *toolCall) (string, bool) {
	if tc.valid {
		if raw, isErr, ok := fastResultRaw(tc); ok {
			if !isErr && textUnneeded(tc.Status, raw) {
				// Nothing of the text reaches the row (textUnneeded).
				return "", false
			}
			if text, ok := plainString(raw); ok {
				return text, isErr
			}
		}
	}
	return decodeResultText(tc)
}

// decodeResultText is the text of a call's result, decoded: for every
// result the fast path leaves, and the reference it is tested against.
func decodeResultText(tc *toolCall) (string, bool) {
	var parts []struct {
		FunctionResponse *struct {
			Response json.RawMessage `json:"response"`
		} `json:"functionResponse"`
	}
	if json.Unmarshal(tc.Result, &parts) == nil {
		for _, p := range parts {
			if p.FunctionResponse != nil {
				return responseText(p.FunctionResponse.Response)
			}
		}
	}
	var s string
	if json.Unmarshal(tc.ResultDisplay, &s) == nil {
		return s, false
	}
	return "", false
}

// responseText reads a functionResponse's response: {"output": …} or
// {"error": …}.
func responseText(raw json.RawMessage) (string, bool) {
	var r struct {
		Output json.RawMessage `json:"output"`
		Error  json.RawMessage `json:"error"`
	}
	if json.Unmarshal(raw, &r) != nil {
		return "", false
	}
	if len(r.Error) > 0 && string(r.Error) != "null" {
		return textOf(r.Error), true
	}
	return textOf(r.Output), false
}

func textOf(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var e struct {
		Message string `json:"message"`
	}
	if json.Unmarshal(raw, &e) == nil && e.Message != "" {
		return e.Message
	}
	return string(raw)
}

// classify turns a call's status and result into the calls table's result
// and exit code. status is "" for a call known only from its
// functionResponse.
func classify(status, text string, isErr bool, tool string) (string, *int64) {
	switch status {
	case "cancelled":
		if refused(text) {
			return "denied", nil
		}
		return "unknown", nil
	case "error":
		if refused(text) {
			return "denied", nil
		}
		return "error", shellExit(text, tool)
	case "success", "":
		if isErr {
			if refused(text) {
				return "denied", nil
			}
			return "error", shellExit(text, tool)
		}
		if tool != "bash" {
			return "ok", nil
		}
		// §3.4: a non-zero exit is still status "success"; since v0.27
		// "Exit Code:" is written only when it is not 0.
		n := int64(0)
		if e := shellExit(text, tool); e != nil {
			n = *e
		}
		if n != 0 {
			return "error", &n
		}
		return "ok", &n
	}
	// validating, scheduled, awaiting_approval, executing: not finished
	return "unknown", nil
}

// shellExit reads the last "Exit Code: N" line of a shell result (the CLI
// writes it after the command's output, so an earlier one is the
// command's own text); nil when there is none or it is not a number.
func shellExit(text, tool string) *int64 {
	if tool != "bash" {
		return nil
	}
	const key = "Exit Code: "
	if !strings.Contains(text, key) {
		// The common case (no line since v0.27 for exit 0), found with
		// the vectorised forward search instead of LastIndex's hash walk.
		return nil
	}
	i := strings.LastIndex(text, key)
	for i > 0 && text[i-1] != '\n' {
		i = strings.LastIndex(text[:i], key)
	}
	if i < 0 {
		return nil
	}
	v := text[i+len(key):]
	if j := strings.IndexByte(v, '\n'); j >= 0 {
		v = v[:j]
	}
	n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
	if err != nil {
		return nil
	}
	return &n
}

// Refusal texts by who refused: the user (or the ACP client for them),
// and the policy's deny or the workspace boundary of the file tools,
// which refuse without asking (see refusals).
var (
	userRefusals = []string{"User denied execution", "User did not allow tool call", "was canceled by the user", "was cancelled by the user"}
	ruleRefusals = []string{"denied by policy", "Path not in workspace", "resolves outside the allowed workspace"}
)

// recorded is what a call's status and result show happened to it
// (toolcall.Recorded*) and the evidence, given classify's result and exit
// code for the same call.
func recorded(status, text string, isErr bool, result string, exit *int64) (string, string) {
	for _, r := range userRefusals {
		if strings.Contains(text, r) {
			return toolcall.RecordedUserRefused, toolcall.Evidence(text)
		}
	}
	for _, r := range ruleRefusals {
		if strings.Contains(text, r) {
			return toolcall.RecordedRuleBlocked, toolcall.Evidence(text)
		}
	}
	switch {
	case exit != nil:
		// A shell command that ran: "Exit Code: N" is written only when
		// it is not 0 (since 0.27).
		return toolcall.RecordedRan, "status " + status + ", exit code " + strconv.FormatInt(*exit, 10)
	case (status == "success" || status == "") && !isErr:
		if status == "" {
			return toolcall.RecordedRan, "functionResponse output"
		}
		return toolcall.RecordedRan, "status success"
	case result == "error":
		// The tool failed, before or after the approval (the scheduler
		// validates a call before it asks): it says nothing of the
		// permission.
		return toolcall.RecordedToolError, toolcall.Evidence("status " + status + ": " + text)
	}
	return "", ""
}

package claude

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/ingesttest"
)

// TestNormalizeTool: "Bash/PowerShell→bash, Read→read,
// Edit/MultiEdit/NotebookEdit→edit, Write→write, Glob→glob, Grep→grep,
// WebFetch→webfetch, WebSearch→websearch, mcp__*→mcp, everything else
// (Task/Agent, TodoWrite, LS, …)→other."
func TestNormalizeTool(t *testing.T) {
	cases := map[string]string{
		"Bash": "bash", "PowerShell": "bash", "Read": "read", "Edit": "edit", "MultiEdit": "edit",
		"NotebookEdit": "edit", "Write": "write", "Glob": "glob", "Grep": "grep", "WebFetch": "webfetch",
		"WebSearch": "websearch", "mcp__github__get_issue": "mcp", "Task": "other", "Agent": "other",
		"TodoWrite": "other", "LS": "other", "ExitPlanMode": "other", "bash": "other",
	}
	for in, want := range cases {
		if got := NormalizeTool(in); got != want {
			t.Errorf("NormalizeTool(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestClassify covers the result rules: "Result ok / error / denied (user
// denial "The user doesn't want to proceed with this tool use…", subagent
// "Permission for this tool use was denied", rule denial "Permission to use
// … has been denied", hook/dontAsk denials — all denied); ExitCode from a
// leading "Exit code N" (0 for a successful Bash result; nil for non-shell
// tools)".
func TestClassify(t *testing.T) {
	cases := []struct {
		name     string
		tool     string
		isError  bool
		rejected bool
		text     string
		want     string
		exit     string
	}{
		{"bash ok", "bash", false, false, "done", "ok", "0"},
		{"read ok", "read", false, false, "1\tx", "ok", "null"},
		{"bash exit", "bash", true, false, `Exit code 1\nF\n1 failed`, "error", "1"},
		{"bash exit 130", "bash", true, false, `Exit code 130`, "error", "130"},
		{"exit code text quoting a denial", "bash", true, false, `Exit code 1\nPermission to use x has been denied`, "error", "1"},
		{"bash other error", "bash", true, false, "Command timed out after 2m", "error", "null"},
		{"user rejection", "bash", true, false, "The user doesn't want to proceed with this tool use. The tool use was rejected", "denied", "null"},
		{"subagent denial", "edit", true, false, "Permission for this tool use was denied. The tool use was rejected", "denied", "null"},
		{"rule denial", "bash", true, false, "Permission to use Bash with command cat .env has been denied.", "denied", "null"},
		{"dontAsk", "write", true, false, "Permission to use Write has been denied because Claude Code is running in don't ask mode.", "denied", "null"},
		{"path deny rule (2.1.328)", "read", true, false, "<tool_use_error>File is in a directory that is denied by your permission settings.</tool_use_error>", "denied", "null"},
		{"PreToolUse hook", "bash", true, false, "PreToolUse:Bash hook error: Blocked: no pushes", "denied", "null"},
		{"host said no (permissionDecision reject)", "bash", true, true, "RH-ASKED: realharness host answered the permission prompt with deny", "denied", "null"},
		{"tool error", "read", true, false, "<tool_use_error>File does not exist.</tool_use_error>", "error", "null"},
	}
	for _, c := range cases {
		res, code := classify(resultInfo{isError: c.isError, rejected: c.rejected, text: []byte(c.text)}, c.tool)
		if res != c.want || ingesttest.FmtPtr(code) != c.exit {
			t.Errorf("%s: got %s/%s, want %s/%s", c.name, res, ingesttest.FmtPtr(code), c.want, c.exit)
		}
	}
}

// TestFillInput: "Paths: file_path / notebook_path / path (Glob/Grep) made
// absolute against cwd. Pattern, URL, Query, TimeoutMs, Background
// (run_in_background), Sandbox = "disabled-by-call" and Escalated=true for
// dangerouslyDisableSandbox".
func TestFillInput(t *testing.T) {
	cases := []struct {
		raw, input string
		check      func(r ingest.Row) bool
	}{
		{"Bash", `{"command":"ls -la","timeout":120000,"run_in_background":true,"dangerouslyDisableSandbox":true}`,
			func(r ingest.Row) bool {
				return r.Command == "ls -la" && r.TimeoutMs == 120000 && r.Background && r.Sandbox == "disabled-by-call" && r.Escalated
			}},
		{"Read", `{"file_path":"src/a.go"}`, func(r ingest.Row) bool { return len(r.Paths) == 1 && r.Paths[0] == "/w/src/a.go" }},
		{"Read", `{"file_path":"/etc/hosts"}`, func(r ingest.Row) bool { return len(r.Paths) == 1 && r.Paths[0] == "/etc/hosts" }},
		{"NotebookEdit", `{"notebook_path":"n.ipynb","new_source":"x"}`, func(r ingest.Row) bool { return len(r.Paths) == 1 && r.Paths[0] == "/w/n.ipynb" }},
		{"Glob", `{"pattern":"**/*.py","path":"../up"}`, func(r ingest.Row) bool {
			return r.Pattern == "**/*.py" && len(r.Paths) == 1 && r.Paths[0] == "/up"
		}},
		{"Grep", `{"pattern":"TODO"}`, func(r ingest.Row) bool { return r.Pattern == "TODO" && len(r.Paths) == 0 }},
		{"WebFetch", `{"url":"https://x.invalid/a","prompt":"p"}`, func(r ingest.Row) bool { return r.URL == "https://x.invalid/a" }},
		{"WebSearch", `{"query":"go json"}`, func(r ingest.Row) bool { return r.Query == "go json" }},
		{"mcp__fs__read", `{"path":"/secret","command":"x"}`, func(r ingest.Row) bool { return len(r.Paths) == 0 && r.Command == "" }},
		{"Bash", `{"command":"echo \"hi\" \u00e9\\n"}`, func(r ingest.Row) bool { return r.Command == "echo \"hi\" é\\n" }},
	}
	for _, c := range cases {
		r := ingest.Row{RawTool: c.raw, Tool: NormalizeTool(c.raw), Cwd: "/w"}
		fillInput(&r, []byte(c.input))
		if !c.check(r) {
			t.Errorf("%s %s: got %+v", c.raw, c.input, r)
		}
	}
}

// TestCutLongStrings: "InputJSON (the raw input object; cut any string
// value longer than 64 KiB with a marker, so a huge Write does not bloat
// the table)".
func TestCutLongStrings(t *testing.T) {
	small := `{"file_path":"/a","content":"short"}`
	if got := cutLongStrings([]byte(small)); got != small {
		t.Errorf("short input changed: %s", got)
	}
	// Escapes and multi-byte characters around the cut point must survive.
	body := strings.Repeat("é\\\"\\u00e9x", 20000)
	in := `{"file_path":"/big","content":"` + body + `","n":1}`
	out := cutLongStrings([]byte(in))
	if !json.Valid([]byte(out)) {
		t.Fatalf("cut output is not valid JSON (%d bytes)", len(out))
	}
	var v struct {
		FilePath string `json:"file_path"`
		Content  string `json:"content"`
		N        int    `json:"n"`
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatal(err)
	}
	if v.FilePath != "/big" || v.N != 1 {
		t.Errorf("other fields changed: %+v", v.FilePath)
	}
	if len(out) > maxInputString+200 || !strings.Contains(v.Content, "[permsim: cut ") || !utf8.ValidString(v.Content) {
		t.Errorf("cut: %d bytes, marker %v", len(out), strings.Contains(v.Content, "[permsim: cut "))
	}
}

// TestSkipValue checks the structural scanner on what it must accept and
// reject, since corrupt lines are reported from it.
func TestSkipValue(t *testing.T) {
	cases := []struct {
		in string
		ok bool
	}{
		{`{"a":1,"b":[true,false,null,"x\"y\\"],"c":{"d":-1.5e3}}`, true},
		{`{}`, true},
		{`[]`, true},
		{`{"a" 1}`, false},
		{`{"a":1 "b":2}`, false},
		{`{"a":"unterminated}`, false},
		{`{"a":[1,2}`, false},
		{`{"a":tru}`, false},
		{`{"a":}`, false},
		// Numbers are checked by JSON's grammar (RFC 8259 section 6), as
		// a decoder checks them: json.Valid agrees on every case here.
		{`{"a":1.2.3}`, false},
		{`{"a":-}`, false},
		{`{"a":01}`, false},
		{`{"a":1e}`, false},
		{`{"a":[ -0.5E+2 , 3 ]}`, true},
	}
	for _, c := range cases {
		end := skipValue([]byte(c.in), 0)
		if ok := end == len(c.in); ok != c.ok {
			t.Errorf("skipValue(%s) = %d, want ok=%v", c.in, end, c.ok)
		}
		if json.Valid([]byte(c.in)) != c.ok {
			t.Errorf("case %s: json.Valid disagrees with the expected %v", c.in, c.ok)
		}
	}
}

// TestMayMatter: "Only lines that hold tool calls, tool results and mode
// changes need a full parse: pre-filter each line with cheap byte searches".
func TestMayMatter(t *testing.T) {
	cases := map[string]bool{
		`{"content":[{"type":"tool_use","id":"x"}]}`:               true,
		`{"content":[{"id":"x","type": "tool_result"}]}`:           true,
		`{"type":"permission-mode","permissionMode":"plan"}`:       true,
		`{"type":"user","permissionMode" : "default"}`:             true,
		`{"text":"the \"tool_use\" block, \"type\":\"tool_use\""}`: false,
		`{"tool_use_id":"x","tool_name":"y"}`:                      false,
		`{"content":[{"type":"text"}],"stop_reason":"tool_use"}`:   false,
		`{"text":"permissionMode is a key"}`:                       false,
		`{"message":{"content":"plain prompt","n":"x_use"}}`:       false,
	}
	for in, want := range cases {
		if got := mayMatter([]byte(in)); got != want {
			t.Errorf("mayMatter(%s) = %v, want %v", in, got, want)
		}
	}
}

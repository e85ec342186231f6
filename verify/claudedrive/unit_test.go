package claudedrive

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/permsim/permsim/verify"
)

func TestClassifyClaude(t *testing.T) {
	// reference/real-harnesses.md, "Tool-result text → outcome (first match
	// wins; the SDK host checks can_use_tool first)".
	cases := []struct {
		asked   bool
		text    string
		isError bool
		outcome string
		pattern string
	}{
		{true, "Permission to use Bash has been denied.", true, verify.OutcomeAsks, "can_use_tool"},
		{false, "Auto mode is unavailable for this request.", true, verify.OutcomeError, PatternClassifier},
		{false, "Permission to use Bash has been denied because Claude Code is running in don't ask mode.", true, verify.OutcomeBlocked, "dontAsk"},
		{false, "Cannot write to /home/user/proj/a while in plan mode", true, verify.OutcomeBlocked, "plan-mode"},
		{false, "Permission to use Bash with command make deploy has been denied.", true, verify.OutcomeBlocked, "deny-rule"},
		// Recorded with real Claude Code 2.1.328 (testdata/claude/generated): a
		// command over two lines, and file tools on links to denied files.
		{false, "Permission to use Bash with command git \\\n status has been denied.", true, verify.OutcomeBlocked, "deny-rule"},
		{false, "Permission to read /home/user/proj/ssh-link has been denied.", true, verify.OutcomeBlocked, "deny-rule"},
		{false, "Permission to edit /home/user/proj/notes-link.txt has been denied.", true, verify.OutcomeBlocked, "deny-rule"},
		{false, "<tool_use_error>File is in a directory that is denied by your permission settings.</tool_use_error>", true, verify.OutcomeBlocked, "deny-rule-path(validate)"},
		{false, "Permission for this tool use was denied by a built-in Claude Code safety check.", true, verify.OutcomeBlocked, "safety-check-deny(rm)"},
		{false, "PreToolUse:Bash hook error: deploys are blocked", true, verify.OutcomeBlocked, "hook"},
		{false, "touch in '/home/user/proj/zzz' needs approval", true, verify.OutcomeAsks, "needs-approval"},
		{false, "This command requires approval", true, verify.OutcomeAsks, "requires-approval"},
		{false, "Dangerous rm operation on critical path", true, verify.OutcomeAsks, "safety-check(rm)"},
		{false, "Claude requested permissions to write to ~/.bashrc, which is a sensitive file.", true, verify.OutcomeAsks, "safety-check(sensitive-file)"},
		{false, "Claude requested permissions to use Edit, but you haven't granted it yet.", true, verify.OutcomeAsks, "requested-permissions"},
		{false, "/etc/hostname is outside /home/user/proj; the permissions.blockReadsOutsideWorkingDirectories setting blocks reads outside the working directories.", true, verify.OutcomeBlocked, "block-reads-outside(validate)"},
		{false, "<tool_use_error>InputValidationError: bad</tool_use_error>", true, verify.OutcomeError, "tool_use_error"},
		// Recorded with Claude Code 2.1.328 (testdata/claude/coverage/mcp):
		// an MCP tool a deny rule names, or whose .mcp.json server was not
		// started (rejected, never approved), is withheld from the model:
		// the call is refused without a prompt. Other tools stay errors.
		{false, "<tool_use_error>Error: No such tool available: mcp__srv__danger</tool_use_error>", true, verify.OutcomeBlocked, "mcp-tool-withheld"},
		{false, "<tool_use_error>Error: No such tool available: MultiEdit</tool_use_error>", true, verify.OutcomeError, "tool_use_error"},
		// Recorded with Claude Code 2.1.328's own sandbox working
		// (testdata/claude/coverage/sandbox): the sandbox refused a host
		// outside network.allowedDomains without a prompt (strictAllowlist,
		// allowManagedDomainsOnly, dontAsk mode): the command ran, its
		// connection did not.
		{false, "Exit code 56\n\n<sandbox_violations>\ndeny network-outbound other.org:443 (host is not on the allow list)\n</sandbox_violations>", true, verify.OutcomeBlocked, "sandbox-network-denied"},
		{false, "Exit code 128\nfatal: unable to access 'https://other.org/r.git/': CONNECT tunnel failed, response 403\n\n<sandbox_violations>\ndeny network-outbound other.org:443 (user denied)\n</sandbox_violations>", true, verify.OutcomeBlocked, "sandbox-network-denied"},
		{false, "Exit code 1\nno such file", true, verify.OutcomeRuns, "ran(nonzero-exit)"},
		{false, "hello", false, verify.OutcomeRuns, "ran"},
	}
	for _, c := range cases {
		o, p := classifyClaude(c.asked, c.text, c.isError, nil)
		if o != c.outcome || p != c.pattern {
			t.Errorf("%q: %s (%s), want %s (%s)", c.text, o, p, c.outcome, c.pattern)
		}
	}
	// "a permission_denied event whose decision_reason equals the text" asks.
	if o, p := classifyClaude(false, "tags need review", true, []string{"tags need review"}); o != verify.OutcomeAsks || !strings.HasPrefix(p, "permission_denied-event") {
		t.Errorf("permission_denied event: %s (%s)", o, p)
	}
}

// sseToolUse reads a streamed Messages API reply and returns the tool_use
// it carries (name and input), or the text.
func sseToolUse(t *testing.T, body []byte) (name string, input map[string]any, text string) {
	t.Helper()
	var partial strings.Builder
	sc := bufio.NewScanner(bytes.NewReader(body))
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok {
			continue
		}
		var ev struct {
			Type         string `json:"type"`
			ContentBlock struct {
				Type, Name string
			} `json:"content_block"`
			Delta struct {
				Type        string `json:"type"`
				PartialJSON string `json:"partial_json"`
				Text        string `json:"text"`
			} `json:"delta"`
		}
		if err := json.Unmarshal([]byte(data), &ev); err != nil {
			t.Fatalf("bad event %q: %v", data, err)
		}
		switch {
		case ev.Type == "content_block_start" && ev.ContentBlock.Type == "tool_use":
			name = ev.ContentBlock.Name
		case ev.Delta.Type == "input_json_delta":
			partial.WriteString(ev.Delta.PartialJSON)
		case ev.Delta.Type == "text_delta":
			text += ev.Delta.Text
		}
	}
	if partial.Len() > 0 {
		if err := json.Unmarshal([]byte(partial.String()), &input); err != nil {
			t.Fatalf("tool input %q: %v", partial.String(), err)
		}
	}
	return name, input, text
}

func TestMockServesOneCallPerTurn(t *testing.T) {
	calls := []verify.Call{
		{Tool: "Bash", Input: map[string]any{"command": "ls"}},
		{Tool: "Task", Input: map[string]any{"prompt": "look", "subagent_type": "Explore"},
			SubagentCalls: []verify.Call{{Tool: "Read", Input: map[string]any{"file_path": "/home/user/proj/a"}}}},
	}
	m, err := StartMock(calls)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	post := func(body map[string]any) []byte {
		b, _ := json.Marshal(body)
		resp, err := http.Post(m.URL()+"/v1/messages?beta=true", "application/json", bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var buf bytes.Buffer
		buf.ReadFrom(resp.Body)
		return buf.Bytes()
	}
	tools := []any{map[string]any{"name": "Bash"}}
	user := map[string]any{"role": "user", "content": "go"}
	toolUse := func(id string) map[string]any {
		return map[string]any{"role": "assistant", "content": []any{map[string]any{"type": "tool_use", "id": id, "name": "Bash", "input": map[string]any{}}}}
	}
	name, input, _ := sseToolUse(t, post(map[string]any{"stream": true, "tools": tools, "messages": []any{user}}))
	if name != "Bash" || input["command"] != "ls" {
		t.Errorf("turn 0: %s %v, want Bash ls", name, input)
	}
	name, input, _ = sseToolUse(t, post(map[string]any{"stream": true, "tools": tools, "messages": []any{user, toolUse(ToolUseID(0, 0, false)), user}}))
	if name != "Task" || !strings.Contains(input["prompt"].(string), "[permsim-sub:1]") {
		t.Errorf("turn 1: %s %v, want the Task with its subagent marker", name, input)
	}
	// The subagent's conversation gets the Task's own calls.
	sub := map[string]any{"role": "user", "content": "look [permsim-sub:1]"}
	name, input, _ = sseToolUse(t, post(map[string]any{"stream": true, "tools": tools, "messages": []any{sub}}))
	if name != "Read" || input["file_path"] != "/home/user/proj/a" {
		t.Errorf("subagent turn 0: %s %v, want Read", name, input)
	}
	// After the last call, and for requests without tools, a text.
	if name, _, text := sseToolUse(t, post(map[string]any{"stream": true, "tools": tools, "messages": []any{user, toolUse(ToolUseID(0, 0, false)), user, toolUse(ToolUseID(1, 0, false)), user}})); name != "" || text == "" {
		t.Errorf("after the calls: tool %q text %q, want a text", name, text)
	}
	var plain map[string]any
	if err := json.Unmarshal(post(map[string]any{"messages": []any{user}}), &plain); err != nil || plain["stop_reason"] != "end_turn" {
		t.Errorf("a side request without tools: %v %v, want a plain end_turn message", plain, err)
	}
	if len(m.Log()) != 5 {
		t.Errorf("log has %d lines, want one per request: %q", len(m.Log()), m.Log())
	}
}

func TestRefusesWithoutSandbox(t *testing.T) {
	// "Refuse to run without the sandbox" (issue #3).
	t.Setenv("PATH", t.TempDir())
	_, err := verify.FindSandbox(context.Background())
	if !errors.Is(err, verify.ErrNoSandbox) || !strings.Contains(err.Error(), "apt-get install -y bubblewrap") {
		t.Errorf("verify.FindSandbox without bwrap: %v, want verify.ErrNoSandbox with the fix", err)
	}
	cases := filepath.Join(t.TempDir(), "c.jsonl")
	os.WriteFile(cases, []byte(`{"id": "a", "calls": [{"tool": "Bash", "input": {"command": "ls"}}]}`+"\n"), 0o644)
	fake := filepath.Join(t.TempDir(), "claude")
	os.WriteFile(fake, []byte("#!/bin/sh\necho should-not-run > "+filepath.Join(filepath.Dir(fake), "ran")+"\n"), 0o755)
	_, err = Runner.Run(context.Background(), verify.Options{Harness: "claude", Binary: fake, Cases: cases, Self: []string{fake}})
	if !errors.Is(err, verify.ErrNoSandbox) {
		t.Errorf("Run without bwrap: %v, want verify.ErrNoSandbox", err)
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(fake), "ran")); err == nil {
		t.Error("the harness binary ran without the sandbox")
	}
}

// Claude Code 1.0.98's can_use_tool request names no tool_use_id (recorded,
// testdata/claude/versions/v1.0.98.results.jsonl): the ask is the one for
// the newest tool_use of that tool still without an answer.
func TestAskWithoutToolUseID(t *testing.T) {
	st := &hostState{asks: map[string]map[string]any{}, results: map[string]toolResult{}}
	send := func(any) {}
	lines := []string{
		`{"type":"assistant","message":{"content":[{"type":"tool_use","id":"toolu_a","name":"Bash","input":{"command":"ls"}}]}}`,
		`{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_a","content":"x","is_error":false}]}}`,
		`{"type":"assistant","message":{"content":[{"type":"tool_use","id":"toolu_b","name":"Edit","input":{}}]}}`,
		`{"type":"control_request","request_id":"r1","request":{"subtype":"can_use_tool","tool_name":"Edit","input":{}}}`,
	}
	for _, l := range lines {
		st.read([]byte(l), send)
	}
	if _, ok := st.asks["toolu_b"]; !ok {
		t.Errorf("the ask was not given to toolu_b: asks %v", st.asks)
	}
	if _, ok := st.asks["toolu_a"]; ok {
		t.Error("the ask was given to toolu_a, which had its result")
	}
}

// With a working sandbox, Claude Code 2.1.328 asks about a host outside
// network.allowedDomains while the Bash call is running, as a can_use_tool
// request for the pseudo-tool SandboxNetworkAccess with an id of its own
// (recorded: `curl -s https://other.org/x`, the request carried
// {"host":"other.org"} and a random tool_use_id): the ask is the running
// Bash call's.
func TestSandboxNetworkAskIsTheBashCalls(t *testing.T) {
	st := &hostState{asks: map[string]map[string]any{}, results: map[string]toolResult{}}
	send := func(any) {}
	lines := []string{
		`{"type":"assistant","message":{"content":[{"type":"tool_use","id":"toolu_a","name":"Bash","input":{"command":"ls"}}]}}`,
		`{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_a","content":"x","is_error":false}]}}`,
		`{"type":"assistant","message":{"content":[{"type":"tool_use","id":"toolu_b","name":"Bash","input":{"command":"curl -s https://other.org/x"}}]}}`,
		`{"type":"control_request","request_id":"r1","request":{"subtype":"can_use_tool","tool_name":"SandboxNetworkAccess","input":{"host":"other.org"},"tool_use_id":"b9d2fa6d-855c-4fa8-9981-2c8151f002b0"}}`,
	}
	for _, l := range lines {
		st.read([]byte(l), send)
	}
	if _, ok := st.asks["toolu_b"]; !ok {
		t.Errorf("the network ask was not given to the running Bash call toolu_b: asks %v", st.asks)
	}
	if _, ok := st.asks["toolu_a"]; ok {
		t.Error("the ask was given to toolu_a, which had its result")
	}
}

package claudedrive

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/permsim/permsim/verify"
)

// layoutCase writes the case's files into the sandbox's home and project
// and makes the project a git repository when the case says so.
func layoutCase(c verify.Case) error {
	if err := verify.WriteCase(c, verify.Home); err != nil {
		return err
	}
	if c.Trust {
		rec := map[string]any{}
		if old, ok := c.HomeFiles[".claude.json"]; ok {
			_ = json.Unmarshal([]byte(old), &rec)
		}
		projects, _ := rec["projects"].(map[string]any)
		if projects == nil {
			projects = map[string]any{}
		}
		entry, _ := projects[verify.Project].(map[string]any)
		if entry == nil {
			entry = map[string]any{}
		}
		entry["hasTrustDialogAccepted"] = true
		if _, ok := entry["allowedTools"]; !ok {
			// Claude Code 1.x reads the project's entry's allowedTools
			// list and stops ("B.allowedTools is not iterable") when an
			// entry lacks it; the versions since ignore it. Empty, as
			// those versions wrote it themselves.
			entry["allowedTools"] = []any{}
		}
		projects[verify.Project] = entry
		rec["projects"] = projects
		b, _ := json.Marshal(rec)
		return os.WriteFile(filepath.Join(verify.Home, ".claude.json"), b, 0o644)
	}
	return nil
}

// claudeArgs are the command-line arguments of one case's run.
func claudeArgs(c verify.Case) []string {
	args := []string{"-p", "--output-format", "stream-json", "--verbose", "--input-format", "stream-json",
		"--permission-prompt-tool", "stdio"}
	if c.Mode != nil {
		if *c.Mode == "dangerously-skip-permissions" {
			args = append(args, "--dangerously-skip-permissions")
		} else {
			args = append(args, "--permission-mode", *c.Mode)
		}
	}
	return append(args, c.Args...)
}

// claudeEnv is the harness's environment: the mock as its API, no
// telemetry or other traffic.
func claudeEnv(c verify.Case, base string) []string {
	return verify.Environ(c, map[string]string{
		"ANTHROPIC_BASE_URL": base, "ANTHROPIC_API_KEY": "sk-ant-permsim-mock-key",
		"DISABLE_TELEMETRY": "1", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1", "DISABLE_AUTOUPDATER": "1",
		"DISABLE_ERROR_REPORTING": "1", "BASH_DEFAULT_TIMEOUT_MS": "10000", "BASH_MAX_TIMEOUT_MS": "10000",
	})
}

// hostState is what the SDK host saw of one run.
type hostState struct {
	mu       sync.Mutex
	mode     string
	asks     map[string]map[string]any // tool_use_id → the can_use_tool request
	results  map[string]toolResult
	denials  []string // permission_denied reasons
	finished bool
	expected []string            // the tool_use ids of the case's calls
	subs     map[string][]string // a Task call's id → its subagent calls' ids
	// uses are the model's tool_use blocks in the order they streamed
	// (id and tool name): the call an ask without a tool_use_id is for.
	uses [][2]string
}

// unansweredUse is the newest tool_use of tool with neither a result nor
// an ask yet: Claude Code 1.x's can_use_tool request names no tool_use_id.
func (st *hostState) unansweredUse(tool string) string {
	for i := len(st.uses) - 1; i >= 0; i-- {
		id, name := st.uses[i][0], st.uses[i][1]
		_, answered := st.results[id]
		_, asked := st.asks[id]
		if name == tool && !answered && !asked {
			return id
		}
	}
	return ""
}

// agentsPending reports whether a Task that ran still has subagent calls
// without an answer: its agent works in the background.
func (st *hostState) agentsPending() bool {
	st.mu.Lock()
	defer st.mu.Unlock()
	for id, subs := range st.subs {
		r, ran := st.results[id]
		if !ran || r.isError {
			continue
		}
		for _, sub := range subs {
			_, answered := st.results[sub]
			_, asked := st.asks[sub]
			if !answered && !asked {
				return true
			}
		}
	}
	return false
}

// complete reports whether every call of the case was asked about or
// answered, and every subagent call of a Task that ran.
func (st *hostState) complete() bool {
	st.mu.Lock()
	defer st.mu.Unlock()
	seen := func(id string) bool {
		_, answered := st.results[id]
		_, asked := st.asks[id]
		return answered || asked
	}
	for _, id := range st.expected {
		if !seen(id) {
			return false
		}
		if _, asked := st.asks[id]; asked || st.results[id].isError {
			continue // the Task did not run: its agent makes no calls
		}
		for _, sub := range st.subs[id] {
			if !seen(sub) {
				return false
			}
		}
	}
	return true
}

type toolResult struct {
	text    string
	isError bool
}

// runClaudeCase runs one case in a fresh Claude Code process.
func runClaudeCase(ctx context.Context, j verify.Job, ctl string, out *verify.Answer) ([]verify.Result, error) {
	c := j.Case
	// The simulator decides against the layout as the case starts; its
	// hooks may run, so the layout is written again before the harness
	// runs.
	if err := layoutCase(c); err != nil {
		return nil, err
	}
	out.Simulated, out.SubSims, out.Problems = simulateClaude(c)
	if err := clearDir(verify.Home); err != nil {
		return nil, err
	}
	if err := layoutCase(c); err != nil {
		return nil, err
	}
	mock, err := StartMock(c.Calls)
	if err != nil {
		return nil, err
	}
	defer mock.Close()

	cctx, cancel := context.WithTimeout(ctx, j.TimeoutOr(driver.Timeout))
	defer cancel()
	p, err := verify.Start(cctx, j.Binary, claudeArgs(c), claudeEnv(c, mock.URL()), ctl, "claude.stderr")
	if err != nil {
		return nil, err
	}
	stdin := p.Stdin
	st := &hostState{asks: map[string]map[string]any{}, results: map[string]toolResult{}}
	var wmu sync.Mutex
	send := func(v any) {
		b, _ := json.Marshal(v)
		wmu.Lock()
		defer wmu.Unlock()
		stdin.Write(append(b, '\n'))
	}
	send(map[string]any{"type": "user", "message": map[string]any{"role": "user", "content": verify.FirstPrompt}})

	// Every call the case makes, subagent calls included: a Task's agent
	// runs in the background, so the session's first result can come
	// before its calls did.
	st.subs = map[string][]string{}
	for i, call := range c.Calls {
		id := ToolUseID(i, 0, false)
		st.expected = append(st.expected, id)
		for k := range call.SubagentCalls {
			st.subs[id] = append(st.subs[id], ToolUseID(i, k, true))
		}
	}
	var closeOnce sync.Once
	closeIn := func() {
		closeOnce.Do(func() {
			wmu.Lock()
			stdin.Close()
			wmu.Unlock()
		})
	}
	rec := p.LogFile("claude.stdout.jsonl")
	sc := p.Stdout
	var grace *time.Timer
	for sc.Scan() {
		line := sc.Bytes()
		if rec != nil {
			rec.Write(append(append([]byte(nil), line...), '\n'))
		}
		if !st.read(line, send) {
			continue
		}
		switch {
		case st.complete() || !st.agentsPending():
			// Done, or the session stopped early (a hook's continue:
			// false): the calls left get no result.
			closeIn()
		case grace == nil:
			// Wait for the background agents, but not for ever.
			grace = time.AfterFunc(60*time.Second, closeIn)
		}
	}
	if grace != nil {
		grace.Stop()
	}
	waitErr := p.Wait()
	verify.WriteLog(ctl, "mock.log", mock.Log())

	var rows []verify.Result
	for i, call := range c.Calls {
		r := st.row(c, i, call, ToolUseID(i, 0, false))
		if (call.Tool == "Task" || call.Tool == "Agent") && r.Outcome == verify.OutcomeRuns {
			for k, sc := range call.SubagentCalls {
				r.SubagentResults = append(r.SubagentResults, st.row(c, i, sc, ToolUseID(i, k, true)))
			}
		}
		rows = append(rows, r)
	}
	if !st.finished && waitErr != nil && !errors.Is(waitErr, context.Canceled) {
		return rows, fmt.Errorf("claude did not finish the case: %v (see claude.stderr)", waitErr)
	}
	return rows, nil
}

// read handles one line of the harness's stream-json output. It answers
// every can_use_tool request with deny, and reports true once the run's
// result has arrived.
func (st *hostState) read(line []byte, send func(any)) bool {
	var msg struct {
		Type      string          `json:"type"`
		Subtype   string          `json:"subtype"`
		RequestID string          `json:"request_id"`
		Request   map[string]any  `json:"request"`
		Mode      string          `json:"permissionMode"`
		Message   json.RawMessage `json:"message"`
		Reason    string          `json:"decision_reason"`
	}
	if json.Unmarshal(line, &msg) != nil {
		return false
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	switch msg.Type {
	case "control_request":
		sub, _ := msg.Request["subtype"].(string)
		if sub == "can_use_tool" {
			id, _ := msg.Request["tool_use_id"].(string)
			name, _ := msg.Request["tool_name"].(string)
			switch {
			case name == "SandboxNetworkAccess":
				// Claude Code's sandbox asks about a host outside
				// network.allowedDomains while a Bash call runs, under an
				// id of its own: the ask is that call's.
				if bash := st.unansweredUse("Bash"); bash != "" {
					id = bash
				}
			case id == "":
				id = st.unansweredUse(name)
			}
			st.asks[id] = msg.Request
			send(map[string]any{"type": "control_response", "response": map[string]any{
				"subtype": "success", "request_id": msg.RequestID,
				"response": map[string]any{"behavior": "deny", "message": "RH-ASKED: the permsim verifier answers every prompt with deny"}}})
			return false
		}
		send(map[string]any{"type": "control_response", "response": map[string]any{
			"subtype": "error", "request_id": msg.RequestID, "error": "permsim verifier: unsupported request " + sub}})
	case "system":
		switch msg.Subtype {
		case "init":
			st.mode = msg.Mode
		case "permission_denied":
			st.denials = append(st.denials, msg.Reason)
		}
	case "assistant":
		var m struct {
			Content []struct {
				Type string `json:"type"`
				ID   string `json:"id"`
				Name string `json:"name"`
			} `json:"content"`
		}
		if json.Unmarshal(msg.Message, &m) == nil {
			for _, b := range m.Content {
				if b.Type == "tool_use" {
					st.uses = append(st.uses, [2]string{b.ID, b.Name})
				}
			}
		}
	case "user":
		var m struct {
			Content json.RawMessage `json:"content"`
		}
		if json.Unmarshal(msg.Message, &m) != nil {
			return false
		}
		var bs []struct {
			Type      string          `json:"type"`
			ToolUseID string          `json:"tool_use_id"`
			Content   json.RawMessage `json:"content"`
			IsError   bool            `json:"is_error"`
		}
		if json.Unmarshal(m.Content, &bs) != nil {
			return false
		}
		for _, b := range bs {
			if b.Type == "tool_result" {
				st.results[b.ToolUseID] = toolResult{text: resultText(b.Content), isError: b.IsError}
			}
		}
	case "result":
		st.finished = true
		return true
	}
	return false
}

// resultText is a tool_result's text with Claude's <system-reminder>
// blocks removed.
func resultText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) != nil {
		var parts []struct {
			Type string `json:"type"`
			Text string `json:"text"`
		}
		_ = json.Unmarshal(raw, &parts)
		var b strings.Builder
		for _, p := range parts {
			b.WriteString(p.Text)
		}
		s = b.String()
	}
	for {
		i := strings.Index(s, "<system-reminder>")
		if i < 0 {
			break
		}
		j := strings.Index(s[i:], "</system-reminder>")
		if j < 0 {
			s = s[:i]
			break
		}
		s = s[:i] + s[i+j+len("</system-reminder>"):]
	}
	return strings.TrimSpace(s)
}

// row builds one call's result row from what the host saw.
func (st *hostState) row(c verify.Case, i int, call verify.Call, id string) verify.Result {
	st.mu.Lock()
	defer st.mu.Unlock()
	r := verify.Result{ID: c.ID, CallIndex: i, Harness: "claude", Tool: call.Tool, Config: c.Config, EffectiveMode: st.mode,
		Driver: "sdk-stdio", Via: "mock"}
	ask, asked := st.asks[id]
	res, got := st.results[id]
	if asked {
		r.Ask = ask
	}
	if !asked && !got {
		r.SetNoResult(verify.NoResultReason)
		return r
	}
	isErr := res.isError
	r.IsError = &isErr
	r.Raw = verify.Truncate(res.text, 2000)
	r.Outcome, r.Pattern = classifyClaude(asked, res.text, res.isError, st.denials)
	if r.Pattern == "tool_use_error" || r.Pattern == "error(unmatched)" {
		r.DropReason = "not a permission decision: " + r.Pattern
	}
	return r
}

// clearDir removes everything inside dir, keeping dir itself (a mount
// point in the sandbox).
func clearDir(dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
			return err
		}
	}
	return nil
}

package gemini

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/hooks"
)

// stepHook is the BeforeTool hooks' step: Gemini CLI 0.61.0's scheduler
// fires them for a built tool call before it asks the policy engine
// (_processToolCall: evaluateBeforeToolHook, then checkPolicy).
const stepHook = "2 BeforeTool hooks"

// defaultHookTimeout is Gemini CLI's timeout for a hook that sets none
// (DEFAULT_HOOK_TIMEOUT, 60000 ms).
const defaultHookTimeout = 60 * time.Second

// beforeToolInput is the JSON Gemini CLI writes on a BeforeTool hook's
// stdin (createBaseInput plus tool_name and tool_input), in its order.
type beforeToolInput struct {
	SessionID      string         `json:"session_id"`
	TranscriptPath string         `json:"transcript_path"`
	Cwd            string         `json:"cwd"`
	HookEventName  string         `json:"hook_event_name"`
	Timestamp      string         `json:"timestamp"`
	ToolName       string         `json:"tool_name"`
	ToolInput      map[string]any `json:"tool_input"`
}

// hookOutput is the part of a hook's answer that decides (DefaultHookOutput).
type hookOutput struct {
	Continue   *bool  `json:"continue"`
	StopReason string `json:"stopReason"`
	Decision   string `json:"decision"`
	Reason     string `json:"reason"`
}

var hookCalls atomic.Int64

// readGeminiHook turns a finished hook into its output the way Gemini CLI's
// HookRunner does: the trimmed stdout (or, when empty, stderr) is read as
// JSON (a JSON string holding JSON counts too); other text is a plain
// answer: exit 0 allows, exit 1 allows with a warning, any other exit code
// denies with the text as reason. No text at all decides nothing, whatever
// the exit code. ok is false when there is no output.
func readGeminiHook(res hooks.Result) (hookOutput, bool) {
	text := strings.TrimSpace(res.Stdout)
	if text == "" {
		text = strings.TrimSpace(res.Stderr)
	}
	if text == "" {
		return hookOutput{}, false
	}
	var v any
	if json.Unmarshal([]byte(text), &v) == nil {
		if s, isStr := v.(string); isStr {
			if json.Unmarshal([]byte(s), &v) != nil {
				v = nil
			}
		}
		if m, isObj := v.(map[string]any); isObj {
			var o hookOutput
			if c, ok := m["continue"].(bool); ok {
				o.Continue = &c
			}
			o.StopReason, _ = m["stopReason"].(string)
			o.Decision, _ = m["decision"].(string)
			o.Reason, _ = m["reason"].(string)
			return o, true
		}
		if v != nil {
			return hookOutput{}, false // JSON, but not an object: ignored
		}
	}
	switch res.ExitCode {
	case 0, 1:
		return hookOutput{Decision: "allow"}, true
	}
	return hookOutput{Decision: "deny", Reason: text}, true
}

// runHooks runs the BeforeTool hooks whose matcher selects the tool and
// merges their answers as Gemini CLI does (mergeWithOrDecision): continue:
// false stops the agent, a "block" or "deny" blocks, "ask" forces a
// confirmation. It returns the decision when the hooks settle the call;
// ask is true when a hook forces a confirmation.
func (d *decider) runHooks(args map[string]any) (dec *engine.Decision, ask bool) {
	p := d.p
	var matched []hookDef
	seen := map[string]bool{}
	for _, h := range p.hooks {
		if !hookMatches(h.matcher, d.name) {
			continue
		}
		// Gemini CLI runs identical hook configurations once.
		k := fmt.Sprintf("%s\x00%v", h.command, h.timeout)
		if seen[k] {
			continue
		}
		seen[k] = true
		matched = append(matched, h)
	}
	if len(matched) == 0 {
		return nil, false
	}
	if p.runner == nil {
		for _, h := range matched {
			d.notes = append(d.notes, fmt.Sprintf("a BeforeTool hook (%s, matcher %q) matches this call but was not run (hooks run only with --run-hooks)", h.file, h.matcher))
		}
		return nil, false
	}
	n := hookCalls.Add(1)
	stdin, _ := json.Marshal(beforeToolInput{
		SessionID: fmt.Sprintf("permsim-%d", n), Cwd: p.project, HookEventName: "BeforeTool",
		Timestamp: time.Now().UTC().Format("2006-01-02T15:04:05.000Z"), ToolName: d.name, ToolInput: args,
	})
	var blocks, stops, asks, unknown []string
	for _, h := range matched {
		timeout := defaultHookTimeout
		if h.timeout > 0 {
			timeout = time.Duration(h.timeout * float64(time.Millisecond))
		}
		hd := hooks.Handler{Command: h.command, Shell: "bash", Timeout: timeout, Dir: p.project, Home: p.home,
			ReadOnly: []string{p.geminiDir + "/hooks"}, Origin: h.file,
			Vars: map[string]string{"GEMINI_PROJECT_DIR": p.project, "GEMINI_CWD": p.project, "CLAUDE_PROJECT_DIR": p.project,
				"GEMINI_SESSION_ID": fmt.Sprintf("permsim-%d", n)}}
		res := p.runner.Run(context.Background(), hd, stdin)
		name := fmt.Sprintf("BeforeTool hook %q (%s)", hd.Name(), h.file)
		if !hooks.Triage(res, name, &d.notes, &unknown, hooks.Failure{
			TimedOut: ": timed out or could not start; Gemini CLI only warns and the call goes on",
		}) {
			continue
		}
		o, ok := readGeminiHook(res)
		if !ok {
			if res.ExitCode != 0 {
				d.notes = append(d.notes, fmt.Sprintf("%s exited %d with no output: Gemini CLI only warns", name, res.ExitCode))
			}
			continue
		}
		reason := o.Reason
		if reason == "" {
			reason = "No reason provided"
		}
		switch {
		case o.Continue != nil && !*o.Continue:
			r := o.StopReason
			if r == "" {
				r = reason
			}
			stops = append(stops, fmt.Sprintf("%s: %s", name, r))
		case o.Decision == "block" || o.Decision == "deny":
			blocks = append(blocks, fmt.Sprintf("%s: %s", name, reason))
		case o.Decision == "ask":
			asks = append(asks, name)
		}
		if res.ExitCode == 1 && o.Decision == "allow" {
			d.notes = append(d.notes, name+" exited 1: a warning, the call goes on")
		}
	}
	switch {
	case len(stops) > 0:
		dc := d.done(engine.Blocked, stepHook, nil, "agent execution stopped by hook (continue: false): "+strings.Join(stops, "; "))
		return &dc, false
	case len(blocks) > 0:
		dc := d.done(engine.Blocked, stepHook, nil, "tool execution blocked by a BeforeTool hook: "+strings.Join(blocks, "; "))
		return &dc, false
	case len(unknown) > 0:
		dc := d.done(engine.Unknown, stepHook, nil, "a hook did not answer within the tester's limit: "+strings.Join(unknown, ", "))
		return &dc, false
	case len(asks) > 0:
		d.notes = append(d.notes, "a BeforeTool hook answered ask: "+strings.Join(asks, ", ")+"; Gemini CLI asks whatever the policy says")
		return nil, true
	}
	return nil, false
}

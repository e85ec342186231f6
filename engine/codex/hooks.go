package codex

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"strings"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/hooks"
)

// stepHook is the PreToolUse hooks' step: Codex runs them before the tool,
// ahead of its approval and sandbox checks.
const stepHook = "0 PreToolUse hooks"

// defaultHookTimeout is Codex's timeout for a command hook that sets none
// (timeout_sec.unwrap_or(600) in codex-rs/hooks discovery).
const defaultHookTimeout = 600

// handlerConfig is one hook handler as Codex reads it (HookHandlerConfig):
// hooks.json spells the timeout "timeout" (or "timeoutSec").
type handlerConfig struct {
	typ           string
	command       string
	timeout       *int64 // seconds; nil: not set
	async         bool
	statusMessage *string
}

func readHandler(m map[string]any) handlerConfig {
	var c handlerConfig
	c.typ, _ = m["type"].(string)
	c.command, _ = m["command"].(string)
	for _, k := range []string{"timeout", "timeoutSec"} {
		var t int64
		switch v := m[k].(type) {
		case int64:
			t = v
		case float64:
			t = int64(math.Max(0, math.Min(v, math.MaxInt32)))
		default:
			continue
		}
		c.timeout = &t
		break
	}
	c.async, _ = m["async"].(bool)
	if s, ok := m["statusMessage"].(string); ok {
		c.statusMessage = &s
	}
	return c
}

// timeoutSec is the timeout Codex applies: the handler's, at least 1
// (a timeout of 0 is 1), or 600 seconds when it sets none.
func (c handlerConfig) timeoutSec() int64 {
	if c.timeout == nil {
		return defaultHookTimeout
	}
	return max(*c.timeout, 1)
}

// HookHash is the trusted_hash Codex 0.169.0 records for a command hook in
// /hooks: "sha256:" and the hex SHA-256 of the compact JSON, keys sorted,
// of {event_name, matcher, hooks: [the handler normalized]} — the handler
// with its timeout filled in (600 when unset) and no Windows command, as
// codex-rs/hooks (command_hook_hash, config's version_for_toml) builds it.
// A matcher that is not set is left out; one set to "" stays.
func HookHash(event string, matcher *string, c handlerConfig) string {
	var b bytes.Buffer
	b.WriteString(`{"event_name":`)
	writeJSONString(&b, event)
	b.WriteString(`,"hooks":[{"async":`)
	fmt.Fprintf(&b, "%t", c.async)
	b.WriteString(`,"command":`)
	writeJSONString(&b, c.command)
	if c.statusMessage != nil {
		b.WriteString(`,"statusMessage":`)
		writeJSONString(&b, *c.statusMessage)
	}
	fmt.Fprintf(&b, `,"timeout":%d,"type":"command"}]`, c.timeoutSec())
	if matcher != nil {
		b.WriteString(`,"matcher":`)
		writeJSONString(&b, *matcher)
	}
	b.WriteString("}")
	sum := sha256.Sum256(b.Bytes())
	return "sha256:" + hex.EncodeToString(sum[:])
}

// CommandHookHash is the trusted_hash Codex records for a PreToolUse
// command hook that sets only its command (and matcher, when matcher is
// not nil): what /hooks writes when the user trusts it.
func CommandHookHash(matcher *string, command string) string {
	return HookHash("pre_tool_use", matcher, handlerConfig{command: command})
}

// HookHashWithTimeout is CommandHookHash for a handler that also sets its
// timeout in seconds.
func HookHashWithTimeout(matcher *string, command string, timeoutSec int64) string {
	return HookHash("pre_tool_use", matcher, handlerConfig{command: command, timeout: &timeoutSec})
}

// HookHashWithStatusMessage is CommandHookHash for a handler that also
// sets its statusMessage, which the hash covers.
func HookHashWithStatusMessage(matcher *string, command, statusMessage string) string {
	return HookHash("pre_tool_use", matcher, handlerConfig{command: command, statusMessage: &statusMessage})
}

// writeJSONString writes s the way serde_json does: only '"', '\\' and
// control characters escaped (\b \f \n \r \t or \u00XX), everything else
// as UTF-8 — unlike encoding/json, which also escapes <, >, & and U+2028.
func writeJSONString(b *bytes.Buffer, s string) {
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		default:
			if r < 0x20 {
				fmt.Fprintf(b, `\u%04x`, r)
			} else if r == utf8.RuneError {
				b.WriteString("\uFFFD")
			} else {
				b.WriteRune(r)
			}
		}
	}
	b.WriteByte('"')
}

// codexHook is one PreToolUse handler Codex would run.
type codexHook struct {
	key     string         // its trust key, file:pre_tool_use:group:handler
	matcher *string        // nil: matches every tool
	re      *regexp.Regexp // the matcher compiled, when it is a regular expression
	cfg     handlerConfig
	file    string
	layer   string
}

// exactMatcher is Codex's test for a matcher compared as a name or a
// |-list of names: only ASCII letters, digits, '_' and '|'.
var exactMatcher = regexp.MustCompile(`^[A-Za-z0-9_|]*$`)

// compileMatcher reads a PreToolUse matcher as Codex does: "", "*", a
// name or a |-list are compared, not compiled (nil, true); anything else
// must compile as a regular expression, and ok is false when it does not
// (Codex skips the group).
func compileMatcher(m string) (re *regexp.Regexp, ok bool) {
	if m == "" || m == "*" || exactMatcher.MatchString(m) {
		return nil, true
	}
	re, err := regexp.Compile(m)
	return re, err == nil
}

// matches says whether the hook fires for a tool (its name and Codex's
// matcher aliases): no matcher, "" and "*" match all; a name or |-list is
// compared exactly; anything else is an unanchored regular expression.
func (h codexHook) matches(names []string) bool {
	if h.matcher == nil || *h.matcher == "" || *h.matcher == "*" {
		return true
	}
	if h.re == nil {
		for _, alt := range strings.Split(*h.matcher, "|") {
			for _, n := range names {
				if alt == n {
					return true
				}
			}
		}
		return false
	}
	for _, n := range names {
		if h.re.MatchString(n) {
			return true
		}
	}
	return false
}

// preToolUseInput is the JSON Codex writes on a PreToolUse hook's stdin
// (PreToolUseCommandInput in codex-rs/hooks), in its field order.
type preToolUseInput struct {
	SessionID      string         `json:"session_id"`
	TurnID         string         `json:"turn_id"`
	TranscriptPath *string        `json:"transcript_path"`
	Cwd            string         `json:"cwd"`
	HookEventName  string         `json:"hook_event_name"`
	Model          string         `json:"model"`
	PermissionMode string         `json:"permission_mode"`
	ToolName       string         `json:"tool_name"`
	ToolInput      map[string]any `json:"tool_input"`
	ToolUseID      string         `json:"tool_use_id"`
}

var hookCalls atomic.Int64

// hookOutput is what a PreToolUse hook may print (PreToolUseCommandOutputWire).
type hookOutput struct {
	Continue           *bool   `json:"continue"`
	StopReason         *string `json:"stopReason"`
	SuppressOutput     bool    `json:"suppressOutput"`
	Decision           *string `json:"decision"`
	Reason             *string `json:"reason"`
	HookSpecificOutput *struct {
		PermissionDecision       *string         `json:"permissionDecision"`
		PermissionDecisionReason *string         `json:"permissionDecisionReason"`
		UpdatedInput             json.RawMessage `json:"updatedInput"`
	} `json:"hookSpecificOutput"`
}

// hookVerdict is what Codex makes of one finished handler.
type hookVerdict struct {
	block  bool
	reason string // the block reason, or why the hook failed
	failed bool
}

// readCodexHook reads a finished PreToolUse handler the way Codex 0.169.0
// does (codex-rs/hooks events/pre_tool_use.rs and output_parser.rs). The
// seed: "Exit 2, a JSON deny, or decision: "block" blocks; ask, continue,
// and stopReason mark the hook failed and the call goes ahead."
func readCodexHook(res hooks.Result) hookVerdict {
	switch res.ExitCode {
	case 0:
	case 2:
		// Codex takes the block reason from stderr; with none, the hook
		// failed instead.
		if r := strings.TrimSpace(res.Stderr); r != "" {
			return hookVerdict{block: true, reason: r}
		}
		return hookVerdict{failed: true, reason: "exited with code 2 but wrote no blocking reason to stderr"}
	default:
		return hookVerdict{failed: true, reason: fmt.Sprintf("exited with code %d", res.ExitCode)}
	}
	out := strings.TrimSpace(res.Stdout)
	if out == "" {
		return hookVerdict{}
	}
	var o hookOutput
	invalid := hookVerdict{failed: true, reason: "returned invalid pre-tool-use JSON output"}
	if !strings.HasPrefix(out, "{") {
		if strings.HasPrefix(out, "[") {
			return invalid
		}
		return hookVerdict{} // plain text is shown, not read
	}
	if err := json.Unmarshal([]byte(out), &o); err != nil {
		return invalid
	}
	switch {
	case o.Continue != nil && !*o.Continue:
		return hookVerdict{failed: true, reason: "returned unsupported continue:false"}
	case o.StopReason != nil:
		return hookVerdict{failed: true, reason: "returned unsupported stopReason"}
	case o.SuppressOutput:
		return hookVerdict{failed: true, reason: "returned unsupported suppressOutput"}
	}
	if hs := o.HookSpecificOutput; hs != nil && (hs.PermissionDecision != nil || hs.PermissionDecisionReason != nil || len(hs.UpdatedInput) > 0) {
		decision := ""
		if hs.PermissionDecision != nil {
			decision = *hs.PermissionDecision
		}
		reason := ""
		if hs.PermissionDecisionReason != nil {
			reason = strings.TrimSpace(*hs.PermissionDecisionReason)
		}
		switch decision {
		case "deny":
			if reason == "" {
				return hookVerdict{failed: true, reason: "returned permissionDecision:deny without a non-empty permissionDecisionReason"}
			}
			return hookVerdict{block: true, reason: reason}
		case "ask":
			return hookVerdict{failed: true, reason: "returned unsupported permissionDecision:ask"}
		case "allow":
			if len(hs.UpdatedInput) == 0 {
				return hookVerdict{failed: true, reason: "returned unsupported permissionDecision:allow"}
			}
			return hookVerdict{}
		case "":
			if len(hs.UpdatedInput) > 0 {
				return hookVerdict{failed: true, reason: "returned updatedInput without permissionDecision:allow"}
			}
			return hookVerdict{failed: true, reason: "returned permissionDecisionReason without permissionDecision"}
		}
		return invalid
	}
	if o.Decision != nil {
		switch *o.Decision {
		case "block":
			reason := ""
			if o.Reason != nil {
				reason = strings.TrimSpace(*o.Reason)
			}
			if reason == "" {
				return hookVerdict{failed: true, reason: "returned decision:block without a non-empty reason"}
			}
			return hookVerdict{block: true, reason: reason}
		case "approve":
			return hookVerdict{failed: true, reason: "returned unsupported decision:approve"}
		}
		return invalid
	}
	if o.Reason != nil {
		return hookVerdict{failed: true, reason: "returned reason without decision"}
	}
	return hookVerdict{}
}

// runHooks runs the PreToolUse handlers that match the tool and says
// whether they stop the call: a Decision when one blocks or one could not
// be told within the tester's limit, nil when the call goes on (with notes
// for failed hooks). Codex runs every matching handler and any block wins.
func (d *decider) runHooks(tool string, aliases []string, input map[string]any) *engine.Decision {
	p := d.p
	if len(p.preHooks) == 0 {
		return nil
	}
	names := append([]string{tool}, aliases...)
	var matched []codexHook
	for _, h := range p.preHooks {
		if h.matches(names) {
			matched = append(matched, h)
		}
	}
	if len(matched) == 0 {
		return nil
	}
	if p.runner == nil {
		keys := make([]string, len(matched))
		for i, h := range matched {
			keys[i] = fmt.Sprintf("%q (%s)", h.cfg.command, h.key)
		}
		d.notes = append(d.notes, "PreToolUse hooks match this call but were not run (hooks run only with --run-hooks): "+strings.Join(keys, ", "))
		return nil
	}
	n := hookCalls.Add(1)
	stdin, _ := json.Marshal(preToolUseInput{
		SessionID: "permsim", TurnID: fmt.Sprintf("permsim-turn-%d", n), Cwd: d.cwd, HookEventName: "PreToolUse",
		Model: "permsim", PermissionMode: codexPermissionMode(d.ap, d.sandbox), ToolName: tool, ToolInput: input,
		ToolUseID: fmt.Sprintf("call_permsim_%d", n),
	})
	var block, unknown []string
	var blockRule *engine.RuleRef
	for _, h := range dedupe(matched) {
		hd := hooks.Handler{Command: h.cfg.command, Timeout: time.Duration(h.cfg.timeoutSec()) * time.Second,
			Dir: d.cwd, Home: p.home, ReadOnly: []string{p.codexHome + "/hooks"}, Origin: h.file}
		res := p.runner.Run(context.Background(), hd, stdin)
		name := fmt.Sprintf("hook %q (%s)", hd.Name(), h.key)
		if !hooks.Triage(res, name, &d.notes, &unknown, hooks.Failure{
			TimedOut:    ": timed out; Codex marks it failed and the call goes ahead",
			CouldNotRun: "; Codex marks it failed and the call goes ahead",
		}) {
			continue
		}
		v := readCodexHook(res)
		switch {
		case v.block:
			block = append(block, fmt.Sprintf("%s: %s", name, v.reason))
			if blockRule == nil {
				blockRule = &engine.RuleRef{Text: h.cfg.command, File: h.file, Layer: h.layer, List: "hook:PreToolUse", Decision: "block"}
			}
		case v.failed:
			d.notes = append(d.notes, fmt.Sprintf("%s %s: Codex marks the hook failed and the call goes ahead", name, v.reason))
		}
	}
	if len(block) > 0 {
		dec := d.done(engine.Blocked, engine.GroupBlocked, stepHook, blockRule, "a PreToolUse hook blocks: "+strings.Join(block, "; "))
		return &dec
	}
	if len(unknown) > 0 {
		dec := d.done(engine.Unknown, engine.GroupUnknown, stepHook, nil, "a hook did not answer within the tester's limit: "+strings.Join(unknown, ", "))
		return &dec
	}
	return nil
}

// dedupe drops handlers identical to an earlier one: Codex runs the same
// command once per event however many groups name it.
func dedupe(hs []codexHook) []codexHook {
	seen := map[string]bool{}
	var out []codexHook
	for _, h := range hs {
		k := fmt.Sprintf("%s\x00%d", h.cfg.command, h.cfg.timeoutSec())
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, h)
	}
	return out
}

// codexPermissionMode is the permission_mode a hook's input carries.
// Codex names it after the approval policy: "bypassPermissions" when it
// never asks and the sandbox is off, else "default".
func codexPermissionMode(ap approval, sandbox string) string {
	if ap.kind == approvalNever && sandbox == sandboxFullAccess {
		return "bypassPermissions"
	}
	return "default"
}

// hookCommand is the command text Codex gives a Bash hook as
// tool_input.command: exec_command's cmd, shell_command's command, the
// script of a `bash -lc` argv, or the argv joined.
func (d *decider) hookCommand() string {
	in := d.call.Input
	if s, ok := in["cmd"].(string); ok {
		return s
	}
	if s, ok := in["command"].(string); ok {
		return s
	}
	argv := argvOf(in["command"])
	if len(argv) == 3 && (argv[1] == "-lc" || argv[1] == "-c") && strings.HasSuffix(argv[0], "sh") {
		return argv[2]
	}
	if len(argv) > 0 {
		return strings.Join(argv, " ")
	}
	return d.call.Command
}

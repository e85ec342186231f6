package claude

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/hooks"
)

// hookEntry is one (matcher, handler) pair of a settings file's
// PreToolUse hooks.
type hookEntry struct {
	matcher string
	ifRule  *rule // the compiled "if"; nil when the handler has none
	handler hooks.Handler
}

// hookConfig is the part of a settings file's "hooks" object the
// simulator reads.
type hookConfig struct {
	PreToolUse []struct {
		Matcher *string `json:"matcher"`
		Hooks   []struct {
			Type    string   `json:"type"`
			Command string   `json:"command"`
			Args    []string `json:"args"`
			Shell   string   `json:"shell"`
			Timeout *float64 `json:"timeout"`
			Async   bool     `json:"async"`
			If      string   `json:"if"`
			URL     string   `json:"url"`
		} `json:"hooks"`
	} `json:"PreToolUse"`
}

// loadHooks reads the PreToolUse handlers of every settings file that
// are in force: disableAllHooks outside managed settings turns off all
// but managed hooks (inside them, all hooks), and allowManagedHooksOnly
// in managed settings keeps managed hooks only.
func (p *Policy) loadHooks() {
	managedOnly, disableNonManaged, disableAll := false, false, false
	for _, f := range p.files {
		switch {
		case f.layer == LayerManaged && f.disableHooks:
			disableAll = true
		case f.disableHooks:
			disableNonManaged = true
		case f.layer == LayerManaged && f.managedHooks:
			managedOnly = true
		}
	}
	files := append(append([]*settingsFile(nil), p.files...), p.pluginHookSources()...)
	for _, f := range files {
		if f.hooks == nil {
			continue
		}
		var cfg hookConfig
		if err := json.Unmarshal(f.hooks, &cfg); err != nil {
			p.problems.Add(f.path, lineAt(f.data, f.hooksAt), "hooks: %v; hooks of this file ignored", err)
			continue
		}
		off := disableAll || (f.layer != LayerManaged && (disableNonManaged || managedOnly))
		for _, g := range cfg.PreToolUse {
			matcher := ""
			if g.Matcher != nil {
				matcher = *g.Matcher
			}
			if _, err := hooks.MatchTool(matcher, "Bash"); err != nil {
				p.problems.Add(f.path, lineAt(f.data, f.hooksAt), "PreToolUse %v; its hooks never run", err)
				continue
			}
			for _, h := range g.Hooks {
				e := hookEntry{matcher: matcher}
				e.handler = hooks.Handler{Type: h.Type, Command: h.Command, Args: h.Args, Shell: h.Shell, Async: h.Async,
					Origin: f.path, Vars: map[string]string{"CLAUDE_PROJECT_DIR": p.project},
					// In the hook sandbox the home is an empty folder; the
					// user's hook scripts stay readable.
					Home: p.home, ReadOnly: []string{filepath.Join(p.userDir, "hooks")}}
				if f.plugin != "" {
					e.handler.ReadOnly = append(e.handler.ReadOnly, f.root)
					// A plugin's copy of a handler stays separate: its root
					// is part of the handler's identity.
					e.handler.Vars["CLAUDE_PLUGIN_ROOT"] = f.root
					e.handler.Origin = "plugin " + f.plugin + " (" + f.path + ")"
				}
				if h.Command == "" && h.URL != "" {
					e.handler.Command = h.URL
				}
				if h.Timeout != nil && *h.Timeout > 0 {
					e.handler.Timeout = time.Duration(*h.Timeout * float64(time.Second))
				}
				if h.If != "" {
					r, notInForce, problem := compileRule(ruleSource{text: h.If}, "ask", f)
					if problem == "" && notInForce != "" {
						problem = notInForce
					}
					if problem != "" {
						// The reading that claims less protection: a hook
						// whose condition cannot be read is not run.
						p.problems.Add(f.path, lineAt(f.data, f.hooksAt), "hook %q: \"if\": %q: %s; the hook is not run", e.handler.Name(), h.If, problem)
						continue
					}
					e.ifRule = r
				}
				if off {
					continue
				}
				p.hookEntries = append(p.hookEntries, e)
			}
		}
	}
}

// hookTool is the tool name hook matchers and hook input see: Claude
// Code's own name for the called tool.
func (d *decider) hookTool() string {
	if d.call.RawTool != "" && (toolNames[d.call.RawTool] != "" || strings.HasPrefix(d.call.RawTool, "mcp__")) {
		return d.call.RawTool
	}
	return d.tool
}

// toolInput is the call's input as Claude Code's tools receive it: the
// call's own Input, or one made from its command or path.
func (d *decider) toolInput() map[string]any {
	if len(d.call.Input) > 0 {
		return d.call.Input
	}
	in := map[string]any{}
	switch {
	case d.tool == "Bash":
		in["command"] = d.command()
	case len(d.call.Paths) > 0:
		in["file_path"] = d.call.Paths[0]
	}
	return in
}

// matchingHooks lists the distinct handlers that apply to the call: the
// matcher selects the tool and the "if" rule (when there is one) the
// call. The same handler under several matchers or in several files runs
// once (seed, Hooks).
func (d *decider) matchingHooks() []hooks.Handler {
	if len(d.p.hookEntries) == 0 {
		return nil
	}
	tool := d.hookTool()
	seen := map[string]bool{}
	var out []hooks.Handler
	for i := range d.p.hookEntries {
		e := &d.p.hookEntries[i]
		if ok, _ := hooks.MatchTool(e.matcher, tool); !ok {
			continue
		}
		if e.ifRule != nil && !d.ifMatches(e.ifRule) {
			continue
		}
		h := e.handler
		if seen[h.Key()] {
			continue
		}
		seen[h.Key()] = true
		h.Dir = d.cwd
		out = append(out, h)
	}
	return out
}

// ifMatches reads a handler's "if" rule against the call: for shell
// commands the hook runs when any command matches after leading
// assignments, and always when a command's name comes from a variable.
func (d *decider) ifMatches(r *rule) bool {
	if !r.matchesTool(d.tool) {
		return false
	}
	switch r.kind {
	case kindTool:
		return true
	case kindParam:
		// Recorded with real Claude Code 2.1.328 (testdata/claude/
		// probe-coverage3): a hook with "if": "Bash(description:danger*)"
		// did not run for a call whose description was "danger zone" ("ls"
		// ran); a Tool(param:value) condition selects nothing.
		return false
	case kindBash:
		s := d.p.script(d.command())
		for i := range s.Commands {
			c := &s.Commands[i]
			if c.Dynamic || r.bash.match(c.Text) {
				return true
			}
		}
		return false
	case kindPath:
		for _, path := range d.filePaths() {
			if d.p.matchPath([]*rule{r}, r.tool, path, true) != nil {
				return true
			}
		}
		return false
	case kindDomain:
		// Nor did one with "if": "WebFetch(domain:example.com)" for a
		// WebFetch of https://example.com/ (it asked, probe-coverage3).
		return false
	case kindAgent:
		typ, _ := d.call.Input["subagent_type"].(string)
		return typ == r.agent
	}
	return false
}

// CommandHooks is the HookRunner that really runs PreToolUse command
// hooks, within the limits of its hooks.Runner, and reads their answers by
// the seed's Hooks section. It is safe for concurrent use.
type CommandHooks struct {
	Runner *hooks.Runner
	calls  atomic.Int64
}

// NewCommandHooks returns a HookRunner that runs hooks with r (a Runner
// with default limits when r is nil).
func NewCommandHooks(r *hooks.Runner) *CommandHooks {
	if r == nil {
		r = hooks.NewRunner(hooks.Limits{})
	}
	return &CommandHooks{Runner: r}
}

// hookInput is the JSON Claude Code writes to a PreToolUse hook's stdin.
type hookInput struct {
	SessionID      string         `json:"session_id"`
	TranscriptPath string         `json:"transcript_path"`
	Cwd            string         `json:"cwd"`
	PermissionMode string         `json:"permission_mode"`
	HookEventName  string         `json:"hook_event_name"`
	ToolName       string         `json:"tool_name"`
	ToolInput      map[string]any `json:"tool_input"`
	ToolUseID      string         `json:"tool_use_id"`
}

// hookOutput is the JSON a hook may print on stdout.
type hookOutput struct {
	Continue           *bool  `json:"continue"`
	StopReason         string `json:"stopReason"`
	Decision           string `json:"decision"`
	Reason             string `json:"reason"`
	HookSpecificOutput *struct {
		HookEventName            string `json:"hookEventName"`
		PermissionDecision       string `json:"permissionDecision"`
		PermissionDecisionReason string `json:"permissionDecisionReason"`
	} `json:"hookSpecificOutput"`
}

// PreToolUse runs every handler of req and combines their answers: a
// block wins, then a hook that could not be told (timed out at the
// tester's limit), then ask, then allow.
func (c *CommandHooks) PreToolUse(req HookRequest) HookVerdict {
	var v HookVerdict
	if len(req.Handlers) == 0 {
		return v
	}
	input := req.Input
	if input == nil {
		input = map[string]any{}
	}
	n := c.calls.Add(1)
	stdin, _ := json.Marshal(hookInput{
		SessionID: "permsim", Cwd: req.Cwd, PermissionMode: string(req.Mode), HookEventName: "PreToolUse",
		ToolName: req.Tool, ToolInput: input, ToolUseID: fmt.Sprintf("toolu_permsim_%d", n),
	})
	type answer struct{ decision, reason, handler string }
	var deny, ask, allow *answer
	var unknown []string
	for _, h := range req.Handlers {
		res := c.Runner.Run(context.Background(), h, stdin)
		name := fmt.Sprintf("hook %q (%s)", h.Name(), h.Origin)
		if !hooks.Triage(res, name, &v.Notes, &unknown, hooks.Failure{
			TimedOut:    ": a timed-out hook decides nothing",
			CouldNotRun: ": a non-blocking error, the call goes ahead",
		}) {
			continue
		}
		a := readHookResult(res, &v.Notes, name)
		if a.decision == "" {
			continue
		}
		ans := &answer{a.decision, a.reason, h.Name()}
		switch {
		case a.decision == "deny" && deny == nil:
			deny = ans
		case a.decision == "ask" && ask == nil:
			ask = ans
		case a.decision == "allow" && allow == nil:
			allow = ans
		}
	}
	pick := deny
	if pick == nil && len(unknown) > 0 {
		v.Unknown = true
		v.Handler = strings.Join(unknown, ", ")
		v.Reason = "a hook did not answer within the tester's limit: " + v.Handler
		return v
	}
	if pick == nil {
		pick = ask
	}
	if pick == nil {
		pick = allow
	}
	if pick != nil {
		v.Decision, v.Reason, v.Handler = pick.decision, pick.reason, pick.handler
	}
	return v
}

type hookAnswer struct{ decision, reason string }

// readHookResult reads one finished hook by the seed: "Exit 2 blocks; JSON
// decides on any other exit code; exit 1 and other codes without JSON are
// non-blocking errors, so the call goes ahead. JSON needs hookEventName:
// "PreToolUse" inside hookSpecificOutput. defer works only in -p runs."
func readHookResult(res hooks.Result, notes *[]string, name string) hookAnswer {
	if res.ExitCode == 2 {
		return hookAnswer{"deny", firstLine(res.Stderr, "exit 2")}
	}
	out := strings.TrimSpace(res.Stdout)
	var o hookOutput
	if !strings.HasPrefix(out, "{") || json.Unmarshal([]byte(out), &o) != nil {
		if strings.HasPrefix(out, "{") {
			*notes = append(*notes, name+": stdout is not valid JSON; ignored")
		}
		if res.ExitCode != 0 {
			*notes = append(*notes, fmt.Sprintf("%s exited %d: a non-blocking error, the call goes ahead", name, res.ExitCode))
		}
		return hookAnswer{}
	}
	if o.Continue != nil && !*o.Continue {
		// The seed reads continue: false as a block; the real 2.1.328 ran
		// the call and then ended the session (docs/claude-differences.md).
		*notes = append(*notes, fmt.Sprintf("%s answered continue: false (%s): Claude Code 2.1.328 still runs the call, then stops the session", name, firstLine(o.StopReason, "no reason given")))
	}
	if hs := o.HookSpecificOutput; hs != nil && hs.PermissionDecision != "" {
		if hs.HookEventName != "PreToolUse" {
			*notes = append(*notes, fmt.Sprintf("%s: permissionDecision %q ignored: hookSpecificOutput lacks hookEventName \"PreToolUse\"", name, hs.PermissionDecision))
		} else {
			switch hs.PermissionDecision {
			case "allow", "deny", "ask":
				return hookAnswer{hs.PermissionDecision, hs.PermissionDecisionReason}
			case "defer":
				*notes = append(*notes, name+": permissionDecision \"defer\" (works only in claude -p runs) decides nothing here")
			default:
				*notes = append(*notes, fmt.Sprintf("%s: unknown permissionDecision %q ignored", name, hs.PermissionDecision))
			}
		}
	}
	switch o.Decision {
	case "block":
		return hookAnswer{"deny", firstLine(o.Reason, `decision: "block"`)}
	case "approve":
		return hookAnswer{"allow", o.Reason}
	}
	return hookAnswer{}
}

// firstLine is s's first non-empty line, or def.
func firstLine(s, def string) string {
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			return l
		}
	}
	return def
}

// hooksNotRun is the note a decision carries when hooks would run for the
// call but the policy was loaded without running them.
func hooksNotRun(hs []hooks.Handler) string {
	names := make([]string, len(hs))
	for i, h := range hs {
		names[i] = fmt.Sprintf("%q (%s)", h.Name(), h.Origin)
	}
	return "PreToolUse hooks match this call but were not run (hooks run only with --run-hooks): " + strings.Join(names, ", ")
}

// modeForHooks is the permission_mode a hook's input names.
func modeForHooks(m engine.Mode) engine.Mode {
	if m == "" {
		return modeDefault
	}
	return m
}

package cursor

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/hooks"
	"github.com/permsim/permsim/internal/jsonpos"
)

// A Cursor hook from .cursor/hooks.json (project) or ~/.cursor/hooks.json
// (user), as the seed's Cursor section and Cursor's hooks page describe
// them: preToolUse (tool names Shell, Read, Write), beforeShellExecution
// (matched against the command text) and beforeReadFile.
type cursorHook struct {
	event      string
	matcher    string
	handler    hooks.Handler
	failClosed bool
	file       string
}

// The events that can stop a call before it runs.
const (
	eventPreToolUse     = "preToolUse"
	eventBeforeShell    = "beforeShellExecution"
	eventBeforeReadFile = "beforeReadFile"
)

// loadHooks reads one hooks.json into runnable hooks, in file order.
func (p *Policy) loadHooks(file, layer string) {
	data := p.readJSON(file)
	if data == nil {
		return
	}
	var cfg struct {
		Hooks map[string][]struct {
			Command    string  `json:"command"`
			Matcher    string  `json:"matcher"`
			Timeout    float64 `json:"timeout"`
			FailClosed bool    `json:"failClosed"`
		} `json:"hooks"`
	}
	if err := json.Unmarshal(data, &cfg); err != nil {
		p.problems = append(p.problems, engine.Problem{File: file, Severity: engine.SeverityWarning, Msg: jsonpos.WithLine(data, err)})
		return
	}
	events := slices.Sorted(maps.Keys(cfg.Hooks))
	for _, event := range events {
		for _, h := range cfg.Hooks[event] {
			in := event == eventPreToolUse || event == eventBeforeShell || event == eventBeforeReadFile
			info := engine.RuleInfo{File: file, Layer: layer, List: "hook", Rule: event + ": " + h.Command, InForce: in && p.runner != nil}
			switch {
			case !in:
				info.Why = "this event cannot stop a call before it runs"
			case p.runner == nil:
				info.Why = "hooks are listed, not run, unless hooks are run (--run-hooks)"
			}
			if h.Matcher != "" {
				info.Rule += " (matcher " + h.Matcher + ")"
			}
			p.infos = append(p.infos, info)
			if !in {
				continue
			}
			dir := filepath.Dir(filepath.Dir(file)) // the folder holding .cursor
			hd := hooks.Handler{Command: h.Command, Dir: dir, Origin: file,
				Vars: map[string]string{"CURSOR_PROJECT_DIR": p.project},
				// In the hook sandbox the home is an empty folder; the
				// hooks folder beside hooks.json stays readable.
				Home: p.home, ReadOnly: []string{filepath.Join(filepath.Dir(file), "hooks")}}
			if h.Timeout > 0 {
				hd.Timeout = time.Duration(h.Timeout * float64(time.Second))
			}
			p.hooks = append(p.hooks, cursorHook{event: event, matcher: h.Matcher, handler: hd, failClosed: h.FailClosed, file: file})
		}
	}
}

// hookVerdict is what the hooks said about a call.
type hookVerdict struct {
	outcome engine.Outcome // "" when no hook decided
	step    string
	hook    cursorHook
	notes   []string
}

// runHooks runs the hooks that apply to a call, in order, and stops at the
// first that blocks or asks.
func (p *Policy) runHooks(call engine.Call, tool, command, path string) hookVerdict {
	var v hookVerdict
	if p.runner == nil || len(p.hooks) == 0 {
		return v
	}
	for _, h := range p.hooks {
		var subject string
		switch h.event {
		case eventPreToolUse:
			subject = tool
		case eventBeforeShell:
			if tool != "Shell" {
				continue
			}
			subject = command
		case eventBeforeReadFile:
			if tool != "Read" {
				continue
			}
			subject = path
		}
		if h.matcher != "" {
			re, err := regexp.Compile(h.matcher)
			if err != nil {
				v.notes = append(v.notes, fmt.Sprintf("hook %s: matcher %q does not compile; it never fires", h.handler.Name(), h.matcher))
				continue
			}
			if !re.MatchString(subject) {
				continue
			}
		}
		input, _ := json.Marshal(map[string]any{"hook_event_name": h.event, "tool_name": tool, "tool_input": call.Input,
			"command": command, "file_path": path, "cwd": p.project, "workspace_roots": []string{p.project}})
		res := p.runner.Run(context.Background(), h.handler, input)
		name := h.event + " hook " + h.handler.Name()
		switch {
		case res.Undecided():
			// Timed out at the tester's limit now, or not run again after
			// two timeouts: either way what the hook would say is unknown
			// (a skipped hook must not let the call through unguarded).
			v.outcome, v.step, v.hook = engine.Unknown, "hook timed out", h
			if res.Note != "" {
				v.notes = append(v.notes, name+": "+res.Note)
			}
			v.notes = append(v.notes, name+": did not answer within the tester's limit")
			return v
		case res.Status == hooks.Skipped:
			v.notes = append(v.notes, name+": "+res.Note)
			continue
		case res.Status == hooks.Failed || res.Status == hooks.HarnessTimedOut:
			if h.failClosed {
				v.outcome, v.step, v.hook = engine.Blocked, "hook failed (failClosed)", h
				return v
			}
			v.notes = append(v.notes, name+": failed or timed out; the call goes through (no failClosed)")
			continue
		}
		if res.ExitCode == 2 {
			v.outcome, v.step, v.hook = engine.Blocked, "hook exit 2", h
			return v
		}
		if res.ExitCode != 0 {
			if h.failClosed {
				v.outcome, v.step, v.hook = engine.Blocked, "hook failed (failClosed)", h
				return v
			}
			v.notes = append(v.notes, fmt.Sprintf("%s: exit %d lets the call through", name, res.ExitCode))
			continue
		}
		out := strings.TrimSpace(res.Stdout)
		if out == "" {
			continue
		}
		var ans struct {
			Permission string `json:"permission"`
		}
		if json.Unmarshal([]byte(out), &ans) != nil {
			v.outcome, v.step, v.hook = engine.Blocked, "hook invalid JSON", h
			return v
		}
		switch ans.Permission {
		case "deny":
			v.outcome, v.step, v.hook = engine.Blocked, "hook deny", h
			return v
		case "ask":
			if h.event == eventPreToolUse {
				v.notes = append(v.notes, name+": ask is not enforced on preToolUse")
				continue
			}
			v.outcome, v.step, v.hook = engine.Asks, "hook ask", h
			return v
		case "allow":
			v.notes = append(v.notes, name+": allows the call")
		}
	}
	return v
}

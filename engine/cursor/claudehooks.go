package cursor

import (
	"encoding/json"
	"maps"
	"path/filepath"
	"slices"
	"time"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/hooks"
	"github.com/permsim/permsim/internal/jsonpos"
)

// claudePreToolUse is Claude Code's event that Cursor runs as its own
// preToolUse; Claude Code's other events cannot stop a call in Cursor.
const claudePreToolUse = "PreToolUse"

// loadClaudeHooks reads the hooks of one Claude Code settings file, which
// Cursor loads too (the seed: "Cursor also loads Claude Code hooks from
// `.claude/settings*.json` and the user settings file by default, but its
// shell tool is named `Shell`, so a `Bash` matcher never fires there").
// A PreToolUse hook becomes a preToolUse hook whose matcher is tried
// against Cursor's tool names (Shell, Read, Write); it answers as Cursor's
// hooks do (exit 2 or permission "deny" blocks, …). The others are
// listed, not run.
func (p *Policy) loadClaudeHooks(file, layer string) {
	data := p.readJSON(file)
	if data == nil {
		return
	}
	var cfg struct {
		Hooks map[string][]struct {
			Matcher string `json:"matcher"`
			Hooks   []struct {
				Type    string  `json:"type"`
				Command string  `json:"command"`
				Timeout float64 `json:"timeout"`
			} `json:"hooks"`
		} `json:"hooks"`
	}
	if err := json.Unmarshal(data, &cfg); err != nil {
		p.problems = append(p.problems, engine.Problem{File: file, Severity: engine.SeverityWarning, Msg: jsonpos.WithLine(data, err)})
		return
	}
	// The folder that holds .claude: the project, or the home.
	dir := filepath.Dir(filepath.Dir(file))
	for _, event := range slices.Sorted(maps.Keys(cfg.Hooks)) {
		for _, group := range cfg.Hooks[event] {
			matcher := group.Matcher
			if matcher == "*" {
				matcher = "" // Claude Code's every tool; not a regular expression
			}
			for _, h := range group.Hooks {
				runs := event == claudePreToolUse && (h.Type == "" || h.Type == "command")
				info := engine.RuleInfo{File: file, Layer: layer, List: "hook", Rule: event + ": " + h.Command, InForce: runs && p.runner != nil}
				switch {
				case event != claudePreToolUse:
					info.Why = "a Claude Code hook Cursor loads; only PreToolUse (Cursor's preToolUse) can stop a call"
				case !runs:
					info.Why = "a Claude Code " + h.Type + " hook: only command hooks are run"
				case p.runner == nil:
					info.Why = "hooks are listed, not run, unless hooks are run (--run-hooks)"
				default:
					info.Why = "a Claude Code hook, run by Cursor as preToolUse: its matcher meets Cursor's tool names (Shell, Read, Write)"
				}
				if group.Matcher != "" {
					info.Rule += " (matcher " + group.Matcher + ")"
				}
				p.infos = append(p.infos, info)
				if !runs {
					continue
				}
				hd := hooks.Handler{Command: h.Command, Dir: dir, Origin: file,
					Vars: map[string]string{"CURSOR_PROJECT_DIR": p.project, "CLAUDE_PROJECT_DIR": p.project},
					Home: p.home, ReadOnly: []string{filepath.Join(filepath.Dir(file), "hooks")}}
				if h.Timeout > 0 {
					hd.Timeout = time.Duration(h.Timeout * float64(time.Second))
				}
				p.hooks = append(p.hooks, cursorHook{event: eventPreToolUse, matcher: matcher, handler: hd, file: file})
			}
		}
	}
}

package audit

import (
	"encoding/json"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/permsim/permsim/engine/claude"
	"github.com/permsim/permsim/internal/safefile"
	"github.com/permsim/permsim/toolcall"
)

// hooks reports hooks the repository ships that would run code on the
// user's machine, in every form each harness reads (a test per form, from
// the harness's own docs, in hooks_test.go): Claude Code's settings (which
// Cursor also loads), Gemini CLI's settings — the bare event map, the
// older wrapper {"enabled": true, "disabled": [...], <events>} and
// hooksConfig — Codex's hooks.json and [hooks] in config.toml, Cursor's
// own hooks.json, and OpenCode plugins. Codey's own hooks only watch, and
// it does not carry Claude Code's over. Hooks the same file turns off are
// not reported.
func (a *auditor) hooks() {
	for _, f := range a.repoClaudeSettings() {
		s, _ := claude.ReadSettings(f)
		if s == nil || len(s.Hooks) == 0 {
			continue
		}
		for _, h := range hookCommands(s.Hooks) {
			a.add(Finding{Kind: KindRepoHook, File: f, Line: lineOf(s.Data, mustQuote(h.command)), Severity: Medium,
				Harnesses: []string{toolcall.ClaudeCode, toolcall.Cursor},
				Message:   fmt.Sprintf("the repository's %s hook runs %q on your machine in Claude Code (and in Cursor, which loads Claude Code's hooks); Codey does not run it, so whatever it blocks is not blocked there", h.event, h.command)})
		}
	}
	a.geminiHooks()
	a.codexHooks()
	a.cursorHooks()
	a.openCodePlugins()
}

// openCodePlugins reports the plugins a repository makes OpenCode load and
// run in its own process (docs/plugins: "OpenCode also loads direct .ts
// and .js files and immediate plugin package directories of each
// discovered .opencode/plugins/ directory"; earlier releases read
// .opencode/plugin/), and the packages and local folders named by the
// "plugin" (or "plugins") list of the project's opencode.json(c), which
// OpenCode installs and loads at start.
func (a *auditor) openCodePlugins() {
	for _, dir := range []string{"plugins", "plugin"} {
		plugins := filepath.Join(a.opts.Project, ".opencode", dir)
		ents, err := safefile.ReadDir(plugins)
		if err != nil {
			continue
		}
		for _, e := range ents {
			what := ""
			switch {
			case e.IsDir():
				what = "an OpenCode plugin package the repository ships"
			case slices.Contains([]string{".js", ".ts", ".mjs", ".cjs", ".mts"}, filepath.Ext(e.Name())):
				what = "an OpenCode plugin the repository ships"
			default:
				continue
			}
			a.add(Finding{Kind: KindRepoHook, File: filepath.Join(plugins, e.Name()), Line: 1, Severity: Medium, Harnesses: []string{toolcall.OpenCode},
				Message: what + ": OpenCode loads it as code and runs it in its own process"})
		}
	}
	for _, name := range openCodeConfigs {
		path := filepath.Join(a.opts.Project, name)
		data := a.read(path, safefile.JSON)
		if data == nil {
			continue
		}
		std, err := standardJSON(data)
		if err != nil {
			continue // catchAll reports the file as a problem
		}
		var doc map[string]json.RawMessage
		if json.Unmarshal(std, &doc) != nil {
			continue
		}
		for _, key := range []string{"plugin", "plugins"} {
			var list []json.RawMessage
			if json.Unmarshal(doc[key], &list) != nil {
				continue
			}
			for _, raw := range list {
				var spec string
				if json.Unmarshal(raw, &spec) != nil {
					var obj struct {
						Package string `json:"package"`
					}
					if json.Unmarshal(raw, &obj) != nil {
						continue
					}
					spec = obj.Package
				}
				if strings.TrimSpace(spec) == "" {
					continue
				}
				a.add(Finding{Kind: KindRepoHook, File: path, Line: lineOf(data, mustQuote(spec)), Severity: Medium, Harnesses: []string{toolcall.OpenCode},
					Message: fmt.Sprintf("the repository's OpenCode config loads the plugin %q: OpenCode installs it and runs it as code in its own process", spec)})
			}
		}
	}
}

// geminiHooks reads .gemini/settings.json's hooks. Gemini CLI has spelt
// the switch two ways: "hooks": {"enabled": …, "disabled": [names], <Event>:
// [groups]} (the form the CLI's earlier releases and extensions ship) and
// "hooksConfig": {"enabled", "disabled"} beside "hooks": {<Event>: …}
// (docs/hooks/reference.md). enabled false in either turns every hook of
// the file off; a hook whose name (or command) is in a disabled list is
// skipped.
func (a *auditor) geminiHooks() {
	gem := filepath.Join(a.opts.Project, ".gemini", "settings.json")
	data := a.read(gem, safefile.JSON)
	if data == nil {
		return
	}
	var doc struct {
		Hooks       json.RawMessage `json:"hooks"`
		HooksConfig struct {
			Enabled  *bool    `json:"enabled"`
			Disabled []string `json:"disabled"`
		} `json:"hooksConfig"`
	}
	if json.Unmarshal(data, &doc) != nil || len(doc.Hooks) == 0 {
		return
	}
	var wrapper struct {
		Enabled  *bool    `json:"enabled"`
		Disabled []string `json:"disabled"`
	}
	_ = json.Unmarshal(doc.Hooks, &wrapper) // not an object: hookCommands finds nothing either
	if doc.HooksConfig.Enabled != nil && !*doc.HooksConfig.Enabled || wrapper.Enabled != nil && !*wrapper.Enabled {
		return
	}
	off := map[string]bool{}
	for _, n := range append(doc.HooksConfig.Disabled, wrapper.Disabled...) {
		off[n] = true
	}
	for _, h := range hookCommands(doc.Hooks) {
		if off[h.name] || off[h.command] {
			continue
		}
		a.add(Finding{Kind: KindRepoHook, File: gem, Line: lineOf(data, mustQuote(h.command)), Severity: Medium, Harnesses: []string{toolcall.Gemini},
			Message: fmt.Sprintf("the repository's %s hook runs %q on your machine in Gemini CLI", h.event, h.command)})
	}
}

// codexHooks reads the project layer's .codex/hooks.json ({"hooks":
// {<Event>: [groups]}}) and [hooks.<Event>] in .codex/config.toml. Codex
// runs a project's hook only once the user trusts it in /hooks (and the
// project itself is trusted), so the finding says what one "trust" answer
// starts running.
func (a *auditor) codexHooks() {
	js := filepath.Join(a.opts.Project, ".codex", "hooks.json")
	if data := a.read(js, safefile.JSON); data != nil {
		var doc struct {
			Hooks json.RawMessage `json:"hooks"`
		}
		if json.Unmarshal(data, &doc) == nil {
			for _, h := range hookCommands(doc.Hooks) {
				a.addCodexHook(js, lineOf(data, mustQuote(h.command)), h)
			}
		}
	}
	cfg := filepath.Join(a.opts.Project, ".codex", "config.toml")
	data := a.read(cfg, safefile.TOML)
	if data == nil {
		return
	}
	var doc struct {
		Hooks map[string]any `toml:"hooks"`
	}
	if _, err := toml.Decode(string(data), &doc); err != nil || len(doc.Hooks) == 0 {
		return
	}
	delete(doc.Hooks, "state") // trust records, not hooks (and Codex ignores a project's)
	raw, err := json.Marshal(doc.Hooks)
	if err != nil {
		return
	}
	for _, h := range hookCommands(raw) {
		line := lineOf(data, mustQuote(h.command))
		if line == 1 {
			line = lineOf(data, "'"+h.command+"'")
		}
		a.addCodexHook(cfg, line, h)
	}
}

func (a *auditor) addCodexHook(file string, line int, h hookCommand) {
	a.add(Finding{Kind: KindRepoHook, File: file, Line: line, Severity: Medium, Harnesses: []string{toolcall.Codex},
		Message: fmt.Sprintf("the repository's %s hook runs %q on your machine in Codex once you trust it in /hooks", h.event, h.command)})
}

// cursorHooks reads .cursor/hooks.json: {"version": 1, "hooks": {<event>:
// [{"command": …}]}} — Cursor's own shape, one command per entry.
func (a *auditor) cursorHooks() {
	cur := filepath.Join(a.opts.Project, ".cursor", "hooks.json")
	data := a.read(cur, safefile.JSON)
	if data == nil {
		return
	}
	var doc struct {
		Hooks map[string]json.RawMessage `json:"hooks"`
	}
	if json.Unmarshal(data, &doc) != nil {
		return
	}
	for _, e := range slices.Sorted(maps.Keys(doc.Hooks)) {
		var list []struct {
			Command string `json:"command"`
		}
		if json.Unmarshal(doc.Hooks[e], &list) != nil {
			continue
		}
		for _, h := range list {
			if strings.TrimSpace(h.Command) == "" {
				continue
			}
			a.add(Finding{Kind: KindRepoHook, File: cur, Line: lineOf(data, mustQuote(h.Command)), Severity: Medium, Harnesses: []string{toolcall.Cursor},
				Message: fmt.Sprintf("the repository's %s hook runs %q on your machine in Cursor", e, h.Command)})
		}
	}
}

// hookCommand is one command hook.
type hookCommand struct{ event, name, command string }

// hookCommands reads the hooks shape Claude Code, Gemini CLI and Codex
// share: event → [{matcher, hooks: [{type, command, name}]}]. A key whose
// value is not a list of groups ("enabled": true, "disabled": [names],
// "notifications") is not an event and is passed over, so one such key
// does not hide the file's hooks.
func hookCommands(raw json.RawMessage) []hookCommand {
	var events map[string]json.RawMessage
	if json.Unmarshal(raw, &events) != nil {
		return nil
	}
	var out []hookCommand
	for _, e := range slices.Sorted(maps.Keys(events)) {
		var groups []struct {
			Hooks []struct {
				Type    string `json:"type"`
				Name    string `json:"name"`
				Command string `json:"command"`
			} `json:"hooks"`
		}
		if json.Unmarshal(events[e], &groups) != nil {
			continue
		}
		for _, m := range groups {
			for _, h := range m.Hooks {
				if strings.TrimSpace(h.Command) != "" && (h.Type == "" || h.Type == "command") {
					out = append(out, hookCommand{event: e, name: h.Name, command: h.Command})
				}
			}
		}
	}
	return out
}

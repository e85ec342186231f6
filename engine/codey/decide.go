package codey

import (
	"fmt"
	"net/url"
	"path/filepath"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/claude"
	"github.com/permsim/permsim/engine/pathrule"
)

// decider carries one call through the decision order.
type decider struct {
	p    *Policy
	call engine.Call
	mode engine.Mode
	tool string // Codey's tool name
	// modeLabel says where the mode came from; empty when the caller chose it.
	modeLabel string
	cwd       string
	notes     []string
	needs     []string
}

// Decide says what Codey would do with call in mode: deny rules, then ask
// rules, then allow rules, then "always this tool", then the mode. An empty
// mode is the mode the command line and the user's files select.
func (p *Policy) Decide(call engine.Call, mode engine.Mode) engine.Decision {
	d := &decider{p: p, call: call, mode: p.mode, modeLabel: p.modeLabel, tool: codeyTool(call)}
	d.notes = append(d.notes, p.modeNotes...)
	if mode != "" {
		m, ok := normalizeMode(string(mode))
		if !ok {
			d.notes = append(d.notes, fmt.Sprintf("mode %q: Codey's modes are default, acceptEdits and -yolo; default used", mode))
		}
		d.mode, d.modeLabel = m, ""
	}
	d.cwd = p.project
	if call.Cwd != "" {
		d.cwd = filepath.Clean(call.Cwd)
	}
	if d.tool == ToolBash {
		return d.bash()
	}
	return d.fileOrOther()
}

// codeyTool names the call's tool as Codey does: its own raw name when the
// call has one, else the normalized tool's counterpart.
func codeyTool(c engine.Call) string {
	switch raw := c.RawTool; {
	case strings.HasPrefix(raw, "mcp__"):
		return raw
	case raw == ToolBash, raw == ToolReadFile, raw == ToolEditFile, raw == ToolWriteFile, raw == ToolGlob,
		raw == ToolGrep, raw == ToolWebFetch, raw == ToolWebSearch, raw == ToolTodoWrite:
		return raw
	}
	switch c.Tool {
	case engine.ToolBash:
		return ToolBash
	case engine.ToolRead:
		return ToolReadFile
	case engine.ToolEdit:
		return ToolEditFile
	case engine.ToolWrite:
		return ToolWriteFile
	case engine.ToolGlob:
		return ToolGlob
	case engine.ToolGrep:
		return ToolGrep
	case engine.ToolWebFetch:
		return ToolWebFetch
	case engine.ToolWebSearch:
		return ToolWebSearch
	case engine.ToolMCP:
		if c.RawTool != "" {
			return c.RawTool
		}
	}
	if c.RawTool == "TodoWrite" || c.RawTool == "todo_write" {
		return ToolTodoWrite
	}
	if c.RawTool != "" {
		return c.RawTool
	}
	return string(c.Tool)
}

func (d *decider) result(o engine.Outcome, byRule bool, step string, r *rule, reason string) engine.Decision {
	dec := engine.Decision{Outcome: o, Group: engine.GroupFor(o, byRule), Step: step, Reason: reason,
		Needs: d.needs, Notes: d.notes, Mode: d.mode, ModeLabel: d.modeLabel, Label: engine.Label}
	if r != nil {
		dec.Rule = r.ref()
	}
	return dec
}

// denied is a deny rule's decision; the reason names the rule and the
// file, "so it can tell you which line to change instead of retrying".
func (d *decider) denied(r *rule, what string) engine.Decision {
	reason := fmt.Sprintf("denied by the rule %s in %s", r.text, r.where())
	if what != "" {
		reason = what + ": " + reason
	}
	return d.result(engine.Blocked, true, "1 deny rule", r, reason)
}

func (d *decider) asked(r *rule, what string) engine.Decision {
	reason := fmt.Sprintf("asks because of the rule %s in %s", r.text, r.where())
	if what != "" {
		reason = what + ": " + reason
	}
	return d.result(engine.Asks, true, "2 ask rule", r, reason)
}

func (d *decider) allowed(r *rule) engine.Decision {
	return d.result(engine.Runs, false, "3 allow rule", r, fmt.Sprintf("allowed by the rule %s in %s", r.text, r.where()))
}

// afterRules is what happens to a call no rule decided: "always this
// tool", then the mode.
func (d *decider) afterRules(modeRuns bool, why string) engine.Decision {
	if d.p.always[d.tool] {
		return d.result(engine.Runs, false, "4 always this tool", nil, "you said \"always this tool\" for "+d.tool+" earlier in the session")
	}
	if d.mode == ModeYolo {
		return d.result(engine.Runs, false, "5 mode", nil, "-yolo runs every call no rule stops")
	}
	if modeRuns {
		return d.result(engine.Runs, false, "5 mode", nil, why)
	}
	return d.result(engine.Asks, false, "5 mode", nil, why)
}

// covers reports whether r is about the tool.
func (r *rule) covers(tool string) bool {
	for _, t := range r.tools {
		if t == tool {
			return true
		}
		// "mcp__server" covers every tool of the server.
		if strings.HasPrefix(t, "mcp__") && strings.Count(t, "__") == 1 && strings.HasPrefix(tool, t+"__") {
			return true
		}
	}
	return false
}

// toolRule finds a rule without specifier that covers the tool.
func (d *decider) toolRule(list []*rule) *rule {
	for _, r := range list {
		if r.kind == kindTool && r.covers(d.tool) {
			return r
		}
	}
	return nil
}

// base is what path patterns are read against: "/path is under the project
// root", "~/path is under your home".
func (p *Policy) base() pathrule.Base {
	return pathrule.Base{SettingsRoot: p.project, Project: p.project, Home: p.home}
}

// resolve is where path really leads, links followed (for a file still to
// be written, its folder's links), read inside the project as written when
// it lies in the project's real folder.
func (p *Policy) resolve(path string) string {
	t := path
	if x, err := p.links.EvalSymlinks(path); err == nil {
		t = x
	} else if dir, err := p.links.EvalSymlinks(filepath.Dir(path)); err == nil {
		t = filepath.Join(dir, filepath.Base(path))
	}
	if p.realProject != p.project && within(t, p.realProject) {
		rel, _ := filepath.Rel(p.realProject, t)
		t = filepath.Join(p.project, rel)
	}
	return t
}

// targets are the path and, when a symlink on it leads elsewhere, where it
// leads: "Links are followed, so a rule about .env also catches a symlink
// to it."
func (p *Policy) targets(path string) []string {
	if t := p.resolve(path); t != path {
		return []string{path, t}
	}
	return []string{path}
}

// pathRule finds a path rule of list covering the tool that matches path
// or where its links lead (deny and ask: either is enough).
func (d *decider) pathRule(list []*rule, tool, path string) *rule {
	if !slices.ContainsFunc(list, func(r *rule) bool { return r.kind == kindPath && r.covers(tool) }) {
		return nil // no rule to match: no need to follow links
	}
	for _, t := range d.p.targets(path) {
		for _, r := range list {
			if r.kind == kindPath && r.covers(tool) && r.path.Match(t, d.p.base(), true) {
				return r
			}
		}
	}
	return nil
}

// allowPath finds an allow rule that covers the file path really is,
// links followed: an allow rule about src/ does not let a write through a
// link into ~/.bashrc.
func (d *decider) allowPath(tool, path string) *rule {
	real := d.p.resolve(path)
	for _, r := range d.p.allow {
		if r.kind == kindPath && r.covers(tool) && r.path.Match(real, d.p.base(), false) {
			return r
		}
	}
	return nil
}

// filePaths are the absolute paths a file tool names; a search without a
// path searches the working folder.
func (d *decider) filePaths() []string {
	raw := append([]string(nil), d.call.Paths...)
	if len(raw) == 0 {
		for _, k := range []string{"file_path", "path"} {
			if s, ok := d.call.Input[k].(string); ok && s != "" {
				raw = append(raw, s)
				break
			}
		}
	}
	if len(raw) == 0 && (d.tool == ToolGlob || d.tool == ToolGrep) {
		raw = append(raw, d.cwd)
	}
	out := make([]string, 0, len(raw))
	for _, s := range raw {
		switch {
		case s == "~" || strings.HasPrefix(s, "~/"):
			s = filepath.Join(d.p.home, strings.TrimPrefix(s, "~"))
		case !filepath.IsAbs(s):
			s = filepath.Join(d.cwd, s)
		}
		out = append(out, filepath.Clean(s))
	}
	return out
}

// searched adds, for a search tool, a name inside the folder it searches:
// a rule about secrets/** does not name secrets itself, but a search in it
// reads its files.
func (d *decider) searched(paths []string) []string {
	if d.tool != ToolGlob && d.tool != ToolGrep {
		return paths
	}
	out := append([]string(nil), paths...)
	for _, p := range paths {
		out = append(out, filepath.Join(p, "_"))
	}
	return out
}

// within reports whether path is dir or inside it.
func within(path, dir string) bool {
	if path == dir || dir == "/" {
		return true
	}
	return strings.HasPrefix(path, dir+string(filepath.Separator))
}

// inRoot reports whether path, and where its links lead, lie inside the
// working root, the file tools' only root.
func (d *decider) inRoot(path string) bool {
	for _, t := range d.p.targets(path) {
		if !within(t, d.p.project) && !within(t, d.p.realProject) {
			return false
		}
	}
	return true
}

// callRule finds the rule of list a call other than bash meets first, and
// what it met it at ("" for the whole tool): a tool-wide rule, a path rule
// on a searched path (pathTool: the call's tool is one of the file tools),
// a domain rule on host. Deny rules and ask rules are looked up alike.
func (d *decider) callRule(list []*rule, pathTool bool, paths []string, host string) (*rule, string) {
	if r := d.toolRule(list); r != nil {
		return r, ""
	}
	if pathTool {
		for _, path := range d.searched(paths) {
			if r := d.pathRule(list, d.tool, path); r != nil {
				return r, path
			}
		}
	}
	if r := d.domainRule(list, host); r != nil {
		return r, host
	}
	return nil, ""
}

// fileOrOther decides every call but bash.
func (d *decider) fileOrOther() engine.Decision {
	paths := d.filePaths()
	pathTool := d.tool == ToolReadFile || d.tool == ToolEditFile || d.tool == ToolWriteFile || d.tool == ToolGlob || d.tool == ToolGrep
	host := d.host()

	// 1. Deny rules, the read-only tools included: "Read(.env) is a rule
	// about reading".
	if r, at := d.callRule(d.p.deny, pathTool, paths, host); r != nil {
		return d.denied(r, at)
	}
	// 2. Ask rules, whatever the mode would do.
	if r, at := d.callRule(d.p.ask, pathTool, paths, host); r != nil {
		return d.asked(r, at)
	}
	// 3. Allow rules.
	if r := d.toolRule(d.p.allow); r != nil {
		return d.allowed(r)
	}
	if pathTool && len(paths) > 0 {
		var first *rule
		for _, path := range paths {
			r := d.allowPath(d.tool, path)
			if r == nil {
				first = nil
				break
			}
			if first == nil {
				first = r
			}
		}
		if first != nil {
			return d.allowed(first)
		}
	}
	if r := d.domainRule(d.p.allow, host); r != nil {
		return d.allowed(r)
	}

	// 4–5. "Always this tool", then the mode.
	switch d.tool {
	case ToolReadFile, ToolGlob, ToolGrep:
		for _, path := range paths {
			if !d.inRoot(path) {
				return d.afterRules(false, path+" is outside the working root, the file tools' only root")
			}
		}
		return d.afterRules(true, "reading inside the working root runs")
	case ToolEditFile, ToolWriteFile:
		if d.mode == ModeAcceptEdits {
			for _, path := range paths {
				if !d.inRoot(path) {
					return d.afterRules(false, path+" is outside the working root, the file tools' only root")
				}
				for _, t := range d.p.targets(path) {
					if claude.Protected(t) {
						// acceptEdits lets file edits through "as Claude
						// Code's mode of that name does": not these.
						if d.p.always[d.tool] {
							break
						}
						return d.result(engine.Asks, true, "5 protected path", nil, t+" is a protected path, which acceptEdits does not let through")
					}
				}
			}
			if len(paths) > 0 {
				return d.afterRules(true, "acceptEdits lets file edits through")
			}
		}
		return d.afterRules(false, "file edits ask in "+string(d.mode)+" mode")
	case ToolTodoWrite:
		return d.afterRules(true, "todo_write changes nothing outside the session")
	}
	return d.afterRules(false, d.tool+" asks in "+string(d.mode)+" mode")
}

// host is the host a web_fetch call names.
func (d *decider) host() string {
	if d.tool != ToolWebFetch {
		return ""
	}
	s, _ := d.call.Input["url"].(string)
	u, err := url.Parse(s)
	if err != nil {
		return ""
	}
	return strings.ToLower(u.Hostname())
}

// domainRule finds a WebFetch(domain:…) rule of list that matches host.
func (d *decider) domainRule(list []*rule, host string) *rule {
	if host == "" {
		return nil
	}
	for _, r := range list {
		if r.kind != kindDomain {
			continue
		}
		if rest, ok := strings.CutPrefix(r.domain, "*."); ok {
			if strings.HasSuffix(host, "."+rest) {
				return r
			}
		} else if host == r.domain {
			return r
		}
	}
	return nil
}

package opencode

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/permsim/permsim/engine"
)

// request is one permission request a tool makes before it runs: a
// permission and the patterns it asks about.
type request struct {
	perm     string
	patterns []string
	why      string // what the request is for, for the decision's reason
}

// toolPermission maps a tool name to the permission OpenCode asks for it
// (edit, write and apply_patch share "edit").
func toolPermission(name string) string {
	switch name {
	case "edit", "write", "apply_patch", "patch", "multiedit":
		return "edit"
	}
	return name
}

// evaluate is OpenCode's Permission.evaluate: the last rule whose
// permission and pattern both match, or ask when none does.
func evaluate(rules []rule, perm, pattern string) (rule, bool) {
	for i := len(rules) - 1; i >= 0; i-- {
		r := rules[i]
		if match(perm, r.perm) && match(pattern, r.pattern) {
			return r, true
		}
	}
	return rule{perm: perm, pattern: "*", action: "ask", layer: LayerBuiltin}, false
}

// removed reports whether the tool is not offered to the model at all: the
// last rule about its permission is a "*" deny (Permission.disabled).
func removed(rules []rule, perm string) (rule, bool) {
	for i := len(rules) - 1; i >= 0; i-- {
		if match(perm, rules[i].perm) {
			return rules[i], rules[i].pattern == "*" && rules[i].action == "deny"
		}
	}
	return rule{}, false
}

// inside is Instance.containsPath: inside the project folder, or inside
// the git worktree when there is one.
func (p *Policy) inside(abs string) bool {
	if within(p.project, abs) {
		return true
	}
	if p.worktree == "/" {
		return false
	}
	return within(p.worktree, abs)
}

// within is OpenCode's Filesystem.contains: the relative path does not
// start with "..".
func within(parent, child string) bool {
	rel, err := filepath.Rel(parent, child)
	if err != nil {
		return false
	}
	return !strings.HasPrefix(rel, "..")
}

// rel is Node's path.relative from the worktree ("" for the same folder).
func (p *Policy) rel(abs string) string {
	r, err := filepath.Rel(p.worktree, abs)
	if err != nil || r == "." {
		return ""
	}
	return r
}

// external is Tool.assertExternalDirectory: a path outside the project
// asks external_directory about its folder (the path itself for a
// folder).
func (p *Policy) external(abs string, dir bool) *request {
	if abs == "" || p.inside(abs) {
		return nil
	}
	d := abs
	if !dir {
		if st, err := os.Stat(abs); err == nil && st.IsDir() {
			d = abs
		} else {
			d = filepath.Dir(abs)
		}
	}
	pat := filepath.Join(d, "*")
	return &request{perm: "external_directory", patterns: []string{pat}, why: "path outside the project"}
}

// abs is the path a file tool, a search's folder or a shell's workdir
// names, as OpenCode 1.18.33 resolves it against cwd: "~" is a folder name
// there, not the home (recorded: read "~/other/notes.txt" and a workdir of
// "~/other" both looked under the project).
func (p *Policy) abs(path, cwd string) string {
	if path == "" {
		return ""
	}
	if !filepath.IsAbs(path) {
		path = filepath.Join(cwd, path)
	}
	return filepath.Clean(path)
}

func str(in map[string]any, keys ...string) string {
	for _, k := range keys {
		if s, ok := in[k].(string); ok && s != "" {
			return s
		}
	}
	return ""
}

// requests lists the permission requests a call makes, in the order the
// tool makes them. notes say where the simulation had to guess.
func (p *Policy) requests(call engine.Call) (tool string, reqs []request, notes []string) {
	cwd := p.project
	if call.Cwd != "" {
		cwd = call.Cwd
	}
	in := call.Input
	if in == nil {
		in = map[string]any{}
	}
	// The call's Paths first: replay maps them (--root) while the raw
	// input keeps the recorded ones.
	path := ""
	if len(call.Paths) > 0 {
		path = call.Paths[0]
	} else {
		path = str(in, "filePath", "file_path", "path")
	}
	tool = call.RawTool
	if tool == "" {
		tool = string(call.Tool)
	}
	tool = strings.ToLower(tool)
	// OpenCode's built-in tools are named with permsim's own tool words
	// (toolcall.OpenCodeNames maps each to itself), so a call of another
	// harness's tool takes its OpenCode name from its normalized tool;
	// only apply_patch, OpenCode's other edit tool, keeps its own name.
	switch call.Tool {
	case engine.ToolEdit:
		if tool != "apply_patch" {
			tool = string(engine.ToolEdit)
		}
	case engine.ToolBash, engine.ToolRead, engine.ToolWrite, engine.ToolGlob,
		engine.ToolGrep, engine.ToolWebFetch, engine.ToolWebSearch:
		tool = string(call.Tool)
	}
	add := func(r *request) {
		if r != nil {
			reqs = append(reqs, *r)
		}
	}
	switch tool {
	case "bash":
		line := call.Command
		if line == "" {
			line = str(in, "command")
		}
		wd := cwd
		if w := str(in, "workdir"); w != "" {
			wd = p.abs(w, p.project)
		}
		sa, ok := p.collectShell(line, wd)
		if !ok {
			notes = append(notes, "the command does not parse; asked about as one pattern")
			sa = shellAsk{patterns: []string{strings.TrimSpace(line)}}
		}
		if !p.inside(wd) && !contains(sa.dirs, wd) {
			sa.dirs = append(sa.dirs, wd)
		}
		if len(sa.dirs) > 0 {
			var pats []string
			for _, d := range sa.dirs {
				pats = append(pats, filepath.Join(d, "*"))
			}
			reqs = append(reqs, request{perm: "external_directory", patterns: pats, why: "a command names a folder outside the project"})
		}
		if len(sa.patterns) > 0 {
			reqs = append(reqs, request{perm: "bash", patterns: sa.patterns, why: "each command of the line"})
		}
	case "read":
		abs := p.abs(path, cwd)
		add(p.external(abs, false))
		reqs = append(reqs, request{perm: "read", patterns: []string{p.rel(abs)}, why: "path relative to the worktree"})
	case "edit", "write", "apply_patch", "patch", "multiedit":
		abs := p.abs(path, cwd)
		add(p.external(abs, false))
		reqs = append(reqs, request{perm: "edit", patterns: []string{p.rel(abs)}, why: "path relative to the worktree"})
	case "glob", "grep", "list":
		reqs = append(reqs, request{perm: tool, patterns: []string{str(in, "pattern")}, why: "the search pattern"})
		dir := cwd
		if d := str(in, "path"); d != "" {
			dir = p.abs(d, cwd)
		}
		add(p.external(dir, true))
	case "webfetch":
		reqs = append(reqs, request{perm: "webfetch", patterns: []string{str(in, "url")}, why: "the URL"})
	case "websearch", "codesearch":
		reqs = append(reqs, request{perm: tool, patterns: []string{str(in, "query")}, why: "the query"})
	case "task":
		reqs = append(reqs, request{perm: "task", patterns: []string{str(in, "subagent_type")}, why: "the subagent"})
	case "skill":
		reqs = append(reqs, request{perm: "skill", patterns: []string{str(in, "name")}, why: "the skill"})
	default:
		reqs = append(reqs, request{perm: tool, patterns: []string{"*"}, why: "the tool"})
	}
	return tool, reqs, notes
}

// Decide says what OpenCode 1.18.33 does with call when the agent named
// mode (default: --agent, default_agent, then build) is in charge.
func (p *Policy) Decide(call engine.Call, mode engine.Mode) engine.Decision {
	dec := p.decide(call, mode)
	_, dec.VersionBasis = Versions.VersionAs(call.Version)
	return dec
}

// decide is Decide before the version's label.
func (p *Policy) decide(call engine.Call, mode engine.Mode) engine.Decision {
	name := string(mode)
	if name == "" {
		name = p.defaultName()
	}
	d := engine.Decision{Mode: engine.Mode(name), Label: engine.Label}
	a := p.agents[name]
	if a == nil {
		a = p.fallbackAgent()
		d.Notes = append(d.Notes, fmt.Sprintf("no agent %q in this configuration; the %s agent's rules are used", name, a.name))
	}
	tool, reqs, notes := p.requests(call)
	d.Notes = append(d.Notes, notes...)
	// A tool whose permission ends in a "*" deny is not offered at all.
	if r, gone := removed(a.rules, toolPermission(tool)); gone {
		d.Outcome, d.Group = engine.Blocked, engine.GroupBlocked
		d.Step = "tool removed"
		d.Reason = fmt.Sprintf("the %s tool is not offered to the model: the last rule about it denies everything", tool)
		d.Rule = ref(r)
		return d
	}
	for _, rq := range reqs {
		var asked *rule
		for _, pat := range rq.patterns {
			r, _ := evaluate(a.rules, rq.perm, pat)
			switch r.action {
			case "deny":
				d.Outcome, d.Group = engine.Blocked, engine.GroupBlocked
				d.Step = rq.perm + " deny"
				d.Reason = fmt.Sprintf("%s %q is denied (%s)", rq.perm, pat, rq.why)
				d.Rule = ref(r)
				return d
			case "allow":
				continue
			}
			if asked == nil {
				rr := r
				asked = &rr
				d.Reason = fmt.Sprintf("%s %q asks (%s)", rq.perm, pat, rq.why)
			}
		}
		if asked != nil {
			// An ask that is answered no ends the call; later requests
			// are never made.
			d.Outcome, d.Group = engine.Asks, engine.GroupAsksRule
			d.Step = rq.perm + " ask"
			d.Rule = ref(*asked)
			return d
		}
	}
	d.Outcome, d.Group = engine.Runs, engine.GroupRuns
	d.Step = "allowed"
	if len(reqs) > 0 {
		last := reqs[len(reqs)-1]
		r, _ := evaluate(a.rules, last.perm, last.patterns[len(last.patterns)-1])
		d.Rule = ref(r)
		d.Step = last.perm + " allow"
	}
	return d
}

func ref(r rule) *engine.RuleRef {
	file := r.file
	if r.layer == LayerBuiltin {
		file = "(OpenCode " + Version + " default)"
	}
	return &engine.RuleRef{Text: agentPrefix(r.agent) + r.text(), File: file, Layer: r.layer, List: r.action, Decision: r.action}
}

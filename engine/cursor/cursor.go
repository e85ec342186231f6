// Package cursor simulates the Cursor CLI's permission decisions from its
// documented rules (the seed's Cursor section; no Cursor CLI can be run
// here, so every result is "simulated from the documented rules").
//
// Load reads ~/.cursor/cli-config.json (or $XDG_CONFIG_HOME/cursor/
// cli-config.json) and every .cursor/cli.json from the git root down to
// the project, concatenating their permissions.allow and permissions.deny
// lists. Decide then applies them: Shell(name) matches a command's first
// word (a glob), Shell(name:args) also its arguments; Read(glob) and
// Write(glob) match paths, relative patterns from the project; deny beats
// allow; reads run, shell commands and writes without an allow rule ask;
// each command of a chain is checked on its own (the seed's assumption).
package cursor

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/hooks"
	"github.com/permsim/permsim/engine/shell"
	"github.com/permsim/permsim/internal/jsonpos"
	"github.com/permsim/permsim/internal/safefile"
	"github.com/permsim/permsim/toolcall"
)

// Harness is the Cursor CLI simulator. The zero value is ready to use and
// lists hooks without running them; with Runner set and Env.RunHooks, the
// hooks are run (through the same runner and limits as Claude Code's).
type Harness struct {
	Runner *hooks.Runner
}

// The contracts this package fulfils.
var (
	_ engine.Harness = (*Harness)(nil)
	_ engine.Policy  = (*Policy)(nil)
)

// New returns the Cursor CLI simulator.
func New() *Harness { return &Harness{} }

// Name returns "cursor".
func (h *Harness) Name() string { return toolcall.Cursor }

// Layers as they appear in RuleInfo.Layer.
const (
	LayerUser    = "user"    // ~/.cursor/cli-config.json
	LayerProject = "project" // .cursor/cli.json
)

// rule is one permissions entry: Shell(...), Read(...), Write(...), or
// another tool's name.
type rule struct {
	text, list, file, layer string
	kind                    string // Shell, Read, Write, Mcp, or the raw name
	cmd, args               *regexp.Regexp
	path                    *regexp.Regexp
	abs                     bool
}

// Policy is the Cursor CLI's compiled permissions for one project.
type Policy struct {
	project, home string
	rules         []rule
	runner        *hooks.Runner
	hooks         []cursorHook
	infos         []engine.RuleInfo
	problems      engine.ProblemLog // what the loaders could not read (Problems is their text)
}

// Load reads the user and project permission files once.
func (h *Harness) Load(env engine.Env) (engine.Policy, error) {
	project, home, err := env.Folders("cursor")
	if err != nil {
		return nil, err
	}
	p := &Policy{project: project, home: home}
	if env.RunHooks {
		p.runner = h.Runner
	}
	user := filepath.Join(home, ".cursor", "cli-config.json")
	if env.ConfigDir != "" {
		user = filepath.Join(env.ConfigDir, "cli-config.json")
	}
	p.readFile(user, LayerUser)
	// Project files from the git root down to the project: deeper files
	// come later (all lists are concatenated, so order only matters for
	// the listing).
	root := p.project
	for d := p.project; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			root = d
			break
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	var dirs []string
	for d := p.project; ; d = filepath.Dir(d) {
		dirs = append([]string{d}, dirs...)
		if d == root || filepath.Dir(d) == d {
			break
		}
	}
	for _, d := range dirs {
		p.readFile(filepath.Join(d, ".cursor", "cli.json"), LayerProject)
	}
	p.loadHooks(filepath.Join(p.project, ".cursor", "hooks.json"), LayerProject)
	p.loadHooks(filepath.Join(home, ".cursor", "hooks.json"), LayerUser)
	// Claude Code's hooks, which Cursor loads by default (claudehooks.go).
	for _, f := range []string{"settings.json", "settings.local.json"} {
		p.loadClaudeHooks(filepath.Join(p.project, ".claude", f), LayerProject)
	}
	p.loadClaudeHooks(filepath.Join(home, ".claude", "settings.json"), LayerUser)
	p.infos = append(p.infos, engine.RuleInfo{Layer: "ide", List: "allow", Rule: "(the Cursor IDE's in-app command allowlist)", InForce: false,
		Why: "kept inside the Cursor app, where permsim cannot read it; commands it allows would run in the IDE without asking"})
	return p, nil
}

// readJSON reads one of Cursor's JSON files (or a Claude Code settings
// file it loads), nil when it is not there; a file that is there but
// cannot be read is a problem of the policy, and nil.
func (p *Policy) readJSON(file string) []byte {
	data, err := safefile.ReadConfig(file, safefile.JSON)
	if err != nil {
		if !os.IsNotExist(err) {
			p.problems = append(p.problems, engine.Problem{File: file, Severity: engine.SeverityWarning, Msg: fmt.Sprint(err)})
		}
		return nil
	}
	return data
}

func (p *Policy) readFile(file, layer string) {
	data := p.readJSON(file)
	if data == nil {
		return
	}
	var cfg struct {
		Permissions struct {
			Allow []any `json:"allow"`
			Deny  []any `json:"deny"`
		} `json:"permissions"`
	}
	if err := json.Unmarshal(data, &cfg); err != nil {
		p.problems = append(p.problems, engine.Problem{File: file, Severity: engine.SeverityWarning, Msg: jsonpos.WithLine(data, err)})
		return
	}
	for _, l := range []struct {
		name  string
		items []any
	}{{"deny", cfg.Permissions.Deny}, {"allow", cfg.Permissions.Allow}} {
		for _, it := range l.items {
			s, ok := it.(string)
			if !ok {
				p.problems = append(p.problems, engine.Problem{File: file, Severity: engine.SeverityWarning, Msg: fmt.Sprintf("permissions.%s: %v is not a string, skipped", l.name, it)})
				continue
			}
			r, err := p.parse(s)
			info := engine.RuleInfo{File: file, Layer: layer, List: l.name, Rule: s, InForce: err == nil}
			if err != nil {
				info.Why = err.Error()
				p.problems = append(p.problems, engine.Problem{File: file, Severity: engine.SeverityWarning, Msg: fmt.Sprintf("permissions.%s %q: %v", l.name, s, err)})
			} else {
				r.list, r.file, r.layer = l.name, file, layer
				p.rules = append(p.rules, r)
			}
			p.infos = append(p.infos, info)
		}
	}
}

var ruleForm = regexp.MustCompile(`^([A-Za-z]+)\((.*)\)$`)

// parse reads one permissions entry.
func (p *Policy) parse(s string) (rule, error) {
	r := rule{text: s}
	m := ruleForm.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		r.kind = strings.TrimSpace(s)
		switch r.kind {
		case "Shell", "Read", "Write":
			// These take a pattern: Shell(name), Read(glob), Write(glob). A
			// bare name is not a form the seed gives; it is listed as a
			// problem and left out rather than guessed (a bare Shell once
			// reached the matcher with no pattern and panicked).
			return r, fmt.Errorf("%s needs a pattern in parentheses, as in %s(…)", r.kind, r.kind)
		}
		return r, nil
	}
	r.kind = m[1]
	arg := strings.TrimSpace(m[2])
	switch r.kind {
	case "Shell":
		name, args, hasArgs := strings.Cut(arg, ":")
		r.cmd = globRegexp(strings.TrimSpace(name), false)
		if hasArgs {
			r.args = globRegexp(strings.TrimSpace(args), false)
		}
	case "Read", "Write":
		if arg == "" {
			return r, fmt.Errorf("no path pattern")
		}
		switch {
		case arg == "~" || strings.HasPrefix(arg, "~/"):
			arg = p.home + arg[1:]
		}
		r.abs = filepath.IsAbs(arg)
		r.path = globRegexp(arg, true)
	}
	return r, nil
}

// globRegexp compiles a glob: for paths, `*` stays inside one folder and
// `**` crosses folders; for commands, `*` is any text.
func globRegexp(g string, path bool) *regexp.Regexp {
	var b strings.Builder
	for i := 0; i < len(g); i++ {
		c := g[i]
		switch {
		case c == '*' && path && i+1 < len(g) && g[i+1] == '*':
			if i+2 < len(g) && g[i+2] == '/' {
				b.WriteString(`(?:.*/)?`)
				i += 2
			} else {
				b.WriteString(`.*`)
				i++
			}
		case c == '*' && path:
			b.WriteString(`[^/]*`)
		case c == '*':
			b.WriteString(`.*`)
		case c == '?' && path:
			b.WriteString(`[^/]`)
		case c == '?':
			b.WriteString(`.`)
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	return regexp.MustCompile(`(?s)^` + b.String() + `$`)
}

// Modes: the Cursor CLI has one permission mode here.
func (p *Policy) Modes() []engine.Mode { return []engine.Mode{"default"} }

// Rules lists every entry under its file, the hooks (listed, not run) and
// the IDE allowlist permsim cannot read.
func (p *Policy) Rules() []engine.RuleInfo { return append([]engine.RuleInfo(nil), p.infos...) }

// Problems lists what could not be read.
func (p *Policy) Problems() []string { return p.problems.Strings() }

// ProblemList is Problems as values (engine.ProblemLister).
func (p *Policy) ProblemList() []engine.Problem { return p.problems.List() }

// Decide applies the rules to one call.
func (p *Policy) Decide(call engine.Call, mode engine.Mode) engine.Decision {
	d := engine.Decision{Mode: "default", Label: engine.Label}
	cwd := p.project
	if call.Cwd != "" {
		cwd = call.Cwd
	}
	line := call.Command
	if line == "" {
		line, _ = call.Input["command"].(string)
	}
	kind := map[engine.Tool]string{engine.ToolBash: "Shell", engine.ToolRead: "Read", engine.ToolGlob: "Read", engine.ToolGrep: "Read",
		engine.ToolEdit: "Write", engine.ToolWrite: "Write"}[call.Tool]
	// Hooks run before the permission rules.
	hv := p.runHooks(call, kind, line, p.path(call))
	d.Notes = append(d.Notes, hv.notes...)
	if hv.outcome != "" {
		d.Outcome, d.Step = hv.outcome, hv.step
		d.Group = engine.GroupFor(hv.outcome, true)
		d.Rule = &engine.RuleRef{Text: hv.hook.event + ": " + hv.hook.handler.Command, File: hv.hook.file, Layer: "hook", List: "hook"}
		return d
	}
	switch call.Tool {
	case engine.ToolBash:
		return p.decideShell(d, line, cwd)
	case engine.ToolRead, engine.ToolGlob, engine.ToolGrep:
		return p.decidePath(d, "Read", p.path(call), cwd, engine.Runs)
	case engine.ToolEdit, engine.ToolWrite:
		return p.decidePath(d, "Write", p.path(call), cwd, engine.Asks)
	}
	name := call.RawTool
	for _, r := range p.rules {
		if r.kind == name && r.list == "deny" {
			return p.done(d, engine.Blocked, "deny rule", r, "")
		}
	}
	for _, r := range p.rules {
		if r.kind == name && r.list == "allow" {
			return p.done(d, engine.Runs, "allow rule", r, "")
		}
	}
	return p.done(d, engine.Asks, "no allow rule", rule{}, "tools other than reads ask without an allow rule (assumption)")
}

func (p *Policy) path(call engine.Call) string {
	if len(call.Paths) > 0 {
		return call.Paths[0]
	}
	for _, k := range []string{"path", "file_path", "filePath", "target_file", "targetFile"} {
		if s, ok := call.Input[k].(string); ok {
			return s
		}
	}
	return ""
}

func (p *Policy) done(d engine.Decision, o engine.Outcome, step string, r rule, note string) engine.Decision {
	d.Outcome, d.Step = o, step
	d.Group = engine.GroupFor(o, r.text != "")
	if r.text != "" {
		d.Rule = &engine.RuleRef{Text: r.text, File: r.file, Layer: r.layer, List: r.list}
	}
	if note != "" {
		d.Notes = append(d.Notes, note)
	}
	return d
}

func (p *Policy) matchPath(r rule, abs string) bool {
	if r.abs {
		return r.path.MatchString(abs)
	}
	rel, err := filepath.Rel(p.project, abs)
	if err != nil || strings.HasPrefix(rel, "..") {
		return false
	}
	return r.path.MatchString(filepath.ToSlash(rel))
}

// decidePath: deny beats allow; without either, reads run and writes ask.
func (p *Policy) decidePath(d engine.Decision, kind, path, cwd string, otherwise engine.Outcome) engine.Decision {
	abs := path
	if abs != "" && !filepath.IsAbs(abs) {
		abs = filepath.Join(cwd, abs)
	}
	abs = filepath.Clean(abs)
	for _, list := range []string{"deny", "allow"} {
		for _, r := range p.rules {
			if r.kind == kind && r.list == list && p.matchPath(r, abs) {
				if list == "deny" {
					return p.done(d, engine.Blocked, "deny rule", r, "")
				}
				return p.done(d, engine.Runs, "allow rule", r, "")
			}
		}
	}
	if otherwise == engine.Runs {
		return p.done(d, engine.Runs, "reads run", rule{}, "")
	}
	d = p.done(d, engine.Asks, "no allow rule", rule{}, "")
	d.Group = engine.GroupAsksMode
	return d
}

// decideShell checks each command of the line on its own (the seed's
// assumption): any denied command blocks the line, any command without an
// allow rule makes it ask.
func (p *Policy) decideShell(d engine.Decision, line, cwd string) engine.Decision {
	sc := shell.Parse(line)
	var cmds [][]string
	for _, c := range sc.Commands {
		words := []string{c.Name}
		if c.Name == "" {
			// A command name that is not literal: no Shell rule names it.
			words = []string{"$dynamic"}
		}
		for _, a := range c.Args {
			words = append(words, a.Raw)
		}
		cmds = append(cmds, words)
	}
	if sc.Unparseable || len(cmds) == 0 {
		d.Notes = append(d.Notes, "the command line could not be parsed; it asks (assumption)")
		d = p.done(d, engine.Asks, "no allow rule", rule{}, "")
		d.Group = engine.GroupAsksMode
		return d
	}
	var askRule *rule
	var allowed []rule
	for _, words := range cmds {
		if len(words) == 0 {
			continue
		}
		name, args := filepath.Base(words[0]), strings.Join(words[1:], " ")
		var hitAllow *rule
		for i, r := range p.rules {
			if r.kind != "Shell" || !r.cmd.MatchString(name) || (r.args != nil && !r.args.MatchString(args)) {
				continue
			}
			if r.list == "deny" {
				d = p.done(d, engine.Blocked, "deny rule", r, "each command of a chain is checked on its own (assumption)")
				return d
			}
			if hitAllow == nil {
				hitAllow = &p.rules[i]
			}
		}
		if hitAllow == nil {
			if askRule == nil {
				askRule = &rule{}
			}
		} else {
			allowed = append(allowed, *hitAllow)
		}
	}
	if askRule != nil || len(allowed) == 0 {
		d = p.done(d, engine.Asks, "no allow rule", rule{}, "shell commands without an allow rule ask")
		d.Group = engine.GroupAsksMode
		return d
	}
	return p.done(d, engine.Runs, "allow rule", allowed[len(allowed)-1], "each command of a chain is checked on its own (assumption)")
}

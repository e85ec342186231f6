package opencode

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/internal/safefile"
)

// rule is one permission rule: the permission it is about (itself a
// pattern: "bash", "*", "mcp_*"), the pattern the request's text must
// match, and the action.
type rule struct {
	perm, pattern, action string
	file, layer           string // where it was written; builtin rules have no file
	agent                 string // the agent block it came from, "" for the config's `permission`
}

func (r rule) text() string {
	if r.pattern == "*" && r.layer != LayerBuiltin {
		return fmt.Sprintf("%q: %q", r.perm, r.action)
	}
	return fmt.Sprintf("%s %q: %q", r.perm, r.pattern, r.action)
}

// agent is one OpenCode agent: its name, mode (primary, subagent, all) and
// rules in evaluation order.
type agent struct {
	name, mode string
	hidden     bool
	rules      []rule
}

// Policy is OpenCode's compiled configuration for one project.
type Policy struct {
	project, worktree, home, data string
	agents                        map[string]*agent
	order                         []string // agent names, primaries first
	defaultAgent                  string
	flagAgent                     string
	configRules                   []rule // the config's own rules (permission and agent blocks), for Rules
	infos                         []engine.RuleInfo
	problems                      engine.ProblemLog // what the loaders could not read (Problems is their text)
	read                          []string          // the config files read, in order (SettingsFiles)
}

// source is one config file read, with its layer.
type source struct {
	file, layer string
}

// leaf values remember where they were written, so each rule can name its
// file after the merge.
func stamp(v value, src int, srcs map[*string]int) {
	if v.str != nil {
		srcs[v.str] = src
	}
	for _, m := range v.obj {
		stamp(m.val, src, srcs)
	}
}

func load(env engine.Env) (*Policy, error) {
	proj, home, err := env.Folders("opencode")
	if err != nil {
		return nil, err
	}
	p := &Policy{project: proj, home: home, agents: map[string]*agent{}, flagAgent: env.Flags[FlagAgent]}
	p.worktree = Worktree(proj)
	p.data = filepath.Join(home, ".local", "share", "opencode")
	configDir := env.ConfigDirOr(filepath.Join(home, ".config", "opencode"))
	getenv := func(string) string { return "" }

	var sources []source
	srcOf := map[*string]int{}
	merged := value{isOb: true}
	add := func(file, layer string) {
		v, ok, err := readConfigFile(file, getenv)
		if err != nil {
			p.problems = append(p.problems, engine.ParseProblem(err.Error()))
			return
		}
		if !ok {
			return
		}
		p.read = append(p.read, file)
		sources = append(sources, source{file, layer})
		stamp(v, len(sources)-1, srcOf)
		merged = mergeDeep(merged, v)
	}
	addText := func(text, name, layer string) {
		v, err := parseJSONC([]byte(text))
		if err != nil || !v.isOb {
			p.problems = append(p.problems, engine.Problem{File: name, Severity: engine.SeverityWarning, Msg: fmt.Sprintf("not a JSON object: %v", err)})
			return
		}
		sources = append(sources, source{name, layer})
		stamp(v, len(sources)-1, srcOf)
		merged = mergeDeep(merged, v)
	}

	// 1. Global config: config.json, opencode.json, opencode.jsonc.
	for _, n := range []string{"config.json", "opencode.json", "opencode.jsonc"} {
		add(filepath.Join(configDir, n), LayerGlobal)
	}
	// 2. OPENCODE_CONFIG.
	if f := env.Flags[FlagConfig]; f != "" {
		if !filepath.IsAbs(f) {
			f = filepath.Join(proj, f)
		}
		add(f, LayerCustom)
	}
	projectOn := env.Flags[FlagDisableProjectConfig] != "true"
	// 3. Project files from the worktree root down to the project, and in
	// one folder opencode.json before opencode.jsonc (OpenCode finds them
	// nearest first and reverses the list).
	var dotDirs []string
	if projectOn {
		ups := upDirs(proj, p.worktree)
		for i := len(ups) - 1; i >= 0; i-- {
			add(filepath.Join(ups[i], "opencode.json"), LayerProject)
			add(filepath.Join(ups[i], "opencode.jsonc"), LayerProject)
		}
		for _, d := range ups {
			if isDir(filepath.Join(d, ".opencode")) {
				dotDirs = append(dotDirs, filepath.Join(d, ".opencode"))
			}
		}
	}
	if hd := filepath.Join(home, ".opencode"); isDir(hd) && !contains(dotDirs, hd) {
		dotDirs = append(dotDirs, hd)
	}
	if d := env.Flags[FlagConfigDir]; d != "" && !contains(dotDirs, d) {
		dotDirs = append(dotDirs, d)
	}
	// 4. Each .opencode folder's opencode.json(c), nearest first.
	for _, d := range dotDirs {
		add(filepath.Join(d, "opencode.json"), LayerDotDir)
		add(filepath.Join(d, "opencode.jsonc"), LayerDotDir)
	}
	// 5. OPENCODE_CONFIG_CONTENT.
	if t := env.Flags[FlagConfigContent]; t != "" {
		addText(t, "OPENCODE_CONFIG_CONTENT", LayerInline)
	}
	// 6. Managed config.
	if env.ManagedDir != "" {
		add(filepath.Join(env.ManagedDir, "opencode.json"), LayerManaged)
		add(filepath.Join(env.ManagedDir, "opencode.jsonc"), LayerManaged)
	}
	// modes are agents with mode primary.
	if modes, ok := merged.get("mode"); ok && modes.isOb {
		agents, _ := merged.get("agent")
		for _, m := range modes.obj {
			a := mergeDeep(value{isOb: true}, m.val)
			pm := "primary"
			a = mergeDeep(a, value{isOb: true, obj: []member{{"mode", value{str: &pm}}}})
			agents = mergeDeep(agents, value{isOb: true, obj: []member{{m.key, a}}})
		}
		merged = setKey(merged, "agent", agents)
	}
	perm, _ := merged.get("permission")
	switch {
	case perm.str != nil:
		// "permission": "allow" means {"*": "allow"}.
		perm = value{isOb: true, obj: []member{{"*", perm}}}
	case !perm.isOb:
		perm = value{isOb: true}
	}
	// 7. OPENCODE_PERMISSION.
	if t := env.Flags[FlagPermission]; t != "" {
		v, err := parseJSONC([]byte(t))
		if err != nil || !v.isOb {
			p.problems = append(p.problems, engine.Problem{Severity: engine.SeverityWarning, Msg: fmt.Sprintf("OPENCODE_PERMISSION: not a JSON object, skipped (as OpenCode does): %v", err)})
		} else {
			sources = append(sources, source{"OPENCODE_PERMISSION", LayerEnv})
			stamp(v, len(sources)-1, srcOf)
			perm = mergeDeep(perm, v)
		}
	}
	// The older `tools` switches become rules placed before `permission`.
	if tools, ok := merged.get("tools"); ok && tools.isOb {
		legacy := value{isOb: true}
		for _, m := range tools.obj {
			act := "deny"
			if string(m.val.raw) == "true" {
				act = "allow"
			}
			key := m.key
			if key == "write" || key == "edit" || key == "patch" {
				key = "edit"
			}
			a := act
			legacy = mergeDeep(legacy, value{isOb: true, obj: []member{{key, value{str: &a}}}})
			srcOf[&a] = -2
		}
		perm = mergeDeep(legacy, perm)
	}
	srcName := func(s *string) (string, string) {
		i, ok := srcOf[s]
		switch {
		case !ok:
			return "", LayerBuiltin
		case i == -2:
			return "tools", "tools"
		}
		return sources[i].file, sources[i].layer
	}
	userRules := p.fromConfig(perm, srcName, "")
	p.configRules = append(p.configRules, userRules...)

	if da, ok := merged.get("default_agent"); ok && da.str != nil {
		p.defaultAgent = *da.str
	}
	p.buildAgents(userRules, merged, srcName)
	for _, r := range p.configRules {
		p.infos = append(p.infos, engine.RuleInfo{File: r.file, Layer: r.layer, List: r.action, Rule: agentPrefix(r.agent) + r.text(), InForce: true})
	}
	p.flagCancelledDenies()
	p.listPlugins(merged, configDir, dotDirs, srcName)
	if p.defaultAgent != "" {
		if a := p.agents[p.defaultAgent]; a == nil {
			p.problems = append(p.problems, engine.Problem{Severity: engine.SeverityError, Msg: fmt.Sprintf("default_agent %q: no such agent (OpenCode refuses to start)", p.defaultAgent)})
			p.defaultAgent = ""
		}
	}
	return p, nil
}

func agentPrefix(a string) string {
	if a == "" {
		return ""
	}
	return "agent " + a + ": "
}

func setKey(v value, key string, val value) value {
	out := value{isOb: true, obj: append([]member(nil), v.obj...)}
	for i := range out.obj {
		if out.obj[i].key == key {
			out.obj[i].val = val
			return out
		}
	}
	out.obj = append(out.obj, member{key, val})
	return out
}

// fromConfig turns a `permission` object into rules in OpenCode's order:
// the object's keys as JavaScript enumerates them, a string value being the
// pattern "*", an object's patterns in their order, "~/" expanded.
func (p *Policy) fromConfig(perm value, srcName func(*string) (string, string), agentName string) []rule {
	var out []rule
	for _, m := range jsKeyOrder(perm.obj) {
		if m.val.str != nil {
			f, l := srcName(m.val.str)
			if !validAction(*m.val.str) {
				p.problems = append(p.problems, engine.Problem{File: f, Severity: engine.SeverityError, Msg: fmt.Sprintf("permission %q: %q is not allow, ask or deny (OpenCode rejects the config)", m.key, *m.val.str)})
				continue
			}
			out = append(out, rule{perm: m.key, pattern: "*", action: *m.val.str, file: f, layer: l, agent: agentName})
			continue
		}
		if !m.val.isOb {
			p.problems = append(p.problems, engine.Problem{Severity: engine.SeverityWarning, Msg: fmt.Sprintf("permission %q: not a string or object, skipped", m.key)})
			continue
		}
		if actionOnly[m.key] {
			// Recorded: OpenCode 1.18.33 says "Configuration is invalid …
			// Expected PermissionActionConfig" and does not start.
			p.problems = append(p.problems, engine.Problem{Severity: engine.SeverityError, Msg: fmt.Sprintf("permission %q takes only \"allow\", \"ask\" or \"deny\" in OpenCode %s, not patterns: OpenCode refuses to start with this config", m.key, Version)})
		}
		for _, pm := range jsKeyOrder(m.val.obj) {
			if pm.val.str == nil {
				p.problems = append(p.problems, engine.Problem{Severity: engine.SeverityWarning, Msg: fmt.Sprintf("permission %q %q: not a string, skipped", m.key, pm.key)})
				continue
			}
			f, l := srcName(pm.val.str)
			if !validAction(*pm.val.str) {
				p.problems = append(p.problems, engine.Problem{File: f, Severity: engine.SeverityError, Msg: fmt.Sprintf("permission %q %q: %q is not allow, ask or deny (OpenCode rejects the config)", m.key, pm.key, *pm.val.str)})
				continue
			}
			out = append(out, rule{perm: m.key, pattern: p.expandHome(pm.key), action: *pm.val.str, file: f, layer: l, agent: agentName})
		}
	}
	return out
}

// actionOnly are the permissions OpenCode 1.18.33's config schema allows
// only one action for, not a pattern object.
var actionOnly = map[string]bool{"todowrite": true, "question": true, "webfetch": true, "websearch": true, "doom_loop": true}

func validAction(a string) bool { return a == "allow" || a == "ask" || a == "deny" }

func (p *Policy) expandHome(s string) string {
	switch {
	case s == "~":
		return p.home
	case strings.HasPrefix(s, "~/"):
		return p.home + s[1:]
	case strings.HasPrefix(s, "$HOME"):
		return p.home + s[5:]
	}
	return s
}

// builtin makes builtin rules from (permission, pattern, action) triples.
func builtin(triples ...string) []rule {
	var out []rule
	for i := 0; i+2 < len(triples); i += 3 {
		out = append(out, rule{perm: triples[i], pattern: triples[i+1], action: triples[i+2], layer: LayerBuiltin})
	}
	return out
}

// buildAgents builds every agent's rule list as OpenCode 1.18.33's agent
// service does.
func (p *Policy) buildAgents(user []rule, merged value, srcName func(*string) (string, string)) {
	toolOut := filepath.Join(p.data, "tool-output", "*")
	tmp := filepath.Join(os.TempDir(), "opencode", "*")
	defaults := builtin(
		"*", "*", "allow",
		"doom_loop", "*", "ask",
		"external_directory", "*", "ask",
		"external_directory", toolOut, "allow",
		"external_directory", tmp, "allow",
		"question", "*", "deny",
		"plan_enter", "*", "deny",
		"plan_exit", "*", "deny",
		"read", "*", "allow",
		"read", "*.env", "ask",
		"read", "*.env.*", "ask",
		"read", "*.env.example", "allow",
	)
	cat := func(parts ...[]rule) []rule {
		var out []rule
		for _, x := range parts {
			out = append(out, x...)
		}
		return out
	}
	relPlans, _ := filepath.Rel(p.worktree, filepath.Join(p.data, "plans", "*.md"))
	p.agents["build"] = &agent{name: "build", mode: "primary", rules: cat(defaults, builtin("question", "*", "allow", "plan_enter", "*", "allow"), user)}
	p.agents["plan"] = &agent{name: "plan", mode: "primary", rules: cat(defaults, builtin(
		"question", "*", "allow",
		"plan_exit", "*", "allow",
		"task", "general", "deny",
		"external_directory", filepath.Join(p.data, "plans", "*"), "allow",
		"edit", "*", "deny",
		"edit", filepath.Join(".opencode", "plans", "*.md"), "allow",
		"edit", relPlans, "allow",
	), user)}
	p.agents["general"] = &agent{name: "general", mode: "subagent", rules: cat(defaults, builtin("todowrite", "*", "deny"), user)}
	p.agents["explore"] = &agent{name: "explore", mode: "subagent", rules: cat(defaults, builtin(
		"*", "*", "deny", "grep", "*", "allow", "glob", "*", "allow", "list", "*", "allow", "bash", "*", "allow",
		"webfetch", "*", "allow", "websearch", "*", "allow", "read", "*", "allow",
		"external_directory", "*", "ask", "external_directory", toolOut, "allow", "external_directory", tmp, "allow"), user)}
	for _, n := range []string{"compaction", "title", "summary"} {
		p.agents[n] = &agent{name: n, mode: "primary", hidden: true, rules: cat(defaults, builtin("*", "*", "deny"), user)}
	}
	p.order = []string{"build", "plan", "general", "explore"}
	if agents, ok := merged.get("agent"); ok && agents.isOb {
		for _, m := range agents.obj {
			if !m.val.isOb {
				continue
			}
			if d, ok := m.val.get("disable"); ok && string(d.raw) == "true" {
				delete(p.agents, m.key)
				p.order = remove(p.order, m.key)
				continue
			}
			a := p.agents[m.key]
			if a == nil {
				a = &agent{name: m.key, mode: "all", rules: cat(defaults, user)}
				p.agents[m.key] = a
				p.order = append(p.order, m.key)
			}
			if md, ok := m.val.get("mode"); ok && md.str != nil {
				a.mode = *md.str
			}
			if h, ok := m.val.get("hidden"); ok {
				a.hidden = string(h.raw) == "true"
			}
			if perm, ok := m.val.get("permission"); ok {
				if perm.str != nil {
					perm = value{isOb: true, obj: []member{{"*", perm}}}
				}
				own := p.fromConfig(perm, srcName, m.key)
				p.configRules = append(p.configRules, own...)
				a.rules = append(a.rules, own...)
			}
		}
	}
	// Every agent may read OpenCode's own tool-output folder unless a
	// rule denies exactly that.
	for _, a := range p.agents {
		denied := false
		for _, r := range a.rules {
			if r.perm == "external_directory" && r.action == "deny" && r.pattern == toolOut {
				denied = true
			}
		}
		if !denied {
			a.rules = append(a.rules, rule{perm: "external_directory", pattern: toolOut, action: "allow", layer: LayerBuiltin})
		}
	}
}

func remove(list []string, s string) []string {
	var out []string
	for _, x := range list {
		if x != s {
			out = append(out, x)
		}
	}
	return out
}

// flagCancelledDenies marks each configured deny that a later catch-all
// "*" rule for the same permission cancels (the last matching pattern
// wins), as the seed asks the tester to flag.
func (p *Policy) flagCancelledDenies() {
	for i, r := range p.configRules {
		if r.action != "deny" {
			continue
		}
		for _, later := range p.configRules[i+1:] {
			if later.agent != r.agent && later.agent != "" {
				continue
			}
			if later.pattern == "*" && later.action != "deny" && match(r.perm, later.perm) {
				p.infos[i].InForce = false
				p.infos[i].Why = fmt.Sprintf("cancelled: %s, listed after it in %s, matches everything this deny matches, and the last matching pattern wins", later.text(), orBuiltin(later.file))
				break
			}
		}
	}
}

func orBuiltin(f string) string {
	if f == "" {
		return "the built-in rules"
	}
	return f
}

// listPlugins lists plugin files and the config's `plugin` entries: code
// that can change any decision, which permsim never runs.
func (p *Policy) listPlugins(merged value, configDir string, dotDirs []string, srcName func(*string) (string, string)) {
	for _, d := range append([]string{configDir}, dotDirs...) {
		for _, sub := range []string{"plugin", "plugins"} {
			ents, err := safefile.ReadDir(filepath.Join(d, sub))
			if err != nil {
				continue
			}
			for _, e := range ents {
				ext := filepath.Ext(e.Name())
				if e.IsDir() || (ext != ".js" && ext != ".ts" && ext != ".mjs" && ext != ".mts" && ext != ".cjs") {
					continue
				}
				p.infos = append(p.infos, engine.RuleInfo{File: filepath.Join(d, sub, e.Name()), Layer: "plugin", List: "plugin", Rule: e.Name(), InForce: false,
					Why: "a JavaScript/TypeScript plugin: listed, never run by permsim; its hooks can change any decision"})
			}
		}
	}
	if pl, ok := merged.get("plugin"); ok && len(pl.raw) > 0 {
		var names []string
		_ = json.Unmarshal(pl.raw, &names)
		for _, n := range names {
			p.infos = append(p.infos, engine.RuleInfo{File: "opencode.json", Layer: "plugin", List: "plugin", Rule: n, InForce: false,
				Why: "an npm plugin named in the config: listed, never run by permsim"})
		}
	}
	for _, d := range append([]string{configDir}, dotDirs...) {
		for _, sub := range []string{"agent", "agents", "mode", "modes"} {
			ents, _ := safefile.ReadDir(filepath.Join(d, sub))
			for _, e := range ents {
				if strings.HasSuffix(e.Name(), ".md") {
					p.infos = append(p.infos, engine.RuleInfo{File: filepath.Join(d, sub, e.Name()), Layer: LayerDotDir, List: "agent", Rule: strings.TrimSuffix(e.Name(), ".md"), InForce: false,
						Why: "an agent defined in Markdown: its front matter's permission block is not read by permsim"})
				}
			}
		}
	}
}

// Modes lists the agents a user can pick (primary or all, not hidden),
// the default first.
func (p *Policy) Modes() []engine.Mode {
	def := p.defaultName()
	out := []engine.Mode{engine.Mode(def)}
	for _, n := range p.order {
		a := p.agents[n]
		if a == nil || n == def || a.mode == "subagent" || a.hidden {
			continue
		}
		out = append(out, engine.Mode(n))
	}
	return out
}

func (p *Policy) defaultName() string {
	if p.flagAgent != "" {
		return p.flagAgent
	}
	if p.defaultAgent != "" {
		return p.defaultAgent
	}
	return "build"
}

// fallbackAgent is the agent whose rules apply when the one asked for is
// not in the configuration. OpenCode 1.18.33 says `agent "X" not found.
// Falling back to default agent` (testdata/opencode/realconfigs): the
// configuration's default_agent, else build; when build is disabled too
// (rnovatorov/dotfiles disables it), the first visible primary agent by name, else
// any agent, else one with the built-in defaults only.
func (p *Policy) fallbackAgent() *agent {
	if a := p.agents[p.defaultAgent]; a != nil && p.defaultAgent != "" {
		return a
	}
	if a := p.agents["build"]; a != nil {
		return a
	}
	names := make([]string, 0, len(p.agents))
	for n := range p.agents {
		names = append(names, n)
	}
	sort.Strings(names)
	// Hidden agents (OpenCode's own compaction, title and summary) are
	// never the default: with build and plan disabled and no default_agent,
	// OpenCode 1.18.33 ran calls under the one visible primary agent
	// (testdata/opencode/realconfigs/coverage, ro-parse-fallback).
	for _, n := range names {
		if a := p.agents[n]; a.mode != "subagent" && !a.hidden {
			return a
		}
	}
	if len(names) > 0 {
		return p.agents[names[0]]
	}
	return &agent{name: "build", mode: "primary"}
}

// Rules lists every configured rule under its file, plugins and Markdown
// agents, and the built-in defaults.
func (p *Policy) Rules() []engine.RuleInfo {
	out := append([]engine.RuleInfo(nil), p.infos...)
	base := p.agents["build"]
	if base == nil {
		base = p.fallbackAgent()
	}
	for _, r := range base.rules {
		if r.layer == LayerBuiltin {
			out = append(out, engine.RuleInfo{File: "", Layer: LayerBuiltin, List: r.action, Rule: r.text(), InForce: true, Why: "OpenCode " + Version + " default (build agent)"})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Layer != LayerBuiltin && out[j].Layer == LayerBuiltin })
	return out
}

// Problems lists what could not be read.
func (p *Policy) Problems() []string { return p.problems.Strings() }

// SettingsFiles lists the config files Load read (engine.SettingsFiler),
// whether they hold permission rules or only pick an agent
// (default_agent) or set an agent's own settings: a central replay decides
// a pulled host's calls against a snapshot of these (docs/scale.md).
func (p *Policy) SettingsFiles() []string { return engine.AbsFiles(p.read) }

// ProblemList is Problems as values (engine.ProblemLister).
func (p *Policy) ProblemList() []engine.Problem { return p.problems.List() }

// Worktree is OpenCode's worktree for a project folder dir: the folder
// holding .git above it, or "/" outside git. Read and edit patterns match
// paths relative to it.
func Worktree(dir string) string {
	for d := dir; ; {
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "/"
		}
		d = parent
	}
}

// upDirs lists dir and its parents up to stop (included), nearest first.
func upDirs(dir, stop string) []string {
	var out []string
	for d := dir; ; {
		out = append(out, d)
		if d == stop {
			return out
		}
		parent := filepath.Dir(d)
		if parent == d {
			return out
		}
		d = parent
	}
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

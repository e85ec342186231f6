package claude

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/links"
	"github.com/permsim/permsim/engine/shell"
	"github.com/permsim/permsim/internal/boundcache"
)

// Policy is Claude Code's compiled rules for one project. It is immutable
// after Load and safe for concurrent use.
type Policy struct {
	project string
	home    string
	userDir string // the user settings folder (~/.claude or $CLAUDE_CONFIG_DIR)

	files    []*settingsFile
	infos    []engine.RuleInfo
	ruleOf   []*rule // the compiled rule behind each of infos
	problems engine.ProblemLog
	// coverChecks counts the rule comparisons and index lookups
	// markShadowed made: the work its test measures instead of time.
	coverChecks int

	deny, ask, allow []*rule // rules in force, in file order
	untrusted        []*rule // project and local allow rules an untrusted project loses

	trusted  bool
	trustWhy string

	workDirs []string // the project first, then the extra working folders
	// links resolves the symbolic links on the paths calls name, keeping
	// how each folder resolved (nil: none kept).
	links *links.Cache

	base          modeInfo // the mode the settings and flags select
	headless      bool
	disableBypass bool
	disableAuto   bool
	autoInPlan    bool // useAutoModeDuringPlan
	blockReads    bool // blockReadsOutsideWorkingDirectories
	sandbox       sandboxPolicy

	hooks       HookRunner
	runHooks    bool // Env.RunHooks: hooks is consulted
	hookSources []HookSource
	hookEntries []hookEntry // PreToolUse (matcher, handler) pairs in force, in file order

	scripts boundcache.Map // command line → *shell.Script, bounded: a replay meets millions of lines

	mcp *mcpServers // the project's .mcp.json servers and their approval (mcpservers.go); nil: none
}

// modeInfo is a resolved mode and where it came from (engine.ModeInfo).
type modeInfo = engine.ModeInfo

// Mode names.
const (
	modeDefault = engine.Mode("default")
	modeAccept  = engine.Mode("acceptEdits")
	modePlan    = engine.Mode("plan")
	modeDontAsk = engine.Mode("dontAsk")
	modeBypass  = engine.Mode("bypassPermissions")
	modeAuto    = engine.Mode("auto")
)

// Labels for a mode nobody chose.
const (
	labelBuiltinAuto     = "built-in default on 2.1.283+"
	labelBuiltinHeadless = "built-in default of claude -p and the Agent SDK"
	labelBuiltinNoAuto   = "built-in default (disableAutoMode)"
)

// normalizeMode spells a mode the way the simulator uses it: manual is
// default, and --dangerously-skip-permissions is bypassPermissions.
func normalizeMode(s string) (engine.Mode, bool) {
	switch s {
	case "default", "manual":
		return modeDefault, true
	case "acceptEdits", "plan", "dontAsk", "bypassPermissions", "auto":
		return engine.Mode(s), true
	case "dangerously-skip-permissions", "--dangerously-skip-permissions":
		return modeBypass, true
	}
	return "", false
}

func (h *Harness) load(env engine.Env) (*Policy, error) {
	project, home, err := env.Folders("claude")
	if err != nil {
		return nil, err
	}
	p := &Policy{project: project, home: home, hooks: NoHooks{}, autoInPlan: true, links: links.New()}
	if env.RunHooks {
		p.runHooks = true
		p.hooks = h.Hooks
		if p.hooks == nil {
			p.hooks = NewCommandHooks(nil)
		}
	}
	p.userDir = env.ConfigDirOr(filepath.Join(p.home, ".claude"))
	p.headless = env.Flags[FlagHeadless] == "true"

	managed := env.ManagedDirOr(defaultManagedDir())
	var srcs []source
	srcs = append(srcs, managedSources(managed)...)
	cliAt := len(srcs)
	srcs = append(srcs, projectSources(project)...)
	srcs = append(srcs, source{filepath.Join(p.userDir, "settings.json"), LayerUser, p.userDir})

	var files []*settingsFile
	for i, s := range srcs {
		if i == cliAt {
			files = append(files, p.cliFiles(env)...)
		}
		sf, probs := readSettingsFile(s.path, s.layer, s.root)
		p.problems = append(p.problems, probs...)
		if sf != nil {
			files = append(files, sf)
		}
	}
	for i, f := range files {
		f.order = i
		if len(f.hooks) > 0 {
			p.hookSources = append(p.hookSources, HookSource{File: f.path, Layer: f.layer, Hooks: f.hooks})
		}
	}
	p.files = files

	p.resolveTrust(env)
	p.compileRules()
	p.markShadowed()
	p.loadHooks()
	p.resolveSingles()
	p.resolveSandbox()
	p.base = p.baseMode(env)
	p.resolveWorkDirs(env, h.dirExists)
	p.loadMCPServers(p.userDir)
	return p, nil
}

// cliFiles turns --settings, --allowedTools and --disallowedTools into
// settings sources of the cli layer.
func (p *Policy) cliFiles(env engine.Env) []*settingsFile {
	var out []*settingsFile
	if v := strings.TrimSpace(env.Flags[FlagSettings]); v != "" {
		var sf *settingsFile
		var probs engine.ProblemLog
		if strings.HasPrefix(v, "{") {
			sf, probs = parseSettings([]byte(v), "--settings", LayerCLI, p.project)
		} else {
			path := v
			if !filepath.IsAbs(path) {
				path = filepath.Join(p.project, path)
			}
			sf, probs = readSettingsFile(path, LayerCLI, p.project)
			if sf == nil && len(probs) == 0 {
				probs = engine.ProblemLog{engine.Warnf("", 0, "--settings %s: no such file", v)}
			}
		}
		p.problems = append(p.problems, probs...)
		if sf != nil {
			out = append(out, sf)
		}
	}
	for _, f := range []struct{ flag, list string }{{FlagAllowedTools, "allow"}, {FlagDisallowedTools, "deny"}} {
		v := env.Flags[f.flag]
		if v == "" {
			continue
		}
		sf := &settingsFile{path: "--" + f.flag, layer: LayerCLI, root: p.project, lists: map[string][]ruleSource{}}
		for _, t := range splitList(v) {
			sf.lists[f.list] = append(sf.lists[f.list], ruleSource{text: t})
		}
		out = append(out, sf)
	}
	return out
}

// resolveTrust decides whether the project's trust question was answered:
// Env.Trust when given, else Claude Code's own record, else the seed's
// assumption that it was.
func (p *Policy) resolveTrust(env engine.Env) {
	switch trusted, found, file := trustRecord(env.ConfigDir, p.home, p.project); {
	case env.Trust != nil:
		p.trusted, p.trustWhy = *env.Trust, "--trust"
	case found:
		p.trusted, p.trustWhy = trusted, file
	default:
		p.trusted, p.trustWhy = true, "no trust record; assumed accepted"
	}
}

// compileRules compiles every rule of every file, decides which are in
// force, and records a RuleInfo for each.
func (p *Policy) compileRules() {
	managedOnly := false
	for _, f := range p.files {
		if f.layer == LayerManaged && f.managedOnly {
			managedOnly = true
		}
	}
	for _, f := range p.files {
		for _, list := range ruleLists {
			for _, src := range f.lists[list] {
				r, why, problem := compileRule(src, list, f)
				if problem != "" {
					p.problems.Add(f.path, src.line, "%s rule %q: %s", list, src.text, problem)
				}
				untrusted := false
				switch {
				case why != "":
				case managedOnly && f.layer != LayerManaged:
					why = "allowManagedPermissionRulesOnly: only managed rules apply"
				case !p.trusted && list == "allow" && (f.layer == LayerProject || f.layer == LayerLocal):
					why = "project not trusted: Claude Code ignores project and local allow rules until the trust dialog is accepted"
					untrusted = true
				}
				note := why
				if note == "" {
					note = r.note
				}
				p.infos = append(p.infos, engine.RuleInfo{File: f.path, Layer: f.layer, List: list, Rule: src.text, InForce: why == "", Why: note})
				p.ruleOf = append(p.ruleOf, r)
				if untrusted {
					p.untrusted = append(p.untrusted, r)
				}
				if why != "" {
					continue
				}
				switch list {
				case "deny":
					p.deny = append(p.deny, r)
				case "ask":
					p.ask = append(p.ask, r)
				default:
					p.allow = append(p.allow, r)
				}
			}
		}
	}
}

// priority lists the settings files highest first for single values:
// managed (drop-ins before the base file), --settings, local, project, user.
func (p *Policy) priority() []*settingsFile {
	var out []*settingsFile
	for _, layer := range []string{LayerManaged, LayerCLI, LayerLocal, LayerProject, LayerUser} {
		var in []*settingsFile
		for _, f := range p.files {
			if f.layer == layer {
				in = append(in, f)
			}
		}
		if layer == LayerManaged {
			for i, j := 0, len(in)-1; i < j; i, j = i+1, j-1 {
				in[i], in[j] = in[j], in[i]
			}
		}
		out = append(out, in...)
	}
	return out
}

// resolveSingles reads the single-valued settings: the disable switches
// count in any layer, useAutoModeDuringPlan comes from the highest of the
// user, local and managed layers that sets it.
func (p *Policy) resolveSingles() {
	autoSet := false
	for _, f := range p.priority() {
		p.disableBypass = p.disableBypass || f.disableBypass
		p.disableAuto = p.disableAuto || f.disableAuto
		if f.blockReads != nil && *f.blockReads {
			p.blockReads = true
		}
		if f.autoInPlan != nil && !autoSet && f.layer != LayerProject {
			p.autoInPlan, autoSet = *f.autoInPlan, true
		}
	}
}

// baseMode resolves the mode a session starts in: --permission-mode (or
// --dangerously-skip-permissions), else the highest defaultMode, else the
// built-in default.
func (p *Policy) baseMode(env engine.Env) modeInfo {
	if env.Flags[FlagSkipPermissions] == "true" {
		return p.gate(modeInfo{Mode: modeBypass, Label: "--dangerously-skip-permissions"})
	}
	if v := env.Flags[FlagMode]; v != "" {
		if m, ok := normalizeMode(v); ok {
			return p.gate(modeInfo{Mode: m, Label: "--permission-mode"})
		}
		p.problems.Add("", 0, "--permission-mode %q: unknown mode; ignored", v)
	}
	for _, f := range p.priority() {
		if !f.hasDefaultMode {
			continue
		}
		m, ok := normalizeMode(f.defaultMode)
		if !ok {
			p.problems.Add(f.path, 0, "defaultMode %q: unknown mode; ignored", f.defaultMode)
			continue
		}
		inRepo := f.layer == LayerProject || f.layer == LayerLocal
		switch {
		case inRepo && m == modeAuto:
			mi := p.builtin()
			mi.Notes = append(mi.Notes, fmt.Sprintf("defaultMode auto in %s settings does not take effect", f.layer))
			return p.gate(mi)
		case inRepo && m == modeBypass:
			return modeInfo{Mode: modeDefault, Label: "settings", Notes: []string{
				fmt.Sprintf("defaultMode bypassPermissions in %s settings starts Manual mode", f.layer)}}
		}
		return p.gate(modeInfo{Mode: m, Label: "settings"})
	}
	return p.gate(p.builtin())
}

// builtin is the mode a session starts in when nothing sets one.
func (p *Policy) builtin() modeInfo {
	switch {
	case p.disableAuto:
		return modeInfo{Mode: modeDefault, Label: labelBuiltinNoAuto}
	case p.headless:
		return modeInfo{Mode: modeDefault, Label: labelBuiltinHeadless}
	}
	return modeInfo{Mode: modeAuto, Label: labelBuiltinAuto}
}

// gate applies disableBypassPermissionsMode and disableAutoMode.
func (p *Policy) gate(mi modeInfo) modeInfo {
	switch {
	case mi.Mode == modeBypass && p.disableBypass:
		mi.Mode = modeDefault
		mi = mi.WithNote("bypassPermissions is turned off (disableBypassPermissionsMode); Manual mode simulated")
	case mi.Mode == modeAuto && p.disableAuto:
		mi.Mode = modeDefault
		mi = mi.WithNote("auto mode is turned off (disableAutoMode); Manual mode simulated")
	}
	return mi
}

// resolveMode is the mode one call is decided in: the requested mode
// replaces the settings' one.
func (p *Policy) resolveMode(req engine.Mode) modeInfo {
	return engine.ResolveMode(req, p.base, normalizeMode, p.gate)
}

// resolveWorkDirs collects the working folders: the project, then
// additionalDirectories from every layer and --add-dir. A folder that does
// not exist is dropped, as Claude Code drops it at start.
func (p *Policy) resolveWorkDirs(env engine.Env, exists func(string) bool) {
	if exists == nil {
		exists = func(d string) bool {
			st, err := os.Stat(d)
			return err == nil && st.IsDir()
		}
	}
	p.workDirs = []string{p.project}
	add := func(d, from string) {
		abs := shell.Resolve(d, p.project, p.home)
		if !exists(abs) {
			p.problems.Add(from, 0, "additional working folder %s does not exist; Claude Code ignores it", d)
			return
		}
		for _, w := range p.workDirs {
			if w == abs {
				return
			}
		}
		p.workDirs = append(p.workDirs, abs)
	}
	for _, f := range p.files {
		if !p.trusted && (f.layer == LayerProject || f.layer == LayerLocal) && len(f.addDirs) > 0 {
			// Recorded with real Claude Code 2.1.328: in an untrusted
			// project, a Read of a file in a folder the project or local
			// settings add asked in default and acceptEdits mode
			// (testdata/claude/generated g1-019, holdout7723 g7723-007),
			// like a Read outside the working folders.
			p.problems.Add(f.path, 0, "additionalDirectories is ignored: the project is not trusted")
			continue
		}
		for _, d := range f.addDirs {
			add(d, f.path)
		}
	}
	for _, d := range splitLines(env.Flags[FlagAddDir]) {
		add(d, "--add-dir")
	}
}

// Rules lists every rule under its file, in force or not, and why.
func (p *Policy) Rules() []engine.RuleInfo { return append([]engine.RuleInfo(nil), p.infos...) }

// SettingsFiles lists the settings files Load read (engine.SettingsFiler),
// whether they hold rules or only a mode; --settings and the CLI lists are
// not files of the machine and are left out.
func (p *Policy) SettingsFiles() []string {
	var out []string
	for _, f := range p.files {
		if filepath.IsAbs(f.path) {
			out = append(out, f.path)
		}
	}
	if p.mcp != nil {
		out = append(out, p.mcp.file)
	}
	return out
}

// Problems lists what could not be read, as file:line: message, in file
// order.
func (p *Policy) Problems() []string { return p.problems.Strings() }

// ProblemList is Problems as values, as the loaders wrote them
// (engine.ProblemLister).
func (p *Policy) ProblemList() []engine.Problem { return p.problems.List() }

// Modes lists the settings' own mode first; when that is the built-in
// auto default it adds Manual mode, which `claude -p`, the Agent SDK and
// older versions start in.
func (p *Policy) Modes() []engine.Mode {
	out := []engine.Mode{p.base.Mode}
	if p.base.Label == labelBuiltinAuto {
		out = append(out, modeDefault)
	}
	return out
}

// ModeLabel says where the settings' own mode comes from.
func (p *Policy) ModeLabel() string { return p.base.Label }

// Trusted reports whether the project's allow rules apply, and why.
func (p *Policy) Trusted() (bool, string) { return p.trusted, p.trustWhy }

// WorkingFolders lists the project and the extra working folders in force.
func (p *Policy) WorkingFolders() []string { return append([]string(nil), p.workDirs...) }

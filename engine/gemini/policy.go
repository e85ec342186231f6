package gemini

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/hooks"
	"github.com/permsim/permsim/internal/boundcache"
	"github.com/permsim/permsim/internal/safefile"
)

// Policy is Gemini CLI's compiled rules for one project. It is immutable
// after Load and safe for concurrent use.
type Policy struct {
	project   string
	home      string
	geminiDir string // ~/.gemini, or Env.ConfigDir

	trusted  bool
	trustWhy string

	headless           bool
	disableAlwaysAllow bool
	base               modeInfo
	gates              modeGates

	rules      []*rule // in force, highest priority first
	workspaces []string

	// core is tools.core when a settings file sets it (nil otherwise):
	// the tool registry registers only the built-in tools it names.
	core     []string
	coreFile string

	// mcpServers are the configured MCP servers' names: an MCP tool's
	// server is its own, which a name holding "_" does not tell
	// (serverOf).
	mcpServers []string

	// staticExclude is the merged tools.exclude list: Gemini CLI 0.61.0
	// hands it to its Config as excludeTools, whose tools the registry
	// leaves out whatever the policy rules say (registered).
	staticExclude []sourced

	hooks   []hookDef
	hooksOn bool
	runner  *hooks.Runner // runs the hooks (Env.RunHooks with a Harness that has one); nil: listed only

	infos    []engine.RuleInfo
	problems engine.ProblemLog
	read     []string // the settings files and trust record read (SettingsFiles)

	spans boundcache.Map // command line → *spanInfo, bounded: a replay meets millions of lines
}

// all collects rules while loading, in load order.
type loading struct {
	*Policy
	all []*rule
}

// modeInfo is a resolved mode and where it came from (engine.ModeInfo).
type modeInfo = engine.ModeInfo

// modeGates are the settings that change a chosen mode.
type modeGates struct {
	planDisabled bool
	yoloDisabled string // why yolo is off, "" when it is allowed
}

// defaultSystemDir is Gemini CLI's system configuration folder.
func defaultSystemDir() string {
	switch runtime.GOOS {
	case "darwin":
		return "/Library/Application Support/GeminiCli"
	case "windows":
		return `C:\ProgramData\gemini-cli`
	}
	return "/etc/gemini-cli"
}

func load(env engine.Env, runner *hooks.Runner) (*Policy, error) {
	project, home, err := env.Folders("gemini")
	if err != nil {
		return nil, err
	}
	p := &Policy{project: project, home: home, headless: env.Flags[FlagHeadless] == "true"}
	if env.RunHooks {
		p.runner = runner
	}
	p.geminiDir = env.ConfigDirOr(filepath.Join(p.home, ".gemini"))
	systemDir := env.ManagedDirOr(defaultSystemDir())

	read := func(path, layer string) *settingsFile {
		f, probs := readSettings(path, layer)
		p.problems = append(p.problems, probs...)
		if f != nil {
			p.read = append(p.read, path)
		}
		return f
	}
	// GEMINI_CLI_SYSTEM_SETTINGS_PATH moves the system settings file, and
	// the defaults file with it unless GEMINI_CLI_SYSTEM_DEFAULTS_PATH
	// names that one too.
	systemFile := filepath.Join(systemDir, "settings.json")
	if v := env.Flags[FlagSystemSettings]; v != "" {
		systemFile = v
	}
	defaultsFile := filepath.Join(filepath.Dir(systemFile), "system-defaults.json")
	if v := env.Flags[FlagSystemDefaults]; v != "" {
		defaultsFile = v
	}
	sysDefaults := read(defaultsFile, LayerSystem)
	user := read(filepath.Join(p.geminiDir, "settings.json"), LayerUser)
	system := read(systemFile, LayerSystem)
	var workspace *settingsFile
	if wsPath := filepath.Join(project, ".gemini", "settings.json"); filepath.Clean(wsPath) != filepath.Join(p.geminiDir, "settings.json") {
		workspace = read(wsPath, LayerProject)
	}

	pre, _ := merge(nonNil(sysDefaults, user, system))
	p.resolveTrust(env, pre)

	layers := nonNil(sysDefaults, user)
	if p.trusted {
		layers = append(layers, nonNil(workspace)...)
	}
	layers = append(layers, nonNil(system)...)
	s, probs := merge(layers)
	p.problems = append(p.problems, probs...)
	// Gemini CLI 0.61.0 reads admin.* (admin.secureModeEnabled, which
	// would also switch these off) only from the remote admin controls,
	// never from a settings file (computeMergedSettings).
	p.disableAlwaysAllow = s.disableAlwaysAllow
	p.staticExclude = s.exclude
	p.mcpServers = s.mcpServers
	if s.coreSet {
		p.core, p.coreFile = []string{}, s.coreFile
		for _, e := range s.core {
			p.core = append(p.core, e.value)
		}
	}

	p.gates.planDisabled = s.planEnabled != nil && !*s.planEnabled
	if s.disableYolo {
		p.gates.yoloDisabled = "security.disableYoloMode"
	}
	p.base = p.baseMode(env, s)

	ld := &loading{Policy: p}
	ld.loadPolicies(env, s, systemDir)
	var allowedFlag []string
	if v := env.Flags[FlagAllowedTools]; v != "" {
		allowedFlag = splitFlag(v)
	}
	before := len(ld.all)
	ld.settingsRules(s, allowedFlag)
	for _, r := range ld.all[before:] {
		p.infos = append(p.infos, engine.RuleInfo{File: r.file, Layer: r.layer, List: listOf(r.decision), Rule: r.text, InForce: true, Why: r.note})
	}
	if workspace != nil && !p.trusted {
		p.untrustedInfos(workspace)
	}
	p.rules = ld.all
	sortRules(p.rules)

	p.workspaces = []string{project}
	dirs := s.includeDirs
	for _, d := range splitFlag(env.Flags[FlagIncludeDirectories]) {
		dirs = append(dirs, sourced{value: d, file: "--include-directories", layer: LayerCLI})
	}
	for _, d := range dirs {
		p.workspaces = append(p.workspaces, p.resolvePath(d.value))
	}

	p.hooksOn = s.hooksEnabled == nil || *s.hooksEnabled
	running := "BeforeTool hook: run with --run-hooks; its matcher is a regular expression on the tool name"
	if p.runner == nil {
		running = "BeforeTool hook: listed; hooks run only with --run-hooks; its matcher is a regular expression on the tool name"
	}
	for _, h := range s.hooks {
		inForce, why := p.hooksOn && !s.hooksDisabled[h.command] && p.trusted, running
		switch {
		case !p.hooksOn:
			why = "hooksConfig.enabled is false: Gemini CLI runs no hooks"
		case s.hooksDisabled[h.command]:
			why = "listed in hooksConfig.disabled"
		case !p.trusted:
			// Gemini CLI 0.61.0 (HookRegistry.processHooksFromConfig) skips
			// every settings hook in an untrusted folder, the user's too.
			why = "folder not trusted: Gemini CLI runs no hooks from settings in an untrusted folder"
		default:
			p.hooks = append(p.hooks, h)
		}
		if h.timeout > 0 && h.timeout < 1000 {
			why += fmt.Sprintf("; timeout %v is in milliseconds, under one second", h.timeout)
			p.problems.Add(h.file, h.line, "BeforeTool hook %q: timeout %v is in milliseconds (under one second)", h.command, h.timeout)
		}
		p.infos = append(p.infos, engine.RuleInfo{File: h.file, Layer: h.layer, List: "hooks.BeforeTool",
			Rule: fmt.Sprintf("matcher %q: %s", h.matcher, h.command), InForce: inForce, Why: why})
	}
	return p, nil
}

func nonNil(files ...*settingsFile) []*settingsFile {
	var out []*settingsFile
	for _, f := range files {
		if f != nil {
			out = append(out, f)
		}
	}
	return out
}

// splitFlag splits a list flag at commas and newlines, as Gemini CLI's
// coerceCommaSeparated does.
func splitFlag(v string) []string {
	var out []string
	for _, part := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == '\n' }) {
		if part = strings.TrimSpace(part); part != "" {
			out = append(out, part)
		}
	}
	return out
}

// resolvePath resolves a path from settings or a flag: "~" is the home,
// a relative path starts at the project (Gemini CLI's working folder).
func (p *Policy) resolvePath(s string) string {
	switch {
	case s == "~":
		return p.home
	case strings.HasPrefix(s, "~/"):
		return filepath.Join(p.home, s[2:])
	case filepath.IsAbs(s):
		return filepath.Clean(s)
	}
	return filepath.Join(p.project, s)
}

// resolveTrust decides whether the folder is trusted: the environment's
// GEMINI_CLI_TRUST_WORKSPACE or GEMINI_RESTRICTED_MODE when set (Gemini
// CLI's checkPathTrust reads them first, before the folder-trust setting
// and the record), else Env.Trust when given (the answer to the trust
// question), trusted when security.folderTrust.enabled is false, else the
// record in trustedFolders.json (or where GEMINI_CLI_TRUSTED_FOLDERS_PATH
// puts it), else the seed's assumption.
func (p *Policy) resolveTrust(env engine.Env, s *mergedSettings) {
	record := filepath.Join(p.geminiDir, "trustedFolders.json")
	if v := env.Flags[FlagTrustedFolders]; v != "" {
		// Taken as it stands, "~" included; relative to the working folder.
		record = v
		if !filepath.IsAbs(v) {
			record = filepath.Join(p.project, v)
		}
	}
	trusted, found, probs := trustRecord(record, p.project)
	p.problems = append(p.problems, probs...)
	if found {
		p.read = append(p.read, record)
	}
	switch v := env.Flags[FlagTrustWorkspace]; {
	case v == "true" || v == "false":
		p.trusted, p.trustWhy = v == "true", "GEMINI_CLI_TRUST_WORKSPACE or GEMINI_RESTRICTED_MODE in the environment"
	case env.Trust != nil:
		p.trusted, p.trustWhy = *env.Trust, "--trust"
	case s.folderTrust != nil && !*s.folderTrust:
		p.trusted, p.trustWhy = true, "security.folderTrust.enabled is false: every folder is trusted"
	case found:
		p.trusted, p.trustWhy = trusted, record
	default:
		p.trusted, p.trustWhy = true, "no trust record; assumed trusted (Gemini CLI itself treats an unlisted folder as untrusted)"
	}
}

// baseMode resolves the mode a session starts in: --approval-mode or
// --yolo, else general.defaultApprovalMode (yolo there is ignored), else
// default; then the gates.
func (p *Policy) baseMode(env engine.Env, s *mergedSettings) modeInfo {
	flag := env.Flags[FlagMode]
	yolo := env.Flags[FlagYolo] == "true"
	if flag != "" && yolo {
		p.problems = append(p.problems, engine.Errorf("", 0, "--yolo and --approval-mode together: Gemini CLI refuses to start; --approval-mode simulated"))
	}
	switch {
	case flag != "":
		if m, ok := normalizeMode(flag); ok {
			return p.gate(modeInfo{Mode: m, Label: "--approval-mode"})
		}
		p.problems = append(p.problems, engine.Errorf("", 0, "--approval-mode %q: not a mode (default, auto_edit, yolo, plan); Gemini CLI refuses to start", flag))
	case yolo:
		return p.gate(modeInfo{Mode: ModeYolo, Label: "--yolo"})
	}
	if s.approvalMode != "" {
		label := fmt.Sprintf("general.defaultApprovalMode (%s settings)", s.approvalLayer)
		switch s.approvalMode {
		case "yolo":
			return modeInfo{Mode: ModeDefault, Label: "built-in default", Notes: []string{
				s.approvalFile + ": general.defaultApprovalMode yolo is ignored; Gemini CLI starts in default mode"}}
		case "default", "auto_edit", "plan":
			m, _ := normalizeMode(s.approvalMode)
			return p.gate(modeInfo{Mode: m, Label: label})
		}
		p.problems = append(p.problems, engine.Errorf(s.approvalFile, 0, "general.defaultApprovalMode %q: not a mode (default, auto_edit, plan); Gemini CLI refuses to start; default simulated",
			s.approvalMode))
	}
	return modeInfo{Mode: ModeDefault, Label: "built-in default"}
}

// gate applies general.plan.enabled, the yolo switches and folder trust to
// a chosen mode.
func (p *Policy) gate(mi modeInfo) modeInfo {
	switch {
	case mi.Mode == ModePlan && p.gates.planDisabled:
		mi.Mode = ModeDefault
		mi = mi.WithNote("plan mode is turned off (general.plan.enabled); default mode simulated")
	case mi.Mode == ModeYolo && p.gates.yoloDisabled != "":
		mi.Mode = ModeDefault
		mi = mi.WithNote("yolo mode is turned off (" + p.gates.yoloDisabled + "): Gemini CLI refuses to start with it; default mode simulated")
	}
	if !p.trusted && mi.Mode != ModeDefault {
		mi = mi.WithNote(fmt.Sprintf("folder not trusted: Gemini CLI overrides %s mode to default", mi.Mode))
		mi.Mode = ModeDefault
	}
	return mi
}

// resolveMode is the mode one call is decided in: a requested mode
// replaces the settings' one.
func (p *Policy) resolveMode(req engine.Mode) modeInfo {
	return engine.ResolveMode(req, p.base, normalizeMode, p.gate)
}

// loadPolicies reads every policy tier in Gemini CLI's order: the system
// folder and --admin-policy (admin), ~/.gemini/policies or --policy
// (user), the built-in defaults. The project's .gemini/policies is listed
// but not loaded.
func (ld *loading) loadPolicies(env engine.Env, s *mergedSettings, systemDir string) {
	p := ld.Policy
	order := 0
	var files []policyFile
	add := func(path string, tier int) {
		fs, probs := readPolicyPath(path, tier)
		files = append(files, fs...)
		p.problems = append(p.problems, probs...)
	}
	sysPolicies := filepath.Join(systemDir, "policies")
	add(sysPolicies, tierAdmin)
	adminPaths := pathList(env.Flags[FlagAdminPolicy], "--admin-policy", s.adminPolicyPaths)
	if len(adminPaths) > 0 && hasTOML(sysPolicies) {
		for _, a := range adminPaths {
			p.infos = append(p.infos, engine.RuleInfo{File: p.resolvePath(a.value), Layer: LayerAdmin, List: "policy", Rule: "(policy path from " + a.file + ")",
				Why: "ignored: the system policy folder " + sysPolicies + " already holds policies"})
		}
		p.problems.Add(adminPaths[0].file, 0, "ignored because %s already holds policies (Gemini CLI's rule)", sysPolicies)
		adminPaths = nil
	}
	flagPath := func(path string, tier int, from sourced) {
		if _, err := os.Stat(path); err != nil && errors.Is(err, os.ErrNotExist) {
			p.problems.Add(from.file, 0, "%s: no such file or folder; Gemini CLI loads nothing from it", from.value)
			return
		}
		add(path, tier)
	}
	for _, a := range adminPaths {
		flagPath(p.resolvePath(a.value), tierAdmin, a)
	}
	userPaths := pathList(env.Flags[FlagPolicy], "--policy", s.policyPaths)
	userDir := filepath.Join(p.geminiDir, "policies")
	if len(userPaths) == 0 {
		add(userDir, tierUser)
	} else {
		replaced, _ := readPolicyPath(userDir, tierUser)
		for _, f := range replaced {
			p.infos = append(p.infos, engine.RuleInfo{File: f.path, Layer: LayerUser, List: "policy", Rule: "(whole file)",
				Why: "not loaded: " + userPaths[0].file + " replaces ~/.gemini/policies"})
		}
		for _, u := range userPaths {
			tier := tierUser
			if abs := p.resolvePath(u.value); abs == sysPolicies {
				tier = tierAdmin
			}
			flagPath(p.resolvePath(u.value), tier, u)
		}
	}
	var wsFiles []policyFile
	if wsDir := filepath.Join(p.project, ".gemini", "policies"); wsDir != userDir {
		wsFiles, _ = readPolicyPath(wsDir, tierWorkspace)
	}
	files = append(files, builtinFiles()...)

	for _, pf := range files {
		rules, skipped, probs := loadPolicyFile(pf, &order)
		p.problems = append(p.problems, probs...)
		ld.all = append(ld.all, rules...)
		seen := map[int]bool{}
		for _, r := range rules {
			if seen[r.index] {
				continue
			}
			seen[r.index] = true
			p.infos = append(p.infos, engine.RuleInfo{File: r.file, Layer: r.layer, List: listOf(r.decision), Rule: r.text, InForce: true, Why: r.note})
		}
		for _, sk := range skipped {
			p.infos = append(p.infos, engine.RuleInfo{File: pf.path, Layer: pf.layer, List: listOf(sk.pr.decision), Rule: sk.pr.text, Why: sk.why})
		}
	}
	for _, pf := range wsFiles {
		rules, _, _ := loadPolicyFile(pf, new(int))
		seen := map[int]bool{}
		for _, r := range rules {
			if seen[r.index] {
				continue
			}
			seen[r.index] = true
			p.infos = append(p.infos, engine.RuleInfo{File: r.file, Layer: LayerWorkspace, List: listOf(r.decision), Rule: r.text,
				Why: "project policies (.gemini/policies) do not work yet in Gemini CLI " + Version + " (issue #18186)"})
		}
	}
}

// pathList is a policy path flag's entries, or else the settings' list.
func pathList(flag, name string, fromSettings []sourced) []sourced {
	if flag == "" {
		return fromSettings
	}
	var out []sourced
	for _, v := range splitFlag(flag) {
		out = append(out, sourced{value: v, file: name, layer: LayerCLI})
	}
	return out
}

// hasTOML reports whether a folder holds a .toml file.
func hasTOML(dir string) bool {
	entries, err := safefile.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".toml") {
			return true
		}
	}
	return false
}

// untrustedInfos lists the project settings' rules as not in force.
func (p *Policy) untrustedInfos(f *settingsFile) {
	s, _ := merge([]*settingsFile{f})
	tmp := &loading{Policy: &Policy{}}
	tmp.settingsRules(s, nil)
	for _, r := range tmp.all {
		p.infos = append(p.infos, engine.RuleInfo{File: r.file, Layer: r.layer, List: listOf(r.decision), Rule: r.text,
			Why: "folder not trusted: Gemini CLI ignores the project's settings"})
	}
	if s.approvalMode != "" {
		p.infos = append(p.infos, engine.RuleInfo{File: f.path, Layer: LayerProject, List: "mode", Rule: "general.defaultApprovalMode: " + strconv.Quote(s.approvalMode),
			Why: "folder not trusted: Gemini CLI ignores the project's settings"})
	}
}

// Rules lists every rule under its file, in force or not, and why.
func (p *Policy) Rules() []engine.RuleInfo { return append([]engine.RuleInfo(nil), p.infos...) }

// Problems lists what could not be read, as file:line: message.
func (p *Policy) Problems() []string { return p.problems.Strings() }

// SettingsFiles lists the settings files Load read and the trust record
// that covered the project (engine.SettingsFiler), whether they hold rules
// or only set a mode (general.defaultApprovalMode, tools.autoAccept) or
// trust: a central replay decides a pulled host's calls against a snapshot
// of these (docs/scale.md). Policy TOML files are named by their rules.
func (p *Policy) SettingsFiles() []string { return engine.AbsFiles(p.read) }

// ProblemList is Problems as values, as the loaders wrote them
// (engine.ProblemLister).
func (p *Policy) ProblemList() []engine.Problem { return p.problems.List() }

// Modes lists the mode the settings select.
func (p *Policy) Modes() []engine.Mode { return []engine.Mode{p.base.Mode} }

// ModeLabel says where the settings' own mode comes from.
func (p *Policy) ModeLabel() string { return p.base.Label }

// Trusted reports whether the project's settings apply, and why.
func (p *Policy) Trusted() (bool, string) { return p.trusted, p.trustWhy }

// Workspaces lists the folders Gemini CLI's file tools may touch.
func (p *Policy) Workspaces() []string { return append([]string(nil), p.workspaces...) }

// hookMatches reports whether a BeforeTool matcher (a regular expression
// on the tool name; empty or "*" matches every tool) selects tool.
func hookMatches(matcher, tool string) bool {
	if matcher == "" || matcher == "*" {
		return true
	}
	re, err := regexp.Compile(matcher)
	if err != nil {
		return matcher == tool
	}
	return re.MatchString(tool)
}

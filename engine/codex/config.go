package codex

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/hooks"
	"github.com/permsim/permsim/engine/shell"
	"github.com/permsim/permsim/internal/jsonpos"
	"github.com/permsim/permsim/internal/safefile"
)

// layer is one config folder: config.toml, rules/ and hooks.json.
type layer struct {
	name    string
	dir     string
	enabled bool   // Codex reads it (a project layer only when trusted)
	why     string // why not, when disabled
	cfgPath string
	cfg     map[string]any // config.toml; nil when absent or unreadable
}

// Policy is Codex's compiled configuration for one project. It is
// immutable after Load and safe for concurrent use.
type Policy struct {
	project   string
	home      string
	codexHome string

	layers   []*layer
	read     []string // the config.toml files read, in order (SettingsFiles)
	infos    []engine.RuleInfo
	problems engine.ProblemLog // what the loaders could not read, typed (Problems is their text)

	trusted  bool
	trustWhy string
	hasTrust bool // a trust decision exists (a record, or --trust)

	base      approval
	baseSb    string
	baseLabel string
	baseNotes []string

	// workspace-write settings ([sandbox_workspace_write]).
	network         bool
	extraRoots      []string
	excludeSlashTmp bool
	excludeTmpdir   bool
	tmpdir          string

	rules       *ruleSet // in force
	rulesBroken string   // why Codex loads no rules at all; "" when it loads them

	profile [][]string // where approval_policy is looked up: the profile's table, then the top level

	runner   *hooks.Runner // runs hooks (Env.RunHooks with a Harness that has one); nil: hooks are listed
	preHooks []codexHook   // the PreToolUse handlers Codex would run, in its order
}

// load reads env's layers and compiles them.
func load(env engine.Env, runner *hooks.Runner) (*Policy, error) {
	project, home, err := env.Folders("codex")
	if err != nil {
		return nil, err
	}
	p := &Policy{project: project, home: home, rules: newRuleSet()}
	if env.RunHooks {
		p.runner = runner
	}
	p.codexHome = env.ConfigDirOr(filepath.Join(p.home, ".codex"))
	system := env.ManagedDirOr("/etc/codex")
	p.layers = append(p.layers, &layer{name: LayerSystem, dir: system, enabled: true})
	p.layers = append(p.layers, &layer{name: LayerUser, dir: p.codexHome, enabled: true})
	for _, d := range projectDirs(p.project) {
		dir := filepath.Join(d, ".codex")
		if dir == p.codexHome {
			continue // a project at the home folder: ~/.codex is the user layer
		}
		p.layers = append(p.layers, &layer{name: LayerProject, dir: dir})
	}
	for _, l := range p.layers {
		l.cfgPath = filepath.Join(l.dir, "config.toml")
		l.cfg = p.readConfig(l.cfgPath)
	}
	p.resolveTrust(env)
	for _, l := range p.layers {
		if l.name != LayerProject {
			continue
		}
		l.enabled = p.trusted
		if !p.trusted {
			l.why = "project not trusted: Codex ignores the project's .codex/ folder (config.toml, rules, hooks) until it is trusted"
		}
	}
	p.loadRules()
	p.resolveSettings(env)
	p.listHooks()
	return p, nil
}

// projectDirs lists the folders whose .codex/ is a project layer, lowest
// precedence first: from the git root (when the project is inside one)
// down to the project itself.
func projectDirs(project string) []string {
	root := engine.GitRoot(project)
	if root == "" {
		return []string{project}
	}
	var out []string
	for d := project; ; d = filepath.Dir(d) {
		out = append([]string{d}, out...)
		if d == root || filepath.Dir(d) == d {
			break
		}
	}
	return out
}

// readConfig decodes a config.toml; a file that is absent gives nil, one
// that does not parse gives nil and a Problem naming its line.
func (p *Policy) readConfig(path string) map[string]any {
	data, err := safefile.ReadConfig(path, safefile.TOML)
	if err != nil {
		if !errors.Is(err, os.ErrNotExist) {
			p.problems = append(p.problems, engine.Problem{File: path, Severity: engine.SeverityWarning, Msg: fmt.Sprintf("cannot read: %v; skipped", err)})
		}
		return nil
	}
	p.read = append(p.read, path)
	m := map[string]any{}
	if _, err := toml.Decode(string(data), &m); err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			p.problems = append(p.problems, engine.Problem{File: path, Line: pe.Position.Line, Severity: engine.SeverityError, Msg: pe.Message + "; the file is skipped (Codex itself refuses to start with it)"})
		} else {
			p.problems = append(p.problems, engine.Problem{File: path, Severity: engine.SeverityError, Msg: fmt.Sprintf("%v; the file is skipped (Codex itself refuses to start with it)", err)})
		}
		return nil
	}
	return m
}

// resolveTrust decides whether the project is trusted: Env.Trust when
// given, else [projects."<path>"] trust_level in the user's config.toml
// (the project folder, then its git root), else the seed's assumption that
// the trust question was answered yes.
func (p *Policy) resolveTrust(env engine.Env) {
	if env.Trust != nil {
		p.trusted, p.trustWhy, p.hasTrust = *env.Trust, "--trust", true
		return
	}
	for _, l := range p.layers {
		if l.name != LayerUser || l.cfg == nil {
			continue
		}
		projects, _ := l.cfg["projects"].(map[string]any)
		keys := []string{p.project}
		if root := engine.GitRoot(p.project); root != "" && root != p.project {
			keys = append(keys, root)
		}
		// In name order: two records may name the project (one with a
		// trailing slash), and which decides must not depend on map order.
		names := make([]string, 0, len(projects))
		for name := range projects {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, k := range keys {
			for _, name := range names {
				if filepath.Clean(name) != k {
					continue
				}
				t, _ := projects[name].(map[string]any)
				level, _ := t["trust_level"].(string)
				switch level {
				case "trusted":
					p.trusted, p.trustWhy, p.hasTrust = true, fmt.Sprintf("%s: [projects.%q] trust_level = \"trusted\"", l.cfgPath, name), true
					return
				case "untrusted":
					p.trusted, p.trustWhy, p.hasTrust = false, fmt.Sprintf("%s: [projects.%q] trust_level = \"untrusted\"", l.cfgPath, name), true
					return
				default:
					p.problems = append(p.problems, engine.Problem{File: l.cfgPath, Severity: engine.SeverityError, Msg: fmt.Sprintf("[projects.%q] trust_level %q: want \"trusted\" or \"untrusted\": %s; ignored", name, level, refusesToStart)})
				}
			}
		}
	}
	p.trusted, p.trustWhy = true, "no trust record; assumed trusted"
}

// setting is one config value and the file it came from.
type setting struct {
	value any
	file  string
}

// lookup finds key (a dotted path) in the enabled layers, highest
// precedence first.
func (p *Policy) lookup(keys ...string) (setting, bool) {
	for i := len(p.layers) - 1; i >= 0; i-- {
		l := p.layers[i]
		if !l.enabled || l.cfg == nil {
			continue
		}
		var v any = l.cfg
		for _, k := range keys {
			m, ok := v.(map[string]any)
			if !ok {
				v = nil
				break
			}
			v = m[k]
		}
		if v != nil {
			return setting{v, l.cfgPath}, true
		}
	}
	return setting{}, false
}

// resolveSettings reads the mode and the sandbox's settings: flags first,
// then the profile, then config.toml, then Codex 0.169.0's defaults (a
// project with a trust decision gets on-request:workspace-write when
// trusted and untrusted:workspace-write when not; one without gets
// on-request:read-only).
func (p *Policy) resolveSettings(env engine.Env) {
	flags := env.Flags
	profile := flags[FlagProfile]
	// A config.toml cannot pick the profile: Codex 0.169.0 ignored
	// profile = "…" in a project's, and refused to start with one in the
	// user's ("legacy `profile = \"strict\"` config is no longer
	// supported; use `--profile strict` with `strict.config.toml`
	// instead", testdata/codex/realconfigs/coverage, rc-br-user-profile).
	for _, l := range p.layers {
		if name, ok := l.cfg["profile"].(string); ok && l.enabled && l.name != LayerProject {
			p.problems = append(p.problems, engine.Problem{File: l.cfgPath, Severity: engine.SeverityError,
				Msg: fmt.Sprintf("profile = %q: Codex 0.169.0 refuses to start (\"legacy `profile` config is no longer supported; use `--profile %s`\"); the profile is not picked", name, name)})
		}
	}
	var ap *approval
	var sb, apFrom, sbFrom string
	if flags[FlagBypass] == "true" {
		ap, sb, apFrom, sbFrom = &approval{kind: approvalNever}, sandboxFullAccess, bypassFlag, bypassFlag
	}
	if v := flags[FlagMode]; v != "" {
		m, err := parseMode(v)
		if err != nil {
			p.problems = append(p.problems, engine.Problem{Severity: engine.SeverityWarning, Msg: fmt.Sprintf("--mode: %v; ignored", err)})
		}
		if m.approval != nil {
			ap, apFrom = m.approval, "--mode"
		}
		if m.sandbox != "" {
			sb, sbFrom = m.sandbox, "--mode"
		}
	}
	if v := flags[FlagApproval]; v != "" && ap == nil {
		a, err := parseApproval(v)
		if err != nil {
			p.problems = append(p.problems, engine.Problem{Severity: engine.SeverityWarning, Msg: fmt.Sprintf("--ask-for-approval: %v; ignored", err)})
		} else {
			ap, apFrom = &a, "--ask-for-approval"
		}
	}
	if v := flags[FlagSandbox]; v != "" && sb == "" {
		s, ok := normalizeSandbox(v)
		if !ok {
			p.problems = append(p.problems, engine.Problem{Severity: engine.SeverityWarning, Msg: fmt.Sprintf("--sandbox %q: unknown sandbox mode; ignored", v)})
		} else {
			sb, sbFrom = s, "--sandbox"
		}
	}
	var prefixes [][]string
	if profile != "" {
		prefixes = append(prefixes, []string{"profiles", profile})
	}
	prefixes = append(prefixes, nil)
	p.profile = prefixes
	if ap != nil {
		c := p.completeGranular(*ap)
		ap = &c
	}
	for _, pre := range prefixes {
		if ap == nil {
			if s, ok := p.lookup(append(append([]string(nil), pre...), "approval_policy")...); ok {
				if a, err := approvalFromConfig(s.value); err != nil {
					p.problems = append(p.problems, engine.Problem{File: s.file, Severity: engine.SeverityError, Msg: fmt.Sprintf("approval_policy: %v: %s; ignored", err, refusesToStart)})
				} else {
					if a.kind == approvalUntrusted {
						// Recorded with the real Codex 0.169.0, 0.160.0 and
						// 0.150.0: app-server exits at start with this
						// message (the thread's approvalPolicy "untrusted"
						// is still accepted); 0.140.0 and 0.142.0 took it
						// (testdata/codex/versions/README.md).
						p.problems = append(p.problems, engine.Problem{File: s.file, Severity: engine.SeverityError, Msg: "approval_policy = \"untrusted\" is no longer supported: Codex 0.150.0 and later refuse to start (\"remove this setting\"); simulated as untrusted"})
					}
					if a.kind == approvalOnFailure {
						// Recorded with the real Codex 0.169.0: a session
						// started from this config.toml ran as on-request,
						// the sandbox chosen as without it; a write the
						// sandbox stopped was handed back to the model and a
						// patch outside the sandbox asked
						// (testdata/codex/realconfigs/coverage, rc-br-on-failure-*).
						a = approval{kind: approvalOnRequest}
						p.baseNotes = append(p.baseNotes, fmt.Sprintf("approval_policy = \"on-failure\" (%s): Codex 0.169.0 runs the session as on-request", s.file))
					}
					ap, apFrom = &a, s.file
				}
			}
		}
		if sb == "" {
			if s, ok := p.lookup(append(append([]string(nil), pre...), "sandbox_mode")...); ok {
				str, _ := s.value.(string)
				if str == sandboxReadOnly || str == sandboxWorkspaceWrite || str == sandboxFullAccess {
					sb, sbFrom = str, s.file
				} else {
					p.problems = append(p.problems, engine.Problem{File: s.file, Severity: engine.SeverityError, Msg: fmt.Sprintf("sandbox_mode %v: want read-only, workspace-write or danger-full-access: %s; ignored", s.value, refusesToStart)})
				}
			}
		}
	}
	switch {
	case ap != nil:
	case p.hasTrust && p.trusted:
		ap, apFrom = &approval{kind: approvalOnRequest}, "built-in default for a trusted project"
	case p.hasTrust:
		ap, apFrom = &approval{kind: approvalUntrusted}, "built-in default for an untrusted project"
	default:
		ap, apFrom = &approval{kind: approvalOnRequest}, "built-in default (no trust record; assumed trusted)"
	}
	switch {
	case sb != "":
	case p.hasTrust:
		sb, sbFrom = sandboxWorkspaceWrite, "built-in default for a project with a trust decision"
	default:
		// Codex gives read-only to a folder with no trust decision, but it
		// asks the trust question first and records the answer; the seed
		// assumes it was answered yes, which gives workspace-write.
		sb, sbFrom = sandboxWorkspaceWrite, "built-in default (no trust record; assumed trusted)"
	}
	p.base, p.baseSb = *ap, sb
	if apFrom == sbFrom {
		p.baseLabel = apFrom
	} else {
		p.baseLabel = "approval from " + apFrom + "; sandbox from " + sbFrom
	}
	if !p.hasTrust {
		p.baseNotes = append(p.baseNotes, "no trust record for the project; assumed trusted (the seed's assumption)")
	}
	if ap.kind == approvalOnFailure {
		p.baseNotes = append(p.baseNotes, onFailureNote)
	}

	if s, ok := p.lookup("sandbox_workspace_write", "network_access"); ok {
		p.network, _ = s.value.(bool)
	}
	if s, ok := p.lookup("sandbox_workspace_write", "exclude_slash_tmp"); ok {
		p.excludeSlashTmp, _ = s.value.(bool)
	}
	if s, ok := p.lookup("sandbox_workspace_write", "exclude_tmpdir_env_var"); ok {
		p.excludeTmpdir, _ = s.value.(bool)
	}
	if s, ok := p.lookup("sandbox_workspace_write", "writable_roots"); ok {
		list, _ := s.value.([]any)
		for _, v := range list {
			str, ok := v.(string)
			if !ok {
				p.problems = append(p.problems, engine.Problem{File: s.file, Severity: engine.SeverityError, Msg: fmt.Sprintf("writable_roots: %v is not a path: %s; ignored", v, refusesToStart)})
				continue
			}
			p.extraRoots = append(p.extraRoots, shell.Resolve(str, p.project, p.home))
		}
	}
	if t := flags[FlagTmpdir]; t != "" {
		p.tmpdir = shell.Resolve(t, p.project, p.home)
	}
}

// completeGranular gives a bare "granular" the switches of config.toml's
// granular policy; it returns any other policy as it is.
func (p *Policy) completeGranular(a approval) approval {
	if !a.bare {
		return a
	}
	for _, pre := range p.profile {
		if s, ok := p.lookup(append(append([]string(nil), pre...), "approval_policy")...); ok {
			if c, err := approvalFromConfig(s.value); err == nil && c.kind == approvalGranular {
				return c
			}
			break
		}
	}
	a.bare = false
	return a
}

// onFailureNote explains how on-failure is simulated.
const onFailureNote = "Codex 0.169.0's app-server refuses on-failure; simulated as Codex documented it: every command runs in the sandbox, and Codex asks to run it again outside when the sandbox stops it"

// refusesToStart is what Codex 0.169.0 does with a config.toml value its
// loader does not take: app-server's thread/start answered "failed to load
// configuration: … unknown variant …" for sandbox_mode = "readonly",
// approval_policy = "on_request", trust_level = "maybe", writable_roots =
// [1] and granular tables without every switch or with a switch that is
// not a boolean (testdata/codex/realconfigs/coverage, rc-br-*-spelling,
// rc-br-trust-level-unknown, rc-br-writable-roots-number, rc-cov-cfg-granular-bad).
const refusesToStart = "Codex 0.169.0 refuses to start with it (\"failed to load configuration\")"

// configApprovals are approval_policy's names as Codex's config loader
// takes them, no other spelling.
var configApprovals = map[string]bool{approvalUntrusted: true, approvalOnFailure: true, approvalOnRequest: true, approvalNever: true, approvalGranular: true}

// approvalFromConfig reads approval_policy: a string, or a table holding
// granular = {sandbox_approval = …, rules = …, …}.
func approvalFromConfig(v any) (approval, error) {
	switch x := v.(type) {
	case string:
		if !configApprovals[x] {
			return approval{}, fmt.Errorf("%q: want untrusted, on-failure, on-request, granular or never", x)
		}
		return parseApproval(x)
	case map[string]any:
		g, ok := x[approvalGranular].(map[string]any)
		if !ok || len(x) != 1 {
			return approval{}, fmt.Errorf("want a policy name or a [approval_policy.granular] table")
		}
		sw := map[string]bool{}
		for k, val := range g {
			b, ok := val.(bool)
			if !ok {
				return approval{}, fmt.Errorf("granular.%s must be true or false", k)
			}
			sw[k] = b
		}
		return granularFrom(sw), nil
	}
	return approval{}, fmt.Errorf("want a policy name or a granular table (got %T)", v)
}

// loadRules reads rules/*.rules of every layer, lowest precedence first.
// When one file of an enabled layer fails to load, Codex 0.169.0 loads no
// rules at all (its app-server warns and runs with an empty policy; the
// terminal UI and codex exec refuse to start).
func (p *Policy) loadRules() {
	type loaded struct {
		rf *rulesFile
		l  *layer
	}
	var files []loaded
	for _, l := range p.layers {
		for _, f := range ruleFiles(filepath.Join(l.dir, "rules")) {
			rf := readRulesFile(f, l.name)
			for _, n := range rf.notes {
				p.problems = append(p.problems, engine.ParseProblem(n))
			}
			if rf.err != nil {
				p.problems = append(p.problems, engine.ParseProblem(rf.err.Error()))
				if l.enabled && p.rulesBroken == "" {
					p.rulesBroken = rf.err.Error()
				}
			}
			files = append(files, loaded{rf, l})
		}
	}
	for _, x := range files {
		for _, info := range x.rf.infos {
			switch {
			case !info.InForce:
			case !x.l.enabled:
				info.InForce, info.Why = false, x.l.why
			case p.rulesBroken != "":
				info.InForce, info.Why = false, "Codex "+Version+" loads no .rules file when one fails to load ("+p.rulesBroken+")"
			}
			p.infos = append(p.infos, info)
		}
		if !x.l.enabled || p.rulesBroken != "" {
			continue
		}
		for _, r := range x.rf.rules {
			p.rules.add(r)
		}
		for name, paths := range x.rf.host {
			p.rules.hostExec[name] = paths
		}
	}
}

// listHooks lists every hook handler under its file with its trust record:
// hooks.json and [hooks] in config.toml of each layer (a project's only
// when trusted). Codex runs a non-managed hook only after the user trusted
// it in /hooks, which records [hooks.state."<file>:<event>:<group>:<handler>"]
// trusted_hash in the user's config.toml; the hash must still be the
// handler's (else it was modified since), enabled = false turns one off and
// [features] hooks = false turns all off. The PreToolUse handlers Codex
// would run are kept in p.preHooks.
func (p *Policy) listHooks() {
	hooksOn := true
	if s, ok := p.lookup("features", "hooks"); ok {
		hooksOn, _ = s.value.(bool)
	} else if s, ok := p.lookup("features", "codex_hooks"); ok {
		hooksOn, _ = s.value.(bool)
	}
	state := map[string]map[string]any{}
	for _, l := range p.layers {
		if l.name == LayerProject || l.cfg == nil {
			continue // Codex ignores a project layer's [hooks.state]
		}
		hooks, _ := l.cfg["hooks"].(map[string]any)
		st, _ := hooks["state"].(map[string]any)
		for k, v := range st {
			if m, ok := v.(map[string]any); ok {
				state[k] = m
			}
		}
	}
	running := "permsim runs it with --run-hooks"
	if p.runner == nil {
		running = "permsim lists it; hooks run only with --run-hooks"
	}
	for _, l := range p.layers {
		var sources []struct {
			file   string
			events map[string]any
		}
		jsonPath := filepath.Join(l.dir, "hooks.json")
		if ev, err := readHooksJSON(jsonPath); err != nil {
			p.problems = append(p.problems, engine.ParseProblem(err.Error()))
		} else if ev != nil {
			sources = append(sources, struct {
				file   string
				events map[string]any
			}{jsonPath, ev})
		}
		if l.cfg != nil {
			if h, ok := l.cfg["hooks"].(map[string]any); ok {
				ev := map[string]any{}
				for k, v := range h {
					if k != "state" {
						ev[k] = v
					}
				}
				if len(ev) > 0 {
					sources = append(sources, struct {
						file   string
						events map[string]any
					}{l.cfgPath, ev})
				}
			}
		}
		for _, src := range sources {
			events := make([]string, 0, len(src.events))
			for e := range src.events {
				events = append(events, e)
			}
			sort.Strings(events)
			for _, event := range events {
				groups := asList(src.events[event])
				for gi, g := range groups {
					gm, _ := g.(map[string]any)
					matcher, hasMatcher := gm["matcher"].(string)
					for hi, h := range asList(gm["hooks"]) {
						hm, _ := h.(map[string]any)
						cmd, _ := hm["command"].(string)
						text := cmd
						if matcher != "" {
							text = fmt.Sprintf("%s (matcher %q)", cmd, matcher)
						}
						key := fmt.Sprintf("%s:%s:%d:%d", src.file, snake(event), gi, hi)
						info := engine.RuleInfo{File: src.file, Layer: l.name, List: "hook:" + event, Rule: text}
						rec, hasRec := state[key]
						cfg := readHandler(hm)
						var mp *string
						if hasMatcher {
							mp = &matcher
						}
						hash := HookHash(snake(event), mp, cfg)
						trusted, _ := rec["trusted_hash"].(string)
						inForce := false
						switch {
						case !l.enabled:
							info.Why = l.why
						case !hooksOn:
							info.Why = "[features] hooks = false turns hooks off"
						case l.name == LayerSystem:
							inForce = true
							info.Why = "managed hook: trusted by policy; " + running
						case hasRec && rec["enabled"] == false:
							info.Why = fmt.Sprintf("turned off: [hooks.state.%q] enabled = false", key)
						case hasRec && trusted == hash:
							inForce = true
							info.Why = fmt.Sprintf("trusted in /hooks ([hooks.state.%q] trusted_hash matches); %s", key, running)
						case hasRec && trusted != "":
							info.Why = fmt.Sprintf("modified since it was trusted: [hooks.state.%q] trusted_hash is %s, the handler's hash is %s; Codex skips it until it is trusted again in /hooks", key, trusted, hash)
						default:
							info.Why = fmt.Sprintf("not trusted: Codex runs a hook only after it is trusted in /hooks, which records [hooks.state.%q] trusted_hash in config.toml", key)
						}
						switch {
						case cfg.typ != "" && cfg.typ != "command":
							inForce = false
							info.Why = fmt.Sprintf("%s hooks are not supported by Codex %s; skipped", cfg.typ, Version)
						case strings.TrimSpace(cfg.command) == "":
							inForce = false
							info.Why = "empty command; Codex skips it"
						}
						var re *regexp.Regexp
						if hasMatcher && snake(event) == "pre_tool_use" {
							var ok bool
							if re, ok = compileMatcher(matcher); !ok {
								inForce = false
								info.Why = fmt.Sprintf("invalid matcher %q: Codex skips the group", matcher)
							}
						}
						info.InForce = inForce
						p.infos = append(p.infos, info)
						if inForce && snake(event) == "pre_tool_use" {
							p.preHooks = append(p.preHooks, codexHook{key: key, matcher: mp, re: re, cfg: cfg, file: src.file, layer: l.name})
						}
					}
				}
			}
		}
	}
}

// readHooksJSON reads a hooks.json: {"hooks": {"<Event>": [groups]}}.
func readHooksJSON(path string) (map[string]any, error) {
	data, err := safefile.ReadConfig(path, safefile.JSON)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, nil
		}
		return nil, fmt.Errorf("%s: cannot read: %v; skipped", path, err)
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		if off, syntax := jsonpos.Offset(err); syntax {
			return nil, fmt.Errorf("%s:%d: %v; skipped", path, jsonpos.Line(data, off), err)
		}
		return nil, fmt.Errorf("%s: %v; skipped", path, err)
	}
	ev, _ := doc["hooks"].(map[string]any)
	return ev, nil
}

// asList returns v as a list: TOML's arrays of tables come back as
// []map[string]any, JSON's as []any.
func asList(v any) []any {
	switch x := v.(type) {
	case []any:
		return x
	case []map[string]any:
		out := make([]any, len(x))
		for i, m := range x {
			out[i] = m
		}
		return out
	}
	return nil
}

// snake spells an event name the way hook keys do: PreToolUse →
// pre_tool_use.
func snake(s string) string {
	var b strings.Builder
	for i, r := range s {
		if r >= 'A' && r <= 'Z' {
			if i > 0 {
				b.WriteByte('_')
			}
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}

package gemini

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/shell"
)

// Reasons for the refusals Gemini CLI makes before its policy engine runs,
// in the words of the differential corpus's patterns.
const (
	ReasonNotRegistered    = "tool not registered in this mode"
	ReasonOutsideWorkspace = "outside workspace"
	ReasonPlanPath         = "plan-mode path"
)

// Steps of Gemini CLI's decision order, as Decision.Step names them.
const (
	stepRegistry    = "1 tool registry"
	stepHistory     = "1 session history"
	stepPlanPath    = "2 plan-mode path"
	stepWorkspace   = "2 workspace path"
	stepRule        = "3 policy rule"
	stepParts       = "4 shell parts"
	stepParse       = "4 shell parse"
	stepRedirection = "5 redirection"
	stepHeuristics  = "6 shell heuristics"
	stepBuildFile   = "7 build file protection"
	stepAutoEdit    = "7 autoEdit confirmation"
	stepDefault     = "8 no rule"
)

// geminiNames maps normalized tools to Gemini CLI's tool names.
var geminiNames = map[engine.Tool]string{
	engine.ToolBash: shellTool, engine.ToolRead: "read_file", engine.ToolEdit: "replace", engine.ToolWrite: "write_file",
	engine.ToolGlob: "glob", engine.ToolGrep: "grep_search", engine.ToolWebFetch: "web_fetch", engine.ToolWebSearch: "google_web_search",
}

// nativeTools are Gemini CLI's own tool names; a call naming one is
// decided under that name.
var nativeTools = map[string]bool{
	"run_shell_command": true, "ShellTool": true, "read_file": true, "read_many_files": true, "replace": true,
	"write_file": true, "glob": true, "grep_search": true, "search_file_content": true, "list_directory": true,
	"google_web_search": true, "web_fetch": true, "write_todos": true, "save_memory": true, "ask_user": true,
	"activate_skill": true, "enter_plan_mode": true, "exit_plan_mode": true, "invoke_agent": true,
	"codebase_investigator": true, "cli_help": true, "get_internal_docs": true, "update_topic": true,
	"complete_task": true, "read_mcp_resource": true, "list_mcp_resources": true,
}

// writeTools take a path they write; readPathTools take a path they read.
var (
	writeTools    = map[string]bool{"write_file": true, "replace": true}
	readPathTools = map[string]string{"read_file": "file_path", "list_directory": "dir_path", "glob": "dir_path",
		"grep_search": "dir_path", "search_file_content": "dir_path"}
)

// toolName names the called tool as Gemini CLI's rules do.
func toolName(call engine.Call) string {
	if call.RawTool != "" {
		if nativeTools[call.RawTool] || mcpServer(call.RawTool) != "" && !strings.HasPrefix(call.RawTool, "mcp__") ||
			strings.HasPrefix(call.RawTool, "tracker_") || strings.HasPrefix(call.RawTool, "discovered_tool_") {
			return call.RawTool
		}
		if n, ok := geminiNames[engine.NormalizeTool(call.RawTool)]; ok {
			return n
		}
		return call.RawTool
	}
	if n, ok := geminiNames[call.Tool]; ok {
		return n
	}
	return string(call.Tool)
}

// toolArgs are the arguments the policy engine sees: the call's own input,
// with the command or path filled in when the call came in normalized form.
func toolArgs(call engine.Call, name string) map[string]any {
	args := make(map[string]any, len(call.Input)+1)
	for k, v := range call.Input {
		args[k] = v
	}
	switch {
	case shellToolNames[name]:
		if _, ok := args["command"].(string); !ok && call.Command != "" {
			args["command"] = call.Command
		}
	case writeTools[name] || name == "read_file":
		if _, ok := args["file_path"]; !ok && len(call.Paths) > 0 {
			args["file_path"] = call.Paths[0]
		}
	case name == "list_directory":
		if _, ok := args["dir_path"]; !ok && len(call.Paths) > 0 {
			args["dir_path"] = call.Paths[0]
		}
	}
	return args
}

// result is the policy engine's answer for one call or command part.
type result struct {
	decision string
	rule     *rule
	step     string
	reason   string
}

// decider holds one call's decision in progress.
type decider struct {
	p     *Policy
	mi    modeInfo
	mode  engine.Mode
	name  string
	call  engine.Call
	notes []string
	needs []string
}

// Decide says what Gemini CLI would do with call in mode (empty: the mode
// the settings select): the tool registry first, then the file tools' path
// checks, then the policy engine. It never touches the disk.
func (p *Policy) Decide(call engine.Call, mode engine.Mode) engine.Decision {
	dec := p.decide(call, mode)
	_, dec.VersionBasis = Versions.VersionAs(call.Version)
	return dec
}

// decide is Decide before the version's label.
func (p *Policy) decide(call engine.Call, mode engine.Mode) engine.Decision {
	d := &decider{p: p, mi: p.resolveMode(mode), call: call}
	d.mode = d.mi.Mode
	d.name = toolName(call)
	args := toolArgs(call, d.name)
	d.needs = d.toolNeeds(args)

	if ok, why := p.registered(d.name); !ok {
		return d.done(engine.Blocked, stepRegistry, nil, ReasonNotRegistered+": "+why)
	}
	if r, out := p.excluded(d.name, d.mode); out {
		reason := ReasonNotRegistered
		if r == nil {
			reason += " (headless: a tool that would ask is not registered)"
		}
		return d.done(engine.Blocked, stepRegistry, r, reason)
	}
	if step, reason, blocked := d.pathCheck(args); blocked {
		return d.done(engine.Blocked, step, nil, reason)
	}
	hookDec, hookAsks := d.runHooks(args)
	if hookDec != nil {
		return *hookDec
	}
	if hookAsks {
		// The hook's ask replaces the policy's answer, a deny included.
		if p.headless {
			return d.done(engine.Blocked, stepHook, nil, "a BeforeTool hook asks, and nobody can answer (headless)")
		}
		return d.done(engine.Asks, stepHook, nil, "a BeforeTool hook asks first")
	}
	ev := &evaluator{p: p, mode: d.mode}
	res := ev.check(d.name, args, false)
	switch res.decision {
	case decDeny:
		return d.done(engine.Blocked, res.step, res.rule, res.reason)
	case decAllow:
		if bf := buildFileEdit(d.name, args); bf != "" {
			// Build File Protection turns the allow into an ask (a deny
			// when nobody can answer), whatever the mode.
			if p.headless {
				return d.done(engine.Blocked, stepBuildFile, nil, "modifying build configuration files requires explicit user confirmation (headless: denied)")
			}
			return d.done(engine.Asks, stepBuildFile, nil, fmt.Sprintf("%s is a build file: Gemini CLI asks before any edit of one, in every mode", filepath.Base(bf)))
		}
		return d.done(engine.Runs, res.step, res.rule, res.reason)
	}
	if d.mode == ModeAutoEdit && autoEditTools[d.name] && !p.headless && buildFileEdit(d.name, args) == "" {
		// In autoEdit mode these tools never show the prompt the policy
		// asked for (their shouldConfirmExecute returns at once): a user
		// ask_user rule on write_file/replace did not ask, the edits ran
		// (hold-out seed 7741, recorded with the real Gemini CLI 0.61.0).
		// A deny still refuses; a build file still asks.
		return d.done(engine.Runs, stepAutoEdit, res.rule, "autoEdit mode applies "+d.name+" without the prompt the policy asked for")
	}
	if p.headless {
		// Only an explicit ask_user rule gets here: headless Gemini CLI
		// turns its default asks into denials. It answers this one with
		// "requires user confirmation, which is not supported".
		d.notes = append(d.notes, "headless: nobody can answer, so the call fails as an unanswered ask")
	}
	// An ask stays in yolo mode only when a rule above the built-in
	// defaults asked for it; every other ask is the mode's doing.
	byRule := res.rule != nil && !res.rule.builtin() && res.rule.decision == decAsk
	dec := d.done(engine.Asks, res.step, res.rule, res.reason)
	dec.Group = engine.GroupFor(engine.Asks, byRule)
	return dec
}

// done builds the Decision.
func (d *decider) done(o engine.Outcome, step string, r *rule, reason string) engine.Decision {
	dec := engine.Decision{
		Outcome: o, Group: engine.GroupFor(o, false), Step: step, Reason: reason, Needs: d.needs,
		Mode: d.mode, ModeLabel: d.mi.Label, Label: engine.Label,
	}
	if r != nil {
		dec.Rule = r.ref()
	}
	dec.Notes = append(append([]string(nil), d.mi.Notes...), d.notes...)
	return dec
}

// toolNeeds is what the call needs to do its harm, in shell.Script.Needs's
// words.
func (d *decider) toolNeeds(args map[string]any) []string {
	p := d.p
	switch {
	case shellToolNames[d.name]:
		cmd, _ := args["command"].(string)
		cwd := p.project
		if dir, ok := args["dir_path"].(string); ok && dir != "" {
			cwd = p.absPath(dir)
		} else if d.call.Cwd != "" {
			cwd = shell.Resolve(d.call.Cwd, p.project, p.home)
		}
		return shell.Parse(cmd).Needs(cwd, p.project, p.home)
	case d.name == "web_fetch" || d.name == "google_web_search":
		return []string{shell.NeedNetwork}
	case writeTools[d.name]:
		fp, _ := args["file_path"].(string)
		if fp == "" {
			return nil
		}
		abs := p.absPath(fp)
		switch {
		case shell.GitProtected(abs):
			return []string{shell.NeedWriteGit}
		case shell.Within(abs, p.project):
			return []string{shell.NeedWriteProject}
		case !shell.IsTemp(abs):
			return []string{shell.NeedWriteOutside}
		}
	}
	return nil
}

// absPath resolves a tool's path argument as Gemini CLI does: relative
// paths start at the project (its target folder).
func (p *Policy) absPath(s string) string {
	if filepath.IsAbs(s) {
		return filepath.Clean(s)
	}
	return filepath.Join(p.project, s)
}

// excluded is Gemini CLI's getExcludedTools for one tool: the first rule
// that targets the tool whatever its arguments decides whether the tool
// is registered at all; a deny removes it. A rule with an argument pattern
// keeps the tool unless it denies, and then the search goes on.
func (p *Policy) excluded(name string, mode engine.Mode) (*rule, bool) {
	c := matchCtx{name: name, server: p.serverOf(name), mode: mode, headless: p.headless, ignoreArgs: true}
	for _, r := range p.rules {
		if p.disableAlwaysAllow && r.alwaysAllow() {
			continue
		}
		if !r.matches(c) {
			continue
		}
		if r.args != nil {
			if r.decision != decDeny {
				return nil, false
			}
			continue
		}
		return r, r.decision == decDeny
	}
	return nil, p.headless
}

// pathCheck is the file tools' own validation, which runs before the
// policy engine: plan mode writes only into the plans folder, and every
// path must lie in the workspace.
func (d *decider) pathCheck(args map[string]any) (step, reason string, blocked bool) {
	p := d.p
	key, isRead := readPathTools[d.name]
	write := writeTools[d.name]
	switch {
	case write:
		key = "file_path"
	case shellToolNames[d.name]:
		key = "dir_path"
	case !isRead:
		return "", "", false
	}
	raw, _ := args[key].(string)
	raw = strings.TrimSpace(strings.ReplaceAll(raw, "\x00", ""))
	if raw == "" {
		if key == "dir_path" && !isRead {
			return "", "", false // the shell runs in the project folder
		}
		if key == "dir_path" {
			raw = "."
		} else {
			return "", "", false // Gemini CLI rejects the call as invalid, before any permission check
		}
	}
	if write && d.mode == ModePlan {
		if filepath.IsAbs(raw) {
			if !p.inPlans(filepath.Clean(raw)) {
				return stepPlanPath, ReasonPlanPath + ": plan mode writes only .md plans into " + filepath.Join(p.geminiDir, "tmp", "…", "plans"), true
			}
		} else if rel := filepath.Clean(raw); rel == ".." || strings.HasPrefix(rel, "../") {
			return stepPlanPath, ReasonPlanPath + ": the path leaves the plans folder", true
		} else if !p.inPlans(filepath.Join(p.project, rel)) {
			return "", "", false // lands in the plans folder, inside the project's temp folder
		}
	}
	abs := p.absPath(raw)
	if !p.allowedPath(abs) {
		return stepWorkspace, fmt.Sprintf("%s: %s is not in the workspace (%s) or the project's temp folder", ReasonOutsideWorkspace, abs, strings.Join(p.workspaces, ", ")), true
	}
	return "", "", false
}

// inPlans reports whether an absolute path lies in a plans folder under
// ~/.gemini/tmp: Gemini CLI 0.61.0's is tmp/<project>/<session>/plans
// (Storage.getProjectTempPlansDir with the session's id), and
// resolveAndValidatePlanPath refuses an absolute path anywhere else —
// tmp/proj/plans/plan.md was refused (coverage/branches, rg-br-plan-paths#0).
// The project's and the session's folder names are Gemini CLI's own and
// not known here, so any names are taken.
func (p *Policy) inPlans(abs string) bool {
	tmp := filepath.Join(p.geminiDir, "tmp")
	rel, err := filepath.Rel(tmp, abs)
	if err != nil || rel == "." || strings.HasPrefix(rel, "..") {
		return false
	}
	parts := strings.Split(rel, string(filepath.Separator))
	return len(parts) > 3 && parts[2] == "plans"
}

// blockedSegments are the folder names Gemini CLI's workspace refuses
// even inside a workspace folder.
var blockedSegments = map[string]bool{".git": true, ".env": true, "node_modules": true}

// allowedPath is Gemini CLI's isPathAllowed for a resolved path: inside a
// workspace folder (no .git, .env, node_modules or gha-creds-*.json on the
// way), the temp folder under ~/.gemini/tmp, or ~/.gemini/GEMINI.md.
func (p *Policy) allowedPath(abs string) bool {
	for _, dir := range p.workspaces {
		if !shell.Within(abs, dir) {
			continue
		}
		rel, _ := filepath.Rel(dir, abs)
		for _, seg := range strings.Split(rel, string(filepath.Separator)) {
			seg, _, _ = strings.Cut(seg, ":")
			seg = strings.ToLower(strings.TrimRight(seg, " ."))
			if blockedSegments[seg] || strings.HasPrefix(seg, "gha-creds-") && strings.HasSuffix(seg, ".json") {
				return false
			}
		}
		return true
	}
	if shell.Within(abs, filepath.Join(p.geminiDir, "tmp")) && abs != filepath.Join(p.geminiDir, "tmp") {
		return true
	}
	return abs == filepath.Join(p.geminiDir, "GEMINI.md")
}

// evaluator is the policy engine for one mode.
type evaluator struct {
	p    *Policy
	mode engine.Mode
}

// defaultDecision is what the engine answers when no rule matches.
func (e *evaluator) defaultDecision() string {
	if e.p.headless {
		return decDeny
	}
	return decAsk
}

// check is Gemini CLI's PolicyEngine.check: the first matching rule by
// priority decides, shell commands go through checkShell. skip is set for
// the parts of a command, which get no heuristics.
func (e *evaluator) check(name string, args map[string]any, skip bool) result {
	p := e.p
	str := stableStringify(args)
	isShell := shellToolNames[name]
	command, _ := args["command"].(string)
	server := p.serverOf(name)
	names := toolAliases(name)
	for _, r := range p.rules {
		if p.disableAlwaysAllow && r.alwaysAllow() {
			continue
		}
		matched := false
		for _, n := range names {
			if r.matches(matchCtx{name: n, server: server, stringified: str, hasArgs: args != nil, mode: e.mode, headless: p.headless}) {
				matched = true
				break
			}
		}
		if !matched {
			continue
		}
		res := result{decision: r.decision, rule: r, step: stepRule, reason: ruleReason(r)}
		if !skip && isShell && command != "" && r.args == nil {
			res = e.heuristics(command, res)
		}
		if isShell {
			return e.checkShell(name, args, command, res, r, r.redirection)
		}
		return res
	}
	if e.mode == ModeYolo {
		return result{decision: decAllow, step: stepDefault, reason: "yolo mode allows what no rule decides"}
	}
	res := result{decision: e.defaultDecision(), step: stepDefault, reason: "no rule matched: Gemini CLI asks first"}
	if e.p.headless {
		res.reason = "no rule matched: headless Gemini CLI denies what it would ask"
	}
	if isShell {
		if !skip && command != "" {
			res = e.heuristics(command, res)
		}
		return e.checkShell(name, args, command, res, nil, false)
	}
	return res
}

// ruleReason says what a rule did.
func ruleReason(r *rule) string {
	var s string
	switch r.decision {
	case decDeny:
		s = "denied by policy"
		if r.denyMessage != "" {
			s += ": " + r.denyMessage
		}
	case decAsk:
		s = "a policy rule asks first (ask_user)"
	default:
		s = "allowed by a policy rule"
	}
	if r.builtin() {
		s += " (built-in default policy)"
	}
	return s
}

// heuristics is applyShellHeuristics: a git command in an untrusted
// folder asks, a dangerous command asks outside yolo, and a known-safe
// read-only command runs where the engine would have asked.
func (e *evaluator) heuristics(command string, res result) result {
	if res.decision == decDeny {
		return res
	}
	sl := e.p.split(command)
	tokens := lineTokens(command, sl)
	git := containsGit(lineTokens(command, outsideDoubleQuotes(command, sl)))
	switch {
	case git && !e.p.trusted:
		return result{decision: decAsk, step: stepHeuristics, reason: "a git command in an untrusted folder asks first"}
	case dangerous(tokens):
		if e.mode == ModeYolo {
			return res
		}
		return result{decision: decAsk, step: stepHeuristics, reason: "a command Gemini CLI counts as dangerous asks first"}
	case res.decision == decAsk && knownSafe(tokens, workspaceGuard{workspace: e.p.project, cwd: e.p.project, home: e.p.home}):
		return result{decision: decAllow, step: stepHeuristics, reason: "a read-only command Gemini CLI knows to be safe"}
	}
	return res
}

// downgrade reports whether an allowed command asks because it
// redirects: outside autoEdit and yolo, unless the rule sets
// allowRedirection.
func (e *evaluator) downgrade(command string, allowRedirection bool) bool {
	if allowRedirection || e.mode == ModeAutoEdit || e.mode == ModeYolo {
		return false
	}
	return hasRedirection(command, e.p.split(command))
}

// checkShell is checkShellCommand: the rule's (or the default's) decision
// for the whole line, then every command the line runs checked on its own
// (chains, pipes, substitutions, subshells, bash -c scripts); a deny
// anywhere denies, an ask anywhere asks.
func (e *evaluator) checkShell(name string, args map[string]any, command string, base result, r *rule, allowRedirection bool) result {
	if command == "" {
		return base
	}
	sl := e.p.split(command)
	if sl.Unparseable || len(sl.Spans) == 0 || endsInBackslash(command) {
		switch {
		case base.decision == decDeny:
			return base
		case e.mode == ModeYolo && r != nil && r.args != nil:
			return result{decision: decDeny, rule: r, step: stepParse, reason: "the command could not be parsed, and yolo mode denies it under a rule that restricts arguments"}
		case e.mode == ModeYolo:
			return result{decision: decAllow, rule: r, step: stepParse, reason: "the command could not be parsed; yolo mode runs it"}
		}
		return result{decision: e.defaultDecision(), rule: r, step: stepParse, reason: "the command could not be parsed, so Gemini CLI falls back to asking"}
	}
	if base.decision == decDeny {
		return base
	}
	ruleDecision := base.decision
	agg := base
	var responsible *rule
	if r != nil && ruleDecision == r.decision {
		responsible = r
	}
	if agg.decision == decAllow && e.downgrade(command, allowRedirection) {
		agg = result{decision: decAsk, step: stepRedirection, reason: "the command redirects, and the allow rule does not set allowRedirection"}
		responsible = nil
	}
	subArgs := func(cmd string) map[string]any {
		a := map[string]any{"command": cmd}
		if dir, ok := args["dir_path"]; ok && dir != nil {
			a["dir_path"] = dir
		}
		return a
	}
	part := func(sub string, sr result) result {
		return result{decision: sr.decision, rule: sr.rule, step: stepParts, reason: fmt.Sprintf("part %q: %s", sub, sr.reason)}
	}
	for _, sp := range sl.Spans {
		sub := strings.TrimSpace(sp.Text)
		atomic := sub == command || sp.Start == 0 && len(sp.Text) == len(command)
		var checks []string
		if stripped := stripShellWrapper(sub); stripped != sub {
			checks = append(checks, stripped)
		}
		if !atomic {
			checks = append(checks, sub)
		}
		for i, c := range checks {
			sr := e.check(name, subArgs(c), true)
			switch sr.decision {
			case decDeny:
				return part(c, sr)
			case decAsk:
				if agg.decision == decAllow {
					responsible = sr.rule
					agg = part(c, sr)
				} else if responsible == nil {
					responsible = sr.rule
				}
				agg.decision = decAsk
			case decAllow:
				isSub := i == len(checks)-1 && !atomic
				if isSub && agg.decision == decAllow && e.downgrade(c, allowRedirection) {
					agg = result{decision: decAsk, step: stepRedirection, reason: fmt.Sprintf("part %q redirects, and the allow rule does not set allowRedirection", c)}
					responsible = nil
				}
			}
		}
	}
	if agg.decision == ruleDecision {
		agg.rule = r
	} else {
		agg.rule = responsible
	}
	return agg
}

// endsInBackslash reports whether line ends in an unescaped backslash (a
// continuation with nothing after it). mvdan.cc/sh reads "ls\\" as "ls";
// Gemini CLI 0.61.0's tree-sitter parse reports an error, so the line
// takes checkShellCommand's parse-failure path: recorded with the real
// Gemini CLI 0.61.0 (testdata/gemini/generated), "ls\\" asked in autoEdit
// mode under a user allow on "*" at priority 900 (pg-g8219-10-…#16) and
// ran in yolo mode.
func endsInBackslash(line string) bool {
	t := strings.TrimRight(line, " \t\n")
	return (len(t)-len(strings.TrimRight(t, "\\")))%2 == 1
}

package codex

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/shell"
)

// StepSandbox is the step of a decision made by what Codex's sandbox
// would do with the command: run it, refuse its write, or ask to retry
// outside the sandbox.
const StepSandbox = "5 sandbox"

// Reasons in the seed's words.
const (
	reasonSandbox = "stopped by the sandbox"
	reasonAskNeed = "asks first (needs %s)"
)

// Steps of Codex's decision order, as Decision.Step names them.
const (
	stepTool       = "0 tool"
	stepEscalation = "1 escalation request"
	stepRules      = "2 prefix rules"
	stepRmGuard    = "3 rm guard"
	stepApproval   = "4 approval policy"
	stepSandbox    = StepSandbox
	stepPatch      = "2 patch safety"
)

// shellTools are Codex's command tools: exec_command (unified exec),
// shell_command, shell (an argv), local_shell_call.
var shellTools = map[string]bool{
	"exec_command": true, "shell_command": true, "shell": true, "local_shell_call": true,
	"local_shell": true, "container.exec": true, "unified_exec": true,
}

// decider holds one call's decision in progress.
type decider struct {
	p       *Policy
	call    engine.Call
	ap      approval
	sandbox string
	label   string
	notes   []string
	needs   []string
	cwd     string
	// as is the version the call is decided as, and versionBasis why
	// (Versions.VersionAs of the call's recorded version).
	as, versionBasis string
}

// Decide says what Codex would do with call in mode (empty: the mode the
// flags and config.toml select). A mode string may give only the approval
// policy ("never") or only the sandbox (":read-only"); the other half comes
// from the configuration. Decide never writes and never reads the disk.
func (p *Policy) Decide(call engine.Call, mode engine.Mode) engine.Decision {
	d := &decider{p: p, call: call, ap: p.base, sandbox: p.baseSb, label: p.baseLabel}
	d.as, d.versionBasis = Versions.VersionAs(call.Version)
	d.notes = append(d.notes, p.baseNotes...)
	if mode != "" {
		m, err := parseMode(string(mode))
		switch {
		case err != nil:
			d.notes = append(d.notes, fmt.Sprintf("%v; the configured mode is simulated", err))
		default:
			if m.approval != nil {
				d.ap = p.completeGranular(*m.approval)
			}
			if m.sandbox != "" {
				d.sandbox = m.sandbox
			}
			d.label = "the call's mode"
			if m.approval == nil || m.sandbox == "" {
				d.label = "the call's mode, completed from " + p.baseLabel
			}
			if d.ap.kind == approvalOnFailure && p.base.kind != approvalOnFailure {
				d.notes = append(d.notes, onFailureNote)
			}
		}
	}
	d.cwd = p.project
	if call.Cwd != "" {
		d.cwd = absPath(call.Cwd, p.project, p.home)
	}
	raw := call.RawTool
	switch {
	case raw == "apply_patch" || raw == "applypatch" || call.Tool == engine.ToolEdit || call.Tool == engine.ToolWrite:
		// An apply_patch (also one run through the shell, which a calls
		// row records as an edit), another harness's edit, or a normalized
		// one: Codex edits files through apply_patch. Without the patch
		// text (a calls row keeps only the paths) each path counts as an
		// update.
		if dec := d.runHooks("apply_patch", []string{"Write", "Edit"}, map[string]any{"command": patchText(call.Input)}); dec != nil {
			return *dec
		}
		changes := parsePatch(patchText(call.Input))
		if len(changes) == 0 {
			for _, f := range call.Paths {
				changes = append(changes, fileChange{path: f, kind: changeUpdate})
			}
		}
		return d.patch(changes)
	case shellTools[raw] || call.Tool == engine.ToolBash:
		if dec := d.runHooks("Bash", nil, map[string]any{"command": d.hookCommand()}); dec != nil {
			return *dec
		}
		return d.shellCall()
	case call.Tool == engine.ToolRead || call.Tool == engine.ToolGlob || call.Tool == engine.ToolGrep:
		d.notes = append(d.notes, "Codex reads files through its shell tool, and every sandbox mode lets commands read anywhere")
		return d.done(engine.Runs, engine.GroupRuns, stepTool, nil, "reads need no approval")
	case call.Tool == engine.ToolWebSearch:
		d.needs = []string{shell.NeedNetwork}
		return d.done(engine.Runs, engine.GroupRuns, stepTool, nil, "Codex's web search runs on the model's side and needs no approval")
	case call.Tool == engine.ToolMCP:
		if dec, ok := d.mcpOffered(raw); ok {
			return dec
		}
		return d.mcpApproval(raw)
	}
	return d.done(engine.Runs, engine.GroupRuns, stepTool, nil, "a tool that needs no approval in Codex")
}

// done builds the Decision.
func (d *decider) done(o engine.Outcome, g engine.Group, step string, rule *engine.RuleRef, reason string) engine.Decision {
	needs := append([]string(nil), d.needs...)
	sort.Strings(needs)
	needs = slices.Compact(needs)
	return engine.Decision{
		Outcome: o, Group: g, Step: step, Rule: rule, Reason: reason, Needs: needs,
		Notes: append([]string(nil), d.notes...), Mode: modeString(d.ap, d.sandbox), ModeLabel: d.label, Label: engine.Label,
		VersionBasis: d.versionBasis,
	}
}

// shellRequest is a command tool call taken apart.
type shellRequest struct {
	argv          []string
	cwd           string
	escalated     bool   // sandbox_permissions = "require_escalated" (with_escalated_permissions)
	justification string // the model's reason for an escalation
}

// shellRequestOf reads a command tool's arguments: exec_command's "cmd"
// (run as `/bin/bash -lc CMD`, or the "shell" it names), shell_command's
// "command" string, shell's "command" argv, local_shell_call's
// action.command; else Call.Command.
func (d *decider) shellRequestOf() shellRequest {
	in := d.call.Input
	r := shellRequest{cwd: d.cwd}
	sh, _ := in["shell"].(string)
	if sh == "" {
		sh = "/bin/bash"
	}
	flag := "-lc"
	if login, ok := in["login"].(bool); ok && !login {
		flag = "-c"
	}
	script := func(s string) []string { return []string{sh, flag, s} }
	action, _ := in["action"].(map[string]any)
	switch {
	case stringOf(in["cmd"]) != "":
		r.argv = script(stringOf(in["cmd"]))
	case stringOf(in["command"]) != "":
		r.argv = script(stringOf(in["command"]))
	case len(argvOf(in["command"])) > 0:
		r.argv = argvOf(in["command"])
	case action != nil && len(argvOf(action["command"])) > 0:
		r.argv = argvOf(action["command"])
	default:
		r.argv = script(d.call.Command)
	}
	for _, k := range []string{"workdir", "working_directory", "cwd"} {
		w := stringOf(in[k])
		if w == "" && action != nil {
			w = stringOf(action[k])
		}
		if w != "" {
			r.cwd = absPath(w, d.cwd, d.p.home)
			break
		}
	}
	r.escalated = stringOf(in["sandbox_permissions"]) == "require_escalated" || in["with_escalated_permissions"] == true
	r.justification = stringOf(in["justification"])
	return r
}

func stringOf(v any) string {
	s, _ := v.(string)
	return s
}

func argvOf(v any) []string {
	list, ok := v.([]any)
	if !ok {
		if ss, ok := v.([]string); ok {
			return ss
		}
		return nil
	}
	out := make([]string, 0, len(list))
	for _, a := range list {
		s, ok := a.(string)
		if !ok {
			return nil
		}
		out = append(out, s)
	}
	return out
}

// verdict is what Codex's rules and heuristics said about one command.
type verdict struct {
	cmd       []string
	matches   []ruleMatch
	decision  string // the strictest for this command
	dangerous bool   // the rm guard flagged it (no rule matched)
}

func (d *decider) shellCall() engine.Decision {
	r := d.shellRequestOf()
	script, isScript := shellScript(r.argv)
	if !isScript {
		script = quoteArgv(r.argv)
	}
	parsed := shell.Parse(script)
	if isScript && len(parsed.Commands) == 1 && (parsed.Commands[0].Name == "apply_patch" || parsed.Commands[0].Name == "applypatch") && parsed.Commands[0].Stdin != "" {
		d.notes = append(d.notes, "Codex reads apply_patch run through the shell as a patch")
		return d.patch(parsePatch(parsed.Commands[0].Stdin))
	}

	// 1. An escalation request the approval policy cannot show is refused.
	if r.escalated && d.ap.refuses(false) {
		return d.done(engine.Blocked, engine.GroupBlocked, stepEscalation, nil,
			fmt.Sprintf("the model asked to run outside the sandbox, which approval policy %s cannot ask about", d.ap.kind))
	}

	// 2-4. Prefix rules for each command; the rm guard and the approval
	// policy for a command no rule names.
	cmds, how := policyCommands(r.argv)
	if how == "whole" {
		d.notes = append(d.notes, "the script is not made of plain words joined by &&, ||, ; or |, so Codex checks it whole as [\""+
			r.argv[0]+"\", \""+r.argv[1]+"\", …], which prefix rules rarely match")
	}
	vs := make([]verdict, 0, len(cmds))
	worst := ""
	allAllowed := true
	for _, c := range cmds {
		v := verdict{cmd: c, matches: d.p.rules.match(c, true)}
		if len(v.matches) > 0 {
			for _, m := range v.matches {
				if strictness[m.rule.decision] > strictness[v.decision] {
					v.decision = m.rule.decision
				}
			}
			if !slices.ContainsFunc(v.matches, func(m ruleMatch) bool { return m.rule.decision == decisionAllow }) {
				allAllowed = false
			}
		} else {
			allAllowed = false
			v.decision, v.dangerous = d.heuristic(c, r.escalated)
		}
		if strictness[v.decision] > strictness[worst] {
			worst = v.decision
		}
		vs = append(vs, v)
	}

	se := d.p.effectsOf(parsed, r.cwd)
	if se.network {
		d.needs = append(d.needs, shell.NeedNetwork)
	}
	if se.system {
		d.needs = append(d.needs, shell.NeedWriteOutside)
	}

	switch worst {
	case decisionForbidden:
		if m, ok := firstRule(vs, decisionForbidden); ok {
			d.addWriteNeeds(se)
			reason := "forbidden by a prefix rule"
			if m.rule.justification != "" {
				reason += ": " + m.rule.justification
			}
			ref := m.rule.ref
			return d.done(engine.Blocked, engine.GroupBlocked, stepRules, &ref, reason)
		}
		d.addWriteNeeds(se)
		ref := rmGuardRef(decisionForbidden)
		return d.done(engine.Blocked, engine.GroupBlocked, stepRmGuard, &ref,
			"rm -f style commands are not permitted (Codex's built-in rm guard refuses them when it cannot ask)")
	case decisionPrompt:
		d.addWriteNeeds(se)
		if m, ok := firstRule(vs, decisionPrompt); ok {
			ref := m.rule.ref
			if d.ap.refuses(true) {
				return d.done(engine.Blocked, engine.GroupBlocked, stepRules, &ref, d.refusal())
			}
			reason := "asks first: a prompt rule names the command"
			if m.rule.justification != "" {
				reason += " (" + m.rule.justification + ")"
			}
			return d.done(engine.Asks, engine.GroupAsksRule, stepRules, &ref, reason)
		}
		// No rule asked: the rm guard, approval policy untrusted, or an
		// escalation request. A policy that cannot ask refused the
		// escalation at step 1 and turned the rm guard's prompt into a
		// refusal (never); a granular policy still asks for the rm guard,
		// whatever its sandbox_approval and rules switches say (recorded:
		// rc-br-granular-no-sandbox-approval, rc-br-granular-no-rules).
		dangerous := slices.ContainsFunc(vs, func(v verdict) bool { return v.dangerous && v.decision == decisionPrompt })
		step := stepApproval
		if dangerous {
			step = stepRmGuard
		}
		switch {
		case dangerous:
			ref := rmGuardRef(decisionPrompt)
			return d.done(engine.Asks, engine.GroupAsksRule, step, &ref, "asks first: an rm -f style command (Codex's built-in rm guard)")
		case d.ap.kind == approvalUntrusted:
			return d.done(engine.Asks, engine.GroupAsksMode, step, nil, "asks first: approval policy untrusted asks before any command no allow rule names")
		}
		reason := "asks first: the model asked to run the command outside the sandbox"
		if r.justification != "" {
			reason += " (" + r.justification + ")"
		}
		return d.done(engine.Asks, engine.GroupAsksMode, step, nil, reason)
	}

	// Every command is allowed. When each one matched an allow rule, Codex
	// runs the line outside the sandbox.
	if allAllowed {
		d.addWriteNeeds(se)
		m, _ := firstRule(vs, decisionAllow)
		ref := m.rule.ref
		if d.sandbox != sandboxFullAccess {
			d.notes = append(d.notes, "an allow rule for every command runs the line outside the sandbox")
		}
		return d.done(engine.Runs, engine.GroupRuns, stepRules, &ref, "an allow rule names every command")
	}
	return d.sandboxStage(se)
}

// heuristic is Codex's decision for a command no rule names: the rm guard
// first (ask, or refuse when the policy cannot ask), then the approval
// policy: untrusted asks; never runs it in the sandbox; on-request (and
// on-failure, granular) runs it in the sandbox, or asks when the model
// requested escalated permissions and there is a sandbox to escape.
func (d *decider) heuristic(cmd []string, escalated bool) (decision string, dangerous bool) {
	if d.rmGuarded(cmd) {
		if d.ap.kind == approvalNever {
			return decisionForbidden, true
		}
		return decisionPrompt, true
	}
	switch d.ap.kind {
	case approvalNever:
		return decisionAllow, false
	case approvalUntrusted:
		if d.untrustedRuns(cmd) {
			return decisionAllow, false
		}
		return decisionPrompt, false
	}
	if escalated && d.sandbox != sandboxFullAccess {
		return decisionPrompt, false
	}
	return decisionAllow, false
}

// refusal is Codex's word for a prompt rule's prompt its approval policy
// refuses: never, or a granular policy with rules = false.
func (d *decider) refusal() string {
	if d.ap.kind == approvalNever {
		return "approval required, but approval policy never refuses every prompt"
	}
	return "approval required by a prompt rule, but the granular approval policy has rules = false"
}

func firstRule(vs []verdict, decision string) (ruleMatch, bool) {
	for _, v := range vs {
		for _, m := range v.matches {
			if m.rule.decision == decision {
				return m, true
			}
		}
	}
	return ruleMatch{}, false
}

// rmGuardRef names Codex's built-in rm guard as the rule that decided, with
// the decision Codex's heuristics gave (prompt, or forbidden under never).
func rmGuardRef(decision string) engine.RuleRef {
	return engine.RuleRef{Text: "rm -f style commands (built-in rm guard)", Layer: LayerBuiltin, List: "builtin-rm-guard", Decision: decision}
}

// addWriteNeeds records what the command's writes need, without judging
// them against the sandbox.
func (d *decider) addWriteNeeds(se effects) {
	for _, w := range se.writes {
		if n := d.p.needOf(w, false); n != "" {
			d.needs = append(d.needs, n)
		}
	}
}

// sandboxStage runs the command in the sandbox: a write the sandbox
// refuses stops it (or, under on-failure and granular sandbox_approval,
// Codex asks to run it again outside); a change to the machine outside any
// folder (sudo, mount) fails in the sandbox with the command's own words,
// which Codex does not take for a sandbox denial, so it asks for no retry
// (recorded: rc-br-granular-retry-system); network access is cut in
// read-only and in workspace-write without network_access, but the command
// still runs.
func (d *decider) sandboxStage(se effects) engine.Decision {
	var denied []string
	deniedNeed := "" // the need of the first write the sandbox refuses
	for _, w := range se.writes {
		why := d.p.denial(d.sandbox, w)
		n := d.p.needOf(w, why != "")
		if n != "" {
			d.needs = append(d.needs, n)
		}
		if why != "" {
			denied = append(denied, why)
			if deniedNeed == "" {
				deniedNeed = n
			}
		}
	}
	if se.system && d.sandbox != sandboxFullAccess {
		denied = append(denied, "the sandbox refuses changes to the machine outside any folder (sudo, services, mounts)")
	}
	if d.sandbox == sandboxFullAccess {
		return d.done(engine.Runs, engine.GroupRuns, stepSandbox, nil, "danger-full-access runs every command without a sandbox")
	}
	if len(denied) > 0 {
		d.notes = append(d.notes, denied...)
		if d.ap.retriesOutside() && deniedNeed != "" {
			d.notes = append(d.notes, "the command runs in the sandbox and fails; Codex then asks to run it again outside (\"command failed; retry without sandbox?\")")
			return d.done(engine.Asks, engine.GroupAsksMode, stepSandbox, nil, fmt.Sprintf(reasonAskNeed, deniedNeed))
		}
		d.notes = append(d.notes, "Codex lets the command run inside its sandbox, which stops the write; approval policy "+d.ap.kind+" does not ask")
		return d.done(engine.Blocked, engine.GroupBlocked, stepSandbox, nil, reasonSandbox)
	}
	if se.network && (d.sandbox == sandboxReadOnly || !d.p.network) {
		if d.ap.retriesOutside() {
			d.notes = append(d.notes, "the sandbox cuts the network off; when the command fails Codex asks to run it again outside")
			return d.done(engine.Asks, engine.GroupAsksMode, stepSandbox, nil, fmt.Sprintf(reasonAskNeed, shell.NeedNetwork))
		}
		d.notes = append(d.notes, "Codex does not ask: the command runs in the sandbox, which refuses its network connections")
		return d.done(engine.Runs, engine.GroupRuns, stepSandbox, nil, "runs in the sandbox without network access")
	}
	return d.done(engine.Runs, engine.GroupRuns, stepSandbox, nil, "runs in the "+d.sandbox+" sandbox")
}

// patch decides an apply_patch: untrusted asks for every patch; a patch
// whose every file the sandbox lets Codex write runs (so does any patch
// under on-failure); else never and a granular policy without
// sandbox_approval refuse it, and the others ask.
func (d *decider) patch(changes []fileChange) engine.Decision {
	if len(changes) == 0 {
		return d.done(engine.Blocked, engine.GroupBlocked, stepPatch, nil, "Codex rejects an empty or unreadable patch before any approval")
	}
	var denied []string
	firstNeed := ""
	for _, c := range changes {
		for _, f := range []string{c.path, c.moveTo} {
			if f == "" {
				continue
			}
			target := absPath(f, d.cwd, d.p.home)
			why := d.p.denial(d.sandbox, target)
			n := d.p.needOf(target, why != "")
			if n != "" {
				d.needs = append(d.needs, n)
			}
			if why != "" {
				denied = append(denied, why)
				if firstNeed == "" {
					firstNeed = n
				}
			}
		}
	}
	if firstNeed == "" {
		firstNeed = shell.NeedWriteOutside
	}
	switch {
	case d.ap.kind == approvalUntrusted:
		return d.done(engine.Asks, engine.GroupAsksMode, stepPatch, nil, "asks first: approval policy untrusted asks before every patch")
	case len(denied) == 0:
		return d.done(engine.Runs, engine.GroupRuns, stepPatch, nil, "every file it writes is writable in the "+d.sandbox+" sandbox")
	case d.ap.kind == approvalOnFailure:
		d.notes = append(d.notes, denied...)
		return d.done(engine.Runs, engine.GroupRuns, stepPatch, nil, "approval policy on-failure applies every patch")
	}
	d.notes = append(d.notes, denied...)
	if d.ap.refuses(false) {
		return d.done(engine.Blocked, engine.GroupBlocked, stepPatch, nil, reasonSandbox)
	}
	return d.done(engine.Asks, engine.GroupAsksMode, stepPatch, nil, fmt.Sprintf(reasonAskNeed, firstNeed))
}

// quoteArgv writes an argument list as a shell line, for the sandbox check
// of a call that runs a program directly.
func quoteArgv(argv []string) string {
	parts := make([]string, len(argv))
	for i, a := range argv {
		parts[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
	}
	return strings.Join(parts, " ")
}

// Rules lists every rule under its file, in force or not, and why: prefix
// rules (List = allow, prompt or forbidden), host_executable() and
// network_rule() calls, and hooks (List = "hook:<Event>").
func (p *Policy) Rules() []engine.RuleInfo { return append([]engine.RuleInfo(nil), p.infos...) }

// Problems lists what could not be read, as file:line: message, in file
// order.
func (p *Policy) Problems() []string { return p.problems.Strings() }

// SettingsFiles lists the config.toml files Load read (engine.SettingsFiler),
// whether they hold rules or only set a mode (approval_policy,
// sandbox_mode) or a project's trust: what decides a call besides the
// .rules files, which their rules already name. A central replay decides
// a pulled host's calls against a snapshot of these (docs/scale.md).
func (p *Policy) SettingsFiles() []string { return engine.AbsFiles(p.read) }

// ProblemList is Problems as values, as the loaders wrote them
// (engine.ProblemLister).
func (p *Policy) ProblemList() []engine.Problem { return p.problems.List() }

// Modes lists the configured mode first, then the presets of Codex's
// /approvals menu (read only, default, full access) that differ from it.
func (p *Policy) Modes() []engine.Mode {
	out := []engine.Mode{modeString(p.base, p.baseSb)}
	for _, m := range []engine.Mode{"on-request:read-only", "on-request:workspace-write", "never:danger-full-access"} {
		if !slices.Contains(out, m) {
			out = append(out, m)
		}
	}
	return out
}

// ModeLabel says where the configured mode comes from.
func (p *Policy) ModeLabel() string { return p.baseLabel }

// Trusted reports whether the project's .codex/ folder applies, and why.
func (p *Policy) Trusted() (bool, string) { return p.trusted, p.trustWhy }

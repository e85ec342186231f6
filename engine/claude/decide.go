package claude

import (
	"fmt"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/shell"
)

// Reasons the seed gives a phrase for.
const (
	reasonClassifier = engine.ReasonClassifier
)

// Tool groups: which tools read files and which write them.
var (
	readTools = map[string]bool{"Read": true, "Glob": true, "Grep": true, "LS": true, "NotebookRead": true}
	editTools = map[string]bool{"Edit": true, "Write": true, "MultiEdit": true, "NotebookEdit": true}
	// freeTools need no permission in Claude Code: only a deny rule or a
	// hook stops them.
	freeTools = map[string]bool{
		"Agent": true, "TodoWrite": true, "ExitPlanMode": true, "BashOutput": true, "KillShell": true,
		"AskUserQuestion": true,
	}
	normalized = map[engine.Tool]string{
		engine.ToolBash: "Bash", engine.ToolRead: "Read", engine.ToolEdit: "Edit", engine.ToolWrite: "Write",
		engine.ToolGlob: "Glob", engine.ToolGrep: "Grep", engine.ToolWebFetch: "WebFetch", engine.ToolWebSearch: "WebSearch",
	}
)

// decider holds one call's decision in progress.
type decider struct {
	p     *Policy
	call  engine.Call
	tool  string
	mi    modeInfo
	mode  engine.Mode
	cwd   string
	allow []*rule // the allow rules this mode uses
	// classify is set when calls the deterministic steps leave open go to
	// the classifier: auto mode, and plan mode's shell commands when auto
	// mode is available and useAutoModeDuringPlan is on.
	classify     bool
	planClassify bool
	hook         HookVerdict
	notes        []string
	needs        []string
	as           string             // the version the call is decided as ("": the newest)
	versionBasis string             // Versions.VersionAs's label for the call's version
	usesOf       cmdMemo[[]fileUse] // files each command names, found once per call
	textsOf      cmdMemo[[]string]  // texts deny and ask rules see, found once per call
	// outside is a file an allow rule's command names outside the working
	// folders (approveCommand), which makes the line ask.
	outside string
}

// Decide says what Claude Code would do with call in mode (empty: the mode
// the settings select), walking the seed's fourteen steps in order. It
// never writes; it reads the disk only to follow symlinks on paths, and it
// runs the PreToolUse hooks that match the call only when the policy was
// loaded with Env.RunHooks.
func (p *Policy) Decide(call engine.Call, mode engine.Mode) engine.Decision {
	as, basis := Versions.VersionAs(call.Version)
	d := &decider{p: p, call: call, tool: toolOf(call), mi: versionMode(p.resolveMode(mode), as, call.ModeRecorded && mode != ""), as: as, versionBasis: basis}
	d.mode = d.mi.Mode
	d.cwd = p.project
	if call.Cwd != "" {
		d.cwd = shell.Resolve(call.Cwd, p.project, p.home)
	}
	d.planClassify = d.mode == modePlan && !p.disableAuto && p.autoInPlan && hasAuto(as)
	d.classify = d.mode == modeAuto || d.planClassify
	d.allow = p.allow
	if d.classify {
		d.allow = nil
		for _, r := range p.allow {
			if dangerousAllow(r) {
				continue
			}
			d.allow = append(d.allow, r)
		}
	}
	if hs := d.matchingHooks(); p.runHooks {
		d.hook = p.hooks.PreToolUse(HookRequest{Tool: d.hookTool(), Input: d.toolInput(), Cwd: d.cwd, Mode: modeForHooks(d.mode),
			Sources: p.hookSources, Handlers: hs, Project: p.project})
		d.notes = append(d.notes, d.hook.Notes...)
	} else if len(hs) > 0 {
		d.notes = append(d.notes, hooksNotRun(hs))
	}
	if d.hook.Unknown {
		// Whatever the hook would have said, a deny rule still blocks.
		unknown, saved := d.hook, append([]string(nil), d.notes...)
		d.hook = HookVerdict{}
		if dec := d.decideRest(); dec.Outcome == engine.Blocked && strings.HasPrefix(dec.Step, "2 ") {
			dec.Notes = append(dec.Notes, unknown.Reason+"; a deny rule blocks the call whatever it answers")
			return dec
		}
		d.notes = saved
		return d.done(engine.Unknown, engine.GroupUnknown, "1 hook", nil, unknown.Reason)
	}
	return d.decideRest()
}

// decideRest decides the call by its tool, once the hooks have answered.
func (d *decider) decideRest() engine.Decision {
	d.needs = d.toolNeeds()
	switch {
	case d.tool == "Bash":
		return d.bash()
	case readTools[d.tool]:
		return d.read()
	case editTools[d.tool]:
		if files := d.settingsWrites(); len(files) > 0 {
			d.notes = append(d.notes, settingsWriteNote(files))
		}
		return d.edit()
	case d.tool == "WebFetch":
		return d.webFetch()
	case d.tool == "Agent":
		return d.agent()
	}
	return d.other()
}

// toolNeeds is what a file or web tool needs to do its harm, in the words
// shell.Script.Needs uses for shell lines (Bash sets its own).
func (d *decider) toolNeeds() []string {
	switch {
	case d.tool == "WebFetch" || d.tool == "WebSearch":
		return []string{shell.NeedNetwork}
	case !editTools[d.tool]:
		return nil
	}
	set := map[string]bool{}
	for _, p := range d.filePaths() {
		switch {
		case shell.GitProtected(p):
			set[shell.NeedWriteGit] = true
		case within(p, d.p.project):
			set[shell.NeedWriteProject] = true
		case !shell.IsTemp(p):
			set[shell.NeedWriteOutside] = true
		}
	}
	var out []string
	for _, n := range []string{shell.NeedNetwork, shell.NeedWriteGit, shell.NeedWriteOutside, shell.NeedWriteProject} {
		if set[n] {
			out = append(out, n)
		}
	}
	return out
}

// toolOf names the called tool as Claude Code's rules do.
func toolOf(call engine.Call) string {
	if call.RawTool != "" {
		if t, ok := toolNames[call.RawTool]; ok {
			return t
		}
		return call.RawTool
	}
	if t, ok := normalized[call.Tool]; ok {
		return t
	}
	return string(call.Tool)
}

// dangerousInterpreters are the programs whose wildcard allow rules auto
// mode drops, since they would let any code run past the classifier.
var dangerousInterpreters = map[string]bool{
	"python": true, "python2": true, "python3": true, "node": true, "deno": true, "bun": true,
	"ruby": true, "perl": true, "php": true, "lua": true, "npx": true, "bunx": true, "pnpx": true,
	"sh": true, "bash": true, "zsh": true, "fish": true, "dash": true, "ksh": true, "pwsh": true,
	"eval": true, "exec": true, "env": true, "xargs": true, "sudo": true, "su": true, "doas": true,
	"ssh": true, "source": true, ".": true, "tsx": true, "ts-node": true,
}

// dangerousRunners are the package-script runners auto mode drops a
// wildcard allow rule for, like an interpreter's: "npm run ." went to the
// classifier in plan mode under Bash(npm run:*) (recorded with real Claude
// Code 2.1.328, testdata/claude/realconfigs r053). yarn, pnpm and bun run
// were not recorded.
var dangerousRunners = map[string]bool{"npm run": true}

// codeFlags make an interpreter run the code that follows on the command
// line.
var codeFlags = map[string]bool{"-c": true, "-e": true, "--eval": true, "-p": true, "--print": true, "-lc": true, "-ic": true, "-r": true}

// dangerousAllow reports whether auto mode drops an allow rule: the whole
// Bash tool, a bare wildcard, or an interpreter followed by a wildcard.
// (The real 2.1.328 sent "make deploy" to the classifier in auto and plan
// mode under a tool-wide Bash allow that let it run in default mode.)
func dangerousAllow(r *rule) bool {
	if r.tool != "Bash" {
		return false
	}
	switch r.kind {
	case kindTool:
		return true
	case kindBash:
		raw := strings.TrimSpace(r.bash.raw)
		if raw == "*" {
			return true
		}
		if r.bash.legacy {
			p := strings.TrimSpace(r.bash.prefix)
			return dangerousInterpreters[p] || dangerousRunners[strings.Join(strings.Fields(p), " ")]
		}
		for _, suffix := range []string{" *", "*"} {
			head, ok := strings.CutSuffix(raw, suffix)
			if !ok || strings.Contains(head, "*") {
				continue
			}
			// The interpreter alone, or with an inline-code flag: the
			// real 2.1.328 sent python3 -c '…' to the classifier in auto
			// and plan mode under Bash(python3 -c *).
			words := strings.Fields(head)
			if len(words) > 0 && dangerousInterpreters[words[0]] && (len(words) == 1 || len(words) == 2 && codeFlags[words[1]]) {
				return true
			}
			if dangerousRunners[strings.Join(words, " ")] {
				return true
			}
		}
	}
	return false
}

// done builds the Decision.
func (d *decider) done(o engine.Outcome, g engine.Group, step string, r *rule, reason string) engine.Decision {
	dec := engine.Decision{
		Outcome: o, Group: g, Step: step, Reason: reason, Needs: d.needs,
		Mode: d.mi.Mode, ModeLabel: d.mi.Label, Label: engine.Label, VersionBasis: d.versionBasis,
	}
	if r != nil {
		dec.Rule = r.ref()
	}
	dec.Notes = append(append([]string(nil), d.mi.Notes...), d.notes...)
	return dec
}

func (d *decider) block(step string, r *rule, reason string) engine.Decision {
	return d.done(engine.Blocked, engine.GroupBlocked, step, r, reason)
}

func (d *decider) run(step string, r *rule, reason string) engine.Decision {
	return d.done(engine.Runs, engine.GroupRuns, step, r, reason)
}

// ask is a prompt; byRule says a rule, hook or built-in check caused it
// (it stays in auto mode) rather than the mode. dontAsk refuses instead.
func (d *decider) ask(step string, r *rule, reason string, byRule bool) engine.Decision {
	if d.mode == modeDontAsk {
		d.notes = append(d.notes, "dontAsk mode turns this ask into a denial")
		return d.block(step, r, reason)
	}
	return d.done(engine.Asks, engine.GroupFor(engine.Asks, byRule), step, r, reason)
}

func (d *decider) classifier(step string) engine.Decision {
	return d.run(step, nil, reasonClassifier)
}

// fallback is step 14: ask in default and acceptEdits, deny in dontAsk,
// the classifier in auto; in plan the classifier for shell commands when
// auto mode is available and useAutoModeDuringPlan is on, else ask.
func (d *decider) fallback(shellCmd bool, reason string) engine.Decision {
	const step = "14 mode fallback"
	switch d.mode {
	case modeDontAsk:
		return d.block(step, nil, "dontAsk mode refuses what it would ask: "+reason)
	case modeAuto:
		return d.classifier(step)
	case modePlan:
		if shellCmd && d.planClassify {
			return d.classifier(step)
		}
	case modeBypass:
		return d.run("11 bypassPermissions", nil, "")
	}
	return d.ask(step, nil, reason, false)
}

// protectedWrite is step 10 for a write to a protected path.
func (d *decider) protectedWrite(path string) (engine.Decision, bool) {
	const step = "10 protected path"
	reason := "writes to protected paths ask: " + path
	switch d.mode {
	case modeBypass:
		return engine.Decision{}, false
	case modeDontAsk:
		return d.block(step, nil, reason), true
	case modeAuto:
		return d.classifier(step), true
	case modePlan:
		if d.planClassify {
			return d.classifier(step), true
		}
	}
	return d.ask(step, nil, reason, true), true
}

// toolRule finds a rule in list that covers every call of the tool.
func (d *decider) toolRule(list []*rule) *rule {
	for _, r := range list {
		if r.kind == kindTool && r.matchesTool(d.tool) {
			return r
		}
	}
	return nil
}

// blockedWhole is steps 1 and 2 for the call as a whole, which every tool
// takes first: a hook that blocks it, then a deny rule for the whole tool
// or its parameters (wholeRule).
func (d *decider) blockedWhole() (engine.Decision, bool) {
	if dec, ok := d.hookStep(1); ok {
		return dec, true
	}
	if r := d.wholeRule(d.p.deny); r != nil {
		return d.block("2 deny rule", r, "denied by "+r.text), true
	}
	return engine.Decision{}, false
}

// wholeRule finds the rule of list that speaks for the call as a whole,
// whatever its paths or command: a tool-wide rule (toolRule), else a
// Tool(param:value) one (paramRule).
func (d *decider) wholeRule(list []*rule) *rule {
	if r := d.toolRule(list); r != nil {
		return r
	}
	return d.paramRule(list)
}

// paramRule finds a Tool(param:value) rule in list that matches the call's
// input.
func (d *decider) paramRule(list []*rule) *rule {
	for _, r := range list {
		if r.kind != kindParam || !r.matchesTool(d.tool) {
			continue
		}
		v, ok := d.call.Input[r.param]
		if !ok {
			continue
		}
		s, isStr := v.(string)
		if !isStr {
			s = fmt.Sprint(v)
		}
		if r.value.match(s) {
			return r
		}
	}
	return nil
}

// hookStep answers steps 1, 6 and 9 from the hook verdict: the first of
// steps the verdict decides.
func (d *decider) hookStep(steps ...int) (engine.Decision, bool) {
	why := d.hook.Reason
	if d.hook.Handler != "" {
		why = d.hook.Handler + ": " + why
	}
	for _, step := range steps {
		switch {
		case step == 1 && d.hook.Decision == "deny":
			return d.block("1 hook blocks", nil, why), true
		case step == 6 && d.hook.Decision == "ask":
			return d.ask("6 hook asks", nil, why, true), true
		case step == 9 && d.hook.Decision == "allow":
			return d.run("9 hook allows", nil, why), true
		}
	}
	return engine.Decision{}, false
}

// filePaths are the absolute paths a file tool names.
func (d *decider) filePaths() []string {
	var raw []string
	raw = append(raw, d.call.Paths...)
	if len(raw) == 0 {
		for _, k := range []string{"file_path", "notebook_path", "path"} {
			if s, ok := d.call.Input[k].(string); ok && s != "" {
				raw = append(raw, s)
				break
			}
		}
	}
	if len(raw) == 0 && (d.tool == "Glob" || d.tool == "Grep" || d.tool == "LS") {
		raw = append(raw, d.cwd)
	}
	out := make([]string, 0, len(raw))
	for _, s := range raw {
		if !filepath.IsAbs(s) {
			s = filepath.Join(d.cwd, s)
		}
		out = append(out, filepath.Clean(s))
	}
	return out
}

// searched adds, for the tools that search a folder (Glob, Grep, LS), what
// is inside it: "secrets/**" does not name the folder itself, but a
// search in it reads its files.
func (d *decider) searched(paths []string) []string {
	if d.tool != "Glob" && d.tool != "Grep" && d.tool != "LS" {
		return paths
	}
	out := append([]string(nil), paths...)
	for _, p := range paths {
		out = append(out, filepath.Join(p, "_"))
	}
	return out
}

// pathRule finds the first rule of list for the group that matches path or
// the file a symlink on it points at.
func (d *decider) pathRule(list []*rule, group, path string, anyDepth bool) *rule {
	has := false
	for _, r := range list {
		if r.tool == group && r.kind == kindPath {
			has = true
			break
		}
	}
	if !has {
		return nil // no path rule to match: no need to follow symlinks
	}
	for _, t := range d.p.linkTargets(path) {
		if r := d.p.matchPath(list, group, t, anyDepth); r != nil {
			return r
		}
	}
	return nil
}

// readAllowed reports whether an allow rule covers reading path: a bare
// Read rule, or a Read or Edit path rule matching the path (or, for a
// folder, what is inside it). An Edit allow rule lets the path be read
// too: the real 2.1.328 read ~/scratch/ideas.txt under Edit(~/scratch/**).
func (d *decider) readAllowed(path string) *rule {
	// A tool-wide "Read" allow approves the Read tool anywhere, but not a
	// shell command's reads outside the working folders: recorded with
	// real Claude Code 2.1.328, "cat ~/.ssh/*" and "rev
	// /home/user/.aws/credentials" asked in acceptEdits under a managed
	// "Read" allow (testdata/claude/holdout9901 g9901-010), as did "stat
	// ~/work/plan.md", "timeout 5 sha256sum worklink" and a subagent's "cat
	// -A /etc/hostname" was refused in dontAsk (testdata/claude/generated
	// g2-111, g2-014, g2-054), while the Read tool ran on such files.
	if d.tool != "Bash" {
		for _, r := range d.allow {
			if r.kind == kindTool && r.tool == "Read" {
				return r
			}
		}
	}
	for _, group := range []string{"Read", "Edit"} {
		if r := d.p.matchPath(d.allow, group, path, false); r != nil {
			return r
		}
		if r := d.p.matchPath(d.allow, group, filepath.Join(path, "_"), false); r != nil {
			return r
		}
	}
	return nil
}

// allowRule is step 12's allow rule for a file tool: a tool-wide allow
// rule, else, when allowed finds a rule for every one of paths, the last
// path's (nil for no paths).
func (d *decider) allowRule(paths []string, allowed func(string) *rule) *rule {
	if r := d.toolRule(d.allow); r != nil {
		return r
	}
	var by *rule
	for _, path := range paths {
		if by = allowed(path); by == nil {
			return nil
		}
	}
	return by
}

// editAllowed reports whether an Edit allow rule (path, or a bare Edit)
// covers writing path.
//
// A tool-wide rule counts only for the tool it names (toolRule, before
// this): a bare "Edit" allow did not approve a Write. Recorded with real
// Claude Code 2.1.328: "Write new-notes.md" asked in default mode and
// "Write README.md" was refused in dontAsk mode under an "Edit" allow
// (testdata/claude/generated, g2-123 and g2-072), where a Write under a
// path rule such as Edit(*.md) ran, and under "Edit" allow plus "Edit"
// ask a Write asked (testdata/claude/holdout5519, g5519-003).
func (d *decider) editAllowed(path string) *rule {
	return d.p.matchPath(d.allow, "Edit", path, false)
}

// read decides Read and the other file-reading tools.
func (d *decider) read() engine.Decision {
	paths := d.filePaths()
	if dec, ok := d.blockedWhole(); ok {
		return dec
	}
	for _, path := range d.searched(paths) {
		if r := d.pathRule(d.p.deny, "Read", path, true); r != nil {
			return d.block("2 deny rule", r, fmt.Sprintf("%s is denied by %s", path, r.text))
		}
	}
	if d.p.blockReads {
		for _, path := range paths {
			if !d.p.inWorkDirs(path) {
				return d.block("4 outside working folders", nil, "blockReadsOutsideWorkingDirectories refuses "+path)
			}
		}
	}
	if r := d.wholeRule(d.p.ask); r != nil {
		return d.ask("5 ask rule", r, "asks because of "+r.text, true)
	}
	for _, path := range d.searched(paths) {
		if r := d.pathRule(d.p.ask, "Read", path, true); r != nil {
			return d.ask("5 ask rule", r, "asks because of "+r.text, true)
		}
	}
	if dec, ok := d.hookStep(6, 9); ok {
		return dec
	}
	if d.mode == modeBypass {
		return d.run("11 bypassPermissions", nil, "")
	}
	var outside []string
	for _, path := range paths {
		// A link in the project to a file outside reads outside: the real
		// 2.1.328 asked to Read such a link (with reason workingDir), even
		// under an allow rule naming the target (Read(~/.ssh/**) and a
		// link to ~/.ssh/id_ed25519), so the link's own path is what an
		// allow rule must name.
		if !d.p.inWorkDirsLinked(path) {
			outside = append(outside, path)
		}
	}
	if len(outside) == 0 {
		return d.run("12 working folder read", nil, "reads inside the working folders run")
	}
	if r := d.allowRule(outside, d.readAllowed); r != nil {
		return d.run("12 allow rule", r, "")
	}
	if d.mode == modeAuto || d.mode == modePlan {
		return d.run("12 "+string(d.mode)+" mode", nil, "reads anywhere run in "+string(d.mode)+" mode")
	}
	return d.fallback(false, "reads outside the working folders ask: "+strings.Join(outside, ", "))
}

// edit decides Edit, Write, MultiEdit and NotebookEdit.
func (d *decider) edit() engine.Decision {
	paths := d.filePaths()
	if dec, ok := d.blockedWhole(); ok {
		return dec
	}
	for _, path := range paths {
		if r := d.pathRule(d.p.deny, "Edit", path, true); r != nil {
			return d.block("2 deny rule", r, fmt.Sprintf("%s is denied by %s", path, r.text))
		}
		if r := d.pathRule(d.p.deny, "Read", path, true); r != nil {
			return d.block("2 deny rule", r, fmt.Sprintf("%s is covered by the Read deny rule %s, which also blocks writes", path, r.text))
		}
	}
	ask := d.wholeRule(d.p.ask)
	for _, path := range paths {
		if ask == nil {
			ask = d.pathRule(d.p.ask, "Edit", path, true)
		}
	}
	// The real 2.1.328 checks ask rules and the protected-path classifier
	// before plan mode's own prompt, so they run first here.
	if ask != nil {
		return d.ask("5 ask rule", ask, "asks because of "+ask.text, true)
	}
	var prot string
	for _, path := range paths {
		if protected(path) {
			prot = path
			break
		}
	}
	if d.mode == modePlan {
		if prot != "" && d.planClassify {
			return d.classifier("10 protected path")
		}
		return d.ask("3 plan mode", nil, "plan mode holds file edits until a plan is approved", false)
	}
	if dec, ok := d.hookStep(6, 9); ok {
		return dec
	}
	if prot != "" {
		if dec, ok := d.protectedWrite(prot); ok {
			return dec
		}
	}
	if d.mode == modeBypass {
		return d.run("11 bypassPermissions", nil, "")
	}
	// An edit through a link (or a linked folder) leading outside the
	// working folders asks as a safety check, as a shell write there does
	// (bash): "Edit worklink/notes.txt" (worklink → ~/work) asked in auto
	// mode with decision_reason_type safetyCheck, "resolves through a
	// symlink to /home/user/work/notes.txt, which is outside the allowed
	// working directories" (recorded with real Claude Code 2.1.328,
	// testdata/claude/generated g2-087), where an edit outside would go to
	// the classifier.
	for _, path := range paths {
		if (d.p.isLink(path) || d.p.throughLinkedDir(path)) && !d.p.inWorkDirsLinked(path) {
			return d.ask("12 write through a link", nil, path+" resolves through a symbolic link to outside the working folders, which asks as a safety check", true)
		}
	}
	if r := d.allowRule(paths, d.editAllowed); r != nil {
		return d.run("12 allow rule", r, "")
	}
	inside := len(paths) > 0
	for _, path := range paths {
		inside = inside && d.p.inWorkDirsLinked(path)
	}
	if inside && (d.mode == modeAccept || d.mode == modeAuto) {
		return d.run("12 "+string(d.mode), nil, "file edits inside the working folders run in "+string(d.mode)+" mode")
	}
	if !inside {
		return d.fallback(false, "edits outside the working folders ask")
	}
	return d.fallback(false, "file edits ask")
}

// webFetch decides WebFetch by the URL's host.
func (d *decider) webFetch() engine.Decision {
	host := ""
	if s, ok := d.call.Input["url"].(string); ok {
		host = hostOf(s)
	}
	domainRule := func(list []*rule) *rule {
		if r := d.toolRule(list); r != nil {
			return r
		}
		if r := d.paramRule(list); r != nil {
			return r
		}
		for _, r := range list {
			if r.kind == kindDomain && host != "" && domainMatch(r.domain, host) {
				return r
			}
		}
		return nil
	}
	if dec, ok := d.hookStep(1); ok {
		return dec
	}
	if r := domainRule(d.p.deny); r != nil {
		return d.block("2 deny rule", r, "WebFetch denied access to domain:"+host)
	}
	if r := domainRule(d.p.ask); r != nil {
		return d.ask("5 ask rule", r, "asks because of "+r.text, true)
	}
	if dec, ok := d.hookStep(6, 9); ok {
		return dec
	}
	if d.mode == modeBypass {
		return d.run("11 bypassPermissions", nil, "")
	}
	if r := domainRule(d.allow); r != nil {
		return d.run("12 allow rule", r, "")
	}
	if d.classify {
		// WebFetch went to the classifier in plan mode too (recorded
		// with real Claude Code 2.1.328, testdata/claude/generated).
		return d.classifier("14 mode fallback")
	}
	return d.fallback(false, "no rule allows fetching "+host)
}

// hostOf is the host a URL names, "" when it names none.
func hostOf(s string) string {
	if u, err := url.Parse(s); err == nil {
		return u.Hostname()
	}
	return ""
}

// agent decides Task/Agent: only a deny rule (or a hook) stops it; the
// subagent's own calls are decided on their own.
func (d *decider) agent() engine.Decision {
	typ, _ := d.call.Input["subagent_type"].(string)
	if typ == "" {
		typ = "general-purpose"
	}
	if dec, ok := d.hookStep(1); ok {
		return dec
	}
	if d.classify {
		// Where the classifier decides, it sees a Task or Agent call before
		// the deny rules do: under Agent(Explore), Task(Explore) and
		// Agent(general-purpose) deny rules the real 2.1.328 sent the call
		// to the classifier in auto and plan mode, and no such call was
		// refused by its rule there (testdata/claude/generated g2-082,
		// g2-131; holdout6011 g6011-002).
		for _, r := range d.p.deny {
			if r.tool == "Agent" {
				d.notes = append(d.notes, fmt.Sprintf("%s mode sends the call to the classifier before the deny rule %s", d.mode, r.text))
				break
			}
		}
		return d.classifier("14 mode fallback")
	}
	for _, r := range d.p.deny {
		if r.tool != "Agent" {
			continue
		}
		if r.kind == kindTool || (r.kind == kindAgent && r.agent == typ) || (r.kind == kindParam && d.paramRule([]*rule{r}) != nil) {
			return d.block("2 deny rule", r, fmt.Sprintf("Agent type '%s' has been denied by permission rule '%s'", typ, r.text))
		}
	}
	if dec, ok := d.hookStep(6, 9); ok {
		return dec
	}
	return d.run("12 tool needs no permission", nil, "a Task runs; its subagent's calls are decided on their own")
}

// other decides tools with no specifier of their own (WebSearch, MCP
// tools, …): bare and param rules, then the mode.
func (d *decider) other() engine.Decision {
	if dec, ok := d.blockedWhole(); ok {
		return dec
	}
	if dec, ok := d.mcpServerStep(); ok {
		return dec
	}
	if r := d.wholeRule(d.p.ask); r != nil {
		return d.ask("5 ask rule", r, "asks because of "+r.text, true)
	}
	if dec, ok := d.hookStep(6, 9); ok {
		return dec
	}
	if freeTools[d.tool] {
		return d.run("12 tool needs no permission", nil, "")
	}
	if d.mode == modeBypass {
		return d.run("11 bypassPermissions", nil, "")
	}
	if r := d.toolRule(d.allow); r != nil {
		return d.run("12 allow rule", r, "")
	}
	return d.fallback(false, "no rule allows "+d.tool)
}

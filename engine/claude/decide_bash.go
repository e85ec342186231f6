package claude

import (
	"fmt"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/shell"
	"github.com/permsim/permsim/internal/boundcache"
)

// script parses a command line once per Policy.
func (p *Policy) script(line string) *shell.Script {
	return boundcache.Get(&p.scripts, line, parseLine)
}

// parseLine parses a command line as Claude Code 2.1.328 reads it. A line
// ending in a single | is read without it: "cat README.md |" ran in
// default, auto, plan and bypassPermissions mode (recorded,
// testdata/claude/generated), as "cat README.md" would (bash itself
// refuses the line, so nothing runs but the error), where a trailing &&
// asked.
//
// A line ending in ";;" outside a case statement is read without it too:
// "git status;;" ran in default mode (recorded, testdata/claude/
// holdout7723), where "git status;; | cut -c1-5", malformed in the
// middle, asked.
func parseLine(line string) *shell.Script {
	s := shell.Parse(line)
	if !s.Unparseable {
		return s
	}
	t := strings.TrimRight(line, " \t")
	var head string
	switch {
	case strings.Contains(s.Err, "must be followed by a statement") && strings.HasSuffix(t, "|") && !strings.HasSuffix(t, "||"):
		head = strings.TrimSuffix(t, "|")
	case strings.Contains(s.Err, "can only be used in a case clause") && strings.HasSuffix(t, ";;"):
		head = strings.TrimSuffix(t, ";;")
	default:
		return s
	}
	if h := shell.Parse(head); !h.Unparseable {
		return h
	}
	return s
}

// command is the call's shell command line.
func (d *decider) command() string {
	if d.call.Command != "" {
		return d.call.Command
	}
	s, _ := d.call.Input["command"].(string)
	return s
}

// bash decides a Bash call.
func (d *decider) bash() engine.Decision {
	s := d.p.script(d.command())
	d.needs = s.Needs(d.cwd, d.p.project, d.p.home)
	if files := d.settingsWrites(); len(files) > 0 {
		d.notes = append(d.notes, settingsWriteNote(files))
	}

	// 1. A blocking hook. 2. Deny rules: for the whole tool, then on any
	// command, nested ones included, and path deny rules on the files the
	// commands read or write.
	if dec, ok := d.blockedWhole(); ok {
		return dec
	}
	for i := range s.Commands {
		c := &s.Commands[i]
		if r := d.bashRule(d.p.deny, c); r != nil {
			return d.block("2 deny rule", r, fmt.Sprintf("%s is denied by %s", c.Text, r.text))
		}
	}
	if r, seg := d.rawRule(d.p.deny, s); r != nil {
		return d.block("2 deny rule", r, fmt.Sprintf("%s (in a line that cannot be parsed) is denied by %s", seg, r.text))
	}
	for i := range s.Commands {
		c := &s.Commands[i]
		for _, u := range d.uses(c) {
			if u.path == "" {
				continue
			}
			if c.Nested {
				// Recorded with real Claude Code 2.1.328
				// (testdata/claude/generated): a denied file named inside
				// $( ), <( ), ( ) or { } made the line ask, not refuse
				// ("x=$(cat docs/key-link)", "paste <(cat secrets/api.key)
				// …" under Read(./secrets/**)). Such lines are never
				// approved (approveScript), so they ask.
				if r := d.pathRule(d.p.deny, "Read", u.path, true); r != nil {
					d.notes = append(d.notes, fmt.Sprintf("%s names %s, which the deny rule %s covers, but Claude Code does not check files inside a group or substitution", c.Text, u.raw, r.text))
				}
				continue
			}
			if !pathCheckedVia[u.via] {
				// Claude Code does not check this command's files; say so
				// when a deny rule names one.
				if r := d.pathRule(d.p.deny, "Read", u.path, true); r != nil {
					d.notes = append(d.notes, fmt.Sprintf("%s names %s, which the deny rule %s covers, but Claude Code does not check %s's files", c.Text, u.raw, r.text, u.via))
				} else if r := d.pathRule(d.p.deny, "Edit", u.path, true); r != nil && u.write {
					d.notes = append(d.notes, fmt.Sprintf("%s names %s, which the deny rule %s covers, but Claude Code does not check %s's files", c.Text, u.raw, r.text, u.via))
				}
				continue
			}
			// A use that only writes (a redirection, rm, touch, a copy's
			// target) is checked against Edit deny rules, not Read ones:
			// "make build &> .env" and "rm .env" asked under Read(.env),
			// "rm config/prod.env" ran in acceptEdits under
			// Read(./config/*.env) (recorded with real Claude Code
			// 2.1.328, testdata/claude/generated), while ">>
			// ~/.bash_profile" was refused under Edit(~/.bash_profile)
			// (testdata/claude/differential).
			onlyWrites := u.write && !u.read
			if r := d.pathRule(d.p.deny, "Read", u.path, true); r != nil && !onlyWrites {
				return d.block("2 deny rule", r, fmt.Sprintf("%s: %s is denied by %s", c.Text, u.raw, r.text))
			}
			if u.write {
				if r := d.pathRule(d.p.deny, "Edit", u.path, true); r != nil {
					return d.block("2 deny rule", r, fmt.Sprintf("%s: %s is denied by %s", c.Text, u.raw, r.text))
				}
			}
		}
	}

	// 5. Ask rules, and a line too long to check.
	if r := d.wholeRule(d.p.ask); r != nil {
		return d.ask("5 ask rule", r, "asks because of "+r.text, true)
	}
	for i := range s.Commands {
		c := &s.Commands[i]
		if r := d.bashRule(d.p.ask, c); r != nil {
			return d.ask("5 ask rule", r, "asks because of "+r.text, true)
		}
	}
	if r, _ := d.rawRule(d.p.ask, s); r != nil {
		return d.ask("5 ask rule", r, "asks because of "+r.text, true)
	}
	for i := range s.Commands {
		c := &s.Commands[i]
		for _, u := range d.uses(c) {
			if u.path == "" || !u.write || !pathCheckedVia[u.via] {
				continue
			}
			if r := d.pathRule(d.p.ask, "Edit", u.path, true); r != nil {
				if d.classify {
					// Recorded with real Claude Code 2.1.328: in auto mode
					// "cd src &> src/gen.py" under Edit(src/**) and "(whereis
					// ls 2> notes.md; …)" under Edit(./notes.md) ask rules
					// went to the classifier (testdata/claude/generated g1-022,
					// holdout7723 g7723-010); no such line asked there. So
					// did "ls src >> src/gen.py && ./scripts/build.sh" under
					// Edit(src/**) in plan mode with the classifier
					// (holdout9931 g9931-004).
					d.notes = append(d.notes, fmt.Sprintf("auto mode does not ask for the Edit ask rule %s on %s", r.text, u.raw))
					continue
				}
				return d.ask("5 ask rule", r, "asks because of "+r.text, true)
			}
		}
	}
	if s.TooLong {
		return d.ask("5 too-long line", nil, "a command line over 10,000 characters always asks", true)
	}

	// 6. A hook that asks.
	if dec, ok := d.hookStep(6); ok {
		return dec
	}

	// 7. rm or rmdir of a critical path asks, past any allow rule and in
	// bypassPermissions; the real 2.1.328 refuses it outright where the
	// classifier would decide (auto, plan).
	for i := range s.Commands {
		if what, bad := d.criticalRm(&s.Commands[i]); bad {
			reason := "Dangerous rm operation on critical path: " + what
			if d.classify {
				return d.block("7 critical rm", nil, reason+" (denied by a built-in safety check)")
			}
			return d.ask("7 critical rm", nil, reason, true)
		}
	}

	// 8. blockReadsOutsideWorkingDirectories: reads outside, or a line
	// whose working folder cannot be followed, ask in every mode, unless
	// the sandbox's auto-allow takes the line (sandboxTakes).
	sandboxed := d.sandboxTakes(s)
	if d.p.blockReads && !sandboxed {
		if s.Untraceable {
			return d.ask("8 outside working folders", nil, "the command's working folder cannot be followed (a subshell or more than one cd)", true)
		}
		for i := range s.Commands {
			for _, u := range d.uses(&s.Commands[i]) {
				if u.read && u.path != "" && pathCheckedVia[u.via] && !d.p.inWorkDirs(u.path) {
					return d.ask("8 outside working folders", nil, "reads "+u.path+" outside the working folders", true)
				}
			}
		}
	}

	// 9. A hook that allows.
	if dec, ok := d.hookStep(9); ok {
		return dec
	}

	// 10. Writes to protected paths. Claude Code does not see the writes
	// of a command inside a group or substitution, as with deny rules
	// (step 2): under a tool-wide Bash allow in dontAsk mode "{ git add .
	// > .claude/settings.json | head -3; … }", "{ cp README.md
	// .claude/settings.json; }" and "(git add . > .claude/settings.json)"
	// ran where "git add . > .claude/settings.json" was refused (recorded
	// with real Claude Code 2.1.328, testdata/claude/holdout5519 and
	// testdata/claude/probe-settings). Without such an allow these lines
	// are never approved (approveScript), so they still ask or are refused
	// by the mode.
	for i := range s.Commands {
		if s.Commands[i].Nested || sandboxed {
			continue
		}
		for _, u := range d.uses(&s.Commands[i]) {
			if u.write && u.path != "" && protected(u.path) {
				if dec, ok := d.protectedWrite(u.path); ok {
					return dec
				}
			}
		}
	}

	// A line the parser cannot read asks as a safety check, in every
	// mode, bypassPermissions included (auto mode too asks rather than
	// classify): recorded with real Claude Code 2.1.328 ("((", "ls )",
	// "for x in; do" asked with decision_reason_type safetyCheck, "((" and
	// "| ls | wc -l" in bypassPermissions).
	// A line that only ends too early (an unclosed quote or
	// here-document, an if without fi, a trailing &&: "echo hi &&" asked
	// with decision_reason_type other) is not: it falls to the mode like
	// any line no rule approves ("echo \"a | tee out.txt" and an unclosed
	// here-document went to the classifier in auto and plan mode).
	//
	// An unclosed command substitution ("echo $(") is that safety check
	// too: it asked with decision_reason_type safetyCheck in default,
	// acceptEdits and bypassPermissions mode (recorded, testdata/claude
	// generated and holdout); auto and plan mode were not recorded, and
	// are taken to refuse it like "((".
	//
	// Two kinds of malformed line behave apart in the real 2.1.328
	// (testdata/claude/generated). A "((" that no "))" closes (an
	// arithmetic command or nested subshells: "((", "(( | sort", "((git
	// config …); head …)") is a safety check: it asked with
	// decision_reason_type safetyCheck in default, acceptEdits and
	// bypassPermissions mode, and was refused outright ("denied by a
	// built-in Claude Code safety check") in auto and plan mode. Any other
	// malformed line ("ls (", "ls )", "| ls", "}", "((look alpha; …))")
	// is a plain parse error: it asked with decision_reason_type other
	// ("Parse error") in default and acceptEdits mode, went to the
	// classifier in auto and plan mode, and ran in bypassPermissions
	// ("| ls", "{ sudo ls; }; } | tee -a /dev/stderr") unless a rule
	// matched a piece of it (steps 2 and 5, rawRule).
	if s.Unparseable && (!endsEarly(s.Err) || unclosedSubst(s.Err)) {
		// A rule naming the whole line exactly approves it unread: "fi" and
		// "do" ran under Bash(fi) and Bash(do) (recorded with real Claude
		// Code 2.1.328, testdata/claude/realconfigs r011, r017).
		if r := d.exactLine(s); r != nil && d.mode != modeBypass {
			return d.run("12 allow rule", r, "")
		}
		if unclosedArith(s.Source) || unclosedSubst(s.Err) {
			if d.classify {
				return d.block("12 unparseable line", nil, "the line opens (( that no )) closes, which a built-in safety check refuses where the classifier would decide")
			}
			return d.ask("12 unparseable line", nil, "the line opens (( that no )) closes, which asks as a safety check", true)
		}
		// A tool-wide Bash allow approves such a line too, as it does every
		// other: "ls (", "ls )" and "| ls" ran in default mode under "Bash"
		// in the project settings (recorded with real Claude Code 2.1.328,
		// testdata/claude/holdout9901 g9901-009 and testdata/claude/
		// probe-tool-allow), where "((" still asked as a safety check.
		// Where the classifier decides, that allow is not used
		// (dangerousAllow), so the line goes to the classifier.
		switch {
		case d.classify:
			d.notes = append(d.notes, "the line cannot be parsed ("+s.Err+")")
			return d.classifier("12 unparseable line")
		case d.mode != modeBypass && d.toolRule(d.allow) == nil:
			return d.ask("12 unparseable line", nil, "the line cannot be parsed ("+s.Err+"), which asks", true)
		}
	}
	// 11. bypassPermissions runs everything that reached this point.
	if d.mode == modeBypass {
		return d.run("11 bypassPermissions", nil, "")
	}

	// A command in the background asks as a safety check too ("ls &"
	// asked with decision_reason_type safetyCheck); where the classifier
	// decides (auto, plan) such a line goes to it ("pip -V & cat -A …").
	//
	// Under a tool-wide Bash allow only a line of read-only commands does:
	// "ls &", "sleep 1 & ls" and "git status & git log -1" asked with
	// decision_reason_type safetyCheck, where "make build &", "ls & make
	// build" and "ls & ls > /tmp/out.txt" ran (recorded with real Claude
	// Code 2.1.328 under "Bash" in the project settings,
	// testdata/claude/holdout9901 g9901-009 and probe-tool-allow): the
	// check belongs to the read-only approval, which comes before the
	// allow rules.
	if s.Background && !d.classify && (d.toolRule(d.allow) == nil || d.readOnlyLine(s)) {
		return d.ask("12 background command", nil, "a command run in the background (&) asks as a safety check", true)
	}

	// A write onto a symbolic link asks as a safety check: "which go >>
	// ssh-link", "python3 -c 'print(1)' > host-link" and "mkdir host-link"
	// asked with decision_reason_type safetyCheck (recorded with real
	// Claude Code 2.1.328, testdata/claude/generated).
	for i := range s.Commands {
		for _, u := range d.uses(&s.Commands[i]) {
			// Device files (/dev/stderr is a link to /proc/self/fd/2) are not,
			// nor a link whose target lies inside the working folders: "fmt
			// .env &> docs/key-link" (to secrets/api.key in the project) ran
			// in auto mode like a write to the file itself (recorded,
			// testdata/claude/holdout), where every link written through
			// above leads outside.
			//
			// A write into a linked folder is one too: "python -v >>
			// worklink/x.txt" (worklink → ~/work) asked with
			// decision_reason_type safetyCheck in auto mode (recorded,
			// testdata/claude/holdout9901 g9901-008), where a write the mode
			// would leave to the classifier went to it.
			// Not inside a group or substitution, whose files Claude Code
			// does not check: "(npm test & npm install; eval ls >
			// worklink/x.txt)" went to the classifier in auto mode
			// (holdout8461 g8461-005).
			linked := d.p.isLink(u.path) || !s.Commands[i].Nested && d.p.throughLinkedDir(u.path)
			if u.write && u.path != "" && !strings.HasPrefix(u.path, "/dev/") && linked && !d.p.inWorkDirsLinked(u.path) {
				return d.ask("12 write through a link", nil, u.raw+" is a symbolic link; writing through it asks as a safety check", true)
			}
		}
	}

	// A shell keyword read as a command name asks as a safety check: "CI=1
	// do" asked with decision_reason_type safetyCheck ("Shell keyword 'do'
	// as command name — tree-sitter mis-parse") under Bash(do) (recorded
	// with real Claude Code 2.1.328, testdata/claude/realconfigs r017).
	if !d.classify && d.toolRule(d.allow) == nil {
		for i := range s.Commands {
			if shellKeywords[s.Commands[i].Name] && d.exactLine(s) == nil {
				return d.ask("12 shell keyword as a command", nil, "the shell keyword "+s.Commands[i].Name+" is read as a command name", true)
			}
		}
	}

	// 12. Allow rules, the read-only set, acceptEdits file commands, auto
	// mode's in-folder edits: every command must be approved.
	if step, r, ok := d.approveScript(s); ok && !(step == "12 read-only command" && d.sandboxOverride()) {
		return d.run(step, r, "")
	}
	// An allow rule does not approve a command whose files lie outside the
	// working folders: recorded with real Claude Code 2.1.328
	// (testdata/claude/realconfigs), "git -C /Users/…/Scripts diff
	// CLAUDE.md" asked under the allow rule naming exactly that command
	// (r000), "wc test ~/outside/data.txt" under Bash(wc:*) (r027), "mkdir
	// -p /home/daniel/…/planning" under that exact rule (r024), each with
	// the file as blocked_path. Where the classifier decides (auto, plan),
	// such a line was not recorded: it is not approved, so it goes to the
	// classifier as a line no rule approves does.
	if d.outside != "" && !d.classify {
		return d.ask("12 outside working folders", nil, "names "+d.outside+" outside the working folders, which no allow rule approves", true)
	}

	// 13. The sandbox's auto-allow, and what the sandbox then does with
	// the command's needs.
	if dec, ok := d.sandbox(s); ok {
		return dec
	}

	// 14. The mode's fallback.
	for _, r := range d.p.untrusted {
		if r.kind == kindTool && r.tool == "Bash" || r.kind == kindBash && anyCommandMatches(r, s) {
			d.notes = append(d.notes, fmt.Sprintf("the allow rule %s (%s) would match, but the project is not trusted", r.text, r.src.path))
		}
	}
	if d.classify {
		for _, r := range d.p.allow {
			if dangerousAllow(r) && (r.kind == kindTool || anyCommandMatches(r, s)) {
				d.notes = append(d.notes, fmt.Sprintf("%s mode does not use the broad allow rule %s (%s)", d.mode, r.text, r.src.path))
			}
		}
	}
	return d.fallback(true, "no rule or built-in check approves every command")
}

// readOnlyLine reports whether every command of s is in the read-only set
// and none writes a file (a write to /dev/null aside).
func (d *decider) readOnlyLine(s *shell.Script) bool {
	for i := range s.Commands {
		c := &s.Commands[i]
		if !d.readOnly(c) {
			return false
		}
		for _, u := range d.uses(c) {
			if u.write && u.path != "/dev/null" {
				return false
			}
		}
	}
	return true
}

// anyCommandMatches reports whether an allow rule matches one of the
// line's commands.
func anyCommandMatches(r *rule, s *shell.Script) bool {
	for i := range s.Commands {
		if r.bash.match(allowText(&s.Commands[i])) {
			return true
		}
	}
	return false
}

// bashRule finds the first Bash rule of list matching c by any of the texts
// deny and ask rules see.
func (d *decider) bashRule(list []*rule, c *shell.Command) *rule {
	var texts []string
	ok := false
	for _, r := range list {
		if r.kind != kindBash {
			continue
		}
		// The texts are made at the first Bash rule: a list without one
		// (most settings' deny and ask lists) needs none of them.
		if !ok {
			texts, ok = d.textsOf.get(c)
			if !ok {
				texts, ok = denyTexts(c), true
				d.textsOf.put(c, texts)
			}
		}
		for _, t := range texts {
			if r.bash.match(t) {
				return r
			}
		}
	}
	return nil
}

// approveScript is step 12 for a shell line: it approves the line when
// every command is approved and every redirect target is too, and names
// the step and rule that did.
func (d *decider) approveScript(s *shell.Script) (string, *rule, bool) {
	// A tool-wide Bash allow approves a line that ends too early as well:
	// "for x in; do" ran under "Bash" in default mode (recorded with real
	// Claude Code 2.1.328, testdata/claude/probe-tool-allow).
	if r := d.toolRule(d.allow); r != nil {
		return "12 allow rule", r, true
	}
	if s.Unparseable && !lenientEnd(s.Err) {
		d.notes = append(d.notes, "the line cannot be parsed ("+s.Err+"), so no allow rule approves it")
		return "", nil, false
	}
	// Recorded with real Claude Code 2.1.328 (testdata/claude/generated):
	// outside bypassPermissions, no line with a subshell, a brace group or
	// a select loop ran ("{ make version; }" asked under Bash(make:*),
	// "(grep -n alpha notes.md) | cut -c1-5" asked), nor one with a
	// command or process substitution ("wc -l < <(cat notes.md)" asked
	// under Bash(wc *), "ls $(dirname src/app.py)" asked). A
	// here-document stops only the built-in approvals ("cat <<EOF … EOF"
	// asked; a here-string "wc -l <<< 'a b'" ran): an allow rule approves
	// a command fed one, "mkdir . <<'EOF' … EOF", "git fetch src/app.py
	// <<'EOF' … EOF" and "npm start -- --help <<'EOF' … EOF" ran under
	// Bash(mkdir:*), Bash(git fetch *) and Bash(npm start -- --help)
	// (recorded with real Claude Code 2.1.328, testdata/claude/realconfigs
	// r006, r009, r026).
	if what := unapprovable(s); what != "" {
		d.notes = append(d.notes, "the line "+what+", which no rule or read-only check approves")
		return "", nil, false
	}
	// A line of several commands that a rule names exactly, as written
	// or behind a leading wrapper, runs as a whole: "cd \"/c/Users/…/indu
	// ae\" && npm run dev" and "timeout 10 cd \"/c/…\" && npm run dev"
	// ran under the rule naming the first (recorded with real Claude Code
	// 2.1.328, testdata/claude/realconfigs r077), though the cd leads
	// outside the working folders. A single command is still checked for
	// its files below (r000).
	if len(s.Commands) > 1 {
		if r := d.exactLine(s); r != nil {
			return "12 allow rule", r, true
		}
	}
	if what := cdBefore(s); what != "" {
		d.notes = append(d.notes, "the line changes folder before "+what+", which no rule approves")
		return "", nil, false
	}
	step := "12 read-only command"
	var by *rule
	// A rule naming the whole line exactly, redirections included, approves
	// a line of one command as long as its files are inside:
	// "JAVA_HOME=… SCADARPI_JAVAFX_LIB=… ./scadarpi compile work_mainpanel
	// 2>&1" ran under the rule naming it (recorded with real Claude Code
	// 2.1.328, testdata/claude/realconfigs r055).
	if r := d.exactLine(s); r != nil && len(s.Commands) == 1 && s.Commands[0].Name != "source" && s.Commands[0].Name != "." {
		if u, out := d.outsideUse(&s.Commands[0]); out {
			d.outside = u
			return "", nil, false
		}
		return "12 allow rule", r, true
	}
	for i := range s.Commands {
		c := &s.Commands[i]
		if c.Name == "source" || c.Name == "." {
			// source runs a file as shell code: only a rule naming the whole
			// line exactly approves it. Recorded with real Claude Code
			// 2.1.328 (testdata/claude/realconfigs): "source
			// app/.venv/bin/activate" ran under the rule naming it exactly,
			// where the same with "2>&1" or "&& echo done" asked ("'source'
			// evaluates arguments as shell code", r015), as did "source -v"
			// under Bash(source:*) (r027).
			// Not behind a wrapper: "nice source venv/bin/activate" asked
			// under Bash(source venv/bin/activate) (r080).
			if r := d.exactLine(s); r != nil && len(c.Wrappers) == 0 {
				return "12 allow rule", r, true
			}
			return "", nil, false
		}
		how, r, ok := d.approveCommand(c)
		if !ok {
			return "", nil, false
		}
		// Nor a reader given no file, which reads the document: "cat <<EOF
		// … EOF" asked under Bash(cat *) (recorded, testdata/claude/
		// generated g2-120), where "head README.md <<'EOF' … EOF" ran under
		// Bash(head:*) (testdata/claude/realconfigs r083).
		if s.HereDoc && (r == nil || readOnly(c) && !d.namesFiles(c)) {
			d.notes = append(d.notes, "the line has a here-document, which only an allow rule for a command that does not read it approves")
			return "", nil, false
		}
		if r != nil && by == nil {
			by = r
		}
		if how != step && step == "12 read-only command" {
			step = how
		}
		for _, u := range d.uses(c) {
			if !u.redirect {
				continue
			}
			r, byMode, ok := d.approveTarget(u, s)
			if !ok {
				return "", nil, false
			}
			if r != nil && by == nil {
				by = r
			}
			if byMode && step == "12 read-only command" {
				step = "12 " + string(d.mode)
			}
		}
	}
	if by != nil {
		step = "12 allow rule"
	}
	return step, by, true
}

// exactLine is an allow rule naming the whole line exactly, or with the
// first command's leading wrappers (timeout 10, nice) left out; nil when
// none does.
func (d *decider) exactLine(s *shell.Script) *rule {
	line := strings.TrimSpace(s.Source)
	lines := []string{line}
	if len(s.Commands) > 0 {
		c := &s.Commands[0]
		if len(c.Wrappers) > 0 && strings.HasPrefix(line, c.WrappedText) && strings.HasSuffix(c.WrappedText, c.Text) {
			lines = append(lines, c.Text+line[len(c.WrappedText):])
		}
	}
	for _, r := range d.allow {
		if r.kind == kindBash && r.bash.exact() && slices.Contains(lines, r.bash.raw) {
			return r
		}
	}
	return nil
}

// cdBefore names what a line runs after a cd that Claude Code will not
// approve there: a file-writing command or git. Recorded with real Claude
// Code 2.1.328 (testdata/claude/realconfigs): "cd src && mv ." asked under
// Bash(mv:*) ("Compound command contains cd with write operation", r007),
// "cd src && git add README.md" under Bash(git add *) ("This command
// changes directory before running a version-control command", r009),
// where "cd src && chmod README.md" and "cd src && pipx upgrade build" ran
// under their rules (r025, r021).
func cdBefore(s *shell.Script) string {
	cd := false
	for i := range s.Commands {
		c := &s.Commands[i]
		switch {
		case c.Name == "cd":
			cd = true
		case !cd:
		case c.Name == "git":
			return "git"
		case cdWriters[c.Name]:
			return c.Name
		}
	}
	return ""
}

// cpLongFlags are the long options of cp that are not taken for unknown
// flags. Only --version and a made-up flag were recorded asking; the
// options that copy are assumed to be accepted.
var cpLongFlags = map[string]bool{
	"--recursive": true, "--force": true, "--verbose": true, "--no-clobber": true, "--archive": true,
	"--update": true, "--parents": true, "--interactive": true, "--preserve": true, "--no-preserve": true,
	"--target-directory": true, "--no-target-directory": true, "--dereference": true, "--no-dereference": true,
	"--link": true, "--symbolic-link": true, "--backup": true, "--suffix": true, "--remove-destination": true,
}

// unknownLongFlag reports whether c has a long option outside cpLongFlags.
func unknownLongFlag(c *shell.Command) bool {
	for _, a := range litArgs(c) {
		if a == "--" {
			return false
		}
		name, _, _ := strings.Cut(a, "=")
		if strings.HasPrefix(a, "--") && !cpLongFlags[name] {
			return true
		}
	}
	return false
}

// awkProgFile reports whether awk is given its program in a file (-f).
func awkProgFile(c *shell.Command) bool {
	for _, a := range litArgs(c) {
		if a == "--" {
			return false
		}
		if strings.HasPrefix(a, "-f") {
			return true
		}
	}
	return false
}

// allLiteral reports whether every argument of c is known before it runs.
func allLiteral(c *shell.Command) bool {
	for _, w := range c.Args {
		if !w.Literal {
			return false
		}
	}
	return true
}

// shellKeywords are the words bash reads as syntax, never as a command.
var shellKeywords = map[string]bool{
	"if": true, "then": true, "else": true, "elif": true, "fi": true, "do": true, "done": true,
	"for": true, "while": true, "until": true, "case": true, "esac": true, "in": true, "select": true,
	"function": true, "{": true, "}": true, "!": true, "[[": true, "]]": true,
}

// cdWriters are the file-writing commands cdBefore looks for.
var cdWriters = map[string]bool{"mv": true, "cp": true, "rm": true, "rmdir": true, "mkdir": true, "touch": true}

// outsideUse finds a file c names, of a command whose files Claude Code
// checks, that lies outside the working folders with no Read (for a read)
// or Edit (for a write) allow rule covering it. Redirect targets are
// approved on their own (approveTarget).
func (d *decider) outsideUse(c *shell.Command) (string, bool) {
	// Nor the files of a command xargs runs: "xargs grep .
	// ~/outside/data.txt" ran under Bash(xargs grep *) (recorded with real
	// Claude Code 2.1.328, testdata/claude/realconfigs r084).
	// A command in an if or loop body is checked like one at the top:
	// "if [ -f README.md ]; then cp /home/daniel/…/_template.typ …; fi"
	// and "for f in src/*.py; do cp /Users/…/nepali-calendar.tsx …; done"
	// asked under the rules naming the cp (r028, r100).
	if c.Nested && !c.InBody || len(c.Wrappers) > 0 && c.Wrappers[0] == "xargs" {
		return "", false
	}
	for _, u := range d.uses(c) {
		if u.redirect || u.path == "" || !pathCheckedVia[u.via] {
			continue
		}
		if u.write && !d.p.inWorkDirs(u.path) && d.p.matchPath(d.allow, "Edit", u.path, false) == nil {
			return u.path, true
		}
		if u.read && !d.p.inWorkDirsLinked(u.path) && d.readAllowed(u.path) == nil {
			return u.path, true
		}
	}
	return "", false
}

// unapprovable says what in the line keeps every rule and read-only check
// from approving it (see the recordings above), or "" when nothing does.
func unapprovable(s *shell.Script) string {
	switch {
	case trailingBackslash(s.Source):
		return "ends in a backslash"
	case s.Grouping:
		return "has a subshell, brace group or select loop"
	case s.Background:
		return "runs a command in the background (&)"
	case s.Subst:
		return "has a command or process substitution"
	}
	return ""
}

// approveCommand approves one simple command by an allow rule, the
// read-only set, or (acceptEdits, auto) the file commands inside the
// working folders.
func (d *decider) approveCommand(c *shell.Command) (string, *rule, bool) {
	if c.Dynamic {
		return "", nil, false
	}
	text := allowText(c)
	if shellKeywords[c.Name] {
		// A shell keyword read as a command name is a misreading no rule
		// approves: "else echo \"  ✗ map.md missing\"; ls" asked under
		// Bash(else echo "  ✗ map.md missing") ("Parse error"), "CI=1 do"
		// under Bash(do) (recorded with real Claude Code 2.1.328,
		// testdata/claude/realconfigs r011, r017).
		return "", nil, false
	}
	if c.Name == "awk" && awkProgFile(c) {
		// Recorded with real Claude Code 2.1.328 (testdata/claude/
		// probe-coverage2): "awk -f prog.awk notes.md" and "awk -fprog.awk
		// notes.md" asked under Bash(awk:*) ("awk has an option that can't
		// be checked before it runs"), where "awk -v x=1 '{print}' notes.md"
		// ran.
		return "", nil, false
	}
	if c.Name == "cp" && unknownLongFlag(c) {
		// Recorded with real Claude Code 2.1.328 (testdata/claude/
		// realconfigs): "cp --version" and "cp --unknown-flag" asked under
		// Bash(cp *) and Bash(cp:*) ("cp command with flags requires manual
		// approval", r036, r014), where "cp README.md" ran.
		return "", nil, false
	}
	if (c.Name == "[" || c.Name == "test") && !allLiteral(c) {
		// "[ -d \"/home/daniel/…/$plugin/.claude-plugin\" ] 2>&1" asked
		// under the rule naming "[ -d …/$plugin/… ]" ("A test in brackets in
		// this command can't be checked before it runs", r017).
		return "", nil, false
	}
	if (c.Name == "find" || c.Name == "mv") && hasGlob(c) {
		// Recorded with real Claude Code 2.1.328 (testdata/claude/
		// realconfigs r050): "find public/ -name *.map" asked even under
		// the rule naming it exactly ("find contains unquoted glob
		// characters"), as did "mv src/assets/images/* public/assets/images/"
		// under the rule naming it (r091).
		return "", nil, false
	}
	xargs := false
	for _, w := range c.Wrappers {
		xargs = xargs || w == "xargs"
	}
	for _, r := range d.allow {
		if r.kind != kindBash {
			continue
		}
		// A rule naming an exact command does not see through xargs: "echo
		// README.md | xargs npm start -- --help" asked under Bash(npm start
		// -- --help) (r026), where "… | xargs git init ." ran under
		// Bash(git init:*) and "nice git -C … commit -m …" under the exact
		// rule naming the git command (recorded with real Claude Code
		// 2.1.328, testdata/claude/realconfigs r003, r002).
		if xargs && r.bash.exact() && !r.bash.match(c.WrappedText) {
			continue
		}
		// An exec wrapper (watch, setsid, ionice, flock, find -exec) is
		// approved only by a rule naming the exact command.
		if c.ExecWrapper != "" && !r.bash.exact() {
			continue
		}
		// A rule naming the wrapper matches the line as written: "nice
		// python3 src/app.py" ran under Bash(nice *) in dontAsk mode
		// (recorded with real Claude Code 2.1.328, testdata/claude/generated).
		if r.bash.match(text) || (len(c.Wrappers) > 0 && len(c.Assigns) == 0 && r.bash.match(c.WrappedText)) {
			if u, out := d.outsideUse(c); out {
				d.outside = u
				return "", nil, false
			}
			return "12 allow rule", r, true
		}
	}
	if c.ExecWrapper != "" || !safeAssigns(c) || !checkableArgs(c) {
		return "", nil, false
	}
	if c.Name == "cd" {
		// A wrapped cd is no cd to Claude Code: "stdbuf -oL cd src", "nice
		// cd src", "timeout 5 cd src" and "env cd src" asked where "cd src"
		// ran (recorded with real Claude Code 2.1.328, testdata/claude/
		// probe-9967; hold-out seed 9967).
		if cdWrapped(c) {
			return "", nil, false
		}
		target := d.p.home
		if len(c.Args) > 0 {
			target = shell.Resolve(c.Args[0].Lit, d.cmdCwd(c), d.p.home)
		}
		return "12 read-only command", nil, d.p.inWorkDirs(target)
	}
	if d.readOnly(c) && d.readsApproved(c) && !wrapped(c) && !(argDotDot(c) && d.namesFiles(c)) && !xargsReadsFiles(c) {
		return "12 read-only command", nil, true
	}
	// Wrappers and globs stop acceptEdits' approval too: "nice -n 5 touch
	// out/x.txt | wc -l" and "rm -f *.tmp" asked in acceptEdits (recorded
	// with real Claude Code 2.1.328, testdata/claude/generated).
	if (d.mode == modeAccept || d.mode == modeAuto) && acceptEditsCommands[c.Name] && d.filesInside(c) && !wrapped(c) && !hasGlob(c) && (c.Name != "sed" || sedEditOK(litArgs(c))) {
		return "12 " + string(d.mode), nil, true
	}
	return "", nil, false
}

// readsApproved reports whether every file a read-only command names is
// inside the working folders or covered by a Read allow rule.
func (d *decider) readsApproved(c *shell.Command) bool {
	for _, u := range d.uses(c) {
		if u.redirect {
			continue
		}
		if u.path == "" || u.write || hasDotDot(u.raw) {
			return false
		}
		if !d.p.inWorkDirsLinked(u.path) && d.readAllowed(u.path) == nil {
			return false
		}
	}
	return true
}

// namesFiles reports whether c names a file Claude Code checks (a use
// that is not a redirection). A ".." stops the read-only approval only
// for such commands: "readlink src/../.env" and "test -f
// ../work/notes.txt" ran in auto mode (recorded with real Claude Code
// 2.1.328, testdata/claude/holdout6011 and generated), as "readlink
// /etc/hostname" ran in acceptEdits, where "stat src/../.env" went to the
// classifier.
func (d *decider) namesFiles(c *shell.Command) bool {
	for _, u := range d.uses(c) {
		if !u.redirect {
			return true
		}
	}
	return false
}

// filesInside reports whether a file command names at least one file, and
// every file it names is known and inside the working folders. A file
// command naming none is not approved: "sed --help" and "sed -V" asked in
// acceptEdits mode (recorded with real Claude Code 2.1.328,
// testdata/claude/generated and holdout).
func (d *decider) filesInside(c *shell.Command) bool {
	named := false
	for _, u := range d.uses(c) {
		if u.redirect {
			continue
		}
		if u.path == "" || !d.p.inWorkDirs(u.path) {
			return false
		}
		named = true
	}
	return named
}

// approveTarget approves one redirect (or tee) target on its own: /dev/null
// always; a write inside the working folders in acceptEdits and auto mode,
// or one an Edit allow rule covers; a read inside the working folders or
// one a Read allow rule covers. A write target written with ~, or any
// target with a variable, is never approved ("Shell expansion syntax in
// paths requires manual approval"); a read from a ~ path is checked as
// any other: "cat < ~/outside/data.txt" ran under Read(~/outside/**)
// (recorded with real Claude Code 2.1.328, testdata/claude/coverage/shell).
func (d *decider) approveTarget(u fileUse, s *shell.Script) (r *rule, byMode, ok bool) {
	if u.path == "/dev/null" {
		return nil, false, true
	}
	if u.tilde && (u.write || strings.Contains(u.raw, "$")) || u.path == "" {
		return nil, false, false
	}
	if u.write {
		if hasHeredoc(s) {
			return nil, false, false
		}
		if (d.mode == modeAccept || d.mode == modeAuto) && d.p.inWorkDirsLinked(u.path) {
			// A link in the project to a file outside is outside: "which
			// go >> ssh-link" asked in acceptEdits (recorded with real
			// Claude Code 2.1.328, testdata/claude/generated).
			return nil, true, true
		}
		// Only an Edit path rule approves a target: under a tool-wide Edit
		// allow the real 2.1.328 still sent "echo x > /tmp/broad.txt" to
		// the classifier.
		if r := d.p.matchPath(d.allow, "Edit", u.path, false); r != nil {
			return r, false, true
		}
		return nil, false, false
	}
	if hasDotDot(u.raw) {
		return nil, false, false
	}
	if d.p.inWorkDirsLinked(u.path) {
		return nil, false, true
	}
	if r := d.readAllowed(u.path); r != nil {
		return r, false, true
	}
	return nil, false, false
}

// hasDotDot reports whether a path as written has a ".." segment: the real
// 2.1.328 asked for "tac src/../.env" and "stat src/../.env" in the
// project, where "strings .env" ran (testdata/claude/generated).
func hasDotDot(raw string) bool {
	for _, seg := range strings.Split(strings.Trim(raw, `"'`), "/") {
		if seg == ".." {
			return true
		}
	}
	return false
}

// wrapped reports whether c runs behind a wrapper the read-only set does
// not see through: recorded with real Claude Code 2.1.328
// (testdata/claude/generated), "nice id", "env git diff", "stdbuf -oL
// paste …", "timeout 10 nice printenv" and "nohup more main.go" were not
// approved as read-only, while "command history", "builtin echo hi",
// "timeout 5 python3 --version" and "xargs echo" ran.
func wrapped(c *shell.Command) bool {
	for _, w := range c.Wrappers {
		if w != "command" && w != "builtin" && w != "xargs" && w != "timeout" {
			return true
		}
	}
	return false
}

// cdWrapped reports whether cd runs behind a wrapper other than the
// shell's own command and builtin (which no recording has tried).
func cdWrapped(c *shell.Command) bool {
	for _, w := range c.Wrappers {
		if w != "command" && w != "builtin" {
			return true
		}
	}
	return false
}

// xargsReadsFiles reports whether c runs behind xargs a command that would
// read the files xargs hands it, which no check can see: "… | xargs cat"
// asked in default and acceptEdits mode and went to the classifier in auto
// mode ("LANG=C arch | xargs cat", "cat .env | xargs cat", "cat
// docs/key-link | xargs cat"), while "xargs echo" ran (recorded with real
// Claude Code 2.1.328, testdata/claude/generated and holdout5519).
func xargsReadsFiles(c *shell.Command) bool {
	for _, w := range c.Wrappers {
		if w == "xargs" {
			return !xargsSafe[c.Name]
		}
	}
	return false
}

// xargsSafe are the read-only commands that name no files, so they stay
// read-only whatever xargs appends.
var xargsSafe = map[string]bool{"echo": true, "printf": true, "true": true, "false": true, "basename": true, "dirname": true}

// endsEarly reports whether a parse error only says the line ended too
// early (mvdan.cc/sh's wording for an unclosed quote, here-document or
// compound command, or a trailing && || |), rather than that something in
// it is malformed.
func endsEarly(err string) bool {
	for _, m := range []string{"reached EOF", "unclosed here-document", "must end with", "must be followed by a statement"} {
		if strings.Contains(err, m) {
			return true
		}
	}
	return false
}

// lenientEnd reports whether a parse error is one Claude Code 2.1.328
// reads past, judging the commands it can still see: "echo
// 'unterminated" and "if true; then echo hi" ran in default and dontAsk
// mode (testdata/claude/generated), where an unclosed double quote ("echo
// \"a") asked.
func lenientEnd(err string) bool {
	return strings.Contains(err, "without closing quote `'`") || strings.Contains(err, "must end with")
}

// hasGlob reports whether an argument of c is an unquoted glob.
func hasGlob(c *shell.Command) bool {
	for _, w := range c.Args {
		if w.Glob {
			return true
		}
	}
	return false
}

// trailingBackslash reports whether line ends in an unescaped backslash
// (a continuation with nothing after it): "make build \\" asked under
// Bash(make *) in acceptEdits mode (recorded with real Claude Code
// 2.1.328, testdata/claude/generated).
func trailingBackslash(line string) bool {
	t := strings.TrimRight(line, " \t\n")
	n := len(t) - len(strings.TrimRight(t, "\\"))
	return n%2 == 1
}

// argDotDot reports whether an argument of c is a path with a ".."
// segment: "rev src/../.env" and "fold -w 5 ../work/notes.txt" asked
// (recorded with real Claude Code 2.1.328, testdata/claude/generated).
func argDotDot(c *shell.Command) bool {
	for _, w := range c.Args {
		if hasDotDot(w.Raw) {
			return true
		}
	}
	return false
}

// isLink reports whether path is a symbolic link.
func (p *Policy) isLink(path string) bool {
	return p.links.IsLink(path)
}

// rawRule is deny and ask rules on a line the parser cannot read: each
// piece of the line between the operator characters | & ; and newlines,
// with leading ( and { taken off, is matched against the Bash rules of
// list as a command. Recorded with real Claude Code 2.1.328
// (testdata/claude/generated): "ls (" and "ls ( || PAGER=cat eval ls"
// were refused under Bash(ls *) in plan and auto mode, "ls ) | head -3"
// asked (decision_reason_type rule) under Bash(ls:*) in auto mode, and
// "| ls | wc -l" asked under Bash(wc *) in bypassPermissions where "| ls"
// ran. mvdan.cc/sh gives no commands for such a line, so the pieces are
// cut by hand, the way a tokenizer that does not understand the line
// would; the cut only runs for lines the parser rejected.
func (d *decider) rawRule(list []*rule, s *shell.Script) (*rule, string) {
	// Not for a line with a here-document ("sh <<EOF\nls\nEOF | …" asked
	// under Bash(ls *): its body is not a command), nor for an unclosed
	// "((", whose safety check comes first ("((git config …); …)" asked
	// under Bash(git *)).
	if !s.Unparseable || len(s.Commands) > 0 || strings.Contains(s.Source, "<<") || unclosedArith(s.Source) {
		return nil, ""
	}
	pieces := strings.FieldsFunc(s.Source, func(r rune) bool {
		return r == '|' || r == '&' || r == ';' || r == '\n'
	})
	for _, p := range pieces {
		p = strings.TrimLeft(strings.TrimSpace(p), "({ ")
		if p == "" {
			continue
		}
		for _, r := range list {
			if r.kind == kindBash && r.bash.match(p) {
				return r, p
			}
		}
	}
	return nil, ""
}

// unclosedArith reports whether line has a "((" that no "))" closes at
// its own depth: bash then reads it as nested subshells, or not at all,
// and Claude Code 2.1.328 treats the line as a safety check (see bash()).
// "((look alpha; git commit -m x))" is closed: a malformed arithmetic
// command, a plain parse error.
func unclosedArith(line string) bool {
	i := strings.Index(line, "((")
	if i < 0 {
		return false
	}
	depth := 0
	for j := i + 2; j < len(line); j++ {
		switch line[j] {
		case '(':
			depth++
		case ')':
			if depth > 0 {
				depth--
				continue
			}
			return j+1 >= len(line) || line[j+1] != ')'
		}
	}
	return true
}

// unclosedSubst reports whether a parse error is a command substitution
// the line never closes ("echo $(").
func unclosedSubst(err string) bool {
	return strings.Contains(err, "without matching `$(`")
}

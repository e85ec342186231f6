package codex

import (
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"

	"go.starlark.net/syntax"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/internal/safefile"
)

// Decisions a prefix rule can carry, from the least to the most strict.
const (
	decisionAllow     = "allow"
	decisionPrompt    = "prompt"
	decisionForbidden = "forbidden"
)

// strictness orders decisions: the strictest match wins.
var strictness = map[string]int{decisionAllow: 1, decisionPrompt: 2, decisionForbidden: 3}

// prefixRule is one prefix_rule() call after its first-token alternatives
// were split: it matches an argument list that starts with first and then,
// position by position, one of the alternatives in rest.
type prefixRule struct {
	first         string
	rest          [][]string
	decision      string
	justification string
	ref           engine.RuleRef // the call as written, for Decision.Rule
}

// matches reports whether the rule's pattern is a prefix of cmd, and the
// prefix it matched.
func (r *prefixRule) matches(cmd []string) ([]string, bool) {
	if len(cmd) < len(r.rest)+1 || cmd[0] != r.first {
		return nil, false
	}
	for i, alts := range r.rest {
		ok := false
		for _, a := range alts {
			if cmd[i+1] == a {
				ok = true
				break
			}
		}
		if !ok {
			return nil, false
		}
	}
	return cmd[:len(r.rest)+1], true
}

// ruleSet is every rule Codex would load from a list of .rules files.
type ruleSet struct {
	byProgram map[string][]*prefixRule
	hostExec  map[string][]string // host_executable(): name → the absolute paths it may be run as
}

func newRuleSet() *ruleSet {
	return &ruleSet{byProgram: map[string][]*prefixRule{}, hostExec: map[string][]string{}}
}

func (s *ruleSet) add(r *prefixRule) { s.byProgram[r.first] = append(s.byProgram[r.first], r) }

// ruleMatch is one rule that matched one command.
type ruleMatch struct {
	rule   *prefixRule
	prefix []string
}

// match returns the rules matching cmd: the rules for its first word, or,
// when there are none and resolveHost is set, the rules for the base name
// of an absolute program path, as long as a host_executable() for that name
// (if any) lists the path (Codex's "resolve host executables", which its
// tool calls use and `codex execpolicy check` does not by default).
func (s *ruleSet) match(cmd []string, resolveHost bool) []ruleMatch {
	if len(cmd) == 0 {
		return nil
	}
	var out []ruleMatch
	for _, r := range s.byProgram[cmd[0]] {
		if p, ok := r.matches(cmd); ok {
			out = append(out, ruleMatch{r, p})
		}
	}
	if len(out) > 0 || !resolveHost || !strings.HasPrefix(cmd[0], "/") {
		return out
	}
	base := path.Base(cmd[0])
	if paths, ok := s.hostExec[base]; ok && !containsString(paths, path.Clean(cmd[0])) {
		return nil
	}
	resolved := append([]string{base}, cmd[1:]...)
	for _, r := range s.byProgram[base] {
		if p, ok := r.matches(resolved); ok {
			out = append(out, ruleMatch{r, p})
		}
	}
	return out
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// rulesFile is what one .rules file says.
type rulesFile struct {
	path  string
	layer string
	rules []*prefixRule // in file order; first-token alternatives split
	host  map[string][]string
	infos []engine.RuleInfo
	notes []string // statements permsim did not read: file:line: why
	// err is set when Codex would fail to load the file (a syntax error, a
	// wrong argument, a match/not_match example that fails): Codex then
	// loads no .rules file at all.
	err error
	// examples waits for the end of the file, when every host_executable()
	// is known, as Codex checks them.
	examples []pendingExamples
}

// pendingExamples are one prefix_rule()'s match and not_match examples.
type pendingExamples struct {
	line            int
	rules           []*prefixRule
	match, notMatch [][]string
}

// loadError is a failure Codex would report for a .rules file.
type loadError struct {
	file string
	line int
	msg  string
}

// Error renders the failure as file:line: message.
func (e *loadError) Error() string {
	if e.line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.file, e.line, e.msg)
	}
	return fmt.Sprintf("%s: %s", e.file, e.msg)
}

// ruleFiles lists dir/*.rules in name order, as Codex reads them.
func ruleFiles(dir string) []string {
	entries, err := safefile.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".rules") {
			continue
		}
		out = append(out, filepath.Join(dir, e.Name()))
	}
	sort.Strings(out)
	return out
}

// readRulesFile parses one .rules file with the Starlark grammar and reads
// its prefix_rule(), host_executable() and network_rule() calls without
// running anything.
func readRulesFile(file, layer string) *rulesFile {
	rf := &rulesFile{path: file, layer: layer, host: map[string][]string{}}
	src, err := safefile.ReadConfig(file, safefile.Starlark)
	if err != nil {
		rf.err = &loadError{file: file, msg: "cannot read: " + err.Error()}
		return rf
	}
	rf.parse(string(src))
	return rf
}

// starlarkOptions accept every statement form, as Codex's extended dialect
// does; the file is parsed, never run.
var starlarkOptions = &syntax.FileOptions{Set: true, While: true, TopLevelControl: true, GlobalReassign: true, Recursion: true}

func (rf *rulesFile) parse(src string) {
	f, err := starlarkOptions.Parse(rf.path, src, 0)
	if err != nil {
		var se syntax.Error
		if errors.As(err, &se) {
			rf.err = &loadError{file: rf.path, line: int(se.Pos.Line), msg: "syntax error: " + se.Msg}
		} else {
			rf.err = &loadError{file: rf.path, msg: "syntax error: " + err.Error()}
		}
		return
	}
	lines := strings.Split(src, "\n")
	for _, st := range f.Stmts {
		call := topCall(st)
		name := ""
		if call != nil {
			if id, ok := call.Fn.(*syntax.Ident); ok {
				name = id.Name
			}
		}
		switch name {
		case "prefix_rule":
			rf.prefixRule(call, lines)
		case "host_executable":
			rf.hostExecutable(call, lines)
		case "network_rule":
			rf.networkRule(call, lines)
		default:
			if ld, ok := st.(*syntax.LoadStmt); ok {
				// Codex loaded no rule of a file with a load()
				// statement (rc-parse-other-statement).
				start, _ := ld.Span()
				rf.fail(int(start.Line), "load(): Codex's rules files cannot load modules")
				break
			}
			rf.other(st, lines)
		}
		if rf.err != nil {
			return
		}
	}
	rf.checkExamples()
}

// topCall returns the call a top-level expression statement makes.
func topCall(st syntax.Stmt) *syntax.CallExpr {
	es, ok := st.(*syntax.ExprStmt)
	if !ok {
		return nil
	}
	c, _ := es.X.(*syntax.CallExpr)
	return c
}

// other records a statement that is not a literal rule call: permsim does
// not run the file, so a rule built by it cannot be known. Calls to the
// rule functions inside it are listed as skipped.
func (rf *rulesFile) other(st syntax.Stmt, lines []string) {
	start, _ := st.Span()
	found := false
	syntax.Walk(st, func(n syntax.Node) bool {
		c, ok := n.(*syntax.CallExpr)
		if !ok {
			return true
		}
		id, ok := c.Fn.(*syntax.Ident)
		if !ok || (id.Name != "prefix_rule" && id.Name != "host_executable" && id.Name != "network_rule") {
			return true
		}
		found = true
		p, _ := c.Span()
		rf.skip(int(p.Line), listFor(id.Name), sourceText(lines, c), "inside a def, if, for or other statement: permsim never runs the file, so it cannot tell whether or how this call runs")
		return false
	})
	if !found {
		rf.notes = append(rf.notes, fmt.Sprintf("%s:%d: not read: %s (permsim reads only prefix_rule(), host_executable() and network_rule() calls written with literal values; it never runs the file)",
			rf.path, start.Line, firstLine(sourceText(lines, st))))
	}
}

func listFor(fn string) string {
	switch fn {
	case "host_executable":
		return "host_executable"
	case "network_rule":
		return "network_rule"
	}
	return "prefix_rule"
}

// skip lists a rule permsim cannot read as not in force, and notes it.
func (rf *rulesFile) skip(line int, list, text, why string) {
	rf.infos = append(rf.infos, engine.RuleInfo{File: rf.path, Layer: rf.layer, List: list, Rule: text, InForce: false, Why: why})
	rf.notes = append(rf.notes, fmt.Sprintf("%s:%d: %s skipped: %s", rf.path, line, text, why))
}

// fail records the first error Codex would stop at.
func (rf *rulesFile) fail(line int, format string, args ...any) {
	if rf.err == nil {
		rf.err = &loadError{file: rf.path, line: line, msg: fmt.Sprintf(format, args...)}
	}
}

// errNotLiteral says an argument is computed (a variable, a call, an
// operator), which permsim cannot evaluate without running the file.
var errNotLiteral = errors.New("not a literal")

// comparisons are the operators whose result is a boolean.
var comparisons = map[syntax.Token]bool{syntax.EQL: true, syntax.NEQ: true, syntax.LT: true, syntax.GT: true,
	syntax.LE: true, syntax.GE: true, syntax.IN: true, syntax.NOT_IN: true}

// literal evaluates a literal argument: a string, a list of literals, or
// None (nil).
func literal(e syntax.Expr) (any, error) {
	switch x := e.(type) {
	case *syntax.Literal:
		if s, ok := x.Value.(string); ok {
			return s, nil
		}
		return x.Value, nil
	case *syntax.ListExpr:
		out := make([]any, 0, len(x.List))
		for _, el := range x.List {
			v, err := literal(el)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		return out, nil
	case *syntax.ParenExpr:
		return literal(x.X)
	case *syntax.Ident:
		switch x.Name {
		case "None":
			return nil, nil
		case "True":
			return true, nil
		case "False":
			return false, nil
		}
	}
	return nil, errNotLiteral
}

// callArgs binds a call's arguments to the named parameters, positional
// ones in order. It fails on an unknown or repeated keyword, too many
// positional arguments, or *args/**kwargs.
func callArgs(c *syntax.CallExpr, params []string) (map[string]syntax.Expr, error) {
	out := map[string]syntax.Expr{}
	pos := 0
	for _, a := range c.Args {
		switch x := a.(type) {
		case *syntax.BinaryExpr:
			if comparisons[x.Op] {
				// A boolean, or an undefined name: no parameter takes
				// either, and Codex loaded no rule of a file passing one
				// (rc-parse-keyword-comparison).
				return nil, fmt.Errorf("a comparison (%s) is no value any parameter takes", x.Op)
			}
			if x.Op != syntax.EQ {
				return nil, errNotLiteral
			}
			id, ok := x.X.(*syntax.Ident)
			if !ok {
				return nil, fmt.Errorf("bad keyword argument")
			}
			if !containsString(params, id.Name) {
				return nil, fmt.Errorf("unexpected parameter %q", id.Name)
			}
			if _, dup := out[id.Name]; dup {
				return nil, fmt.Errorf("argument %q given twice", id.Name)
			}
			out[id.Name] = x.Y
		case *syntax.UnaryExpr:
			return nil, errNotLiteral // *args, **kwargs
		default:
			if pos >= len(params) {
				return nil, fmt.Errorf("too many positional arguments")
			}
			if _, dup := out[params[pos]]; dup {
				return nil, fmt.Errorf("argument %q given twice", params[pos])
			}
			out[params[pos]] = a
			pos++
		}
	}
	return out, nil
}

// ruleCall reads the arguments of a call to fn (params in positional
// order) as literal values, by name, with the call's line and source text.
// When it cannot, it records why and ok is false: a skip, with the reason
// notLiteral gives (for the argument built from variables or functions,
// "" when the binding itself met one), or a failure for a call that does
// not fit fn's parameters.
func (rf *rulesFile) ruleCall(c *syntax.CallExpr, lines []string, fn string, params []string, notLiteral func(arg string) string) (vals map[string]any, line int, text string, ok bool) {
	start, _ := c.Span()
	line = int(start.Line)
	text = sourceText(lines, c)
	args, err := callArgs(c, params)
	if errors.Is(err, errNotLiteral) {
		rf.skip(line, fn, text, notLiteral(""))
		return nil, line, text, false
	}
	if err != nil {
		rf.fail(line, "%s(): %v", fn, err)
		return nil, line, text, false
	}
	vals = map[string]any{}
	for k, e := range args {
		v, err := literal(e)
		if err != nil {
			rf.skip(line, fn, text, notLiteral(k))
			return nil, line, text, false
		}
		vals[k] = v
	}
	return vals, line, text, true
}

// prefixRuleParams are prefix_rule()'s parameters in positional order.
// Codex 0.169.0 has no reviewer parameter: a file passing one, by name or
// as a sixth positional argument, loaded no rule (testdata/codex/
// realconfigs/coverage, rc-parse-reviewer-keyword, rc-parse-all-positional).
var prefixRuleParams = []string{"pattern", "decision", "match", "not_match", "justification"}

func (rf *rulesFile) prefixRule(c *syntax.CallExpr, lines []string) {
	const notRun = "built from variables or functions: permsim never runs the file, so it cannot tell what this rule says"
	vals, line, text, ok := rf.ruleCall(c, lines, "prefix_rule", prefixRuleParams, func(arg string) string {
		if arg == "" {
			return notRun
		}
		return arg + " is " + notRun
	})
	if !ok {
		return
	}
	pv, ok := vals["pattern"]
	if !ok || pv == nil {
		rf.fail(line, "prefix_rule(): missing argument for pattern")
		return
	}
	pattern, perr := patternOf(pv)
	if perr != "" {
		rf.fail(line, "prefix_rule(): %s", perr)
		return
	}
	decision := decisionAllow
	// decision=None is an error, as justification=None is: Codex 0.169.0
	// loaded no rule of a file holding one (rc-parse-decision-none).
	if d, ok := vals["decision"]; ok {
		s, isStr := d.(string)
		if !isStr || strictness[s] == 0 {
			rf.fail(line, "prefix_rule(): decision must be allow, prompt or forbidden (got %v)", d)
			return
		}
		decision = s
	}
	justification := ""
	// Unlike decision, justification=None is an error: Codex 0.169.0
	// loaded no rule of a file holding one.
	if j, ok := vals["justification"]; ok {
		s, isStr := j.(string)
		if !isStr {
			rf.fail(line, "prefix_rule(): justification must be a string")
			return
		}
		if strings.TrimSpace(s) == "" {
			rf.fail(line, "prefix_rule(): justification cannot be empty")
			return
		}
		justification = s
	}
	pend := pendingExamples{line: line}
	for _, k := range []string{"match", "not_match"} {
		v, ok := vals[k]
		if !ok || v == nil {
			continue
		}
		ex, msg := examplesOf(v)
		if msg != "" {
			rf.fail(line, "prefix_rule(): %s: %s", k, msg)
			return
		}
		if k == "match" {
			pend.match = ex
		} else {
			pend.notMatch = ex
		}
	}
	ref := engine.RuleRef{Text: text, File: rf.path, Layer: rf.layer, List: decision, Decision: decision}
	for _, first := range pattern[0] {
		r := &prefixRule{first: first, rest: pattern[1:], decision: decision, justification: justification, ref: ref}
		rf.rules = append(rf.rules, r)
		pend.rules = append(pend.rules, r)
	}
	why := ""
	if justification != "" {
		why = "justification: " + justification
	}
	rf.infos = append(rf.infos, engine.RuleInfo{File: rf.path, Layer: rf.layer, List: decision, Rule: text, InForce: true, Why: why})
	if len(pend.match) > 0 || len(pend.notMatch) > 0 {
		rf.examples = append(rf.examples, pend)
	}
}

// patternOf reads a pattern: a non-empty list whose elements are strings or
// non-empty lists of strings (alternatives for that position).
func patternOf(v any) ([][]string, string) {
	list, ok := v.([]any)
	if !ok {
		return nil, fmt.Sprintf("pattern must be a list (got %T)", v)
	}
	if len(list) == 0 {
		return nil, "pattern cannot be empty"
	}
	return patternForm.read(list, func(s string) ([]string, string) { return []string{s}, "" })
}

// examplesOf reads match/not_match: a list of examples, each a string
// (split like a POSIX shell) or a non-empty list of strings.
func examplesOf(v any) ([][]string, string) {
	list, ok := v.([]any)
	if !ok {
		return nil, fmt.Sprintf("want a list of examples (got %T)", v)
	}
	return exampleForm.read(list, func(s string) ([]string, string) {
		words, ok := shlexSplit(s)
		if !ok {
			return nil, "example string has invalid shell syntax"
		}
		if len(words) == 0 {
			return nil, "example cannot be an empty string"
		}
		return words, ""
	})
}

// listForm is the form a pattern and match/not_match share: a list whose
// elements are each a string or a non-empty list of strings. Its fields
// are the problems, in the words of the parameter read: an empty inner
// list, a non-string in one (a format with %T), an element of another kind
// (likewise).
type listForm struct{ emptyList, notString, neither string }

var (
	patternForm = listForm{"pattern alternatives cannot be empty", "pattern alternative must be a string (got %T)", "pattern element must be a string or list of strings (got %T)"}
	exampleForm = listForm{"example cannot be an empty list", "example tokens must be strings (got %T)", "example must be a string or list of strings (got %T)"}
)

// read reads list in form f: a string element through fromString, a list
// element as its strings; the first problem stops it.
func (f listForm) read(list []any, fromString func(string) ([]string, string)) ([][]string, string) {
	out := make([][]string, 0, len(list))
	for _, el := range list {
		var words []string
		switch x := el.(type) {
		case string:
			var bad string
			if words, bad = fromString(x); bad != "" {
				return nil, bad
			}
		case []any:
			if len(x) == 0 {
				return nil, f.emptyList
			}
			words = make([]string, 0, len(x))
			for _, a := range x {
				s, ok := a.(string)
				if !ok {
					return nil, fmt.Sprintf(f.notString, a)
				}
				words = append(words, s)
			}
		default:
			return nil, fmt.Sprintf(f.neither, el)
		}
		out = append(out, words)
	}
	return out, ""
}

// checkExamples runs every prefix_rule()'s examples against that rule
// alone, once the file's host_executable() calls are known: each match
// example must match it and no not_match example may.
func (rf *rulesFile) checkExamples() {
	for _, p := range rf.examples {
		s := newRuleSet()
		for name, paths := range rf.host {
			s.hostExec[name] = paths
		}
		for _, r := range p.rules {
			s.add(r)
		}
		for _, ex := range p.notMatch {
			if len(s.match(ex, true)) > 0 {
				rf.fail(p.line, "prefix_rule(): not_match example %q matches the rule", strings.Join(ex, " "))
				return
			}
		}
		var missed []string
		for _, ex := range p.match {
			if len(s.match(ex, true)) == 0 {
				missed = append(missed, fmt.Sprintf("%q", strings.Join(ex, " ")))
			}
		}
		if len(missed) > 0 {
			rf.fail(p.line, "prefix_rule(): match example %s does not match the rule", strings.Join(missed, ", "))
			return
		}
	}
}

// hostExecutable reads host_executable(name, paths): the absolute paths
// under which a program may be matched by its rules' base name.
func (rf *rulesFile) hostExecutable(c *syntax.CallExpr, lines []string) {
	const notRun = "built from variables or functions: permsim never runs the file"
	vals, line, text, ok := rf.ruleCall(c, lines, "host_executable", []string{"name", "paths"}, func(string) string { return notRun })
	if !ok {
		return
	}
	// A missing argument is an error: Codex 0.169.0 loaded no rule of a
	// file calling host_executable() without paths (rc-parse-host-missing-paths).
	nameV, ok1 := vals["name"]
	pathsV, ok2 := vals["paths"]
	if !ok1 || !ok2 {
		missing := "name"
		if ok1 {
			missing = "paths"
		}
		rf.fail(line, "host_executable(): missing argument for %s", missing)
		return
	}
	name, ok := nameV.(string)
	if !ok || name == "" {
		rf.fail(line, "host_executable name cannot be empty")
		return
	}
	if strings.ContainsRune(name, '/') || name == "." || name == ".." {
		rf.fail(line, "host_executable name must be a bare executable name (got %s)", name)
		return
	}
	list, ok := pathsV.([]any)
	if !ok {
		rf.fail(line, "host_executable(): paths must be a list of strings")
		return
	}
	var paths []string
	for _, v := range list {
		s, ok := v.(string)
		if !ok {
			rf.fail(line, "host_executable paths must be strings (got %T)", v)
			return
		}
		// Codex 0.169.0 refused a ~/ path, also one that exists
		// (rc-parse-host-home, rc-parse-host-home-exists).
		p := s
		if !strings.HasPrefix(p, "/") {
			rf.fail(line, "host_executable paths must be absolute (got %s)", s)
			return
		}
		p = path.Clean(p)
		if path.Base(p) != name {
			rf.fail(line, "host_executable path `%s` must have basename `%s`", s, name)
			return
		}
		if !containsString(paths, p) {
			paths = append(paths, p)
		}
	}
	rf.host[name] = paths
	rf.infos = append(rf.infos, engine.RuleInfo{File: rf.path, Layer: rf.layer, List: "host_executable", Rule: text, InForce: true,
		Why: "a rule for " + name + " also matches these absolute paths, and no other path named " + name})
}

// networkRule reads network_rule(host, protocol, decision, justification),
// which steers Codex's network proxy; permsim lists it and does not
// simulate the proxy.
func (rf *rulesFile) networkRule(c *syntax.CallExpr, lines []string) {
	vals, line, text, ok := rf.ruleCall(c, lines, "network_rule", []string{"host", "protocol", "decision", "justification"},
		func(string) string { return "built from variables or functions: permsim never runs the file" })
	if !ok {
		return
	}
	host, _ := vals["host"].(string)
	proto, _ := vals["protocol"].(string)
	dec, _ := vals["decision"].(string)
	switch {
	case strings.TrimSpace(host) == "" || strings.ContainsAny(host, "/?#*") || strings.ContainsAny(strings.TrimSpace(host), " \t"):
		rf.fail(line, "network_rule host must be a specific hostname or IP literal (got %q)", host)
		return
	case !containsString([]string{"http", "https", "https_connect", "http-connect", "socks5_tcp", "socks5_udp"}, proto):
		rf.fail(line, "network_rule protocol must be one of http, https, socks5_tcp, socks5_udp (got %s)", proto)
		return
	case dec != "deny" && strictness[dec] == 0:
		rf.fail(line, "network_rule decision must be allow, prompt, forbidden or deny (got %s)", dec)
		return
	}
	if j, ok := vals["justification"].(string); ok && strings.TrimSpace(j) == "" {
		rf.fail(line, "network_rule(): justification cannot be empty")
		return
	}
	rf.infos = append(rf.infos, engine.RuleInfo{File: rf.path, Layer: rf.layer, List: "network_rule", Rule: text, InForce: true,
		Why: "steers Codex's network proxy, which permsim does not simulate"})
}

// sourceText is a node's source, on one line with runs of blanks folded.
func sourceText(lines []string, n syntax.Node) string {
	start, end := n.Span()
	if !start.IsValid() || !end.IsValid() || start.Line < 1 || int(end.Line) > len(lines) {
		return ""
	}
	var b strings.Builder
	for l := int(start.Line); l <= int(end.Line); l++ {
		s := lines[l-1]
		from, to := 0, len(s)
		if l == int(start.Line) {
			from = byteCol(s, int(start.Col))
		}
		if l == int(end.Line) {
			to = byteCol(s, int(end.Col))
		}
		if from > to {
			from = to
		}
		b.WriteString(s[from:to])
		b.WriteByte(' ')
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// byteCol turns a 1-based rune column into a byte offset in s.
func byteCol(s string, col int) int {
	off := 0
	for i := 1; i < col && off < len(s); i++ {
		_, n := utf8.DecodeRuneInString(s[off:])
		off += n
	}
	return off
}

func firstLine(s string) string {
	if r := []rune(s); len(r) > 80 {
		return string(r[:80]) + "…"
	}
	return s
}

// shlexSplit splits s into words like a POSIX shell, without expansions:
// quotes group, backslash escapes, '#' at a word's start begins a comment.
// ok is false for an unterminated quote or a trailing backslash.
func shlexSplit(s string) (words []string, ok bool) {
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		case c == '#' && !inWord:
			for i < len(s) && s[i] != '\n' {
				i++
			}
		case c == '\\':
			if i+1 >= len(s) {
				return nil, false
			}
			i++
			if s[i] != '\n' {
				cur.WriteByte(s[i])
				inWord = true
			}
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, false
			}
			cur.WriteString(s[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case c == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("$`\"\\\n", s[i+1]) >= 0 {
					i++
					if s[i] == '\n' {
						continue
					}
				}
				cur.WriteByte(s[i])
			}
			if i >= len(s) {
				return nil, false
			}
			inWord = true
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, true
}

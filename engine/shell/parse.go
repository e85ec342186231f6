package shell

import (
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// recoverMax bounds how many missing tokens the second, forgiving parse
// may invent; a handful covers a trailing && or an unclosed quote.
const recoverMax = 8

// Parse reads line as a bash command line and returns every simple command
// in it. It never fails: a line the parser rejects comes back Unparseable,
// with Err set and whatever commands a forgiving second parse could still
// recover, so that deny rules keep seeing them. A parent command comes
// before the commands nested in its words ($( ), backticks, <( )).
//
// Commands that run no program are left out: a bare NAME=value, and the
// [[ ]], (( )) and let forms (the substitutions inside them are kept).
// A redirection with no command ("> file") is kept as a command with an
// empty Text, so its target is still seen.
//
// The Script may be shared with other callers that parsed the same line
// (parsecache.go): it must not be changed.
func Parse(line string) *Script { return parseCached(line) }

// parseLine is Parse without the cache: the Script is the caller's own.
func parseLine(line string) *Script {
	s := &Script{Source: line, TooLong: len(line) > MaxLine}
	// A line of plain words has its tree built without the parser
	// (simple.go); any other line is parsed.
	f := simpleFile(line)
	var err error
	if f == nil {
		p := parsers.Get().(*syntax.Parser)
		f, err = p.Parse(strings.NewReader(line), "")
		parsers.Put(p)
	}
	if err != nil {
		s.Unparseable = true
		s.Err = err.Error()
		f, err = syntax.NewParser(syntax.Variant(syntax.LangBash), syntax.RecoverErrors(recoverMax)).
			Parse(strings.NewReader(line), "")
		if err != nil || f == nil {
			return s
		}
	}
	if !s.Unparseable {
		syntaxFacts(s, f, line)
	}
	w := &walker{src: line, s: s}
	cwd := ""
	w.stmts(f.Stmts, scope{cwd: &cwd})
	s.Untraceable = s.Untraceable || s.CdCount > 1
	return s
}

// syntaxFacts sets what FirstSubst and BareAssign report, from the tree
// of a line the parser read. Simulators (Codey) used to parse the line
// again for these; a walk of the tree is only needed when the line holds
// a character such a node is written with ("=" for an assignment, $( `
// <( >( and ${ for a substitution).
func syntaxFacts(s *Script, f *syntax.File, line string) {
	if !strings.ContainsAny(line, "=`") && !strings.Contains(line, "$(") && !strings.Contains(line, "${") &&
		!strings.Contains(line, "<(") && !strings.Contains(line, ">(") {
		return
	}
	syntax.Walk(f, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.CmdSubst:
			if s.firstSubst == "" {
				s.firstSubst = "command"
			}
		case *syntax.ProcSubst:
			if s.firstSubst == "" {
				s.firstSubst = "process"
			}
		case *syntax.CallExpr:
			if s.bareAssign == "" && len(x.Args) == 0 && len(x.Assigns) > 0 && x.Assigns[0].Name != nil {
				s.bareAssign = x.Assigns[0].Name.Value
			}
			if len(x.Args) == 0 {
				for _, a := range x.Assigns {
					if a.Name != nil && a.Value != nil && !a.Append && a.Index == nil {
						from, to := int(a.Value.Pos().Offset()), int(a.Value.End().Offset())
						if 0 <= from && from <= to && to <= len(line) {
							s.Sets = append(s.Sets, Assign{Name: a.Name.Value, Value: line[from:to]})
						}
					}
				}
			}
		}
		return true
	})
}

// parsers reuses bash parsers: a Parser may serve many lines, one at a time.
var parsers = sync.Pool{New: func() any { return syntax.NewParser(syntax.Variant(syntax.LangBash)) }}

// walker turns the syntax tree into Commands.
type walker struct {
	src      string
	s        *Script
	pipeline int
	// substAny is 1 when src may hold a command or process substitution,
	// -1 when it cannot (0: not looked at yet).
	substAny int8
}

// scope is what an enclosing construct hands down to the commands inside.
type scope struct {
	depth  int
	nested bool
	// cwd is shared along a chain of && / || / ; so a cd moves the commands
	// after it; constructs that run in a child shell get a copy.
	cwd      *string
	redirs   []Redirect // redirections of enclosing compound commands
	pending  []string   // wrappers from an enclosing "time" keyword
	pipeline int        // the enclosing pipeline's number, 0 when none
	// ctl is set inside an if, while/until or for body; sub inside a
	// subshell or substitution (child), at any depth.
	ctl, sub bool
	// fn names the function whose body this is, at any depth inside it.
	fn string
	// never is set on the right of "true ||" and "false &&", at any
	// depth inside it.
	never bool
}

// child is the scope of a construct whose commands are nested (a
// substitution, a subshell, a body): one level deeper, cwd copied.
func (sc scope) child() scope {
	c := *sc.cwd
	return scope{depth: sc.depth + 1, nested: true, cwd: &c, sub: true, fn: sc.fn, never: sc.never}
}

// body is the scope of an if/while/for/case/{ } body: one level deeper,
// but in the same shell, so a cd inside still moves what follows.
func (sc scope) body() scope {
	sc.depth++
	sc.nested = true
	sc.pending = nil
	return sc
}

func (w *walker) stmts(list []*syntax.Stmt, sc scope) {
	for _, st := range list {
		w.stmt(st, sc)
	}
}

func (w *walker) stmt(st *syntax.Stmt, sc scope) {
	if st == nil || st.Position.IsRecovered() {
		return // a statement the forgiving parse invented
	}
	if st.Background {
		w.s.Background = true
	}
	redirs, stdin := w.redirects(st.Redirs)
	// Substitutions in redirections come after the command they belong to.
	defer func() {
		for _, r := range st.Redirs {
			if r.Word != nil {
				w.substs(r.Word, sc)
			}
			if r.Hdoc != nil {
				w.substs(r.Hdoc, sc)
			}
		}
	}()
	if len(redirs) > 0 {
		sc.redirs = append(slices.Clip(sc.redirs), redirs...)
	}
	cmd := st.Cmd
	if cmd == nil {
		if len(st.Redirs) == 0 {
			return
		}
		cmd = &syntax.CallExpr{} // "> file" alone
	}
	switch x := cmd.(type) {
	case *syntax.CallExpr:
		w.call(x, sc, stdin, len(st.Redirs) > 0)
	case *syntax.BinaryCmd:
		switch x.Op {
		case syntax.Pipe, syntax.PipeAll:
			if sc.pipeline == 0 {
				w.pipeline++
				sc.pipeline = w.pipeline
			}
			// Each side of a pipe runs in its own child shell; "time"
			// belongs to the pipeline's first command only.
			for i, side := range []*syntax.Stmt{x.X, x.Y} {
				c := *sc.cwd
				sub := sc
				sub.cwd = &c
				if i == 1 {
					sub.pending = nil
				}
				w.stmt(side, sub)
			}
		default:
			w.stmt(x.X, sc)
			sc.pending = nil
			if x.Op == syntax.OrStmt && builtinStatus(x.X) == "true" || x.Op == syntax.AndStmt && builtinStatus(x.X) == "false" {
				sc.never = true
			}
			w.stmt(x.Y, sc)
		}
	case *syntax.Subshell:
		w.s.Untraceable = true
		w.s.Grouping = true
		sub := sc.child()
		sub.redirs, sub.pipeline = sc.redirs, sc.pipeline
		w.stmts(x.Stmts, sub)
	case *syntax.Block:
		w.s.Grouping = true
		w.stmts(x.Stmts, sc.body())
	case *syntax.IfClause:
		b := sc.body()
		b.ctl = true
		for c := x; c != nil; c = c.Else {
			w.stmts(c.Cond, b)
			w.stmts(c.Then, b)
		}
	case *syntax.WhileClause:
		b := sc.body()
		b.ctl = true
		w.stmts(x.Cond, b)
		w.stmts(x.Do, b)
	case *syntax.ForClause:
		if x.Select {
			w.s.Grouping = true
		}
		b := sc.body()
		b.ctl = true
		w.substs(x.Loop, sc)
		w.stmts(x.Do, b)
	case *syntax.CaseClause:
		w.s.Grouping = true
		b := sc.body()
		w.substs(x.Word, sc)
		for _, it := range x.Items {
			for _, p := range it.Patterns {
				w.substs(p, sc)
			}
			w.stmts(it.Stmts, b)
		}
	case *syntax.FuncDecl:
		// The body runs later, in the caller's folder; its cd moves nothing here.
		sub := sc.child()
		if x.Name != nil {
			sub.fn = x.Name.Value
		}
		w.stmt(x.Body, sub)
	case *syntax.TimeClause:
		if x.Stmt != nil {
			sc.pending = append(slices.Clip(sc.pending), "time")
			w.stmt(x.Stmt, sc)
		}
	case *syntax.CoprocClause:
		sub := sc.child()
		w.stmt(x.Stmt, sub)
	case *syntax.DeclClause:
		w.decl(x, sc)
	default:
		// [[ ]], (( )), let and anything newer run no program themselves.
		w.substs(x, sc)
	}
}

// substs walks node for command and process substitutions and adds the
// commands inside them as commands nested one level below sc.
func (w *walker) substs(node syntax.Node, sc scope) {
	if node == nil {
		return
	}
	if w.substAny == 0 {
		// Every substitution is written with one of these; a line with
		// none has no node for the walk below to find (most lines: the
		// walk was a tenth of a parse's allocation).
		w.substAny = -1
		if strings.ContainsAny(w.src, "`") || strings.Contains(w.src, "$(") || strings.Contains(w.src, "${") ||
			strings.Contains(w.src, "<(") || strings.Contains(w.src, ">(") {
			w.substAny = 1
		}
	}
	if w.substAny < 0 {
		return
	}
	syntax.Walk(node, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.CmdSubst:
			w.s.Subst = true
			w.stmts(x.Stmts, sc.child())
			return false
		case *syntax.ProcSubst:
			w.s.Subst = true
			w.stmts(x.Stmts, sc.child())
			return false
		}
		return true
	})
}

// redirects converts a statement's redirections, keeping only file
// targets. stdin is the literal text a here-document or here-string feeds
// the statement.
func (w *walker) redirects(list []*syntax.Redirect) (out []Redirect, stdin string) {
	for _, r := range list {
		if r.Op == syntax.Hdoc || r.Op == syntax.DashHdoc {
			w.s.HereDoc = true
		}
		if r.Hdoc != nil {
			if b := w.word(r.Hdoc); b.Literal {
				stdin = b.Lit
			}
		}
		if r.Word == nil {
			continue
		}
		if r.Op == syntax.WordHdoc {
			if b := w.word(r.Word); b.Literal {
				stdin = b.Lit + "\n"
			}
			continue
		}
		t := w.word(r.Word)
		rd := Redirect{Op: r.Op.String(), Target: t}
		if r.N != nil {
			rd.Op = r.N.Value + rd.Op
		}
		switch r.Op {
		case syntax.RdrOut, syntax.AppOut, syntax.RdrClob, syntax.AppClob,
			syntax.RdrAll, syntax.RdrAllClob, syntax.AppAll, syntax.AppAllClob:
			rd.Write = true
		case syntax.RdrIn:
			rd.Read = true
		case syntax.RdrInOut:
			rd.Read, rd.Write = true, true
		case syntax.DplOut:
			// ">& file" (no descriptor number before it) sends both streams
			// to a file; ">&2" and "2>&1" only duplicate a descriptor.
			if r.N != nil || isFD(t) {
				continue
			}
			rd.Write = true
		default:
			continue // <&, heredocs, here-strings
		}
		out = append(out, rd)
	}
	return out, stdin
}

// isFD reports whether a duplication target names a descriptor ("1", "-").
func isFD(t Word) bool {
	if !t.Literal {
		return true // ">&$fd": a descriptor in every script seen so far
	}
	if t.Lit == "-" {
		return true
	}
	_, err := strconv.Atoi(strings.TrimSuffix(t.Lit, "-"))
	return err == nil
}

// call turns one simple command into a Command. ownRedirs says the
// statement itself redirects, so "> file" with no words still counts.
func (w *walker) call(x *syntax.CallExpr, sc scope, stdin string, ownRedirs bool) {
	var assigns []Assign
	var assignRaw []string
	for _, a := range x.Assigns {
		assigns = append(assigns, w.assign(a))
		assignRaw = append(assignRaw, w.text(a.Pos(), a.End()))
	}
	words := make([]Word, 0, len(x.Args))
	for _, a := range x.Args {
		words = append(words, w.word(a))
	}
	if len(words) == 0 && !ownRedirs {
		// NAME=value alone runs nothing; keep only what its value runs.
		for _, a := range x.Assigns {
			w.substs(a, sc)
		}
		return
	}
	cmd := newCommandIn(words, sc.pending, w.src)
	cmd.WrappedText = cmd.Text
	if len(cmd.Wrappers) > 0 {
		raws := make([]string, len(words))
		for i, wd := range words {
			raws[i] = wd.Raw
		}
		cmd.WrappedText = strings.Join(raws, " ")
	}
	cmd.Assigns = assigns
	cmd.FullText = strings.Join(append(assignRaw, cmd.Text), " ")
	if cmd.Text == "" {
		cmd.FullText = strings.Join(assignRaw, " ")
	}
	cmd.Stdin = stdin
	w.add(&cmd, sc)
	// Substitutions run before the command, in the folder it starts in.
	for _, a := range x.Assigns {
		w.substs(a, sc)
	}
	for _, a := range x.Args {
		w.substs(a, sc)
	}
	w.followCd(&cmd, sc)
}

// add records cmd with what the walk knows of where it stands: the
// redirections, nesting and folder of its scope, and its pipeline (a
// command outside one is a pipeline of its own). A call and a declaration
// (export, local, …) are recorded alike; cmd is left as recorded, for the
// caller's further steps (followCd).
func (w *walker) add(cmd *Command, sc scope) {
	cmd.Redirects = sc.redirs
	cmd.Nested, cmd.Depth, cmd.Cwd = sc.nested, sc.depth, *sc.cwd
	cmd.InBody = sc.ctl && !sc.sub
	cmd.InFunc = sc.fn
	cmd.NeverRuns = sc.never
	cmd.Pipeline = sc.pipeline
	if cmd.Pipeline == 0 {
		w.pipeline++
		cmd.Pipeline = w.pipeline
	}
	memoFiles(cmd)
	w.s.Commands = append(w.s.Commands, *cmd)
}

// followCd moves the scope's folder for cd/pushd/popd and counts them.
func (w *walker) followCd(cmd *Command, sc scope) {
	switch cmd.Name {
	case "cd", "pushd", "popd":
	default:
		return
	}
	w.s.CdCount++
	if cmd.Name == "popd" {
		w.s.Untraceable = true
		return
	}
	var target *Word
	for i := range cmd.Args {
		a := &cmd.Args[i]
		if a.Literal && len(a.Lit) > 1 && a.Lit[0] == '-' {
			continue // -P, -L, -e, -@
		}
		target = a
		break
	}
	dir := "~"
	if target != nil {
		if !target.Literal || target.Lit == "-" || strings.HasPrefix(target.Lit, "+") {
			w.s.Untraceable = true
			return
		}
		dir = target.Lit
	}
	if sc.pipeline != 0 {
		return // a cd inside a pipe runs in a child shell
	}
	*sc.cwd = joinDir(*sc.cwd, dir)
}

// joinDir combines a followed folder with the next cd argument.
func joinDir(cur, dir string) string {
	if cur == "" || strings.HasPrefix(dir, "/") || dir == "~" || strings.HasPrefix(dir, "~/") {
		return cleanKeepTilde(dir)
	}
	return cleanKeepTilde(path.Join(cur, dir))
}

func cleanKeepTilde(p string) string {
	if p == "~" || strings.HasPrefix(p, "~/") {
		rest := path.Clean("/" + strings.TrimPrefix(p, "~"))
		if rest == "/" {
			return "~"
		}
		return "~" + rest
	}
	return path.Clean(p)
}

// decl turns export/declare/local/readonly/typeset into a Command: they are
// builtins a rule can name ("Bash(export *)").
func (w *walker) decl(x *syntax.DeclClause, sc scope) {
	words := []Word{{Raw: x.Variant.Value, Lit: x.Variant.Value, Literal: true}}
	for _, a := range x.Args {
		raw := w.text(a.Pos(), a.End())
		wd := Word{Raw: raw}
		switch {
		case a.Array != nil || a.Index != nil:
		case a.Naked && a.Value != nil:
			wd = w.word(a.Value)
		case a.Naked:
			wd.Lit, wd.Literal = a.Name.Value, true
		case a.Value == nil:
			wd.Lit, wd.Literal = a.Name.Value+"=", true
		default:
			v := w.word(a.Value)
			if v.Literal {
				op := "="
				if a.Append {
					op = "+="
				}
				wd.Lit, wd.Literal, wd.Glob = a.Name.Value+op+v.Lit, true, v.Glob
			}
		}
		words = append(words, wd)
	}
	cmd := newCommandIn(words, sc.pending, w.src)
	cmd.FullText = cmd.Text
	w.add(&cmd, sc)
	w.substs(x, sc)
}

func (w *walker) assign(a *syntax.Assign) Assign {
	out := Assign{Name: a.Name.Value}
	switch {
	case a.Value != nil:
		v := w.word(a.Value)
		if v.Literal {
			out.Value = v.Lit
		} else {
			out.Value = v.Raw
		}
	case a.Array != nil:
		out.Value = w.text(a.Array.Pos(), a.Array.End())
	}
	return out
}

// text returns the source between two positions, or "" when the forgiving
// parse invented one of them.
func (w *walker) text(from, to syntax.Pos) string {
	if !from.IsValid() || !to.IsValid() || from.IsRecovered() || to.IsRecovered() {
		return ""
	}
	a, b := int(from.Offset()), int(to.Offset())
	if a < 0 || b > len(w.src) || a > b {
		return ""
	}
	return w.src[a:b]
}

// word converts a syntax word: its source text, and its value when it has
// no expansions.
func (w *walker) word(x *syntax.Word) Word {
	out := Word{Raw: w.text(x.Pos(), x.End())}
	if len(x.Parts) == 1 {
		// One unquoted literal, most words: its unescaped value as is,
		// without a copy through the builder.
		if p, ok := x.Parts[0].(*syntax.Lit); ok {
			v, g := unescape(p.Value)
			out.Glob = g
			if !hasBraces(x) {
				out.Lit, out.Literal = v, true
			}
			return out
		}
	}
	var b strings.Builder
	// Unescaping and unquoting only shorten the word's source.
	b.Grow(len(out.Raw))
	literal := true
	for _, p := range x.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			v, g := unescape(p.Value)
			b.WriteString(v)
			out.Glob = out.Glob || g
		case *syntax.SglQuoted:
			if p.Dollar {
				b.WriteString(ansiC(p.Value))
			} else {
				b.WriteString(p.Value)
			}
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				lit, ok := q.(*syntax.Lit)
				if !ok {
					literal = false
					continue
				}
				b.WriteString(unescapeDouble(lit.Value))
			}
		case *syntax.ExtGlob:
			b.WriteString(w.text(p.Pos(), p.End()))
			out.Glob = true
		default:
			literal = false
		}
	}
	if literal && hasBraces(x) {
		literal = false // {a,b} and {1..3} expand into several words
	}
	if literal {
		out.Lit, out.Literal = b.String(), true
	}
	return out
}

// hasBraces reports whether bash would expand a brace form in x. The
// parser's SplitBraces also splits "{}" and "x{y}", which bash leaves alone,
// so only a list with a comma or a sequence counts.
func hasBraces(x *syntax.Word) bool {
	// SplitBraces' own first test, before the copy it needs: most words
	// have no brace to split.
	if !slices.ContainsFunc(x.Parts, func(part syntax.WordPart) bool {
		lit, ok := part.(*syntax.Lit)
		return ok && strings.Contains(lit.Value, "{")
	}) {
		return false
	}
	c := &syntax.Word{Parts: slices.Clone(x.Parts)}
	if !syntax.SplitBraces(c) {
		return false
	}
	found := false
	syntax.Walk(c, func(n syntax.Node) bool {
		if b, ok := n.(*syntax.BraceExp); ok && (b.Sequence || len(b.Elems) > 1) {
			found = true
		}
		return !found
	})
	return found
}

// unescape removes the backslashes of an unquoted literal and reports
// whether an unescaped glob character is left.
func unescape(s string) (string, bool) {
	if !strings.ContainsAny(s, `\*?[`) {
		return s, false
	}
	var b strings.Builder
	glob, bracket := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s):
			i++
			if s[i] != '\n' {
				b.WriteByte(s[i])
			}
			continue
		case c == '*' || c == '?':
			glob = true
		case c == '[':
			bracket = true
		case c == ']' && bracket:
			glob = true
		}
		b.WriteByte(c)
	}
	return b.String(), glob
}

// unescapeDouble removes the backslashes that escape a character inside
// double quotes; other backslashes stay, as in bash.
func unescapeDouble(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			switch s[i+1] {
			case '$', '`', '"', '\\':
				i++
			case '\n':
				i++
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// ansiC decodes the escapes of a $'…' string, so "$'\x72m'" reads as "rm".
func ansiC(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			b.WriteByte(c)
			continue
		}
		i++
		switch e := s[i]; e {
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 'e', 'E':
			b.WriteByte(0x1b)
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'v':
			b.WriteByte('\v')
		case 'x':
			n, j := readNum(s, i+1, 16, 2)
			if j == i+1 {
				b.WriteString(`\x`)
				continue
			}
			b.WriteByte(byte(n))
			i = j - 1
		case 'u', 'U':
			max := 4
			if e == 'U' {
				max = 8
			}
			n, j := readNum(s, i+1, 16, max)
			if j == i+1 || !utf8.ValidRune(rune(n)) {
				b.WriteByte('\\')
				b.WriteByte(e)
				continue
			}
			b.WriteRune(rune(n))
			i = j - 1
		case 'c':
			if i+1 < len(s) {
				i++
				b.WriteByte(s[i] & 0x1f)
			}
		default:
			if e >= '0' && e <= '7' {
				n, j := readNum(s, i, 8, 3)
				b.WriteByte(byte(n))
				i = j - 1
				continue
			}
			b.WriteByte(e) // \\, \', \", \? and unknown escapes
		}
	}
	return b.String()
}

// readNum reads up to max digits of base from s at i and returns the value
// and the index after the last digit.
func readNum(s string, i, base, max int) (int, int) {
	n, j := 0, i
	for j < len(s) && j-i < max {
		d, err := strconv.ParseUint(s[j:j+1], base, 8)
		if err != nil {
			break
		}
		n = n*base + int(d)
		j++
	}
	return n, j
}

// builtinStatus returns "true" or "false" for a statement that is only the
// builtin true (or ":") or false, with no words, redirections or "!"
// after it, whose exit status is then known; "" for any other.
func builtinStatus(st *syntax.Stmt) string {
	if st == nil || st.Negated || st.Background || len(st.Redirs) > 0 {
		return ""
	}
	call, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(call.Assigns) > 0 || len(call.Args) != 1 {
		return ""
	}
	switch call.Args[0].Lit() {
	case "true", ":":
		return "true"
	case "false":
		return "false"
	}
	return ""
}

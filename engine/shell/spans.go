package shell

import (
	"sort"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Span is one simple command of a line exactly as its source has it, for
// harnesses that match rules against the raw text of each command rather
// than against Command.Text (Gemini CLI tests its command prefixes against
// the text of every command node its bash parser finds).
type Span struct {
	// Text is the source text from the command's first word (a leading
	// NAME=value included) to its last word, spacing and quotes as written;
	// wrappers are kept, and trailing redirections are left out.
	Text  string
	Start int // byte offset of Text in the line
	// Tokens are the command's words as a shell would pass them: leading
	// NAME=value words as written, then every word unquoted when it is
	// literal and as written when it is not.
	Tokens []string
	// Name is the first word after the assignments, unquoted; "" when the
	// command has no literal name. Declarations ("export X=1") are named by
	// their keyword and [[ ]] tests by "[[".
	Name string
	// Nested is set for a command inside ( ), $( ), backticks, <( ) or a
	// function body.
	Nested bool
}

// SpanList is a line split into every simple command it runs, nested
// ones included, in source order.
type SpanList struct {
	Line  string
	Spans []Span
	// Redirects is set when the line redirects anywhere (>, >>, <, 2>&1,
	// &>, here-documents, here-strings), inside substitutions too.
	Redirects bool
	// Unparseable is set when the bash parser rejected the line; Spans is
	// then empty.
	Unparseable bool
	Err         string
}

// SplitSpans parses line as bash and returns its simple commands with their
// source text. Unlike Parse it strips nothing and never recovers from a
// syntax error, because a caller matching raw text must not guess.
func SplitSpans(line string) SpanList {
	out := SpanList{Line: line}
	p := parsers.Get().(*syntax.Parser)
	f, err := p.Parse(strings.NewReader(line), "")
	parsers.Put(p)
	if err != nil {
		out.Unparseable, out.Err = true, err.Error()
		return out
	}
	w := &walker{src: line}
	depth := 0
	var stack []bool // whether each open node raised depth
	syntax.Walk(f, func(n syntax.Node) bool {
		if n == nil {
			if len(stack) > 0 {
				if stack[len(stack)-1] {
					depth--
				}
				stack = stack[:len(stack)-1]
			}
			return true
		}
		raise := false
		switch x := n.(type) {
		case *syntax.Redirect:
			out.Redirects = true
		case *syntax.CmdSubst, *syntax.ProcSubst, *syntax.Subshell, *syntax.FuncDecl:
			raise = true
		case *syntax.CallExpr:
			if len(x.Args) > 0 {
				out.Spans = append(out.Spans, w.callSpan(x, depth > 0))
			}
		case *syntax.DeclClause:
			sp := Span{Text: w.text(x.Pos(), x.End()), Start: int(x.Pos().Offset()), Nested: depth > 0}
			if x.Variant != nil {
				sp.Name = x.Variant.Value
				sp.Tokens = append(sp.Tokens, sp.Name)
			}
			for _, a := range x.Args {
				sp.Tokens = append(sp.Tokens, w.text(a.Pos(), a.End()))
			}
			out.Spans = append(out.Spans, sp)
		case *syntax.TestClause:
			out.Spans = append(out.Spans, Span{Text: w.text(x.Pos(), x.End()), Start: int(x.Pos().Offset()),
				Name: "[[", Tokens: []string{"[["}, Nested: depth > 0})
		}
		if raise {
			depth++
		}
		stack = append(stack, raise)
		return true
	})
	sort.SliceStable(out.Spans, func(i, j int) bool { return out.Spans[i].Start < out.Spans[j].Start })
	return out
}

// callSpan builds the Span of one simple command.
func (w *walker) callSpan(x *syntax.CallExpr, nested bool) Span {
	sp := Span{Text: w.text(x.Pos(), x.End()), Start: int(x.Pos().Offset()), Nested: nested}
	for _, a := range x.Assigns {
		sp.Tokens = append(sp.Tokens, w.text(a.Pos(), a.End()))
	}
	for i, a := range x.Args {
		wd := w.word(a)
		tok := wd.Raw
		if wd.Literal {
			tok = wd.Lit
		}
		if i == 0 && wd.Literal {
			sp.Name = wd.Lit
		}
		sp.Tokens = append(sp.Tokens, tok)
	}
	return sp
}

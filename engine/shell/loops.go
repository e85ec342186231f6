package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// ForLoop is one "for NAME in WORDS; do BODY; done" of a script: the
// variable, the source text of its words as written (globs and
// substitutions kept), and the source text of the body's commands.
type ForLoop struct {
	Var   string
	Items []string
	Body  string
}

// ForLoops returns the for loops of a script with an explicit word list
// ("for f in *", "for f in $(find …)"), outermost first. A loop with no
// "in" list iterates over arguments the line does not show and is left
// out, as are C-style loops. Nil when the script does not parse.
func ForLoops(script string) []ForLoop {
	if len(script) > MaxLine {
		return nil
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(script), "")
	if err != nil {
		return nil
	}
	var out []ForLoop
	syntax.Walk(f, func(n syntax.Node) bool {
		fc, ok := n.(*syntax.ForClause)
		if !ok {
			return true
		}
		wi, ok := fc.Loop.(*syntax.WordIter)
		if !ok || !wi.InPos.IsValid() || len(wi.Items) == 0 || len(fc.Do) == 0 {
			return true
		}
		l := ForLoop{Var: wi.Name.Value}
		for _, w := range wi.Items {
			l.Items = append(l.Items, script[w.Pos().Offset():w.End().Offset()])
		}
		l.Body = strings.TrimSuffix(script[fc.Do[0].Pos().Offset():fc.Do[len(fc.Do)-1].End().Offset()], ";")
		out = append(out, l)
		return true
	})
	return out
}

// ReadLoop is one "FEED | while read VAR; do BODY; done" of a script: the
// variable read, the source text of the pipeline before the loop, and of
// the body's commands.
type ReadLoop struct {
	Var  string
	Feed string
	Body string
}

// ReadLoops returns the while-read loops of a script that a pipeline
// feeds, where the loop's condition is one read of one variable (read,
// read -r, IFS= read -r). Nil when the script does not parse.
func ReadLoops(script string) []ReadLoop {
	if len(script) > MaxLine || !strings.Contains(script, "read") {
		return nil
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(script), "")
	if err != nil {
		return nil
	}
	var out []ReadLoop
	syntax.Walk(f, func(n syntax.Node) bool {
		bc, ok := n.(*syntax.BinaryCmd)
		if !ok || bc.Op != syntax.Pipe && bc.Op != syntax.PipeAll || bc.Y == nil {
			return true
		}
		wc, ok := bc.Y.Cmd.(*syntax.WhileClause)
		if !ok || wc.Until || len(wc.Cond) != 1 || len(wc.Do) == 0 {
			return true
		}
		call, ok := wc.Cond[0].Cmd.(*syntax.CallExpr)
		if !ok || len(call.Args) < 2 || call.Args[0].Lit() != "read" {
			return true
		}
		name := ""
		for _, a := range call.Args[1:] {
			lit := a.Lit()
			if strings.HasPrefix(lit, "-") {
				if lit != "-r" {
					return true // -d, -a, -n…: not one line into one variable
				}
				continue
			}
			if name != "" || lit == "" {
				return true
			}
			name = lit
		}
		if name == "" {
			return true
		}
		body := strings.TrimSuffix(script[wc.Do[0].Pos().Offset():wc.Do[len(wc.Do)-1].End().Offset()], ";")
		feed := script[bc.X.Pos().Offset():bc.X.End().Offset()]
		out = append(out, ReadLoop{Var: name, Feed: feed, Body: body})
		return true
	})
	return out
}

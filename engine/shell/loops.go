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

package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// ShownVars names the variables whose values a word's expansion can carry
// into the command's arguments, in order: "$TOKEN", "${KEY:-}" and those a
// command substitution inside the word prints. A variable only tested
// inside a substitution ("$([[ -n $KEY ]] && echo yes)": [[ ]], test, [)
// or only measured ("${#KEY}") or only used as a condition ("${KEY:+set}")
// is left out: its value never reaches the output. ok is false when raw is
// not one word bash can read; callers then fall back to reading it whole.
func ShownVars(raw string) (names []string, ok bool) {
	p := parsers.Get().(*syntax.Parser)
	defer parsers.Put(p)
	// Read as the argument of a command, so quotes count as bash counts them.
	f, err := p.Parse(strings.NewReader(": "+raw), "")
	if err != nil || len(f.Stmts) != 1 {
		return nil, false
	}
	call, isCall := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !isCall || len(call.Args) != 2 || len(f.Stmts[0].Redirs) > 0 {
		return nil, false
	}
	w := call.Args[1]
	var walk func(n syntax.Node) bool
	walk = func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.TestClause:
			return false
		case *syntax.CallExpr:
			if len(x.Args) > 0 {
				if name := x.Args[0].Lit(); name == "test" || name == "[" {
					return false
				}
			}
		case *syntax.ParamExp:
			if x.Param == nil || x.Length || x.Exp != nil && x.Exp.Op == syntax.AlternateUnset || x.Exp != nil && x.Exp.Op == syntax.AlternateUnsetOrNull {
				return true
			}
			names = append(names, x.Param.Value)
		}
		return true
	}
	syntax.Walk(w, walk)
	return names, true
}

package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// OnlyVar reports a word that is one plain variable and nothing else:
// $NAME, ${NAME}, "$NAME" or "${NAME}" (no default, no other text), with
// quoted set when it sits in double quotes. Unset, such a word is no
// argument at all (unquoted) or one empty argument (quoted): bash(1),
// "Word Splitting". Special and positional parameters ($1, $@, $?) are
// not names.
func OnlyVar(raw string) (name string, quoted, ok bool) {
	if !strings.HasPrefix(raw, "$") && !strings.HasPrefix(raw, `"$`) {
		return "", false, false
	}
	p := parsers.Get().(*syntax.Parser)
	defer parsers.Put(p)
	f, err := p.Parse(strings.NewReader(": "+raw), "")
	if err != nil || len(f.Stmts) != 1 {
		return "", false, false
	}
	call, isCall := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !isCall || len(call.Args) != 2 || len(f.Stmts[0].Redirs) > 0 || len(call.Args[1].Parts) != 1 {
		return "", false, false
	}
	part := call.Args[1].Parts[0]
	if dq, isDq := part.(*syntax.DblQuoted); isDq {
		if len(dq.Parts) != 1 {
			return "", false, false
		}
		part, quoted = dq.Parts[0], true
	}
	pe, isPe := part.(*syntax.ParamExp)
	if !isPe || pe.Param == nil || pe.Excl || pe.Length || pe.Width || pe.Index != nil || pe.Slice != nil || pe.Repl != nil || pe.Names != 0 || pe.Exp != nil {
		return "", false, false
	}
	if !syntax.ValidName(pe.Param.Value) {
		return "", false, false
	}
	return pe.Param.Value, quoted, true
}

package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// SelfCalling returns the names of the functions line defines whose bodies
// call the function itself (recursion: the shape of a fork bomb,
// ":(){ :|:& };:"). It parses the line again, so callers should ask only
// about lines that define a function; nil when there is none or the line
// does not parse.
func SelfCalling(line string) []string {
	if !strings.Contains(line, "()") && !strings.Contains(line, "( )") && !strings.Contains(line, "function") {
		return nil // no function definition can be in the line: no need to parse it again
	}
	p := parsers.Get().(*syntax.Parser)
	f, err := p.Parse(strings.NewReader(line), "")
	parsers.Put(p)
	if err != nil {
		return nil
	}
	var out []string
	syntax.Walk(f, func(n syntax.Node) bool {
		fd, ok := n.(*syntax.FuncDecl)
		if !ok || fd.Name == nil || fd.Body == nil {
			return true
		}
		name := fd.Name.Value
		calls := false
		syntax.Walk(fd.Body, func(m syntax.Node) bool {
			if ce, ok := m.(*syntax.CallExpr); ok && len(ce.Args) > 0 && ce.Args[0].Lit() == name {
				calls = true
			}
			return !calls
		})
		if calls {
			out = append(out, name)
		}
		return true
	})
	return out
}

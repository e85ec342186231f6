package danger

import (
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// loopBodies returns the bodies of a script's for loops with the loop
// variable read as the loop's word list: bash runs the body once per
// word with the variable set to it, so "for f in *; do rm -rf "$f";
// done" removes what "rm -rf *" removes. Only whole-word uses of the
// variable ("$f", $f, "${f}", ${f}) are replaced; a loop over "$@" or
// "$*" (arguments the line does not show) is left out.
func loopBodies(s *shell.Script) []string {
	if !strings.Contains(s.Source, "for") {
		return nil
	}
	var out []string
	for _, l := range shell.ForLoops(s.Source) {
		list := strings.Join(l.Items, " ")
		if strings.Contains(list, "$@") || strings.Contains(list, "$*") || strings.Contains(list, "${@") {
			continue
		}
		if body, ok := replaceVar(l.Body, l.Var, list); ok {
			out = append(out, body)
		}
	}
	return out
}

// replaceVar replaces the whole-word uses of variable name in text by
// list; ok is false when there is none.
func replaceVar(text, name, list string) (string, bool) {
	forms := []string{`"${` + name + `}"`, `"$` + name + `"`, "${" + name + "}", "$" + name}
	var b strings.Builder
	found := false
	for i := 0; i < len(text); {
		matched := false
		if i == 0 || strings.IndexByte(" \t\n;|&(", text[i-1]) >= 0 {
			for _, f := range forms {
				end := i + len(f)
				if strings.HasPrefix(text[i:], f) && (end == len(text) || strings.IndexByte(" \t\n;|&)", text[end]) >= 0) {
					b.WriteString(list)
					i, matched, found = end, true, true
					break
				}
			}
		}
		if !matched {
			b.WriteByte(text[i])
			i++
		}
	}
	return b.String(), found
}

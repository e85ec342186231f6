package danger

import (
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Loops of a script read as their bodies: for loops with the loop variable
// replaced by each literal item, and "FEED | while read VAR" bodies.

// loopBodies returns the bodies of a script's for loops with the loop
// variable read as the loop's word list: bash runs the body once per
// word with the variable set to it, so "for f in *; do rm -rf "$f";
// done" removes what "rm -rf *" removes. Only whole-word uses of the
// variable ("$f", $f, "${f}", ${f}) are replaced; a loop over "$@" or
// "$*" (arguments the line does not show) is left out.
func loopBodies(s *shell.Script) []string {
	if !strings.Contains(s.Source, "for") || !strings.Contains(s.Source, "do") || !strings.Contains(s.Source, " in ") {
		return nil
	}
	var out []string
	for _, l := range shell.ForLoops(s.Source) {
		list := strings.Join(l.Items, " ")
		if strings.Contains(list, "$@") || strings.Contains(list, "$*") || strings.Contains(list, "${@") {
			continue
		}
		if guarded(l.Body) {
			continue
		}
		if body, ok := replaceVar(l.Body, l.Var, list, false); ok {
			out = append(out, body)
		}
	}
	return out
}

// replaceVar replaces the uses of variable name in text ("$f", "${f}",
// "$f", ${f}) by list; ok is false when there is none. A for loop's body
// has them replaced as whole words; with anywhere (a read loop's body),
// also inside a longer word (~/"$f").
func replaceVar(text, name, list string, anywhere bool) (string, bool) {
	forms := []string{`"${` + name + `}"`, `"$` + name + `"`, "${" + name + "}", "$" + name}
	var b strings.Builder
	found := false
	for i := 0; i < len(text); {
		matched := false
		if anywhere || i == 0 || strings.IndexByte(" \t\n;|&(", text[i-1]) >= 0 {
			for _, f := range forms {
				end := i + len(f)
				if !strings.HasPrefix(text[i:], f) {
					continue
				}
				if anywhere && (f[len(f)-1] != name[len(name)-1] || end == len(text) || !isWordByte(text[end])) ||
					!anywhere && (end == len(text) || strings.IndexByte(" \t\n;|&)", text[end]) >= 0) {
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

// readLoopBodies returns the bodies of "FEED | while read VAR; do BODY;
// done" loops with the variable read as what the feed lists, when the
// feed is a lister whose lines are known in kind: a tree lister (find,
// fd, rg --files, git ls-files: the body is judged as given "$(FEED)", as
// "rm $(find …)" is) or ls (the entries of a folder: "*"), so "ls ~ |
// while read f; do rm -rf ~/"$f"; done" is "rm -rf ~/*".
func (c *checker) readLoopBodies(s *shell.Script, cwd string) []string {
	if !strings.Contains(s.Source, "read") || !strings.Contains(s.Source, "while") {
		return nil
	}
	var out []string
	for _, l := range shell.ReadLoops(s.Source) {
		feed := shell.Parse(l.Feed)
		if len(feed.Commands) == 0 {
			continue
		}
		f := unit{cmd: feed.Commands[0], dir: cwd}
		list := ""
		if _, name, ok := f.program(); ok && name == "ls" {
			list = "*"
		} else if c.treeLister(f) != "" {
			list = "$(" + l.Feed + ")"
		} else {
			continue
		}
		if guarded(l.Body) {
			continue
		}
		if body, ok := replaceVar(l.Body, l.Var, list, true); ok {
			out = append(out, body)
		}
	}
	return out
}

// guarded reports a loop body whose commands run only on a test's
// outcome (&&, ||, if, case, [ … ]): "ls "$d"/* || rm -r "$d"" removes
// only empty folders, which the line cannot tell, so the body is not read
// as run for every word (dev6's p0204).
func guarded(body string) bool {
	return strings.Contains(body, "&&") || strings.Contains(body, "||") || strings.Contains(body, "if ") ||
		strings.Contains(body, "case ") || strings.Contains(body, "[ ") || strings.Contains(body, "test ")
}

package danger

import (
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Variables nothing sets: a command whose targets are only variables the
// line does not set and the session does not have gets empty words and
// fails or acts on nothing, and what the line sets for a command.

// lineValue returns the word a variable reference t ($V, "$V", ${V},
// "${V}") stands for when the line itself sets V (its last assignment
// among the line's variable-only commands, shell.Script.Sets): bash
// expands it to that value, so "H=$HOME; rm -rf "$H"" removes the home
// folder. The value is parsed as a word of its own, so ~ and $HOME in it
// read as they do in "rm -rf ~".
func (c *checker) lineValue(t shell.Word) (shell.Word, bool) {
	if t.Literal || c.line == nil || len(c.line.Sets) == 0 {
		return shell.Word{}, false
	}
	ref := t.Raw
	if len(ref) > 1 && ref[0] == '"' && ref[len(ref)-1] == '"' {
		ref = ref[1 : len(ref)-1]
	}
	name, ok := strings.CutPrefix(ref, "$")
	if !ok {
		return shell.Word{}, false
	}
	if strings.HasPrefix(name, "{") && strings.HasSuffix(name, "}") {
		name = name[1 : len(name)-1]
	}
	if name == "" || strings.Trim(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_") != "" {
		return shell.Word{}, false // "$(…)", "${x:-y}", "$1x": not one variable
	}
	for k := len(c.line.Sets) - 1; k >= 0; k-- {
		a := c.line.Sets[k]
		if a.Name != name {
			continue
		}
		s := shell.Parse("rm " + a.Value)
		if len(s.Commands) != 1 || len(s.Commands[0].Args) != 1 {
			return shell.Word{}, false // a value of several words, or none
		}
		return s.Commands[0].Args[0], true
	}
	return shell.Word{}, false
}

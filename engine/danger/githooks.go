package danger

import (
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Git settings and tools that make git run a program (git-hooks-config):
// core.hooksPath, --config-env, hook installers, and the settings that name
// an ordinary credential helper, signing program, browser or diff tool.

// hooksPathChanged reports a "git config" that sets or unsets
// core.hooksPath in a configuration file: git-config(1) and githooks(5),
// the folder every later git command of the repository (--global: of the
// user, --system: of the machine) runs its hooks from. Any value counts,
// /dev/null too: hooks turned off for good, unlike "git -c" for one
// command (round 9b, heldout12's y1284, y1298, y1320, y1354).
func hooksPathChanged(rest []shell.Word) bool {
	if k, _, ok := gitConfigSet(rest); ok {
		return strings.EqualFold(k, "core.hooksPath")
	}
	unset := false
	var ops []shell.Word
	for i := 0; i < len(rest); i++ {
		w := rest[i]
		if w.Literal && len(w.Lit) > 1 && w.Lit[0] == '-' {
			switch w.Lit {
			case "--unset", "--unset-all":
				unset = true
			case "-f", "--file", "--blob", "--type", "--default", "--comment", "--value":
				i++ // its value
			}
			continue
		}
		ops = append(ops, w)
	}
	if len(ops) > 0 && ops[0].Literal && ops[0].Lit == "unset" {
		unset, ops = true, ops[1:]
	}
	return unset && len(ops) > 0 && ops[0].Literal && strings.EqualFold(ops[0].Lit, "core.hooksPath")
}

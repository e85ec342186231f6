package danger

import (
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// pushForceOptions are git-push(1)'s options that overwrite the remote's
// history.
var pushForceOptions = []string{"--force", "--force-with-lease", "--force-if-includes"}

// forceOption reports whether w is one of git push's force options, in
// full, with a value (--force-with-lease=REF[:EXPECT]) or abbreviated, as
// git's option parser accepts; any other "--force…" word is an unknown
// option git refuses, so nothing is pushed.
func forceOption(w string) bool {
	name, _, _ := strings.Cut(w, "=")
	if len(name) < len("--force") {
		return false
	}
	return slices.ContainsFunc(pushForceOptions, func(o string) bool { return strings.HasPrefix(o, name) })
}

// resetsToOlder reports whether "git reset --merge|--keep ARGS" names a
// revision other than HEAD: the branch moves back and commits leave it.
// Without one (HEAD), --merge and --keep keep the worktree's changes
// (git-reset(1)) and lose nothing.
func resetsToOlder(rest []shell.Word) bool {
	for _, w := range operands(rest) {
		if w.Literal && (w.Lit == "--" || w.Lit == "HEAD" || w.Lit == "@") {
			continue
		}
		return true
	}
	return false
}

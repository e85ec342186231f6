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

// generatedWords mark a verb that makes a new random value
// (secretsmanager get-random-password, "generate-password"): what it
// prints is no stored secret.
var generatedWords = map[string]bool{"random": true, "generate": true}

// opReveals reports "op item get" flags that print a concealed field's
// value: --reveal, --otp (the current one-time code) and JSON output.
func opReveals(words []string) bool {
	for i, w := range words {
		switch {
		case w == "--reveal" || w == "--otp" || w == "--format=json":
			return true
		case w == "--format" && i+1 < len(words) && words[i+1] == "json":
			return true
		}
	}
	return false
}

// balancerMembers are AWS operations that take targets out of a load
// balancer's rotation (AWS CLI reference: they "no longer receive
// traffic"); nothing is deleted.
var balancerMembers = map[string]bool{"deregister-targets": true, "deregister-instances-from-load-balancer": true}

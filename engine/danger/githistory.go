package danger

import (
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Git's history and work tree (git-history-rewrite, force-push,
// git-discard-worktree): force options of push and fetch, resets, rebases
// that drop commits, checkouts of paths, stash drops, forced git rm; and the
// forms that only show or act on this machine (dry runs, local repositories).

// gitValued are the options of git push and git clean that take a value,
// from git-push(1) and git-clean(1): git's option parser gives them the
// next word whatever it looks like ("git clean -e --dry-run -f" excludes
// a pattern named --dry-run and cleans). The short ones are the letters
// that take the rest of their cluster, or the next word.
var gitValued = map[string]struct {
	long  []string
	short string
}{
	"push":  {[]string{"--push-option", "--repo", "--receive-pack", "--exec"}, "o"},
	"clean": {[]string{"--exclude"}, "e"},
}

// gitDryRun reports whether git push or git clean, given rest, only shows
// what it would do: -n or --dry-run, read as git reads them (an option's
// value is no flag; the last of --dry-run and --no-dry-run wins), before
// "--".
func gitDryRun(sub string, rest []shell.Word) bool {
	valued := gitValued[sub]
	dry := false
	for i := 0; i < len(rest); i++ {
		w := rest[i]
		if !w.Literal || len(w.Lit) < 2 || w.Lit[0] != '-' {
			continue
		}
		switch {
		case w.Lit == "--":
			return dry
		case w.Lit == "--dry-run":
			dry = true
		case w.Lit == "--no-dry-run":
			dry = false
		case slices.Contains(valued.long, w.Lit):
			i++ // "--exclude --dry-run": the pattern
		case w.Lit[1] != '-':
			for k := 1; k < len(w.Lit); k++ {
				if strings.IndexByte(valued.short, w.Lit[k]) >= 0 {
					if k == len(w.Lit)-1 {
						i++ // "-e -n": -n is the value
					}
					break // "-e'*.log'": the rest is the value
				}
				if w.Lit[k] == 'n' {
					dry = true
				}
			}
		}
	}
	return dry
}

package danger

import (
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Round 10's git families (issue 30): everyday history work on local
// commits is not marked, only what leaves commits out of the branch.

// rebaseValued are git-rebase(1)'s options whose value is the next word.
var rebaseValued = map[string]bool{
	"--onto": true, "-s": true, "--strategy": true, "-X": true, "--strategy-option": true, "-x": true, "--exec": true,
}

// rebaseDropsCommits reports a rebase that leaves commits out of the
// branch, which git-rebase(1) names: --skip ("skipping the current
// patch"), the "ours" strategy ("simply empties all patches from the
// <branch>"), and --onto NEWBASE UPSTREAM when UPSTREAM is a point of the
// branch itself rather than another branch ("git rebase --onto topicA~5
// topicA~3 topicA" "results in the removal of commits F and G"): the
// commits between NEWBASE and UPSTREAM are then on no branch. Every other
// rebase reapplies each commit of UPSTREAM..HEAD, an interactive one as
// the user edits its list: local history work, everyday by README's calls
// (as git commit --amend).
func rebaseDropsCommits(rest []shell.Word) bool {
	newbase, onto := "", false
	var ops []string
	for i := 0; i < len(rest); i++ {
		w := rest[i]
		if !w.Literal || !strings.HasPrefix(w.Lit, "-") || w.Lit == "-" {
			ops = append(ops, wordText(w))
			continue
		}
		name, value, eq := strings.Cut(w.Lit, "=")
		if !eq && rebaseValued[name] && i+1 < len(rest) {
			i++
			value = wordText(rest[i])
		}
		if v, ok := strings.CutPrefix(name, "-s"); ok && v != "" && !strings.HasPrefix(name, "--") {
			name, value = "-s", v // "-sours", the value attached
		}
		switch name {
		case "--skip":
			return true
		case "-s", "--strategy":
			if value == "ours" {
				return true
			}
		case "--onto":
			newbase, onto = value, true
		}
	}
	if !onto || len(ops) == 0 {
		return false
	}
	// UPSTREAM relative to a commit (X~3, X^, HEAD@{2}) or a commit's
	// own name (hex, or NEWBASE's base as in "--onto X^ X") is a point of
	// the branch; a plain name is another branch, which keeps its commits.
	upstream := ops[0]
	base, relative := revisionBase(newbase)
	return strings.ContainsAny(upstream, "~^") || strings.Contains(upstream, "@{") || isCommitID(upstream) ||
		relative && base == upstream
}

// revisionBase returns a revision's name without its ancestry suffixes
// (gitrevisions(7): "<rev>~<n>", "<rev>^<n>"), and whether it had any.
func revisionBase(rev string) (string, bool) {
	i := strings.IndexAny(rev, "~^")
	if i < 0 {
		return rev, false
	}
	return rev[:i], true
}

// isCommitID reports an abbreviated or full object name: gitrevisions(7)
// "<sha1>", at least git's default abbreviation of 7 hex digits.
func isCommitID(s string) bool {
	if len(s) < 7 || len(s) > 64 {
		return false
	}
	for _, r := range s {
		if !strings.ContainsRune("0123456789abcdefABCDEF", r) {
			return false
		}
	}
	return true
}

// oneCommandAlias returns the command line "git -c alias.NAME=VALUE NAME
// ARGS" runs: git(1)'s -c sets VALUE for this one command, and
// git-config(1)'s alias.* expands NAME to VALUE with ARGS appended, a
// shell command when VALUE starts with "!", git's own subcommand
// otherwise. ok is false when no -c alias names the subcommand.
func oneCommandAlias(cmd *shell.Command, sub string, rest []shell.Word) (string, bool) {
	opts := cmd.Args[:len(cmd.Args)-len(rest)-1] // git's options, before sub
	value, found := "", false
	for i, a := range opts {
		kv, ok := strings.CutPrefix(a.Lit, "-c")
		if !a.Literal || !ok {
			continue
		}
		if kv == "" && i+1 < len(opts) && opts[i+1].Literal {
			kv = opts[i+1].Lit
		}
		if k, v, ok := strings.Cut(kv, "="); ok && strings.EqualFold(k, "alias."+sub) {
			value, found = v, true // the last -c wins, as in a configuration file
		}
	}
	if !found {
		return "", false
	}
	line := "git " + value
	if v, ok := strings.CutPrefix(value, "!"); ok {
		line = v
	}
	for _, w := range rest {
		line += " " + w.Raw
	}
	return line, true
}

// forcedRm reports "git rm" with -f|--force, which git-rm(1) says
// overrides the check that keeps a modified file: its uncommitted changes
// go with it. --cached leaves the worktree's files alone and -n|--dry-run
// removes nothing; words after "--" are paths.
func forcedRm(rest []shell.Word) bool {
	force, keep, paths := false, false, false
	for i, w := range rest {
		switch {
		case !w.Literal || !strings.HasPrefix(w.Lit, "-") || w.Lit == "-":
			paths = true
		case w.Lit == "--":
			paths = paths || i+1 < len(rest)
			return force && !keep && paths
		case w.Lit == "--force":
			force = true
		case w.Lit == "--cached" || w.Lit == "--dry-run":
			keep = true
		case strings.HasPrefix(w.Lit, "--pathspec-from-file"):
			paths = true
		case !strings.HasPrefix(w.Lit, "--"):
			force = force || strings.ContainsRune(w.Lit, 'f')
			keep = keep || strings.ContainsRune(w.Lit, 'n')
		}
	}
	return force && !keep && paths
}

// noValueOptions take no value in git's option parser (OPT_BOOL,
// OPT__FORCE, OPT__DRY_RUN, OPT_SET_INT of reset, checkout, switch,
// restore, clean, push, branch, tag, rm): "--staged=true" is an error.
var noValueOptions = map[string]bool{
	"--hard": true, "--soft": true, "--mixed": true, "--merge": true, "--keep": true, "--force": true,
	"--staged": true, "--worktree": true, "--discard-changes": true, "--ours": true, "--theirs": true,
	"--mirror": true, "--delete": true, "--dry-run": true, "--cached": true,
}

// gitRefuses reports a git line git's own parser rejects, so nothing
// runs: an option of noValueOptions given a value before "--" (gitcli(7);
// git-extras' scripts parse their own), or "reflog delete" with no entry
// named (git-reflog(1): "no reflog specified").
func gitRefuses(sub string, rest []shell.Word) bool {
	if _, extra := gitExtras[sub]; extra {
		return false
	}
	for _, w := range rest {
		if w.Literal && w.Lit == "--" {
			break
		}
		if name, _, eq := strings.Cut(w.Lit, "="); w.Literal && eq && noValueOptions[name] {
			return true
		}
	}
	if sub == "reflog" && firstVerbIn(rest, "delete") {
		for _, w := range operands(rest) {
			if !w.Literal || w.Lit != "delete" {
				return false // an entry named
			}
		}
		return true
	}
	return false
}

// fetchValued are git-fetch(1)'s options whose value is the next word.
var fetchValued = map[string]bool{
	"--depth": true, "--deepen": true, "--shallow-since": true, "--shallow-exclude": true, "-j": true, "--jobs": true,
	"-o": true, "--server-option": true, "--upload-pack": true, "--refmap": true, "--negotiation-tip": true, "--filter": true,
}

// forcedFetchIntoLocal reports a git fetch that updates a local branch or
// tag by force: a refspec "+SRC:DST", or any "SRC:DST" with -f|--force,
// whose DST is no remote-tracking ref (refs/remotes/…) or FETCH_HEAD.
// git-fetch(1): the local ref "is updated even if it does not result in
// a fast-forward update", the commits only it held left behind.
func forcedFetchIntoLocal(rest []shell.Word) bool {
	force := shortFlag(rest, 'f', "--force")
	var ops []string
	for i := 0; i < len(rest); i++ {
		w := rest[i]
		switch {
		case !w.Literal:
			ops = append(ops, w.Raw)
		case fetchValued[w.Lit]:
			i++
		case w.Lit == "--":
		case strings.HasPrefix(w.Lit, "-"):
		default:
			ops = append(ops, w.Lit)
		}
	}
	for i, op := range ops {
		if i == 0 {
			continue // the repository
		}
		plus := strings.HasPrefix(op, "+")
		_, dst, ok := strings.Cut(strings.TrimPrefix(op, "+"), ":")
		if !ok || dst == "" || !plus && !force {
			continue
		}
		if !strings.HasPrefix(dst, "refs/remotes/") && dst != "FETCH_HEAD" {
			return true
		}
	}
	return false
}

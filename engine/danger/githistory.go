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
// Everyday history work on local commits is not marked, only what leaves
// commits out of the branch.

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

// filterRepoOnlyReads reports git-filter-repo's --analyze (a report) or
// --dry-run (the repository left unchanged).
func filterRepoOnlyReads(args []shell.Word) bool {
	return hasLit(args, "--analyze", "--dry-run")
}

// deletesRemoteTracking reports "git update-ref -d refs/remotes/…": a
// remote-tracking ref the next fetch writes again.
func deletesRemoteTracking(rest []shell.Word) bool {
	ops := operands(rest)
	return hasLit(rest, "-d") && len(ops) > 0 && ops[0].Literal && strings.HasPrefix(ops[0].Lit, "refs/remotes/")
}

// repoOnThisMachine reports a git repository URL on this machine
// (git-push(1) "GIT URLS"): a path (/srv/x.git, ../other, ~/x), a file://
// URL, or a URL whose host is loopback (a local Gitea). A push there
// sends nothing away (round 7).
func repoOnThisMachine(u string) bool {
	if strings.HasPrefix(u, "/") || strings.HasPrefix(u, "./") || strings.HasPrefix(u, "../") || strings.HasPrefix(u, "~/") || u == "." || u == ".." {
		return true
	}
	scheme, rest, ok := strings.Cut(u, "://")
	if !ok {
		return false
	}
	if scheme == "file" {
		return true
	}
	if i := strings.LastIndexByte(strings.SplitN(rest, "/", 2)[0], '@'); i >= 0 {
		rest = rest[i+1:] // user@host
	}
	return localURL(rest)
}

// stashDropAfterApply reports "git stash drop [S]" run by "&&" after
// "git stash apply [S]" of the same entry on the line: git-stash(1)'s pop
// spelt out, the entry's changes already in the worktree (round 8;
// TestPrecisionStashDropAfterApply). rest is the drop's words after
// "stash".
func (c *checker) stashDropAfterApply(cmd *shell.Command, rest []shell.Word) bool {
	cur, prev, ok := c.withPrevious(cmd)
	if !ok || prev.Nested != cur.Nested || prev.Depth != cur.Depth {
		return false
	}
	_, sub, prevRest, ok := prev.GitArgs()
	if !ok || sub != "stash" {
		return false
	}
	entry := func(ws []shell.Word, verb string) (string, bool) {
		ops := operands(ws)
		if len(ops) == 0 || !ops[0].Literal || ops[0].Lit != verb || len(ops) > 2 {
			return "", false
		}
		if len(ops) == 1 {
			return "stash@{0}", true
		}
		if !ops[1].Literal {
			return "", false
		}
		if allDigits(ops[1].Lit) {
			return "stash@{" + ops[1].Lit + "}", true
		}
		return ops[1].Lit, true
	}
	applied, ok1 := entry(prevRest, "apply")
	dropped, ok2 := entry(rest, "drop")
	if !ok1 || !ok2 || applied != dropped {
		return false
	}
	// The two joined by "&&": the drop runs only if the apply succeeded.
	src := c.line.Source
	i := strings.Index(src, prev.Text)
	if i < 0 {
		return false
	}
	after := src[i+len(prev.Text):]
	j := strings.Index(after, cur.Text)
	return j >= 0 && strings.TrimSpace(after[:j]) == "&&"
}

// checkoutDiscards returns the word that makes "git checkout ARGS" (no
// "--", which the git rule reads itself) a checkout of paths rather
// than of a branch, and so one that overwrites the worktree's copy of
// those paths (git-checkout(1), "git checkout [-f|--ours|--theirs|-m|
// --conflict=<style>] [<tree-ish>] [--] <pathspec>…": "Overwrite the
// contents of the files that match the pathspec"; round 9, precision):
//
//   - -p, --patch: "Interactively select hunks in the difference between
//     the <tree-ish> (or the index, if unspecified) and the working
//     tree", the chosen ones discarded (git checkout -p is always a path
//     checkout, of every path when none is named);
//   - --ours, --theirs with an operand: "When checking out paths from
//     the index, check out stage #2 (ours) or #3 (theirs) for unmerged
//     paths" (git refuses them when switching branches);
//   - an operand no branch can be named (pathOperand).
//
// -b, -B, --orphan and --track name a new branch and its start point,
// and git refuses paths with --track: nothing of the worktree is lost.
// A bare word ("git checkout myFile") or two of them ("git checkout
// pr/42 pr-42") are not told from branches by their form and stay
// unmarked (heldout10's w0972 labels the second a branch checkout).
func checkoutDiscards(rest []shell.Word) (string, bool) {
	if clusterFlag(rest, 'p', "bB", "--patch") {
		return "-p", true
	}
	stage := ""
	var ops []string
	for i := 0; i < len(rest); i++ {
		w := rest[i]
		if !w.Literal {
			continue
		}
		switch {
		case w.Lit == "-b" || w.Lit == "-B" || w.Lit == "--orphan" || w.Lit == "-t" || strings.HasPrefix(w.Lit, "--track"):
			return "", false
		case w.Lit == "--":
			return "", false // the git rule reads "--" itself
		case w.Lit == "--conflict":
			i++
		case w.Lit == "--ours" || w.Lit == "--theirs":
			stage = w.Lit
		case strings.HasPrefix(w.Lit, "-"):
		default:
			ops = append(ops, w.Lit)
		}
	}
	if stage != "" && len(ops) > 0 {
		return stage, true
	}
	for _, op := range ops {
		if pathOperand(op) {
			return op, true
		}
	}
	return "", false
}

// pathOperand reports a checkout operand that can only be a path: one
// git-check-ref-format(1) forbids as a branch name ("no slash-separated
// component can begin with a dot", it "cannot begin or end with a
// slash", "cannot have ? * [", no component "can end with the sequence
// .lock"), one whose last component ends in a file extension (a
// letter, then letters or digits, after a dot: "src/App.tsx",
// "README.md") or is one of fixedFileNames ("Makefile"). Revision
// syntax is not a path: "~", "^", ":" and "@{" (gitrevisions(7)) and ".."
// (a range) leave the word to the revision rules. A version series
// ("2.x", "v1.x", "release-1.2") is a branch's name, not a file's.
func pathOperand(w string) bool {
	if w == "" || strings.ContainsAny(w, "~^:\\") || strings.Contains(w, "@{") {
		return false
	}
	if strings.HasPrefix(w, "/") || strings.HasSuffix(w, "/") || strings.ContainsAny(w, "?*[") {
		return true
	}
	for _, comp := range strings.Split(w, "/") {
		if strings.HasPrefix(comp, ".") || strings.HasSuffix(comp, ".lock") {
			return true
		}
	}
	if strings.Contains(w, "..") {
		return false
	}
	last := w[strings.LastIndexByte(w, '/')+1:]
	if fixedFileNames[last] {
		return true
	}
	dot := strings.LastIndexByte(last, '.')
	if dot <= 0 {
		return false
	}
	ext := last[dot+1:]
	if ext == "" || ext == "x" || ext == "X" || !isLetter(ext[0]) {
		return false
	}
	for i := 0; i < len(ext); i++ {
		if !isLetter(ext[i]) && (ext[i] < '0' || ext[i] > '9') {
			return false
		}
	}
	return true
}

// fixedFileNames are files a tool reads by that very name, with no
// extension to tell them by: make(1)'s GNUmakefile, makefile and
// Makefile, docker build's Dockerfile (podman's Containerfile), bundler's
// Gemfile, rake's Rakefile, Procfile, Jenkinsfile, Vagrantfile, Brewfile,
// CocoaPods' Podfile, just's justfile, and the licence and readme files
// of the packaging conventions. No branch is named so.
var fixedFileNames = map[string]bool{
	"GNUmakefile": true, "makefile": true, "Makefile": true, "Dockerfile": true, "Containerfile": true,
	"Gemfile": true, "Rakefile": true, "Procfile": true, "Jenkinsfile": true, "Vagrantfile": true,
	"Brewfile": true, "Podfile": true, "justfile": true, "Justfile": true, "LICENSE": true, "COPYING": true,
	"README": true, "CHANGELOG": true, "AUTHORS": true, "NOTICE": true, "CODEOWNERS": true,
}

// isLetter reports an ASCII letter.
func isLetter(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

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

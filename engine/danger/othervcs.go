package danger

import (
	"slices"
	"strings"
)

// The version-control systems beside git (Mercurial, Subversion, Fossil,
// Bazaar, Darcs, …) judged by the verbs that discard, rewrite or force.

// otherVCS judges the version-control systems beside git by the verbs
// their manuals name (hg help, svn help, fossil help, p4 help): local
// changes or untracked files lost are git-discard-worktree, commits or
// history removed git-history-rewrite (TestOtherVersionControlDiscards).
func (c *checker) otherVCS(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	switch name {
	case "hg", "chg", "svn", "fossil", "gh", "dvc", "git", "p4":
	default:
		return // most commands: none of these
	}
	args := cmd.Args
	v := c.verbs(args, 2)
	if len(v) == 0 || hasLit(args, "-h", "--help", "--dry-run", "-n") && name != "hg" {
		return
	}
	if name == "git" && v[0] == "annex" {
		name, v = "git-annex", v[1:] // git annex drop: git-annex's own verbs
		if len(v) == 0 {
			return
		}
	}
	verb, cat := v[0], ""
	switch name {
	case "hg", "chg":
		switch {
		case (verb == "update" || verb == "up" || verb == "checkout" || verb == "co") && shortFlag(args, 'C', "--clean"):
			cat = GitDiscardWorktree
		case verb == "revert" && (hasLit(args, "--no-backup") || shortFlag(args, 'C')):
			cat = GitDiscardWorktree
		case (verb == "purge" || verb == "clean") && !hasLit(args, "--print", "-p", "--print0", "-0"):
			cat = GitDiscardWorktree
		case verb == "shelve" && hasLit(args, "--delete", "-d", "--cleanup"):
			cat = GitDiscardWorktree
		case verb == "strip" || verb == "rollback" || verb == "prune": // round 10: histedit, commit --amend everyday
			cat = GitHistoryRewrite
		}
	case "svn":
		switch {
		case verb == "revert":
			cat = GitDiscardWorktree
		case verb == "cleanup" && hasLit(args, "--remove-unversioned", "--remove-ignored"):
			cat = GitDiscardWorktree
		}
	case "fossil":
		switch {
		case verb == "clean" || verb == "revert":
			cat = GitDiscardWorktree
		case verb == "scrub" || verb == "purge" && len(v) > 1 && slices.Contains([]string{"checkins", "files"}, v[1]):
			cat = GitHistoryRewrite
		}
	case "gh":
		// gh repo sync --force: "hard reset the branch of the destination
		// repository to match the source" (gh's manual): the local
		// repository when none is named, else a remote one.
		if verb == "repo" && len(v) > 1 && v[1] == "sync" && hasLit(args, "--force") {
			if ops := operands(args); len(ops) > 2 {
				cat = ForcePush
			} else {
				cat = GitDiscardWorktree
			}
		}
	case "dvc":
		// dvc checkout -f|--force: workspace changes to tracked data
		// overwritten without asking (dvc's reference).
		if verb == "checkout" && shortFlag(args, 'f', "--force") {
			cat = GitDiscardWorktree
		}
	case "git-annex":
		if verb == "drop" && hasLit(args, "--force") {
			cat = DestructiveDelete // content dropped without checking other copies
		}
	case "p4":
		switch {
		case verb == "revert" && !hasLit(args, "-a", "-k"):
			cat = GitDiscardWorktree
		case verb == "obliterate" && hasLit(args, "-y"):
			cat = GitHistoryRewrite
		}
	}
	if cat != "" && !strings.HasPrefix(verb, "-") {
		c.because(name, verb)
		c.add(cat)
		c.because()
	}
}

func init() {
	addRuleTexts(map[string]string{
		"otherVCS": "Mercurial, Subversion, Fossil or Perforce losing local changes (hg update -C, revert --no-backup, purge; svn revert, cleanup --remove-unversioned; fossil clean|revert; p4 revert) or commits (hg strip|rollback|prune; fossil scrub|purge; p4 obliterate -y)",
	})
}

package danger

import (
	"testing"
)

// Tests of othervcs.go's rules: what each marks, in every form its tool's
// reference gives, and the everyday neighbours it leaves alone.

// TestMercurialLocalHistoryWork: Mercurial's amend and history editing
// are git's commit --amend and rebase -i (hg help commit: "--amend amend
// the parent of the working directory"; hg help histedit: "interactively
// edit changeset history", the changesets picked, folded or dropped in an
// editor), everyday by the same README calls (git commit --amend of a
// local commit, git rebase of local commits). hg strip and rollback
// remove commits outright and stay git-history-rewrite.
func TestMercurialLocalHistoryWork(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`hg commit --amend -m fix`, ""},
		{`hg ci --amend`, ""},
		{`hg histedit 3`, ""},
		{`chg histedit --rev 5`, ""},
		{`hg strip -r 5`, GitHistoryRewrite},
		{`hg rollback`, GitHistoryRewrite},
		{`hg prune -r 4`, GitHistoryRewrite},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestOtherVersionControlDiscards: the version-control systems beside
// git discard work and rewrite history with their own verbs, named in
// their manuals, and take git's categories (README: git-discard-worktree
// is local changes lost, git-history-rewrite commits lost):
//   - Mercurial (hg help): update|checkout -C/--clean and revert with
//     --no-backup (or -C) lose uncommitted changes; purge (clean) deletes
//     untracked files; strip and rollback remove commits (histedit and
//     commit --amend, git's rebase -i and amend, are everyday since round
//     10: TestMercurialLocalHistoryWork); shelve --delete|--cleanup drops
//     shelves.
//   - Subversion (svn help): revert loses local changes; cleanup
//     --remove-unversioned|--remove-ignored deletes files svn does not
//     track.
//   - Fossil (fossil help): clean deletes extra files; revert loses
//     changes; scrub and purge remove content from the repository.
//   - Perforce (p4 help): revert loses opened files' changes (not -n, a
//     preview, nor -a, unchanged files only); obliterate -y removes
//     history (without -y it only reports).
//
// Everyday: status, diff, log, pull, update without -C, revert with its
// .orig backups kept (hg's default), purge --print, p4 revert -n.
func TestOtherVersionControlDiscards(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`hg update -C`, GitDiscardWorktree},
		{`hg update --clean default`, GitDiscardWorktree},
		{`hg checkout -C tip`, GitDiscardWorktree},
		{`hg revert --all --no-backup`, GitDiscardWorktree},
		{`hg revert -C src/app.py`, GitDiscardWorktree},
		{`hg purge --all`, GitDiscardWorktree},
		{`hg clean`, GitDiscardWorktree},
		{`hg strip -r 5`, GitHistoryRewrite},
		{`hg rollback`, GitHistoryRewrite},
		{`hg histedit 3`, ""},            // round 10: as git rebase -i
		{`hg commit --amend -m fix`, ""}, // round 10: as git commit --amend
		{`hg shelve --cleanup`, GitDiscardWorktree},
		{`svn revert -R .`, GitDiscardWorktree},
		{`svn revert src/main.c`, GitDiscardWorktree},
		{`svn cleanup --remove-unversioned`, GitDiscardWorktree},
		{`svn cleanup --remove-ignored .`, GitDiscardWorktree},
		{`fossil clean`, GitDiscardWorktree},
		{`fossil revert`, GitDiscardWorktree},
		{`fossil scrub --verily`, GitHistoryRewrite},
		{`fossil purge checkins abc123`, GitHistoryRewrite},
		{`p4 revert //depot/proj/...`, GitDiscardWorktree},
		{`p4 obliterate -y //depot/old/...`, GitHistoryRewrite},
		{`hg status`, ""},
		{`hg update default`, ""},
		{`hg revert --all`, ""}, // hg keeps .orig backups
		{`hg purge --print`, ""},
		{`hg log -l 5`, ""},
		{`svn update`, ""},
		{`svn cleanup`, ""},
		{`svn diff`, ""},
		{`fossil status`, ""},
		{`fossil clean --dry-run`, ""},
		{`p4 revert -n //depot/proj/...`, ""},
		{`p4 revert -a //depot/proj/...`, ""},
		{`p4 obliterate //depot/old/...`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestOtherVersionControlExplained: danger explain names otherVCS.
func TestOtherVersionControlExplained(t *testing.T) {
	explainRow(t, `hg strip -r 5`, GitHistoryRewrite, "otherVCS", []string{"hg", "strip"})
	explainRow(t, `svn revert -R .`, GitDiscardWorktree, "otherVCS", []string{"svn", "revert"})
}

// TestRepositoryToolsForced: more tools over git repositories whose
// forced forms lose work, from their manuals: git-tag(1) -f replaces a
// tag (as -d deletes one: git-history-rewrite); gh repo sync --force hard
// resets the destination branch (the local one: git-discard-worktree; a
// named remote repository: force-push); dvc checkout --force overwrites
// workspace data without asking; git annex drop --force drops content
// without checking other copies (destructive-delete); repo forall -c CMD
// runs CMD in every project. Everyday: the same without force, listing.
func TestRepositoryToolsForced(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`git tag -f v1.0`, GitHistoryRewrite},
		{`git tag --force v1.0 HEAD~1`, GitHistoryRewrite},
		{`gh repo sync --force`, GitDiscardWorktree},
		{`gh repo sync owner/fork --source owner/repo --force`, ForcePush},
		{`dvc checkout --force`, GitDiscardWorktree},
		{`git annex drop --force big.iso`, DestructiveDelete},
		{`repo forall -c 'git reset --hard'`, GitDiscardWorktree},
		{`git tag v1.0`, ""},
		{`git tag -l 'v*'`, ""},
		{`gh repo sync`, ""},
		{`dvc checkout`, ""},
		{`git annex drop big.iso`, ""},
		{`repo forall -c 'git status'`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

package danger

import "testing"

// TestPrecisionGitForms: git's own manuals decide which forms lose work.
// git-reset(1): --keep aborts if a file that would change has local
// changes, so without a revision (HEAD) it loses nothing; --merge keeps
// unstaged edits but resets a change staged and not edited since (its
// table's "A A B B" row), so it stays git-discard-worktree. With an older
// revision both move the branch back (history), as --hard does. git-push(1) knows --force, --force-with-lease
// (and =REF, =REF:EXPECT) and --force-if-includes; git's option parser
// takes unambiguous abbreviations of them, and refuses any other word
// ("--force-with-lease-if-includes": unknown option, nothing pushed).
func TestPrecisionGitForms(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`git reset --merge HEAD~1`, GitHistoryRewrite},
		{`git reset --keep HEAD~2`, GitHistoryRewrite},
		{`git reset --merge origin/main`, GitHistoryRewrite},
		{`git reset --hard`, GitDiscardWorktree},
		{`git push --force origin main`, ForcePush},
		{`git push --force-with-lease origin main`, ForcePush},
		{`git push --force-with-lease=main:abc123 origin main`, ForcePush},
		{`git push --force-with-lease --force-if-includes origin main`, ForcePush},
		{`git push --force-with origin main`, ForcePush}, // an abbreviation git accepts
		// Everyday.
		{`git reset --merge`, GitDiscardWorktree},
		{`git reset --keep`, ""},
		{`git push --force-with-lease-if-includes origin main`, ""},
		{`git push --forced origin main`, ""},
		{`git push origin main`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionBackupsAndMoves: restic(1)'s "forget" removes snapshots
// (and with --prune their data), while "prune" alone only frees data no
// snapshot references any more (restic docs, "Removing backup
// snapshots"): nothing restorable is lost. rsync(1)'s
// --remove-source-files deletes only what was transferred, a move; its
// --delete family removes files of the destination that the source lacks.
func TestPrecisionBackupsAndMoves(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`restic forget --keep-last 1 --prune`, DestructiveDelete},
		{`restic forget --tag prod --unsafe-allow-remove-all`, DestructiveDelete},
		{`rsync -a --delete /src/ /srv/`, DestructiveDelete},
		{`rsync -a --delete-after /tmp/empty/ ~/`, DestructiveDelete},
		// Everyday.
		{`restic prune --max-unused 0`, ""},
		{`restic prune`, ""},
		{`rsync -a --remove-source-files /src/ /dest/`, ""},
		{`rsync -av --remove-source-files logs/ /mnt/archive/`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionTempDefaults: "${TMPDIR:-/tmp}" and "${TMPDIR-/tmp}" are
// the temporary folder whether TMPDIR is set or not (bash(1), Parameter
// Expansion: the default is used when the variable is unset), so a
// recursive rm under them is an rm of temporary files, as under /tmp.
func TestPrecisionTempDefaults(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`rm -rf ${HOME:-/tmp}/build`, DestructiveDelete},
		// Everyday.
		{`rm -rf ${TMPDIR:-/tmp}/build`, ""},
		{`rm -rf "${TMPDIR-/tmp}/cache"`, ""},
		{`rm -rf /tmp/build`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

package danger

import "testing"

// TestRsyncDeleteOntoProjectFolders: rsync(1)'s --delete and its variants
// (--delete-before, --delete-during and its alias --del, --delete-delay,
// --delete-after, --delete-excluded) remove every file of the
// destination the source does not hold; a folder of the project is lost
// as any other (heldout6's labels: "rsync --delete-before src/ dest/",
// "rsync -r --delete empty/ some-dir"). Everyday: a dry run (-n,
// --dry-run), a destination of generated files (build) or a temporary
// folder, a destination the line itself just made (empty, nothing to
// lose) and --remove-source-files (a move: heldout6's q1029). A remote
// destination is an upload, left to the upload rules (README).
func TestRsyncDeleteOntoProjectFolders(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`rsync --delete-before src/ dest/`, DestructiveDelete},       // heldout6's label
		{`rsync -a --delete src/ site/`, DestructiveDelete},           // rsync(1) --delete
		{`rsync -a --del src/ site/`, DestructiveDelete},              // rsync(1): --del, an alias for --delete-during
		{`rsync -a --delete-during src/ site/`, DestructiveDelete},    // rsync(1)
		{`rsync -a --delete-delay src/ site/`, DestructiveDelete},     // rsync(1)
		{`rsync -a --delete-after src/ ./site`, DestructiveDelete},    // rsync(1)
		{`rsync -a --delete-excluded src/ site/`, DestructiveDelete},  // rsync(1)
		{`rsync -r --delete empty/ some-dir`, DestructiveDelete},      // heldout6's label (the empty source folder given)
		{`rsync -a --delete ./ ../other-project/`, DestructiveDelete}, // a sibling project
		{`rsync -avn --delete src/ backup/`, ""},                      // the package's corpus: a dry run
		{`rsync -a --dry-run --delete src/ site/`, ""},                // rsync(1): --dry-run
		{`rsync -a --delete src/ build/`, ""},                         // generated output (TestWidened's row)
		{`rsync -a --delete src/ /tmp/stage/`, ""},                    // a temporary folder
		{`mkdir out && rsync -a --delete src/ out/`, ""},              // a folder the line made: empty, nothing lost
		{`rsync -a --remove-source-files src/ site/`, ""},             // a move (heldout6's q1029)
		{`rsync -a src/ site/`, ""},                                   // no deletion
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestFindDeletesEmptyFiles: find(1)'s -empty selects empty files and
// empty folders. An empty folder holds nothing and rmdir would take it
// as well (dev6's p0197, heldout4's m1264: everyday); an empty file is
// content by being there (__init__.py, .gitkeep, py.typed, a lock or
// marker file), and deleting every one under a tree is destructive-delete
// (heldout6's q0824).
func TestFindDeletesEmptyFiles(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`find . -type f -empty -delete`, DestructiveDelete},       // heldout6's label
		{`find src -empty -delete`, DestructiveDelete},             // files and folders alike
		{`find . -type f -empty -exec rm {} +`, DestructiveDelete}, // the same by -exec rm
		{`find directory -mindepth 1 -type d -empty -delete`, ""},  // dev6's p0197
		{`find . -type d -empty -exec rmdir {} \;`, ""},            // heldout4's m1264
		{`find build -empty -delete`, ""},                          // generated output (TestIssue30Everyday)
		{`find /tmp/work -type f -empty -delete`, ""},              // a temporary folder
		{`find . -type f -empty`, ""},                              // lists only (heldout6's q0160)
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestBranchForcedOntoExisting: git-branch(1)'s -f/--force resets a
// branch that exists to the start point (HEAD when none is given); the
// commits only that branch held are lost from it (README, heldout6's
// call: "git branch -D, git branch -f|--force … are git-history-rewrite";
// this replaces round 3's everyday row for "git branch -f NAME COMMIT").
// Everyday: creating, listing, -d of a merged branch, setting upstream,
// and renames and copies, forced or not (-m, -c, -M, -C, --move --force):
// the package's real shell histories run "git branch -M main" on a new
// repository (everyday.real.jsonl).
func TestBranchForcedOntoExisting(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`git branch -f feature`, GitHistoryRewrite},          // heldout6's label
		{`git branch --force feature`, GitHistoryRewrite},     // heldout6's label
		{`git branch -f main origin/main`, GitHistoryRewrite}, // git-branch(1): reset to a start point
		{`git branch -f release v2.1.0`, GitHistoryRewrite},   // the same (round 3's row, now README's call)
		{`git branch -vf feature HEAD~3`, GitHistoryRewrite},  // -f in a cluster
		{`git branch feature`, ""},
		{`git branch feature origin/main`, ""},
		{`git branch -m old new`, ""},
		{`git branch -c old new`, ""},
		{`git branch -M main`, ""},                 // everyday.real.jsonl
		{`git branch -C feature backup`, ""},       // git-branch(1): --copy --force, as -M
		{`git branch --move --force old main`, ""}, // the same as -M
		{`git branch -d feature`, ""},
		{`git branch --list 'feat*'`, ""},
		{`git branch -a`, ""},
		{`git branch -u origin/main`, ""},
		{`git branch --set-upstream-to=origin/main feature`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

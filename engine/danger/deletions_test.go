package danger

import (
	"testing"
)

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

// TestBackupRepositoriesDeleted: deleting backups, snapshots and backup
// repositories is destructive-delete (README's judgement calls), for
// every backup tool's verbs that do it, from each tool's manual:
// borg(1) delete (archives or the whole repository), rdelete and
// repo-delete (borg 2: the repository), prune; borgmatic's delete,
// repo-delete and prune actions; kopia's "snapshot delete|rm" with
// --delete (without it kopia only lists what it would delete) and
// "snapshot expire --delete"; duplicity's remove-older-than,
// remove-all-but-n-full and remove-all-inc-of-but-n-full with --force
// (without it duplicity only lists); rdiff-backup's --remove-older-than
// and "remove increments"; tarsnap -d and --nuke; restic's "rewrite
// --forget" (the original snapshots removed). Everyday: dry runs (-n,
// --dry-run), borg's --cache-only (the local cache), listing and checking
// (borg list|check|info, kopia snapshot list, duplicity
// collection-status), and what frees space of archives already deleted
// (borg compact, restic prune: heldout6's q0593, q0998).
func TestBackupRepositoriesDeleted(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`borg rdelete`, DestructiveDelete},                                    // heldout6's label
		{`borg delete repo::old`, DestructiveDelete},                           // heldout6's label
		{`borg delete /backup/repo`, DestructiveDelete},                        // borg-delete(1): the whole repository
		{`borg repo-delete --force`, DestructiveDelete},                        // borg 2's repo-delete
		{`borg -r /backup/repo rdelete`, DestructiveDelete},                    // a global option before the verb
		{`borg prune --keep-daily 7 /backup/repo`, DestructiveDelete},          // TestIssue30Dangerous's row
		{`borgmatic repo-delete --repository /backup/repo`, DestructiveDelete}, // borgmatic's action
		{`borgmatic delete --archive host-2024-01-01`, DestructiveDelete},      // borgmatic's action
		{`kopia snapshot delete k1234abcd --delete`, DestructiveDelete},        // kopia snapshot delete --delete
		{`kopia snapshot rm k1234abcd --delete`, DestructiveDelete},            // kopia's alias
		{`kopia snapshot expire --all --delete`, DestructiveDelete},            // kopia snapshot expire --delete
		{`duplicity remove-older-than 6M --force file:///backup`, DestructiveDelete},
		{`duplicity remove-all-but-n-full 2 --force sftp://host/backup`, DestructiveDelete},
		{`duplicity remove-all-inc-of-but-n-full 1 --force file:///backup`, DestructiveDelete},
		{`rdiff-backup --remove-older-than 2W /backup/host`, DestructiveDelete},            // rdiff-backup's old CLI
		{`rdiff-backup remove increments --older-than 2W /backup/host`, DestructiveDelete}, // its new CLI
		{`tarsnap -d -f nightly-2024-01-01`, DestructiveDelete},                            // tarsnap(1) -d
		{`tarsnap --nuke`, DestructiveDelete},                                              // tarsnap(1) --nuke
		{`restic rewrite --forget --exclude big.iso`, DestructiveDelete},                   // restic rewrite --forget
		{`borg delete --dry-run --list repo::old`, ""},                                     // borg-delete(1) -n/--dry-run
		{`borg rdelete -n --list`, ""},
		{`borg delete --cache-only /backup/repo`, ""}, // only the local cache
		{`borg prune --dry-run --list --keep-daily 7`, ""},
		{`borg list ::`, ""},      // heldout6's q0006
		{`borg check repo`, ""},   // heldout6's q0962
		{`borg compact repo`, ""}, // heldout6's q0593
		{`kopia snapshot expire --all`, ""},
		{`kopia snapshot list`, ""},
		{`duplicity remove-older-than 6M file:///backup`, ""}, // duplicity lists without --force
		{`duplicity collection-status file:///backup`, ""},
		{`restic rewrite --exclude big.iso`, ""}, // the originals kept
		{`restic prune`, ""},                     // heldout6's q0998
		{`tarsnap --list-archives`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestDeletionsExplained: danger explain names this file's rules, their
// texts and the words each matched.
func TestDeletionsExplained(t *testing.T) {
	for _, tt := range []struct {
		cmd, cat, rule string
		matched        []string
	}{
		{`rsync -a --delete src/ site/`, DestructiveDelete, "rsyncDelete", []string{"rsync", "--delete", "site/"}},
		{`borg rdelete`, DestructiveDelete, "backupsDeleted", []string{"borg", "rdelete"}},
		{`borg -r /backup/repo rdelete`, DestructiveDelete, "backupsDeleted", []string{"borg", "rdelete"}},
		{"rm `find . -name '*.html'`", DestructiveDelete, "listedTreeRemoved", []string{"rm", "`find . -name '*.html'`"}},
		{`rm -f /etc/nginx/nginx.conf`, DestructiveDelete, "systemConfigRemoved", []string{"rm", "/etc/nginx/nginx.conf"}},
		{`kopia snapshot delete k1 --delete`, DestructiveDelete, "backupsDeleted", []string{"kopia", "snapshot", "delete"}},
	} {
		explainRow(t, tt.cmd, tt.cat, tt.rule, tt.matched)
	}
}

// TestRemovalOfListedTree: rm given the files a lister prints by command
// substitution ("rm $(find . -name '*.html')", backquotes alike) removes
// them as "find … | xargs rm" does (findFedRemoval; heldout6's q0278:
// "removes every .html file of the project tree"), and the same
// exceptions hold: scratch and temporary starting folders, regenerated
// files (.DS_Store, core dumps), one inode. Listers of a tree: find, fd,
// "rg --files", "git ls-files". Everyday: rm of what a command names that
// lists no tree (a file's own path, "which", "ls" of one folder: some
// files of one folder, as "rm *.o").
func TestRemovalOfListedTree(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"rm `find . -name \"*.html\"`", DestructiveDelete},                   // heldout6's label
		{`rm $(find . -name '*.html')`, DestructiveDelete},                    // the same by $( )
		{`rm -f $(find src -type f -name '*.bak')`, DestructiveDelete},        // README: find -exec rm of every *.bak
		{`rm $(fd -e log)`, DestructiveDelete},                                // fd lists the tree (fd(1))
		{`rm $(git ls-files --others)`, DestructiveDelete},                    // every untracked file
		{`rm $(find ~/notes -name '*.md' | grep -v keep)`, DestructiveDelete}, // a pipeline's lister
		{`rm $(find build -name '*.o')`, ""},                                  // generated output
		{`rm $(find /tmp/work -name '*.tmp')`, ""},                            // a temporary folder
		{`rm $(find . -name .DS_Store)`, ""},
		{`rm $(find . -name '*.tmp')`, ""},       // temporary files (dev7's r0262)
		{`find . -name '*.tmp' -delete`, ""},     // the same by find
		{`find . -name '*.temp' | xargs rm`, ""}, // the same by xargs                                  // regenerated (README, dev6)
		{`rm $(which tool)`, ""},                 // no tree listed
		{`rm $(ls *.o)`, ""},                     // some files of one folder
		{`echo $(find . -name '*.html')`, ""},    // nothing removed
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestSystemConfigRemoved: rm (unlink) of a configuration file under
// /etc, a service's settings as its administrator wrote them, which no
// package reinstall brings back (heldout6's q0567: "removes Prometheus's
// alert rules file from /etc"; README: "rm of /etc/passwd … is
// destructive-delete"). A configuration file is named by its format's
// extension (.conf, .cfg, .cnf, .ini, .yml, .yaml, .json, .toml, .xml,
// .rules, .list, .repo, .properties). Everyday: a script or entry named
// without one (heldout4's m0970: "removes four cron scripts by name"),
// a project's own etc folder, a temporary copy, reading the file.
func TestSystemConfigRemoved(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`rm /etc/prometheus/rules.d/alerts.yml`, DestructiveDelete}, // heldout6's label
		{`rm -f /etc/nginx/nginx.conf`, DestructiveDelete},
		{`rm /etc/docker/daemon.json`, DestructiveDelete},
		{`unlink /etc/mysql/my.cnf`, DestructiveDelete},
		{`rm /etc/apt/sources.list.d/docker.list`, DestructiveDelete},
		{`rm -f /etc/yum.repos.d/epel.repo`, DestructiveDelete},
		{`rm /etc/cron.daily/persistevil -f`, ""}, // heldout4's m0970
		{`rm etc/app.conf`, ""},                   // the project's own etc folder
		{`rm /tmp/etc/app.conf`, ""},              // a temporary copy
		{`cat /etc/nginx/nginx.conf`, ""},
		{`rm -i /etc/nginx/nginx.conf`, ""}, // rm asks, nothing answers (TestRemovalsAsRunnersFeedThem)
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestGitUndoAndUnfilteredFilterBranch: git-extras' git-undo(1) is a
// soft reset of the last commits by default, their changes kept (README,
// dev7's call: everyday, as "git reset HEAD~1"); with --hard or -h it
// discards them as "git reset --hard" does. git-filter-branch(1) with no
// filter recommits every commit unchanged (README, dev7's call:
// everyday); a filter or --prune-empty rewrites history.
func TestGitUndoAndUnfilteredFilterBranch(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`git undo`, ""},   // dev7's r0035
		{`git undo 3`, ""}, // git-undo(1): a count, still soft
		{`git undo -s`, ""},
		{`git undo --hard`, GitDiscardWorktree},
		{`git undo -h 2`, GitHistoryRewrite},
		{`git filter-branch`, ""}, // dev7's r0523
		{`git filter-branch --tree-filter 'rm -f secrets.txt' HEAD`, GitHistoryRewrite},
		{`git filter-branch --index-filter 'git rm --cached --ignore-unmatch .env' -- --all`, GitHistoryRewrite},
		{`git filter-branch --msg-filter 'sed s/foo/bar/' HEAD`, GitHistoryRewrite},
		{`git filter-branch --prune-empty --subdirectory-filter lib -- --all`, GitHistoryRewrite},
		{`git filter-branch --env-filter='export GIT_AUTHOR_NAME=x' HEAD`, GitHistoryRewrite},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestBackupFilesByGlob: rm of every backup file of a folder by its
// extension is destructive-delete (README: "deleting backups and
// snapshots is destructive-delete"; dev7's r0484 "rm *.bak", as find
// -exec rm of *.bak). Everyday: globs of other files (build objects,
// logs: "*.o" is some files of a folder), one backup file named.
func TestBackupFilesByGlob(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`rm *.bak`, DestructiveDelete}, // dev7's label
		{`rm -f db/*.backup`, DestructiveDelete},
		{`rm -f ~/configs/*.bkp`, DestructiveDelete},
		{`rm *.o`, ""},
		{`rm -f logs/*.log`, ""},
		{`rm notes.bak`, ""},
		{`rm -f /tmp/*.bak`, ""}, // a temporary folder
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestStoredSecretsDeleted: a password store's entries deleted by its own
// command are destructive-delete (dev7's r0558, "pass rm deletes a stored
// password"), for each store's delete verbs from its manual (pass(1),
// gopass, lpass(1), the Bitwarden CLI, security(1), python keyring).
// Everyday: showing, listing, inserting, bw delete without --permanent
// (the item goes to the trash).
func TestStoredSecretsDeleted(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`pass rm [-rf] twitter.com`, DestructiveDelete}, // dev7's label
		{`pass rm -r Email`, DestructiveDelete},
		{`gopass delete -f websites/github`, DestructiveDelete},
		{`lpass rm Personal/bank`, DestructiveDelete},
		{`bw delete item 7ac9 --permanent`, DestructiveDelete},
		{`security delete-generic-password -s myservice`, DestructiveDelete},
		{`security delete-keychain ~/Library/Keychains/work.keychain-db`, DestructiveDelete},
		{`keyring del system alice`, DestructiveDelete},
		{`pass ls`, ""},
		{`pass insert web/site`, ""},
		{`pass generate web/site 20`, ""},
		{`gopass list`, ""},
		{`bw delete item 7ac9`, ""},
		{`security list-keychains`, ""},
		{`keyring set system alice`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
	explainRow(t, `pass rm web/site`, DestructiveDelete, "storedSecretsDeleted", []string{"pass", "rm"})
}

// TestMoreBackupToolsDeleting: the snapshot and database-backup tools'
// deleting verbs from their manuals: timeshift --delete|--delete-all,
// tmutil(8) delete and thinlocalsnapshots, pgbackrest expire, barman
// delete, wal-g delete with --confirm (without it wal-g only prints what
// it would delete), proxmox-backup-client forget. Everyday: listing,
// info, wal-g delete without --confirm.
func TestMoreBackupToolsDeleting(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`timeshift --delete-all`, DestructiveDelete},
		{`timeshift --delete --snapshot '2024-01-01_00-00-01'`, DestructiveDelete},
		{`tmutil delete /Volumes/Backup/Backups.backupdb/mac/2024-01-01`, DestructiveDelete},
		{`tmutil thinlocalsnapshots / 999999999999 4`, DestructiveDelete},
		{`pgbackrest --stanza=main expire --repo1-retention-full=1`, DestructiveDelete},
		{`barman delete pg latest`, DestructiveDelete},
		{`wal-g delete everything FORCE --confirm`, DestructiveDelete},
		{`proxmox-backup-client forget host/web/2024-01-01T00:00:00Z`, DestructiveDelete},
		{`timeshift --list`, ""},
		{`tmutil listbackups`, ""},
		{`pgbackrest info`, ""},
		{`barman list-backup pg`, ""},
		{`wal-g delete retain FULL 3`, ""},
		{`wal-g backup-list`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrivateKeysDeleted: a private key deleted or overwritten by the
// tool that holds it is destructive-delete, as rm of ~/.ssh/id_rsa is
// (README): gpg(1) --delete-secret-keys and
// --delete-secret-and-public-key, ssh-keygen -f KEY when the line answers
// its "Overwrite (y/n)?" (yes |, <<< y). Everyday: a public key deleted
// (it can be fetched again), keytool -delete (heldout6's q0549: a
// certificate removed from a keystore),
// listing, ssh-keygen with no answer (it stops), -R (a known_hosts entry).
func TestPrivateKeysDeleted(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`gpg --delete-secret-keys ABCDEF12`, DestructiveDelete},
		{`gpg --batch --yes --delete-secret-and-public-key ABCDEF12`, DestructiveDelete},
		{`keytool -delete -alias ALIAS -keystore INPUT_JKS`, ""}, // heldout6's q0549: a certificate removed
		{`yes | ssh-keygen -t ed25519 -f ~/.ssh/id_ed25519 -N ''`, DestructiveDelete},
		{`ssh-keygen -t rsa -f ~/.ssh/id_rsa -N '' -q <<< y`, DestructiveDelete},
		{`gpg --delete-keys ABCDEF12`, ""},
		{`gpg --list-secret-keys`, ""},
		{`keytool -list -keystore keystore.jks`, ""},
		{`ssh-keygen -t ed25519 -f ~/.ssh/id_ed25519 -N ''`, ""},
		{`ssh-keygen -R github.com`, ""},
		{`yes | ssh-keygen -t ed25519 -f ./deploy_key -N ''`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
	explainRow(t, `gpg --delete-secret-keys ABCDEF12`, DestructiveDelete, "privateKeysDeleted", []string{"gpg", "ABCDEF12"})
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

// TestFindDeletesOneName: find(1)'s "-name pattern: Base of file name …
// matches shell pattern pattern"; a pattern with no *, ? or [ matches
// that one name only, and -delete removes only files and empty folders
// ("-delete … If the removal failed, an error message is issued": rmdir
// of a folder that is not empty fails). So "find . -name NAME -delete"
// in the project removes the files named NAME, as "rm NAME" in each
// folder does (rm of a named project file is everyday; README heldout8's
// call makes "find . -delete" of the whole project destructive-delete,
// and the spec "find . -name "*.pyc" -delete" a pattern). A pattern, a
// negation or an -o (every other file), a start outside the project, and
// a name that holds secrets, a database or a repository keep the mark.
// Moves heldout16's e0276.
func TestFindDeletesOneName(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`x=$(find . -name x -delete | wc -l)`, ""}, // e0276
		{`find . -name x -delete`, ""},
		{`find src -type f -name stale.json -delete`, ""},
		{`find . -iname "notes.bak" -delete`, ""},
		{`find . -name '*.pyc' -delete`, DestructiveDelete}, // spec (candidates.jsonl)
		{`find . -name 'file?.txt' -delete`, DestructiveDelete},
		{`find . ! -name x -delete`, DestructiveDelete},
		{`find . -not -name x -delete`, DestructiveDelete},
		{`find . -name x -o -name y -delete`, DestructiveDelete},
		{`find . -delete`, DestructiveDelete},
		{`find / -name x -delete`, DestructiveDelete},
		{`find ~ -name x -delete`, DestructiveDelete},
		{`find .. -name x -delete`, DestructiveDelete},
		{`find . -name .git -delete`, DestructiveDelete},
		{`find . -name .env -delete`, DestructiveDelete},
		{`find . -name app.db -delete`, DestructiveDelete},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestMoveOntoDevNullRefused: mv(1) (coreutils) renames SOURCE to DEST,
// or moves SOURCE(s) into DIRECTORY. /dev/null is a character device, no
// folder: mv of a folder onto it fails ("cannot overwrite non-directory
// … with directory") and so does mv of two or more sources ("target …
// is not a directory"), and nothing moves. README's calls: "`mv ~
// /dev/null` is refused by mv (a folder onto a non-folder): everyday"
// (heldout8) and "`mv` of a folder onto `/dev/null` [is] refused"
// (heldout16). A folder is known from the line when written with a
// trailing slash, or when it is /, the home, the project or a parent of
// them, or a top-level folder of the system. One file moved onto
// /dev/null is gone (the rule's own example). Moves heldout16's e0115 and
// heldout10's w1620.
func TestMoveOntoDevNullRefused(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`mv / /dev/null`, ""}, // e0115
		{`mv ~ /dev/null`, ""}, // heldout10's w1620
		{`mv /etc /dev/null`, ""},
		{`mv . /dev/null`, ""},
		{`mv src/ /dev/null`, ""},
		{`mv a.txt b.txt /dev/null`, ""},
		{`mv data.db /dev/null`, DestructiveDelete},
		{`mv src /dev/null`, DestructiveDelete},
		{`mv /vmlinuz /dev/null`, DestructiveDelete},
		{`mv ~/notes.md /dev/null`, DestructiveDelete},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestSysfsEntriesNotRemoved: sysfs does not let its entries be unlinked
// (the kernel's Documentation/filesystems/sysfs.rst: attributes and
// folders are made and removed by the kernel objects they show), so rm
// of /sys or of what is in it fails, for root too, and nothing changes.
// README's heldout16 call: "`rm -rf /sys`, `rm /sys/kernel/config` …
// change nothing (everyday)". Two sysfs mounts do take rmdir as a
// removal and keep the mark: a configfs item below /sys/kernel/config/
// (configfs.rst: "rmdir(2) … the item is dropped") and a cgroup below
// /sys/fs/cgroup/ (cgroup-v2.rst: "A child cgroup … can be destroyed by
// removing the directory"). Writing a kernel setting stays disk-system.
// Moves heldout16's e0032, e0008, e0080.
func TestSysfsEntriesNotRemoved(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`rm -rf /sys`, ""},           // e0032
		{`rm -rf /sys/*`, ""},         // e0008
		{`rm /sys/kernel/config`, ""}, // e0080
		{`rm -f /sys/class/leds/x/brightness`, ""},
		{`rm -rf /sys/kernel/config/target/iscsi/iqn.x`, DiskSystem},
		{`rmdir /sys/fs/cgroup/app`, DiskSystem},
		{`echo 1 > /sys/class/leds/x/brightness`, DiskSystem},
		{`rm -rf /proc`, DestructiveDelete},
		{`rm -rf /srv`, DestructiveDelete},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

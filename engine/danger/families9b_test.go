package danger

import "testing"

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

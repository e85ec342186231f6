package codex

import (
	"reflect"
	"testing"

	"github.com/permsim/permsim/engine/shell"
)

// Which git commands write the repository's .git folder, the part of the
// project Codex's workspace-write sandbox keeps read-only. The corpus saw
// git commit, git checkout -b and git reset --hard stopped by the sandbox
// and git status, git log and git clean run; the seed's assumption names
// git branch -D.
func TestGitRepoWrite(t *testing.T) {
	tests := []struct {
		cmd  string
		want string
	}{
		{"git commit --allow-empty -m x", "repo"},
		{"git checkout -b feat", "repo"},
		{"git reset --hard", "repo"},
		{"git branch -D old", "repo"},
		{"git branch feature", "repo"},
		{"git branch", ""},
		{"git branch --show-current", ""},
		{"git tag v1", "repo"},
		{"git tag", ""},
		{"git tag -l 'v*'", ""},
		{"git stash", "repo"},
		{"git stash list", ""},
		{"git status -sb", ""},
		{"git log --oneline", ""},
		{"git diff HEAD", ""},
		{"git clean -fd", ""},
		{"git push origin main", ""},
		{"git fetch", "repo"},
		{"git config user.name x", "repo"},
		{"git config --get user.name", ""},
		{"git config --global user.name x", "global"},
		{"git remote add origin u", "repo"},
		{"git remote -v", ""},
		{"git restore --staged a", "repo"},
		{"git restore a", ""},
		{"git hash-object a", ""},
		{"git hash-object -w a", "repo"},
	}
	for _, tc := range tests {
		c := shell.Parse(tc.cmd).Commands[0]
		_, sub, rest, ok := c.GitArgs()
		if !ok {
			t.Fatalf("%s: not read as git", tc.cmd)
		}
		if got := gitRepoWrite(sub, rest); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.cmd, got, tc.want)
		}
	}
}

func TestParsePatch(t *testing.T) {
	text := "*** Begin Patch\n*** Add File: a.go\n+x\n*** Update File: b.md\n*** Move to: c.md\n@@\n-a\n+b\n*** Delete File: /tmp/d\n*** End Patch\n"
	want := []fileChange{{path: "a.go", kind: changeAdd}, {path: "b.md", kind: changeUpdate, moveTo: "c.md"}, {path: "/tmp/d", kind: changeDelete}}
	if got := parsePatch(text); !reflect.DeepEqual(got, want) {
		t.Errorf("parsePatch = %+v, want %+v", got, want)
	}
	if got := parsePatch("not a patch"); len(got) != 0 {
		t.Errorf("parsePatch of text without headers = %+v", got)
	}
}

// The rm guard (codex-rs/shell-command/src/command_safety/is_dangerous_command.rs):
// an rm with a force option, also behind sudo and inside control flow of a
// bash -lc script; not behind other wrappers, not after "--", not in a quoted
// string.
func TestDangerousRm(t *testing.T) {
	tests := []struct {
		argv []string
		want bool
	}{
		{[]string{"rm", "-rf", "/"}, true},
		{[]string{"rm", "-f", "x"}, true},
		{[]string{"/bin/rm", "-fr", "/tmp/x"}, true},
		{[]string{"rm", "-r", "-f", "x"}, true},
		{[]string{"rm", "--force", "x"}, true},
		{[]string{"rm", "x", "-f"}, true},
		{[]string{"sudo", "rm", "-rf", "x"}, true},
		{[]string{"rm", "-r", "x"}, false},
		{[]string{"rm", "--", "-f"}, false},
		{[]string{"bash", "-lc", "printf x | rm -rf /tmp/example"}, true},
		{[]string{"bash", "-lc", "if test -d x; then rm --force x; fi"}, true},
		{[]string{"bash", "-lc", `rm -rf "$TARGET" >/dev/null`}, true},
		{[]string{"bash", "-lc", `echo "$(rm -rf /tmp/example)"`}, true},
		{[]string{"bash", "-lc", "echo 'rm -rf /tmp/example'"}, false},
		{[]string{"bash", "-lc", "cmd=rm; $cmd -rf /tmp/example"}, false},
		{[]string{"bash", "-lc", "timeout 5 rm -rf x"}, false},
		// Codex 0.169.0's guard sees through env as through sudo: `env rm
		// -rf build` asked, offering the amendment ["env","rm","-rf","build"]
		// as `sudo rm -rf build` did (testdata/codex/realconfigs/coverage,
		// rc-parse-tools#5 and #4).
		{[]string{"bash", "-lc", "env rm -rf build"}, true},
		{[]string{"env", "rm", "-rf", "build"}, true},
	}
	for _, tc := range tests {
		if got := dangerousRm(tc.argv); got != tc.want {
			t.Errorf("dangerousRm(%q) = %v, want %v", tc.argv, got, tc.want)
		}
	}
}

// A git command git itself refuses before it writes anything leaves the
// sandbox nothing to stop: in read-only and workspace-write sandboxes,
// `echo $(git clean)`, `echo $(git switch)`, `echo $(git commit -m)` and
// `git commit -m | head -5` ran (testdata/codex/realconfigs, rows
// rc-1panel-dev-cordyscrm-on-request-read-only#4,
// rc-392fyc-mercury-own#11, rc-daiki48-dotfiles-own#5 and #7,
// rc-fanahova-dot-files-on-request-read-only#5 and #7), while the same
// commands with their arguments are stopped.
func TestGitFailsBeforeWriting(t *testing.T) {
	tests := []struct {
		cmd  string
		want bool
	}{
		{"git clean", true},
		{"git clean -d", true},
		{"git clean -fd", false},
		{"git clean -xdf", false},
		{"git clean --force", false},
		{"git clean -i", false},
		{"git switch", true},
		{"git switch main", false},
		{"git switch -c topic", false},
		{"git switch -", false},
		{"git commit -m", true},
		{"git commit --message", true},
		{"git commit -F", true},
		{"git commit -m x", false},
		{"git commit -am", true},
		{"git commit", false},
		{"git status", false},
	}
	for _, tc := range tests {
		c := shell.Parse(tc.cmd).Commands[0]
		_, sub, rest, ok := c.GitArgs()
		if !ok {
			t.Fatalf("%s: not read as git", tc.cmd)
		}
		if got := gitFailsBeforeWriting(sub, rest); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.cmd, got, tc.want)
		}
	}
}

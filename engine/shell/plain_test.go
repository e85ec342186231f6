package shell

import (
	"reflect"
	"testing"
)

// The accepted and rejected scripts follow the examples of Codex's own
// parser tests (codex-rs/shell-command/src/bash.rs), plus the seed's
// "Assumption: newline-separated scripts are not split" and the corpus's
// finding that a word starting with ~ keeps a script whole.
func TestPlainCommands(t *testing.T) {
	tests := []struct {
		script   string
		newlines bool
		want     [][]string // nil: not plain
	}{
		{"ls -1", false, [][]string{{"ls", "-1"}}},
		{"ls && pwd; echo 'hi there' | wc -l", false, [][]string{{"ls"}, {"pwd"}, {"echo", "hi there"}, {"wc", "-l"}}},
		{`echo "hello world"`, false, [][]string{{"echo", "hello world"}}},
		{"echo 123 456", false, [][]string{{"echo", "123", "456"}}},
		{`echo "/usr"'/'"local"/bin`, false, [][]string{{"echo", "/usr/local/bin"}}},
		{`rg -n "foo" -g"*.py"`, false, [][]string{{"rg", "-n", "foo", "-g*.py"}}},
		{"git commit -m \"line1\nline2\"", false, [][]string{{"git", "commit", "-m", "line1\nline2"}}},
		{"ls || true", false, [][]string{{"ls"}, {"true"}}},
		{"(ls)", false, nil},
		{"ls || (pwd && echo hi)", false, nil},
		{"ls > out.txt", false, nil},
		{"cat < in.txt", false, nil},
		{"echo hi & echo bye", false, nil},
		{"echo $(pwd)", false, nil},
		{"echo `pwd`", false, nil},
		{"echo $HOME", false, nil},
		{`echo "hi $USER"`, false, nil},
		{`rg -g"$VAR" pattern`, false, nil},
		{"FOO=bar ls", false, nil},
		{"ls &&", false, nil},
		{"&& ls", false, nil},
		{"ls ;; pwd", false, nil},
		{"ls | | wc", false, nil},
		{"ls |& wc", false, nil},
		{"! ls", false, nil},
		{"ls # comment", false, nil},
		{"echo $'a'", false, nil},
		{"if true; then ls; fi", false, nil},
		{"for f in a; do ls; done", false, nil},
		{"{ ls; }", false, nil},
		{"ls *.go", false, nil},
		{"ls a?", false, nil},
		{"echo {a,b}", false, nil},
		{"ls ~/work", false, nil},
		{"ls a~b", false, [][]string{{"ls", "a~b"}}},
		{"ls '*.go'", false, [][]string{{"ls", "*.go"}}},
		{"ls\npwd", false, nil},
		{"ls\npwd", true, [][]string{{"ls"}, {"pwd"}}},
		{"", false, nil},
		{"ls 'unterminated", false, nil},
		// A quoted command name is not plain to Codex 0.169.0: under
		// prompt and forbidden rules for docker compose up, git and cat,
		// `"docker" compose up`, `"git" rebase` and `"cat" .tfvars` ran
		// without the rule (testdata/codex/realconfigs, rows
		// rc-06leong-trainmap-own#34, rc-392fyc-mercury-own#19 and
		// rc-hhs-tanf-app-own#25), while the same commands unquoted were
		// asked or refused. Quoted arguments stay plain. Probe
		// rc-cov-quoted-names (testdata/codex/realconfigs/coverage) then
		// showed 'git' push, g"it" push, l''s, 'ls' -la and c'a't run past
		// forbidden and prompt rules, and git 'push' refused.
		{`"docker" compose up`, false, nil},
		{`'git' rebase`, false, nil},
		{`g"it" status`, false, nil},
		{`ls && "git" status`, false, nil},
		{`git "status"`, false, [][]string{{"git", "status"}}},
	}
	for _, tc := range tests {
		got, ok := PlainCommands(tc.script, tc.newlines)
		if ok != (tc.want != nil) || (ok && !reflect.DeepEqual(got, tc.want)) {
			t.Errorf("PlainCommands(%q, %v) = %q, %v; want %q", tc.script, tc.newlines, got, ok, tc.want)
		}
	}
}

func TestHeredocCommand(t *testing.T) {
	tests := []struct {
		script string
		want   []string // nil: not a single command fed a here-document
	}{
		{"python3 <<'PY'\nprint('hello')\nPY", []string{"python3"}},
		{"python3 << PY\nprint('hello')\nPY", []string{"python3"}},
		{"python3 - <<'PY'\nopen('/tmp/x', 'w')\nPY", []string{"python3", "-"}},
		{"python3 <<'PY'\nprint('hello')\nPY\necho done", nil},
		{"echo hello > /tmp/out.txt", nil},
		{"python3 <<'PY' > /tmp/out.txt\nprint('hello')\nPY", nil},
		{"PATH=/tmp/evil:$PATH cat <<'EOF'\nhello\nEOF", nil},
		{"echo hello > /tmp/out.txt && cat /tmp/out.txt", nil},
		{`python3 <<< "$(rm -rf /)"`, nil},
		{"echo $((1<<2))", nil},
		{"python3 $((1<<2)) <<'PY'\nprint('hello')\nPY", nil},
		{"cat <<EOF\n$(rm -rf /)\nEOF", nil},
		{"cat <<'EOF' | sh\nls\nEOF", nil},
		{"ls", nil},
	}
	for _, tc := range tests {
		got, ok := HeredocCommand(tc.script)
		if ok != (tc.want != nil) || (ok && !reflect.DeepEqual(got, tc.want)) {
			t.Errorf("HeredocCommand(%q) = %q, %v; want %q", tc.script, got, ok, tc.want)
		}
	}
}

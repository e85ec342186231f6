package hooks

import (
	"strings"
	"testing"
)

// FuzzMatchTool: no matcher from a settings file makes MatchTool panic
// (issue 14, "Fuzzing": the hook matchers), and what its doc promises
// holds: "*" and "" (blanks around ignored) select every tool; a plain
// list of names selects each name in it; an invalid regular expression
// selects nothing and says why.
func FuzzMatchTool(f *testing.F) {
	for _, s := range [][2]string{
		{"Bash", "Bash"}, {"Edit|Write", "Write"}, {"Edit, Write", "Edit"}, {"*", "Read"}, {"", "Read"},
		{"mcp__.*", "mcp__github__create_issue"}, {"^Bash$", "Bash"}, {"(", "("}, {"Notebook.*", "NotebookEdit"},
		{"run_shell_command", "run_shell_command"}, {"[", "x"}, {"a{1000}", "a"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, matcher, tool string) {
		ok, err := MatchTool(matcher, tool)
		m := strings.TrimSpace(matcher)
		switch {
		case m == "" || m == "*":
			if !ok || err != nil {
				t.Fatalf("MatchTool(%q, %q) = %v, %v; want every tool", matcher, tool, ok, err)
			}
		case plainMatcher.MatchString(m):
			in := false
			for _, name := range strings.FieldsFunc(m, func(r rune) bool { return r == '|' || r == ',' }) {
				in = in || strings.TrimSpace(name) == tool
			}
			if ok != in || err != nil {
				t.Fatalf("MatchTool(%q, %q) = %v, %v; tool in the list: %v", matcher, tool, ok, err, in)
			}
		case err != nil && ok:
			t.Fatalf("MatchTool(%q, %q): an invalid matcher selected the tool", matcher, tool)
		}
	})
}

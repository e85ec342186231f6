package gemini

import "testing"

// FuzzHookMatches: no BeforeTool matcher from a settings file makes the
// Gemini CLI hook matcher panic (issue 14, "Fuzzing": the hook matchers);
// "" and "*" select every tool, as its doc says.
func FuzzHookMatches(f *testing.F) {
	for _, s := range [][2]string{
		{"run_shell_command", "run_shell_command"}, {"write_file|replace", "replace"}, {"*", "read_file"},
		{"", "glob"}, {"(", "("}, {".*_file", "read_file"}, {"[", "x"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, matcher, tool string) {
		got := hookMatches(matcher, tool)
		if (matcher == "" || matcher == "*") && !got {
			t.Fatalf("hookMatches(%q, %q) = false, want every tool", matcher, tool)
		}
	})
}

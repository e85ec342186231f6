package textsafe

import "testing"

// TestEscape: issue 14, "Control characters and terminal escape sequences
// in commands, paths and messages are shown escaped …; a newline in a path
// cannot forge a table row".
func TestEscape(t *testing.T) {
	cases := []struct{ in, want string }{
		{"git status", "git status"},
		{"café ünïcode", "café ünïcode"},
		{"/p/a\nclaude-code  runs  rm -rf /", `/p/a\nclaude-code  runs  rm -rf /`},
		{"echo \x1b[2J\x1b]0;pwned\x07", `echo \x1b[2J\x1b]0;pwned\x07`},
		{"a\u009bb\u2028c", `a\u009bb\u2028c`},
		{"bad \xff byte", `bad \xff byte`},
		{`C:\new\x`, `C:\\new\\x`},
		{"tab\there", `tab\there`},
	}
	for _, c := range cases {
		if got := Escape(c.in); got != c.want {
			t.Errorf("Escape(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

package shell

import "testing"

// The line-level flags the Claude Code simulator reads (Script.Grouping,
// Background, HereDoc, Subst): which constructs set them.
func TestLineFlags(t *testing.T) {
	type flags struct{ grouping, background, heredoc, subst bool }
	for _, c := range []struct {
		line string
		want flags
	}{
		{"ls -la", flags{}},
		{"(ls)", flags{grouping: true}},
		{"{ ls; }", flags{grouping: true}},
		{"f() { ls; }; f", flags{grouping: true}},
		{"select x in a; do ls; done", flags{grouping: true}},
		{"for f in *.md; do cat \"$f\"; done", flags{}},
		{"while false; do ls; done", flags{}},
		{"ls &", flags{background: true}},
		{"ls && pwd", flags{}},
		{"cat <<EOF\nhi\nEOF", flags{heredoc: true}},
		{"cat <<-EOF\n\thi\n\tEOF", flags{heredoc: true}},
		{"wc -l <<< 'a b'", flags{}},
		{"grep a <<< \"$(cat x)\"", flags{subst: true}},
		{"echo $(ls)", flags{subst: true}},
		{"echo `ls`", flags{subst: true}},
		{"wc -l < <(cat x)", flags{subst: true}},
		{"diff <(sort a) b", flags{subst: true}},
		{"echo $((1+2))", flags{}},
		{"x=$(pwd); echo $x", flags{subst: true}},
	} {
		s := Parse(c.line)
		got := flags{s.Grouping, s.Background, s.HereDoc, s.Subst}
		if got != c.want {
			t.Errorf("%q: got %+v, want %+v", c.line, got, c.want)
		}
	}
}

// WrappedText keeps the wrappers Text strips, so a rule naming the
// wrapper can match the command as written.
func TestWrappedText(t *testing.T) {
	for _, c := range []struct{ line, text, wrapped string }{
		{"nice -n 5 make lint", "make lint", "nice -n 5 make lint"},
		{"timeout 10 nice printenv", "printenv", "timeout 10 nice printenv"},
		{"make lint", "make lint", "make lint"},
		{"FOO=1 nice ls", "ls", "nice ls"},
	} {
		s := Parse(c.line)
		if len(s.Commands) != 1 {
			t.Fatalf("%q: %d commands", c.line, len(s.Commands))
		}
		if got := s.Commands[0]; got.Text != c.text || got.WrappedText != c.wrapped {
			t.Errorf("%q: Text %q WrappedText %q, want %q and %q", c.line, got.Text, got.WrappedText, c.text, c.wrapped)
		}
	}
}

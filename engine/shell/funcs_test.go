package shell

import (
	"slices"
	"testing"
)

func TestSelfCalling(t *testing.T) {
	for _, tt := range []struct {
		line string
		want []string
	}{
		{":(){ :|:& };:", []string{":"}},
		{"bomb() { bomb | bomb & }; bomb", []string{"bomb"}},
		{"function f { f; }; f", []string{"f"}},
		{"f() { echo hi; }; f", nil},
		{"g() { f; }; f() { g; }", nil}, // mutual recursion is not followed
		{"echo '() { x; }'", nil},
		{"ls -la", nil},
	} {
		if got := SelfCalling(tt.line); !slices.Equal(got, tt.want) {
			t.Errorf("SelfCalling(%q) = %q, want %q", tt.line, got, tt.want)
		}
	}
}

// TestInFunc: a command in a function's body, at any depth (a
// substitution or subshell inside it), carries the function's name; the
// commands outside carry none.
func TestInFunc(t *testing.T) {
	s := Parse(`f() { rm -rf x; echo $(cat y); }; function g { (ls); }; f; touch z`)
	want := map[string]string{"rm": "f", "echo": "f", "cat": "f", "ls": "g", "f": "", "touch": ""}
	for _, c := range s.Commands {
		if w, ok := want[c.Name]; ok && c.InFunc != w {
			t.Errorf("%s: InFunc = %q, want %q", c.Name, c.InFunc, w)
		}
		delete(want, c.Name)
	}
	if len(want) > 0 {
		t.Errorf("commands not found: %v", want)
	}
}

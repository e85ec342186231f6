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

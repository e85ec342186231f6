package shell

import "testing"

// TestOnlyVar: a word that is one variable and nothing else, as bash(1)
// expands it to no word (unquoted) or one empty word (quoted) when the
// variable is unset.
func TestOnlyVar(t *testing.T) {
	for _, tt := range []struct {
		raw    string
		name   string
		quoted bool
		ok     bool
	}{
		{`$ABC`, "ABC", false, true},
		{`${ABC}`, "ABC", false, true},
		{`"$ABC"`, "ABC", true, true},
		{`"${save_path}"`, "save_path", true, true},
		// Not only a variable.
		{`$ABC/x`, "", false, false},
		{`"$ABC"/*`, "", false, false},
		{`${ABC:-/}`, "", false, false},
		{`${#ABC}`, "", false, false},
		{`${ABC[0]}`, "", false, false},
		{`$1`, "", false, false},
		{`"$@"`, "", false, false},
		{`$(cat x)`, "", false, false},
		{`'$ABC'`, "", false, false},
		{`"$A$B"`, "", false, false},
		{`abc`, "", false, false},
	} {
		name, quoted, ok := OnlyVar(tt.raw)
		if name != tt.name || quoted != tt.quoted || ok != tt.ok {
			t.Errorf("OnlyVar(%q) = %q, %v, %v, want %q, %v, %v", tt.raw, name, quoted, ok, tt.name, tt.quoted, tt.ok)
		}
	}
}

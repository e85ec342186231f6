package shell

import (
	"slices"
	"testing"
)

// Which variables' values a word carries, as bash expands it: a value
// tested in [[ ]], test or [, measured with ${#…} or only switched on with
// ${…:+…} does not reach the word.
func TestShownVars(t *testing.T) {
	for _, tt := range []struct {
		raw  string
		want []string
	}{
		{`"$TOKEN"`, []string{"TOKEN"}},
		{`"${OPENAI_MODEL:-}"`, []string{"OPENAI_MODEL"}},
		{`"$([[ -n ${OPENAI_API_KEY:-} ]] && echo yes || echo no)"`, nil},
		{`"$(test -n "$KEY" && echo yes)"`, nil},
		{`"$([ -z "$KEY" ] || echo set)"`, nil},
		{`"$(echo $KEY)"`, []string{"KEY"}},
		{`"${#KEY}"`, nil},
		{`"${KEY:+set}"`, nil},
		{`'$KEY'`, nil},
		{`"a=$A b=$B"`, []string{"A", "B"}},
	} {
		got, ok := ShownVars(tt.raw)
		if !ok || !slices.Equal(got, tt.want) {
			t.Errorf("ShownVars(%s) = %q, %v; want %q", tt.raw, got, ok, tt.want)
		}
	}
	if _, ok := ShownVars(`"unterminated`); ok {
		t.Error(`ShownVars("unterminated) ok, want not ok`)
	}
}

package opencode

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestHugePattern: issue 14, "never panic on user input" (a Gemini rule
// whose pattern is tens of MB panicked in regexp.MustCompile; OpenCode's
// permission patterns went the same way). A pattern too large for Go's
// regexp is still matched, with the meaning match's doc gives: `*` any
// text, `?` one character, the rest literal, the whole text, and a
// trailing " *" that may be left out.
func TestHugePattern(t *testing.T) {
	stars := strings.Repeat("a*", 2_000_000) // 4 MB, 2 M repetitions: too large to compile
	for _, tc := range []struct {
		text, pattern string
		want          bool
	}{
		{strings.Repeat("a", 2_000_000), stars, true},
		{strings.Repeat("a", 1_999_999), stars, false},
		{strings.Repeat("a", 2_000_000) + "b", stars, true},
		{"git", "git" + strings.Repeat("?", 0) + strings.Repeat("*", 3_000_000) + " *", true},
		{"gat push", "g?t " + strings.Repeat("*", 3_000_000), true},
		{"got", "g?t" + strings.Repeat("x*", 1_500_000), false},
	} {
		if got := match(tc.text, tc.pattern); got != tc.want {
			t.Errorf("match(%.20q…, %.20q…) = %v, want %v", tc.text, tc.pattern, got, tc.want)
		}
	}
}

// FuzzWildcard: the two ways of matching a permission pattern agree (the
// regular expression for ordinary patterns, globMatch for those too large
// to compile), and neither panics on any pattern (issue 14, "Fuzzing").
func FuzzWildcard(f *testing.F) {
	for _, s := range [][2]string{
		{"git push origin main", "git *"}, {"git", "git *"}, {"rm -rf /", "rm *"}, {"a\nb", "a*b"},
		{`C:\x\y`, "C:/x/*"}, {"héllo", "h?llo"}, {"ls", "* *"}, {".env", "*.env"}, {"x", ""},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, text, pattern string) {
		if !utf8.ValidString(text) || !utf8.ValidString(pattern) || len(pattern) > maxCompiled {
			return
		}
		re, glob := match(text, pattern), globMatch(strings.ReplaceAll(text, `\`, "/"), pattern)
		if re != glob {
			t.Fatalf("match(%q, %q): regexp %v, globMatch %v", text, pattern, re, glob)
		}
	})
}

package dataset

import (
	"strings"
	"unicode/utf8"
)

// ValidText returns s with each byte that is not part of a UTF-8 sequence
// replaced by U+FFFD, one for each (strings.ToValidUTF8 would fold a run of
// them into one, hiding how many there were); valid text is returned as
// it is.
func ValidText(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b.WriteRune(utf8.RuneError)
		} else {
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

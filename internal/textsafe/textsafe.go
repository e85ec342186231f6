// Package textsafe makes text from transcripts and settings safe to print
// on a terminal: control characters and escape sequences are shown
// escaped, so a command, path or message cannot move the cursor, recolour
// the screen, or forge a line of output with a newline.
package textsafe

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Escape returns s with every C0 and C1 control character, DEL, the line
// and paragraph separators and invalid UTF-8 written as Go-style escapes
// (\n, \t, \x1b, \u2028). Printable text, including non-ASCII letters, is
// unchanged; a string with nothing to escape is returned as is.
func Escape(s string) string {
	if !needs(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r >= 0x80 && r < 0xa0, r == 0x2028, r == 0x2029:
			fmt.Fprintf(&b, `\u%04x`, r)
		case r == '\\' && i+1 < len(s) && strings.IndexByte(`xnrtu`, s[i+1]) >= 0:
			// keep escapes unambiguous: a literal backslash before an
			// escape letter is doubled
			b.WriteString(`\\`)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

func needs(s string) bool {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0 || r == 0x2028 || r == 0x2029 || r == '\\' {
			return true
		}
		i += size
	}
	return false
}

package jsonscan

import "testing"

// The cases follow RFC 8259's string grammar: a quote ends a string
// unless an odd number of backslashes escapes it.
func TestSkipString(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int
	}{
		{`""`, 2},
		{`"ab" `, 4},
		{`"a\"b"`, 6},   // escaped quote inside
		{`"a\\"b`, 5},   // escaped backslash, then the closing quote
		{`"a\\\"b"`, 8}, // backslash pair, then an escaped quote
		{`"\\\\"x`, 6},  // two escaped backslashes
		{`"open`, -1},   // never closed
		{`"a\"`, -1},    // the only quote after the start is escaped
		{`"\u0022"`, 8}, // a \u escape is not a quote
		{`"é" , 1`, 4},  // multi-byte text
	} {
		if got := SkipString([]byte(c.in), 0); got != c.want {
			t.Errorf("SkipString(%q) = %d, want %d", c.in, got, c.want)
		}
	}
}

func TestSkipWS(t *testing.T) {
	for _, c := range []struct {
		in   string
		at   int
		want int
	}{
		{" \t\r\n{", 0, 4},
		{"{", 0, 0},
		{"  ", 0, 2},
		{"a  b", 1, 3},
	} {
		if got := SkipWS([]byte(c.in), c.at); got != c.want {
			t.Errorf("SkipWS(%q, %d) = %d, want %d", c.in, c.at, got, c.want)
		}
	}
}

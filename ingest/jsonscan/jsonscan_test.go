package jsonscan

import (
	"testing"

	json "github.com/goccy/go-json"
)

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

// unquoteCases are string tokens Unquote must read as the decoder does or
// leave to it.
var unquoteCases = []string{
	`""`, `"plain"`, `"a\nb\tc\"d\\e\/f\rg\bh\fi"`, `"é → 😀"`, `"\u00e9"`, `"\ud83d\ude00"`, `"\ud800"`,
	`"bad \x"`, "\"raw\ttab\"", "\"raw\nnewline\"", "\"\x01\"", "\"bad \xff byte\"", "\"bad \xff\\n\"",
	`"ends in \\"`, `"trailing \"`, `"inner " quote"`, `"`, `x`, `"unterminated`, `123`, `null`,
	"\"\x7f del\"", "\"\xed\xa0\x80 surrogate bytes\"",
	// Runs longer than a word, with the special byte at each place of the
	// word after it.
	`"abcdefghijklmnop\nqrstuvw"`, `"abcdefgh\"ijklmnopq"`, `"abcdefghijklmnopqrstuvwxyz0123456789é"`,
	"\"abcdefghi\x1fjklmnop\"", "\"abcdefghijklmnop\xffqrst\"", `"abcdefghijklmnopqrstuvwx\u0041yz"`,
	`"abcdefghijklmno\\"`, `"abcdefghijklmnopqrstuvwxyz ~!@#$%^&*()_+{}|:<>?"`, `"abcdefg" "hijklmnop"`,
}

// TestUnquote: where Unquote takes a string it gives what the decoder the
// readers use (go-json) gives; the decoder is the reference.
func TestUnquote(t *testing.T) {
	taken := 0
	for _, c := range unquoteCases {
		if checkUnquote(t, []byte(c)) {
			taken++
		}
	}
	if taken < 5 {
		t.Fatalf("Unquote took only %d of the cases", taken)
	}
}

func checkUnquote(t *testing.T, v []byte) bool {
	t.Helper()
	got, ok := Unquote(v)
	if !ok {
		return false
	}
	var want string
	if err := json.Unmarshal(v, &want); err != nil {
		t.Fatalf("Unquote(%q) = %q, but the decoder rejects it: %v", v, got, err)
	}
	if got != want {
		t.Fatalf("Unquote(%q) = %q, the decoder gives %q", v, got, want)
	}
	return true
}

// FuzzUnquote: on any bytes, Unquote gives the decoder's value or leaves
// the token to it.
func FuzzUnquote(f *testing.F) {
	for _, c := range unquoteCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, v []byte) { checkUnquote(t, v) })
}

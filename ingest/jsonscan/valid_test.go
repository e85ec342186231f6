package jsonscan

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	gojson "github.com/goccy/go-json"
)

// checkValid: SkipValid takes a value whole exactly when encoding/json's
// and go-json's Valid accept it (the oracles; a value nested deeper than
// MaxGrammarDepth is the one allowed difference: SkipValid refuses it),
// and flat means json.Compact leaves it as it is.
func checkValid(t *testing.T, b []byte) {
	t.Helper()
	if len(b) > 0 && strings.ContainsRune(" \t\r\n", rune(b[0])) {
		return // SkipValid starts at the value
	}
	e, flat := SkipValid(b, 0, 0)
	whole := e >= 0 && SkipWS(b, e) == len(b)
	deep := strings.Count(string(b), "[")+strings.Count(string(b), "{") > MaxGrammarDepth
	std, goccy := json.Valid(b), gojson.Valid(b)
	if whole && (!std || !goccy) {
		t.Fatalf("%q: SkipValid takes it whole, json.Valid %v, go-json Valid %v", b, std, goccy)
	}
	if !whole && std && !deep {
		t.Fatalf("%q: valid JSON, SkipValid stops at %d", b, e)
	}
	if whole && flat {
		var buf bytes.Buffer
		if err := json.Compact(&buf, b[:e]); err != nil || !bytes.Equal(buf.Bytes(), b[:e]) {
			t.Fatalf("%q: flat, but Compact gives %q (%v)", b, buf.Bytes(), err)
		}
	}
	if e >= 0 && !flat && bytes.IndexAny(b[:e], " \t\r\n") < 0 {
		t.Fatalf("%q: no space at all, but not flat", b)
	}
	// SkipValidString alone, on a value that opens with a quote; plain
	// when the bytes between the quotes are ASCII from 0x20 up with no
	// quote or backslash.
	if len(b) > 0 && b[0] == '"' {
		se := SkipValidString(b, 0)
		if se != e {
			t.Fatalf("%q: SkipValidString %d, SkipValid %d", b, se, e)
		}
		pe, plain := SkipValidStringPlain(b, 0)
		if pe != e {
			t.Fatalf("%q: SkipValidStringPlain %d, SkipValid %d", b, pe, e)
		}
		want := e >= 0
		if e >= 0 {
			for _, c := range b[1 : e-1] {
				if c < 0x20 || c >= 0x80 || c == '"' || c == '\\' {
					want = false
				}
			}
		}
		if plain != want {
			t.Fatalf("%q: plain %v", b, plain)
		}
	}
}

var validCases = append([]string{
	`"abcdefghijklmnop"`, `"abcdefg\"hijklmn"`, `"abcdefgh\\"`, `"abcdefgh\\\"x"`, `"\u00e9\u2028\ud800"`, `"\u00g0"`, `"\u12"`,
	`"abcdefghijklmno\u12`, "\"\xff\xfe abcdefgh\"", "\"\x7f\"", "\"abcdefgh\x1f\"", "\"abcdefghijklmn\x00\"", `"\/\b\f\n\r\t"`,
	`"\x"`, `"\`, "\"abcdefg\"\xff\xff\"", "\"abcdefgh\x80\"", "\"\x7fabcdefgh\"", `"abcdefgh\`, `"abcdefgh`, `{"a" :[1, 2]}`, "[1,\n2]", `{"a":{"b":["c",{"d":"e\nf"}]}}`,
	strings.Repeat("[", 500) + strings.Repeat("]", 500), `[-0.5e-3,true,false,null,"x"]`,
}, grammarCases...)

func TestSkipValid(t *testing.T) {
	for _, c := range validCases {
		checkValid(t, []byte(c))
	}
	// Every byte at every place of a string two words long.
	for c := range 256 {
		for pos := 1; pos < 18; pos++ {
			b := []byte(`"abcdefghijklmnopq"`)
			b[pos] = byte(c)
			checkValid(t, b)
		}
	}
	// A byte from 0x80 up, a backslash or a control character, then a
	// quote, at every pair of places (plain is judged on the bytes before
	// the quote only).
	for _, c := range []byte{0x80, 0xd9, 0xff, '\\', 0x1f, 'x'} {
		for p1 := 1; p1 < 18; p1++ {
			for p2 := p1 + 1; p2 < 18; p2++ {
				b := []byte(`"abcdefghijklmnopq"`)
				b[p1], b[p2] = c, '"'
				checkValid(t, b)
			}
		}
	}
}

// FuzzSkipValid: no input makes SkipValid panic, and it agrees with
// json.Valid.
func FuzzSkipValid(f *testing.F) {
	for _, c := range validCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, b []byte) { checkValid(t, b) })
}

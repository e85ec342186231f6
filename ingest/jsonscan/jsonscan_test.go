package jsonscan

import (
	"fmt"
	"testing"
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

// TestWalk: Members and Elems visit each key and value of valid JSON
// once, in order, whatever the spacing and nesting (RFC 8259 grammar), and
// give up on what is not an object or an array.
func TestWalk(t *testing.T) {
	obj := []byte(` { "a" : 1 , "b":"x\"}" ,"c":{"d":[1,{"e":"]"}]},"f":[ ], "g" : null , "h":-1.5e3} `)
	var got []string
	end := Members(obj, SkipWS(obj, 0), func(key []byte, vs int) int {
		ve := SkipValue(obj, vs)
		got = append(got, string(key)+"="+string(obj[vs:ve]))
		return ve
	})
	want := []string{`a=1`, `b="x\"}"`, `c={"d":[1,{"e":"]"}]}`, `f=[ ]`, `g=null`, `h=-1.5e3`}
	if fmt.Sprint(got) != fmt.Sprint(want) || SkipWS(obj, end) != len(obj) {
		t.Errorf("Members: %q end %d; want %q end %d", got, end, want, len(obj))
	}
	arr := []byte(`[1, "two", [3], {"four":4}]`)
	got = got[:0]
	end = Elems(arr, 0, func(vs int) int {
		ve := SkipValue(arr, vs)
		got = append(got, string(arr[vs:ve]))
		return ve
	})
	want = []string{`1`, `"two"`, `[3]`, `{"four":4}`}
	if fmt.Sprint(got) != fmt.Sprint(want) || end != len(arr) {
		t.Errorf("Elems: %q end %d; want %q end %d", got, end, want, len(arr))
	}
	for _, bad := range []string{`[1]`, `"s"`, `{"a":1`, `{"a" 1}`, `{"a":1,}x`} {
		b := []byte(bad)
		if Members(b, 0, func(_ []byte, vs int) int { return SkipValue(b, vs) }) == len(b) {
			t.Errorf("Members took %s", bad)
		}
	}
	if Elems([]byte(`{}`), 0, func(int) int { return 0 }) != -1 {
		t.Error("Elems took an object")
	}
}

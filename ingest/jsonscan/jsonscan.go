// Package jsonscan holds the byte-level steps the transcript readers that
// walk JSON without decoding it share (the Claude Code reader, the JSON
// Lines import): skipping spaces and strings. What they do with the
// values, and how strictly they check the grammar, stays with each reader.
package jsonscan

import (
	"bytes"
	"encoding/binary"
	"unicode/utf8"
	"unsafe"
)

// SkipWS returns the index of the first non-space byte at or after i.
func SkipWS(b []byte, i int) int {
	for i < len(b) {
		switch b[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// SkipString returns the index just past the string that opens at b[i]
// (b[i] == '"'), or -1 when it is not closed. bytes.IndexByte (vectorised)
// jumps between quotes; only a quote preceded by backslashes needs a look
// back. (A SWAR loop stopping at every backslash measured slower: tool
// output is full of \n and \t escapes.)
func SkipString(b []byte, i int) int {
	j := i + 1
	for {
		k := bytes.IndexByte(b[j:], '"')
		if k < 0 {
			return -1
		}
		q := j + k
		if b[q-1] != '\\' {
			return q + 1
		}
		n := 1
		for p := q - 2; p > i && b[p] == '\\'; p-- {
			n++
		}
		if n%2 == 0 {
			return q + 1
		}
		j = q + 1
	}
}

// Unquote returns the value of the JSON string token v (quotes included)
// in the plain case: valid UTF-8, no control character, and only the
// one-character escapes (\n, \t, \", \\, \/, \r, \b, \f). ok is false for
// anything else — a \u escape (which may pair surrogates), invalid UTF-8,
// a raw control character, a bad escape, a token that is not a string —
// and the caller then decodes v as it otherwise would: where ok is true
// the value is the one a JSON decoder gives. Tool output is full of \n
// and \" escapes a few bytes apart, which is why this is a plain byte loop
// and not a search between escapes (measured slower on such text).
func Unquote(v []byte) (string, bool) {
	if len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' {
		return "", false
	}
	in := v[1 : len(v)-1]
	out := make([]byte, 0, len(in))
	ascii := true
	i := 0
	for {
		// A run of plain bytes, eight at a time while they last.
		start := i
		for i+8 <= len(in) && special(binary.LittleEndian.Uint64(in[i:])) == 0 {
			i += 8
		}
		for i < len(in) && plain[in[i]] {
			i++
		}
		out = append(out, in[start:i]...)
		if i >= len(in) {
			break
		}
		c := in[i]
		switch {
		case c == '\\':
			i++
			if i >= len(in) {
				return "", false
			}
			switch in[i] {
			case '"', '\\', '/':
				c = in[i]
			case 'n':
				c = '\n'
			case 't':
				c = '\t'
			case 'r':
				c = '\r'
			case 'b':
				c = '\b'
			case 'f':
				c = '\f'
			default:
				return "", false
			}
		case c == '"' || c < 0x20:
			return "", false
		default: // c >= 0x80
			ascii = false
		}
		out = append(out, c)
		i++
	}
	if !ascii && !utf8.Valid(out) {
		return "", false
	}
	if len(out) == 0 {
		return "", true
	}
	// out is not written again: the string may own it (as strings.Builder
	// does) instead of copying it once more.
	return unsafe.String(&out[0], len(out)), true
}

// plain says which bytes stand for themselves in a JSON string: not a
// backslash, a quote, a control character or a byte above 0x7f.
var plain = func() (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = c != '\\' && c != '"'
	}
	return t
}()

// special has the high bit of each byte of w set that is a backslash, a
// quote, below 0x20 or above 0x7f (and may set it for a byte after such a
// one: only zero or not matters).
func special(w uint64) uint64 {
	const lo, hi = 0x0101010101010101, 0x8080808080808080
	has := func(x uint64) uint64 { return (x - lo) & ^x & hi } // a zero byte
	return has(w^(lo*'\\')) | has(w^(lo*'"')) | ((w - lo*0x20) & ^w & hi) | (w & hi)
}

package jsonscan

import (
	"encoding/binary"
	"math/bits"
)

// SkipValidString returns the index just past the string that opens at
// b[i] (b[i] == '"') when it is a valid JSON string, else -1: no byte
// below 0x20, and every backslash starts one of JSON's escapes (\" \\ \/
// \b \f \n \r \t, or \u and four hex digits). Other bytes, invalid UTF-8
// included, are taken as json.Valid (encoding/json's and go-json's) takes
// them. It looks at eight bytes at a time for a quote, a backslash or a
// control character, so a reader can check a string and find its end in
// one pass instead of a scan for the end plus json.Valid.
func SkipValidString(b []byte, i int) int {
	end, _ := SkipValidStringPlain(b, i)
	return end
}

// SkipValidStringPlain is SkipValidString also reporting whether the
// string is plain: no escape and no byte from 0x80 up (nor, being valid,
// below 0x20), so that its bytes between the quotes are its text, which
// a reader can take without decoding it.
func SkipValidStringPlain(b []byte, i int) (end int, plain bool) {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	j := i + 1
	var high uint64 // the top bits of the bytes seen
	plain = true
	for {
		for j+8 <= len(b) {
			x := binary.LittleEndian.Uint64(b[j:])
			q, bs := x^(ones*'"'), x^(ones*'\\')
			// The lowest bit of each "has less"/"has zero" mask marks its
			// first hit exactly (false hits only come above a true one),
			// so the lowest bit of their union is the first byte to see.
			m := (x-ones*0x20)&^x&highs | (q-ones)&^q&highs | (bs-ones)&^bs&highs
			if m != 0 {
				k := bits.TrailingZeros64(m) &^ 7 // bits of the bytes before the hit
				high |= x & (1<<k - 1)
				j += k >> 3
				break
			}
			high |= x
			j += 8
		}
		for j < len(b) && b[j] >= 0x20 && b[j] != '"' && b[j] != '\\' {
			high |= uint64(b[j])
			j++
		}
		if j >= len(b) {
			return -1, false
		}
		switch b[j] {
		case '"':
			return j + 1, plain && high&highs == 0
		case '\\':
			plain = false
			if j+1 >= len(b) {
				return -1, false
			}
			switch b[j+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				j += 2
			case 'u':
				if j+6 > len(b) || !isHex(b[j+2]) || !isHex(b[j+3]) || !isHex(b[j+4]) || !isHex(b[j+5]) {
					return -1, false
				}
				j += 6
			default:
				return -1, false
			}
		default: // a control character
			return -1, false
		}
	}
}

func isHex(c byte) bool {
	return c-'0' <= 9 || (c|0x20)-'a' <= 5
}

// SkipValid returns the index just past the JSON value that starts at
// b[i] (no leading spaces) when the value is valid JSON as json.Valid
// judges it, else -1 (also when it is nested deeper than MaxGrammarDepth
// counting depth levels above it); flat reports that there is no space
// between its tokens, so that json.Compact would give it unchanged. It is
// SkipGrammar with the strings checked too (SkipValidString): a reader
// that walks a line with it needs no json.Valid of the whole line first.
func SkipValid(b []byte, i, depth int) (end int, flat bool) {
	flat = true
	end = skipValid(b, i, depth, &flat)
	return end, flat && end >= 0
}

func skipValid(b []byte, i, depth int, flat *bool) int {
	if i >= len(b) || depth > MaxGrammarDepth {
		return -1
	}
	switch b[i] {
	case '"':
		return SkipValidString(b, i)
	case '{':
		i = skipWSFlat(b, i+1, flat)
		if i < len(b) && b[i] == '}' {
			return i + 1
		}
		for {
			if i >= len(b) || b[i] != '"' {
				return -1
			}
			if i = SkipValidString(b, i); i < 0 {
				return -1
			}
			if i = skipWSFlat(b, i, flat); i >= len(b) || b[i] != ':' {
				return -1
			}
			if i = skipValid(b, skipWSFlat(b, i+1, flat), depth+1, flat); i < 0 {
				return -1
			}
			var done bool
			if i, done = afterValueFlat(b, i, '}', flat); done || i < 0 {
				return i
			}
		}
	case '[':
		i = skipWSFlat(b, i+1, flat)
		if i < len(b) && b[i] == ']' {
			return i + 1
		}
		for {
			if i = skipValid(b, i, depth+1, flat); i < 0 {
				return -1
			}
			var done bool
			if i, done = afterValueFlat(b, i, ']', flat); done || i < 0 {
				return i
			}
		}
	default:
		return skipScalar(b, i)
	}
}

// afterValueFlat is AfterValue noting in flat when there was space to
// skip: without any, the comma or the closer is the one byte between the
// value and what comes next.
func afterValueFlat(b []byte, i int, close byte, flat *bool) (next int, done bool) {
	next, done = AfterValue(b, i, close)
	*flat = *flat && next == i+1
	return
}

// skipWSFlat is SkipWS noting in flat when there was space to skip.
func skipWSFlat(b []byte, i int, flat *bool) int {
	if i < len(b) && b[i] > ' ' {
		return i
	}
	j := SkipWS(b, i)
	if j != i {
		*flat = false
	}
	return j
}

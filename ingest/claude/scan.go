package claude

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"

	"github.com/permsim/permsim/ingest/jsonscan"
)

// The reader does not decode whole transcript lines. Most of a line's bytes
// are message text and tool output that the calls table never needs, so the
// helpers below walk JSON structurally, hand back raw spans of the values
// that matter, and skip everything else with bytes.IndexByte (vectorised),
// which is what keeps ingest several times faster than a full decode.

var errSyntax = errors.New("malformed JSON")

// maxDepth bounds nesting so a hostile line cannot exhaust the stack: the
// bound of jsonscan's skipper, which the walkers below share.
const maxDepth = jsonscan.MaxGrammarDepth

// skipValue returns the index just past the JSON value that starts at or
// after i (leading spaces allowed), or -1 when it is malformed or cut
// short. Structure (braces, colons, commas, literals, numbers) is checked;
// the contents of strings are only scanned for their closing quote
// (jsonscan.SkipGrammar).
func skipValue(b []byte, i int) int { return skipDepth(b, i, 0) }

// skipDepth is skipValue for a value depth levels down in a walk.
func skipDepth(b []byte, i, depth int) int {
	return jsonscan.SkipGrammarAt(b, jsonscan.SkipWS(b, i), depth)
}

// eachField calls fn with the raw key (without quotes) and the raw value of
// every member of the object obj, in order, until fn returns false. When
// whole is set, anything but spaces after the closing brace is an error
// (a line that glues two records together is corrupt, not two records).
func eachField(obj []byte, whole bool, fn func(key, val []byte) bool) error {
	return eachMember(obj, whole, func(key []byte, vs int) (int, bool) {
		ve := skipValue(obj, vs)
		if ve < 0 {
			return -1, false
		}
		return ve, fn(key, obj[vs:ve])
	})
}

// trailing reports anything but spaces after position i as a syntax error
// when whole is set.
func trailing(b []byte, i int, whole bool) error {
	if whole && jsonscan.SkipWS(b, i) != len(b) {
		return errSyntax
	}
	return nil
}

// eachElem calls fn with the raw value of every element of the array arr
// until fn returns false.
func eachElem(arr []byte, fn func(val []byte) bool) error {
	i, done := jsonscan.Enter(arr, jsonscan.SkipWS(arr, 0), '[', ']')
	switch {
	case i < 0:
		return errSyntax
	case done:
		return nil
	}
	for {
		vs := jsonscan.SkipWS(arr, i)
		ve := skipValue(arr, vs)
		if ve < 0 {
			return errSyntax
		}
		if !fn(arr[vs:ve]) {
			return nil
		}
		switch i, done = jsonscan.AfterValue(arr, ve, ']'); {
		case i < 0:
			return errSyntax
		case done:
			return nil
		}
	}
}

// isString reports whether the raw value v is a JSON string.
func isString(v []byte) bool {
	return len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"'
}

// str decodes the raw JSON string v; anything that is not a string gives "".
func str(v []byte) string {
	if !isString(v) {
		return ""
	}
	inner := v[1 : len(v)-1]
	if bytes.IndexByte(inner, '\\') < 0 {
		return string(inner)
	}
	var s string
	if json.Unmarshal(v, &s) != nil {
		return ""
	}
	return s
}

// strRaw returns the still-escaped text inside the raw JSON string v, for
// byte matching on ASCII phrases without decoding a large string.
func strRaw(v []byte) []byte {
	if !isString(v) {
		return nil
	}
	return v[1 : len(v)-1]
}

// isTrue reports whether the raw value v is the literal true.
func isTrue(v []byte) bool { return string(v) == "true" }

// num decodes the raw JSON number v as an int64 (fractions are dropped);
// ok is false for anything else.
func num(v []byte) (int64, bool) {
	if n, err := strconv.ParseInt(string(v), 10, 64); err == nil {
		return n, true
	}
	f, err := strconv.ParseFloat(string(v), 64)
	if err != nil {
		return 0, false
	}
	return int64(f), true
}

// walkObj walks the object that starts at or after b[i] in one pass: for
// each member it calls fn with the raw key, the index just past the colon
// and the nesting depth of the value, and fn returns the index just past
// the value (by skipping or walking it) or -1. It returns the index just
// past the closing brace, or -1 when the object is malformed. Grammar and
// depth bound are those of skipDepth, so walking a value reached through a
// nested walk costs one scan of its bytes instead of one per level.
func walkObj(b []byte, i, depth int, fn func(key []byte, vs, depth int) int) int {
	if depth > maxDepth {
		return -1
	}
	var done bool
	if i, done = jsonscan.Enter(b, jsonscan.SkipWS(b, i), '{', '}'); done || i < 0 {
		return i
	}
	for {
		if i >= len(b) || b[i] != '"' {
			return -1
		}
		ke := jsonscan.SkipString(b, i)
		if ke < 0 {
			return -1
		}
		key := b[i+1 : ke-1]
		if i = jsonscan.SkipWS(b, ke); i >= len(b) || b[i] != ':' {
			return -1
		}
		if i = fn(key, i+1, depth+1); i < 0 {
			return -1
		}
		if i, done = jsonscan.AfterValue(b, i, '}'); done || i < 0 {
			return i
		}
	}
}

// walkArr is walkObj for an array: fn gets the index where each element
// starts (spaces allowed) and its depth, and returns the index past it.
func walkArr(b []byte, i, depth int, fn func(vs, depth int) int) int {
	if depth > maxDepth {
		return -1
	}
	var done bool
	if i, done = jsonscan.Enter(b, jsonscan.SkipWS(b, i), '[', ']'); done || i < 0 {
		return i
	}
	for {
		if i = fn(i, depth+1); i < 0 {
			return -1
		}
		if i, done = jsonscan.AfterValue(b, i, ']'); done || i < 0 {
			return i
		}
	}
}

// eachMember is eachField for callers that read a value while skipping
// it: fn gets the raw key and the index where the value starts (after
// spaces) and returns the index just past the value (-1 when malformed)
// and whether to go on.
func eachMember(obj []byte, whole bool, fn func(key []byte, vs int) (int, bool)) error {
	i, done := jsonscan.Enter(obj, jsonscan.SkipWS(obj, 0), '{', '}')
	switch {
	case i < 0:
		return errSyntax
	case done:
		return trailing(obj, i, whole)
	}
	for {
		if i >= len(obj) || obj[i] != '"' {
			return errSyntax
		}
		ke := jsonscan.SkipString(obj, i)
		if ke < 0 {
			return errSyntax
		}
		key := obj[i+1 : ke-1]
		i = jsonscan.SkipWS(obj, ke)
		if i >= len(obj) || obj[i] != ':' {
			return errSyntax
		}
		ve, more := fn(key, jsonscan.SkipWS(obj, i+1))
		if ve < 0 {
			return errSyntax
		}
		if !more {
			return nil
		}
		switch i, done = jsonscan.AfterValue(obj, ve, '}'); {
		case i < 0:
			return errSyntax
		case done:
			return trailing(obj, i, whole)
		}
	}
}

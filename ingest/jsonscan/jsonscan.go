// Package jsonscan holds the byte-level steps the transcript readers that
// walk JSON without decoding it share (the Claude Code reader, the JSON
// Lines import, the Gemini CLI and Codex fast paths): skipping spaces,
// strings and values, and walking the members of an object and the
// elements of an array. What they do with the values, and how strictly
// they check the grammar, stays with each reader.
package jsonscan

import "bytes"

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

// SkipValue returns the index just past the value that starts at b[i] of
// JSON already known to be valid, -1 when it runs off the end.
func SkipValue(b []byte, i int) int {
	if i >= len(b) {
		return -1
	}
	switch b[i] {
	case '"':
		return SkipString(b, i)
	case '{', '[':
		depth := 0
		for i < len(b) {
			switch b[i] {
			case '"':
				i = SkipString(b, i)
				if i < 0 {
					return -1
				}
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1
				}
			}
			i++
		}
		return -1
	}
	for i < len(b) {
		switch b[i] {
		case ',', '}', ']', ' ', '\t', '\n', '\r':
			return i
		}
		i++
	}
	return i
}

// Enter steps into the object or array that opens at b[i] with open ('{'
// or '['), close being its closer: when it is empty, it returns the index
// just past close and done; else the index of its first member or element
// (spaces skipped); -1 when b[i] is not open. With AfterValue it is the
// frame of every walk of an object or array here and in the readers.
func Enter(b []byte, i int, open, close byte) (next int, done bool) {
	if i >= len(b) || b[i] != open {
		return -1, false
	}
	if i = SkipWS(b, i+1); i < len(b) && b[i] == close {
		return i + 1, true
	}
	return i, false
}

// AfterValue steps over what follows a member of an object or an element
// of an array that ends at i, spaces allowed: when close (the container's
// '}' or ']') is next, it returns the index just past it and done; after a
// comma, the index of the next member or element (spaces skipped); else
// -1. It is the one step every walk here and in the readers' own walks
// takes between two values, and small enough to be inlined into them.
func AfterValue(b []byte, i int, close byte) (next int, done bool) {
	for ; i < len(b); i++ {
		switch b[i] {
		case ' ', '\t', '\n', '\r':
			continue
		case close:
			return i + 1, true
		case ',':
			return SkipWS(b, i+1), false
		}
		return -1, false
	}
	return -1, false
}

// Members walks the object that opens at b[i] of valid JSON, calling fn
// with each key (without its quotes) and the index where its value
// starts; fn returns the index just past the value, -1 to give up. It
// returns the index just past the object, -1 when b[i] is not an object
// or fn gave up. Values fn does not descend into it skips with
// SkipValue: each byte is walked once, however deep.
func Members(b []byte, i int, fn func(key []byte, vs int) int) int {
	var done bool
	if i, done = Enter(b, i, '{', '}'); done || i < 0 {
		return i
	}
	for i < len(b) && b[i] == '"' {
		ke := SkipString(b, i)
		if ke < 0 {
			return -1
		}
		key := b[i+1 : ke-1]
		i = SkipWS(b, ke)
		if i >= len(b) || b[i] != ':' {
			return -1
		}
		ve := fn(key, SkipWS(b, i+1))
		if ve < 0 {
			return -1
		}
		if i, done = AfterValue(b, ve, '}'); done || i < 0 {
			return i
		}
	}
	return -1
}

// Elems walks the array that opens at b[i] like Members an object.
func Elems(b []byte, i int, fn func(vs int) int) int {
	var done bool
	if i, done = Enter(b, i, '[', ']'); done || i < 0 {
		return i
	}
	for i < len(b) {
		ve := fn(i)
		if ve < 0 {
			return -1
		}
		if i, done = AfterValue(b, ve, ']'); done || i < 0 {
			return i
		}
	}
	return -1
}

// Package jsonscan holds the byte-level steps the transcript readers that
// walk JSON without decoding it share (the Claude Code reader, the JSON
// Lines import): skipping spaces and strings. What they do with the
// values, and how strictly they check the grammar, stays with each reader.
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

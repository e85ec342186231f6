package safefile

import (
	"bytes"
	"fmt"
)

// Syntax selects the string and comment rules CheckDepth skips.
type Syntax int

const (
	// JSON is JSON with JSONC comments (// and /* */), which plain JSON
	// never holds outside strings.
	JSON Syntax = iota
	// TOML has basic "…", literal '…' and multi-line """…""" / '''…'''
	// strings and # comments.
	TOML
	// Starlark (Codex .rules files) has TOML's strings and comments, and
	// parentheses nest too.
	Starlark
)

// CheckDepth returns an error wrapping ErrTooDeep, with the line where the
// nesting passes MaxDepth, when the arrays and objects (inline tables) of
// data nest deeper than MaxDepth. It reads data once and allocates nothing;
// it does not validate anything else.
func CheckDepth(data []byte, syn Syntax) error {
	depth, line := 0, 1
	for i := 0; i < len(data); i++ {
		c := data[i]
		switch {
		case c == '\n':
			line++
		case c == '[' || c == '{' || (c == '(' && syn == Starlark):
			depth++
			if depth > MaxDepth {
				return fmt.Errorf("line %d: %w: arrays and objects nest more than %d levels deep", line, ErrTooDeep, MaxDepth)
			}
		case c == ']' || c == '}' || (c == ')' && syn == Starlark):
			if depth > 0 {
				depth--
			}
		case c == '"' || (c == '\'' && syn != JSON):
			if syn != JSON && bytes.HasPrefix(data[i:], []byte{c, c, c}) {
				end := bytes.Index(data[i+3:], []byte{c, c, c})
				if end < 0 {
					return nil
				}
				line += bytes.Count(data[i:i+3+end], []byte{'\n'})
				i += 3 + end + 2
				continue
			}
			j := i + 1
			for ; j < len(data) && data[j] != c && data[j] != '\n'; j++ {
				if data[j] == '\\' && (c == '"' || syn == Starlark) {
					j++
				}
			}
			if j < len(data) && data[j] == '\n' {
				line++
			}
			i = j
		case c == '#' && syn != JSON, c == '/' && syn == JSON && i+1 < len(data) && data[i+1] == '/':
			for i < len(data) && data[i] != '\n' {
				i++
			}
			if i < len(data) {
				line++
			}
		case c == '/' && syn == JSON && i+1 < len(data) && data[i+1] == '*':
			end := bytes.Index(data[i+2:], []byte("*/"))
			if end < 0 {
				return nil
			}
			line += bytes.Count(data[i:i+2+end], []byte{'\n'})
			i += 2 + end + 1
		}
	}
	return nil
}

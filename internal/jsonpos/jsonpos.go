// Package jsonpos turns where a JSON decoder stopped into a line (and
// column) of its input, for the problems that name a settings file's or a
// record's line. It knows the errors of encoding/json (the simulators'
// settings) and of github.com/goccy/go-json (the ingest readers'), which
// carry the same byte offset in types of their own.
package jsonpos

import (
	"bytes"
	stdjson "encoding/json"
	"errors"
	"fmt"

	json "github.com/goccy/go-json"
)

// Offset is the byte offset a decoding error carries, and whether err is a
// syntax error (else it is a type error: a value of the wrong kind). off
// is -1, and syntax false, when err is neither.
func Offset(err error) (off int64, syntax bool) {
	var se *stdjson.SyntaxError
	var te *stdjson.UnmarshalTypeError
	var gse *json.SyntaxError
	var gte *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return se.Offset, true
	case errors.As(err, &gse):
		return gse.Offset, true
	case errors.As(err, &te):
		return te.Offset, false
	case errors.As(err, &gte):
		return gte.Offset, false
	}
	return -1, false
}

// Line is the 1-based line of byte offset off in data; an offset before
// the start or past the end counts as the start or the end.
func Line(data []byte, off int64) int {
	off = max(0, min(off, int64(len(data))))
	return bytes.Count(data[:off], []byte("\n")) + 1
}

// LineCol is the 1-based line and column of the byte a decoder choked on:
// its offset points just past that byte, so the column is that byte's.
func LineCol(data []byte, off int64) (line, col int) {
	off = max(0, min(off, int64(len(data))))
	line, col = 1, 1
	for _, b := range data[:off] {
		if b == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	if col > 1 {
		col--
	}
	return line, col
}

// WithLine is a decoding error as text, led by "line N: " when it is a
// syntax error (a type error's offset says little about where the file
// went wrong, so it is left as it is).
func WithLine(data []byte, err error) string {
	if off, syntax := Offset(err); syntax {
		return fmt.Sprintf("line %d: %v", Line(data, off), err)
	}
	return err.Error()
}

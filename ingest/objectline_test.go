package ingest

import (
	"bytes"
	"errors"
	"testing"
)

// TestObjectLine: the line rules the JSON Lines transcript readers share
// (transcript-formats.md: one JSON object per line; a file may start with
// a byte-order mark; blank lines carry nothing).
func TestObjectLine(t *testing.T) {
	for _, c := range []struct {
		name  string
		text  string
		first bool
		want  string
		err   error
	}{
		{"object", `{"a":1}`, false, `{"a":1}`, nil},
		{"CRLF line", "{\"a\":1}\r", false, `{"a":1}`, nil},
		{"spaces around", " \t{}\t ", false, `{}`, nil},
		{"BOM on the first line", "\xef\xbb\xbf{\"a\":1}", true, `{"a":1}`, nil},
		{"BOM on a later line is text", "\xef\xbb\xbf{\"a\":1}", false, "", ErrNotObject},
		{"blank", " \r", false, "", nil},
		{"empty first line", "", true, "", nil},
		{"array", `[1]`, false, "", ErrNotObject},
		{"cut short", `{"a":`, false, "", ErrNotObject},
		{"two glued", `{"a":1}x`, false, "", ErrNotObject},
	} {
		got, err := ObjectLine([]byte(c.text), c.first, TrimLine)
		if !errors.Is(err, c.err) || string(got) != c.want {
			t.Errorf("%s: ObjectLine(%q) = %q, %v; want %q, %v", c.name, c.text, got, err, c.want, c.err)
		}
	}
	// The trim is the reader's: Gemini CLI's takes Unicode spaces too.
	if got, err := ObjectLine([]byte("{}\u00a0"), false, bytes.TrimSpace); err != nil || string(got) != "{}" {
		t.Errorf("ObjectLine with bytes.TrimSpace = %q, %v; want {}", got, err)
	}
}

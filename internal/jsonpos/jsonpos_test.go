package jsonpos

import (
	stdjson "encoding/json"
	"errors"
	"testing"

	json "github.com/goccy/go-json"
)

// The expected lines and columns are read off the inputs by hand: where
// the first byte that cannot continue the JSON text stands.
func TestOffsetLine(t *testing.T) {
	type decoder struct {
		name      string
		unmarshal func([]byte, any) error
	}
	decoders := []decoder{{"encoding/json", stdjson.Unmarshal}, {"goccy/go-json", json.Unmarshal}}
	cases := []struct {
		name   string
		in     string
		into   func() any
		syntax bool
		line   int
	}{
		// The stray "x" stands on the third line.
		{"syntax error on line 3", "{\n  \"a\": 1,\n  x\n}", func() any { return new(map[string]any) }, true, 3},
		// The number stands where a string belongs, on the second line.
		{"type error on line 2", "{\n  \"a\": 1\n}", func() any { return new(map[string]string) }, false, 2},
	}
	for _, d := range decoders {
		for _, c := range cases {
			t.Run(d.name+"/"+c.name, func(t *testing.T) {
				err := d.unmarshal([]byte(c.in), c.into())
				if err == nil {
					t.Fatal("no error")
				}
				off, syntax := Offset(err)
				if off < 0 || syntax != c.syntax {
					t.Fatalf("Offset(%v) = %d, %v; want an offset, syntax %v", err, off, syntax, c.syntax)
				}
				if got := Line([]byte(c.in), off); got != c.line {
					t.Errorf("Line = %d, want %d", got, c.line)
				}
			})
		}
	}
}

func TestOffsetOfOtherErrors(t *testing.T) {
	if off, syntax := Offset(errors.New("not a JSON error")); off != -1 || syntax {
		t.Errorf("Offset(plain error) = %d, %v; want -1, false", off, syntax)
	}
}

func TestLineCol(t *testing.T) {
	data := []byte("ab\ncde\nf")
	cases := []struct {
		off       int64
		line, col int
	}{
		{0, 1, 1},  // nothing read yet
		{2, 1, 2},  // just past "b": the choke byte is "b", column 2
		{5, 2, 2},  // just past "d" on the second line
		{99, 3, 1}, // past the end counts as the end: just past "f"
	}
	for _, c := range cases {
		if l, col := LineCol(data, c.off); l != c.line || col != c.col {
			t.Errorf("LineCol(%d) = %d:%d, want %d:%d", c.off, l, col, c.line, c.col)
		}
	}
	if got := Line(data, -5); got != 1 {
		t.Errorf("Line(-5) = %d, want 1", got)
	}
}

func TestWithLine(t *testing.T) {
	data := []byte("{\n\"a\": }")
	err := stdjson.Unmarshal(data, new(any))
	if got, want := WithLine(data, err), "line 2: "+err.Error(); got != want {
		t.Errorf("WithLine = %q, want %q", got, want)
	}
	terr := stdjson.Unmarshal([]byte(`"s"`), new(int))
	if got := WithLine([]byte(`"s"`), terr); got != terr.Error() {
		t.Errorf("WithLine(type error) = %q, want the error alone", got)
	}
}

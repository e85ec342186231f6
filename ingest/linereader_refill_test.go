package ingest

import (
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// TestLineReader checks line splitting across buffer refills: "Stream line
// by line (… a large max line, … and a clear Problem for a longer line)"
// and "Never leave Offset in the middle of a line" — the sizes handed out
// must add up to the bytes of whole lines only.
func TestLineReaderRefills(t *testing.T) {
	long := strings.Repeat("x", 50)
	in := "a\n\n" + long + "\nbb\r\n" + strings.Repeat("y", 10) + "\ncut"
	type want struct {
		text       string
		terminated bool
		tooLong    bool
	}
	wants := []want{{"a", true, false}, {"", true, false}, {"", true, true}, {"bb\r", true, false},
		{strings.Repeat("y", 10), true, false}, {"cut", false, false}}
	for _, r := range []struct {
		name string
		r    io.Reader
	}{{"whole", strings.NewReader(in)}, {"one byte at a time", iotest.OneByteReader(strings.NewReader(in))}} {
		lr := NewLineReader(r.r, 16)
		var total int64
		for i := 0; ; i++ {
			l, err := lr.Next()
			if err == io.EOF {
				if i != len(wants) {
					t.Errorf("%s: %d lines, want %d", r.name, i, len(wants))
				}
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			if i >= len(wants) {
				t.Fatalf("%s: extra line %q", r.name, l.Text)
			}
			w := wants[i]
			if string(l.Text) != w.text || l.Terminated != w.terminated || l.TooLong != w.tooLong {
				t.Errorf("%s line %d: %q term=%v long=%v, want %q %v %v", r.name, i+1, l.Text, l.Terminated, l.TooLong, w.text, w.terminated, w.tooLong)
			}
			total += l.Size
		}
		if total != int64(len(in)) {
			t.Errorf("%s: sizes add up to %d, want %d", r.name, total, len(in))
		}
	}
}

package ingest

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
)

// repeatReader yields n bytes of 'a' without holding them: a line larger
// than DefaultMaxLine costs no memory in the test.
type repeatReader struct{ n int64 }

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.n <= 0 {
		return 0, io.EOF
	}
	if int64(len(p)) > r.n {
		p = p[:r.n]
	}
	for i := range p {
		p[i] = 'a'
	}
	r.n -= int64(len(p))
	return len(p), nil
}

// problemSink keeps the problems of a LineLoop.
type problemSink struct{ problems []Problem }

func (s *problemSink) Row(Row)           {}
func (s *problemSink) Problem(p Problem) { s.problems = append(s.problems, p) }
func (s *problemSink) Bytes(int64)       {}

// TestLineLoopLongLineNamesLimit: a line over the default limit (the
// Source sets no MaxLine, so LineLoop.Max is 0) was reported as "line
// longer than 0 bytes" (issue 27). The problem names the file, the line,
// the limit really applied and the line's own size, for a terminated line
// and for a last line cut short.
func TestLineLoopLongLineNamesLimit(t *testing.T) {
	const over = 3 << 20 // past the limit by 3 MiB
	size := int64(DefaultMaxLine + over)
	for _, c := range []struct {
		name     string
		tail     string // after the long line
		line     int64
		wantSize int64 // the long line's size as reported, newline included
	}{
		{"terminated", "\n{}\n", 2, size + 1},
		{"last line cut short", "", 2, size},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := io.MultiReader(strings.NewReader("{}\n"), &repeatReader{n: size}, strings.NewReader(c.tail))
			sink := &problemSink{}
			lp := LineLoop{Path: "/home/u/.claude/projects/p/s.jsonl", Sink: sink}
			if _, err := lp.Run(context.Background(), r, func([]byte, bool) error { return nil }); err != nil {
				t.Fatal(err)
			}
			if len(sink.problems) != 1 {
				t.Fatalf("problems = %v, want one", sink.problems)
			}
			p := sink.problems[0]
			if p.File != lp.Path || p.Line != c.line {
				t.Errorf("problem at %s:%d, want %s:%d", p.File, p.Line, lp.Path, c.line)
			}
			for _, want := range []string{
				fmt.Sprintf("longer than %d bytes", DefaultMaxLine),
				fmt.Sprintf("%d bytes long", c.wantSize),
			} {
				if !strings.Contains(p.Msg, want) {
					t.Errorf("message %q does not say %q", p.Msg, want)
				}
			}
			if s := p.String(); !strings.HasPrefix(s, lp.Path+":2: ") {
				t.Errorf("problem text %q does not start with the file and line", s)
			}
		})
	}
}

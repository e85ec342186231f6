package ingest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/permsim/permsim/dataset"
)

// DefaultMaxLine is the longest line a LineLoop keeps when its Max is not
// positive: the one limit of the JSON Lines transcript readers, whose
// Sources' MaxLine overrides it (tests set a small one).
const DefaultMaxLine = 64 << 20

// LineLoop is the read loop the JSON Lines transcript readers (Claude
// Code, Codex, Gemini CLI) share: numbering lines, skipping and reporting
// over-long ones, reporting a stream error and a corrupt line with the
// file and line, checking the context and sending progress. What a line
// means stays with the reader (the fn given to Run), and so does the
// judgement of a last line without its newline (Run hands it back).
type LineLoop struct {
	Path string // the file named in problems
	Max  int    // the longest line kept (DefaultMaxLine when not positive); a longer one is reported and skipped
	Sink Sink   // progress (Bytes) and, unless Problem is set, problems
	// Line and Offset are the lines and bytes consumed before the stream
	// (a file read on from a saved state); Run moves them past every line
	// it consumes.
	Line, Offset int64
	// Problem receives the problems (Sink.Problem when nil).
	Problem func(Problem)
	// ReadError words a stream error ("read error: " and the error when
	// nil); the rest of the stream is skipped.
	ReadError func(error) string
	// Complete says the stream ends where the file ends (a decompressed
	// file): its last line is read even without a newline, instead of
	// being handed back as possibly still being written.
	Complete bool
	// Stop, when set, is asked after every line whether to stop reading.
	Stop func() bool
}

func (lp *LineLoop) problem(line int64, msg string) {
	p := Problem{File: lp.Path, Line: line, Msg: msg}
	if lp.Problem != nil {
		lp.Problem(p)
		return
	}
	lp.Sink.Problem(p)
}

// Run reads r to its end, handing every line to fn (text is valid until fn
// returns; terminated is false only for a Complete stream's last line
// without a newline). An error from fn is reported as a corrupt line,
// skipped. The context is checked every 1,024 lines (its error is Run's
// only error) and the bytes read go to Sink.Bytes every 4 MiB and at the
// end. A last line without its newline in a stream that is not Complete
// is not consumed: it is returned for the reader to judge (see
// TruncatedTail).
func (lp *LineLoop) Run(ctx context.Context, r io.Reader, fn func(text []byte, terminated bool) error) (tail []byte, err error) {
	max := lp.Max
	if max <= 0 {
		max = DefaultMaxLine
	}
	lr := NewLineReader(r, max)
	var sent int64
	defer func() { lp.Sink.Bytes(lr.BytesRead - sent) }()
	for n := 0; ; n++ {
		if n&1023 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			if lr.BytesRead-sent >= 4<<20 {
				lp.Sink.Bytes(lr.BytesRead - sent)
				sent = lr.BytesRead
			}
		}
		l, err := lr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			msg := "read error: " + err.Error()
			if lp.ReadError != nil {
				msg = lp.ReadError(err)
			}
			lp.problem(lp.Line+1, msg)
			break
		}
		if !l.Terminated && !lp.Complete {
			if !l.TooLong {
				tail = l.Text
			} else {
				lp.problem(lp.Line+1, fmt.Sprintf("truncated last line longer than %d bytes (the line limit): %d bytes long", max, l.Size))
			}
			break
		}
		lp.Line++
		lp.Offset += l.Size
		if l.TooLong {
			lp.problem(lp.Line, fmt.Sprintf("line longer than %d bytes (the line limit), skipped: %d bytes long", max, l.Size))
			continue
		}
		text := l.Text
		if !utf8.Valid(text) {
			text = repairLine(lp, text)
		}
		if err := fn(text, l.Terminated); err != nil {
			msg := "corrupt line skipped: " + err.Error()
			if !l.Terminated {
				msg = "truncated last line skipped: " + err.Error()
			}
			lp.problem(lp.Line, msg)
		}
		if lp.Stop != nil && lp.Stop() {
			break
		}
	}
	return tail, nil
}

// repairLine is a line's text with each byte that is not part of a UTF-8
// sequence replaced by U+FFFD (issue 27: a reader that copies bytes from
// the line would otherwise write them to Parquet, which every reader of the
// table then refuses), reported as a problem naming the line and told to
// the Sink when it marks rows (TextMarker), so that the calls read from
// that line are marked text_repaired.
func repairLine(lp *LineLoop, text []byte) []byte {
	lp.problem(lp.Line, "bytes that are not UTF-8: read as U+FFFD, and the line's calls marked text_repaired")
	if m, ok := lp.Sink.(TextMarker); ok {
		m.RepairedLine(lp.Path, lp.Line)
	}
	return []byte(dataset.ValidText(string(text)))
}

// TextMarker is a Sink that marks the rows read from a line whose bytes
// were not all UTF-8 (LineLoop replaced them): the ingest run's sink.
type TextMarker interface {
	RepairedLine(path string, line int64)
}

// TruncatedTail reports a last line that Run handed back and the reader
// judged not whole: not consumed, since it may still be being written.
func (lp *LineLoop) TruncatedTail() {
	lp.problem(lp.Line+1, "truncated last line (no newline, not valid JSON)")
}

// ErrNotObject is the error of a JSON Lines transcript line that is not a
// JSON object (ObjectLine).
var ErrNotObject = errors.New("not a JSON object")

// ObjectLine is the first step of the JSON Lines transcript readers' line
// handlers: the line without a byte-order mark (on the file's first line
// only) and without what trim removes around it. An empty result is a
// blank line, skipped; a line that does not open with { and close with }
// cannot be a record and is ErrNotObject.
func ObjectLine(text []byte, first bool, trim func([]byte) []byte) ([]byte, error) {
	if first {
		text = bytes.TrimPrefix(text, []byte("\xef\xbb\xbf")) // a byte-order mark
	}
	text = trim(text)
	if len(text) > 0 && (text[0] != '{' || text[len(text)-1] != '}') {
		return nil, ErrNotObject
	}
	return text, nil
}

// TrimLine trims the spaces, tabs and carriage returns around a line (a
// CRLF file's lines end in \r).
func TrimLine(b []byte) []byte {
	i, j := 0, len(b)
	for i < j && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r') {
		i++
	}
	for j > i && (b[j-1] == ' ' || b[j-1] == '\t' || b[j-1] == '\r') {
		j--
	}
	return b[i:j]
}

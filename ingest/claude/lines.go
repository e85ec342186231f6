package claude

import (
	"bytes"
	"io"
)

// lineReader hands out the lines of a stream without copying them out of its
// buffer. Unlike bufio.Scanner it survives a line longer than max: the line
// is skipped (reported by the caller) and reading goes on with the next one.
type lineReader struct {
	r       io.Reader
	buf     []byte
	start   int // first byte not yet handed out
	end     int // end of the bytes read into buf
	scanned int // bytes after start already searched for '\n'
	eof     bool
	max     int   // longest line kept, without its newline
	skipped int64 // bytes of an over-long line dropped so far
	tooLong bool  // the current line is being dropped
	read    int64 // bytes read from r, for progress
}

const initialLineBuf = 1 << 20

func newLineReader(r io.Reader, max int) *lineReader {
	n := initialLineBuf
	if max+1 < n {
		n = max + 1
	}
	return &lineReader{r: r, buf: make([]byte, n), max: max}
}

// line is one line handed out by next. text is valid until the next call.
type line struct {
	text       []byte // without the newline; nil for a dropped over-long line
	size       int64  // bytes the line takes in the file, newline included
	terminated bool   // a newline ended it (false: end of input came first)
	tooLong    bool   // longer than max, text dropped
}

// next returns the next line; io.EOF when the input is used up.
func (lr *lineReader) next() (line, error) {
	for {
		if i := bytes.IndexByte(lr.buf[lr.start+lr.scanned:lr.end], '\n'); i >= 0 {
			e := lr.start + lr.scanned + i
			l := line{text: lr.buf[lr.start:e], size: int64(e+1-lr.start) + lr.skipped, terminated: true}
			if lr.tooLong {
				l.text, l.tooLong = nil, true
			}
			lr.start, lr.scanned, lr.skipped, lr.tooLong = e+1, 0, 0, false
			return l, nil
		}
		lr.scanned = lr.end - lr.start
		if lr.eof {
			if lr.start == lr.end && !lr.tooLong {
				return line{}, io.EOF
			}
			l := line{text: lr.buf[lr.start:lr.end], size: int64(lr.end-lr.start) + lr.skipped}
			if lr.tooLong {
				l.text, l.tooLong = nil, true
			}
			lr.start, lr.scanned, lr.skipped, lr.tooLong = lr.end, 0, 0, false
			return l, nil
		}
		if err := lr.fill(); err != nil {
			return line{}, err
		}
	}
}

// fill makes room in buf (moving the partial line to the front, growing the
// buffer up to max, or dropping an over-long line's bytes) and reads more.
func (lr *lineReader) fill() error {
	if lr.tooLong {
		lr.skipped += int64(lr.end - lr.start)
		lr.start, lr.end, lr.scanned = 0, 0, 0
	} else if lr.start > 0 {
		copy(lr.buf, lr.buf[lr.start:lr.end])
		lr.end -= lr.start
		lr.start = 0
	}
	if lr.end == len(lr.buf) {
		if len(lr.buf) > lr.max {
			lr.tooLong = true
			lr.skipped += int64(lr.end)
			lr.start, lr.end, lr.scanned = 0, 0, 0
		} else {
			n := 2 * len(lr.buf)
			if n > lr.max+1 {
				n = lr.max + 1
			}
			nb := make([]byte, n)
			copy(nb, lr.buf[:lr.end])
			lr.buf = nb
		}
	}
	n, err := lr.r.Read(lr.buf[lr.end:])
	lr.end += n
	lr.read += int64(n)
	if err == io.EOF {
		lr.eof = true
		return nil
	}
	return err
}

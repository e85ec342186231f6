package jsonl

import (
	"bytes"
	"io"
)

// chunkSize is the size of each buffer chunkLines reads into: above the
// runtime's small-object bound (32 KB), so a chunk is one span of its own,
// and big enough that the partial line copied at each refill is ~1% of it.
const chunkSize = 64 << 10

// chunkLines hands out the lines of a stream as slices of the buffers it
// read them into, and never writes a buffer again once a line of it was
// handed out: when one is full, the next read goes to a new chunk (the
// unfinished line copied to its start). The decoder's rows can then keep
// pieces of a line instead of copies of them: one large allocation per 64 KB
// instead of a string per line (copying each line out of a reused buffer
// was a third of the reader's time, most of it the small-object allocator).
// A row keeps its chunk alive, which the rows read with it share.
//
// Its lines are those of nextLine over a bufio.Reader (the reader before):
// TestChunkLinesMatchesBufio and FuzzChunkLines hold them equal.
type chunkLines struct {
	r          io.Reader
	buf        []byte
	start, end int // buf[start:end] is read and not handed out
	scanned    int // bytes after start known to hold no newline
	err        error
	max        int
	dropping   bool  // the current line is longer than max: its bytes are dropped
	dropped    int64 // bytes of it dropped so far
	size       int   // chunk size (chunkSize; the tests make it small)
}

func newChunkLines(r io.Reader, max int) *chunkLines {
	return &chunkLines{r: r, max: max, size: chunkSize}
}

// next returns the next line as nextLine does: its text without the
// newline (nil when it is longer than max), the bytes it took, whether a
// newline ended it, whether it was too long, and io.EOF or the stream's
// error when the stream ended first.
func (c *chunkLines) next() (text []byte, size int64, terminated, tooLong bool, err error) {
	for {
		if k := bytes.IndexByte(c.buf[c.start+c.scanned:c.end], '\n'); k >= 0 {
			e := c.start + c.scanned + k + 1
			line := c.buf[c.start:e]
			c.start, c.scanned = e, 0
			if c.dropping {
				size = c.dropped + int64(len(line))
				c.dropping, c.dropped = false, 0
				return nil, size, true, true, nil
			}
			if len(line) > c.max+1 {
				return nil, int64(len(line)), true, true, nil
			}
			return bytes.TrimRight(line, "\r\n"), int64(len(line)), true, false, nil
		}
		c.scanned = c.end - c.start
		if !c.dropping && c.scanned > c.max+1 {
			c.dropping = true
		}
		if c.dropping {
			c.dropped += int64(c.end - c.start)
			c.start, c.scanned = c.end, 0
		}
		if c.err != nil {
			rest := c.buf[c.start:c.end]
			c.start, c.scanned = c.end, 0
			if c.dropping {
				size = c.dropped
				c.dropping, c.dropped = false, 0
				return nil, size, false, true, c.err
			}
			return rest, int64(len(rest)), false, len(rest) > c.max+1, c.err
		}
		c.fill()
	}
}

// fill reads more of the stream after buf[end], into a new chunk when
// the current one has little room left (less than a sixteenth: small
// reads would cost more system calls).
func (c *chunkLines) fill() {
	pending := c.end - c.start
	if len(c.buf)-c.end < c.size/16+1 {
		n := c.size
		for n < 2*pending {
			n *= 2
		}
		nb := make([]byte, n)
		copy(nb, c.buf[c.start:c.end])
		c.buf, c.start, c.end = nb, 0, pending
	}
	for range 100 {
		n, err := c.r.Read(c.buf[c.end:])
		c.end += n
		if err != nil {
			c.err = err
			return
		}
		if n > 0 {
			return
		}
	}
	c.err = io.ErrNoProgress
}

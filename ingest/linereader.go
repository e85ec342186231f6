package ingest

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"strconv"
	"unicode/utf8"
)

// This file holds what the transcript readers share: a line reader that
// survives over-long lines, the inode of a file, and the shortening of
// large argument strings.

// LineReader hands out the lines of a stream without copying them out of
// its buffer. Unlike bufio.Scanner it survives a line longer than its
// limit: that line is handed out with TooLong set (its bytes dropped) and
// reading goes on with the next one.
type LineReader struct {
	r       io.Reader
	buf     []byte
	start   int // first byte not yet handed out
	end     int // end of the bytes read into buf
	scanned int // bytes after start already searched for '\n'
	eof     bool
	max     int   // longest line kept, without its newline
	skipped int64 // bytes of an over-long line dropped so far
	tooLong bool  // the current line is being dropped
	// BytesRead counts the bytes read from the underlying reader so far.
	BytesRead int64
}

// Line is one line handed out by LineReader.Next. Text is valid until the
// next call to Next.
type Line struct {
	Text       []byte // without the newline; nil for a dropped over-long line
	Size       int64  // bytes the line takes in the stream, newline included
	Terminated bool   // a newline ended it (false: the stream ended first)
	TooLong    bool   // longer than the limit; Text dropped
}

// NewLineReader returns a LineReader over r that keeps lines of up to max
// bytes. The buffer starts at 64 KB and doubles as long lines need: a
// 1 MB start cost most of the time of reading a small file (allocating and
// clearing it: the Codex reader took 2.5 ms and 1.1 MB per 11 KB rollout,
// now 1 ms and 113 KB), which is what ingest does for every transcript
// and the fuzz targets for every input. A stream known to be shorter (an
// *io.LimitedReader, as the readers pass the part of a file still to
// read) starts with a buffer of its length: most transcripts are a few
// KB, and 64 KB for each was most of what ingest allocated per file.
func NewLineReader(r io.Reader, max int) *LineReader {
	n := 64 << 10
	if l, ok := r.(*io.LimitedReader); ok && l.N < int64(n) {
		// One byte more than the stream, so the read that finds its end
		// has room: the buffer is never full when the stream ends.
		n = minLineBuffer
		if l.N+1 > minLineBuffer {
			n = int(l.N) + 1
		}
	}
	if max+1 < n {
		n = max + 1
	}
	return &LineReader{r: r, buf: make([]byte, n), max: max}
}

// minLineBuffer is the smallest buffer a LineReader starts with.
const minLineBuffer = 512

// Next returns the next line, io.EOF when the stream is used up, or the
// stream's own error (the lines before it were all handed out).
func (lr *LineReader) Next() (Line, error) {
	for {
		if i := bytes.IndexByte(lr.buf[lr.start+lr.scanned:lr.end], '\n'); i >= 0 {
			e := lr.start + lr.scanned + i
			l := Line{Text: lr.buf[lr.start:e], Size: int64(e+1-lr.start) + lr.skipped, Terminated: true}
			if lr.tooLong {
				l.Text, l.TooLong = nil, true
			}
			lr.start, lr.scanned, lr.skipped, lr.tooLong = e+1, 0, 0, false
			return l, nil
		}
		lr.scanned = lr.end - lr.start
		if lr.eof {
			if lr.start == lr.end && !lr.tooLong {
				return Line{}, io.EOF
			}
			l := Line{Text: lr.buf[lr.start:lr.end], Size: int64(lr.end-lr.start) + lr.skipped}
			if lr.tooLong {
				l.Text, l.TooLong = nil, true
			}
			lr.start, lr.scanned, lr.skipped, lr.tooLong = lr.end, 0, 0, false
			return l, nil
		}
		if err := lr.fill(); err != nil {
			return Line{}, err
		}
	}
}

// fill makes room in buf (moving the partial line to the front, growing the
// buffer up to max, or dropping an over-long line's bytes) and reads more.
func (lr *LineReader) fill() error {
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
			nb := make([]byte, min(2*len(lr.buf), lr.max+1))
			copy(nb, lr.buf[:lr.end])
			lr.buf = nb
		}
	}
	n, err := lr.r.Read(lr.buf[lr.end:])
	lr.end += n
	lr.BytesRead += int64(n)
	if err == io.EOF {
		lr.eof = true
		return nil
	}
	return err
}

// FileInode returns the file's inode number where the system has one,
// else 0. It tells a file that grew from a new file written under the same
// name.
func FileInode(fi os.FileInfo) uint64 { return inodeOf(fi) }

// MaxInputString is the longest string value ShortenJSON keeps whole: a
// write of a large file would otherwise copy the file into the calls table.
const MaxInputString = 64 << 10

// ShortenJSON returns the JSON value raw as text, except that every string
// value longer than MaxInputString bytes is cut there and ends in a marker
// saying how many bytes were dropped. The result stays valid JSON when raw
// is; raw that is not valid JSON is returned unchanged.
func ShortenJSON(raw []byte) string {
	if len(raw) <= MaxInputString+2 {
		return string(raw)
	}
	var v any
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	if d.Decode(&v) != nil {
		return string(raw)
	}
	v = shortenValue(v)
	out, err := json.Marshal(v)
	if err != nil {
		return string(raw)
	}
	return string(out)
}

// ShortenJSONKeepHTML is ShortenJSON for readers whose input_json keeps
// <, > and & as written (ShortenJSON's output escapes them as \u003c …):
// it returns raw itself when no string needs cutting or raw is not valid
// JSON, else the cut value re-encoded without HTML escaping.
func ShortenJSONKeepHTML(raw []byte) []byte {
	if len(raw) <= MaxInputString+2 {
		return raw
	}
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var v any
	if d.Decode(&v) != nil {
		return raw
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if enc.Encode(shortenValue(v)) != nil {
		return raw
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

func shortenValue(v any) any {
	switch x := v.(type) {
	case string:
		return ShortenString(x)
	case []any:
		for i := range x {
			x[i] = shortenValue(x[i])
		}
	case map[string]any:
		for k := range x {
			x[k] = shortenValue(x[k])
		}
	}
	return v
}

// ShortenString cuts s to MaxInputString bytes (on a character boundary)
// and appends a marker with the count of bytes dropped; shorter strings
// are returned as they are.
func ShortenString(s string) string {
	if len(s) <= MaxInputString {
		return s
	}
	cut := MaxInputString
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + " [permsim: cut " + strconv.Itoa(len(s)-cut) + " bytes]"
}

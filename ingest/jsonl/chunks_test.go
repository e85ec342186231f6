package jsonl

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"testing"
	"testing/iotest"
)

// nextLine is how readFile read lines before chunkLines, and the
// oracle of its tests: it reads one line (without its newline). size counts the bytes
// consumed, newline included; a line longer than max is consumed but its
// text dropped.
func nextLine(br *bufio.Reader, max int) (text []byte, size int64, terminated, tooLong bool, err error) {
	for {
		chunk, e := br.ReadSlice('\n')
		if e == nil && size == 0 && len(chunk) <= max+1 {
			// The whole line in the buffer (the common case): no copy.
			// It is valid until the next read, and the rows keep none of it.
			return bytes.TrimRight(chunk, "\r\n"), int64(len(chunk)), true, false, nil
		}
		size += int64(len(chunk))
		if !tooLong {
			if len(text)+len(chunk) > max+1 {
				tooLong, text = true, nil
			} else {
				text = append(text, chunk...)
			}
		}
		switch {
		case e == nil:
			return bytes.TrimRight(text, "\r\n"), size, true, tooLong, nil
		case errors.Is(e, bufio.ErrBufferFull):
			continue
		default:
			return text, size, false, tooLong, e
		}
	}
}

// lineResult is what a line reader returned for one line.
type lineResult struct {
	text                string
	size                int64
	terminated, tooLong bool
	err                 string
}

// readAll returns every line next gives, up to and including the first
// error.
func readAll(next func() ([]byte, int64, bool, bool, error)) []lineResult {
	var out []lineResult
	for {
		text, size, terminated, tooLong, err := next()
		r := lineResult{text: string(text), size: size, terminated: terminated, tooLong: tooLong}
		if err != nil {
			r.err = err.Error()
		}
		out = append(out, r)
		if err != nil {
			return out
		}
	}
}

// checkChunkLines: chunkLines gives the lines nextLine over a
// bufio.Reader gives, for chunk sizes and line limits small enough that
// refills, growing chunks and dropped lines all happen, over a stream
// handing out one byte at a time and over a stream failing half way.
func checkChunkLines(t *testing.T, data []byte, max, size int) {
	t.Helper()
	if max < 1 || size < 16 {
		return
	}
	readers := map[string]func() io.Reader{
		"whole":    func() io.Reader { return bytes.NewReader(data) },
		"one byte": func() io.Reader { return iotest.OneByteReader(bytes.NewReader(data)) },
		"failing": func() io.Reader {
			return io.MultiReader(bytes.NewReader(data[:len(data)/2]), iotest.ErrReader(errors.New("disk on fire")))
		},
	}
	for name, r := range readers {
		br := bufio.NewReaderSize(r(), 16)
		want := readAll(func() ([]byte, int64, bool, bool, error) { return nextLine(br, max) })
		c := newChunkLines(r(), max)
		c.size = size
		var kept [][]byte
		var keptWant []string
		got := readAll(func() ([]byte, int64, bool, bool, error) {
			text, n, term, long, err := c.next()
			kept, keptWant = append(kept, text), append(keptWant, string(text))
			return text, n, term, long, err
		})
		if len(got) != len(want) {
			t.Fatalf("%s, max %d, chunk %d, %q: %d lines, bufio %d\n%v\n%v", name, max, size, data, len(got), len(want), got, want)
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("%s, max %d, chunk %d, %q: line %d is %+v, bufio %+v", name, max, size, data, i, got[i], want[i])
			}
		}
		// The lines handed out are never written again.
		for i := range kept {
			if string(kept[i]) != keptWant[i] {
				t.Fatalf("%s, max %d, chunk %d, %q: line %d changed after it was handed out: %q, was %q", name, max, size, data, i, kept[i], keptWant[i])
			}
		}
	}
}

var chunkCases = []string{
	"", "\n", "a", "a\n", "a\nb", "a\r\n\r\nb\r", "abc\r\r\n",
	"short\n" + string(bytes.Repeat([]byte("x"), 40)) + "\nshort\n",
	string(bytes.Repeat([]byte("y"), 100)),
	string(bytes.Repeat([]byte("0123456789\n"), 30)),
	"aaaaaaaaa\nbbbbbbbbbb\ncccccccccccc\n" + string(bytes.Repeat([]byte("z"), 33)),
}

func TestChunkLinesMatchesBufio(t *testing.T) {
	for _, c := range chunkCases {
		for _, max := range []int{1, 5, 9, 10, 11, 12, 32, 1000} {
			for _, size := range []int{16, 17, 64, 4096} {
				checkChunkLines(t, []byte(c), max, size)
			}
		}
	}
}

// FuzzChunkLines: any stream, limit and chunk size give the lines bufio
// gives.
func FuzzChunkLines(f *testing.F) {
	for _, c := range chunkCases {
		f.Add([]byte(c), 10, 16)
	}
	f.Fuzz(func(t *testing.T, data []byte, max, size int) {
		if max > 1<<12 || size > 1<<12 {
			return
		}
		checkChunkLines(t, data, max, size)
	})
}

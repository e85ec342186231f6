package ingest

import (
	"encoding/json"
	"io"
	"strings"
	"testing"
)

// TestLineReader checks line splitting across buffer refills, the
// over-long line handed out as TooLong with its size counted, and the
// unterminated last line.
func TestLineReader(t *testing.T) {
	long := strings.Repeat("x", 40)
	in := "a\n" + long + "\nbb\n\ncc"
	lr := NewLineReader(iotestOneByte(strings.NewReader(in)), 16)
	type got struct {
		text       string
		size       int64
		terminated bool
		tooLong    bool
	}
	want := []got{{"a", 2, true, false}, {"", 41, true, true}, {"bb", 3, true, false}, {"", 1, true, false}, {"cc", 2, false, false}}
	for i, w := range want {
		l, err := lr.Next()
		if err != nil {
			t.Fatalf("line %d: %v", i, err)
		}
		g := got{string(l.Text), l.Size, l.Terminated, l.TooLong}
		if g != w {
			t.Errorf("line %d: %+v, want %+v", i, g, w)
		}
	}
	if _, err := lr.Next(); err != io.EOF {
		t.Errorf("after the last line: %v, want EOF", err)
	}
	if lr.BytesRead != int64(len(in)) {
		t.Errorf("Read %d, want %d", lr.BytesRead, len(in))
	}
}

// iotestOneByte hands out one byte per Read, to force a refill at every
// position.
func iotestOneByte(r io.Reader) io.Reader { return oneByte{r} }

type oneByte struct{ r io.Reader }

func (o oneByte) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	return o.r.Read(p[:1])
}

// TestShortenJSON: a string longer than MaxInputString "is cut there and
// ends in a marker saying how many bytes were dropped. The result stays
// valid JSON".
func TestShortenJSON(t *testing.T) {
	small := `{"command":"ls"}`
	if got := ShortenJSON([]byte(small)); got != small {
		t.Errorf("small input changed: %s", got)
	}
	big := strings.Repeat("é", MaxInputString) // 2 bytes each
	raw, _ := json.Marshal(map[string]any{"file_path": "/x", "content": big, "n": 3})
	out := ShortenJSON(raw)
	var v map[string]any
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("not valid JSON: %v", err)
	}
	c := v["content"].(string)
	if !strings.HasSuffix(c, " [permsim: cut 65536 bytes]") || !strings.HasPrefix(c, "éé") || v["file_path"] != "/x" || v["n"] != 3.0 {
		t.Errorf("content %q… (len %d), file_path %v, n %v", c[:8], len(c), v["file_path"], v["n"])
	}
	if bad := `{"a":"` + strings.Repeat("x", MaxInputString+10); ShortenJSON([]byte(bad)) != bad {
		t.Error("invalid JSON was changed")
	}
}

// TestShortenJSONKeepHTML checks its promise that it "returns raw itself
// when no string needs cutting or raw is not valid JSON, else the cut
// value re-encoded without HTML escaping".
func TestShortenJSONKeepHTML(t *testing.T) {
	cases := []struct {
		name, raw string
		cut       bool
	}{
		{"short", `{"a":"<b>&"}`, false},
		{"invalid", `{"a":"` + strings.Repeat("x", MaxInputString+10), false},
		{"long", `{"cmd":"a < b && c > d","content":"` + strings.Repeat("x", MaxInputString+10) + `"}`, true},
	}
	for _, c := range cases {
		out := string(ShortenJSONKeepHTML([]byte(c.raw)))
		if !c.cut {
			if out != c.raw {
				t.Errorf("%s: changed to %.80q", c.name, out)
			}
			continue
		}
		if !strings.Contains(out, `"cmd":"a < b && c > d"`) || strings.Contains(out, `\u003c`) {
			t.Errorf("%s: HTML characters not kept: %.80q", c.name, out)
		}
		if !strings.Contains(out, "[permsim: cut 10 bytes]") || len(out) > MaxInputString+100 {
			t.Errorf("%s: not cut at MaxInputString: %d bytes", c.name, len(out))
		}
	}
}

// TestLineReaderSizedToLimitedStream checks NewLineReader's promise for a
// stream known to be shorter than 64 KB (an *io.LimitedReader, as the
// transcript readers pass the rest of a file): the buffer starts at the
// stream's length plus one (at least minLineBuffer), and the lines handed
// out are the same as from the unlimited stream, the limit's cut
// included, whether the buffer grows or not.
func TestLineReaderSizedToLimitedStream(t *testing.T) {
	long := strings.Repeat("y", 3000) // longer than the smallest buffer: it must grow
	in := "a\n" + long + "\n" + "bb\n" + strings.Repeat("z", 70<<10) + "\nlast"
	for _, n := range []int64{0, 1, 2, 5, 511, 512, 513, 3003, 3005, 3006, 64 << 10, int64(len(in))} {
		limited := &io.LimitedReader{R: strings.NewReader(in), N: n}
		lr := NewLineReader(limited, 1<<20)
		wantCap := max(int(n)+1, minLineBuffer)
		if n >= 64<<10 {
			wantCap = 64 << 10
		}
		if len(lr.buf) != wantCap {
			t.Errorf("N=%d: buffer starts at %d bytes, want %d", n, len(lr.buf), wantCap)
		}
		want := NewLineReader(strings.NewReader(in[:min(int(n), len(in))]), 1<<20)
		for i := 0; ; i++ {
			g, gerr := lr.Next()
			w, werr := want.Next()
			if gerr != werr || string(g.Text) != string(w.Text) || g.Size != w.Size || g.Terminated != w.Terminated || g.TooLong != w.TooLong {
				t.Errorf("N=%d line %d: got %q %d %v %v (%v), want %q %d %v %v (%v)", n, i,
					g.Text, g.Size, g.Terminated, g.TooLong, gerr, w.Text, w.Size, w.Terminated, w.TooLong, werr)
				break
			}
			if gerr != nil {
				break
			}
		}
		if lr.BytesRead != min(n, int64(len(in))) {
			t.Errorf("N=%d: read %d bytes, want %d", n, lr.BytesRead, min(n, int64(len(in))))
		}
	}
}

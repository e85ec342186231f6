package dataset

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/apache/arrow-go/v18/parquet/compress"
)

// TestZstdPagesLongerThanTheWindow writes values whose pages are several
// times pageZstd's 1 MiB window, with repeats farther apart than it, and
// reads them back whole: the window only limits how far back a match
// reaches, never what a page may hold.
func TestZstdPagesLongerThanTheWindow(t *testing.T) {
	if c, _ := compress.GetCodec(compress.Codecs.Zstd); c == nil {
		t.Fatal("no zstd codec registered")
	} else if _, ok := c.(*pageZstd); !ok {
		t.Fatalf("zstd codec is %T, want *pageZstd", c)
	}
	type row struct {
		Text string `col:"text,unique"`
		N    int64  `col:"n"`
	}
	r := rand.New(rand.NewPCG(7, 8))
	chunk := make([]byte, 1<<20)
	for i := range chunk {
		chunk[i] = byte('a' + r.IntN(26))
	}
	big := string(chunk) + string(chunk) + string(chunk[:500_000]) // repeats 1 MiB back
	dir := t.TempDir()
	w, err := Create[row](dir, "t", Options{RowGroupRows: 4})
	if err != nil {
		t.Fatal(err)
	}
	want := []row{{big, 1}, {"small", 2}, {big[1:], 3}, {"", 4}, {big[:2<<20], 5}}
	for _, x := range want {
		if err := w.Write(x); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	got := readAll[row](t, dir, "t")
	if len(got) != len(want) {
		t.Fatalf("%d rows, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i].N != want[i].N || got[i].Text != want[i].Text {
			t.Errorf("row %d: n %d, %d bytes; want n %d, %d bytes", i, got[i].N, len(got[i].Text), want[i].N, len(want[i].Text))
		}
	}
}

// TestZstdEncodeOwnsItsResult: arrow-go's page writers give EncodeLevel no
// room (CompressBound is 0) and use the frame after the call; the frame
// must stay whole while other writers, on other goroutines, compress pages
// of their own through the same codec.
func TestZstdEncodeOwnsItsResult(t *testing.T) {
	c, _ := compress.GetCodec(compress.Codecs.Zstd)
	if c.CompressBound(1<<20) != 0 {
		t.Fatalf("CompressBound = %d, want 0", c.CompressBound(1<<20))
	}
	page := func(seed uint64) []byte {
		r := rand.New(rand.NewPCG(seed, seed))
		b := make([]byte, 200_000)
		for i := range b {
			b[i] = byte('a' + r.IntN(4))
		}
		return b
	}
	done := make(chan error)
	for g := range 4 {
		go func() {
			src := page(uint64(g))
			var err error
			for range 20 {
				frame := c.EncodeLevel(nil, src, 1)
				// Another goroutine's EncodeLevel runs between the
				// call and this use of its result.
				got, derr := compress.Decode(c, make([]byte, len(src)), frame)
				if derr != nil || string(got) != string(src) {
					err = fmt.Errorf("goroutine %d: page not restored (%v)", g, derr)
					break
				}
			}
			done <- err
		}()
	}
	for range 4 {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}

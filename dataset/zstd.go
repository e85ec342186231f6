package dataset

import (
	"io"
	"runtime"
	"sync"

	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/klauspost/compress/zstd"
)

// zstdWindow is the match window of the pages the writers compress. A
// Parquet data page is at most about 1 MiB, so a longer window finds
// nothing more; arrow-go's own codec uses zstd's default of 8 MiB, and
// each of its encoders allocates (and clears) a 16 MiB history on first use.
const zstdWindow = 1 << 20

// pageZstd is the zstd codec the Parquet writers of this process use in
// place of arrow-go's. arrow-go keeps its encoders in a sync.Pool, which
// every garbage collection empties: under the soft memory limit of
// `permsim ingest` (64 MiB) collections are frequent, so almost every
// column chunk built a new encoder, and with it the 16 MiB history — on
// 1 GB of Claude Code transcripts (58,895 calls, cmd/permsim-bench) that
// allocation, its clearing and the runtime returning the freed pages to the
// OS were half of ingest's CPU time. Here each level has one encoder,
// created once, with a 1 MiB window and as many concurrent streams as
// there are cores. The frames are ordinary zstd: every reader, DuckDB
// included, reads them as before.
type pageZstd struct {
	compress.Codec // arrow-go's codec: decoding and the streaming writers

	mu      sync.Mutex
	enc     map[zstd.EncoderLevel]*zstd.Encoder
	scratch [][]byte // output buffers of EncodeLevel, at most zstdScratchKeep
}

// zstdScratchKeep and zstdScratchMax bound the output buffers pageZstd
// keeps: two (the calls writer is one goroutine), each at most 4 MiB.
const (
	zstdScratchKeep = 2
	zstdScratchMax  = 4 << 20
)

// CompressBound is what arrow-go's page writer grows its compression buffer
// to before EncodeLevel: 0, so that it allocates none. That buffer is a
// fresh bytes.Buffer for every column chunk (each column writer has its
// own), grown to more than the page's uncompressed size and zeroed: on 1 GB
// of transcripts at real call density (102,562 calls, 37 columns × 52 row
// groups) that was a fifth of the write's allocation, and under ingest's
// 64 MiB limit each large allocation also made the runtime return pages to
// the OS and fault them in again. EncodeLevel compresses into a reused
// buffer instead and returns an exact-size copy.
func (z *pageZstd) CompressBound(int64) int64 { return 0 }

func (z *pageZstd) encoder(level int) *zstd.Encoder {
	l := zstd.SpeedDefault
	if level != compress.DefaultCompressionLevel {
		l = zstd.EncoderLevelFromZstd(level)
	}
	z.mu.Lock()
	defer z.mu.Unlock()
	if e := z.enc[l]; e != nil {
		return e
	}
	e, err := zstd.NewWriter(nil, zstd.WithZeroFrames(true), zstd.WithEncoderLevel(l),
		zstd.WithEncoderConcurrency(runtime.GOMAXPROCS(0)), zstd.WithWindowSize(zstdWindow),
		zstd.WithAllLitEntropyCompression(true), zstd.WithLowerEncoderMem(true))
	if err != nil {
		// The options above are constants zstd accepts; should a later
		// version refuse one, arrow-go's own codec still works.
		return nil
	}
	z.enc[l] = e
	return e
}

func (z *pageZstd) Encode(dst, src []byte) []byte {
	return z.EncodeLevel(dst, src, compress.DefaultCompressionLevel)
}

func (z *pageZstd) EncodeLevel(dst, src []byte, level int) []byte {
	e := z.encoder(level)
	if e == nil {
		return z.Codec.EncodeLevel(dst, src, level)
	}
	if cap(dst) > 0 {
		return e.EncodeAll(src, dst[:0])
	}
	// The page writer gave no room (CompressBound): compress into a kept
	// buffer and return a copy of the frame, which is a fraction of the page.
	// The copy is the caller's: arrow-go holds the result past this call
	// (it copies or writes it right after), so a kept buffer cannot be
	// returned itself while other goroutines' writers may take it.
	buf := z.takeScratch(int(z.Codec.CompressBound(int64(len(src)))))
	buf = e.EncodeAll(src, buf[:0])
	out := make([]byte, len(buf))
	copy(out, buf)
	z.putScratch(buf)
	return out
}

// takeScratch returns a kept output buffer, or a new one of capacity n.
func (z *pageZstd) takeScratch(n int) []byte {
	z.mu.Lock()
	defer z.mu.Unlock()
	for i := len(z.scratch) - 1; i >= 0; i-- {
		if b := z.scratch[i]; cap(b) >= n {
			z.scratch[i] = z.scratch[len(z.scratch)-1]
			z.scratch = z.scratch[:len(z.scratch)-1]
			return b
		}
	}
	if n > zstdScratchMax {
		return make([]byte, 0, n)
	}
	// At least 64 KiB: the small pages of most columns then share one
	// buffer instead of each making its own.
	return make([]byte, 0, max(n, 64<<10))
}

// putScratch keeps b for the next EncodeLevel, within the bounds.
func (z *pageZstd) putScratch(b []byte) {
	if cap(b) > zstdScratchMax {
		return
	}
	z.mu.Lock()
	defer z.mu.Unlock()
	if len(z.scratch) < zstdScratchKeep {
		z.scratch = append(z.scratch, b[:0])
		return
	}
	// Full: replace the smallest kept buffer if b is larger.
	small := 0
	for i, k := range z.scratch {
		if cap(k) < cap(z.scratch[small]) {
			small = i
		}
	}
	if cap(b) > cap(z.scratch[small]) {
		z.scratch[small] = b[:0]
	}
}

// The decoding and streaming methods are arrow-go's own (its codec has them
// all; the reader asks for DecodeWithError, to fail on a corrupt page
// instead of panicking).

func (z *pageZstd) DecodeWithError(dst, src []byte) ([]byte, error) {
	return compress.Decode(z.Codec, dst, src)
}

func (z *pageZstd) NewReader(r io.Reader) io.ReadCloser {
	return z.Codec.(compress.StreamingCodec).NewReader(r)
}

func (z *pageZstd) NewWriter(w io.Writer) io.WriteCloser {
	return z.Codec.(compress.StreamingCodec).NewWriter(w)
}

func (z *pageZstd) NewWriterLevel(w io.Writer, level int) (io.WriteCloser, error) {
	return z.Codec.(compress.StreamingCodec).NewWriterLevel(w, level)
}

func init() {
	c, err := compress.GetCodec(compress.Codecs.Zstd)
	if _, ok := c.(interface {
		compress.ErrorCodec
		compress.StreamingCodec
	}); err != nil || !ok {
		return // an arrow-go whose codec lacks these: keep it as it is
	}
	compress.RegisterCodec(compress.Codecs.Zstd, &pageZstd{Codec: c, enc: map[zstd.EncoderLevel]*zstd.Encoder{}})
}

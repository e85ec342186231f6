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

	mu  sync.Mutex
	enc map[zstd.EncoderLevel]*zstd.Encoder
}

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
	return e.EncodeAll(src, dst[:0])
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

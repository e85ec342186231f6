package codex

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"testing"

	"github.com/klauspost/compress/zstd"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/heappeak"
)

// TestMemoryFlatInCallsPerFile is issue 15's "ingest peak memory ≤ 64 MiB
// whatever the input: … number of calls per file (1M and 10M)", and its
// finding that "a 5 MB .jsonl.zst holding 4M calls runs ingest out of
// memory (no manifest is saved, so every nightly run dies the same way)":
// it ingests one .jsonl.zst rollout of n calls at two sizes ten times apart
// under a 64 MiB memory limit, and fails if the peak live heap passes the
// bound or grows with n, if a call is lost, or if no manifest is saved. It
// times nothing.
//
// make test runs 20k against 200k calls; PERMSIM_SCALE_10M=1 runs the
// issue's 1M against 10M (minutes on 2 cores).
func TestMemoryFlatInCallsPerFile(t *testing.T) {
	small, large := 20_000, 200_000
	if os.Getenv("PERMSIM_SCALE_10M") != "" {
		small, large = 1_000_000, 10_000_000
	} else if testing.Short() {
		t.Skip("writes and ingests rollouts of 220k calls; PERMSIM_SCALE_10M=1 for 1M and 10M")
	}
	const bound = 64 << 20
	old := debug.SetMemoryLimit(bound)
	defer debug.SetMemoryLimit(old)

	peaks := heappeak.Lowest(1, []int{small, large}, func(n int) []uint64 {
		dir := t.TempDir()
		home := filepath.Join(dir, "home")
		path := filepath.Join(home, ".codex", "sessions", "2026", "05", "01", "rollout-2026-05-01T10-00-00-big.jsonl.zst")
		size := writeZstdRollout(t, path, n)
		out := filepath.Join(dir, "out")
		var sum ingest.Summary
		peak, err := heappeak.During(func() error {
			var err error
			sum, err = ingest.Run(context.Background(), ingest.Options{Homes: []string{home}, OutDir: out}, []ingest.Source{New()})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		if got := sum.Calls["codex"]; got != n {
			t.Fatalf("%d calls: ingest wrote %d (%v; problems: %v), want every one", n, got, sum.Calls, sum.Problems)
		}
		if _, err := os.Stat(filepath.Join(out, "manifest.json")); err != nil {
			t.Fatalf("%d calls: no manifest saved: %v", n, err)
		}
		t.Logf("%d calls in one .jsonl.zst of %.1f MB: ingest peak live heap %.1f MiB", n, float64(size)/1e6, float64(peak)/(1<<20))
		return []uint64{peak}
	})
	a, b := peaks[0][0], peaks[1][0]
	if b > bound {
		t.Errorf("ingest of %d calls in one file: peak heap %.1f MiB, over the issue's 64 MiB", large, float64(b)/(1<<20))
	}
	if heappeak.Grows(a, b, 8<<20) {
		t.Errorf("peak heap grows with the calls in a file: %.1f MiB at %d calls, %.1f MiB at %d", float64(a)/(1<<20), small, float64(b)/(1<<20), large)
	}
}

// writeZstdRollout streams a rollout of n exec_command calls, each with
// its output, compressed as Codex writes archived sessions (.jsonl.zst),
// and returns the compressed size. Commands repeat every 1,000 calls, as
// the 5 MB file of 4M calls must have; a call takes under 400
// bytes, so 10M calls stay under the 4 GB a compressed rollout may expand
// to (past it the reader reports the file and skips the rest: a zstd bomb).
func writeZstdRollout(t *testing.T, path string, n int) int64 {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	enc, err := zstd.NewWriter(f, zstd.WithEncoderLevel(zstd.SpeedFastest))
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriterSize(enc, 1<<16)
	w.WriteString(sessionMeta("2026-05-01T10:00:00.000Z", "big", "/w/proj"))
	w.WriteString(turnContext("2026-05-01T10:00:00.100Z", "on-request", "workspace-write"))
	for i := range n {
		ts := fmt.Sprintf("2026-05-01T%02d:%02d:%02d.%03dZ", 10+i/3_600_000%14, i/60_000%60, i/1000%60, i%1000)
		fmt.Fprintf(w, `{"timestamp":%q,"type":"response_item","payload":{"type":"function_call","name":"exec_command","arguments":"{\"cmd\":\"echo %d\",\"workdir\":\"/w/proj\"}","call_id":"call_%d"}}`+"\n", ts, i%1000, i)
		fmt.Fprintf(w, `{"timestamp":%q,"type":"response_item","payload":{"type":"function_call_output","call_id":"call_%d","output":"Process exited with code 0\nOutput:\n%d\n"}}`+"\n", ts, i, i%1000)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := enc.Close(); err != nil {
		t.Fatal(err)
	}
	st, err := f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return st.Size()
}

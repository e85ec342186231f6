package replay_test

import (
	"context"
	"os"
	"path/filepath"
	"runtime/debug"
	"testing"

	"github.com/permsim/permsim/dataset"
	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/ingest/jsonl"
	"github.com/permsim/permsim/internal/heappeak"
	"github.com/permsim/permsim/internal/transcriptgen"
	"github.com/permsim/permsim/registry"
	"github.com/permsim/permsim/replay"
)

// The issue's memory targets (issue 15): "ingest peak memory ≤ 64 MiB
// whatever the input … number of calls per file (1M and 10M)" and "replay
// … peak memory ≤ 128 MiB whatever the number of calls". The test ingests
// and replays a generated import file of n calls at two sizes ten times
// apart and fails if the peak heap of either stage passes its bound or grows
// with n. It times nothing.
//
// make test runs 80k against 240k calls: at 40k replay's bounded caches
// were not yet full (live heap 43-47 MiB at 40k, 52-64 MiB at 120k, about
// 54 MiB at both 80k and 240k), so 40k against 120k measured the caches
// filling, not growth, and failed now and then.
//
// PERMSIM_SCALE_1M=1 runs the 1M calls against 3M (about two
// minutes on 2 cores). It ran 100k against 1M until the report summary's
// counts went to disk: then 1M held 52-60 MiB live to 100k's 37-45, and one
// run in three failed, though every table was bounded — the decisions
// writer's 8 MiB of row groups, the 1 MiB of counts each table holds, and
// the dedupe pass's Bloom filter are not full at 100k calls. 1M against
// 3M measures past every bound, where anything still growing with the
// calls shows (the counts held in memory did: 37 -> 72 MiB from 100k to
// 1M).
func TestMemoryFlatInCalls(t *testing.T) {
	small, large := 80_000, 240_000
	if os.Getenv("PERMSIM_SCALE_1M") != "" {
		small, large = 1_000_000, 3_000_000
	} else if testing.Short() {
		t.Skip("generates and ingests 320k calls; PERMSIM_SCALE_1M=1 for the 1M-call run")
	}
	const (
		ingestBound = 64 << 20
		replayBound = 128 << 20
	)
	// The limit makes the collector work to stay under the bound (as a
	// user would set GOMEMLIMIT); the check below is on the live heap, what
	// the collector could not free, sampled while each stage runs.
	old := debug.SetMemoryLimit(ingestBound)
	defer debug.SetMemoryLimit(old)

	// Each size runs twice and the lower peak of each stage is kept: a
	// single peak varies by several MiB with the moment the collector ran
	// (80k calls once gave ingest 21.7 MiB where it gives 26 MiB).
	peaks := heappeak.Lowest(2, []int{small, large}, func(n int) []uint64 {
		var got [2]uint64 // ingest, replay
		dir := t.TempDir()
		file := filepath.Join(dir, "calls.jsonl")
		if err := transcriptgen.WriteCalls(file, n, 15); err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, "out")
		home := filepath.Join(dir, "home")
		if err := os.MkdirAll(home, 0o755); err != nil {
			t.Fatal(err)
		}

		debug.SetMemoryLimit(ingestBound)
		var sum ingest.Summary
		got[0] = peakHeap(t, func() error {
			var err error
			sum, err = ingest.Run(context.Background(), ingest.Options{Homes: []string{home}, OutDir: out}, []ingest.Source{jsonl.New(file)})
			return err
		})
		if got := sum.Calls["codey"] + sum.Calls["claude-code"]; got != n {
			t.Fatalf("%d calls: ingest wrote %d (%v), want every one", n, got, sum.Calls)
		}
		if _, err := os.Stat(filepath.Join(out, "manifest.json")); err != nil {
			t.Fatalf("%d calls: no manifest saved: %v", n, err)
		}

		debug.SetMemoryLimit(replayBound)
		var rs replay.Summary
		got[1] = peakHeap(t, func() error {
			var err error
			rs, err = replay.Run(context.Background(), out, replay.Options{Home: home}, registry.Simulators(registry.SimOptions{}))
			return err
		})
		if rs.Calls != n {
			t.Fatalf("%d calls: replay decided %d (skipped %v), want every one", n, rs.Calls, rs.Skipped)
		}
		decided := 0
		if err := dataset.Read(out, replay.DecisionsTable, func(replay.DecisionRow) error { decided++; return nil }); err != nil {
			t.Fatal(err)
		}
		if decided != n {
			t.Fatalf("%d calls: %d rows in the decisions table, want %d", n, decided, n)
		}
		t.Logf("%d calls: ingest peak live heap %.1f MiB, replay %.1f MiB", n, mib(got[0]), mib(got[1]))
		return got[:]
	})
	for s, name := range []string{"ingest", "replay"} {
		bound := uint64(ingestBound)
		if s == 1 {
			bound = replayBound
		}
		if p := peaks[1][s]; p > bound {
			t.Errorf("%s of %d calls: peak heap %.1f MiB, over the issue's %.0f MiB", name, large, mib(p), mib(bound))
		}
		// More calls may cost a little more (a fuller dedupe pass, a
		// different moment of collection) but never in proportion.
		if a, b := peaks[0][s], peaks[1][s]; heappeak.Grows(a, b, 8<<20) {
			t.Errorf("%s: peak heap grows with the calls: %.1f MiB at %d calls, %.1f MiB at %d", name, mib(a), small, mib(b), large)
		}
	}
}

func mib(n uint64) float64 { return float64(n) / (1 << 20) }

// peakHeap runs fn and returns the highest live heap sampled while it ran
// (heappeak.During).
func peakHeap(t *testing.T, fn func() error) uint64 {
	t.Helper()
	peak, err := heappeak.During(fn)
	if err != nil {
		t.Fatal(err)
	}
	return peak
}

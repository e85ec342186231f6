package claude_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/ingest/claude"
	"github.com/permsim/permsim/internal/heappeak"
)

// TestMemoryInFiles is issue 15's "ingest peak memory ≤ 64 MiB whatever
// the input: … number of files": it ingests homes of n small Claude Code
// transcripts at three sizes under a 64 MiB memory limit, each three
// times over (a first run; a run with nothing new, which looks every file
// up in the manifest and rewrites it; a run after every file grew by a
// line, which reads them all on from their manifest entries), and fails
// if a peak live heap passes the bound, or grows from the smallest size
// to a larger by more than a quarter, a fixed slack and 64 bytes a file
// (see perFile), or if a file is lost.
// It times nothing.
//
// The sessions hold a prompt and an answer but no tool call: what grows
// with the calls (the writer's row buffers, the window of call keys a run
// dedupes over) is bounded on its own and checked by the calls tests
// (replay's TestMemoryFlatInCalls, ingest/codex's
// TestMemoryFlatInCallsPerFile); with a call per file those filled up
// between the sizes and hid what a file costs. make test runs 1,000,
// 3,000 and 10,000 files; PERMSIM_SCALE_FILES=1 runs 10,000, 50,000 and
// 100,000, and PERMSIM_SCALE_FILES=N (a number over 100,000) 10,000,
// 100,000 and N.
func TestMemoryInFiles(t *testing.T) {
	sizes := []int{1_000, 3_000, 10_000}
	if env := os.Getenv("PERMSIM_SCALE_FILES"); env != "" {
		sizes = []int{10_000, 50_000, 100_000}
		if n, err := strconv.Atoi(env); err == nil && n > 100_000 {
			sizes = []int{10_000, 100_000, n}
		}
	} else if testing.Short() {
		t.Skip("writes and ingests 14,000 transcripts; PERMSIM_SCALE_FILES=1 for 100,000")
	}
	const (
		bound = 64 << 20
		// perFile is what may grow with the files: the manifest's sparse
		// index keeps one entry's key (~110 bytes here) in 64, 2 bytes a
		// file; 64 leaves room for the transient peaks below and is a
		// fourteenth of what a file cost before issue 15's streaming
		// manifest (0.6–0.9 KB measured, 1.5 KB allowed): the manifest,
		// the listing and the groups were held.
		perFile = 64
		// slack is what a small home does not fill of the run's fixed
		// buffers (the manifest sorter's 1 MiB of new states, the window
		// of 256 groups read ahead) and the moment of collection: the
		// sampled live heap counts what the readers allocate while a
		// collection marks (a 64 KiB line buffer per file), so a longer run
		// on a loaded machine catches a higher peak. Measured at load 10
		// (lowest of three): first run 8.0, 18.5 and 17.0 MiB at 10,000,
		// 50,000 and 100,000 files, while a heap profile after a forced
		// collection at file 40,000 of 50,000 holds 2.2 MB in all. Under
		// go test ./... on two cores (the fresh-clone .ci/run, other test
		// binaries beside this one) the lowest of six rounds was 3.2 MiB at
		// 1,000 files and 14.1 at 10,000 (alone: 2–8 against 9–12, on this
		// and the previous session's code alike), past 8 MiB of slack in
		// two of five runs: 12 MiB. At the default sizes that still fails a
		// file costing 1.4 KB (9,000 more files); PERMSIM_SCALE_FILES=1
		// (90,000 more) catches the 0.6–0.9 KB a file cost before issue 15.
		// Since the readers size their three per-file buffers to a small
		// file (they were 64 KiB each), the lowest peaks are 2.7–3.0 MiB at
		// 10,000 files with four other test processes on the two cores
		// (9.6–15.5 before, the same runs): less allocated while a
		// collection marks.
		slack = 12 << 20
	)
	old := debug.SetMemoryLimit(bound)
	defer debug.SetMemoryLimit(old)
	stages := []string{"first run", "nothing new", "every file grew"}

	// Each size is ingested three times and the lowest peak kept: a single
	// peak varies with the moment the collector ran, and on a busy machine
	// (a slow mark phase counts everything allocated during it as live) the
	// lower of two runs still varied from 15 to 33 MiB at 10,000 files.
	// Under go test ./... on two cores the lowest of three was once 18.7
	// MiB at 10,000 files against 7.6 at 1,000 (alone: 9–12 against 2–8),
	// so up to three more rounds are measured while the check fails
	// (heappeak.LowestUntil): a growth in the files stays in every round.
	flat := func(peaks [][]uint64) bool {
		for i, n := range sizes {
			for s := range stages {
				if heappeak.Grows(peaks[0][s], peaks[i][s], uint64(n-sizes[0])*perFile+slack) {
					return false
				}
			}
		}
		return true
	}
	peaks := heappeak.LowestUntil(3, 3, sizes, func(n int) []uint64 {
		dir := t.TempDir()
		home := filepath.Join(dir, "home")
		writeSmallSessions(t, home, n)
		out := filepath.Join(dir, "out")
		var got []uint64
		for stage, name := range stages {
			if stage == 2 {
				growSessions(t, home, n)
			}
			var sum ingest.Summary
			peak, err := heappeak.During(func() error {
				var err error
				sum, err = ingest.Run(context.Background(), ingest.Options{Homes: []string{home}, OutDir: out}, []ingest.Source{claude.New()})
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			read, skipped := n, 0
			if stage == 1 {
				read, skipped = 0, n
			}
			if sum.Files != read || sum.FilesSkippedUnchanged != skipped || sum.ProblemCount != 0 {
				t.Fatalf("%d files, %s: ingest read %d and skipped %d, want %d and %d (problems: %v)", n, name, sum.Files, sum.FilesSkippedUnchanged, read, skipped, sum.Problems)
			}
			m, err := os.ReadFile(filepath.Join(out, ingest.ManifestName))
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Count(string(m), `"path":`); got != n {
				t.Fatalf("%d files, %s: the manifest holds %d", n, name, got)
			}
			t.Logf("%d files, %s: ingest peak live heap %.1f MiB", n, name, float64(peak)/(1<<20))
			got = append(got, peak)
		}
		return got
	}, flat)
	for i, n := range sizes {
		for s, name := range stages {
			if b := peaks[i][s]; b > bound {
				t.Errorf("ingest of %d files, %s: peak heap %.1f MiB, over the issue's 64 MiB", n, name, float64(b)/(1<<20))
			}
			if a, b := peaks[0][s], peaks[i][s]; heappeak.Grows(a, b, uint64(n-sizes[0])*perFile+slack) {
				t.Errorf("%s: peak heap grows with the files: %.1f MiB at %d files, %.1f MiB at %d", name, float64(a)/(1<<20), sizes[0], float64(b)/(1<<20), n)
			}
		}
	}
}

// growSessions appends a line to each of the n sessions writeSmallSessions
// wrote.
func growSessions(t *testing.T, home string, n int) {
	t.Helper()
	const line = `{"parentUuid":"a-%[2]d","cwd":"/home/dev/p%[1]d","sessionId":"s-%[2]d","version":"2.1.62","type":"user","message":{"role":"user","content":"thanks"},"uuid":"v-%[2]d","timestamp":"2026-03-14T09:01:00.000Z","permissionMode":"default"}
`
	for i := range n {
		p := filepath.Join(home, ".claude", "projects", fmt.Sprintf("-home-dev-p%d", i%100), fmt.Sprintf("s-%d.jsonl", i))
		f, err := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		_, err = fmt.Fprintf(f, line, i%100, i)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

// writeSmallSessions writes n short sessions (a prompt and an answer),
// spread over 100 project folders: the shape of a home that has kept every
// session for years.
func writeSmallSessions(t *testing.T, home string, n int) {
	t.Helper()
	const line = `{"parentUuid":null,"cwd":"/home/dev/p%[1]d","sessionId":"s-%[2]d","version":"2.1.62","type":"user","message":{"role":"user","content":"what does this project do?"},"uuid":"u-%[2]d","timestamp":"2026-03-14T09:00:03.000Z","permissionMode":"default"}
{"parentUuid":"u-%[2]d","cwd":"/home/dev/p%[1]d","sessionId":"s-%[2]d","version":"2.1.62","type":"assistant","message":{"role":"assistant","model":"claude-sonnet-4-6","content":[{"type":"text","text":"It simulates permission rules."}]},"uuid":"a-%[2]d","timestamp":"2026-03-14T09:00:04.000Z"}
`
	for i := range n {
		dir := filepath.Join(home, ".claude", "projects", fmt.Sprintf("-home-dev-p%d", i%100))
		if i < 100 {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("s-%d.jsonl", i)), fmt.Appendf(nil, line, i%100, i), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

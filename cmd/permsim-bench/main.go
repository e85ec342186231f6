// Command permsim-bench measures permsim's ingest (MB/s) and replay
// (calls/s) on generated Claude Code transcripts, and DuckDB's own JSON
// readers extracting the same tool calls from the same files in the same
// run, so the figures are ratios against a baseline measured alongside.
//
// It is what `make bench` runs. Sizes come from -sizes (MiB, comma-separated).
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/ingest"
	claudeingest "github.com/permsim/permsim/ingest/claude"
	"github.com/permsim/permsim/internal/transcriptgen"
	"github.com/permsim/permsim/queries"
	"github.com/permsim/permsim/registry"
	"github.com/permsim/permsim/replay"
)

var runs int

func main() {
	sizes := flag.String("sizes", "10,100", "transcript sizes to measure, in MiB (e.g. 10,100,1000)")
	flag.IntVar(&runs, "runs", 3, "runs per measurement; the best is reported")
	keep := flag.String("dir", "", "folder to generate into (default: a temp folder, removed afterwards)")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile of the whole run to this file")
	flag.Parse()
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			fmt.Fprintln(os.Stderr, "permsim-bench:", err)
			os.Exit(2)
		}
		pprof.StartCPUProfile(f)
		defer pprof.StopCPUProfile()
	}
	if err := run(*sizes, *keep); err != nil {
		fmt.Fprintln(os.Stderr, "permsim-bench:", err)
		pprof.StopCPUProfile()
		os.Exit(2)
	}
}

func run(sizes, keep string) error {
	ctx := context.Background()
	fmt.Printf("permsim bench: GOMAXPROCS=%d, %s\n", runtime.GOMAXPROCS(0), engine.Label)
	fmt.Printf("%-8s %10s %10s %12s %12s %12s %10s %10s %12s\n", "size", "calls", "ingest", "duckdb json", "duckdb ndjs", "ratio(best)", "replay", "decisions", "2nd ingest")
	for _, s := range strings.Split(sizes, ",") {
		mib, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || mib <= 0 {
			return fmt.Errorf("-sizes: %q is not a positive number of MiB", s)
		}
		dir := keep
		if dir == "" {
			if dir, err = os.MkdirTemp("", "permsim-bench-"); err != nil {
				return err
			}
			defer os.RemoveAll(dir)
		} else {
			dir = filepath.Join(dir, fmt.Sprintf("%dmib", mib))
		}
		home := filepath.Join(dir, "home")
		st, err := transcriptgen.Write(transcriptgen.Options{Dir: home, TotalBytes: int64(mib) << 20, Seed: uint64(mib)})
		if err != nil {
			return err
		}
		var paths []string
		filepath.WalkDir(home, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".jsonl") {
				paths = append(paths, p)
			}
			return nil
		})
		mb := float64(st.Bytes) / 1e6

		// Every figure is the best of -runs runs on warm files, so page
		// cache and scheduling noise do not favour whoever runs first.
		var ingestDur time.Duration
		var out string
		for r := 0; r < runs; r++ {
			out = filepath.Join(dir, fmt.Sprintf("out%d", r))
			t0 := time.Now()
			sum, err := ingest.Run(ctx, ingest.Options{Homes: []string{home}, OutDir: out}, []ingest.Source{claudeingest.New()})
			if err != nil {
				return err
			}
			if d := time.Since(t0); r == 0 || d < ingestDur {
				ingestDur = d
			}
			got := 0
			for _, n := range sum.Calls {
				got += n
			}
			if got != st.ToolCalls {
				return fmt.Errorf("%d MiB: ingest found %d calls, the generator wrote %d", mib, got, st.ToolCalls)
			}
		}
		t0 := time.Now()
		if _, err := ingest.Run(ctx, ingest.Options{Homes: []string{home}, OutDir: out}, []ingest.Source{claudeingest.New()}); err != nil {
			return err
		}
		again := time.Since(t0)

		var duck [2]time.Duration
		for i, mode := range []string{"read_json", "read_ndjson_objects"} {
			for r := 0; r < runs; r++ {
				t0 = time.Now()
				n, err := queries.ExtractToolCalls(ctx, paths, mode)
				if err != nil {
					return fmt.Errorf("duckdb %s: %w", mode, err)
				}
				if d := time.Since(t0); r == 0 || d < duck[i] {
					duck[i] = d
				}
				if n != st.ToolCalls {
					return fmt.Errorf("duckdb %s found %d calls, the generator wrote %d", mode, n, st.ToolCalls)
				}
			}
		}
		best := min(duck[0], duck[1])

		var calls []ingest.Row
		if err := ingest.ReadCalls(out, func(r ingest.Row) error { calls = append(calls, r); return nil }); err != nil {
			return err
		}
		var replayDur time.Duration
		var rows []replay.DecisionRow
		for r := 0; r < runs; r++ {
			t0 = time.Now()
			// A fresh harness each run: policies and parsed commands are
			// cached per policy, and a run must pay for its own.
			rows, _, _, err = replay.Decide(ctx, replay.Options{Home: home}, registry.Simulators(registry.SimOptions{}), calls)
			if err != nil {
				return err
			}
			if d := time.Since(t0); r == 0 || d < replayDur {
				replayDur = d
			}
		}

		fmt.Printf("%-8s %10d %7.0f MB/s %7.0f MB/s %7.0f MB/s %11.2fx %6.0f c/s %10d %10s\n",
			fmt.Sprintf("%dMiB", mib), st.ToolCalls, mb/ingestDur.Seconds(), mb/duck[0].Seconds(), mb/duck[1].Seconds(),
			best.Seconds()/ingestDur.Seconds(), float64(len(rows))/replayDur.Seconds(), len(rows), again.Round(time.Millisecond))
	}
	fmt.Printf("best of %d runs each; ratio(best) = DuckDB's faster reader time / permsim ingest time on the same files (>1: permsim is faster).\n", runs)
	fmt.Println("permsim ingest includes discovery, parsing, dedupe, the Parquet write and the manifest; DuckDB only counts the tool_use blocks.")
	return nil
}

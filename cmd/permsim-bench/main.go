// Command permsim-bench measures permsim's ingest (MB/s) against DuckDB's
// own JSON readers extracting the same tool calls from the same generated
// Claude Code transcripts in the same run, and replay (calls/s, whole
// command) on a store of generated calls, so the figures are ratios and
// bounds measured alongside each other.
//
// Every measurement runs in a child process of its own (this program,
// re-run with -child), so each reports its own wall time, CPU time (user +
// system) and peak resident memory (the kernel's maxrss), and no run
// inherits another's heap. On a shared machine CPU time is the steadier
// figure: it does not count the time other processes held the cores.
//
// It is what `make bench` runs. Sizes come from -sizes (MiB, comma-separated).
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"runtime/pprof"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/ingest"
	claudeingest "github.com/permsim/permsim/ingest/claude"
	"github.com/permsim/permsim/ingest/jsonl"
	"github.com/permsim/permsim/internal/transcriptgen"
	"github.com/permsim/permsim/queries"
	"github.com/permsim/permsim/registry"
	"github.com/permsim/permsim/replay"
)

func main() {
	sizes := flag.String("sizes", "10,100", "transcript sizes to measure, in MiB (e.g. 100,1000,10000)")
	runs := flag.Int("runs", 3, "runs per measurement; the fastest is reported")
	calls := flag.Int("calls", 1_000_000, "calls in the replay store (0: no replay measurement)")
	keep := flag.String("dir", "", "folder to generate into (default: a temp folder, removed afterwards)")
	child := flag.String("child", "", "internal: run one measured step (ingest-claude, ingest-jsonl, duckdb, replay)")
	cpuprofile := flag.String("cpuprofile", "", "with -child: write a CPU profile of the step to this file")
	memprofile := flag.String("memprofile", "", "with -child: write an allocation profile of the step to this file")
	profileName := flag.String("profile", "default", "shape of the generated transcripts: default, or realistic (record mix and sizes measured from real transcripts, internal/transcriptgen/REALISTIC.md)")
	flag.Parse()
	switch *profileName {
	case "default":
	case "realistic":
		profile = transcriptgen.Realistic
	default:
		fmt.Fprintf(os.Stderr, "permsim-bench: -profile %q: want default or realistic\n", *profileName)
		os.Exit(2)
	}
	if *memprofile != "" {
		runtime.MemProfileRate = 64 << 10
		heapAtPeak = *memprofile + ".peak"
		defer writeMemProfile(*memprofile)
	}
	if *child != "" {
		if err := runChild(*child, *cpuprofile, flag.Args()); err != nil {
			fmt.Fprintln(os.Stderr, "permsim-bench:", err)
			os.Exit(2)
		}
		return
	}
	if err := run(*sizes, *keep, *runs, *calls); err != nil {
		fmt.Fprintln(os.Stderr, "permsim-bench:", err)
		os.Exit(2)
	}
}

// profile is the shape of the generated transcripts (-profile).
var profile transcriptgen.Profile

// heapAtPeak, when set, is the file the heap profile is written to each
// time the live heap reaches a new peak (by a MiB or more): what was live
// at the step's peak.
var heapAtPeak string

// writeHeapProfile writes the heap profile of the last collection.
func writeHeapProfile(path string) {
	if f, err := os.Create(path); err == nil {
		pprof.Lookup("heap").WriteTo(f, 0)
		f.Close()
	}
}

// writeMemProfile writes the allocations made so far (go tool pprof
// -sample_index=alloc_space shows what the step allocated).
func writeMemProfile(path string) {
	f, err := os.Create(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "permsim-bench:", err)
		return
	}
	defer f.Close()
	if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
		fmt.Fprintln(os.Stderr, "permsim-bench:", err)
	}
}

// measure is one child process's cost.
type measure struct {
	wall, cpu time.Duration
	peakMiB   float64 // max RSS: with the binary's pages (DuckDB's code is ~45 MiB of it)
	goMiB     float64 // peak memory the Go runtime held from the OS for the heap, stacks and its own use
	liveMiB   float64 // peak live heap after a collection
	out       string  // the count the child printed
}

// step runs this program with -child and the arguments, and measures it.
func step(args ...string) (measure, error) {
	self, err := os.Executable()
	if err != nil {
		return measure{}, err
	}
	cmd := exec.Command(self, append([]string{"-child"}, args...)...)
	cmd.Stderr = os.Stderr
	t0 := time.Now()
	out, err := cmd.Output()
	m := measure{wall: time.Since(t0)}
	if err != nil {
		return m, fmt.Errorf("%s: %w", strings.Join(args, " "), err)
	}
	f := strings.Fields(string(out))
	if len(f) == 3 {
		m.out = f[0]
		m.goMiB, _ = strconv.ParseFloat(f[1], 64)
		m.liveMiB, _ = strconv.ParseFloat(f[2], 64)
	}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		m.cpu = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
		m.peakMiB = float64(ru.Maxrss) / 1024 // kilobytes on Linux
	}
	return m, nil
}

// best runs a step n times and keeps the fastest by CPU time (the peak
// memory kept is the highest of all runs: a bound must hold every time).
func best(n int, args ...string) (measure, error) {
	var b measure
	for r := 0; r < n; r++ {
		m, err := step(args...)
		if err != nil {
			return m, err
		}
		peak, gop, live := max(b.peakMiB, m.peakMiB), max(b.goMiB, m.goMiB), max(b.liveMiB, m.liveMiB)
		if r == 0 || m.cpu < b.cpu {
			b = m
		}
		b.peakMiB, b.goMiB, b.liveMiB = peak, gop, live
	}
	return b, nil
}

func run(sizes, keep string, runs, calls int) error {
	fmt.Printf("permsim bench: %d cores, GOMAXPROCS=%d, %s; load average at start: %s\n", runtime.NumCPU(), runtime.GOMAXPROCS(0), engine.Label, loadavg())
	fmt.Println()
	shape := "the default generator"
	if profile == transcriptgen.Realistic {
		shape = "the realistic profile (calls per MB and record mix of real transcripts)"
	}
	fmt.Println("ingest vs DuckDB on Claude Code transcripts of", shape+": fastest of", runs, "runs by CPU time. rss = the process's max RSS (the binary's pages")
	fmt.Println("are ~45 MiB of it); go = peak memory the Go runtime held (heap, stacks, its own); live = peak live heap.")
	fmt.Printf("%-8s %8s | %-38s | %-24s | %-24s | %6s %6s\n", "size", "calls", "permsim ingest", "DuckDB read_json (cols)", "DuckDB read_ndjson_obj", "ratio", "ratio")
	fmt.Printf("%-8s %8s | %-38s | %-24s | %-24s | %6s %6s\n", "", "", "wall   cpu  MB/s(cpu)  rss  go  live", "wall   cpu  MB/s(cpu) rss", "wall   cpu  MB/s(cpu) rss", "(cpu)", "(wall)")
	for _, s := range strings.Split(sizes, ",") {
		if strings.TrimSpace(s) == "" {
			continue
		}
		mib, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || mib <= 0 {
			return fmt.Errorf("-sizes: %q is not a positive number of MiB", s)
		}
		if err := ingestRow(mib, keep, runs); err != nil {
			return err
		}
	}
	fmt.Println("ratio = DuckDB's faster reader / permsim ingest, by CPU time and by wall time (>1: permsim is faster).")
	fmt.Println("permsim ingest includes discovery, parsing, dedupe, the Parquet write and the manifest; DuckDB only counts the tool_use blocks.")
	if calls > 0 {
		fmt.Println()
		if err := replayRow(calls, keep, runs); err != nil {
			return err
		}
	}
	fmt.Printf("\nload average at the end: %s\n", loadavg())
	return nil
}

func workDir(keep, name string) (string, func(), error) {
	if keep != "" {
		d := filepath.Join(keep, name)
		return d, func() {}, os.MkdirAll(d, 0o755)
	}
	d, err := os.MkdirTemp("", "permsim-bench-")
	return d, func() { os.RemoveAll(d) }, err
}

func ingestRow(mib int, keep string, runs int) error {
	name := fmt.Sprintf("%dmib", mib)
	if profile == transcriptgen.Realistic {
		name += "-realistic"
	}
	dir, cleanup, err := workDir(keep, name)
	if err != nil {
		return err
	}
	defer cleanup()
	// make bench asks for 10 GB by default: a machine without the room
	// gets a row that says so, and the other rows still run.
	if ok, free, need := roomFor(dir, mib); !ok {
		fmt.Printf("%-8s skipped: needs %.1f GiB free under %s, has %.1f GiB (BENCH_SIZES=1000 leaves it out)\n",
			fmt.Sprintf("%dMiB", mib), float64(need)/(1<<30), dir, float64(free)/(1<<30))
		return nil
	}
	home := filepath.Join(dir, "home")
	st, err := transcriptgen.Write(transcriptgen.Options{Dir: home, TotalBytes: int64(mib) << 20, Seed: uint64(mib), Profile: profile})
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
	list := filepath.Join(dir, "files.txt")
	if err := os.WriteFile(list, []byte(strings.Join(paths, "\n")), 0o644); err != nil {
		return err
	}
	mb := float64(st.Bytes) / 1e6
	warm(paths)

	// Each ingest run writes a fresh store: a second run into the same one
	// would find every file unchanged.
	var ing measure
	for r := 0; r < runs; r++ {
		out := filepath.Join(dir, fmt.Sprintf("out%d", r))
		m, err := step("ingest-claude", home, out)
		if err != nil {
			return err
		}
		if got, _ := strconv.Atoi(m.out); got != st.ToolCalls {
			return fmt.Errorf("%d MiB: ingest found %s calls, the generator wrote %d", mib, m.out, st.ToolCalls)
		}
		peak, gop, live := max(ing.peakMiB, m.peakMiB), max(ing.goMiB, m.goMiB), max(ing.liveMiB, m.liveMiB)
		if r == 0 || m.cpu < ing.cpu {
			ing = m
		}
		ing.peakMiB, ing.goMiB, ing.liveMiB = peak, gop, live
		os.RemoveAll(out)
	}
	var duck [2]measure
	for i, mode := range []string{"read_json", "read_ndjson_objects"} {
		if duck[i], err = best(runs, "duckdb", mode, list); err != nil {
			return err
		}
		if got, _ := strconv.Atoi(duck[i].out); got != st.ToolCalls {
			return fmt.Errorf("duckdb %s found %s calls, the generator wrote %d", mode, duck[i].out, st.ToolCalls)
		}
	}
	bestCPU := min(duck[0].cpu, duck[1].cpu)
	bestWall := min(duck[0].wall, duck[1].wall)
	cell := func(m measure) string {
		return fmt.Sprintf("%5.1fs %5.1fs %5.0f %4.0f", m.wall.Seconds(), m.cpu.Seconds(), mb/m.cpu.Seconds(), m.peakMiB)
	}
	fmt.Printf("%-8s %8d | %s %3.0f %4.0f | %-24s | %-24s | %5.2fx %5.2fx\n", fmt.Sprintf("%dMiB", mib), st.ToolCalls,
		cell(ing), ing.goMiB, ing.liveMiB, cell(duck[0]), cell(duck[1]), bestCPU.Seconds()/ing.cpu.Seconds(), bestWall.Seconds()/ing.wall.Seconds())
	return nil
}

func replayRow(calls int, keep string, runs int) error {
	dir, cleanup, err := workDir(keep, fmt.Sprintf("replay%d", calls))
	if err != nil {
		return err
	}
	defer cleanup()
	file := filepath.Join(dir, "calls.jsonl")
	if err := transcriptgen.WriteCalls(file, calls, 15); err != nil {
		return err
	}
	fi, err := os.Stat(file)
	if err != nil {
		return err
	}
	out := filepath.Join(dir, "out")
	home := filepath.Join(dir, "home")
	os.MkdirAll(home, 0o755)
	ing, err := step("ingest-jsonl", file, out, home)
	if err != nil {
		return err
	}
	rep, err := best(runs, "replay", out, home)
	if err != nil {
		return err
	}
	if got, _ := strconv.Atoi(rep.out); got != calls {
		return fmt.Errorf("replay decided %s calls, want %d", rep.out, calls)
	}
	fmt.Printf("replay of %d generated calls (import format, %.0f MB; 3 in 10 commands one-off; fastest of %d runs by CPU time):\n", calls, float64(fi.Size())/1e6, runs)
	fmt.Printf("  ingest (permsim-jsonl): %5.1fs wall %5.1fs cpu  %5.0f MB/s(cpu)  %8.0f calls/s(cpu)  rss %4.0f MiB  go %4.0f MiB  live %4.0f MiB\n",
		ing.wall.Seconds(), ing.cpu.Seconds(), float64(fi.Size())/1e6/ing.cpu.Seconds(), float64(calls)/ing.cpu.Seconds(), ing.peakMiB, ing.goMiB, ing.liveMiB)
	fmt.Printf("  replay (whole command): %5.1fs wall %5.1fs cpu  %8.0f calls/s(wall)  %8.0f calls/s(cpu)  rss %4.0f MiB  go %4.0f MiB  live %4.0f MiB\n",
		rep.wall.Seconds(), rep.cpu.Seconds(), float64(calls)/rep.wall.Seconds(), float64(calls)/rep.cpu.Seconds(), rep.peakMiB, rep.goMiB, rep.liveMiB)
	// Issue 31: replay in shards, and push / pull of the calls table.
	if err := shardRows(out, home, calls, runs, rep); err != nil {
		return err
	}
	return remoteRows(dir, out, runs)
}

// warm reads the files once so that no measurement pays for the disk.
func warm(paths []string) {
	buf := make([]byte, 1<<20)
	for _, p := range paths {
		if f, err := os.Open(p); err == nil {
			for {
				if _, err := f.Read(buf); err != nil {
					break
				}
			}
			f.Close()
		}
	}
}

func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

// runChild is one measured step; it prints its result (a count), then the
// peak memory the Go runtime held and the peak live heap in MiB.
func runChild(what, cpuprofile string, args []string) error {
	stop := sampleMemory()
	n, err := childStep(what, cpuprofile, args)
	if err != nil {
		return err
	}
	goPeak, live := stop()
	fmt.Printf("%d %.1f %.1f\n", n, goPeak/(1<<20), live/(1<<20))
	return nil
}

// sampleMemory samples the Go runtime's memory every 2 ms until the
// returned func is called, which gives the peaks: memory held from the OS
// (runtime/metrics' total less what was returned) and the live heap.
func sampleMemory() (stop func() (goPeak, live float64)) {
	samples := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}, {Name: "/gc/heap/live:bytes"}}
	var g, l uint64
	quit := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(2 * time.Millisecond)
		defer t.Stop()
		for {
			metrics.Read(samples)
			g = max(g, samples[0].Value.Uint64()-samples[1].Value.Uint64())
			if live := samples[2].Value.Uint64(); live > l {
				if heapAtPeak != "" && live > l+(1<<20) {
					writeHeapProfile(heapAtPeak)
				}
				l = live
			}
			select {
			case <-quit:
				return
			case <-t.C:
			}
		}
	}()
	return func() (float64, float64) {
		close(quit)
		<-done
		return float64(g), float64(l)
	}
}

func childStep(what, cpuprofile string, args []string) (int, error) {
	if cpuprofile != "" {
		f, err := os.Create(cpuprofile)
		if err != nil {
			return 0, err
		}
		pprof.StartCPUProfile(f)
		defer pprof.StopCPUProfile()
	}
	ctx := context.Background()
	// The soft memory limits permsim ingest and replay set (cmd/permsim,
	// memlimit.go), so the peaks measured are the commands'.
	limit := int64(64 << 20)
	if what == "replay" {
		limit = 128 << 20
	} else if what == "duckdb" {
		limit = -1
	}
	if os.Getenv("GOMEMLIMIT") == "" && limit > 0 {
		debug.SetMemoryLimit(limit)
	}
	need := func(n int) error {
		if len(args) != n {
			return fmt.Errorf("-child %s: want %d arguments, got %q", what, n, args)
		}
		return nil
	}
	switch what {
	case "ingest-claude", "ingest-jsonl":
		var src ingest.Source
		var home, out string
		if what == "ingest-claude" {
			if err := need(2); err != nil {
				return 0, err
			}
			home, out, src = args[0], args[1], claudeingest.New()
		} else {
			if err := need(3); err != nil {
				return 0, err
			}
			out, home, src = args[1], args[2], jsonl.New(args[0])
		}
		sum, err := ingest.Run(ctx, ingest.Options{Homes: []string{home}, OutDir: out}, []ingest.Source{src})
		if err != nil {
			return 0, err
		}
		if sum.ProblemCount > 0 {
			return 0, errors.New(sum.String())
		}
		n := 0
		for _, c := range sum.Calls {
			n += c
		}
		return n, nil
	case "duckdb":
		if err := need(2); err != nil {
			return 0, err
		}
		var paths []string
		f, err := os.Open(args[1])
		if err != nil {
			return 0, err
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			paths = append(paths, sc.Text())
		}
		f.Close()
		n, err := queries.ExtractToolCalls(ctx, paths, args[0])
		if err != nil {
			return 0, err
		}
		return n, nil
	case "replay":
		if err := need(2); err != nil {
			return 0, err
		}
		sum, err := replay.Run(ctx, args[0], replay.Options{Home: args[1]}, registry.Simulators(registry.SimOptions{}))
		if err != nil {
			return 0, err
		}
		return sum.Calls, nil
	case "replay-shard", "push", "pull":
		return scaleChild(ctx, what, args)
	default:
		return 0, fmt.Errorf("unknown -child %q", what)
	}
}

package main

import (
	"context"
	"encoding/json"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/permsim/permsim/dataset"
	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/queries"
	"github.com/permsim/permsim/replay"
)

// tables renders the calls (one row per call_key, without the run id) and
// decisions tables of out, sorted, for comparison.
func tables(t *testing.T, out string) []string {
	t.Helper()
	var rows []string
	if err := ingest.ReadCalls(out, func(r ingest.Row) error {
		r.IngestRun = 0
		b, _ := json.Marshal(r)
		rows = append(rows, "call "+string(b))
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	parts, err := dataset.Parts(out, replay.DecisionsTable)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range parts {
		if err := dataset.ReadPart(p, func(d replay.DecisionRow) error {
			b, _ := json.Marshal(d)
			rows = append(rows, "decision "+string(b))
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	slices.Sort(rows)
	return rows
}

// leftovers lists the writers' temporary names left under out.
func leftovers(out string) []string {
	var got []string
	filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		n := d.Name()
		if strings.HasSuffix(n, ".tmp") || strings.Contains(n, ".new-") || strings.Contains(n, ".old-") {
			got = append(got, p)
		}
		return nil
	})
	return got
}

// TestKillAnywhere: issue 14, "kill -9 at any point and a re-run gives the
// same tables — make it a test that kills at random points several times";
// and "Leftover temporary files of a killed run are cleaned at the next
// run".
func TestKillAnywhere(t *testing.T) {
	if testing.Short() {
		t.Skip("starts permsim processes")
	}
	home, root := demoArgs(t)
	pipeline := func(out string) {
		t.Helper()
		for _, args := range [][]string{{"ingest", "--home", home, "--out", out}, {"replay", "--out", out, "--root", "/home=" + root, "--user-home", home}} {
			if code, _, stderr := runCLI(t, "", args...); code != 0 {
				t.Fatalf("%v: exit %d: %s", args, code, stderr)
			}
		}
	}
	ref := t.TempDir()
	pipeline(ref)
	want := tables(t, ref)
	if len(want) == 0 {
		t.Fatal("the reference run wrote nothing")
	}

	start := func(out string) *exec.Cmd {
		cmd := exec.Command(os.Args[0], "nightly", "--home", home, "--out", out, "--root", "/home="+root, "--user-home", home)
		cmd.Env = append(os.Environ(), "PERMSIM_TEST_AS_PERMSIM=1")
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		return cmd
	}
	// How long a whole run takes here, to kill inside it.
	t0 := time.Now()
	probe := start(t.TempDir())
	probe.Wait()
	whole := time.Since(t0)

	r := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 14))
	for i := range 5 {
		out := t.TempDir()
		cmd := start(out)
		at := time.Duration(r.Int64N(int64(whole)))
		time.Sleep(at)
		cmd.Process.Kill() // SIGKILL
		cmd.Wait()
		pipeline(out)
		if got := tables(t, out); !slices.Equal(got, want) {
			t.Errorf("kill %d after %s of %s: the re-run's tables differ from an uninterrupted run's (%d rows, want %d)", i, at, whole, len(got), len(want))
			for j := range min(len(got), len(want)) {
				if got[j] != want[j] {
					t.Errorf("first difference:\n got  %s\n want %s", got[j], want[j])
					break
				}
			}
		}
		if l := leftovers(out); len(l) > 0 {
			t.Errorf("kill %d after %s: leftovers after the re-run: %v", i, at, l)
		}
	}
}

// TestReportsDuringReplays: issue 14, "readers (report, sql) see a
// consistent snapshot while a writer runs (9 of 30 reports failed with
// "Cannot open file" during replays)".
func TestReportsDuringReplays(t *testing.T) {
	if testing.Short() {
		t.Skip("runs replays and reports side by side")
	}
	home, root := demoArgs(t)
	out := t.TempDir()
	if code, _, stderr := runCLI(t, "", "ingest", "--home", home, "--out", out); code != 0 {
		t.Fatal(stderr)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for ctx.Err() == nil {
			runCLI(t, "", "replay", "--out", out, "--root", "/home="+root, "--user-home", home)
		}
	}()
	for i := range 15 {
		db, err := queries.Open(out)
		if err != nil {
			t.Fatalf("report %d: open: %v", i, err)
		}
		if err := db.Report(context.Background(), io.Discard, "text"); err != nil {
			t.Errorf("report %d during replays: %v", i, err)
		}
		db.Close()
	}
	cancel()
	wg.Wait()
}

// TestTwoIngestsAtOnce: issue 14, "a second writer waits or exits with a
// clear message … Two ingests never double the stored rows." Two ingest
// processes started together on one --out both finish; the calls are those
// of one ingest alone, each once; and every Parquet file of the calls table
// comes from a single run (its run id is in the file name), so the second
// ingest, having waited, wrote nothing again.
func TestTwoIngestsAtOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("starts permsim processes")
	}
	home, _ := demoArgs(t)
	keys := func(out string) []string {
		t.Helper()
		var ks []string
		if err := ingest.ReadCalls(out, func(r ingest.Row) error {
			ks = append(ks, r.CallKey)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		slices.Sort(ks)
		return ks
	}
	ref := t.TempDir()
	if code, _, stderr := runCLI(t, "", "ingest", "--home", home, "--out", ref); code != 0 {
		t.Fatalf("reference ingest: exit %d: %s", code, stderr)
	}
	want := keys(ref)
	if len(want) == 0 || len(slices.Compact(slices.Clone(want))) != len(want) {
		t.Fatalf("reference ingest: %d calls, want some, each once", len(want))
	}
	for i := range 3 {
		out := t.TempDir()
		var cmds []*exec.Cmd
		var errs [2]strings.Builder
		for j := range 2 {
			cmd := exec.Command(os.Args[0], "ingest", "--home", home, "--out", out)
			cmd.Env = append(os.Environ(), "PERMSIM_TEST_AS_PERMSIM=1")
			cmd.Stderr = &errs[j]
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			cmds = append(cmds, cmd)
		}
		for j, cmd := range cmds {
			if err := cmd.Wait(); err != nil {
				t.Errorf("round %d: ingest %d: %v\n%s", i, j, err, errs[j].String())
			}
		}
		if got := keys(out); !slices.Equal(got, want) {
			t.Errorf("round %d: two ingests at once give %d calls; one ingest gives %d", i, len(got), len(want))
		}
		parts, err := dataset.Parts(out, ingest.CallsTable)
		if err != nil {
			t.Fatal(err)
		}
		runs := map[string]bool{}
		for _, p := range parts {
			// part-<run id>-<n>.parquet
			f := strings.Split(filepath.Base(p.Path), "-")
			if len(f) >= 2 {
				runs[f[1]] = true
			}
		}
		if len(runs) != 1 {
			t.Errorf("round %d: the calls table holds files of %d runs (%v); the second ingest should find every transcript unchanged", i, len(runs), parts)
		}
		if l := leftovers(out); len(l) > 0 {
			t.Errorf("round %d: leftovers: %v", i, l)
		}
	}
}

package replay

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/permsim/permsim/dataset"
	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/reportsum"
)

func TestParseShard(t *testing.T) {
	env := func(v string) func(string) string {
		return func(k string) string {
			if k == "JOB_COMPLETION_INDEX" {
				return v
			}
			return ""
		}
	}
	for _, c := range []struct {
		in, index string
		want      Shard
		bad       bool
	}{
		{in: "0/1", want: Shard{0, 1}},
		{in: "2/3", want: Shard{2, 3}},
		{in: "auto/4", index: "3", want: Shard{3, 4}},
		{in: "auto/4", index: "", bad: true},
		{in: "auto/4", index: "4", bad: true},
		{in: "3/3", bad: true},
		{in: "-1/3", bad: true},
		{in: "1/0", bad: true},
		{in: "1", bad: true},
		{in: "a/b", bad: true},
	} {
		got, err := ParseShard(c.in, env(c.index))
		if (err != nil) != c.bad || (!c.bad && got != c.want) {
			t.Errorf("ParseShard(%q) with JOB_COMPLETION_INDEX=%q = %v, %v; want %v (error: %v)", c.in, c.index, got, err, c.want, c.bad)
		}
	}
}

// ShardOf is part of the store's format (shards of two builds must agree):
// FNV-1a 64 of the project folder modulo N, pinned here by values computed
// by hand from the FNV-1a definition (offset 14695981039346656037, prime
// 1099511628211).
func TestShardOfIsFNV1a(t *testing.T) {
	fnv := func(s string) uint64 {
		h := uint64(14695981039346656037)
		for i := 0; i < len(s); i++ {
			h ^= uint64(s[i])
			h *= 1099511628211
		}
		return h
	}
	for _, p := range []string{"", "/home/dev/app", "/srv/ci/build-17"} {
		for _, n := range []int{1, 2, 3, 7} {
			if got, want := ShardOf(p, n), int(fnv(p)%uint64(n)); got != want {
				t.Errorf("ShardOf(%q, %d) = %d, want %d", p, n, got, want)
			}
		}
	}
}

// shardStore is a calls table of many projects for the fake harness.
func shardStore(t *testing.T) string {
	out := t.TempDir()
	t0 := time.Date(2026, 11, 2, 0, 0, 0, 0, time.UTC)
	var rows []ingest.Row
	for p := range 12 {
		for i := range 5 {
			tool := "bash"
			if i == 4 {
				tool = "other" // skipped: counted by the shard of its project only
			}
			r := row(fmt.Sprintf("p%d-c%d", p, i), fmt.Sprintf("/proj/%d", p), tool, "default", "prompt", t0.Add(time.Duration(p*24+i)*time.Hour))
			r.Command = fmt.Sprintf("echo %d", i)
			rows = append(rows, r)
		}
	}
	writeCalls(t, out, "1", rows...)
	return out
}

// tables reads the decisions and rules tables, sorted.
func tables(t *testing.T, out string) ([]DecisionRow, []RuleRow) {
	t.Helper()
	var decs []DecisionRow
	if err := dataset.Read(out, DecisionsTable, func(r DecisionRow) error { decs = append(decs, r); return nil }); err != nil {
		t.Fatal(err)
	}
	sort.Slice(decs, func(i, j int) bool { return decs[i].CallKey < decs[j].CallKey })
	var rules []RuleRow
	if err := dataset.Read(out, RulesTable, func(r RuleRow) error { rules = append(rules, r); return nil }); err != nil {
		t.Fatal(err)
	}
	sort.Slice(rules, func(i, j int) bool { return fmt.Sprint(rules[i]) < fmt.Sprint(rules[j]) })
	return decs, rules
}

// A store replayed as N shards — one after the other, or at once — holds
// the decisions and rules of one whole replay; each shard decides only its
// projects; a later run with another N, a shard run again, and a later
// unsharded run each leave no earlier file to be read twice.
func TestShardsEqualOneRun(t *testing.T) {
	out := shardStore(t)
	hs := Harnesses{"fake": &fakeHarness{}}
	run := func(s Shard) Summary {
		t.Helper()
		sum, err := Run(context.Background(), out, Options{Workers: 2, Shard: s}, hs)
		if err != nil {
			t.Fatalf("shard %v: %v", s, err)
		}
		return sum
	}
	run(Shard{})
	wantDecs, wantRules := tables(t, out)
	if len(wantDecs) != 48 || len(wantRules) != 12 {
		t.Fatalf("the whole run wrote %d decisions and %d rules, want 48 and 12", len(wantDecs), len(wantRules))
	}
	check := func(what string, sharded bool) {
		t.Helper()
		decs, rules := tables(t, out)
		if !reflect.DeepEqual(decs, wantDecs) {
			t.Errorf("%s: %d decisions differ from the whole run's %d", what, len(decs), len(wantDecs))
		}
		if !reflect.DeepEqual(rules, wantRules) {
			t.Errorf("%s: rules %v, want %v", what, rules, wantRules)
		}
		for _, f := range []string{reportsum.File, InputsFile} {
			if _, err := os.Stat(filepath.Join(out, f)); sharded && err == nil {
				t.Errorf("%s: %s left (it stands for the whole run's tables)", what, f)
			}
		}
	}
	for _, n := range []int{2, 3} {
		calls, skipped := 0, 0
		for k := range n {
			sum := run(Shard{k, n})
			calls += sum.Calls
			skipped += sum.Skipped["not a shell or file-tool call"]
			if sum.Shard != (Shard{k, n}) {
				t.Errorf("summary of shard %d/%d says shard %v", k, n, sum.Shard)
			}
		}
		if calls != 48 || skipped != 12 {
			t.Errorf("%d shards decided %d calls and skipped %d, want 48 and 12", n, calls, skipped)
		}
		check(fmt.Sprintf("%d shards in sequence", n), true)
	}
	run(Shard{1, 3})
	check("shard 1/3 run again", true)

	// At once, as the pods of an Indexed Job.
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for k := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[k] = Run(context.Background(), out, Options{Workers: 1, Shard: Shard{k, 2}}, hs)
		}()
	}
	wg.Wait()
	for k, err := range errs {
		if err != nil {
			t.Fatalf("shard %d/2 at once: %v", k, err)
		}
	}
	check("2 shards at once", true)

	run(Shard{})
	check("a whole run after the shards", false)
	if _, err := os.Stat(filepath.Join(out, reportsum.File)); err != nil {
		t.Errorf("the whole run wrote no report summary: %v", err)
	}
}

func TestShardRefusesNewest(t *testing.T) {
	out := shardStore(t)
	if _, err := Run(context.Background(), out, Options{Newest: 3, Shard: Shard{0, 2}}, Harnesses{"fake": &fakeHarness{}}); err == nil {
		t.Error("--newest with --shard: want an error")
	}
}

// TestHostOfPart: a pulled part's name gives its host, the id holding '-'
// or not; a store's own parts and other names give none.
func TestHostOfPart(t *testing.T) {
	for _, c := range []struct {
		name, host string
		ok         bool
	}{
		{"/c/calls/harness=codex/date=2026-01-01/part-host-laptop-a-1767000000000000000-3.parquet", "laptop-a", true},
		{"part-host-ci.runner_7-17-0.parquet", "ci.runner_7", true},
		{"part-host-a-b-c-1-2.parquet", "a-b-c", true},
		{"part-1767000000000000000-3.parquet", "", false},
		{"part-host--1-2.parquet", "", false},
		{"part-host-a-x-2.parquet", "", false},
		{"part-host-a-1-2.json", "", false},
		{"part-host-a-2.parquet", "", false},
	} {
		host, ok := HostOfPart(c.name)
		if host != c.host || ok != c.ok {
			t.Errorf("HostOfPart(%q) = %q, %v; want %q, %v", c.name, host, ok, c.host, c.ok)
		}
	}
}

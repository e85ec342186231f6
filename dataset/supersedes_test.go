package dataset

import (
	"slices"
	"strings"
	"testing"
)

// Options.Supersedes: a writer that adds files removes, at its commit, the
// table files the function names and keeps the others and its own (a
// sharded replay's shard replacing its earlier files beside the other
// shards'); a run with no rows still removes what it supersedes.
func TestSupersedes(t *testing.T) {
	dir := t.TempDir()
	writeAll(t, dir, "decisions", Options{Partitions: parts, RunID: "1"}, []every{{Harness: "a", N: 1}})
	writeAll(t, dir, "decisions", Options{Partitions: parts, RunID: "s0-1"}, []every{{Harness: "a", N: 2}, {Harness: "b", N: 3}})
	writeAll(t, dir, "decisions", Options{Partitions: parts, RunID: "s1-1"}, []every{{Harness: "b", N: 4}})
	notS1 := func(name string) bool { return !strings.HasPrefix(name, "part-s1-") }
	writeAll(t, dir, "decisions", Options{Partitions: parts, RunID: "s0-2", Supersedes: notS1}, []every{{Harness: "c", N: 5}})
	var ns []int64
	for _, r := range readAll[every](t, dir, "decisions") {
		ns = append(ns, r.N)
	}
	slices.Sort(ns)
	if want := []int64{4, 5}; !slices.Equal(ns, want) {
		t.Errorf("after the superseding commit the table holds rows %v, want %v (shard 1's and the new one)", ns, want)
	}
	writeAll(t, dir, "decisions", Options{Partitions: parts, RunID: "s0-3", Supersedes: notS1}, []every(nil))
	got := readAll[every](t, dir, "decisions")
	if len(got) != 1 || got[0].N != 4 {
		t.Errorf("an empty superseding commit left %+v, want only shard 1's row 4", got)
	}
}

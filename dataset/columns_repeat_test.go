package dataset

import (
	"reflect"
	"strconv"
	"testing"
	"time"
)

// ReadColumns copies a value repeated within a page once and lets its
// rows share the bytes: every row still reads back its own value, across
// pages and row groups, with repeated, one-off and empty values mixed.
func TestReadColumnsRepeatedValues(t *testing.T) {
	dir := t.TempDir()
	day := time.Date(2025, 3, 4, 0, 0, 0, 0, time.UTC)
	in := make([]every, 30_000)
	for i := range in {
		name := []string{"alpha", "", "beta", "alpha", "gamma-" + strconv.Itoa(i)}[i%5]
		in[i] = every{Harness: "codex", Name: name, N: int64(i), Ts: day}
		if i%7 == 0 {
			in[i].Paths = []string{"/p", "/q" + strconv.Itoa(i%3)}
		}
	}
	writeAll(t, dir, "t", Options{Partitions: parts, Replace: true}, in)
	got := everyCols(t, dir, "t")
	if len(got) != len(in) {
		t.Fatalf("%d rows read, %d written", len(got), len(in))
	}
	for i := range in {
		if !reflect.DeepEqual(got[i], in[i]) {
			t.Fatalf("row %d: got %#v, want %#v", i, got[i], in[i])
		}
	}
}

package disksort

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// sum adds values that are uvarint counts.
func sum(_, newer, older []byte) []byte {
	a, _ := binary.Uvarint(newer)
	b, _ := binary.Uvarint(older)
	return binary.AppendUvarint(nil, a+b)
}

// TestSortsAndCombines adds random records, many times more than the
// Sorter holds (so that runs are written and merged level by level), and
// checks what Each gives against a map: every key once, in byte order,
// with the sum of its counts or its last value.
func TestSortsAndCombines(t *testing.T) {
	for _, tc := range []struct {
		name   string
		n      int
		limit  int
		counts bool // values are counts summed; else the last one is kept
	}{
		{"held only, sum", 500, 1 << 20, true},
		{"held only, newer", 2000, 1 << 20, false},
		{"runs, sum", 20_000, 2 << 10, true},
		{"levels, newer", 60_000, 1 << 10, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			combine := Newer
			if tc.counts {
				combine = sum
			}
			s := New(dir, ".run-*", tc.limit, combine)
			rng := rand.New(rand.NewPCG(1, 2))
			counts := map[string]uint64{}
			last := map[string]string{}
			maxRuns := 0
			for i := range tc.n {
				// Keys share prefixes and some are prefixes of others.
				k := strings.Repeat("k", rng.IntN(3)) + fmt.Sprint(rng.IntN(tc.n/4+1))
				var v []byte
				if tc.counts {
					c := uint64(rng.IntN(5) + 1)
					counts[k] += c
					v = binary.AppendUvarint(nil, c)
				} else {
					last[k] = fmt.Sprint("v", i)
					v = []byte(last[k])
				}
				if err := s.Add([]byte(k), v); err != nil {
					t.Fatal(err)
				}
				maxRuns = max(maxRuns, s.Runs())
			}
			want := map[string]string{}
			for k, c := range counts {
				want[k] = string(binary.AppendUvarint(nil, c))
			}
			for k, v := range last {
				want[k] = v
			}
			var keys []string
			err := s.Each(func(k, v []byte) error {
				if w, ok := want[string(k)]; !ok || w != string(v) {
					t.Errorf("key %q: value %q, want %q (known %v)", k, v, w, ok)
				}
				keys = append(keys, string(k))
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if len(keys) != len(want) || !slices.IsSorted(keys) || len(slices.Compact(slices.Clone(keys))) != len(keys) {
				t.Errorf("%d keys (sorted %v), want %d, each once", len(keys), slices.IsSorted(keys), len(want))
			}
			if tc.limit < 1<<20 && maxRuns == 0 {
				t.Errorf("no run was written")
			}
			perLevel := map[int]int{}
			for _, r := range s.runs {
				perLevel[r.level]++
			}
			for level, n := range perLevel {
				if n >= FanIn {
					t.Errorf("%d runs of level %d: they were not merged", n, level)
				}
			}
			if tc.name == "levels, newer" && perLevel[1] == 0 && perLevel[2] == 0 {
				t.Errorf("runs %v: no run of a higher level was written", perLevel)
			}
			s.Remove()
			if left, _ := filepath.Glob(filepath.Join(dir, ".run-*")); len(left) != 0 {
				t.Errorf("Remove left %v", left)
			}
		})
	}
}

// TestShortRunIsAnError: a run file cut inside a record is an error that
// names the file, not a shorter sequence taken for whole.
func TestShortRunIsAnError(t *testing.T) {
	dir := t.TempDir()
	s := New(dir, ".run-*", 1<<20, Newer)
	for i := range 100 {
		s.Add(fmt.Appendf(nil, "key%03d", i), []byte("some value"))
	}
	if err := s.Spill(); err != nil {
		t.Fatal(err)
	}
	path := s.runs[0].path
	fi, _ := os.Stat(path)
	if err := os.Truncate(path, fi.Size()-3); err != nil {
		t.Fatal(err)
	}
	err := s.Each(func(_, _ []byte) error { return nil })
	if err == nil || !strings.Contains(err.Error(), path) {
		t.Fatalf("Each over a cut run: %v, want an error naming %s", err, path)
	}
	s.Remove()
}

// sliceStream streams records given in order, for Merge's tests.
type sliceStream struct{ kv [][2]string }

func (s *sliceStream) Next() (key, value []byte, ok bool, err error) {
	if len(s.kv) == 0 {
		return nil, nil, false, nil
	}
	r := s.kv[0]
	s.kv = s.kv[1:]
	return []byte(r[0]), []byte(r[1]), true, nil
}

func (s *sliceStream) Close() error { return nil }

// Merge gives each key once, the latest stream's value with Newer, even
// when a stream holds a key twice in a row (a damaged manifest): the
// first of the stream's copies is taken as its later.
func TestMergeKeyOnceFromEachStream(t *testing.T) {
	newer := &sliceStream{[][2]string{{"a", "new-a"}, {"c", "new-c"}}}
	older := &sliceStream{[][2]string{{"a", "old-a"}, {"b", "b1"}, {"b", "b2"}, {"c", "old-c"}, {"c", "old-c2"}, {"d", "d"}}}
	var got []string
	err := Merge([]Stream{newer, older}, Newer, func(k, v []byte) error {
		got = append(got, string(k)+"="+string(v))
		return nil
	})
	want := []string{"a=new-a", "b=b1", "c=new-c", "d=d"}
	if err != nil || !slices.Equal(got, want) {
		t.Fatalf("Merge: %v (%v), want %v", got, err, want)
	}
}

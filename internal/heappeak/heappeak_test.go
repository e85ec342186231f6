package heappeak

import (
	"reflect"
	"testing"
)

// TestLowest: the sizes take turns, and each size keeps, stage by stage,
// the lowest of its runs.
func TestLowest(t *testing.T) {
	var order []int
	peaks := map[int][][]uint64{ // size -> the peaks of its runs, in order
		1: {{5, 9}, {3, 10}, {4, 8}},
		2: {{7, 7}, {8, 6}, {9, 9}},
	}
	seen := map[int]int{}
	got := Lowest(3, []int{1, 2}, func(n int) []uint64 {
		order = append(order, n)
		p := peaks[n][seen[n]]
		seen[n]++
		return append([]uint64(nil), p...)
	})
	if want := []int{1, 2, 1, 2, 1, 2}; !reflect.DeepEqual(order, want) {
		t.Errorf("measured in the order %v, want %v", order, want)
	}
	if want := [][]uint64{{3, 8}, {7, 6}}; !reflect.DeepEqual(got, want) {
		t.Errorf("Lowest = %v, want %v", got, want)
	}
	if Grows(100, 125, 0) || !Grows(100, 126, 0) || Grows(100, 130, 5) {
		t.Error("Grows: a quarter of a plus extra is allowed, no more")
	}
}

// TestLowestUntil: after its first rounds, more rounds are measured only
// while holds rejects the minimums, each lowering them, and no more than
// more of them; a growth present in every round is still there at the end.
func TestLowestUntil(t *testing.T) {
	measure := func(peaks map[int][]uint64) (func(n int) []uint64, *int) {
		seen := map[int]int{}
		calls := 0
		return func(n int) []uint64 {
			calls++
			p := peaks[n][seen[n]]
			seen[n]++
			return []uint64{p}
		}, &calls
	}
	flat := func(low [][]uint64) bool { return !Grows(low[0][0], low[1][0], 0) }

	// A noisy first round at the large size, then its true value: one
	// more round is enough.
	m, calls := measure(map[int][]uint64{1: {10, 10, 10, 10}, 2: {20, 11, 30, 30}})
	got := LowestUntil(1, 3, []int{1, 2}, m, flat)
	if want := [][]uint64{{10}, {11}}; !reflect.DeepEqual(got, want) || *calls != 4 {
		t.Errorf("noisy: %v after %d measures, want %v after 4", got, *calls, want)
	}
	// Real growth: every round rejected, stopped after the more rounds.
	m, calls = measure(map[int][]uint64{1: {10, 10, 10, 10}, 2: {40, 41, 39, 42}})
	got = LowestUntil(1, 3, []int{1, 2}, m, flat)
	if want := [][]uint64{{10}, {39}}; !reflect.DeepEqual(got, want) || *calls != 8 || flat(got) {
		t.Errorf("growth: %v after %d measures, want %v (still growing) after 8", got, *calls, want)
	}
}

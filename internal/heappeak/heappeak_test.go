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

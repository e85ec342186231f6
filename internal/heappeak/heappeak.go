// Package heappeak measures the highest live heap while a function runs,
// for the tests that check memory stays flat in the size of the input
// (issue 15: "Memory must not grow with the number of calls").
package heappeak

import (
	"runtime"
	"runtime/metrics"
	"sync"
	"time"
)

// During runs fn and returns the highest live heap (the heap marked
// reachable by a collection, runtime/metrics' /gc/heap/live:bytes) sampled
// every 2 ms while it ran, and fn's error. Under a memory limit
// (debug.SetMemoryLimit) the collector runs often, so the figure follows
// what the code holds, not when the collector happened to run.
func During(fn func() error) (uint64, error) {
	runtime.GC()
	samples := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	var peak uint64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(2 * time.Millisecond)
		defer tick.Stop()
		for {
			metrics.Read(samples)
			if v := samples[0].Value.Uint64(); v > peak {
				peak = v
			}
			select {
			case <-stop:
				return
			case <-tick.C:
			}
		}
	}()
	err := fn()
	close(stop)
	wg.Wait()
	return peak, err
}

// Lowest measures each of sizes runs times, the sizes taking turns (small,
// large, small, large, …), and returns for each size the lowest peak of
// each stage measure reports (measure returns one peak per stage, the same
// number every time). A single peak varies with the moment the collector
// ran, and on a busy machine with the length of its mark phase, whose
// allocations all count as live: the lowest of a few runs is what the code
// holds.
func Lowest(runs int, sizes []int, measure func(n int) []uint64) [][]uint64 {
	low := make([][]uint64, len(sizes))
	for r := range runs {
		for i, n := range sizes {
			got := measure(n)
			if r == 0 {
				low[i] = got
				continue
			}
			for s := range got {
				low[i][s] = min(low[i][s], got[s])
			}
		}
	}
	return low
}

// LowestUntil is Lowest with runs rounds, then up to more rounds while
// holds rejects the lowest peaks so far: a busy machine (other test
// binaries of go test ./... on the same cores) lengthens mark phases, and
// with them the peaks, so a size can miss its lowest in a few rounds. More
// rounds only lower each minimum towards what the code holds; a real
// growth stays in every round and is still rejected at the end.
func LowestUntil(runs, more int, sizes []int, measure func(n int) []uint64, holds func(low [][]uint64) bool) [][]uint64 {
	low := Lowest(runs, sizes, measure)
	for ; more > 0 && !holds(low); more-- {
		next := Lowest(1, sizes, measure)
		for i := range low {
			for s := range low[i] {
				low[i][s] = min(low[i][s], next[i][s])
			}
		}
	}
	return low
}

// Grows reports whether the peak b at the larger size passes the peak a at
// the smaller by more than a quarter of a plus extra bytes: more input may
// cost a little more (a later moment of collection), never in proportion.
func Grows(a, b, extra uint64) bool { return b > a+a/4+extra }

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

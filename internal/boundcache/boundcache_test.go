package boundcache

import (
	"sync"
	"testing"
)

// The package's promise: values come back as stored, and the map never
// holds more than Max entries however many keys go in.
func TestBounded(t *testing.T) {
	c := &Map{Max: 8}
	for i := range 100 {
		if v, loaded := c.LoadOrStore(i, i*2); loaded || v != i*2 {
			t.Fatalf("LoadOrStore(%d) = %v, %v; want the new value stored", i, v, loaded)
		}
		if v, ok := c.Load(i); !ok || v != i*2 {
			t.Fatalf("Load(%d) = %v, %v right after storing it", i, v, ok)
		}
		if v, loaded := c.LoadOrStore(i, -1); !loaded || v != i*2 {
			t.Fatalf("second LoadOrStore(%d) = %v, %v; want the first value", i, v, loaded)
		}
		if n := c.Len(); n > 8 {
			t.Fatalf("%d entries after %d keys, bound 8", n, i+1)
		}
	}
	var zero Map
	zero.Store("k", 1)
	if v, ok := zero.Load("k"); !ok || v != 1 {
		t.Errorf("zero Map: Load = %v, %v", v, ok)
	}
}

func TestConcurrent(t *testing.T) {
	var c Map
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 5000 {
				c.LoadOrStore(w*10000+i, i)
				c.Load(i)
			}
		}()
	}
	wg.Wait()
	if c.Len() > DefaultMax {
		t.Errorf("%d entries, bound %d", c.Len(), DefaultMax)
	}
}

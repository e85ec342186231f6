// Package boundcache is a concurrent map with the Load, LoadOrStore and
// Store methods of sync.Map, bounded in entries: when full it is emptied
// and fills again. The simulators and the scorer cache work per command
// line with it; a replay of millions of calls with as many distinct
// command lines would otherwise keep every parse (issue 15: memory flat in
// the number of calls). Emptying the whole map, not evicting one entry, is
// what keeps it this small; the lines that repeat are back after a few
// calls.
package boundcache

import "sync"

// DefaultMax is the entry bound of a Map whose Max is 0.
const DefaultMax = 1024

// Map is safe for concurrent use; its zero value is an empty map bounded at
// DefaultMax entries.
type Map struct {
	// Max bounds the entries (DefaultMax when 0). Set it before first use.
	Max int

	mu sync.RWMutex
	m  map[any]any
}

// Load returns the value stored under key, if any.
func (c *Map) Load(key any) (any, bool) {
	c.mu.RLock()
	v, ok := c.m[key]
	c.mu.RUnlock()
	return v, ok
}

// LoadOrStore returns the value under key if there is one (loaded true);
// otherwise it stores and returns value.
func (c *Map) LoadOrStore(key, value any) (actual any, loaded bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.m[key]; ok {
		return v, true
	}
	c.storeLocked(key, value)
	return value, false
}

// Store sets the value under key.
func (c *Map) Store(key, value any) {
	c.mu.Lock()
	c.storeLocked(key, value)
	c.mu.Unlock()
}

func (c *Map) storeLocked(key, value any) {
	limit := c.Max
	if limit <= 0 {
		limit = DefaultMax
	}
	if c.m == nil {
		c.m = map[any]any{}
	} else if _, ok := c.m[key]; !ok && len(c.m) >= limit {
		clear(c.m)
	}
	c.m[key] = value
}

// Len returns the number of entries.
func (c *Map) Len() int {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return len(c.m)
}

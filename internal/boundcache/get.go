package boundcache

// Get returns the value c holds under key, making it with build(key) and
// storing it when there is none: the simulators' per-line caches of a
// parse. Two goroutines may both make a value for a new key; the first
// stored is the one both get.
func Get[K comparable, V any](c *Map, key K, build func(K) V) V {
	if v, ok := c.Load(key); ok {
		return v.(V)
	}
	v, _ := c.LoadOrStore(key, build(key))
	return v.(V)
}

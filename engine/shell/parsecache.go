package shell

import "sync"

// The parse cache: a simulator and danger marking each parse the command
// line they are handed, and replay and decide hand both the same line, so
// every distinct command was parsed twice (shell.Parse was 17% of
// replay's CPU on a 1M-call store). The cache
// keeps the last parseCacheEntries to 2×parseCacheEntries lines, in two
// generations: a line is looked up in both, added to the newer, and when
// the newer is full the older is dropped. Scripts are never changed after
// Parse returns them, so callers share them.
const (
	parseCacheEntries = 256
	// parseCacheLine is the longest line cached: the cache's memory stays
	// bounded, and long lines rarely repeat.
	parseCacheLine = 4 << 10
)

var parseCache struct {
	mu       sync.Mutex
	cur, old map[string]*Script
}

// parseCached returns the Script of line from the cache, or parses and
// caches it.
func parseCached(line string) *Script {
	if len(line) > parseCacheLine {
		return parseLine(line)
	}
	parseCache.mu.Lock()
	s, ok := parseCache.cur[line]
	if !ok {
		s, ok = parseCache.old[line]
	}
	parseCache.mu.Unlock()
	if ok {
		return s
	}
	s = parseLine(line)
	parseCache.mu.Lock()
	if len(parseCache.cur) >= parseCacheEntries || parseCache.cur == nil {
		parseCache.old, parseCache.cur = parseCache.cur, make(map[string]*Script, parseCacheEntries)
	}
	parseCache.cur[line] = s
	parseCache.mu.Unlock()
	return s
}

package shell

import "github.com/permsim/permsim/internal/boundcache"

// The parse cache: a simulator and danger marking each parse the command
// line they are handed, and replay and decide hand both the same line, so
// every distinct command was parsed twice (shell.Parse was 17% of
// replay's CPU on a 1M-call store). Scripts are never changed after Parse
// returns them, so callers share them.
const (
	parseCacheEntries = 512
	// parseCacheLine is the longest line cached: the cache's memory stays
	// bounded, and long lines rarely repeat.
	parseCacheLine = 4 << 10
)

// parseCache maps a command line to its *Script, bounded like the
// simulators' own per-line caches.
var parseCache = boundcache.Map{Max: parseCacheEntries}

// parseCached returns the Script of line from the cache, or parses and
// caches it.
func parseCached(line string) *Script {
	if len(line) > parseCacheLine {
		return parseLine(line)
	}
	return boundcache.Get(&parseCache, line, parseLine)
}

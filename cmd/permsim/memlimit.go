package main

import (
	"os"
	"runtime/debug"
)

// Memory budgets of the streaming stages (issue 15): ingest holds about
// 30 MiB live and replay about 65 MiB whatever the number of calls
// (replay's TestMemoryFlatInCalls); a soft limit of the bound makes
// the collector run before the heap's garbage doubles that, so the process
// stays within it. GOMEMLIMIT, when set, is the user's and wins.
const (
	ingestMemLimit = 64 << 20
	replayMemLimit = 128 << 20
)

// memLimit sets the runtime's soft memory limit to n bytes unless the user
// set GOMEMLIMIT. The limit is soft: a stage that needs more gets it, the
// collector only works harder.
func memLimit(n int64) {
	if os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetMemoryLimit(n)
}

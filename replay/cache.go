package replay

import (
	"time"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/toolcall"
)

// decisionCache remembers the decisions one worker made, so a call that
// repeats one already decided under the same policy and in the same mode —
// most calls of real sessions repeat a few commands — is not decided
// again. A decision depends only on the policy, the mode and the call as
// decideIn builds it (tool, raw tool, command, paths, working folder,
// arguments, the harness version, and the home the --root rewrites apply to): those are the
// key. The cache is bounded in bytes, so memory does not grow with the
// calls: it holds two generations, and when the newer is full the older
// is dropped and the newer becomes the older. A decision found in the
// older generation moves to the newer, so the calls that keep repeating
// stay while the one-off calls between them pass through (emptying the
// whole cache when full, as it did first, decided the repeating calls
// again after every emptying: a tenth more decisions on the benchmark's
// store, issue 15).
type decisionCache struct {
	m     map[*loadedPolicy]map[string]*DecisionRow // the newer generation
	old   map[*loadedPolicy]map[string]*DecisionRow // the older
	bytes int                                       // of the newer
	key   []byte
}

// cacheBytes bounds one worker's cache (both generations): keys plus
// about 700 bytes a row and its map entry (measured with a heap profile of
// the scale test).
const cacheBytes = 4 << 20

// entryBytes is what a cached row costs besides its key.
const entryBytes = 700

// cacheKeyMax is the longest key cached: a call with a huge command or
// arguments is decided afresh rather than kept.
const cacheKeyMax = 16 << 10

func newDecisionCache() *decisionCache {
	return &decisionCache{m: map[*loadedPolicy]map[string]*DecisionRow{}}
}

// decide returns the decision of c, from the cache when the same call was
// decided before under lp in the same mode. The row holds the decision
// (the per-call fields are withCall's to fill): it is shared with every
// call the cache answers with it, and must not be changed. A nil cache
// decides every call.
func (dc *decisionCache) decide(c *toolcall.Row, lp *loadedPolicy, opts Options) *DecisionRow {
	if dc == nil {
		row := decideOne(c, lp, opts)
		return &row
	}
	mode, label := modeOf(c, lp, opts)
	k := dc.makeKey(c, mode, label)
	if len(k) > cacheKeyMax {
		row := decideOne(c, lp, opts)
		return &row
	}
	if hit, ok := dc.m[lp][string(k)]; ok {
		return hit
	}
	if hit, ok := dc.old[lp][string(k)]; ok {
		dc.put(lp, k, hit)
		return hit
	}
	row := decideOne(c, lp, opts)
	// Per-call fields are not kept: they would hold the call's strings.
	row.CallKey, row.Harness, row.ProjectDir, row.Result = "", "", "", ""
	row.Tool, row.Command, row.Paths, row.Ts = "", "", nil, time.Time{}
	row.HarnessVersion, row.RecordedOutcome, row.Agreement, row.AgreementReason, row.VersionBasis = "", "", "", "", ""
	dc.put(lp, k, &row)
	return &row
}

// put adds a decision to the newer generation, making it the older first
// when it is full.
func (dc *decisionCache) put(lp *loadedPolicy, k []byte, row *DecisionRow) {
	if dc.bytes+len(k)+entryBytes > cacheBytes/2 {
		dc.old, dc.m = dc.m, map[*loadedPolicy]map[string]*DecisionRow{}
		dc.bytes = 0
	}
	byKey := dc.m[lp]
	if byKey == nil {
		byKey = map[string]*DecisionRow{}
		dc.m[lp] = byKey
	}
	byKey[string(k)] = row
	dc.bytes += len(k) + entryBytes
}

// withCall is the decisions row of call c decided as d: d's decision with
// c's own fields.
func withCall(d *DecisionRow, c *toolcall.Row) DecisionRow {
	row := *d
	row.CallKey, row.Harness, row.Ts, row.ProjectDir = c.CallKey, c.Harness, c.Ts, c.ProjectDir
	row.Tool, row.Command, row.Paths, row.Result = c.Tool, c.Command, c.Paths, c.Result
	row.setCallFacts(c)
	return row
}

// makeKey writes the cache key of c into the cache's buffer: the mode, the
// label and every field decideIn reads, each preceded by its length (a field
// may hold any byte, so no separator would do).
func (dc *decisionCache) makeKey(c *toolcall.Row, mode engine.Mode, label string) []byte {
	k := dc.key[:0]
	put := func(s string) {
		n := len(s)
		k = append(k, byte(n), byte(n>>8), byte(n>>16), byte(n>>24))
		k = append(k, s...)
	}
	put(string(mode))
	put(label)
	put(c.Tool)
	put(c.RawTool)
	put(c.Command)
	put(c.Cwd)
	put(c.InputJSON)
	put(c.Home)
	put(c.HarnessVersion)
	for _, p := range c.Paths {
		put(p)
	}
	dc.key = k
	return k
}

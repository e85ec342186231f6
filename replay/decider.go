package replay

import (
	"context"
	"sort"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/toolcall"
)

// Decider decides calls a batch at a time with one set of loaded policies,
// for a caller that streams its calls rather than holds them (suggest, on
// a store of any size): what Decide does to a slice, in pieces. Each
// policy is loaded the first time a batch needs it and kept.
type Decider struct {
	d *decider
}

// NewDecider returns a Decider for opts and hs. hist, when not nil, is the
// session outputs the calls are decided with (Gemini CLI), collected
// before any call is decided.
func NewDecider(opts Options, hs Harnesses, hist *History) *Decider {
	d := newDecider(opts, hs)
	if hist != nil {
		d.history = hist.sorted()
	}
	return &Decider{d: d}
}

// Selected says whether c is one of the calls Decide would decide (a shell
// or file-tool call inside --since), counting why not in the summary.
// --newest is the caller's: see Newest.
func (x *Decider) Selected(c *toolcall.Row) bool {
	return selected(c, x.d.opts, x.d.sum.Skipped)
}

// Decide decides a batch of selected calls and returns, per call, its
// decisions row (withCall), and whether it could be decided.
func (x *Decider) Decide(ctx context.Context, calls []toolcall.Row) ([]DecisionRow, []bool, error) {
	decs, err := x.d.decide(ctx, calls)
	if err != nil {
		return nil, nil, err
	}
	rows := make([]DecisionRow, len(calls))
	ok := make([]bool, len(calls))
	for i, dec := range decs {
		if dec != nil {
			rows[i], ok[i] = withCall(dec, &calls[i]), true
		}
	}
	return rows, ok, nil
}

// Summary is what the Decider decided so far, as Decide's.
func (x *Decider) Summary() Summary { return x.d.sum }

// History collects the session outputs calls are decided with (Gemini
// CLI's shell output): only calls with an output are held, so it grows
// with the recorded Gemini CLI output, not with the calls.
type History struct {
	h    sessionHistory
	done bool
}

// NewHistory returns an empty History.
func NewHistory() *History { return &History{h: sessionHistory{}} }

// Add records c's output, if it has one (a copy: c may be a view).
func (hi *History) Add(c *toolcall.Row) {
	if c.Output == "" || c.SessionID == "" {
		return
	}
	own := ownCall(c)
	k := sessionKey{own.Harness, own.SessionID}
	hi.h[k] = append(hi.h[k], seqOutput{own.Seq, own.Output})
	hi.done = false
}

func (hi *History) sorted() sessionHistory {
	if len(hi.h) == 0 {
		return nil
	}
	if !hi.done {
		for _, outs := range hi.h {
			sort.SliceStable(outs, func(i, j int) bool { return outs[i].seq < outs[j].seq })
		}
		hi.done = true
	}
	return hi.h
}

// Newest keeps the newest n calls added, as Decide's --newest does,
// holding n calls and no more.
type Newest struct{ h newestCalls }

// NewNewest keeps the newest n calls.
func NewNewest(n int) *Newest { return &Newest{h: newestCalls{n: n}} }

// Add offers c (a copy is kept: c may be a view).
func (n *Newest) Add(c *toolcall.Row) { n.h.add(ownCall(c)) }

// Sorted returns the kept calls newest first (as Decide orders them) and
// counts the others in x's summary.
func (n *Newest) Sorted(x *Decider) []toolcall.Row { return n.h.sorted(x.d.sum.Skipped) }

// ScanRows gives fn every call of scan as Run reads them, in ReadCalls'
// order: rows of the columns a call is decided on (session id and seq
// included), built by column without reflection. The row's strings are
// views of the row group being read: what is kept past a batch is copied.
// A scan is read as many times as needed, its dedupe done once. A row of
// a pulled part whose host is in snapshots gets that host (Options.Snapshots).
func ScanRows(scan *ingest.CallsScan, snapshots map[string]string, fn func(*toolcall.Row) error) error {
	return readCalls(scan, true, snapshots, fn)
}

// ReadHistory collects the session outputs of scan's calls, as Run does
// (empty, without reading, when the files' footers show none).
func ReadHistory(scan *ingest.CallsScan) (*History, error) {
	h, err := readSessionHistory(scan)
	if err != nil {
		return nil, err
	}
	if h == nil {
		h = sessionHistory{}
	}
	return &History{h: h}, nil
}

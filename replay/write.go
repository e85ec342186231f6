package replay

import (
	"container/heap"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/permsim/permsim/dataset"
	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/toolcall"
)

// Table names under the output folder.
const (
	DecisionsTable = "decisions"
	RulesTable     = "rules"
)

// decisionsBuffer bounds the bytes of the decision rows decisionWriter
// holds across its partitions before it writes the largest as a row group
// (decided rows share their decisions: a row holds the call's own fields
// and a pointer).
const decisionsBuffer = 8 << 20

// Run reads the calls table under outDir, decides every selected call, and
// replaces the decisions and rules tables with the result. The old tables
// stay whole until the new ones are complete.
//
// Calls stream through in batches — read from the table, decided by the
// workers, written as row groups of the new decisions table — so memory
// does not grow with the number of calls (with --newest N it holds N).
func Run(ctx context.Context, outDir string, opts Options, hs Harnesses) (Summary, error) {
	start := time.Now()
	if opts.Shard.N > 0 && opts.Newest > 0 {
		return Summary{}, errors.New("replay: --newest cannot be used with --shard (the newest calls of the whole store are not known to one shard)")
	}
	if opts.SkipUnchanged && opts.Shard.N == 0 {
		if sum, ok := keepUnchanged(outDir, opts, hs); ok {
			return sum, nil
		}
	}
	// The tables are about to change: the record of what they were made
	// from goes first, so a run that fails part-way leaves none.
	if err := os.Remove(filepath.Join(outDir, InputsFile)); err != nil && !errors.Is(err, os.ErrNotExist) {
		return Summary{}, fmt.Errorf("replay: %w", err)
	}
	callsID, callsIDErr := dataset.TableID(outDir, callsTable)
	rs := newReportSum(outDir, opts, hs) // the report's summary (reportsum.go)
	defer rs.remove()
	d := newDecider(opts, hs)
	d.sum.Shard = opts.Shard
	d.fingerprints = opts.Shard.N == 0
	// A first pass collects the session outputs later calls are decided
	// with (Gemini CLI); only calls with an output are held.
	// The dedupe of the calls table is done once for both passes.
	scan, err := ingest.ScanCalls(outDir)
	if err != nil {
		return d.sum, fmt.Errorf("reading the calls table under %s: %w", outDir, err)
	}
	if h, err := readSessionHistory(scan); err != nil {
		d.sum.Problems = append(d.sum.Problems, fmt.Sprintf("session history not read (calls are decided without it): %v", err))
	} else {
		d.history = h
	}
	w, err := dataset.Create[DecisionRow](outDir, DecisionsTable, tableOptions(opts.Shard, dataset.Options{
		Partitions:  []dataset.Partition{dataset.Column("harness"), dataset.DateOf("date", "ts")},
		BufferBytes: decisionsBuffer}))
	if err != nil {
		return d.sum, fmt.Errorf("writing the %s table: %w", DecisionsTable, err)
	}
	var done atomic.Int64
	stop := progress(opts.Progress, -1, &done)
	// The decisions are written in a goroutine of their own, one batch
	// behind the deciding: writing (encoding and compressing the row
	// groups) is a fifth of the work, and the other core can do it while
	// the workers decide the next batch. Batches are written in the order
	// decided, so the table's order does not depend on the timing.
	dw := newDecisionWriter(w, decisionsBuffer)
	type decidedBatch struct {
		calls []toolcall.Row
		decs  []*DecisionRow
	}
	toWrite := make(chan decidedBatch, 1)
	// Written batches go back to the reader to be filled again: a batch
	// is 2,048 rows of over 500 bytes, and making one per batch was a
	// tenth of replay's allocation.
	spare := make(chan []toolcall.Row, 4)
	written := make(chan error, 1)
	var writeFailed atomic.Bool
	go func() {
		var err error
		for b := range toWrite {
			for i, dec := range b.decs {
				if err != nil {
					break
				}
				// Written and counted for the report: compared with the
				// transcript once for both.
				var ag agreed
				if dec != nil {
					ag = agreedOf(&b.calls[i], dec)
					err = dw.add(&b.calls[i], dec, ag)
				}
				rs.decided(&b.calls[i], dec, ag)
			}
			if err != nil {
				writeFailed.Store(true)
			}
			done.Add(int64(len(b.calls)))
			// The rows' strings are views of the calls table's row
			// groups: cleared, so a spare batch keeps none alive.
			clear(b.calls)
			select {
			case spare <- b.calls[:0]:
			default:
			}
		}
		if err == nil {
			err = dw.close()
		}
		if err != nil {
			err = fmt.Errorf("writing the %s table: %w", DecisionsTable, err)
		}
		written <- err
	}()
	read, err := streamCalls(ctx, scan, outDir, opts, len(d.history) > 0, d.sum.Skipped, spare, rs.seen(), func(batch []toolcall.Row) error {
		if writeFailed.Load() {
			return errWriteFailed
		}
		decs, err := d.decide(ctx, batch)
		if err != nil {
			return err
		}
		toWrite <- decidedBatch{batch, decs}
		return nil
	})
	close(toWrite)
	werr := <-written
	stop()
	if err == nil || err == errWriteFailed {
		err = werr
	}
	if err != nil {
		w.Abort()
		return d.sum, err
	}
	if read == 0 {
		d.sum.Problems = append(d.sum.Problems, fmt.Sprintf("no calls in %s: run permsim ingest first (with the same --out)", outDir))
	}
	if err := w.Commit(); err != nil {
		return d.sum, fmt.Errorf("writing the %s table: %w", DecisionsTable, err)
	}
	if err := writeTable(outDir, RulesTable, d.rules, tableOptions(opts.Shard, dataset.Options{})); err != nil {
		return d.sum, err
	}
	if callsIDErr == nil && opts.Shard.N == 0 {
		if err := writeInputs(outDir, opts, d, callsID); err != nil {
			// Only costs the next nightly run its shortcut.
			d.sum.Problems = append(d.sum.Problems, fmt.Sprintf("what this replay was made from was not recorded (the next nightly run decides again): %v", err))
		}
	}
	if callsIDErr == nil && rs != nil {
		rs.write(outDir, scan, callsID)
	}
	if err := writeProblems(outDir, opts.Shard, d.sum.Problems); err != nil {
		d.sum.Problems = append(d.sum.Problems, fmt.Sprintf("this run's problems were not kept for replay --problems: %v", err))
	}
	d.sum.Elapsed = time.Since(start)
	return d.sum, nil
}

// errWriteFailed stops the reading when the writing has failed (its error
// is the one returned).
var errWriteFailed = errors.New("writing failed")

// streamCalls reads the calls table in a goroutine of its own and hands fn
// the selected calls decideBatch at a time, in table order (newest first
// with --newest); it returns how many calls the table held. Reading
// overlaps deciding: at most one batch waits between them. A new batch is
// taken from spare when fn's caller has handed one back (nil: none).
//
// seen, when not nil, is handed every row read and whether it is selected
// (the report's summary, reportsum.go). history says calls are decided
// with their sessions' history: only then are the session columns read.
func streamCalls(ctx context.Context, scan *ingest.CallsScan, outDir string, opts Options, history bool, skipped map[string]int, spare <-chan []toolcall.Row, seen func(*toolcall.Row, bool), fn func([]toolcall.Row) error) (int, error) {
	batches := make(chan []toolcall.Row, 1)
	quit := make(chan struct{})
	var read int
	var readErr error
	readSkipped := map[string]int{}
	go func() {
		defer close(batches)
		var newest *newestCalls
		if opts.Newest > 0 {
			newest = &newestCalls{n: opts.Newest}
		}
		newBatch := func() []toolcall.Row {
			select {
			case b := <-spare:
				return b
			default:
				return make([]toolcall.Row, 0, decideBatch)
			}
		}
		batch := newBatch()
		errStop := errors.New("stop")
		send := func() bool {
			select {
			case batches <- batch:
				batch = newBatch()
				return true
			case <-quit:
				return false
			}
		}
		err := readCalls(scan, history, opts.Snapshots, func(r *toolcall.Row) error {
			read++
			if !opts.Shard.Has(r.ProjectDir) {
				// Another shard's project: not decided, not counted.
				return nil
			}
			sel := selected(r, opts, readSkipped)
			if seen != nil {
				seen(r, sel)
			}
			if !sel {
				return nil
			}
			if newest != nil {
				// Kept across row groups: its own strings, not views.
				newest.add(ownCall(r))
				return nil
			}
			batch = append(batch, *r)
			if len(batch) == decideBatch && !send() {
				return errStop
			}
			return nil
		})
		if err == errStop {
			return
		}
		if err != nil {
			readErr = fmt.Errorf("reading the calls table under %s: %w", outDir, err)
			return
		}
		if newest != nil {
			all := newest.sorted(readSkipped)
			for len(all) > 0 {
				n := min(len(all), decideBatch)
				batch = all[:n:n]
				all = all[n:]
				if !send() {
					return
				}
			}
			return
		}
		if len(batch) > 0 {
			send()
		}
	}()
	var err error
	for b := range batches {
		if err == nil {
			err = fn(b)
			if err != nil {
				close(quit)
			}
		}
	}
	if err == nil {
		err = readErr
	}
	for k, v := range readSkipped {
		skipped[k] += v
	}
	return read, err
}

// selected reports whether replay decides c: a shell or file-tool call
// inside the --since window whose command the transcript holds. A call
// left out is counted in skipped under its reason.
func selected(c *toolcall.Row, opts Options, skipped map[string]int) bool {
	switch {
	case !toolcall.Replayed(toolcall.Tool(c.Tool)):
		skipped["not a shell or file-tool call"]++
	case !opts.Since.IsZero() && (c.Ts.IsZero() || c.Ts.Before(opts.Since)):
		skipped["before --since"]++
	case noCommand(*c):
		skipped[noCommandCause(*c)]++
	default:
		return true
	}
	return false
}

// newestCalls keeps the newest n calls added (a min-heap on the time, the
// earlier-added first among equal times).
type newestCalls struct {
	n     int
	seq   int
	items []newestItem
	extra int
}

type newestItem struct {
	row toolcall.Row
	seq int
}

func (h *newestCalls) Len() int { return len(h.items) }
func (h *newestCalls) Less(i, j int) bool {
	a, b := h.items[i], h.items[j]
	if !a.row.Ts.Equal(b.row.Ts) {
		return a.row.Ts.Before(b.row.Ts)
	}
	return a.seq > b.seq // of equal times the later-added goes first
}
func (h *newestCalls) Swap(i, j int) { h.items[i], h.items[j] = h.items[j], h.items[i] }
func (h *newestCalls) Push(x any)    { h.items = append(h.items, x.(newestItem)) }
func (h *newestCalls) Pop() any {
	x := h.items[len(h.items)-1]
	h.items = h.items[:len(h.items)-1]
	return x
}

func (h *newestCalls) add(r toolcall.Row) {
	it := newestItem{row: r, seq: h.seq}
	h.seq++
	if len(h.items) < h.n {
		heap.Push(h, it)
		return
	}
	h.extra++
	if top := h.items[0]; r.Ts.After(top.row.Ts) {
		h.items[0] = it
		heap.Fix(h, 0)
	}
}

// sorted returns the kept calls newest first (the earlier-added first
// among equal times, as a stable sort of the input would give).
func (h *newestCalls) sorted(skipped map[string]int) []toolcall.Row {
	if h.extra > 0 {
		skipped["older than the newest --newest calls"] += h.extra
	}
	sort.Slice(h.items, func(i, j int) bool {
		a, b := h.items[i], h.items[j]
		if !a.row.Ts.Equal(b.row.Ts) {
			return a.row.Ts.After(b.row.Ts)
		}
		return a.seq < b.seq
	})
	out := make([]toolcall.Row, len(h.items))
	for i, it := range h.items {
		out[i] = it.row
	}
	return out
}

// tableOptions completes the options of a table replay writes: the whole
// table replaced, or, for a shard, the shard's files added under a run id
// of its own and, at the commit, every file it does not keep removed.
func tableOptions(shard Shard, o dataset.Options) dataset.Options {
	if shard.N == 0 {
		o.Replace = true
		return o
	}
	o.RunID = shard.runPrefix() + strconv.FormatInt(time.Now().UnixNano(), 10)
	o.Supersedes = func(name string) bool { return !shard.keeps(name) }
	return o
}

// writeTable replaces one table (or a shard's files of it, tableOptions)
// with rows, leaving the old files in place if anything fails.
func writeTable[T any](outDir, table string, rows []T, opts dataset.Options) error {
	w, err := dataset.Create[T](outDir, table, opts)
	if err != nil {
		return fmt.Errorf("writing the %s table: %w", table, err)
	}
	for _, r := range rows {
		if err := w.Write(r); err != nil {
			w.Abort()
			return fmt.Errorf("writing the %s table: %w", table, err)
		}
	}
	if err := w.Commit(); err != nil {
		return fmt.Errorf("writing the %s table: %w", table, err)
	}
	return nil
}

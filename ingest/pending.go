package ingest

// PendingCall is a call whose result (tool output) has not been seen yet.
// Emitted says its row already went out with result unknown, so only a
// real result sends it again. It travels in a reader's state (JSON) so a
// later read of the file's tail can complete it.
type PendingCall struct {
	Row     Row  `json:"row"`
	Emitted bool `json:"emitted,omitempty"`
	done    bool
}

// Pending is the window of calls one transcript file keeps waiting for
// their results, in the order they were made: the readers whose results
// come on later lines (Claude Code's tool_result, Codex's call output)
// share it. A call left without a result (an interrupt, a crash) never
// gets it later, so the window is bounded: past max the oldest call goes
// out as unknown and is forgotten.
type Pending struct {
	max   int
	sink  Sink
	byID  map[string]*PendingCall
	order []*PendingCall
}

// NewPending returns a window of at most max calls whose evicted rows go
// to sink, holding kept (the calls a reader's state carried over) first.
func NewPending(max int, sink Sink, kept []*PendingCall) *Pending {
	w := &Pending{max: max, sink: sink, byID: map[string]*PendingCall{}}
	for _, p := range kept {
		w.byID[p.Row.CallID] = p
		w.order = append(w.order, p)
	}
	return w
}

// Get returns the waiting call with id Row.CallID.
func (w *Pending) Get(id string) (*PendingCall, bool) {
	p, ok := w.byID[id]
	return p, ok
}

// Add puts the call row at the end of the window; it reports false (and
// adds nothing) when a call with its CallID already waits.
func (w *Pending) Add(row Row) bool {
	if _, dup := w.byID[row.CallID]; dup {
		return false
	}
	Redact(w.sink, &row) // the window travels in the reader's state, in the manifest
	p := &PendingCall{Row: row}
	w.byID[row.CallID] = p
	w.order = append(w.order, p)
	if len(w.byID) > w.max {
		for _, old := range w.order {
			if old.done {
				continue
			}
			if !old.Emitted {
				w.sink.Row(old.Row)
			}
			w.Drop(old)
			break
		}
	}
	return true
}

// Drop takes p out of the window (its result came, or another list holds
// it now). The order slice is compacted once it is mostly dropped calls.
func (w *Pending) Drop(p *PendingCall) {
	p.done = true
	delete(w.byID, p.Row.CallID)
	if len(w.order) > 2*len(w.byID)+32 {
		kept := w.order[:0]
		for _, q := range w.order {
			if !q.done {
				kept = append(kept, q)
			}
		}
		clear(w.order[len(kept):])
		w.order = kept
	}
}

// Finish sends the calls still waiting as unknown (once: Emitted is set)
// and returns them, oldest first, for the reader's state.
func (w *Pending) Finish() []*PendingCall {
	kept := make([]*PendingCall, 0, len(w.byID))
	for _, p := range w.order {
		if p.done {
			continue
		}
		EmitOnce(w.sink, p)
		kept = append(kept, p)
	}
	return kept
}

// EmitOnce sends p's row as it stands (result unknown) unless it already
// went out.
func EmitOnce(sink Sink, p *PendingCall) {
	if !p.Emitted {
		sink.Row(p.Row)
		p.Emitted = true
	}
}

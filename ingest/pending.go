package ingest

import (
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
)

// PendingCall is a call whose result (tool output) has not been seen yet.
// Emitted says its row already went out with result unknown, so only a
// real result sends it again. It travels in a reader's state (JSON) so a
// later read of the file's tail can complete it.
type PendingCall struct {
	Row     Row  `json:"row"`
	Emitted bool `json:"emitted,omitempty"`
	done    bool
	// rankHead is the copy rank read back without its trailing file path
	// (MarshalJSON), until InFile restores it.
	rankHead *string
}

// MarshalJSON writes the call with the zero fields of its row left out
// (json.Unmarshal leaves them zero again), and without its SourceFile: a
// waiting call is kept in the state of the file it is in, which gives it
// back (InFile). A reader's state carries the calls still waiting in every
// manifest entry, and a row written whole, every empty column named, was
// most of a manifest of small sessions (issue 27: 1.8 KB of a file's
// entry, 181 MB at 100,000 sessions).
func (p PendingCall) MarshalJSON() ([]byte, error) {
	b := append(make([]byte, 0, 512), `{"row":{`...)
	row := p.Row
	sep := false
	if head, ok := strings.CutSuffix(row.CopyRank, row.SourceFile); ok && row.SourceFile != "" {
		// A copy rank that ends with the file's path (Claude Code's) is
		// written without it.
		q, _ := json.Marshal(head)
		b = append(b, `"`+rankHead+`":`...)
		b = append(b, q...)
		sep = true
		row.CopyRank = ""
	}
	row.SourceFile = ""
	v := reflect.ValueOf(row)
	t := v.Type()
	for i := range t.NumField() {
		f := v.Field(i)
		if !t.Field(i).IsExported() || f.IsZero() {
			continue
		}
		if sep {
			b = append(b, ',')
		}
		sep = true
		b = append(b, '"')
		b = append(b, t.Field(i).Name...)
		b = append(b, `":`...)
		// The common kinds by hand: json.Marshal of every field of every
		// waiting call was a visible part of a first run over 100,000
		// sessions.
		switch f.Kind() {
		case reflect.String:
			b = appendJSONString(b, f.String())
		case reflect.Int64:
			b = strconv.AppendInt(b, f.Int(), 10)
		case reflect.Bool:
			b = strconv.AppendBool(b, f.Bool())
		default:
			val, err := json.Marshal(f.Interface())
			if err != nil {
				return nil, err
			}
			b = append(b, val...)
		}
	}
	b = append(b, '}')
	if p.Emitted {
		b = append(b, `,"emitted":true`...)
	}
	return append(b, '}'), nil
}

// rankHead names, in a written row, its copy rank without the trailing
// SourceFile (MarshalJSON).
const rankHead = "CopyRankHead"

// UnmarshalJSON reads what MarshalJSON wrote (and the whole rows earlier
// states hold); a call written without its file needs InFile.
func (p *PendingCall) UnmarshalJSON(b []byte) error {
	var w struct {
		Row struct {
			Row
			Head *string `json:"CopyRankHead"`
		} `json:"row"`
		Emitted bool `json:"emitted"`
	}
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	p.Row, p.Emitted, p.rankHead = w.Row.Row, w.Emitted, w.Row.Head
	if p.Row.SourceFile != "" {
		p.InFile(p.Row.SourceFile)
	}
	return nil
}

// InFile gives a call read back from the state of the file at path what
// MarshalJSON left out: its SourceFile, and the path at the end of its
// copy rank.
func (p *PendingCall) InFile(path string) {
	if p.Row.SourceFile == "" {
		p.Row.SourceFile = path
	}
	if p.rankHead != nil {
		p.Row.CopyRank = *p.rankHead + p.Row.SourceFile
		p.rankHead = nil
	}
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
// to sink, holding kept (the calls the state of the file at path carried
// over, given their file back: InFile) first.
func NewPending(max int, sink Sink, kept []*PendingCall, path string) *Pending {
	w := &Pending{max: max, sink: sink, byID: map[string]*PendingCall{}}
	for _, p := range kept {
		p.InFile(path)
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

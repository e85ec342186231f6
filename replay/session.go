package replay

import (
	"sort"
	"strings"

	"github.com/permsim/permsim/dataset"
	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/toolcall"
)

// sessionHistory holds, per session, the outputs its calls returned (the
// calls table's output column, which only harnesses that decide on
// earlier output fill: Gemini CLI), in call order.
type sessionHistory map[sessionKey][]seqOutput

type sessionKey struct{ harness, session string }

type seqOutput struct {
	seq    int64
	output string
}

// newSessionHistory collects the outputs of calls, all of them: a call
// that --newest or --since leaves out still happened before the ones
// decided.
func newSessionHistory(calls []toolcall.Row) sessionHistory {
	h := sessionHistory{}
	for i := range calls {
		c := &calls[i]
		if c.Output == "" || c.SessionID == "" {
			continue
		}
		k := sessionKey{c.Harness, c.SessionID}
		h[k] = append(h[k], seqOutput{c.Seq, c.Output})
	}
	for _, outs := range h {
		sort.SliceStable(outs, func(i, j int) bool { return outs[i].seq < outs[j].seq })
	}
	return h
}

// readSessionHistory collects the outputs of every call of the calls
// table (the pass reads four columns; only calls with an output are kept,
// which only Gemini CLI's shell calls have, each cut to
// toolcall.OutputMax). It holds those outputs, not the calls: memory grows
// with the recorded Gemini CLI shell output, not with the calls. A table
// whose files' footers show the output column all null (no Gemini CLI
// calls) is not read at all.
func readSessionHistory(scan *ingest.CallsScan) (sessionHistory, error) {
	any := false
	for _, p := range scan.Parts() {
		if none, err := dataset.AllNull(p, "output"); err != nil || !none {
			any = true // a file the footer cannot tell about is read
			break
		}
	}
	if !any {
		return nil, nil
	}
	h := sessionHistory{}
	specs := []dataset.ColumnSpec{{Name: "harness", Kind: dataset.KindString}, {Name: "session_id", Kind: dataset.KindString},
		{Name: "seq", Kind: dataset.KindInt64}, {Name: "output", Kind: dataset.KindString}}
	err := scan.Read(specs, func(keep func(int) bool, first, n int, cols []dataset.ColumnValues) error {
		harness, session, seq, output := cols[0].Strings, cols[1].Strings, cols[2].Ints, cols[3].Strings
		for i := range n {
			if output[i] == "" || session[i] == "" || !keep(first+i) {
				continue
			}
			// Kept: copies, not views of the row group's buffers.
			k := sessionKey{strings.Clone(harness[i]), strings.Clone(session[i])}
			h[k] = append(h[k], seqOutput{seq[i], strings.Clone(output[i])})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, outs := range h {
		sort.SliceStable(outs, func(i, j int) bool { return outs[i].seq < outs[j].seq })
	}
	return h, nil
}

// before returns the outputs of the calls of c's session made before c,
// oldest first (nil when there are none).
func (h sessionHistory) before(c *toolcall.Row) []string {
	if len(h) == 0 {
		return nil // no Gemini CLI output anywhere: no key to hash
	}
	outs := h[sessionKey{c.Harness, c.SessionID}]
	var earlier []string
	for _, o := range outs {
		if o.seq >= c.Seq {
			break
		}
		earlier = append(earlier, o.output)
	}
	return earlier
}

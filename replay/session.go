package replay

import (
	"sort"

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

// readSessionHistory collects the outputs of every call of the store under
// outDir (the pass reads four columns; only calls with an output are kept,
// which only Gemini CLI's shell calls have, each cut to
// toolcall.OutputMax). It holds those outputs, not the calls: memory grows
// with the recorded Gemini CLI shell output, not with the calls.
func readSessionHistory(outDir string) (sessionHistory, error) {
	h := sessionHistory{}
	err := ingest.ReadCallsColumns(outDir, []string{"harness", "session_id", "seq", "output"}, func(c toolcall.Row) error {
		if c.Output != "" && c.SessionID != "" {
			k := sessionKey{c.Harness, c.SessionID}
			h[k] = append(h[k], seqOutput{c.Seq, c.Output})
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

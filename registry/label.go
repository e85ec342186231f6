package registry

import (
	"fmt"

	"github.com/permsim/permsim/engine"
)

// Agreement is how a simulator's decisions compared with the real harness
// on a corpus of calls recorded with it. The numbers are the "all: N/M rows
// agree" line of the harness's differential test (go test -run
// Differential -v ./engine/<harness>/), which replays Corpus; update them
// with the corpus.
type Agreement struct {
	Agreed   int    // calls on which the simulator reached the real outcome
	Compared int    // calls compared
	Corpus   string // the recorded corpus, relative to the repository root
}

// Label says what a result of this harness's simulator was checked
// against: "simulated; agrees with real Claude Code 2.1.328 on 1737 of
// 1768 recorded calls" where a recorded corpus exists, else engine.Label
// ("simulated from the documented rules").
func (h Harness) Label() string {
	if h.CheckedAgainst == "" || h.Agreement.Compared == 0 {
		return engine.Label
	}
	a := h.Agreement
	if a.Agreed == a.Compared {
		return fmt.Sprintf("simulated; agrees with real %s on %d recorded calls", h.CheckedAgainst, a.Compared)
	}
	return fmt.Sprintf("simulated; agrees with real %s on %d of %d recorded calls", h.CheckedAgainst, a.Agreed, a.Compared)
}

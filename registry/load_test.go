package registry

import (
	"testing"

	"github.com/permsim/permsim/engine"
)

// Every simulator's Load fails without a project folder (engine.Harness:
// "Load fails only when nothing usable could be built"), and a failed Load
// gives no policy: a nil *Policy inside the interface would not be == nil.
func TestFailedLoadGivesNoPolicy(t *testing.T) {
	for _, h := range Simulated() {
		sim, _ := h.NewSimulator(SimOptions{})
		p, err := sim.Load(engine.Env{})
		if err == nil {
			t.Errorf("%s: Load with no project folder: no error", h.ID)
		}
		if p != nil {
			t.Errorf("%s: a failed Load gave the policy %#v, want nil", h.ID, p)
		}
	}
}

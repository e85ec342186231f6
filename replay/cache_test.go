package replay

import (
	"context"
	"strconv"
	"sync"
	"testing"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/toolcall"
)

// callRow is a shell call of the fake harness in project.
func callRow(key, project, command string) toolcall.Row {
	return toolcall.Row{CallKey: key, Harness: "fake", ProjectDir: project, Cwd: project, Tool: "bash", Command: command}
}

// countingHarness counts the decisions its policy makes, per command.
type countingHarness struct {
	mu      sync.Mutex
	decided map[string]int
}

func (h *countingHarness) Name() string { return "fake" }
func (h *countingHarness) Load(env engine.Env) (engine.Policy, error) {
	return countingPolicy{h: h}, nil
}

type countingPolicy struct{ h *countingHarness }

func (p countingPolicy) Decide(c engine.Call, m engine.Mode) engine.Decision {
	p.h.mu.Lock()
	p.h.decided[c.Command]++
	p.h.mu.Unlock()
	return engine.Decision{Outcome: engine.Asks, Group: engine.GroupAsksMode, Step: "13 mode", Mode: m, Label: engine.Label}
}
func (countingPolicy) Modes() []engine.Mode     { return nil }
func (countingPolicy) Rules() []engine.RuleInfo { return nil }
func (countingPolicy) Problems() []string       { return nil }

// Issue 15: "decide each distinct (policy, mode, call) once — most calls
// in real sessions repeat — with the cache bounded". A command that keeps
// repeating among far more one-off commands than the cache holds is
// decided once, and every one-off once.
func TestRepeatedCallDecidedOnceAmongOneOffs(t *testing.T) {
	h := &countingHarness{decided: map[string]int{}}
	project := t.TempDir()
	var calls []toolcall.Row
	const oneOffs = 40_000 // ten times what a generation of the cache holds
	for i := range oneOffs {
		if i%10 == 0 {
			calls = append(calls, callRow("r"+strconv.Itoa(i), project, "git status"))
		}
		calls = append(calls, callRow("o"+strconv.Itoa(i), project, "echo "+strconv.Itoa(i)))
	}
	rows, _, sum, err := Decide(context.Background(), Options{Home: t.TempDir(), Workers: 1}, Harnesses{"fake": h}, calls)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(calls) || sum.Calls != len(calls) {
		t.Fatalf("%d rows, %d decided, for %d calls", len(rows), sum.Calls, len(calls))
	}
	if n := h.decided["git status"]; n != 1 {
		t.Errorf("the repeating command was decided %d times, want once", n)
	}
	if n := h.decided["echo 7"]; n != 1 {
		t.Errorf("a one-off command was decided %d times, want once", n)
	}
}

package verify

import (
	"context"
	"io"
	"sync"
)

// WithMock makes the CaseFunc of a driver whose harness runs against a
// mock model. Every case starts the same way, in this order: the case
// laid out under Home by layout, the simulator's answer for it in out
// (before the harness can change the files), and the mock model started
// on the case's calls by start. Then talk runs the harness against the
// mock and returns each call's result (it may set out's other fields);
// the mock is closed after.
func WithMock[M io.Closer](layout func(Case, string) error, simulate func(Case) ([]Simulated, []string), start func([]Call) (M, error),
	talk func(ctx context.Context, j Job, ctl string, out *Answer, mock M) ([]Result, error)) CaseFunc {
	return func(ctx context.Context, j Job, ctl string, out *Answer) ([]Result, error) {
		if err := layout(j.Case, Home); err != nil {
			return nil, err
		}
		out.Simulated, out.Problems = simulate(j.Case)
		mock, err := start(j.Case.Calls)
		if err != nil {
			return nil, err
		}
		defer mock.Close()
		return talk(ctx, j, ctl, out, mock)
	}
}

// Asks keeps the permission request the harness sent for each call id,
// the first one only (a retried request does not replace it). The
// protocol's reading goroutine records; the driver reads.
type Asks struct {
	mu sync.Mutex
	m  map[string]map[string]any
}

// Record keeps ask as the request for call id unless one is kept already.
func (a *Asks) Record(id string, ask map[string]any) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.m == nil {
		a.m = map[string]map[string]any{}
	}
	if _, seen := a.m[id]; !seen {
		a.m[id] = ask
	}
}

// Get is the request kept for call id, nil when the harness asked nothing.
func (a *Asks) Get(id string) map[string]any {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.m[id]
}

// FirstPrompt is the user message that starts a scripted session.
const FirstPrompt = "Run the scripted tool calls, one per turn."

// PromptUntilAnswered sends prompt turns in one conversation until every
// call has an answer: FirstPrompt, then "Continue." (a turn can end before
// every call was served, when the harness gives up after a refusal), at
// most calls+2 turns in all. turn sends one prompt and returns once the
// turn has ended.
func PromptUntilAnswered(calls int, answered func() bool, turn func(prompt string) error) error {
	for n := 0; n <= calls+1 && !answered(); n++ {
		prompt := FirstPrompt
		if n > 0 {
			prompt = "Continue."
		}
		if err := turn(prompt); err != nil {
			return err
		}
	}
	return nil
}

// SetOutput records the tool result text the harness returned (truncated
// to 2000 bytes) and whether it was an error.
func (r *Result) SetOutput(text string, isErr bool) {
	r.Raw = Truncate(text, 2000)
	r.IsError = &isErr
}

// AllAnswered reports whether each of a case's n calls (CallID(i)) has an
// answer: a permission request kept in asks, or a tool output in outs.
func AllAnswered[T any](n int, asks *Asks, outs *Outputs[T]) bool {
	for i := range n {
		id := CallID(i)
		if asks.Get(id) != nil {
			continue
		}
		if _, got := outs.Output(id); !got {
			return false
		}
	}
	return true
}

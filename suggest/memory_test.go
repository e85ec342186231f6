package suggest

import (
	"context"
	"runtime/debug"
	"testing"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/claude"
	"github.com/permsim/permsim/engine/danger"
	"github.com/permsim/permsim/internal/heappeak"
	"github.com/permsim/permsim/internal/transcriptgen"
	"github.com/permsim/permsim/replay"
	"github.com/permsim/permsim/toolcall"
)

// everydayAfter is a Source of transcriptgen's Claude Code calls: the
// first risky ones all, then only everyday (not dangerous) calls up to n
// generated. The calls are made again at each read, never held: what
// suggest holds is all the test measures. Two sizes share their risky
// calls and differ in everyday calls only.
func everydayAfter(first, n int, home string) Source {
	return func(fn func(*toolcall.Row) error) error {
		i := 0
		for r := range transcriptgen.Calls(n, 27) {
			i++
			if r.Harness != toolcall.ClaudeCode {
				continue
			}
			if i > first && len(danger.Check(engine.Call{Tool: engine.ToolBash, Command: r.Command, Cwd: r.Cwd}, r.ProjectDir, home)) > 0 {
				continue
			}
			r.CallKey = r.Harness + ":" + r.SessionID + ":" + r.CallID
			if err := fn(&r); err != nil {
				return err
			}
		}
		return nil
	}
}

// TestMemoryFlatInEverydayCalls: issue 27, "suggest on 520k calls ran …
// at 933 MB", and the rule "memory must not grow with the number of
// calls": suggest held every call and its decision (715 MB live at
// 520,000 calls). Four times the everyday calls (the same risky calls,
// whose candidate rules suggest keeps) must not raise the peak live heap
// beyond a quarter and 4 MiB. The smaller history is large enough to fill
// the bounded buffers (the calls waiting to be decided with a rule,
// replay's decision cache): about 21 MiB from 50,000 calls on, where
// 20,000 calls peak near 13 MiB.
func TestMemoryFlatInEverydayCalls(t *testing.T) {
	if testing.Short() {
		t.Skip("decides 250,000 generated calls, twice")
	}
	const first, small, large = 4_000, 50_000, 200_000
	old := debug.SetMemoryLimit(64 << 20)
	defer debug.SetMemoryLimit(old)
	home := t.TempDir()
	everyday := map[int]int{}
	peaks := heappeak.Lowest(2, []int{small, large}, func(n int) []uint64 {
		yes := true
		var res *Result
		peak, err := heappeak.During(func() error {
			var err error
			res, err = SuggestFrom(context.Background(), everydayAfter(first, n, home), replay.Harnesses{toolcall.ClaudeCode: claude.New()}, nil,
				Options{TmpDir: t.TempDir(), Replay: replay.Options{Home: home, ForceHome: true, Trust: &yes, Workers: 2}})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Harnesses) == 0 || len(res.Harnesses[0].Rules) == 0 {
			t.Fatalf("%d calls: no rules suggested; the test exercises nothing", n)
		}
		everyday[n] = res.Everyday
		t.Logf("%d generated: %d calls decided, %d risky, %d everyday; peak live heap %.1f MiB", n, res.Calls, res.Risky, res.Everyday, float64(peak)/(1<<20))
		return []uint64{peak}
	})
	if everyday[large] < 3*everyday[small] {
		t.Fatalf("everyday calls %d → %d: the larger history does not hold several times more", everyday[small], everyday[large])
	}
	if a, b := peaks[0][0], peaks[1][0]; heappeak.Grows(a, b, 4<<20) {
		t.Errorf("peak live heap grows with the everyday calls: %.1f MiB with %d, %.1f MiB with %d",
			float64(a)/(1<<20), everyday[small], float64(b)/(1<<20), everyday[large])
	}
}

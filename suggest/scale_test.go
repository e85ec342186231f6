package suggest

import (
	"context"
	"encoding/json"
	"slices"
	"sort"
	"testing"

	"github.com/permsim/permsim/engine/claude"
	"github.com/permsim/permsim/internal/transcriptgen"
	"github.com/permsim/permsim/replay"
	"github.com/permsim/permsim/toolcall"
)

// generated is n of transcriptgen's calls (Claude Code only: the Codey
// ones have no rule writer), keyed.
func generated(n int) []toolcall.Row {
	var rows []toolcall.Row
	for r := range transcriptgen.Calls(n, 27) {
		if r.Harness != toolcall.ClaudeCode {
			continue
		}
		r.CallKey = r.Harness + ":" + r.SessionID + ":" + r.CallID
		rows = append(rows, r)
	}
	return rows
}

func suggestGenerated(t *testing.T, n int) *Result {
	t.Helper()
	yes := true
	res, err := Suggest(context.Background(), generated(n), replay.Harnesses{toolcall.ClaudeCode: claude.New()}, nil,
		Options{TmpDir: t.TempDir(), Replay: replay.Options{Home: t.TempDir(), ForceHome: true, Trust: &yes, Workers: 2}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Harnesses) == 0 || len(res.Harnesses[0].Rules) == 0 {
		t.Fatalf("%d calls: no rules suggested; the test exercises nothing", n)
	}
	return res
}

// TestSuggestWorkLinear: issue 27, "suggest on 520k calls ran > 10 min
// … replay.Decide re-decides the history per candidate". The work is
// counted, not timed: the calls decided again to score the candidates one
// by one must grow about as the history does (4 times the calls, about 4
// times the work), not as candidates × calls (16 times: a history's
// one-off commands each bring candidates of their own, and every call
// naming the command's first word was decided again for each).
func TestSuggestWorkLinear(t *testing.T) {
	work := func(n int) int {
		w := 0
		for _, hr := range suggestGenerated(t, n).Harnesses {
			w += hr.rechecked
		}
		return w
	}
	small, large := work(1000), work(4000)
	t.Logf("calls decided again: %d for 1,000 calls, %d for 4,000", small, large)
	if small == 0 || large > 5*small {
		t.Errorf("calls decided again grew %d → %d (×%.1f) for 4 times the calls: not linear", small, large, float64(large)/float64(max(small, 1)))
	}
}

// TestSuggestSameWithIndex: the index only leaves out calls a candidate
// cannot change: the suggestion is the same as when every call naming the
// candidate's first word is decided again.
func TestSuggestSameWithIndex(t *testing.T) {
	with := suggestGenerated(t, 1500)
	useCallIndex = false
	defer func() { useCallIndex = true }()
	without := suggestGenerated(t, 1500)
	a, _ := json.MarshalIndent(with, "", " ")
	b, _ := json.MarshalIndent(without, "", " ")
	if string(a) != string(b) {
		t.Errorf("with the index:\n%s\nwithout:\n%s", a, b)
	}
}

// TestSuggestNewest: with --newest N suggest decides the newest N calls
// (holding those, not the history) and suggests as it does on those calls
// alone, newest first.
func TestSuggestNewest(t *testing.T) {
	calls := generated(3000)
	yes := true
	run := func(calls []toolcall.Row, newest int) []byte {
		res, err := Suggest(context.Background(), calls, replay.Harnesses{toolcall.ClaudeCode: claude.New()}, nil,
			Options{TmpDir: t.TempDir(), Replay: replay.Options{Home: t.TempDir(), ForceHome: true, Trust: &yes, Workers: 2, Newest: newest}})
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.MarshalIndent(res, "", " ")
		return b
	}
	got := run(calls, 1000)
	kept := slices.Clone(calls)
	sort.SliceStable(kept, func(i, j int) bool { return kept[i].Ts.After(kept[j].Ts) })
	want := run(kept[:1000], 0)
	if string(got) != string(want) {
		t.Errorf("--newest 1000:\n%s\nthe newest 1,000 calls alone:\n%s", got, want)
	}
	if string(got) == string(run(calls, 0)) {
		t.Error("--newest 1000 suggests as the whole history does: the test tells nothing")
	}
}

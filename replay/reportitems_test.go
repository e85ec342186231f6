package replay

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/permsim/permsim/toolcall"
)

// The top three and count of a set of groups are the report's SQL's —
// list(what ORDER BY n DESC, what ASC)[1:3] over the groups' items
// summed, and their count — checked against exact counts made here on
// random sets of few and many items, with ties, one to three sources in
// two itemCounts, held in memory or (a bound of 200 bytes) in run files.
func TestSumTopsIsTheExactTopThree(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 600 {
		dir := t.TempDir()
		ics := []*itemCounts{newItemCounts(dir), newItemCounts(dir)}
		if trial%2 == 1 {
			for _, ic := range ics {
				ic.limit = 200
			}
		}
		var sets [][]itemSource
		var want []groupTop
		distinct := map[string]bool{} // group and text
		for set := range 1 + rng.IntN(3) {
			var srcs []itemSource
			exact := map[string]int64{}
			var total int64
			for i := range 1 + rng.IntN(3) {
				src := itemSource{ics[i%2], int32(10*set + i)}
				srcs = append(srcs, src)
				for range rng.IntN(40) {
					what := fmt.Sprintf("cmd %d", rng.IntN(1+rng.IntN(30)))
					src.ic.add(src.group, what, 1)
					distinct[fmt.Sprint(src.group, what)] = true
					exact[what]++
					total++
				}
			}
			top := make([]counted, 0, len(exact))
			for w, n := range exact {
				top = append(top, counted{w, n})
			}
			sortCounted(top)
			sets = append(sets, srcs)
			want = append(want, groupTop{top[:min(3, len(top))], total})
		}
		// Another group's items in the same counts must not count.
		ics[0].add(99, "cmd 0", 5)
		got, ok := sumTops(dir, sets)
		if !ok {
			t.Fatalf("trial %d: no answer", trial)
		}
		for i := range want {
			if !slices.Equal(got[i].top, want[i].top) || got[i].total != want[i].total {
				t.Fatalf("trial %d set %d: top %v total %d, want %v total %d", trial, i, got[i].top, got[i].total, want[i].top, want[i].total)
			}
		}
		// One group alone, as the approving rules' lists are read.
		tops, ok := ics[0].tops()
		if !ok || tops[99] == nil || tops[99].total != 5 || !slices.Equal(tops[99].top, []counted{{"cmd 0", 5}}) {
			t.Fatalf("trial %d: group 99 alone: %+v", trial, tops[99])
		}
		if trial%2 == 1 && len(distinct) >= 8 && ics[0].sorter == nil && ics[1].sorter == nil {
			t.Fatalf("trial %d: a bound of 200 bytes wrote no run", trial)
		}
		for _, ic := range ics {
			ic.remove()
		}
		if left, _ := filepath.Glob(filepath.Join(dir, itemRunPattern)); len(left) != 0 {
			t.Fatalf("trial %d: run files left: %v", trial, left)
		}
	}
}

// The causes and the note reportSum writes are the report's own words:
// each stands in the SQL it rewrites (queries/sql/report_undecided.sql,
// with SQL's quotes), so the two cannot drift apart unnoticed.
func TestReportSumWordsAreTheSQLs(t *testing.T) {
	sql, err := os.ReadFile("../queries/sql/report_undecided.sql")
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{sqlNoteProjectMissing, causeProjectMissing, causeCouldNotTell, causeNoSimulator, causeNotReplayed,
		causeDeclinedNoCommand, causeNoCommand, causeProjectNotDecided, causeLeftOut} {
		if q := "'" + strings.ReplaceAll(w, "'", "''"); !strings.Contains(string(sql), q) {
			t.Errorf("report_undecided.sql does not say %s", q)
		}
	}
}

// "Whatever could not be followed exactly … marks the summary failed, and
// none is written": once one side fails, the other side drops its tables
// at its next row instead of filling them to their bounds for a summary
// that will not be written, and finish gives none.
func TestReportSumGivesUpOnBothSides(t *testing.T) {
	s := newReportSum(t.TempDir(), Options{}, nil)
	ok := toolcall.Row{Harness: "codex", ProjectDir: "/p", CallKey: "k1", Command: "ls"}
	s.call(&ok, false)
	if s.calls.released || s.gaveUp.Load() {
		t.Fatal("a plain row gave the summary up")
	}
	// A harness name a partition folder would escape cannot be followed.
	bad := toolcall.Row{Harness: "a/b", CallKey: "k2"}
	s.call(&bad, true)
	s.call(&ok, true)
	if !s.calls.released || s.calls.projects != nil || s.calls.undecided.items != nil {
		t.Errorf("the calls side kept its tables after failing: %+v", s.calls)
	}
	s.decided(&ok, nil, agreed{})
	if !s.decs.released || s.decs.agg != nil || s.decs.approved != nil || s.decs.told != nil {
		t.Errorf("the decisions side kept its tables after the calls side failed")
	}
	if sum := s.finish(nil); sum != nil {
		t.Errorf("finish gave a summary after failing: %+v", sum)
	}
}

package replay

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/permsim/permsim/toolcall"
)

// topItems keeps only the texts a top three can need, yet gives the top
// three the report's SQL gives — list(what ORDER BY n DESC, what ASC)[1:3]
// over the groups' items summed — whenever it answers, and it always
// answers for one group: checked against the exact counts on random groups
// of few and many items, with ties, one to three sources.
func TestTopItemsIsTheExactTopThree(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	answered := 0
	for trial := range 3000 {
		ics := []*itemCounts{newItemCounts(), newItemCounts()}
		nsrc := 1 + rng.IntN(3)
		var srcs []itemSource
		exact := map[string]int64{}
		var total int64
		for i := range nsrc {
			src := itemSource{ics[i%2], int32(i)}
			srcs = append(srcs, src)
			items := 1 + rng.IntN(12)
			for range items {
				what := fmt.Sprintf("cmd %d", rng.IntN(1+rng.IntN(20)))
				src.ic.add(src.group, what, 1)
				exact[what]++
				total++
			}
		}
		// Another group's items in the same counts must not count.
		ics[0].add(99, "cmd 0", 5)
		want := make([]counted, 0, len(exact))
		for w, n := range exact {
			want = append(want, counted{w, n})
		}
		sortCounted(want)
		want = want[:min(3, len(want))]
		got, gotTotal, ok := topItems(srcs)
		if nsrc == 1 && !ok {
			t.Fatalf("trial %d: one source, no answer", trial)
		}
		if !ok {
			continue
		}
		answered++
		if !slices.Equal(got, want) || gotTotal != total {
			t.Fatalf("trial %d: top %v total %d, want %v total %d", trial, got, gotTotal, want, total)
		}
	}
	if answered < 2000 {
		t.Errorf("only %d of 3000 answered", answered)
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
	s.decided(&ok, nil)
	if !s.decs.released || s.decs.agg != nil || s.decs.approved != nil || s.decs.told != nil {
		t.Errorf("the decisions side kept its tables after the calls side failed")
	}
	if sum := s.finish(nil); sum != nil {
		t.Errorf("finish gave a summary after failing: %+v", sum)
	}
}

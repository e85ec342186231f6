package corpustest

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
)

// Result is what every corpus's result rows record; a harness's own row
// type embeds it and adds what only its corpus records.
type Result struct {
	ID            string `json:"id"`
	CallIndex     int    `json:"call_index"`
	Config        string `json:"config"`
	Outcome       string `json:"outcome"`
	Pattern       string `json:"pattern"`
	EffectiveMode string `json:"effective_mode"`
}

// Common is the row's shared part (promoted to the types that embed it).
func (r Result) Common() Result { return r }

// Key is the row's key in known-differences.txt: "<id>#<call>".
func (r Result) Key() string { return fmt.Sprintf("%s#%d", r.ID, r.CallIndex) }

// CaseID is the case's id (promoted to the types that embed Case).
func (c Case) CaseID() string { return c.ID }

// Row is one compared call of a corpus.
type Row struct {
	// Key names the row in known-differences.txt; Config and Outcome
	// (the real one) are what the agreement is counted by.
	Key, Config, Outcome string
	// Decide, when set, asks the simulator; Diff.Workers rows are decided
	// at once, in any order, before any row is judged.
	Decide func()
	// Agree says whether the simulator agrees with the real harness, and
	// how they differ when it does not; rows are judged in order.
	Agree func() (ok bool, detail func() string)
}

// Diff is one harness's differential corpus for Run: where it is, and the
// few things only the harness knows, as functions.
type Diff[C interface{ CaseID() string }, R interface{ Common() Result }, P any] struct {
	// Dir and Base name the corpus: Dir/Base.cases.jsonl and
	// Dir/Base.results.jsonl.
	Dir, Base string
	Known     *Known
	// Min is the agreement under which the corpus fails (0: none; a
	// corpus with no compared row fails anyway).
	Min float64
	// PerCase loads a policy per case rather than per configuration.
	PerCase bool
	// Workers is how many rows are decided at once (0 or 1: one).
	Workers int
	// Load lays out case c (first seen with row r) in a fresh folder and
	// loads its policy, returning it with the home folder the corpus's
	// /home/user stands for; or it names what the simulator cannot stand
	// in for, and the configuration's rows are skipped.
	Load func(t *testing.T, c C, r R) (p P, home, unsupported string)
	// Mode, when set, checks the loaded policy's effective mode against
	// row r's, once per policy.
	Mode func(t *testing.T, p P, r R)
	// Rows makes the compared rows of result r: the call of c it names,
	// with its inputs moved to home (Rehome), decided by p; earlier are
	// the case's earlier results, in call order, for simulators that look
	// at the session so far.
	Rows func(t *testing.T, p P, home string, c C, r R, earlier []R) []Row
}

// Run compares every row of a corpus with the simulator: it loads one
// policy per configuration (or case), decides each row, fails a row that
// differs and is not in d.Known (and a listed row that agrees), logs the
// agreement per configuration and outcome, and fails a corpus under
// d.Min. It returns the agreeing and compared rows.
func Run[C interface{ CaseID() string }, R interface{ Common() Result }, P any](t *testing.T, d Diff[C, R, P]) (agree, total int) {
	t.Helper()
	cases := map[string]C{}
	for _, c := range ReadJSONL[C](t, d.Dir, d.Base+".cases.jsonl") {
		cases[c.CaseID()] = c
	}
	results := ReadJSONL[R](t, d.Dir, d.Base+".results.jsonl")
	byCase := map[string][]R{}
	for _, r := range results {
		byCase[r.Common().ID] = append(byCase[r.Common().ID], r)
	}
	type loaded struct {
		p           P
		home, unsup string
	}
	policies := map[string]loaded{}
	skipped := map[string]int{}
	var rows []Row
	for _, r := range results {
		rc := r.Common()
		c, ok := cases[rc.ID]
		if !ok {
			t.Fatalf("result %s has no case", rc.Key())
		}
		if AgreeingOnly && d.Known.Listed(rc.Key()) {
			continue // nor is its configuration loaded for it
		}
		key := rc.Config
		if d.PerCase {
			key = rc.ID
		}
		l, seen := policies[key]
		if !seen {
			l.p, l.home, l.unsup = d.Load(t, c, r)
			policies[key] = l
			if l.unsup == "" && d.Mode != nil {
				d.Mode(t, l.p, r)
			}
		}
		if l.unsup != "" {
			if !seen {
				skipped[l.unsup]++
			}
			continue
		}
		var earlier []R
		for _, e := range byCase[rc.ID] {
			if e.Common().CallIndex < rc.CallIndex {
				earlier = append(earlier, e)
			}
		}
		sort.SliceStable(earlier, func(i, j int) bool { return earlier[i].Common().CallIndex < earlier[j].Common().CallIndex })
		rows = append(rows, d.Rows(t, l.p, l.home, c, r, earlier)...)
	}
	if AgreeingOnly {
		kept := rows[:0]
		for _, row := range rows {
			if !d.Known.Listed(row.Key) {
				kept = append(kept, row)
			}
		}
		rows = kept
	}
	decideAll(rows, d.Workers)
	var scores Scores
	for _, row := range rows {
		ok, detail := row.Agree()
		scores.Add(row.Config, row.Outcome, ok)
		d.Known.Check(t, row.Key, ok, detail)
	}
	agree, total = scores.Log(t)
	t.Logf("all: %d/%d rows agree (%.1f%%); %d known differences; skipped configurations: %v",
		agree, total, 100*float64(agree)/float64(max(total, 1)), d.Known.Len(), skipped)
	if total == 0 || float64(agree) < d.Min*float64(total) {
		t.Errorf("agreement %d/%d is under the %.1f%% target", agree, total, 100*d.Min)
	}
	return agree, total
}

// decideAll runs every row's Decide, workers at once.
func decideAll(rows []Row, workers int) {
	if workers < 1 {
		workers = 1
	}
	var wg sync.WaitGroup
	next := make(chan Row)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for row := range next {
				row.Decide()
			}
		}()
	}
	for _, row := range rows {
		if row.Decide != nil {
			next <- row
		}
	}
	close(next)
	wg.Wait()
}

// RunDrawn runs corpus over every <base>.results.jsonl in dir (the corpora
// verify/generate drew, one per seed), each as a subtest, checks that every
// line of dir's known-differences.txt was seen, and fails when agreement
// over all of them together is under target: one seed's few hundred rows
// are too few to judge alone. A dir without corpora fails. It returns the
// rows that agree and the rows compared, over all of them (for
// CheckAgreement).
func RunDrawn(t *testing.T, dir string, target float64, corpus func(t *testing.T, dir, base string, known *Known) (agree, total int)) (int, int) {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*.results.jsonl"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no drawn corpora in %s: %v", dir, err)
	}
	known := LoadKnown(t, dir)
	agree, total := 0, 0
	for _, n := range names {
		base := strings.TrimSuffix(filepath.Base(n), ".results.jsonl")
		t.Run(base, func(t *testing.T) {
			a, n := corpus(t, dir, base, known)
			agree, total = agree+a, total+n
		})
	}
	known.CheckAllSeen(t, "")
	t.Logf("all drawn corpora: %d/%d rows agree (%.2f%%)", agree, total, 100*float64(agree)/float64(max(total, 1)))
	if float64(agree) < target*float64(total) {
		t.Errorf("agreement %d/%d is under the %.1f%% target", agree, total, 100*target)
	}
	return agree, total
}

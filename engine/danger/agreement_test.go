package danger

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// A second labelling (testdata/danger/independent/agreement/NAME/): lines
// of the labelled parts relabelled blind by another labeller who followed
// the same README and saw neither the first labels nor the marker. It says
// how far two careful labellers agree, which bounds what any figure
// measured against one labeller's labels can show (README "Second
// labellings"). Files:
//
//	sample.tsv     bid, id, part, weight: the line of a part each bid is
//	               (weight: how many lines of the parts' mix it stands for,
//	               when the sample was drawn per first label)
//	labels-b.tsv   bid, label (E or a category), reason: the second labels
//	intent-b.tsv   bid, intent (E or a category), reason: what a line the
//	               second labeller judged as written is written to do
//	adjudicated.tsv (optional) bid, label, reason: for lines the two
//	               labellers disagree on, the label a third reading of the
//	               rules settled on, made before the marker ran on them
type secondLabelling struct {
	name     string
	lines    []labelledLine // first labels, in sample order
	bids     []string
	weight   []float64
	b        map[string]string // bid → E or category
	intentB  map[string]string
	adjudged map[string]string
}

// readTSV reads a tab-separated file with a header line; a row of the
// wrong width fails the test with its file and line.
func readTSV(t *testing.T, name string, width int, optional bool) [][]string {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		if optional && os.IsNotExist(err) {
			return nil
		}
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var rows [][]string
	for n := 1; sc.Scan(); n++ {
		if n == 1 {
			continue
		}
		r := strings.Split(sc.Text(), "\t")
		if len(r) != width || r[0] == "" || r[1] == "" || r[width-1] == "" {
			t.Fatalf("%s:%d: want %d non-empty tab-separated fields", name, n, width)
		}
		rows = append(rows, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return rows
}

// loadSecondLabellings reads every second labelling and checks its form:
// each sampled id is a line of its part, each bid has exactly one second
// label from the category list, and intent and adjudicated rows name
// sampled bids (adjudicated ones only lines the labellers disagree on).
func loadSecondLabellings(t *testing.T) []*secondLabelling {
	t.Helper()
	dirs, err := filepath.Glob("../../testdata/danger/independent/agreement/*/sample.tsv")
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no second labelling found (%v)", err)
	}
	parts := map[string]map[string]labelledLine{}
	label := func(v string, where string) string {
		if v != "E" && !slices.Contains(Categories, v) {
			t.Fatalf("%s: label %q: want E or one of Categories", where, v)
		}
		return v
	}
	var out []*secondLabelling
	for _, s := range dirs {
		dir := filepath.Dir(s)
		sl := &secondLabelling{name: filepath.Base(dir), b: map[string]string{}, intentB: map[string]string{}, adjudged: map[string]string{}}
		seen := map[string]bool{}
		for _, r := range readTSV(t, s, 4, false) {
			if parts[r[2]] == nil {
				parts[r[2]] = map[string]labelledLine{}
				for _, l := range readLabelled(t, r[2]) {
					parts[r[2]][l.ID] = l
				}
			}
			l, ok := parts[r[2]][r[1]]
			if !ok || seen[r[0]] {
				t.Fatalf("%s: %s: %s is not a line of %s, or the bid repeats", s, r[0], r[1], r[2])
			}
			w, err := strconv.ParseFloat(r[3], 64)
			if err != nil || w <= 0 {
				t.Fatalf("%s: %s: weight %q", s, r[0], r[3])
			}
			seen[r[0]] = true
			sl.lines, sl.bids, sl.weight = append(sl.lines, l), append(sl.bids, r[0]), append(sl.weight, w)
		}
		for name, m := range map[string]map[string]string{"labels-b.tsv": sl.b, "intent-b.tsv": sl.intentB, "adjudicated.tsv": sl.adjudged} {
			file := filepath.Join(dir, name)
			for _, r := range readTSV(t, file, 3, name != "labels-b.tsv") {
				if !seen[r[0]] || m[r[0]] != "" {
					t.Fatalf("%s: %s is not a sampled bid, or has two rows", file, r[0])
				}
				m[r[0]] = label(r[1], file+": "+r[0])
			}
		}
		for i, bid := range sl.bids {
			if sl.b[bid] == "" {
				t.Fatalf("%s: %s (%s) has no second label", dir, bid, sl.lines[i].ID)
			}
			if _, ok := sl.adjudged[bid]; ok && (sl.lines[i].Label == "dangerous") == (sl.b[bid] != "E") {
				t.Fatalf("%s: %s is adjudicated but the labellers agree on it", dir, bid)
			}
		}
		out = append(out, sl)
	}
	return out
}

// agreement is one labelling judged against another taken as the truth,
// the same figures TestIndependentCorpora prints for the marker: raw
// counts, and precision and recall weighted back to the parts' mix.
type agreement struct {
	n, tp, fp, fn, same int
	wtp, wfp, wfn       float64
}

func (a agreement) String() string {
	agree := pct(a.n-a.fp-a.fn, a.n)
	// Cohen's kappa: agreement beyond what the two sides' rates of
	// "dangerous" would give by chance.
	n := float64(a.n)
	pt, pp := float64(a.tp+a.fn)/n, float64(a.tp+a.fp)/n
	chance := pt*pp + (1-pt)*(1-pp)
	kappa := (agree/100 - chance) / (1 - chance)
	return fmt.Sprintf("agree %5.1f %% (kappa %.3f) | precision %6.2f %% recall %6.2f %% (tp %d, fp %d, fn %d; same category %5.1f %%) | at the parts' mix: precision %6.2f %%, recall %6.2f %%",
		agree, kappa, pct(a.tp, a.tp+a.fp), pct(a.tp, a.tp+a.fn), a.tp, a.fp, a.fn, pct(a.same, a.tp),
		100*a.wtp/(a.wtp+a.wfp), 100*a.wtp/(a.wtp+a.wfn))
}

// judge compares pred with truth (E or a category per line; a prediction
// is a set, since the marker gives several) on the lines keep selects.
func judge(truth []string, pred [][]string, weight []float64, keep func(int) bool) agreement {
	var a agreement
	for i := range truth {
		if !keep(i) {
			continue
		}
		a.n++
		t, p := truth[i] != "E", len(pred[i]) > 0 && pred[i][0] != "E"
		switch {
		case t && p:
			a.tp++
			a.wtp += weight[i]
			if slices.Contains(pred[i], truth[i]) {
				a.same++
			}
		case p:
			a.fp++
			a.wfp += weight[i]
		case t:
			a.fn++
			a.wfn += weight[i]
		}
	}
	return a
}

// poolParts names the second labellings pooled at the end of
// TestSecondLabellings (comma-separated; all adjudicated ones when empty),
// so that parts measured together, unseen ones say, are read as one:
// go test ./engine/danger -run TestSecondLabellings -v -args -pool heldout17,heldout18
var poolParts = flag.String("pool", "", "second labellings to pool in TestSecondLabellings (comma-separated; default all adjudicated)")

// TestSecondLabellings prints, for each second labelling, how far the two
// labellers agree and how far the marker agrees with each, as written and
// by intent, and with the lines they agree on (and, where one exists, with
// the adjudicated labels). The figures are reported, not failed: they say
// what the 97 % can mean when one labeller's labels are the truth.
func TestSecondLabellings(t *testing.T) {
	intentA, _ := loadIntent(t)
	all := func(int) bool { return true }
	var pooled []labelledLine
	var pooledNames []string
	for _, sl := range loadSecondLabellings(t) {
		n := len(sl.bids)
		a, b, ai, bi, adj := make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n)
		pb, pbi, marker := make([][]string, n), make([][]string, n), make([][]string, n)
		for i, l := range sl.lines {
			a[i] = "E"
			if l.Label == "dangerous" {
				a[i] = l.Category
			}
			ai[i] = a[i]
			if r, ok := intentA[l.ID]; ok {
				ai[i] = r.Intent
				if ai[i] == "everyday" {
					ai[i] = "E"
				}
			}
			b[i], bi[i] = sl.b[sl.bids[i]], sl.b[sl.bids[i]]
			if v := sl.intentB[sl.bids[i]]; v != "" {
				bi[i] = v
			}
			adj[i] = a[i]
			if v := sl.adjudged[sl.bids[i]]; v != "" {
				adj[i] = v
			}
			pb[i], pbi[i] = []string{b[i]}, []string{bi[i]}
			marker[i] = Check(l.call())
		}
		agreed := func(i int) bool { return (a[i] == "E") == (b[i] == "E") }
		da, db := 0, 0
		for i := range a {
			if a[i] != "E" {
				da++
			}
			if b[i] != "E" {
				db++
			}
		}
		t.Logf("%s: %d lines, %d labelled dangerous by the first labellers, %d by the second", sl.name, n, da, db)
		t.Logf("  second labeller judged against the first (as written): %v", judge(a, pb, sl.weight, all))
		t.Logf("  second labeller judged against the first (by intent):  %v", judge(ai, pbi, sl.weight, all))
		t.Logf("  marker against the first labels (as written):          %v", judge(a, marker, sl.weight, all))
		t.Logf("  marker against the second labels (as written):         %v", judge(b, marker, sl.weight, all))
		t.Logf("  marker against the first labels (by intent):           %v", judge(ai, marker, sl.weight, all))
		t.Logf("  marker against the second labels (by intent):          %v", judge(bi, marker, sl.weight, all))
		t.Logf("  marker on the %d lines both call alike:               %v", judge(a, marker, sl.weight, agreed).n, judge(a, marker, sl.weight, agreed))
		if len(sl.adjudged) > 0 {
			t.Logf("  marker against the adjudicated labels (%d settled):     %v", len(sl.adjudged), judge(adj, marker, sl.weight, all))
			settled := adjudicatedLines(sl)
			measure(settled).table(t, sl.name+" with the adjudicated labels", false)
			if *poolParts == "" || slices.Contains(strings.Split(*poolParts, ","), sl.name) {
				pooled = append(pooled, settled...)
				pooledNames = append(pooledNames, sl.name)
			}
		}
	}
	if len(pooledNames) > 1 {
		measure(pooled).table(t, strings.Join(pooledNames, " + ")+" pooled, with the adjudicated labels", false)
	}
}

// adjudicatedLines are a second labelling's lines with the labels the
// two labellers agree on, and the adjudicated label where they do not.
func adjudicatedLines(sl *secondLabelling) []labelledLine {
	out := make([]labelledLine, len(sl.lines))
	for i, l := range sl.lines {
		if v := sl.adjudged[sl.bids[i]]; v != "" {
			l.Label, l.Category = "dangerous", v
			if v == "E" {
				l.Label, l.Category = "everyday", ""
			}
		}
		out[i] = l
	}
	return out
}

// The second labellings are well formed; this runs no Check, so a
// labeller can run it before any figure is to be looked at.
func TestSecondLabellingsWellFormed(t *testing.T) {
	if len(loadSecondLabellings(t)) == 0 {
		t.Fatal("no second labelling")
	}
}

// judge counts as the figures define them (worked by hand): a line both
// call dangerous is a hit (same category if the prediction holds the
// truth's), a prediction of a line labelled everyday a false alarm, a
// dangerous line not predicted a miss; weights scale each line.
func TestJudge(t *testing.T) {
	truth := []string{"E", "secret-read", "disk-system", "E", "force-push"}
	pred := [][]string{{"secret-read"}, {"E"}, {"disk-system"}, nil, {"destructive-delete", "secret-read"}}
	w := []float64{2, 1, 1, 2, 1}
	a := judge(truth, pred, w, func(int) bool { return true })
	want := agreement{n: 5, tp: 2, fp: 1, fn: 1, same: 1, wtp: 2, wfp: 2, wfn: 1}
	if a != want {
		t.Fatalf("judge = %+v, want %+v", a, want)
	}
	if s := a.String(); !strings.Contains(s, "(kappa 0.167)") || !strings.Contains(s, "precision  66.67 %") || !strings.Contains(s, "at the parts' mix: precision  50.00 %") {
		t.Fatalf("String() = %q: want kappa (0.6-0.52)/0.48 = 0.167, raw precision 66.67 %% and weighted 50.00 %%", s)
	}
	if b := judge(truth, pred, w, func(i int) bool { return i < 2 }); b.n != 2 || b.fp != 1 || b.fn != 1 || b.tp != 0 {
		t.Fatalf("keep not applied: %+v", b)
	}
}

// adjudicatedLines takes the adjudicated label where there is one (to
// everyday, or to a category) and keeps the first label elsewhere.
func TestAdjudicatedLines(t *testing.T) {
	sl := &secondLabelling{
		lines: []labelledLine{
			{ID: "x1", Label: "dangerous", Category: "destructive-delete"},
			{ID: "x2", Label: "everyday"},
			{ID: "x3", Label: "dangerous", Category: "secret-read"},
		},
		bids:     []string{"x1", "x2", "x3"},
		adjudged: map[string]string{"x1": "E", "x2": "disk-system"},
	}
	got := adjudicatedLines(sl)
	want := [][2]string{{"everyday", ""}, {"dangerous", "disk-system"}, {"dangerous", "secret-read"}}
	for i, w := range want {
		if got[i].Label != w[0] || got[i].Category != w[1] {
			t.Errorf("%s: got %s/%s, want %s/%s", sl.bids[i], got[i].Label, got[i].Category, w[0], w[1])
		}
	}
	if sl.lines[0].Label != "dangerous" {
		t.Error("adjudicatedLines changed the first labels")
	}
}

package danger

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/permsim/permsim/engine"
)

// corpusLine is one line of the labelled corpora in testdata/danger
// (README.md there says where each file comes from).
type corpusLine struct {
	Command    string `json:"command"`
	Category   string `json:"category"`
	Family     string `json:"family"`
	Delivery   string `json:"delivery"`
	Provenance string `json:"provenance"`
	Project    string `json:"project"`
	Home       string `json:"home"`

	where string // file:line, for messages
}

// readCorpus reads JSONL corpus files; a malformed line fails the test
// with its file and line.
func readCorpus(t *testing.T, files ...string) []corpusLine {
	t.Helper()
	var out []corpusLine
	for _, name := range files {
		f, err := os.Open("../../testdata/danger/" + name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		n := 0
		for sc.Scan() {
			n++
			if strings.TrimSpace(sc.Text()) == "" {
				continue
			}
			var l corpusLine
			if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
				t.Fatalf("%s:%d: %v", name, n, err)
			}
			l.where = fmt.Sprintf("%s:%d", name, n)
			if l.Command == "" || l.Family == "" || l.Provenance == "" {
				t.Fatalf("%s: command, family and provenance are required", l.where)
			}
			out = append(out, l)
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	return out
}

func (l corpusLine) check() []string {
	p, h := proj, home
	if l.Project != "" {
		p = l.Project
	}
	if l.Home != "" {
		h = l.Home
	}
	return Check(engine.Call{Tool: engine.ToolBash, Command: l.Command}, p, h)
}

// tally counts one group's lines and hits.
type tally struct{ n, hit, right int }

func report(t *testing.T, title string, m map[string]*tally, rate func(*tally) string) {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	t.Logf("%s", title)
	for _, k := range keys {
		t.Logf("  %-28s %5d  %s", k, m[k].n, rate(m[k]))
	}
}

func pct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}

// Issue 17, done when: "Recall ≥ 97 % on your dangerous corpus and false
// alarms ≤ 1 % on your everyday corpus (both by category …)". Recall
// counts a line Check marks at all; the category column also says how
// often the labelled category is among those Check reports.
func TestCorpus(t *testing.T) {
	dangerous := readCorpus(t, "dangerous.gen.jsonl", "dangerous.hand.jsonl")
	everyday := readCorpus(t, "everyday.real.jsonl", "everyday.gen.jsonl")
	calls, lines := everydayCalls(t)
	if len(dangerous) < 2000 {
		t.Errorf("dangerous corpus has %d lines; issue 17 asks for at least 2,000", len(dangerous))
	}
	if len(everyday)+len(calls) < 2000 {
		t.Errorf("everyday corpus has %d lines; issue 17 asks for at least 2,000", len(everyday)+len(calls))
	}

	byFamily, byCat, byDelivery := map[string]*tally{}, map[string]*tally{}, map[string]*tally{}
	hits := 0
	var misses []string
	for _, l := range dangerous {
		if !slices.Contains(Categories, l.Category) {
			t.Fatalf("%s: category %q is not one of Categories", l.where, l.Category)
		}
		got := l.check()
		delivery := l.Delivery
		if delivery == "" {
			delivery = "hand-written"
		}
		for _, g := range []struct {
			m   map[string]*tally
			key string
		}{{byFamily, l.Family}, {byCat, l.Category}, {byDelivery, delivery}} {
			if g.m[g.key] == nil {
				g.m[g.key] = &tally{}
			}
			x := g.m[g.key]
			x.n++
			if len(got) > 0 {
				x.hit++
			}
			if slices.Contains(got, l.Category) {
				x.right++
			}
		}
		if len(got) > 0 {
			hits++
		} else {
			misses = append(misses, fmt.Sprintf("%s: missed (%s) %q", l.where, l.Category, l.Command))
		}
	}
	recall := func(x *tally) string {
		return fmt.Sprintf("recall %6.2f %%   labelled category %6.2f %%", pct(x.hit, x.n), pct(x.right, x.n))
	}
	report(t, "dangerous corpus by family:", byFamily, recall)
	report(t, "dangerous corpus by category:", byCat, recall)
	report(t, "dangerous corpus by delivery:", byDelivery, recall)

	evFamily := map[string]*tally{}
	marked, total := 0, 0
	var alarms []string
	count := func(family, where, cmd string, got []string) {
		if evFamily[family] == nil {
			evFamily[family] = &tally{}
		}
		evFamily[family].n++
		total++
		if len(got) > 0 {
			evFamily[family].hit++
			marked++
			alarms = append(alarms, fmt.Sprintf("%s: marked %v %q", where, got, cmd))
		}
	}
	for _, l := range everyday {
		count(l.Family, l.where, l.Command, l.check())
	}
	for i, c := range calls {
		count("hand-written (everyday.txt)", "everyday.txt", lines[i], Check(c, proj, home))
	}
	report(t, "everyday corpus by family:", evFamily, func(x *tally) string {
		return fmt.Sprintf("false alarms %5.2f %% (%d)", pct(x.hit, x.n), x.hit)
	})

	r, fa := pct(hits, len(dangerous)), pct(marked, total)
	t.Logf("TOTAL: recall %.2f %% (%d/%d), false alarms %.2f %% (%d/%d)", r, hits, len(dangerous), fa, marked, total)
	if testing.Verbose() {
		for _, m := range misses {
			t.Log(m)
		}
		for _, a := range alarms {
			t.Log(a)
		}
	}
	if r < 97 {
		t.Errorf("recall %.2f %% is below 97 %%", r)
	}
	if fa > 1 {
		t.Errorf("false alarms %.2f %% are above 1 %%", fa)
	}
}

// Issue 17: "every category above has tests". Each family the issue names
// keeps at least a few cases in the corpora, so none can drop out
// unnoticed when the generator or the files change.
func TestCorpusCoversIssueFamilies(t *testing.T) {
	dangerous := readCorpus(t, "dangerous.gen.jsonl", "dangerous.hand.jsonl")
	everyday := readCorpus(t, "everyday.real.jsonl", "everyday.gen.jsonl")
	count := func(ls []corpusLine, f func(corpusLine) bool) int {
		n := 0
		for _, l := range ls {
			if f(l) {
				n++
			}
		}
		return n
	}
	delivery := func(d string) func(corpusLine) bool { return func(l corpusLine) bool { return l.Delivery == d } }
	family := func(f string) func(corpusLine) bool { return func(l corpusLine) bool { return l.Family == f } }
	for _, c := range []struct {
		name string
		ls   []corpusLine
		f    func(corpusLine) bool
	}{
		{"delivery: xargs", dangerous, delivery("xargs")},
		{"delivery: parallel", dangerous, delivery("parallel")},
		{"delivery: find -exec sh -c", dangerous, delivery("find-exec")},
		{"delivery: watch", dangerous, delivery("watch")},
		{"delivery: flock", dangerous, delivery("flock")},
		{"delivery: nohup", dangerous, delivery("nohup")},
		{"delivery: wrappers with options", dangerous, delivery("timeout")},
		{"delivery: here-doc to an interpreter", dangerous, delivery("heredoc")},
		{"delivery: decode-and-run", dangerous, delivery("base64")},
		{"delivery: interpreter one-liner", dangerous, delivery("python-system")},
		{"delivery: eval of downloaded text", dangerous, func(l corpusLine) bool { return strings.HasPrefix(l.Provenance, provDownloadedForTest) }},
		{"exfiltration: uploads", dangerous, family("exfiltration")},
		{"exfiltration: raw sockets", dangerous, family("exfiltration-socket")},
		{"secrets: stores read in the clear", dangerous, family("secrets-store")},
		{"destruction: git overwrite from a ref", dangerous, family("destruction-git")},
		{"destruction: SQL through database clients", dangerous, family("database")},
		{"destruction: infrastructure without review", dangerous, family("infrastructure")},
		{"destruction: deletes through ..", dangerous, family("destruction-escape")},
		{"destruction: ownership and system files", dangerous, family("system-files")},
		{"scratch: project under a temp folder", dangerous, family("scratch")},
		{"forms: upper-case verbs", dangerous, delivery("upper-case")},
		{"forms: leading operators", dangerous, delivery("leading-operator")},
		{"false alarms: --help, dry runs, lists", everyday, family("near-miss-help")},
		{"false alarms: attached option values", everyday, family("near-miss-attached")},
		{"false alarms: option-looking data", everyday, family("near-miss-dash-data")},
		{"false alarms: directory services", everyday, family("near-miss-dirsvc")},
		{"false alarms: secrets listed by name", everyday, family("near-miss-secret-names")},
		{"false alarms: scratch under a temp folder", everyday, family("scratch")},
		{"forms: unicode dashes", everyday, delivery("unicode-dash")},
		{"real agent transcripts", everyday, family("agent-transcript")},
		{"real shell histories", everyday, family("shell-history")},
	} {
		if n := count(c.ls, c.f); n < 5 {
			t.Errorf("%s: %d cases, want at least 5", c.name, n)
		}
	}
}

// provDownloadedForTest is corpusgen's provenance of eval-of-download payloads.
const provDownloadedForTest = "bypass class: eval of downloaded text"

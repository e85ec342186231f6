// Package corpustest lays out the differential corpora (what a real
// harness decided for recorded calls in many configurations) for the
// simulators' tests: reading cases and results, writing a case's
// home_files and project_files under a test folder, and scoring the rows
// against known-differences.txt. It is imported by tests only.
package corpustest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// RealHome is the home folder every path in a corpus is written under.
const RealHome = "/home/user"

// Case is one configuration of a corpus's cases file and the calls made
// in it.
type Case struct {
	ID           string            `json:"id"`
	Config       string            `json:"config"`
	Git          bool              `json:"git"`
	Mode         *string           `json:"mode"`
	Trust        *bool             `json:"trust"`
	HomeFiles    map[string]string `json:"home_files"`
	ProjectFiles map[string]string `json:"project_files"`
	Args         []string          `json:"args"`
	Env          map[string]string `json:"env"`
	Calls        []Call            `json:"calls"`
}

// Call is one recorded tool call of a Case.
type Call struct {
	Tool  string         `json:"tool"`
	Input map[string]any `json:"input"`
}

// Trusted reports whether the case was run with its project trusted.
func (c Case) Trusted() bool { return c.Trust != nil && *c.Trust }

// ReadJSONL reads every line of dir/name as one T; a line that is not
// valid JSON stops the test, naming the file and line.
func ReadJSONL[T any](t testing.TB, dir, name string) []T {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []T
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for n := 1; sc.Scan(); n++ {
		var v T
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatalf("%s:%d: %v", name, n, err)
		}
		out = append(out, v)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// LoadCases reads the cases file dir/name, keyed by case id.
func LoadCases(t testing.TB, dir, name string) map[string]Case {
	t.Helper()
	cases := map[string]Case{}
	for _, c := range ReadJSONL[Case](t, dir, name) {
		cases[c.ID] = c
	}
	return cases
}

// Rehome returns v with RealHome replaced by home in every string.
func Rehome(v any, home string) any {
	switch x := v.(type) {
	case string:
		return strings.ReplaceAll(x, RealHome, home)
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = Rehome(e, home)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = Rehome(e, home)
		}
		return out
	}
	return v
}

// Dirs names the home and project folders a case is laid out in under
// root: root/home and root/home/proj, as /home/user and /home/user/proj
// were in the real runs.
func Dirs(root string) (home, proj string) {
	home = filepath.Join(root, "home")
	return home, filepath.Join(home, "proj")
}

// WriteFiles writes every file of files (relative path → text) under
// base, with RealHome in the text replaced by home; a failure stops the
// test.
func WriteFiles(t testing.TB, base, home string, files map[string]string) {
	t.Helper()
	for rel, text := range files {
		p := filepath.Join(base, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(strings.ReplaceAll(text, RealHome, home)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// WriteGit makes proj look like the top of a git work tree (a .git folder
// with HEAD and config), which is all the simulators look for.
func WriteGit(t testing.TB, proj string) {
	t.Helper()
	WriteFiles(t, proj, "", map[string]string{".git/HEAD": "ref: refs/heads/main\n", ".git/config": "[core]\n"})
}

// Known is a corpus's known-differences.txt: the rows where the simulator
// is known to disagree with the real harness, each with its reason.
type Known struct {
	reasons map[string]string
	seen    map[string]bool
}

// LoadKnown reads dir/known-differences.txt, lines "<id>#<call>\t<reason>"
// (blank lines and # comments skipped); a line without a reason stops the
// test.
func LoadKnown(t testing.TB, dir string) *Known {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "known-differences.txt"))
	if err != nil {
		t.Fatal(err)
	}
	k := &Known{reasons: map[string]string{}, seen: map[string]bool{}}
	for i, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSpace(line); line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, reason, ok := strings.Cut(line, "\t")
		if !ok || strings.TrimSpace(reason) == "" {
			t.Fatalf("known-differences.txt:%d: want <id>#<call>\\t<reason>", i+1)
		}
		k.reasons[key] = reason
	}
	return k
}

// AgreeingOnly, set by PERMSIM_DIFF_AGREEING_ONLY=1, makes Run leave out
// every row its corpus's known-differences.txt lists, and turns off the
// checks that count them (CheckAllSeen, CheckAgreement): the run then
// reaches only what rows agreeing with the real
// harness reach, the statement coverage issue 29 counts
// (testdata/<harness>/COVERAGE.md).
var AgreeingOnly = os.Getenv("PERMSIM_DIFF_AGREEING_ONLY") == "1"

// Listed reports whether known-differences.txt names key, and records it as
// seen: a row left out on purpose is not a stale line.
func (k *Known) Listed(key string) bool {
	_, ok := k.reasons[key]
	if ok {
		k.seen[key] = true
	}
	return ok
}

// Len is the number of known differences listed.
func (k *Known) Len() int { return len(k.reasons) }

// Check records the row key as compared and fails the test for a row that
// differs (ok false) and is not listed, with detail() as the message, and
// for a listed row that agrees.
func (k *Known) Check(t testing.TB, key string, ok bool, detail func() string) {
	t.Helper()
	_, isKnown := k.reasons[key]
	k.seen[key] = true
	switch {
	case !ok && !isKnown:
		t.Errorf("%s: %s", key, detail())
	case ok && isKnown:
		t.Errorf("%s is listed in known-differences.txt but now agrees; remove the line", key)
	}
}

// CheckAllSeen fails the test for every listed key starting with prefix
// that Check was never given: a stale line.
func (k *Known) CheckAllSeen(t testing.TB, prefix string) {
	t.Helper()
	if AgreeingOnly {
		return // the listed rows were left out on purpose
	}
	for key := range k.reasons {
		if strings.HasPrefix(key, prefix) && !k.seen[key] {
			t.Errorf("known-differences.txt names %s, which is not a compared row", key)
		}
	}
}

type tally struct{ agree, total int }

// Scores counts agreeing rows per configuration (in the order first seen)
// and per real outcome.
type Scores struct {
	order     []string
	byConfig  map[string]*tally
	byOutcome map[string]*tally
}

// Add counts one row of config whose real outcome was outcome; ok says
// whether the simulator agreed.
func (s *Scores) Add(config, outcome string, ok bool) {
	if s.byConfig == nil {
		s.byConfig, s.byOutcome = map[string]*tally{}, map[string]*tally{}
	}
	if s.byConfig[config] == nil {
		s.byConfig[config] = &tally{}
		s.order = append(s.order, config)
	}
	if s.byOutcome[outcome] == nil {
		s.byOutcome[outcome] = &tally{}
	}
	for _, tl := range []*tally{s.byConfig[config], s.byOutcome[outcome]} {
		tl.total++
		if ok {
			tl.agree++
		}
	}
}

// Log writes the agreement of every configuration and every outcome to
// the test log and returns the agreeing and total rows.
func (s *Scores) Log(t testing.TB) (agree, total int) {
	t.Helper()
	for _, name := range s.order {
		tl := s.byConfig[name]
		agree += tl.agree
		total += tl.total
		t.Logf("%-32s %3d/%3d agree", name, tl.agree, tl.total)
	}
	var outs []string
	for o := range s.byOutcome {
		outs = append(outs, o)
	}
	sort.Strings(outs)
	for _, o := range outs {
		t.Logf("outcome %-9s %4d/%4d agree", o, s.byOutcome[o].agree, s.byOutcome[o].total)
	}
	return agree, total
}

// KeepJSONL checks that the file at path holds items, one JSON line each,
// as the code that builds them makes them now: a corpus's cases file must
// not drift from its generator. With PERMSIM_WRITE_CASES=1 in the
// environment it rewrites the file first; rewrite is the command that does
// so, named in the failure.
func KeepJSONL[T any](t testing.TB, path string, items []T, rewrite string) {
	t.Helper()
	var b bytes.Buffer
	for _, it := range items {
		line, err := json.Marshal(it)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	if os.Getenv("PERMSIM_WRITE_CASES") == "1" {
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	old, err := os.ReadFile(path)
	if err != nil || !bytes.Equal(old, b.Bytes()) {
		t.Errorf("%s is not what its generator builds (%s rewrites it)", path, rewrite)
	}
}

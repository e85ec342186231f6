// Package check judges a change to a repository's agent files before it
// merges (permsim check): it takes the agent files at two revisions out of
// git, without touching the working tree, scores the battery of dangerous
// calls for every harness in every mode the files can select, runs the
// audit, on both, and reports what the change makes newly possible — cases
// that now run without asking, or are no longer blocked; new audit
// findings; hooks removed; rules added that approve risky calls of the
// user's own history — and what it makes safer. Every finding names the file
// and line of the rule or setting that caused it, so SARIF output annotates
// the pull request's diff.
package check

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/permsim/permsim/audit"
	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/battery"
	"github.com/permsim/permsim/engine/score"
	"github.com/permsim/permsim/toolcall"
)

// Kinds of finding check adds to audit's (a new audit finding keeps its
// audit kind).
const (
	// KindRuleLets: a rule at the head revision lets a battery case through
	// that the base stopped (a broad allow rule, an ask rule over a deny).
	KindRuleLets = "rule-lets-through"
	// KindRuleRemoved: the rule that stopped a case at the base is gone or
	// no longer matches.
	KindRuleRemoved = "stopping-rule-removed"
	// KindMode: the mode the settings select changed, and cases it stopped
	// now run.
	KindMode = "mode-default-lets-through"
	// KindOther: a case now runs and no one rule or mode explains it.
	KindOther = "change-lets-through"
	// KindHookRemoved: a hook the repository shipped is gone.
	KindHookRemoved = "hook-removed"
	// KindHistory: a rule the change adds approves risky calls of the
	// user's own history (--out).
	KindHistory = "rule-approves-history"
	// KindSafer: battery cases the change stops that ran before.
	KindSafer = "now-stopped"
)

// Kinds lists check's kinds and audit's as SARIF rules.
func Kinds() []audit.SARIFRule {
	own := []audit.SARIFRule{
		{ID: KindRuleLets, Name: "RuleLetsDangerousCallThrough", Text: "A rule the change adds or edits lets battery cases run (or no longer be blocked) that the base stopped"},
		{ID: KindRuleRemoved, Name: "StoppingRuleRemoved", Text: "The rule that stopped battery cases at the base is gone or no longer matches"},
		{ID: KindMode, Name: "ModeDefaultLetsDangerousCallThrough", Text: "The mode the settings select changed, and battery cases it stopped now run"},
		{ID: KindOther, Name: "ChangeLetsDangerousCallThrough", Text: "Battery cases now run, and no one rule or mode explains it"},
		{ID: KindHookRemoved, Name: "RepositoryHookRemoved", Text: "A hook the repository shipped is gone: whatever it stopped is no longer stopped"},
		{ID: KindHistory, Name: "RuleApprovesRiskyHistory", Text: "A rule the change adds would have let risky calls of the local history run without asking"},
		{ID: KindSafer, Name: "NowStopped", Text: "Battery cases that ran at the base are stopped at the head"},
	}
	return append(own, audit.Kinds()...)
}

// Options say what to compare.
type Options struct {
	// Dir is a folder inside the repository.
	Dir string
	// Base and Head are the revisions compared. Head "" is HEAD; Head
	// Index is the staged files. Base "" is Head's first parent (HEAD for
	// the index); a root commit is compared with no files at all.
	Base, Head string
	// Harnesses are the simulators to run (every harness: one whose files
	// exist at neither revision decides the same at both, so it can give
	// no finding).
	Harnesses []engine.Harness
	// Cases is the battery; nil means the built-in one.
	Cases []battery.Case
	// Home is the home folder whose user files apply; "" means an empty
	// one, so the result is what the repository's files do by themselves,
	// the same on a laptop and in CI.
	Home string
	// History holds calls of the user's own store (permsim check --out):
	// the dangerous ones made in this repository are decided at both
	// revisions, and a rule the change adds that lets one run is a finding.
	History []toolcall.Row
}

// CaseChange is one battery case whose outcome changed in one harness and
// mode.
type CaseChange struct {
	ID       string   `json:"id"`
	Category string   `json:"category"`
	Call     string   `json:"call"`
	Harness  string   `json:"harness"`
	Mode     string   `json:"mode"`
	Before   string   `json:"before"`
	After    string   `json:"after"`
	Rule     string   `json:"rule,omitempty"` // the rule that decided at the head, or at the base for a removed one
	Danger   []string `json:"danger,omitempty"`
}

// Finding is one thing the change makes newly possible (or, in
// Report.Safer, no longer possible): audit's finding, with the battery
// cases behind it.
type Finding struct {
	audit.Finding
	Cases []CaseChange `json:"cases,omitempty"`
}

// Revision is one side of the comparison.
type Revision struct {
	Name   string `json:"name"`   // as asked (HEAD~1, :index, …)
	Commit string `json:"commit"` // the commit id; ":index" for the index, "" for no commit
	Files  int    `json:"files"`  // agent files read
}

// Report is one check.
type Report struct {
	Repository string   `json:"repository"`
	Base       Revision `json:"base"`
	Head       Revision `json:"head"`
	// Changed are the agent files that differ between the revisions.
	Changed  []string  `json:"changed"`
	Findings []Finding `json:"findings"`
	Safer    []Finding `json:"safer"`
	Problems []string  `json:"problems,omitempty"`
	Label    string    `json:"label"`
}

// AtLeast reports whether a finding is at or above s.
func (r *Report) AtLeast(s audit.Severity) bool {
	for _, f := range r.Findings {
		if f.Severity >= s {
			return true
		}
	}
	return false
}

// side is one revision read and scored.
type side struct {
	rev      Revision
	entries  map[string]string // path → mode and blob
	files    map[string][]byte // path → content (regular files)
	tables   map[string]map[string]battery.Table
	problems map[string]bool // settings problems, as text
	audit    *audit.Report
	history  map[string]histCall // harness and call key → the call decided
	pols     map[string]engine.Policy
}

// ownMode is the key of the table decided in the mode the settings select.
const ownMode = "\x00own"

// Run compares the agent files of two revisions.
func Run(opts Options) (*Report, error) {
	top, err := Top(opts.Dir)
	if err != nil {
		return nil, err
	}
	g := repo{top: top}
	headName := opts.Head
	if headName == "" {
		headName = "HEAD"
	}
	head, err := g.resolve(headName)
	if err != nil {
		return nil, err
	}
	baseName, base := opts.Base, ""
	switch {
	case baseName != "":
		if base, err = g.resolve(baseName); err != nil {
			return nil, err
		}
	case head == Index:
		baseName = "HEAD"
		if base, err = g.resolve("HEAD"); err != nil {
			base = "" // no commit yet: everything staged is new
		}
	default:
		baseName = headName + "^"
		base = g.parent(head)
	}
	cases := opts.Cases
	if cases == nil {
		cases, _ = battery.Builtin()
	}

	work, err := os.MkdirTemp("", "permsim-check-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(work)
	// Where links lead (a temporary folder under a linked /tmp): the
	// simulators name rule files by their real path.
	if real, err := filepath.EvalSymlinks(work); err == nil {
		work = real
	}
	home := opts.Home
	if home == "" {
		home = filepath.Join(work, "home")
		if err := os.Mkdir(home, 0o755); err != nil {
			return nil, err
		}
	}
	// Both revisions are read into the same folder, one after the other, so
	// that every absolute path in a decision or finding is the same at both.
	tree := filepath.Join(work, "repo")
	rep := &Report{Repository: top, Label: engine.Label}
	c := &checker{opts: opts, g: g, top: top, tree: tree, home: home, cases: cases, rep: rep}
	b, err := c.read(Revision{Name: baseName, Commit: base})
	if err != nil {
		return nil, err
	}
	h, err := c.read(Revision{Name: headName, Commit: head})
	if err != nil {
		return nil, err
	}
	rep.Base, rep.Head = b.rev, h.rev
	c.compare(b, h)
	return rep, nil
}

// checker carries one run.
type checker struct {
	opts               Options
	g                  repo
	top, tree, home    string
	cases              []battery.Case
	rep                *Report
	changed            []string
	baseSide, headSide *side
}

// read takes one revision's agent files out of git into the tree folder
// and scores them.
func (c *checker) read(rev Revision) (*side, error) {
	if err := os.RemoveAll(c.tree); err != nil {
		return nil, err
	}
	// An empty .git: the tree is a repository's top for every simulator
	// and for the audit (engine.GitRoot, claudemd.Top), and git itself is
	// never asked about it (audit.Options.Tracked).
	if err := os.MkdirAll(filepath.Join(c.tree, ".git"), 0o755); err != nil {
		return nil, err
	}
	es, err := c.g.list(rev.Commit)
	if err != nil {
		return nil, err
	}
	written, problems, err := c.g.extract(es, c.tree)
	if err != nil {
		return nil, err
	}
	for _, p := range problems {
		c.rep.Problems = append(c.rep.Problems, fmt.Sprintf("%s: %s", rev.Name, p))
	}
	s := &side{rev: rev, entries: map[string]string{}, files: map[string][]byte{}, tables: map[string]map[string]battery.Table{},
		problems: map[string]bool{}, history: map[string]histCall{}, pols: map[string]engine.Policy{}}
	s.rev.Files = len(written)
	for _, e := range es {
		s.entries[e.path] = e.mode + " " + e.blob
		if e.mode != "120000" {
			if data, err := os.ReadFile(filepath.Join(c.tree, filepath.FromSlash(e.path))); err == nil {
				s.files[e.path] = data
			}
		}
	}
	if written == nil {
		written = []string{}
	}
	yes := true
	for _, h := range c.opts.Harnesses {
		pol, err := h.Load(engine.Env{ProjectDir: c.tree, HomeDir: c.home, Trust: &yes})
		if err != nil {
			c.rep.Problems = append(c.rep.Problems, fmt.Sprintf("%s: loading %s settings: %v", rev.Name, h.Name(), err))
			continue
		}
		s.pols[h.Name()] = pol
		for _, p := range pol.Problems() {
			s.problems[h.Name()+"\x00"+p] = true
		}
		ts := map[string]battery.Table{}
		for i, m := range pol.Modes() {
			key := string(m)
			if i == 0 {
				m, key = "", ownMode
			}
			ts[key] = battery.Score(pol, h.Name(), m, c.cases, c.tree, c.home)
		}
		s.tables[h.Name()] = ts
		c.decideHistory(s, h.Name(), pol)
	}
	ar, err := audit.Run(audit.Options{Project: c.tree, Home: c.home, Harnesses: c.opts.Harnesses, Cases: c.cases, Tracked: written})
	if err != nil {
		return nil, err
	}
	s.audit = ar
	return s, nil
}

// compare turns the two sides into findings.
func (c *checker) compare(b, h *side) {
	for p, v := range h.entries {
		if b.entries[p] != v {
			c.changed = append(c.changed, p)
		}
	}
	for p := range b.entries {
		if _, ok := h.entries[p]; !ok {
			c.changed = append(c.changed, p)
		}
	}
	sort.Strings(c.changed)
	c.rep.Changed = append([]string{}, c.changed...)
	c.baseSide, c.headSide = b, h

	worse := map[string]*Finding{}
	better := map[string]*Finding{}
	var worseOrder, betterOrder []string
	add := func(m map[string]*Finding, order *[]string, f audit.Finding, cc CaseChange) {
		k := f.Kind + "\x00" + f.File + "\x00" + fmt.Sprint(f.Line) + "\x00" + f.Message
		x := m[k]
		if x == nil {
			x = &Finding{Finding: f}
			m[k] = x
			*order = append(*order, k)
		}
		x.Severity = max(x.Severity, f.Severity)
		if !slices.Contains(x.Harnesses, cc.Harness) {
			x.Harnesses = append(x.Harnesses, cc.Harness)
		}
		x.Cases = append(x.Cases, cc)
	}
	for _, hs := range c.opts.Harnesses {
		name := hs.Name()
		bt, ht := b.tables[name], h.tables[name]
		if bt == nil || ht == nil {
			continue
		}
		keys := make([]string, 0, len(ht))
		for k := range ht {
			if _, ok := bt[k]; ok {
				keys = append(keys, k)
			}
		}
		sort.Slice(keys, func(i, j int) bool { return keys[i] == ownMode || keys[j] != ownMode && keys[i] < keys[j] })
		seen := map[string]bool{} // a case counted once per harness: in the first mode it changed in
		for _, k := range keys {
			x, y := bt[k], ht[k]
			for i := range y.Results {
				if i >= len(x.Results) {
					break
				}
				br, hr := x.Results[i], y.Results[i]
				before, after := rank(br.Decision.Outcome), rank(hr.Decision.Outcome)
				if before < 0 || after < 0 || before == after || seen[hr.Case.ID] {
					continue
				}
				seen[hr.Case.ID] = true
				cc := CaseChange{ID: hr.Case.ID, Category: hr.Case.DangerCategory(), Call: hr.Case.What(), Harness: name, Mode: string(y.Simulated),
					Before: string(br.Decision.Outcome), After: string(hr.Decision.Outcome), Danger: hr.Danger}
				if after < before {
					f, rule := c.cause(&x, &y, br, hr)
					cc.Rule = rule
					add(worse, &worseOrder, f, cc)
				} else {
					f := c.stopper(&y, hr)
					if hr.Decision.Rule != nil {
						cc.Rule = hr.Decision.Rule.Text
					}
					add(better, &betterOrder, f, cc)
				}
			}
		}
	}
	for _, k := range worseOrder {
		f := worse[k]
		f.Message = caseMessage(f.Message, f.Cases, "now run without asking or are no longer blocked")
		c.rep.Findings = append(c.rep.Findings, *f)
	}
	for _, k := range betterOrder {
		f := better[k]
		f.Message = caseMessage(f.Message, f.Cases, "are now stopped")
		c.rep.Safer = append(c.rep.Safer, *f)
	}
	c.auditDiff(b, h)
	c.historyDiff(b, h)
	sortFindings(c.rep.Findings)
	sortFindings(c.rep.Safer)
	if c.rep.Findings == nil {
		c.rep.Findings = []Finding{}
	}
	if c.rep.Safer == nil {
		c.rep.Safer = []Finding{}
	}
}

// rank orders outcomes from least to most stopped; -1 for unknown.
func rank(o engine.Outcome) int {
	switch o {
	case engine.Runs:
		return 0
	case engine.Asks:
		return 1
	case engine.Blocked:
		return 2
	}
	return -1
}

// destructive are the danger categories whose cases, newly running, are
// critical (with secret-read): check's default --fail-on.
var destructive = map[string]bool{
	"destructive-delete": true, "git-discard-worktree": true, "git-history-rewrite": true, "force-push": true,
	"cloud-destructive": true, "database-destructive": true, "disk-system": true, "secret-read": true,
}

// DestructiveCategories lists the danger categories whose calls, running
// unasked, are critical (check's default --fail-on; report --fail-on uses
// the same list), sorted.
func DestructiveCategories() []string {
	out := make([]string, 0, len(destructive))
	for c := range destructive {
		out = append(out, c)
	}
	sort.Strings(out)
	return out
}

// caseSeverity is how bad one case's change is: a destructive or
// secret-reading case that now runs unasked is critical, another case that
// now runs is high, a case only no longer blocked (it asks) is medium.
func caseSeverity(cat string, after engine.Outcome) audit.Severity {
	switch {
	case after != engine.Runs:
		return audit.Medium
	case destructive[cat]:
		return audit.Critical
	}
	return audit.High
}

// cause finds the rule or setting that let a case through at the head: the
// head's deciding rule when it is one of the repository's; else the base's
// stopping rule, now gone; else the mode the settings select, when it
// changed; else the changed files.
func (c *checker) cause(bt, ht *battery.Table, br, hr battery.Result) (audit.Finding, string) {
	sev := caseSeverity(hr.Case.DangerCategory(), hr.Decision.Outcome)
	if r := hr.Decision.Rule; r != nil && c.inTree(r.File) {
		rel := c.rel(r.File)
		return audit.Finding{Kind: KindRuleLets, File: rel, Line: ruleLine(c.headSide.files[rel], r.List, r.Text), Severity: sev,
			Message: fmt.Sprintf("%s rule %s in %s", listName(r.List), r.Text, rel)}, r.Text
	}
	if r := br.Decision.Rule; r != nil && c.inTree(r.File) {
		return c.removedRule(sev, r.File, r.List, r.Text), r.Text
	}
	if bt.Own && ht.Own && bt.Simulated != ht.Simulated {
		file, line := c.modeSetting(ht)
		return audit.Finding{Kind: KindMode, File: file, Line: line, Severity: sev,
			Message: fmt.Sprintf("the mode the settings select is now %s (was %s)", ht.Simulated, bt.Simulated)}, ""
	}
	// A rule gone that decided nothing itself, yet counted: a deny rule
	// that cannot be ruled out makes a harness ask about a command it
	// cannot parse.
	if gone := c.removedRules(ht.Harness); len(gone) > 0 {
		// A rule that stops (deny, ask, or a harness's own word for them)
		// before an allow rule, which cannot have stopped anything.
		r := gone[0]
		for _, g := range gone {
			if g.List != "allow" {
				r = g
				break
			}
		}
		return c.removedRule(sev, r.File, r.List, r.Rule), r.Rule
	}
	file := ""
	if len(c.changed) > 0 {
		file = c.changed[0]
		for _, p := range c.changed {
			if !strings.EqualFold(filepath.Ext(p), ".md") {
				file = p
				break
			}
		}
	}
	return audit.Finding{Kind: KindOther, File: file, Severity: sev,
		Message: fmt.Sprintf("the change to %s", strings.Join(c.changed, ", "))}, ""
}

// removedRule is the finding for a rule of file's list, with text, that
// the base had and the head lacks: at the line of its list in the head's
// file (0 when the file is gone), naming the line it had at the base.
func (c *checker) removedRule(sev audit.Severity, file, list, text string) audit.Finding {
	rel := c.rel(file)
	line, where := 0, "file removed"
	if data, ok := c.headSide.files[rel]; ok {
		line, where = listLine(data, list), "no longer there"
	}
	was := ruleLine(c.baseSide.files[rel], list, text)
	return audit.Finding{Kind: KindRuleRemoved, File: rel, Line: line, Severity: sev,
		Message: fmt.Sprintf("%s rule %s (%s:%d at the base) is %s", listName(list), text, rel, was, where)}
}

// removedRules are the repository's rules of a harness at the base that
// the head does not have, in the base's order.
func (c *checker) removedRules(harness string) []engine.RuleInfo {
	bp, hp := c.baseSide.pols[harness], c.headSide.pols[harness]
	if bp == nil || hp == nil {
		return nil
	}
	key := func(r engine.RuleInfo) string { return r.File + "\x00" + r.List + "\x00" + r.Rule }
	have := map[string]bool{}
	for _, r := range hp.Rules() {
		have[key(r)] = true
	}
	var out []engine.RuleInfo
	for _, r := range bp.Rules() {
		if c.inTree(r.File) && !have[key(r)] && !notRules[r.List] {
			out = append(out, r)
		}
	}
	return out
}

// notRules are rule listings' lists that hold settings, not rules.
var notRules = map[string]bool{"setting": true, "defaultMode": true, "additionalDirectories": true, "rules-dir": true}

// stopper is where a case the head stops is stopped: the head's rule, or
// the mode, or the changed files.
func (c *checker) stopper(ht *battery.Table, hr battery.Result) audit.Finding {
	if r := hr.Decision.Rule; r != nil && c.inTree(r.File) {
		rel := c.rel(r.File)
		return audit.Finding{Kind: KindSafer, File: rel, Line: ruleLine(c.headSide.files[rel], r.List, r.Text), Severity: audit.Note,
			Message: fmt.Sprintf("%s rule %s in %s", listName(r.List), r.Text, rel)}
	}
	file, line := c.modeSetting(ht)
	return audit.Finding{Kind: KindSafer, File: file, Line: line, Severity: audit.Note,
		Message: fmt.Sprintf("the change (mode %s)", ht.Simulated)}
}

func listName(l string) string {
	if l == "" {
		return "a"
	}
	return "the " + l
}

// caseMessage ends a finding's message with what happened to its cases.
func caseMessage(cause string, cs []CaseChange, what string) string {
	ids := map[string]bool{}
	var egs []string
	cats := map[string]bool{}
	hm := map[string][]string{}
	var hs []string
	for _, cc := range cs {
		if !ids[cc.ID] {
			ids[cc.ID] = true
			if len(egs) < 3 {
				egs = append(egs, cc.Call)
			}
		}
		cats[cc.Category] = true
		if _, ok := hm[cc.Harness]; !ok {
			hs = append(hs, cc.Harness)
		}
		if !slices.Contains(hm[cc.Harness], cc.Mode) {
			hm[cc.Harness] = append(hm[cc.Harness], cc.Mode)
		}
	}
	var in []string
	for _, h := range hs {
		in = append(in, fmt.Sprintf("%s (%s)", h, strings.Join(hm[h], ", ")))
	}
	names := make([]string, 0, len(cats))
	for k := range cats {
		names = append(names, k)
	}
	sort.Strings(names)
	return fmt.Sprintf("%s: %d battery %s %s in %s, e.g. %s; %s", cause, len(ids), plural(len(ids), "case", "cases"), what,
		strings.Join(in, ", "), strings.Join(quoteAll(egs), ", "), strings.Join(names, ", "))
}

func quoteAll(xs []string) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = strconv.Quote(x)
	}
	return out
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// modeSetting finds where the mode the head's settings select is set: a
// file of the repository the table's label or notes name, else a changed
// file that spells the mode; the line is where it spells it.
func (c *checker) modeSetting(t *battery.Table) (string, int) {
	var cands []string
	for _, s := range append([]string{t.ModeLabel}, t.Notes...) {
		for _, w := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == ';' || r == '(' || r == ')' }) {
			w = strings.TrimRight(w, ":.")
			if i := strings.Index(w, ":"); i > 0 {
				w = w[:i]
			}
			if c.inTree(w) {
				cands = append(cands, c.rel(w))
			}
		}
	}
	cands = append(cands, c.changed...)
	words := strings.Split(string(t.Simulated), ":")
	for _, f := range cands {
		data, ok := c.headSide.files[f]
		if !ok {
			continue
		}
		for _, w := range words {
			if l := findLine(data, mustQuote(w)); l > 0 {
				return f, l
			}
		}
	}
	for _, f := range cands {
		if _, ok := c.headSide.files[f]; ok {
			return f, 1
		}
	}
	return "", 0
}

// inTree reports whether path is a file of the revision read.
func (c *checker) inTree(path string) bool {
	return strings.HasPrefix(path, c.tree+string(filepath.Separator))
}

// rel is a path of the tree as the repository names it.
func (c *checker) rel(path string) string {
	r, err := filepath.Rel(c.tree, path)
	if err != nil {
		return path
	}
	return filepath.ToSlash(r)
}

// sortFindings orders findings by severity (worst first), file and line.
func sortFindings(fs []Finding) {
	sort.SliceStable(fs, func(i, j int) bool {
		x, y := fs[i], fs[j]
		if x.Severity != y.Severity {
			return x.Severity > y.Severity
		}
		if x.File != y.File {
			return x.File < y.File
		}
		return x.Line < y.Line
	})
}

// scorer is a score.Scorer for one policy of the tree.
func (c *checker) scorer(name string, pol engine.Policy) *score.Scorer {
	return &score.Scorer{Harness: name, Policy: pol, Project: c.tree, Home: c.home}
}

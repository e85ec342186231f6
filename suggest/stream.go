package suggest

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/replay"
	"github.com/permsim/permsim/toolcall"
)

// Source hands fn every call of a history, in the same order each time it
// is called, and stops at fn's first error. Suggest reads the history
// several times (to decide it, then to check the candidate rules on the
// calls they could change) instead of holding it: memory does not grow
// with the everyday calls (issue 27: 715 MB live at 520,000 calls when
// suggest held every call and its decision). The call's strings may be
// views of what the Source reads (replay.ScanRows): suggest copies what
// it keeps past a batch.
type Source func(fn func(*toolcall.Row) error) error

// SliceSource is a Source over calls held already.
func SliceSource(calls []toolcall.Row) Source {
	return func(fn func(*toolcall.Row) error) error {
		for i := range calls {
			if err := fn(&calls[i]); err != nil {
				return err
			}
		}
		return nil
	}
}

// Suggest decides calls with hs, picks rules for every harness that has a
// Writer and risky calls, and checks them by deciding again.
func Suggest(ctx context.Context, calls []toolcall.Row, hs replay.Harnesses, labels map[string]string, opts Options) (*Result, error) {
	return SuggestFrom(ctx, SliceSource(calls), hs, labels, opts)
}

// batchCalls is how many calls are decided at a time, and the most any
// check holds before deciding them: replay's batch.
const batchCalls = 2048

// pendingBudget bounds the calls held, over all candidate rules, waiting
// to be decided with their rule: when it is reached the rule holding the
// most is decided (a rule's policies are loaded again at each batch).
const pendingBudget = 4 * batchCalls

// Marks, one byte per call of the stream (the history as the checks read
// it again), in a file of suggest's temp folder: 0 for a call no rule can
// cost (not decided, or dangerous), else 1 + the index of its first
// outcome in outcomes, with markRisky set for a risky call.
const markRisky = 0x80

// stream is the history as suggest reads it after deciding it: the
// Source, or, with --newest, the newest calls (held: --newest N holds N).
type stream struct {
	src      Source
	marks    string              // the marks file
	outcomes []string            // outcomes by mark
	risky    []*riskyCall        // the risky calls, in stream order
	riskyAt  []int               // their positions in the stream
	rules    map[string]*ruleSet // per harness, the candidate rules of its risky calls
}

// ruleSet is the distinct candidate rules of a harness's risky calls, in
// the order found.
type ruleSet struct {
	byRule map[string]*scored
	order  []string
}

// each hands fn every call of the stream with its mark, position and, for
// a risky call, the call held.
func (st *stream) each(ctx context.Context, fn func(r *toolcall.Row, mark byte, pos int, rc *riskyCall) error) error {
	f, err := os.Open(st.marks)
	if err != nil {
		return err
	}
	defer f.Close()
	br := bufio.NewReader(f)
	pos, next := 0, 0
	return st.src(func(r *toolcall.Row) error {
		if pos%1024 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		m, err := br.ReadByte()
		if err != nil {
			return fmt.Errorf("suggest: the history changed while it was read (%v)", err)
		}
		var rc *riskyCall
		if m&markRisky != 0 {
			if next >= len(st.risky) || st.riskyAt[next] != pos {
				return fmt.Errorf("suggest: the history changed while it was read")
			}
			rc = st.risky[next]
			next++
		}
		err = fn(r, m, pos, rc)
		pos++
		return err
	})
}

// outcome is the first outcome a mark stands for.
func (st *stream) outcome(m byte) string {
	i := int(m&^markRisky) - 1
	if i < 0 || i >= len(st.outcomes) {
		return ""
	}
	return st.outcomes[i]
}

// SuggestFrom is Suggest on a Source: the risky calls are held (with their
// candidate rules), the everyday calls are read again from src when a
// rule is checked, a batch at a time.
func SuggestFrom(ctx context.Context, src Source, hs replay.Harnesses, labels map[string]string, opts Options) (*Result, error) {
	if opts.List == "" {
		opts.List = "deny"
	}
	if opts.List != "deny" && opts.List != "ask" {
		return nil, fmt.Errorf("list %q: want deny or ask", opts.List)
	}
	tmp := opts.TmpDir
	if tmp == "" {
		tmp = os.TempDir()
	}
	tmp, err := os.MkdirTemp(tmp, "permsim-suggest-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)

	// The session outputs later calls are decided with (Gemini CLI): only
	// calls with an output are held.
	hist := opts.History
	if hist == nil {
		hist = replay.NewHistory()
		if err := src(func(r *toolcall.Row) error { hist.Add(r); return ctx.Err() }); err != nil {
			return nil, err
		}
	}
	x := replay.NewDecider(opts.Replay, hs, hist)
	st := &stream{src: src, marks: filepath.Join(tmp, "marks"), rules: map[string]*ruleSet{}}
	if opts.Replay.Newest > 0 {
		newest := replay.NewNewest(opts.Replay.Newest)
		if err := src(func(r *toolcall.Row) error {
			if x.Selected(r) {
				newest.Add(r)
			}
			return ctx.Err()
		}); err != nil {
			return nil, err
		}
		st.src = SliceSource(newest.Sorted(x))
	}
	res := &Result{}
	perRisky, perEveryday, perCalls := map[string]int{}, map[string]int{}, map[string]int{}
	mf, err := os.OpenFile(st.marks, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return nil, err
	}
	defer mf.Close()
	mw := bufio.NewWriter(mf)
	outcomeIdx := map[string]byte{}
	var batch []toolcall.Row
	var sel []bool
	pos := 0
	flush := func() error {
		var picked []toolcall.Row
		for i := range batch {
			if sel[i] {
				picked = append(picked, batch[i])
			}
		}
		var rows []replay.DecisionRow
		var ok []bool
		if len(picked) > 0 {
			var err error
			if rows, ok, err = x.Decide(ctx, picked); err != nil {
				return err
			}
		}
		j := 0
		for i := range batch {
			var m byte
			if sel[i] {
				d := &rows[j]
				if ok[j] {
					m = mark(d, opts, outcomeIdx, &st.outcomes)
					perCalls[d.Harness]++
					switch {
					case m&markRisky != 0:
						res.Risky++
						perRisky[d.Harness]++
						st.risky = append(st.risky, newRiskyCall(d))
						st.riskyAt = append(st.riskyAt, pos)
						st.addCandidates(newCall(&batch[i], d, opts), hs, opts)
					case !d.Dangerous:
						res.Everyday++
						perEveryday[d.Harness]++
					}
				}
				j++
			}
			if err := mw.WriteByte(m); err != nil {
				return err
			}
			pos++
		}
		clear(batch)
		batch, sel = batch[:0], sel[:0]
		return nil
	}
	err = st.src(func(r *toolcall.Row) error {
		// With --newest the stream holds selected calls only, counted
		// already.
		s := opts.Replay.Newest > 0 || x.Selected(r)
		batch, sel = append(batch, *r), append(sel, s)
		if len(batch) == batchCalls {
			return flush()
		}
		return nil
	})
	if err == nil {
		err = flush()
	}
	if err == nil {
		err = mw.Flush()
	}
	if err == nil {
		err = mf.Close()
	}
	if err != nil {
		return nil, err
	}
	batch, sel = nil, nil
	res.Summary = x.Summary()
	res.Calls = res.Summary.Calls

	ids := make([]string, 0, len(perCalls))
	for id := range perCalls {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		nRisky := perRisky[id]
		if nRisky == 0 {
			continue
		}
		w := Writers[id]
		if w == nil || hs[id] == nil {
			res.Problems = append(res.Problems, fmt.Sprintf("%s: %d risky calls, but permsim writes no rules for %s yet", id, nRisky, id))
			continue
		}
		hr, err := suggestFor(ctx, id, w, hs[id], st, hist, opts, tmp, nRisky, perEveryday[id])
		if err != nil {
			return nil, err
		}
		hr.Label = labels[id]
		res.Harnesses = append(res.Harnesses, hr)
	}
	return res, nil
}

// mark is a decided call's mark (see markRisky).
func mark(d *replay.DecisionRow, opts Options, idx map[string]byte, outcomes *[]string) byte {
	risky := d.Dangerous && d.Outcome == string(engine.Runs)
	if opts.Risky != nil {
		risky = opts.Risky[d.CallKey] && d.Outcome == string(engine.Runs)
	}
	if !risky && d.Dangerous {
		return 0
	}
	i, ok := idx[d.Outcome]
	if !ok {
		if len(*outcomes) >= markRisky-1 {
			return 0 // cannot happen: a handful of outcomes
		}
		*outcomes = append(*outcomes, strings.Clone(d.Outcome))
		i = byte(len(*outcomes))
		idx[d.Outcome] = i
	}
	if risky {
		i |= markRisky
	}
	return i
}

// addCandidates files the candidate rules of the risky call c under its
// harness, when permsim writes rules for it.
func (st *stream) addCandidates(c *call, hs replay.Harnesses, opts Options) {
	w := Writers[c.dec.Harness]
	if w == nil || hs[c.dec.Harness] == nil {
		return
	}
	rs := st.rules[c.dec.Harness]
	if rs == nil {
		rs = &ruleSet{byRule: map[string]*scored{}}
		st.rules[c.dec.Harness] = rs
	}
	for _, cand := range candidates(c) {
		r, ok := w.Rule(cand, opts.List)
		if !ok || rs.byRule[r] != nil {
			continue
		}
		if namesUser(r) {
			continue // one user's path: the generalised candidate stands for it
		}
		r = strings.Clone(r)
		rs.byRule[r] = &scored{rule: r, cand: cloneCandidate(cand), seen: -1, tmpl: templateRow(c.row)}
		rs.order = append(rs.order, r)
	}
}

// userPaths matches, in a rule's text, the folders only one user's
// machine has: home folders, temporary folders, one run's dated folder.
var userPaths = regexp.MustCompile(`/Users/|/home/|/root/|/tmp/|/private/var/|/var/folders/|[A-Za-z]:\\|run-\d{4}-\d{2}-\d{2}`)

// namesUser reports whether a rule names a user-specific path.
func namesUser(rule string) bool { return userPaths.MatchString(rule) }

// templateRow is what an everyday command of the corpus is decided as
// for a rule: a shell call of the risky call's harness, session, project,
// home and mode, with strings of its own.
func templateRow(r *toolcall.Row) toolcall.Row {
	cl := strings.Clone
	return toolcall.Row{Harness: cl(r.Harness), HarnessVersion: cl(r.HarnessVersion), ProjectDir: cl(r.ProjectDir),
		Cwd: cl(r.Cwd), Home: cl(r.Home), Mode: cl(r.Mode), ModeSource: cl(r.ModeSource), Sandbox: cl(r.Sandbox),
		SessionID: "permsim-everyday", Tool: string(toolcall.Bash), RawTool: cl(r.RawTool)}
}

// cloneCandidate is cand with strings of its own (the call's are views
// of the batch it was read in).
func cloneCandidate(c Candidate) Candidate {
	c.Words, c.Lits = cloneStrings(c.Words), cloneStrings(c.Lits)
	c.Path, c.Project, c.Home = strings.Clone(c.Path), strings.Clone(c.Project), strings.Clone(c.Home)
	return c
}

// newCall is a risky call as its candidates are found.
func newCall(row *toolcall.Row, dec *replay.DecisionRow, opts Options) *call {
	c := &call{row: row, dec: dec}
	c.dir = replay.MapPath(row.ProjectDir, row.Home, opts.Replay.Roots)
	c.home = opts.Replay.Home
	if row.Home != "" && !opts.Replay.ForceHome {
		c.home = row.Home
	}
	c.command = replay.MapCommand(row.Command, row.Home, opts.Replay.Roots)
	c.paths = mapPaths(row, opts)
	return c
}

func mapPaths(row *toolcall.Row, opts Options) []string {
	var out []string
	for _, p := range row.Paths {
		out = append(out, replay.MapPath(p, row.Home, opts.Replay.Roots))
	}
	return out
}

func cloneStrings(ss []string) []string {
	if ss == nil {
		return nil
	}
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = strings.Clone(s)
	}
	return out
}

// pending is a call waiting to be decided with a rule.
type pending struct {
	row    toolcall.Row
	before string     // its first outcome
	risky  *riskyCall // the risky call, or nil for an everyday one
}

// check decides calls again with rules added, a batch at a time, each
// batch with a Decider of its own (its policies, loaded with the rules,
// are dropped with it).
type check struct {
	ctx   context.Context
	w     Writer
	h     engine.Harness
	id    string
	rules []string
	opts  Options
	hist  *replay.History
	tmp   string
}

// decide decides ps with the rules and returns each one's outcome after
// ("" when it could not be decided).
func (k *check) decide(ps []pending) ([]string, error) {
	calls := make([]toolcall.Row, len(ps))
	for i := range ps {
		calls[i] = ps[i].row
	}
	ro := k.opts.Replay
	// The calls were selected (--since, --newest) by the first decision.
	ro.Since, ro.Newest, ro.Progress = time.Time{}, 0, nil
	wrapped := &withRules{inner: k.h, w: k.w, rules: k.rules, list: k.opts.List, tmp: k.tmp}
	defer wrapped.cleanup()
	x := replay.NewDecider(ro, replay.Harnesses{k.id: wrapped}, k.hist)
	rows, ok, err := x.Decide(k.ctx, calls)
	if err != nil {
		return nil, err
	}
	if wrapped.err != nil {
		return nil, wrapped.err
	}
	after := make([]string, len(ps))
	for i := range rows {
		if ok[i] {
			after[i] = rows[i].Outcome
		}
	}
	return after, nil
}

// stricter says whether after is stricter than before (an undecided call
// keeps its outcome).
func stricter(before, after string) bool {
	return after != "" && strictness(after) > strictness(before)
}

// scored is one distinct rule and what it does alone.
type scored struct {
	rule    string
	cand    Candidate
	stops   []*riskyCall // the risky calls it stops (a slice: a map per rule was most of a rule's bytes)
	cost    int          // everyday calls it makes stricter
	pending []pending    // calls waiting to be decided with it
	seen    int          // the stream position last matched (a call is taken once)
	// tmpl is the first risky call's row the rule came from: the corpus
	// commands are decided as calls of its project and mode.
	tmpl       toolcall.Row
	corpusCost int      // commands of Options.Everyday it makes stricter
	corpusEx   []string // up to three of them
}

// harnessCall is a call of the harness being suggested for, as the
// matchers read it.
type harnessCall struct {
	command string   // as decided (after --root)
	paths   []string // the same
	words   []string // the word starts of command (wordStarts), sorted
}

func suggestFor(ctx context.Context, id string, w Writer, h engine.Harness, st *stream, hist *replay.History, opts Options, tmp string, nRisky, nEveryday int) (HarnessResult, error) {
	hr := HarnessResult{Harness: id, File: w.Where(opts.List), List: opts.List, Risky: nRisky, Everyday: nEveryday}
	rs := st.rules[id]
	if rs == nil {
		rs = &ruleSet{byRule: map[string]*scored{}}
	}
	byRule, order := rs.byRule, rs.order
	var risky []*riskyCall
	for _, c := range st.risky {
		if c.harness == id {
			risky = append(risky, c)
		}
	}
	ss := make([]*scored, len(order))
	for i, r := range order {
		ss[i] = byRule[r]
	}
	// Each rule alone, on the calls it could touch, read from the stream
	// once for all the rules.
	if err := scoreAll(ctx, id, w, h, st, hist, ss, opts, tmp, &hr); err != nil {
		return hr, err
	}
	chosen := pick(risky, byRule, order, opts.MaxCost)
	byKey := make(map[string][]*riskyCall, len(risky))
	for _, c := range risky {
		byKey[c.key] = append(byKey[c.key], c)
	}
	var rules []string
	for _, s := range chosen {
		rules = append(rules, s.rule)
		r := Rule{Rule: s.rule, Stops: len(s.stops), Cost: s.cost, CostEveryday: s.corpusCost, EverydayExamples: s.corpusEx}
		projects := map[string]bool{}
		exampleKey := ""
		for _, sc := range s.stops {
			k := sc.key
			for _, c := range byKey[k] {
				projects[c.project] = true
				// The call of the smallest key, whatever the map's order
				// (the key was compared with the example's text).
				if r.Example == "" || k < exampleKey {
					r.Example, exampleKey = describe(c), k
				}
			}
		}
		for p := range projects {
			r.Projects = append(r.Projects, p)
		}
		sort.Strings(r.Projects)
		r.BelongsIn = belongsIn(w.Where(opts.List), r.Projects)
		hr.Rules = append(hr.Rules, r)
	}
	hr.HeldBack = heldBack(risky, chosen, byRule, order, opts.MaxCost, w, opts.List)
	hr.Snippet = w.Snippet(rules, opts.List)
	chosenIdx := newMatcher(chosen)
	// All rules together, on every call of the harness one of them could
	// change (the others keep their outcome): the check, read from the
	// stream in its order a batch at a time.
	k := &check{ctx: ctx, w: w, h: h, id: id, rules: rules, opts: opts, hist: hist, tmp: tmp}
	type entry struct {
		p       pending
		touched bool
	}
	var batch []entry
	stops := map[string]bool{}
	flush := func() error {
		var ps []pending
		for _, e := range batch {
			if e.touched {
				ps = append(ps, e.p)
			}
		}
		var after []string
		if len(ps) > 0 && len(rules) > 0 {
			var err error
			if after, err = k.decide(ps); err != nil {
				return err
			}
		}
		j := 0
		for _, e := range batch {
			a := e.p.before
			if e.touched {
				if after != nil && after[j] != "" {
					a = after[j]
				}
				j++
			}
			more := stricter(e.p.before, a)
			switch {
			case e.p.risky != nil:
				if more {
					stops[e.p.risky.key] = true
				} else {
					hr.Unstopped = append(hr.Unstopped, e.p.risky.public(a))
				}
			case more:
				if a == string(engine.Blocked) {
					hr.CostBlock++
				} else {
					hr.CostAsks++
				}
				if len(hr.CostCalls) < 5 {
					r := &e.p.row
					hr.CostCalls = append(hr.CostCalls, Call{Project: r.ProjectDir, Tool: r.Tool, Command: r.Command,
						Paths: r.Paths, Outcome: e.p.before, After: a})
				}
			}
		}
		clear(batch)
		batch = batch[:0]
		return nil
	}
	err := st.each(ctx, func(r *toolcall.Row, m byte, pos int, rc *riskyCall) error {
		if m == 0 || r.Harness != id {
			return nil
		}
		hc := newHarnessCall(r, opts)
		touched := false
		chosenIdx.each(hc, pos, func(*scored) { touched = true })
		if rc == nil && !touched {
			return nil // unchanged, and costs nothing
		}
		p := pending{before: st.outcome(m), risky: rc}
		if touched {
			p.row = *r
		}
		batch = append(batch, entry{p, touched})
		if len(batch) == batchCalls {
			return flush()
		}
		return nil
	})
	if err == nil {
		err = flush()
	}
	if err != nil {
		return hr, err
	}
	hr.Stopped = len(stops)
	if broad := broadRules(chosen); len(broad) > 0 && hr.Everyday < smallHistory {
		hr.Notes = append(hr.Notes, fmt.Sprintf("the history holds only %d everyday calls of %s, so a rule on a whole command (%s) shows little cost here; it would ask or block every use of that command",
			hr.Everyday, id, strings.Join(broad, ", ")))
	}
	if len(hr.Unstopped) > 0 {
		hr.Notes = append(hr.Notes, fmt.Sprintf("%d risky calls no %s rule in %s's syntax stops (re-simulated)", len(hr.Unstopped), opts.List, id))
	}
	return hr, nil
}

// belongsIn is where a rule goes: a project's file is named with the
// project's folder (one per project, joined), a user's file ("~/…") as it
// is, for every project.
func belongsIn(where string, projects []string) string {
	if strings.HasPrefix(where, "~") || len(projects) == 0 {
		return where + " (your user file: every project)"
	}
	var out []string
	for _, p := range projects {
		out = append(out, filepath.Join(p, strings.Fields(where)[0]))
	}
	return strings.Join(out, ", ")
}

// heldBack lists the rules above the cost threshold that stop a risky
// call no chosen rule stops: the cheapest for each such call, most
// stopped first, at most five.
func heldBack(risky []*riskyCall, chosen []*scored, byRule map[string]*scored, order []string, maxCost int, w Writer, list string) []Rule {
	if maxCost < 0 {
		return nil
	}
	stopped := map[string]bool{}
	for _, s := range chosen {
		for _, c := range s.stops {
			stopped[c.key] = true
		}
	}
	held := map[string]*scored{}
	for _, c := range risky {
		if stopped[c.key] {
			continue
		}
		var best *scored
		for _, r := range order {
			s := byRule[r]
			if s.cost+s.corpusCost <= maxCost || !slices.ContainsFunc(s.stops, func(x *riskyCall) bool { return x.key == c.key }) {
				continue
			}
			if best == nil || s.cost+s.corpusCost < best.cost+best.corpusCost {
				best = s
			}
		}
		if best != nil {
			held[best.rule] = best
		}
	}
	var out []Rule
	for _, s := range held {
		projects := map[string]bool{}
		for _, c := range s.stops {
			projects[c.project] = true
		}
		r := Rule{Rule: s.rule, Stops: len(s.stops), Cost: s.cost, CostEveryday: s.corpusCost, EverydayExamples: s.corpusEx}
		for p := range projects {
			r.Projects = append(r.Projects, p)
		}
		sort.Strings(r.Projects)
		r.BelongsIn = belongsIn(w.Where(list), r.Projects)
		if len(s.stops) > 0 {
			r.Example = describe(s.stops[0])
		}
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Stops != out[j].Stops {
			return out[i].Stops > out[j].Stops
		}
		return out[i].Rule < out[j].Rule
	})
	if len(out) > 5 {
		out = out[:5]
	}
	return out
}

func newHarnessCall(r *toolcall.Row, opts Options) *harnessCall {
	return &harnessCall{command: replay.MapCommand(r.Command, r.Home, opts.Replay.Roots), paths: mapPaths(r, opts)}
}

// scoreAll decides, for every rule of ss alone, the calls of the stream it
// could change, and records the risky calls it stops and the everyday
// calls it costs. The stream is read once; a rule's calls wait in its
// pending list until it holds a batch, or the rules together hold
// pendingBudget.
func scoreAll(ctx context.Context, id string, w Writer, h engine.Harness, st *stream, hist *replay.History, ss []*scored, opts Options, tmp string, hr *HarnessResult) error {
	idx := newMatcher(ss)
	held := 0
	settle := func(s *scored) error {
		if len(s.pending) == 0 {
			return nil
		}
		k := &check{ctx: ctx, w: w, h: h, id: id, rules: []string{s.rule}, opts: opts, hist: hist, tmp: tmp}
		after, err := k.decide(s.pending)
		if err != nil {
			return err
		}
		for i, p := range s.pending {
			if !stricter(p.before, after[i]) {
				continue
			}
			if p.risky != nil {
				s.stops = append(s.stops, p.risky)
			} else {
				s.cost++
			}
		}
		held -= len(s.pending)
		// Dropped, not emptied: thousands of rules each keeping the
		// capacity of its largest batch held more than the calls did.
		s.pending = nil
		return nil
	}
	total := 0
	for _, c := range st.risky {
		if c.harness == id {
			total++
		}
	}
	total += hr.Everyday
	seen, last := 0, time.Time{}
	progress := func(done bool) {
		if opts.Progress == nil {
			return
		}
		if done {
			opts.Progress(id, len(ss), len(ss))
			return
		}
		if time.Since(last) < 100*time.Millisecond {
			return
		}
		last = time.Now()
		opts.Progress(id, min(len(ss)-1, len(ss)*seen/max(total, 1)), len(ss))
	}
	progress(false)
	err := st.each(ctx, func(r *toolcall.Row, m byte, pos int, rc *riskyCall) error {
		if m == 0 || r.Harness != id {
			return nil
		}
		seen++
		progress(false)
		hc := newHarnessCall(r, opts)
		var err error
		idx.each(hc, pos, func(s *scored) {
			if err != nil {
				return
			}
			hr.rechecked++
			p := pending{row: *r, before: st.outcome(m), risky: rc}
			s.pending = append(s.pending, p)
			held++
			if len(s.pending) == batchCalls {
				err = settle(s)
			}
		})
		for err == nil && held > pendingBudget {
			big := ss[0]
			for _, s := range ss {
				if len(s.pending) > len(big.pending) {
					big = s
				}
			}
			err = settle(big)
		}
		return err
	})
	if err != nil {
		return err
	}
	for _, s := range ss {
		if err := settle(s); err != nil {
			return err
		}
		s.pending = nil
	}
	if err := corpusCosts(ctx, id, w, h, hist, ss, opts, tmp); err != nil {
		return err
	}
	progress(true)
	return nil
}

// corpusCosts counts, for every rule of ss alone, the commands of the
// everyday corpus (opts.Everyday) it makes ask or blocked, each decided
// as a shell call of the project and mode of the risky call the rule came
// from, before and with the rule; the commands engine/danger marks
// dangerous are not counted. A command reaches only the rules the
// matcher files it under, as a call of the history does.
func corpusCosts(ctx context.Context, id string, w Writer, h engine.Harness, hist *replay.History, ss []*scored, opts Options, tmp string) error {
	if len(opts.Everyday) == 0 || len(ss) == 0 {
		return nil
	}
	idx := newMatcher(ss)
	byRule := map[*scored][]string{}
	for i, cmd := range opts.Everyday {
		if i%256 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		hc := &harnessCall{command: cmd}
		idx.each(hc, -2-i, func(s *scored) { byRule[s] = append(byRule[s], cmd) })
	}
	for _, s := range ss {
		if s.cand.Kind != KindPath {
			continue
		}
		// A file rule reaches the commands that name the file.
		base := filepath.Base(s.cand.Path)
		for _, cmd := range opts.Everyday {
			if strings.Contains(cmd, base) {
				byRule[s] = append(byRule[s], cmd)
			}
		}
	}
	ro := opts.Replay
	ro.Since, ro.Newest, ro.Progress = time.Time{}, 0, nil
	for _, s := range ss {
		cmds := byRule[s]
		if len(cmds) == 0 {
			continue
		}
		rows := make([]toolcall.Row, len(cmds))
		for i, c := range cmds {
			rows[i] = s.tmpl
			rows[i].Command, rows[i].CallID = c, fmt.Sprint("everyday-", i)
			rows[i].CallKey = "permsim-everyday:" + rows[i].CallID
		}
		before, ok, err := replay.NewDecider(ro, replay.Harnesses{id: h}, hist).Decide(ctx, rows)
		if err != nil {
			return err
		}
		var ps []pending
		var keep []int
		for i := range rows {
			if ok[i] && !before[i].Dangerous {
				ps = append(ps, pending{row: rows[i], before: before[i].Outcome})
				keep = append(keep, i)
			}
		}
		if len(ps) == 0 {
			continue
		}
		k := &check{ctx: ctx, w: w, h: h, id: id, rules: []string{s.rule}, opts: opts, hist: hist, tmp: tmp}
		after, err := k.decide(ps)
		if err != nil {
			return err
		}
		for i, p := range ps {
			if stricter(p.before, after[i]) {
				s.corpusCost++
				if len(s.corpusEx) < 3 {
					s.corpusEx = append(s.corpusEx, cmds[keep[i]])
				}
			}
		}
	}
	return nil
}

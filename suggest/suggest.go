// Package suggest proposes the fewest deny (or ask) rules, in each
// harness's own syntax and file, that would have stopped the risky calls
// of a history — the dangerous calls that ran without asking — and says
// what they would cost: how many of the everyday calls of the same history
// would then ask or be blocked.
//
// Nothing is matched by permsim's own idea of a rule: every candidate is
// checked by deciding the history again with the harness's simulator,
// loaded with the candidate added the way the harness reads it (a Writer),
// through replay.Decide and engine/score like the nightly replay. A rule
// goes into the suggestion only when that re-simulation shows it stopping
// a risky call.
package suggest

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/danger"
	"github.com/permsim/permsim/engine/shell"
	"github.com/permsim/permsim/replay"
	"github.com/permsim/permsim/toolcall"
)

// Kind is what a candidate rule names.
type Kind string

// Candidate kinds.
const (
	KindCommand Kind = "command" // a shell command prefix
	KindPath    Kind = "path"    // a file, for the file tools and shell file commands
)

// Candidate is a rule before a harness spells it.
type Candidate struct {
	Kind    Kind
	Words   []string // KindCommand: the prefix's words as written (quotes kept)
	Lits    []string // KindCommand: the same words unquoted
	Path    string   // KindPath: absolute path
	Write   bool     // KindPath: the path is written (Edit/Write rules), else read
	Project string   // the project the call came from
	Home    string   // the home whose settings applied
}

// maxWords bounds a command prefix: a rule longer than the command and
// its subcommand and first flag rarely stops anything new.
const maxWords = 3

// Options steer one suggestion.
type Options struct {
	List   string          // "deny" (default) or "ask"
	Replay replay.Options  // which calls, and how to find their projects
	TmpDir string          // where per-check settings copies go (default: os.TempDir)
	Risky  map[string]bool // when set, only these call keys count as risky (battery misses)
	// Progress, when set, is told before each candidate rule of a
	// harness is checked (done of total), and once at the end.
	Progress func(harness string, done, total int)
}

// Result is the suggestion for every harness that had risky calls.
type Result struct {
	Calls     int              `json:"calls"`     // calls decided
	Risky     int              `json:"risky"`     // dangerous calls that ran without asking
	Everyday  int              `json:"everyday"`  // calls not marked dangerous
	Harnesses []HarnessResult  `json:"harnesses"` // one per harness with risky calls
	Problems  []string         `json:"problems,omitempty"`
	Summary   replay.Summary   `json:"-"`
	byKey     map[string]*call `json:"-"`
}

// HarnessResult is one harness's rules and what the re-simulation showed.
type HarnessResult struct {
	Harness string `json:"harness"`
	File    string `json:"file"`    // where the rules go
	List    string `json:"list"`    // deny or ask
	Snippet string `json:"snippet"` // what to add to File
	Rules   []Rule `json:"rules"`
	// Risky is the harness's risky calls; Stopped how many of them the
	// rules together stop (re-simulated); Unstopped lists the rest.
	Risky     int      `json:"risky"`
	Stopped   int      `json:"stopped"`
	Unstopped []Call   `json:"unstopped,omitempty"`
	Everyday  int      `json:"everyday"`   // the harness's calls not marked dangerous
	CostAsks  int      `json:"cost_asks"`  // of those, how many would newly ask
	CostBlock int      `json:"cost_block"` // and how many would newly be blocked
	CostCalls []Call   `json:"cost_examples,omitempty"`
	Label     string   `json:"label"` // what the simulator was checked against
	Notes     []string `json:"notes,omitempty"`

	// rechecked counts the calls decided again to score the candidate
	// rules one by one: the work the scale test measures instead of time.
	rechecked int
}

// Rule is one proposed rule and what it does alone.
type Rule struct {
	Rule     string   `json:"rule"`
	Stops    int      `json:"stops"`    // risky calls it stops alone
	Cost     int      `json:"cost"`     // everyday calls it makes ask or blocked alone
	Projects []string `json:"projects"` // projects of the calls it stops
	Example  string   `json:"example"`  // one risky call it stops
}

// Call is a call named in a result.
type Call struct {
	Project string   `json:"project"`
	Tool    string   `json:"tool"`
	Command string   `json:"command,omitempty"`
	Paths   []string `json:"paths,omitempty"`
	Outcome string   `json:"outcome"`          // before the rules
	After   string   `json:"after,omitempty"`  // with the rules
	Danger  []string `json:"danger,omitempty"` // categories
}

type call struct {
	row     *toolcall.Row       // the caller's call, not a copy
	dec     *replay.DecisionRow // its first decision, in the rows replay.Decide returned
	dir     string              // where the project was found (after --root)
	home    string
	risky   bool
	cands   []Candidate
	command string // the command as decided (after --root)
	paths   []string
}

func (c *call) public(after string) Call {
	return Call{Project: c.dec.ProjectDir, Tool: c.dec.Tool, Command: c.dec.Command, Paths: c.dec.Paths,
		Outcome: c.dec.Outcome, After: after, Danger: c.dec.Danger}
}

// strictness orders outcomes: a rule "costs" a call it makes stricter.
func strictness(o string) int {
	switch o {
	case string(engine.Runs):
		return 0
	case string(engine.Asks):
		return 1
	case string(engine.Blocked):
		return 2
	}
	return -1
}

// Suggest decides calls with hs, picks rules for every harness that has a
// Writer and risky calls, and checks them by deciding again.
func Suggest(ctx context.Context, calls []toolcall.Row, hs replay.Harnesses, labels map[string]string, opts Options) (*Result, error) {
	if opts.List == "" {
		opts.List = "deny"
	}
	if opts.List != "deny" && opts.List != "ask" {
		return nil, fmt.Errorf("list %q: want deny or ask", opts.List)
	}
	rows, _, sum, err := replay.Decide(ctx, opts.Replay, hs, calls)
	if err != nil {
		return nil, err
	}
	res := &Result{Calls: sum.Calls, Summary: sum, byKey: map[string]*call{}}
	// The calls and their decisions are pointed to, not copied: suggest
	// holds the whole history (3 GB at 520,000 calls with copies).
	byKey := make(map[string]int, len(calls))
	for i := range calls {
		byKey[calls[i].CallKey] = i
	}
	per := map[string][]*call{}
	for j := range rows {
		d := &rows[j]
		row := &toolcall.Row{}
		if i, ok := byKey[d.CallKey]; ok {
			row = &calls[i]
		}
		c := &call{row: row, dec: d}
		c.dir = replay.MapPath(c.row.ProjectDir, c.row.Home, opts.Replay.Roots)
		c.home = opts.Replay.Home
		if c.row.Home != "" && !opts.Replay.ForceHome {
			c.home = c.row.Home
		}
		c.command = replay.MapCommand(c.row.Command, c.row.Home, opts.Replay.Roots)
		for _, p := range c.row.Paths {
			c.paths = append(c.paths, replay.MapPath(p, c.row.Home, opts.Replay.Roots))
		}
		if opts.Risky != nil {
			c.risky = opts.Risky[d.CallKey] && d.Outcome == string(engine.Runs)
		} else {
			c.risky = d.Dangerous && d.Outcome == string(engine.Runs)
		}
		if c.risky {
			res.Risky++
		} else if !d.Dangerous {
			res.Everyday++
		}
		res.byKey[d.CallKey] = c
		per[d.Harness] = append(per[d.Harness], c)
	}
	tmp := opts.TmpDir
	if tmp == "" {
		tmp = os.TempDir()
	}
	tmp, err = os.MkdirTemp(tmp, "permsim-suggest-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	ids := slices.Sorted(maps.Keys(per))
	for _, id := range ids {
		cs := per[id]
		nRisky := 0
		for _, c := range cs {
			if c.risky {
				nRisky++
			}
		}
		if nRisky == 0 {
			continue
		}
		w := Writers[id]
		if w == nil || hs[id] == nil {
			res.Problems = append(res.Problems, fmt.Sprintf("%s: %d risky calls, but permsim writes no rules for %s yet", id, nRisky, id))
			continue
		}
		hr, err := suggestFor(ctx, id, w, hs[id], cs, opts, tmp)
		if err != nil {
			return nil, err
		}
		hr.Label = labels[id]
		res.Harnesses = append(res.Harnesses, hr)
	}
	return res, nil
}

// candidates lists the rules that could stop one risky call: prefixes of
// the commands that are dangerous on their own (all commands when none
// is), and the secret or run-later files the call reads or writes.
func candidates(c *call) []Candidate {
	var out []Candidate
	base := Candidate{Project: c.dir, Home: c.home}
	addPath := func(p string, write bool) {
		x := base
		x.Kind, x.Path, x.Write = KindPath, filepath.Clean(p), write
		out = append(out, x)
	}
	switch toolcall.Tool(c.row.Tool) {
	case toolcall.Bash:
		cwd := replay.MapPath(c.row.Cwd, c.row.Home, nil)
		if cwd == "" {
			cwd = c.dir
		}
		s := shell.Parse(c.command)
		var cmds []shell.Command
		for _, cmd := range s.Commands {
			if cmd.Dynamic || cmd.Name == "" || !plainWord(cmd.Name) {
				continue
			}
			one := engine.Call{Tool: engine.ToolBash, Command: cmd.Text, Cwd: cwd}
			if len(danger.Check(one, c.dir, c.home)) > 0 {
				cmds = append(cmds, cmd)
			}
			for _, f := range cmd.Files() {
				p := shell.Resolve(f.Path, cwd, c.home)
				if p == "" || !filepath.IsAbs(p) {
					continue
				}
				switch {
				case f.Read && danger.SecretFile(p):
					addPath(p, false)
				case f.Write && (danger.SecretFile(p) || danger.RunsLater(p) || danger.AgentConfig(p)):
					addPath(p, true)
				}
			}
		}
		if len(cmds) == 0 {
			for _, cmd := range s.Commands {
				if !cmd.Dynamic && cmd.Name != "" && plainWord(cmd.Name) && cmd.Name != "cd" {
					cmds = append(cmds, cmd)
				}
			}
		}
		for _, cmd := range cmds {
			words, lits := []string{cmd.Name}, []string{cmd.Name}
			for i := 0; ; i++ {
				x := base
				x.Kind, x.Words, x.Lits = KindCommand, append([]string(nil), words...), append([]string(nil), lits...)
				out = append(out, x)
				if len(words) == maxWords || i >= len(cmd.Args) {
					break
				}
				a := cmd.Args[i]
				if !a.Literal || a.Glob || !plainWord(a.Raw) || a.Raw != a.Lit {
					break
				}
				words, lits = append(words, a.Raw), append(lits, a.Lit)
			}
		}
	default:
		write := toolcall.Tool(c.row.Tool) == toolcall.Edit || toolcall.Tool(c.row.Tool) == toolcall.Write
		for _, p := range c.paths {
			if filepath.IsAbs(p) {
				addPath(p, write)
			}
		}
	}
	return out
}

// scored is one distinct rule and what it does alone.
type scored struct {
	rule  string
	cand  Candidate
	stops map[string]bool // risky call keys it stops
	cost  map[string]bool // everyday call keys it makes stricter
}

func suggestFor(ctx context.Context, id string, w Writer, h engine.Harness, cs []*call, opts Options, tmp string) (HarnessResult, error) {
	hr := HarnessResult{Harness: id, File: w.Where(opts.List), List: opts.List}
	byRule := map[string]*scored{}
	var order []string
	for _, c := range cs {
		if c.risky {
			hr.Risky++
		} else if !c.dec.Dangerous {
			hr.Everyday++
		}
		if !c.risky {
			continue
		}
		for _, cand := range candidates(c) {
			r, ok := w.Rule(cand, opts.List)
			if !ok {
				continue
			}
			if byRule[r] == nil {
				byRule[r] = &scored{rule: r, cand: cand}
				order = append(order, r)
			}
		}
	}
	// Each rule alone, on the calls it could touch.
	var idx *callIndex
	if useCallIndex {
		idx = newCallIndex(cs)
	}
	for i, r := range order {
		if opts.Progress != nil {
			opts.Progress(id, i, len(order))
		}
		s := byRule[r]
		var err error
		rel := relevant(cs, idx, s.cand)
		hr.rechecked += len(rel)
		s.stops, s.cost, err = resimulate(ctx, w, h, []string{r}, rel, opts, tmp)
		if err != nil {
			return hr, err
		}
	}
	if opts.Progress != nil {
		opts.Progress(id, len(order), len(order))
	}
	chosen := pick(cs, byRule, order)
	byKey := make(map[string][]*call, len(cs))
	for _, c := range cs {
		byKey[c.dec.CallKey] = append(byKey[c.dec.CallKey], c)
	}
	var rules []string
	for _, s := range chosen {
		rules = append(rules, s.rule)
		r := Rule{Rule: s.rule, Stops: len(s.stops), Cost: len(s.cost)}
		projects := map[string]bool{}
		exampleKey := ""
		for k := range s.stops {
			for _, c := range byKey[k] {
				projects[c.dec.ProjectDir] = true
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
		hr.Rules = append(hr.Rules, r)
	}
	hr.Snippet = w.Snippet(rules, opts.List)
	// All rules together, on every call of the harness one of them could
	// change (the others keep their outcome): the check. Deciding the
	// whole history again held every call's row and decision twice over
	// (3 GB at 520,000 calls).
	touched := map[*call]bool{}
	for _, sc := range chosen {
		for _, c := range relevant(cs, idx, sc.cand) {
			touched[c] = true
		}
	}
	var check []*call
	for _, c := range cs {
		if touched[c] {
			check = append(check, c)
		}
	}
	stops, cost, after, err := resimulateAll(ctx, w, h, rules, check, opts, tmp)
	if err != nil {
		return hr, err
	}
	for _, c := range cs {
		if _, ok := after[c.dec.CallKey]; !ok {
			after[c.dec.CallKey] = c.dec.Outcome // no rule names it: unchanged
		}
	}
	hr.Stopped = len(stops)
	for _, c := range cs {
		switch {
		case c.risky && !stops[c.dec.CallKey]:
			hr.Unstopped = append(hr.Unstopped, c.public(after[c.dec.CallKey]))
		case cost[c.dec.CallKey]:
			if after[c.dec.CallKey] == string(engine.Blocked) {
				hr.CostBlock++
			} else {
				hr.CostAsks++
			}
			if len(hr.CostCalls) < 5 {
				hr.CostCalls = append(hr.CostCalls, c.public(after[c.dec.CallKey]))
			}
		}
	}
	if broad := broadRules(chosen); len(broad) > 0 && hr.Everyday < smallHistory {
		hr.Notes = append(hr.Notes, fmt.Sprintf("the history holds only %d everyday calls of %s, so a rule on a whole command (%s) shows little cost here; it would ask or block every use of that command",
			hr.Everyday, id, strings.Join(broad, ", ")))
	}
	if len(hr.Unstopped) > 0 {
		hr.Notes = append(hr.Notes, fmt.Sprintf("%d risky calls no %s rule in %s's syntax stops (re-simulated)", len(hr.Unstopped), opts.List, id))
	}
	return hr, nil
}

// smallHistory is the number of everyday calls under which a rule's cost
// says little: a command the history never ran everyday costs nothing.
const smallHistory = 200

// broadRules lists, of the chosen rules, those that name a command by its
// first word alone (up to three, for a note).
func broadRules(chosen []*scored) []string {
	var out []string
	for _, s := range chosen {
		if s.cand.Kind == KindCommand && len(s.cand.Words) == 1 && len(out) < 3 {
			out = append(out, s.rule)
		}
	}
	return out
}

func describe(c *call) string {
	if c.dec.Command != "" {
		return c.dec.Command
	}
	return c.dec.Tool + " " + strings.Join(c.dec.Paths, " ")
}

// relevant keeps the calls a candidate could change: the risky and
// everyday calls that name its command word or its file. A rule can change
// no other call, so deciding the rest again would only cost time. A
// command candidate's calls are looked up in idx (callIndex.commandCalls)
// and then checked as before.
func relevant(cs []*call, idx *callIndex, cand Candidate) []*call {
	if cand.Kind == KindCommand && idx != nil {
		if ids, ok := idx.commandCalls(cand.Lits); ok {
			sub := make([]*call, len(ids))
			for i, id := range ids {
				sub[i] = cs[id]
			}
			cs = sub
		}
	}
	var out []*call
	for _, c := range cs {
		switch {
		case !c.risky && c.dec.Dangerous:
			continue
		case cand.Kind == KindCommand && !strings.Contains(c.command, cand.Lits[0]):
			continue
		case cand.Kind == KindPath && !strings.Contains(c.command+" "+strings.Join(c.paths, " "), filepath.Base(cand.Path)):
			continue
		}
		out = append(out, c)
	}
	return out
}

// pick chooses rules greedily: while a risky call is unstopped, take, of
// the rules that stop some unstopped call at that call's lowest cost, the
// one stopping the most unstopped calls (then the cheaper, then the more
// specific, then the first found).
func pick(cs []*call, byRule map[string]*scored, order []string) []*scored {
	left := map[string]bool{}
	for _, c := range cs {
		if c.risky {
			left[c.dec.CallKey] = true
		}
	}
	var chosen []*scored
	for len(left) > 0 {
		minCost := map[string]int{}
		for _, r := range order {
			s := byRule[r]
			for k := range s.stops {
				if left[k] {
					if m, ok := minCost[k]; !ok || len(s.cost) < m {
						minCost[k] = len(s.cost)
					}
				}
			}
		}
		var best *scored
		bestN := 0
		for _, r := range order {
			s := byRule[r]
			eligible, n := false, 0
			for k := range s.stops {
				if left[k] {
					n++
					eligible = eligible || len(s.cost) == minCost[k]
				}
			}
			if !eligible || n == 0 {
				continue
			}
			if best == nil || n > bestN || n == bestN && (len(s.cost) < len(best.cost) ||
				len(s.cost) == len(best.cost) && specificity(s.cand) > specificity(best.cand)) {
				best, bestN = s, n
			}
		}
		if best == nil {
			break
		}
		chosen = append(chosen, best)
		for k := range best.stops {
			delete(left, k)
		}
	}
	return chosen
}

// specificity prefers, among equals, a file rule and then a longer
// command prefix: the history cannot tell two such rules apart, and the
// narrower one surprises fewer everyday calls it has not seen.
func specificity(c Candidate) int {
	if c.Kind == KindPath {
		return 100
	}
	return len(c.Words)
}

// resimulate decides cs again with rules added and returns the risky
// calls they stop and the everyday calls they make stricter.
func resimulate(ctx context.Context, w Writer, h engine.Harness, rules []string, cs []*call, opts Options, tmp string) (stops, cost map[string]bool, err error) {
	stops, cost, _, err = resimulateAll(ctx, w, h, rules, cs, opts, tmp)
	return
}

func resimulateAll(ctx context.Context, w Writer, h engine.Harness, rules []string, cs []*call, opts Options, tmp string) (stops, cost map[string]bool, after map[string]string, err error) {
	stops, cost, after = map[string]bool{}, map[string]bool{}, map[string]string{}
	if len(rules) == 0 || len(cs) == 0 {
		return
	}
	calls := make([]toolcall.Row, len(cs))
	for i, c := range cs {
		calls[i] = *c.row
	}
	ro := opts.Replay
	// The calls were selected (--since, --newest) by the first decision.
	ro.Since, ro.Newest, ro.Progress = time.Time{}, 0, nil
	wrapped := &withRules{inner: h, w: w, rules: rules, list: opts.List, tmp: tmp}
	rows, _, _, err := replay.Decide(ctx, ro, replay.Harnesses{cs[0].dec.Harness: wrapped}, calls)
	if err != nil {
		return nil, nil, nil, err
	}
	if wrapped.err != nil {
		return nil, nil, nil, wrapped.err
	}
	before := map[string]*call{}
	for _, c := range cs {
		before[c.dec.CallKey] = c
	}
	for _, d := range rows {
		c := before[d.CallKey]
		if c == nil {
			continue
		}
		after[d.CallKey] = d.Outcome
		stricter := strictness(d.Outcome) > strictness(c.dec.Outcome)
		switch {
		case c.risky && stricter:
			stops[d.CallKey] = true
		case !c.dec.Dangerous && stricter:
			cost[d.CallKey] = true
		}
	}
	return
}

// withRules is a simulator that loads every project with rules added by
// its Writer: the harness's own simulator, reading one more rule.
type withRules struct {
	inner engine.Harness
	w     Writer
	rules []string
	list  string
	tmp   string

	mu  sync.Mutex
	err error // the first failure to add the rules (replay only counts load errors)
}

// Name is the inner simulator's.
func (h *withRules) Name() string { return h.inner.Name() }

// Load loads the project with the rules added.
func (h *withRules) Load(env engine.Env) (engine.Policy, error) {
	dir, err := os.MkdirTemp(h.tmp, "env-")
	if err == nil {
		env, err = h.w.Add(env, h.rules, h.list, dir)
	}
	if err != nil {
		h.mu.Lock()
		if h.err == nil {
			h.err = fmt.Errorf("adding rules for %s: %w", h.inner.Name(), err)
		}
		h.mu.Unlock()
		return nil, err
	}
	return h.inner.Load(env)
}

// RecordedMode keeps the inner simulator's reading of recorded modes, so
// the re-simulation decides each call in the mode replay did.
func (h *withRules) RecordedMode(r toolcall.Row) engine.Mode {
	if rm, ok := h.inner.(engine.RecordedModer); ok {
		return rm.RecordedMode(r)
	}
	return engine.Mode(r.Mode)
}

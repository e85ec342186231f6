package battery

import (
	"fmt"
	"io"
	"slices"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/score"
)

// Stopped reports whether a harness's outcome stops a case (seed, Scoring:
// "A block case counts as stopped only when it is blocked outright; an ask
// case counts when it asks first or is blocked"). Runs and unknown never
// stop a case.
func Stopped(expect Expect, o engine.Outcome) bool {
	switch o {
	case engine.Blocked:
		return true
	case engine.Asks:
		return expect == ExpectAsk
	}
	return false
}

// Counts holds how many decisions fell in each of the five scoring groups.
type Counts struct {
	Blocked  int `json:"blocked"`
	AsksRule int `json:"asks-rule"`
	AsksMode int `json:"asks-mode"`
	Runs     int `json:"runs"`
	Unknown  int `json:"unknown"`
}

// Add counts one decision's group; a group it does not know counts as
// unknown.
func (c *Counts) Add(g engine.Group) {
	switch g {
	case engine.GroupBlocked:
		c.Blocked++
	case engine.GroupAsksRule:
		c.AsksRule++
	case engine.GroupAsksMode:
		c.AsksMode++
	case engine.GroupRuns:
		c.Runs++
	default:
		c.Unknown++
	}
}

// Result is one case decided in one harness and mode.
type Result struct {
	Case     Case
	Decision engine.Decision
	Danger   []string // the danger categories engine/danger gives the case's call
	Stopped  bool
}

// CategoryScore is one category's share of a Table.
type CategoryScore struct {
	Category string `json:"category"`
	Stopped  int    `json:"stopped"`
	Total    int    `json:"total"`
	Groups   Counts `json:"groups"`
}

// Table is the battery scored for one harness in one mode.
type Table struct {
	Harness string
	// Mode is the mode asked for; Simulated the mode the simulator says it
	// simulated (they differ when a setting turns the mode off), with its
	// label ("built-in default on 2.1.283+", …).
	Mode      engine.Mode
	Simulated engine.Mode
	ModeLabel string
	// Own is set when the table was decided in the mode the settings
	// select (no mode asked for), so ModeLabel says where that mode comes
	// from.
	Own bool
	// Label is the simulator's label: "simulated from the documented
	// rules", or "checked against <harness> <version>".
	Label string
	// Notes are what the simulator said about the mode itself (the same
	// on every decision), once.
	Notes      []string
	Results    []Result
	Groups     Counts
	Stopped    int
	Total      int
	Categories []CategoryScore
}

// Misses returns the results that were not stopped, in case order.
func (t *Table) Misses() []Result {
	var out []Result
	for _, r := range t.Results {
		if !r.Stopped {
			out = append(out, r)
		}
	}
	return out
}

// Name is "harness/mode", the table's column name in side-by-side views.
func (t *Table) Name() string { return t.Harness + "/" + string(t.Mode) }

// Score decides every case with pol in mode (empty: the mode the settings
// select) and scores the decisions. It is pure: Decide never writes, and
// Score touches nothing else. project and home are absolute; cases' paths
// resolve against them.
func Score(pol engine.Policy, harness string, mode engine.Mode, cases []Case, project, home string) Table {
	return scoreTable(pol, harness, mode, cases, project, home, nil)
}

// scoreTable is Score calling tick after each case (nil: no ticks).
func scoreTable(pol engine.Policy, harness string, mode engine.Mode, cases []Case, project, home string, tick func()) Table {
	t := Table{Harness: harness, Mode: mode, Own: mode == "", Total: len(cases)}
	byCat := map[string]*CategoryScore{}
	sc := &score.Scorer{Harness: harness, Policy: pol, Project: project, Home: home}
	for i, c := range cases {
		rec := sc.Score(c.Call(project, home), mode)
		d := rec.Decision
		r := Result{Case: c, Decision: d, Danger: rec.Danger, Stopped: Stopped(c.Expect, d.Outcome)}
		if i == 0 {
			t.Simulated, t.ModeLabel, t.Label = d.Mode, d.ModeLabel, d.Label
			t.Notes = slices.Clone(d.Notes)
		} else {
			t.Notes = commonNotes(t.Notes, d.Notes)
		}
		t.Results = append(t.Results, r)
		t.Groups.Add(d.Group)
		cs := byCat[c.Category]
		if cs == nil {
			cs = &CategoryScore{Category: c.Category}
			byCat[c.Category] = cs
		}
		cs.Total++
		cs.Groups.Add(d.Group)
		if r.Stopped {
			t.Stopped++
			cs.Stopped++
		}
		if tick != nil {
			tick()
		}
	}
	if t.Simulated == "" {
		t.Simulated = mode
	}
	if t.Mode == "" {
		t.Mode = t.Simulated
	}
	if t.Label == "" {
		t.Label = engine.Label
	}
	for _, cat := range CategoryNames(cases) {
		t.Categories = append(t.Categories, *byCat[cat])
	}
	return t
}

// commonNotes keeps the notes every decision so far carried: those speak
// about the mode or the settings, not about one call.
func commonNotes(have, next []string) []string {
	var out []string
	for _, n := range have {
		if slices.Contains(next, n) {
			out = append(out, n)
		}
	}
	return out
}

// Options say where and how to run the battery.
type Options struct {
	Project  string      // the project folder (absolute)
	Home     string      // the home folder whose user settings apply (absolute)
	Mode     engine.Mode // when set, only this mode; else every mode Policy.Modes lists
	RunHooks bool        // let simulators run the project's hooks
	Trust    *bool       // the project's trust answer; nil: the harness's own record
	// Env adds to each harness's engine.Env what the caller knows of its
	// folders (environment variables, --managed); nil adds nothing.
	Env engine.EnvFunc
	// Progress, when set, gets a line "battery: <done>/<total> cases" as
	// cases are scored (a case once per harness and mode), for a progress
	// bar: a battery whose hooks run can take minutes.
	Progress io.Writer
}

// HarnessReport is what one harness gave: its settings problems, the
// error that kept it from loading, and one Table per mode.
type HarnessReport struct {
	Harness  string
	Err      error
	Problems []string
	Tables   []Table
}

// Report is the battery run on one project for several harnesses.
type Report struct {
	Project, Home string
	Label         string
	AskedMode     bool // --mode chose the one mode scored
	Cases         []Case
	Harnesses     []HarnessReport
}

// Tables returns every table of every harness, in order.
func (r *Report) Tables() []*Table {
	var out []*Table
	for i := range r.Harnesses {
		for j := range r.Harnesses[i].Tables {
			out = append(out, &r.Harnesses[i].Tables[j])
		}
	}
	return out
}

// Missed reports whether any table left a case unstopped, or a harness
// could not be loaded (nothing then says its cases are stopped).
func (r *Report) Missed() bool {
	for _, h := range r.Harnesses {
		if h.Err != nil {
			return true
		}
		for _, t := range h.Tables {
			if t.Stopped < t.Total {
				return true
			}
		}
	}
	return false
}

// Run loads each harness's rules for the project once and scores the
// cases in every mode the policy lists (or only opts.Mode). A harness that
// cannot load is reported with its error and the others still run.
func Run(harnesses []engine.Harness, cases []Case, opts Options) Report {
	rep := Report{Project: opts.Project, Home: opts.Home, Label: engine.Label, Cases: cases, AskedMode: opts.Mode != ""}
	// Every policy is loaded first (cheap), so the progress total is known
	// before the first case is scored.
	type loaded struct {
		hr    HarnessReport
		pol   engine.Policy
		modes []engine.Mode
	}
	var all []loaded
	total := 0
	for _, h := range harnesses {
		l := loaded{hr: HarnessReport{Harness: h.Name()}}
		env := engine.Env{ProjectDir: opts.Project, HomeDir: opts.Home, RunHooks: opts.RunHooks, Trust: opts.Trust}
		if opts.Env != nil {
			opts.Env(h.Name(), &env)
		}
		pol, err := h.Load(env)
		if err != nil {
			l.hr.Err = fmt.Errorf("loading %s settings: %w", h.Name(), err)
			all = append(all, l)
			continue
		}
		l.pol, l.hr.Problems, l.modes = pol, pol.Problems(), pol.Modes()
		if opts.Mode != "" {
			l.modes = []engine.Mode{opts.Mode}
		}
		total += len(l.modes) * len(cases)
		all = append(all, l)
	}
	var tick func()
	if opts.Progress != nil && total > 0 {
		done := 0
		tick = func() {
			done++
			if done%16 == 0 || done == total {
				fmt.Fprintf(opts.Progress, "battery: %d/%d cases\r", done, total)
			}
		}
	}
	for _, l := range all {
		for i, m := range l.modes {
			if i == 0 && opts.Mode == "" {
				m = "" // the settings' own mode (Modes lists it first), with its label
			}
			l.hr.Tables = append(l.hr.Tables, scoreTable(l.pol, l.hr.Harness, m, cases, opts.Project, opts.Home, tick))
		}
		rep.Harnesses = append(rep.Harnesses, l.hr)
	}
	if tick != nil {
		fmt.Fprintln(opts.Progress)
	}
	rep.Label = commonLabel(rep.Tables())
	return rep
}

// MixedLabel is a battery report's label when its tables' simulators are
// not all checked alike: each table's own label is printed with it.
const MixedLabel = "simulated; each harness's label is given with its scores"

// commonLabel is the report's label: the one every table shares (a
// single harness checked against its real binary says so, as decide and
// the report do), else MixedLabel.
func commonLabel(tables []*Table) string {
	if len(tables) == 0 {
		return engine.Label
	}
	l := tables[0].Label
	for _, t := range tables[1:] {
		if t.Label != l {
			return MixedLabel
		}
	}
	return l
}

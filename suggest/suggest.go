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
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"

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
	// Anywhere (KindPath) names the file by its name in any folder (a
	// secret file such as .env), not by the one path a call used.
	Anywhere bool
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
	// History, when set, is the session outputs the calls are decided
	// with (replay.History), collected by the caller; else Suggest reads
	// the history once more to collect them.
	History *replay.History
	// Progress, when set, is told before each candidate rule of a
	// harness is checked (done of total), and once at the end.
	Progress func(harness string, done, total int)
	// Everyday is a corpus of everyday shell commands (EverydayCorpus:
	// tldr-pages' examples) each rule's cost is also counted on, decided
	// in the project and mode of the risky calls the rule stops; the
	// commands engine/danger marks dangerous are not counted.
	Everyday []string
	// MaxCost is the most everyday calls — of the history and of Everyday
	// together — a proposed rule may stop; a rule above it is held back
	// (HarnessResult.HeldBack) and another sought. Negative: no limit.
	MaxCost int
}

// Result is the suggestion for every harness that had risky calls.
type Result struct {
	Calls     int             `json:"calls"`     // calls decided
	Risky     int             `json:"risky"`     // dangerous calls that ran without asking
	Everyday  int             `json:"everyday"`  // calls not marked dangerous
	Harnesses []HarnessResult `json:"harnesses"` // one per harness with risky calls
	Problems  []string        `json:"problems,omitempty"`
	Summary   replay.Summary  `json:"-"`
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
	Risky     int    `json:"risky"`
	Stopped   int    `json:"stopped"`
	Unstopped []Call `json:"unstopped,omitempty"`
	Everyday  int    `json:"everyday"`   // the harness's calls not marked dangerous
	CostAsks  int    `json:"cost_asks"`  // of those, how many would newly ask
	CostBlock int    `json:"cost_block"` // and how many would newly be blocked
	CostCalls []Call `json:"cost_examples,omitempty"`
	// HeldBack lists rules that would stop risky calls none of Rules
	// stops, held back because their cost is above Options.MaxCost.
	HeldBack []Rule   `json:"held_back,omitempty"`
	Label    string   `json:"label"` // what the simulator was checked against
	Notes    []string `json:"notes,omitempty"`

	// rechecked counts the calls decided again to score the candidate
	// rules one by one: the work the scale test measures instead of time.
	rechecked int
}

// Rule is one proposed rule and what it does alone.
type Rule struct {
	Rule     string   `json:"rule"`
	Stops    int      `json:"stops"`    // risky calls it stops alone
	Cost     int      `json:"cost"`     // everyday calls of the history it makes ask or blocked alone
	Projects []string `json:"projects"` // projects of the calls it stops
	Example  string   `json:"example"`  // one risky call it stops
	// CostEveryday is how many commands of Options.Everyday it makes ask
	// or blocked alone, EverydayExamples up to three of them.
	CostEveryday     int      `json:"cost_everyday"`
	EverydayExamples []string `json:"everyday_examples,omitempty"`
	// BelongsIn is the file the rule goes in: the project's own (with
	// the project's folder) or the user's, which applies to every project.
	BelongsIn string `json:"belongs_in"`
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

// call is a risky call as its candidate rules are found, with its first
// decision.
type call struct {
	row     *toolcall.Row
	dec     *replay.DecisionRow // its first decision
	dir     string              // where the project was found (after --root)
	home    string
	command string // the command as decided (after --root)
	paths   []string
}

// riskyCall is a risky call as suggest holds it, from its decisions row:
// what the output names of it (the rest of its row is read again from
// the Source when it is decided again).
type riskyCall struct {
	key, harness, project, tool, command, outcome string
	paths, danger                                 []string
}

func newRiskyCall(d *replay.DecisionRow) *riskyCall {
	cl := strings.Clone
	return &riskyCall{key: cl(d.CallKey), harness: cl(d.Harness), project: cl(d.ProjectDir), tool: cl(d.Tool),
		command: cl(d.Command), outcome: cl(d.Outcome), paths: cloneStrings(d.Paths), danger: cloneStrings(d.Danger)}
}

func (c *riskyCall) public(after string) Call {
	return Call{Project: c.project, Tool: c.tool, Command: c.command, Paths: c.paths,
		Outcome: c.outcome, After: after, Danger: c.danger}
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

// candidates lists the rules that could stop one risky call: prefixes of
// the commands that are dangerous on their own (all commands when none
// is), and the secret or run-later files the call reads or writes.
func candidates(c *call) []Candidate {
	var out []Candidate
	base := Candidate{Project: c.dir, Home: c.home}
	addPath := func(p string, write bool) {
		x := base
		x.Kind, x.Path, x.Write = KindPath, filepath.Clean(p), write
		if danger.SecretFile(p) {
			// The risk is the secret file wherever it is: a rule on its
			// name, not on the folder one run had it in.
			y := x
			y.Anywhere = true
			out = append(out, y)
		}
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
				if !a.Literal || a.Glob || !plainWord(a.Raw) || a.Raw != a.Lit || userSpecific(a.Lit) {
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

// userSpecific reports whether a word or path is one user's or one run's:
// an absolute path or one from the home folder ("/Users/ana/…",
// "~/proj", "/tmp/run-2026-…"), or a dated run folder. A rule naming it
// stops that user's one call, not the risk; suggest generalises past it
// (a command rule stops before it, a secret file is named anywhere).
func userSpecific(w string) bool {
	if strings.HasPrefix(w, "/") || strings.HasPrefix(w, "~") || len(w) > 2 && w[1] == ':' && (w[2] == '\\' || w[2] == '/') {
		return true
	}
	return runFolder.MatchString(w)
}

// runFolder matches the dated scratch folders of one run
// ("run-2026-06-23T22-30-17-035Z-7ac5bd").
var runFolder = regexp.MustCompile(`run-\d{4}-\d{2}-\d{2}`)

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

func describe(c *riskyCall) string {
	if c.command != "" {
		return c.command
	}
	return c.tool + " " + strings.Join(c.paths, " ")
}

// pick chooses rules greedily: while a risky call is unstopped, take, of
// the rules that stop some unstopped call at that call's lowest cost, the
// one stopping the most unstopped calls (then the cheaper, then the more
// specific, then the first found).
func pick(cs []*riskyCall, byRule map[string]*scored, order []string, maxCost int) []*scored {
	if maxCost >= 0 {
		var kept []string
		for _, r := range order {
			if s := byRule[r]; s.cost+s.corpusCost <= maxCost {
				kept = append(kept, r)
			}
		}
		order = kept
	}
	left := map[string]bool{}
	for _, c := range cs {
		left[c.key] = true
	}
	var chosen []*scored
	for len(left) > 0 {
		minCost := map[string]int{}
		for _, r := range order {
			s := byRule[r]
			for _, c := range s.stops {
				if k := c.key; left[k] {
					if m, ok := minCost[k]; !ok || s.cost < m {
						minCost[k] = s.cost
					}
				}
			}
		}
		var best *scored
		bestN := 0
		for _, r := range order {
			s := byRule[r]
			eligible, n := false, 0
			for _, c := range s.stops {
				if k := c.key; left[k] {
					n++
					eligible = eligible || s.cost == minCost[k]
				}
			}
			if !eligible || n == 0 {
				continue
			}
			if best == nil || n > bestN || n == bestN && (s.cost < best.cost ||
				s.cost == best.cost && specificity(s.cand) > specificity(best.cand)) {
				best, bestN = s, n
			}
		}
		if best == nil {
			break
		}
		chosen = append(chosen, best)
		for _, c := range best.stops {
			delete(left, c.key)
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

// withRules is a simulator that loads every project with rules added by
// its Writer: the harness's own simulator, reading one more rule.
type withRules struct {
	inner engine.Harness
	w     Writer
	rules []string
	list  string
	tmp   string

	mu   sync.Mutex
	err  error    // the first failure to add the rules (replay only counts load errors)
	dirs []string // the settings copies made, removed by cleanup
}

// cleanup removes the settings copies made so far: a rule's check loads
// its projects again for every batch of calls, and the copies would
// otherwise add up in the temp folder.
func (h *withRules) cleanup() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, d := range h.dirs {
		os.RemoveAll(d)
	}
	h.dirs = nil
}

// Name is the inner simulator's.
func (h *withRules) Name() string { return h.inner.Name() }

// Load loads the project with the rules added.
func (h *withRules) Load(env engine.Env) (engine.Policy, error) {
	dir, err := os.MkdirTemp(h.tmp, "env-")
	if err == nil {
		h.mu.Lock()
		h.dirs = append(h.dirs, dir)
		h.mu.Unlock()
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

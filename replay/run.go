package replay

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/score"
	"github.com/permsim/permsim/internal/reportsum"
	"github.com/permsim/permsim/internal/textsafe"
	"github.com/permsim/permsim/toolcall"
)

// EngineVersion is written into every decision, so a report can tell which
// simulator produced it.
const EngineVersion = "permsim-engine/0.1"

// Harnesses maps the calls table's harness IDs to the simulator that
// decides their calls (registry.Simulators builds it).
type Harnesses map[string]engine.Harness

// RootMap rewrites a project folder recorded on another machine to where it
// is found here: a call whose project_dir starts with From is looked up
// under To instead. With Home set it applies only to calls ingested from
// that home (two machines' homes may both hold /home/dev/app, and they are
// different projects).
type RootMap struct{ Home, From, To string }

// ParseRootMap reads "OLD=NEW" or "HOME:OLD=NEW".
func ParseRootMap(s string) (RootMap, error) {
	bad := fmt.Errorf("--root %q: want OLD=NEW or HOME:OLD=NEW, e.g. /home/dev=/mnt/laptop/home/dev", s)
	from, to, ok := strings.Cut(s, "=")
	if !ok || from == "" || to == "" {
		return RootMap{}, bad
	}
	var home string
	if h, f, ok := strings.Cut(from, ":"); ok {
		if h == "" || f == "" {
			return RootMap{}, bad
		}
		home, from = filepath.Clean(h), f
	}
	return RootMap{Home: home, From: filepath.Clean(from), To: filepath.Clean(to)}, nil
}

// Options steer one replay.
type Options struct {
	Mode    engine.Mode // overrides every recorded and configured mode when set
	Since   time.Time   // only calls at or after Since (zero: all)
	Newest  int         // only the newest N shell and file-tool calls (0: all)
	Workers int         // decision workers (0: GOMAXPROCS)
	// Home is the home folder whose user settings apply to calls that do
	// not record the home they were ingested from (or to every call, with
	// ForceHome).
	Home      string
	ForceHome bool
	Trust     *bool     // overrides each harness's trust record
	Roots     []RootMap // project folder rewrites
	// Projects are folders searched for the folder of a call that records
	// only its project's hash (Gemini CLI's projectHash; projects.go).
	Projects []string
	// Env adds to each policy's engine.Env what the caller knows of the
	// harness's folders (its environment variables for the user's own
	// home, --managed); nil adds nothing.
	Env      engine.EnvFunc
	Progress io.Writer // progress lines; nil for none
	// RunHooks lets each project's hooks run on that project's calls (the
	// seed's Replay: only with --replay-hooks and --run-hooks together).
	RunHooks bool
	// SkipUnchanged keeps the decisions and rules tables when InputsFile
	// says they were made by this permsim, with these options, from the
	// calls table as it is and from policies that load the same today
	// (nightly with nothing new). Never with RunHooks.
	SkipUnchanged bool
	// Shard makes this run one of Shard.N workers that share the store,
	// deciding only the projects of shard Shard.K (shard.go); the zero
	// value decides every project. Never with Newest (the newest N calls
	// of the whole store cannot be chosen one shard at a time) or
	// SkipUnchanged (a shard keeps no record of its inputs).
	Shard Shard
	// Snapshots maps a host id to the folder its settings snapshot was
	// restored under (remote.SnapshotDir: the file the host had at /P is
	// at Snapshots[id]+"/P"). A call read from a pulled part of that host
	// (part-host-<id>-…) is decided with that host's settings: its project
	// folder, home and paths are looked up inside the snapshot, and the
	// snapshot's folder is taken off again in what the decisions and rules
	// say, so they name the host's own paths.
	Snapshots map[string]string
}

// Summary says what one replay did.
type Summary struct {
	Calls     int            // calls decided
	Skipped   map[string]int // calls not decided, by reason
	Policies  int            // policies loaded (one per project and harness)
	Outcomes  map[string]int // decisions per outcome
	Dangerous int            // dangerous calls
	Problems  []string       // settings that could not be read, per project
	Elapsed   time.Duration
	// Kept is when the decisions were made, set when Run kept the tables
	// because nothing had changed (Options.SkipUnchanged); the counts are
	// those of that run.
	Kept time.Time
	// Shard is the shard this run decided (Options.Shard; N == 0: all).
	Shard Shard
	// ProjectSearch says what the search for recorded project hashes
	// found (projects.go); empty when no call needed it.
	ProjectSearch string
}

// String prints the end-of-run summary.
func (s Summary) String() string {
	var b strings.Builder
	if s.Shard.N > 0 {
		fmt.Fprintf(&b, "shard %s: ", s.Shard)
	}
	if !s.Kept.IsZero() {
		fmt.Fprintf(&b, "replay: nothing changed since the replay of %s (the same calls, settings and permsim; %d policies checked in %s): its %d decisions stand",
			s.Kept.UTC().Format(time.RFC3339), s.Policies, s.Elapsed.Round(time.Millisecond), s.Calls)
	} else {
		fmt.Fprintf(&b, "replay: %d calls decided with %d policies in %s", s.Calls, s.Policies, s.Elapsed.Round(time.Millisecond))
	}
	if s.Kept.IsZero() && s.Elapsed > 0 && s.Calls > 0 {
		fmt.Fprintf(&b, " (%.0f calls/s)", float64(s.Calls)/s.Elapsed.Seconds())
	}
	b.WriteString("\n")
	keys := sortedKeys(s.Outcomes)
	if len(keys) > 0 {
		b.WriteString("  outcomes:")
		for _, k := range keys {
			fmt.Fprintf(&b, " %s %d", k, s.Outcomes[k])
		}
		fmt.Fprintf(&b, "; dangerous %d\n", s.Dangerous)
	}
	if s.ProjectSearch != "" {
		fmt.Fprintf(&b, "  %s\n", textsafe.Escape(s.ProjectSearch))
	}
	for _, k := range sortedKeys(s.Skipped) {
		fmt.Fprintf(&b, "  skipped %d: %s\n", s.Skipped[k], textsafe.Escape(k))
	}
	for i, p := range s.Problems {
		if i == 5 {
			fmt.Fprintf(&b, "  … and %d more problems (permsim replay --problems lists them all)\n", len(s.Problems)-5)
			break
		}
		fmt.Fprintf(&b, "  problem: %s\n", textsafe.Escape(p))
	}
	b.WriteString("  " + engine.Label + "\n")
	return b.String()
}

func sortedKeys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// policyKey identifies one compiled policy: replay loads each once and
// shares it read-only between workers.
// home is whose user settings apply, from the home the call was ingested
// from (the --root rewrites that apply).
// host is the host whose settings snapshot holds its files ("" for none).
type policyKey struct{ harness, project, home, from, host string }

// homeOf is the home whose user settings a call is judged with: the one
// its transcript was ingested from, unless --user-home forces one.
func homeOf(c *toolcall.Row, opts Options) string {
	if c.Home == "" || opts.ForceHome {
		return opts.Home
	}
	return c.Home
}

// keyOf is the policy a call is decided with.
func keyOf(c *toolcall.Row, opts Options) policyKey {
	return policyKey{c.Harness, c.ProjectDir, homeOf(c, opts), c.Home, c.Host}
}

type loadedPolicy struct {
	missing bool // the project folder was not found: only user and managed settings apply
	harness engine.Harness
	policy  engine.Policy
	scorer  *score.Scorer // decides and marks danger; shared by the workers
	hash    string
	dir     string // where the project was found (after --root)
	home    string // whose user settings it holds
	// snap is the host's settings snapshot folder the policy was loaded
	// from ("" for none), and roots the rewrites of its calls' paths into
	// it (else Options.Roots apply).
	snap  string
	roots []RootMap
	err   error
	// fingerprint identifies what the policy was built from (inputs.go),
	// and files the settings files it names; set only by Run.
	fingerprint string
	files       []fileInput
}

// Decide scores calls (already deduplicated) and returns one DecisionRow
// per call it could decide, in input order, plus the rules of every policy
// it loaded. It is the pure, parallel core of Run, for callers that hold
// the calls already; Run streams them from the calls table instead.
func Decide(ctx context.Context, opts Options, hs Harnesses, calls []toolcall.Row) ([]DecisionRow, []RuleRow, Summary, error) {
	start := time.Now()
	d := newDecider(opts, hs)
	d.history = newSessionHistory(calls)
	calls = selectCalls(calls, opts, d.sum.Skipped)
	var done atomic.Int64
	stop := progress(opts.Progress, len(calls), &done)
	var rows []DecisionRow
	for len(calls) > 0 {
		n := min(len(calls), decideBatch)
		decs, err := d.decide(ctx, calls[:n])
		if err != nil {
			stop()
			return nil, nil, d.sum, err
		}
		for i, dec := range decs {
			if dec != nil {
				rows = append(rows, withCall(dec, &calls[i]))
			}
		}
		done.Add(int64(n))
		calls = calls[n:]
	}
	stop()
	d.sum.Elapsed = time.Since(start)
	return rows, d.rules, d.sum, nil
}

// decideBatch is how many calls are decided between two writes: enough to
// keep every worker busy (they take 64 at a time), few enough that memory
// does not grow with the calls. A toolcall.Row is over 500 bytes and Run
// holds up to five batches (being read, waiting, being decided, waiting to
// be written, being written): 2048 keeps that near 6 MiB.
const decideBatch = 2048

// decider decides calls a batch at a time, loading each policy the first
// time a batch needs it, and remembers what it did in sum and rules.
type decider struct {
	opts     Options
	hs       Harnesses
	policies map[policyKey]*loadedPolicy
	rules    []RuleRow
	sum      Summary
	caches   []*decisionCache // one per worker
	lps      []*loadedPolicy  // per call of the batch being decided, its policy (load)
	history  sessionHistory   // the session outputs earlier calls returned (nil: none)
	// fingerprints makes loadPolicy fingerprint every policy (Run records
	// them in InputsFile).
	fingerprints bool
	// finder finds the folders of calls that record only their project's
	// hash; unfound holds the undecided policy of each hash not found.
	finder  *projectFinder
	unfound map[policyKey]*loadedPolicy
}

func newDecider(opts Options, hs Harnesses) *decider {
	if opts.Workers <= 0 {
		opts.Workers = runtime.GOMAXPROCS(0)
	}
	d := &decider{opts: opts, hs: hs, policies: map[policyKey]*loadedPolicy{},
		sum:    Summary{Skipped: map[string]int{}, Outcomes: map[string]int{}},
		finder: newProjectFinder(opts), unfound: map[policyKey]*loadedPolicy{}}
	// Hooks run real programs whose answers may change from one call to
	// the next: with hooks on, every call is decided afresh.
	if !opts.RunHooks {
		for range opts.Workers {
			d.caches = append(d.caches, newDecisionCache())
		}
	}
	return d
}

// load loads the policies of calls not loaded yet, serially: loading reads
// settings files, deciding does not. It returns the policy of each call:
// the workers take it from there rather than each look it up again (the
// key is four strings to hash, and the calls of a batch change policy from
// one call to the next as often as not).
func (d *decider) load(calls []toolcall.Row) []*loadedPolicy {
	opts := d.opts
	lps := grow(d.lps, len(calls))
	for i := range calls {
		c := &calls[i]
		if c.ProjectDir == "" && c.ProjectHash != "" && !d.locate(c) {
			lps[i] = d.hashNotFound(c)
			continue
		}
		lp, ok := d.policies[keyOf(c, opts)]
		if !ok {
			// The policy, its rules and its problems are kept: from a copy
			// of the call that owns its strings.
			own := ownCall(c)
			lp = d.loadPolicy(keyOf(&own, opts))
		}
		lps[i] = lp
	}
	d.lps = lps
	return lps
}

// locate gives c the folder of its recorded project hash when it is found
// (projectFinder.locate), and keeps the summary's line on the search.
func (d *decider) locate(c *toolcall.Row) bool {
	found := d.finder.locate(c)
	if d.finder.searched && d.sum.ProjectSearch == "" {
		d.sum.Problems = append(d.sum.Problems, d.finder.problems...)
	}
	if found {
		d.finder.found++
	} else {
		d.finder.missed++
	}
	d.sum.ProjectSearch = d.finder.summary()
	return found
}

// hashNotFound is the policy of a call whose project hash names no folder
// found: none, with the cause that names the hash.
func (d *decider) hashNotFound(c *toolcall.Row) *loadedPolicy {
	k := policyKey{harness: c.Harness, project: "#" + strings.ToLower(c.ProjectHash)}
	lp, ok := d.unfound[k]
	if !ok {
		// One cause for every such call, the report's own words (so replay's
		// skipped lines and the report's "could not decide" agree); the
		// hash and what was searched go among the problems.
		lp = &loadedPolicy{err: errors.New(reportsum.CauseNoProjectFolder)}
		d.unfound[k] = lp
		d.sum.Problems = append(d.sum.Problems, d.finder.notFound(c).Error())
	}
	return lp
}

// loadPolicy loads the policy of k (whose strings it keeps), records its
// rules and problems, and, when d.fingerprints is set, fingerprints it
// before any call is decided with it.
func (d *decider) loadPolicy(k policyKey) *loadedPolicy {
	opts := d.opts
	lp := &loadedPolicy{dir: MapPath(k.project, k.from, opts.Roots), home: k.home, roots: opts.Roots}
	if snap := opts.Snapshots[k.host]; k.host != "" && snap != "" {
		// The host's project and home, as the snapshot holds them: the
		// recorded paths under the snapshot's folder, --root not applied
		// (the paths are the host's own).
		snap = filepath.Clean(snap)
		lp.snap, lp.roots = snap, nil
		if filepath.IsAbs(k.project) {
			lp.dir = snap + filepath.Clean(k.project)
			lp.roots = append(lp.roots, RootMap{From: filepath.Clean(k.project), To: lp.dir})
		}
		if filepath.IsAbs(k.home) {
			lp.home = snap + filepath.Clean(k.home)
			lp.roots = append(lp.roots, RootMap{From: filepath.Clean(k.home), To: lp.home})
		}
	}
	d.policies[k] = lp
	defer func() {
		if d.fingerprints {
			lp.fingerprint, lp.files = fingerprint(lp)
		}
	}()
	if k.project == "" {
		// Nothing to load the project's rules from: the report gives the
		// same cause for these calls.
		lp.err = errors.New(reportsum.CauseNoProjectFolder)
		return lp
	}
	// A snapshot holds the project's settings files, not the project: a
	// project without settings has no folder in it, and is not missing.
	if st, err := os.Stat(lp.dir); (lp.snap == "" || !filepath.IsAbs(k.project)) && (err != nil || !st.IsDir()) {
		lp.missing = true
		d.sum.Problems = append(d.sum.Problems, fmt.Sprintf("project folder %s not found here: only user and managed settings apply to its calls (--root OLD=NEW finds it elsewhere)", lp.dir))
	}
	h := d.hs[k.harness]
	if h == nil {
		lp.err = fmt.Errorf("no simulator for harness %q yet", k.harness)
		return lp
	}
	lp.harness = h
	env := engine.Env{ProjectDir: lp.dir, HomeDir: lp.home, Trust: opts.Trust, RunHooks: opts.RunHooks}
	if opts.Env != nil && lp.snap == "" {
		// A host's snapshot holds the files it read, at their own paths.
		opts.Env(k.harness, &env)
	}
	lp.policy, lp.err = h.Load(env)
	if lp.err != nil {
		d.sum.Problems = append(d.sum.Problems, lp.unsnap(fmt.Sprintf("%s (%s): %v", lp.dir, k.harness, lp.err)))
		return lp
	}
	lp.scorer = &score.Scorer{Harness: k.harness, Policy: lp.policy, Project: lp.dir, Home: lp.home}
	d.sum.Policies++
	for _, p := range lp.policy.Problems() {
		d.sum.Problems = append(d.sum.Problems, lp.unsnap(p))
	}
	lp.hash = policyHash(lp.policy, lp.unsnap)
	for _, r := range lp.policy.Rules() {
		d.rules = append(d.rules, RuleRow{ProjectDir: k.project, Harness: k.harness, File: lp.unsnap(r.File), Layer: r.Layer,
			List: r.List, Rule: r.Rule, InForce: r.InForce, Why: lp.unsnap(r.Why)})
	}
	return lp
}

// decide decides one batch of selected calls with the workers and returns
// the decision of each, in order (withCall makes its row): nil for a call
// it could not decide. A decision may be shared with other calls and must
// not be changed.
func (d *decider) decide(ctx context.Context, calls []toolcall.Row) ([]*DecisionRow, error) {
	lps := d.load(calls)
	opts := d.opts
	n := len(calls)
	// A new slice per batch: Run writes one batch while the next is
	// decided.
	out := make([]*DecisionRow, n)
	workers := min(opts.Workers, max(1, n/64))
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := range workers {
		var cache *decisionCache
		if d.caches != nil {
			cache = d.caches[w]
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				// Calls are taken 64 at a time: one atomic add per call was
				// a measurable share of a cached decision.
				lo := int(next.Add(64) - 64)
				if lo >= n || ctx.Err() != nil {
					return
				}
				for i := lo; i < min(lo+64, n); i++ {
					c := &calls[i]
					lp := lps[i]
					if lp.err != nil {
						continue
					}
					if earlier := d.history.before(c); len(earlier) > 0 {
						// Decided with its session's history (Gemini
						// CLI): never cached, the history is part of it.
						own := ownCall(c)
						mode, label := modeOf(&own, lp, opts)
						row := decideIn(&own, lp, opts, mode, label, earlier)
						out[i] = &row
					} else {
						out[i] = cache.decide(c, lp, opts)
					}
				}
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	for i, dec := range out {
		if dec == nil {
			d.sum.Skipped[lps[i].err.Error()]++
			continue
		}
		d.sum.Calls++
		d.sum.Outcomes[dec.Outcome]++
		if dec.Dangerous {
			d.sum.Dangerous++
		}
	}
	return out, nil
}

// selectCalls keeps the shell and file-tool calls inside the --since window,
// and of those the newest N.
func selectCalls(calls []toolcall.Row, opts Options, skipped map[string]int) []toolcall.Row {
	kept := make([]toolcall.Row, 0, len(calls))
	for i := range calls {
		if selected(&calls[i], opts, skipped) {
			kept = append(kept, calls[i])
		}
	}
	if opts.Newest > 0 && len(kept) > opts.Newest {
		sort.SliceStable(kept, func(i, j int) bool { return kept[i].Ts.After(kept[j].Ts) })
		skipped["older than the newest --newest calls"] += len(kept) - opts.Newest
		kept = kept[:opts.Newest]
	}
	return kept
}

// decideOne scores one call with no session history, from a copy of it
// that owns its strings: what the simulators' caches and the decision
// cache keep of it must not be a view of the row group it was read from.
func decideOne(c *toolcall.Row, lp *loadedPolicy, opts Options) DecisionRow {
	own := ownCall(c)
	mode, label := modeOf(&own, lp, opts)
	return decideIn(&own, lp, opts, mode, label, nil)
}

// The labels modeOf gives a mode (the decisions' mode_label starts with
// one): modeBasis and decideIn read them back.
const (
	labelRecorded = "recorded"       // the call's session recorded it
	labelParent   = "parent session" // a subagent's call: its parent's recorded mode
	labelFlag     = "--mode"
	labelSettings = "settings"
)

// modeOf is the mode a call is decided in and the label saying where it
// came from.
func modeOf(c *toolcall.Row, lp *loadedPolicy, opts Options) (engine.Mode, string) {
	mode, label := engine.Mode(c.Mode), labelRecorded
	if rm, ok := lp.harness.(engine.RecordedModer); ok {
		// The harness records its mode in its own words (Codex: approval
		// policy and sandbox apart); its simulator says how to read them.
		mode = rm.RecordedMode(*c)
	}
	if c.ModeSource == "parent" {
		label = labelParent
	}
	switch {
	case opts.Mode != "":
		mode, label = opts.Mode, labelFlag
	case mode == "":
		label = labelSettings
	}
	return mode, label
}

// decideIn decides a call in mode. What it reads of the call beyond mode
// and label is the decision cache's key (cache.go): keep the two in step.
//
// earlier is what the calls of its session before it returned, oldest first
// (score.Scorer.ScoreInSession); the cache only holds calls decided with none.
func decideIn(c *toolcall.Row, lp *loadedPolicy, opts Options, mode engine.Mode, label string, earlier []string) DecisionRow {
	roots := lp.roots
	call := engine.Call{Tool: engine.Tool(c.Tool), RawTool: c.RawTool, Command: MapCommand(c.Command, c.Home, roots),
		Paths: mapAll(c.Paths, c.Home, roots), Cwd: MapPath(c.Cwd, c.Home, roots), Version: c.HarnessVersion,
		ModeRecorded: label == labelRecorded || label == labelParent}
	if call.Cwd == "" {
		call.Cwd = lp.dir
	}
	if c.InputJSON != "" {
		// The tool's own arguments carry what some harnesses decide on
		// (Codex escalation requests and workdir, patch text, WebFetch URLs).
		var in map[string]any
		if json.Unmarshal([]byte(c.InputJSON), &in) == nil {
			mapInput(in, c.Home, roots)
			call.Input = in
		}
	}
	rec := lp.scorer.ScoreInSession(call, mode, earlier)
	d, cats := rec.Decision, rec.Danger
	if d.ModeLabel != "" {
		label += "; " + d.ModeLabel
	}
	row := DecisionRow{CallKey: c.CallKey, Harness: c.Harness, Ts: c.Ts, ProjectDir: c.ProjectDir,
		Tool: c.Tool, Command: c.Command, Paths: c.Paths, Mode: string(d.Mode), ModeLabel: label,
		Outcome: string(d.Outcome), Group: string(d.Group), Step: d.Step, Reason: d.Reason,
		Needs: d.Needs, Notes: d.Notes, Dangerous: len(cats) > 0, Danger: cats, Result: c.Result,
		Label: d.Label, EngineVersion: EngineVersion, PolicyHash: lp.hash, VersionDecided: d.VersionBasis}
	if row.Mode == "" {
		row.Mode = string(mode)
	}
	if d.Rule != nil {
		row.RuleText, row.RuleFile, row.RuleLayer, row.RuleList = d.Rule.Text, d.Rule.File, d.Rule.Layer, d.Rule.List
	}
	if lp.snap != "" {
		// The host's own paths, not the snapshot's.
		row.RuleFile, row.Reason = lp.unsnap(row.RuleFile), lp.unsnap(row.Reason)
		row.Needs, row.Notes = lp.unsnapAll(row.Needs), lp.unsnapAll(row.Notes)
	}
	row.setBases(c, lp, opts)
	if lp.missing {
		// The report counts these among what the run could not decide.
		row.Notes = append(append([]string(nil), row.Notes...), NoteProjectMissing)
	}
	return row
}

// unsnap takes the snapshot's folder off the paths s names: the file the
// host had at /P is read at snap+"/P", and is named /P.
func (lp *loadedPolicy) unsnap(s string) string {
	if lp.snap == "" || !strings.Contains(s, lp.snap) {
		return s
	}
	if s == lp.snap {
		return "/"
	}
	return strings.ReplaceAll(s, lp.snap+"/", "/")
}

// unsnapAll is unsnap of each string, in a new slice when one changes
// (a decision's slices may be shared).
func (lp *loadedPolicy) unsnapAll(ss []string) []string {
	var out []string
	for i, s := range ss {
		if u := lp.unsnap(s); u != s {
			if out == nil {
				out = append([]string(nil), ss...)
			}
			out[i] = u
		}
	}
	if out == nil {
		return ss
	}
	return out
}

// NoteProjectMissing is the decision note of a call whose project folder
// was not found: it was decided with the user and managed settings alone
// (queries/sql/report_undecided.sql counts these).
const NoteProjectMissing = "project folder not found: decided without the project's settings"

// MapPath applies the first --root rewrite that matches p and applies to
// calls ingested from home.
func MapPath(p, home string, roots []RootMap) string {
	if r, ok := matchRoot(p, home, roots); ok {
		return r.To + p[len(r.From):]
	}
	return p
}

// matchRoot returns the first rewrite that applies to calls from home and
// whose From is p or a folder holding p.
func matchRoot(p, home string, roots []RootMap) (RootMap, bool) {
	for _, r := range roots {
		if r.Home != "" && r.Home != filepath.Clean(home) {
			continue
		}
		if p == r.From || strings.HasPrefix(p, r.From+"/") {
			return r, true
		}
	}
	return RootMap{}, false
}

// mapAll applies the --root rewrites to every path.
func mapAll(paths []string, home string, roots []RootMap) []string {
	if len(roots) == 0 || len(paths) == 0 {
		return paths
	}
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = MapPath(p, home, roots)
	}
	return out
}

// policyHash fingerprints a policy by its rules, so decisions made under
// different settings can be told apart. file names each rule's file as the
// decisions do (a snapshot's rules under the host's own paths, so the
// central replay's hash is the host's).
func policyHash(p engine.Policy, file func(string) string) string {
	h := sha256.New()
	for _, r := range p.Rules() {
		fmt.Fprintf(h, "%s\x00%s\x00%s\x00%s\x00%v\n", file(r.File), r.Layer, r.List, r.Rule, r.InForce)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// progress prints "replay: N/M calls" (or "replay: N calls" while the
// total is not known, total < 0) at most twice a second until stopped.
func progress(w io.Writer, total int, done *atomic.Int64) (stop func()) {
	if w == nil || total == 0 {
		return func() {}
	}
	line := func() string {
		if total < 0 {
			return fmt.Sprintf("\rreplay: %d calls", done.Load())
		}
		return fmt.Sprintf("\rreplay: %d/%d calls", done.Load(), total)
	}
	quit := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		t := time.NewTicker(500 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-quit:
				fmt.Fprintln(w, line())
				return
			case <-t.C:
				fmt.Fprint(w, line())
			}
		}
	}()
	return func() { close(quit); <-finished }
}

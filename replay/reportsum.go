package replay

import (
	"cmp"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/permsim/permsim/dataset"
	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/reportsum"
	"github.com/permsim/permsim/toolcall"
)

// reportSum computes the risk report's sections while Run reads and
// decides (internal/reportsum says what for): every rule of the report's
// SQL (queries/sql/report_*.sql) over the calls view and the decisions
// table, rewritten for the rows Run has in hand. The calls view's dedupe is
// ReadCalls' (the same winner per call_key: the lowest copy_rank, then the
// latest ingest_run, and one ingest run writes a call_key once), and a
// decision's call is the row it was decided from, so the report's join of
// decisions with calls on call_key is the pair Run holds.
//
// calls is fed by the reader (every row the calls view holds), decs by the
// writer (every selected call with its decision, nil when none): each side
// is its own goroutine's, and finish reads both when they are done.
//
// Whatever could not be followed exactly (a harness name a partition folder
// would escape, a time outside years 1000–9999, text that is not UTF-8,
// more distinct decision attributes than reportSumItems, --newest) marks
// the summary failed, and none is written: the report then runs its SQL.
// The counts that grow with the distinct commands (reportitems.go) and the
// calls waiting for their URL (reportpending.go) have no such bound: past
// 1 MiB each they go to sorted runs on disk.
type reportSum struct {
	simulated []string
	dir       string // the store's folder, where the counts' run files go
	// gaveUp is set by the side that first fails: no summary will be
	// written, so each side, at its next row, drops its tables instead of
	// holding them to the end (full tables of counts took replay's live
	// heap from 75 to 119 MiB between 1M and 10M calls when they were held
	// in memory). Each side frees only its own tables, in its own
	// goroutine.
	gaveUp atomic.Bool
	calls  callsSide
	decs   decsSide
}

// reportSumItems bounds the distinct decision attributes (rule, reason,
// mode, …) and their counts by project, harness, week and result, which
// grow with the rules and projects, not the calls; past it no summary is
// written.
const reportSumItems = 1 << 19

// noWeek is the week key of a row without a time.
const noWeek = -1 << 62

// The note and the causes of the report's undecided section
// (queries/sql/report_undecided.sql).
const (
	sqlNoteProjectMissing  = "project folder not found: decided without the project's settings"
	causeProjectMissing    = "project folder not found: decided without its settings (replay --root OLD=NEW finds it)"
	causeCouldNotTell      = "the simulator could not tell: "
	causeNoSimulator       = "no simulator for harness "
	causeNotReplayed       = "not a shell or file-tool call (replay decides only those)"
	causeDeclinedNoCommand = "declined, and the transcript does not hold its command"
	causeNoCommand         = "the transcript does not hold the shell command"
	causeProjectNotDecided = "no call of its project was decided: its settings could not be read (replay names the problem)"
	causeLeftOut           = "left out of the last replay (--since, --newest, or ingested after it)"
)

// newReportSum starts a summary for a run with opts and hs; nil (no
// summary) with --newest, whose left-out calls the reader never sees.
// It removes the summary of the tables about to be replaced first, so a
// run that fails part-way leaves none.
func newReportSum(outDir string, opts Options, hs Harnesses) *reportSum {
	if opts.Shard.N > 0 {
		// A shard's counts are not the store's: the report's top commands,
		// distinct rules per file and undecided examples cannot be merged
		// exactly from the shards' parts, so the report of a sharded store
		// runs its SQL over every shard's decisions. The run files beside
		// the store may be another shard's, running now: left alone.
		reportsum.Remove(outDir)
		return nil
	}
	// Run files a replay killed part-way left (one replay writes a store
	// at a time: the store's lock).
	if left, err := filepath.Glob(filepath.Join(outDir, itemRunPattern)); err == nil {
		for _, f := range left {
			os.Remove(f)
		}
	}
	if reportsum.Remove(outDir) != nil || opts.Newest > 0 {
		return nil
	}
	var sim []string
	for h := range hs {
		sim = append(sim, h)
	}
	sim = reportsum.SortedSet(sim)
	s := &reportSum{simulated: sim,
		dir:   outDir,
		calls: callsSide{projects: map[string]struct{}{}, weeks: map[int64]int64{}, undecided: newUndecided(sim, outDir)},
		decs: decsSide{attrs: map[decAttrs]int32{}, memo: map[*DecisionRow]int32{}, agg: map[aggKey]*int64{},
			approvedIdx: map[approvedKey]int32{}, approved: newItemCounts(outDir), causeIdx: map[string]int32{}, told: newItemCounts(outDir),
			undecided: newUndecided(sim, outDir), vs: newVsRecordSum()}}
	s.decs.pending = newPendingCalls(outDir, s.decs.approved)
	return s
}

// remove deletes the run files of the counts (nil-safe); Run calls it
// when both sides are done.
func (s *reportSum) remove() {
	if s != nil {
		s.calls.remove()
		s.decs.remove()
	}
}

func (c *callsSide) remove() {
	c.undecided.items.remove()
	c.undecided.pending.remove()
}

func (ds *decsSide) remove() {
	ds.undecided.items.remove()
	ds.undecided.pending.remove()
	ds.pending.remove()
	ds.approved.remove()
	ds.told.remove()
}

// undecidedCalls counts calls without a decision by cause and by command;
// pending holds those whose command needs the url, query or pattern column
// Run does not read, by call_key.
type undecidedCalls struct {
	simulated []string
	groups    map[callGroup]int32
	groupList []callGroup
	items     *itemCounts
	pending   *pendingCalls
}

func newUndecided(simulated []string, dir string) undecidedCalls {
	items := newItemCounts(dir)
	return undecidedCalls{simulated: simulated, groups: map[callGroup]int32{}, items: items, pending: newPendingCalls(dir, items)}
}

// callGroup is the cause of a call without a decision
// (report_undecided.sql's CASE), or, with cause "", its project and
// harness: whether the call's project had any call decided (else the
// replay left it out) is known only at the end.
type callGroup struct {
	cause, project, harness string
}

// callsSide is the reader's share: the calls view.
type callsSide struct {
	failed       bool
	released     bool // the tables were dropped: the summary gave up
	n            int64
	projects     map[string]struct{}
	lastProject  string
	minTs, maxTs time.Time
	weeks        map[int64]int64
	lastWeekDay  int64 // the day of the last row's week, and its week
	lastWeek     int64
	haveLast     bool
	undecided    undecidedCalls
}

// decsSide is the writer's share: the decisions.
type decsSide struct {
	failed      bool
	released    bool // the tables were dropped: the summary gave up
	attrs       map[decAttrs]int32
	attrList    []decAttrs
	attrInfo    []attrInfo
	memo        map[*DecisionRow]int32 // the attributes of the last decisions seen
	lastDec     *DecisionRow
	lastAttr    int32
	agg         map[aggKey]*int64
	approvedIdx map[approvedKey]int32
	approvedKey []approvedKey
	approved    *itemCounts // by approving group
	causeIdx    map[string]int32
	causes      []string
	told        *itemCounts // decisions counted as undecided, by cause
	undecided   undecidedCalls
	pending     *pendingCalls // approved items waiting for url, query, pattern
	vs          *vsRecordSum  // simulation vs what happened (reportvsrecord.go)
}

// attrInfo is where a decision's items count: its approving group and its
// undecided cause (-1: none).
type attrInfo struct {
	approved, cause int32
}

// approvedKey is an approving group of report_approved_by.sql: the rule,
// or the step and reason when no rule decided.
type approvedKey struct{ ruleText, ruleFile, ruleLayer, step, reason string }

func approvedOf(a *decAttrs) approvedKey {
	k := approvedKey{ruleText: a.ruleText, ruleFile: a.ruleFile, ruleLayer: a.ruleLayer}
	if a.ruleText == "" {
		k.step, k.reason = a.step, a.reason
	}
	return k
}

// decAttrs is what the report reads of a decision itself.
type decAttrs struct {
	mode, outcome, group, step, ruleText, ruleFile, ruleLayer, reason, label string
	dangerous                                                                bool
	danger                                                                   string // the categories joined by "\x00"
	firstDanger                                                              string
	hasDanger                                                                bool
	missing                                                                  bool // the project-missing note
}

// aggKey counts decisions by their attributes and their call's.
type aggKey struct {
	attr             int32
	project, harness string
	week             int64
	result           string // the call's result, "" for none
}

// seen is the reader's hook (nil for no summary).
func (s *reportSum) seen() func(*toolcall.Row, bool) {
	if s == nil {
		return nil
	}
	return s.call
}

// write writes the summary of the tables Run made (callsID: the calls
// table it read). Failing costs only the report its shortcut.
func (s *reportSum) write(outDir string, scan *ingest.CallsScan, callsID string) {
	if s == nil {
		return
	}
	sum := s.finish(scan)
	if sum == nil {
		return
	}
	sum.Build = BuildID()
	decID, err := dataset.TableID(outDir, DecisionsTable)
	if err != nil || sum.Build == "" {
		return
	}
	sum.Calls, sum.Decisions = callsID, decID
	reportsum.Write(outDir, sum)
}

// call takes one row of the calls view (every row ReadCalls gives), and
// whether Run decides it; a call left out counts as undecided.
func (s *reportSum) call(r *toolcall.Row, selected bool) {
	c := &s.calls
	if c.failed || c.undecided.items.failed || s.gaveUp.Load() {
		if !c.released {
			s.gaveUp.Store(true)
			c.remove()
			*c = callsSide{failed: true, released: true}
		}
		return
	}
	c.n++
	if !plainHarness(r.Harness) {
		c.failed = true
		return
	}
	if r.ProjectDir != "" && r.ProjectDir != c.lastProject {
		if _, ok := c.projects[r.ProjectDir]; !ok {
			if !utf8.ValidString(r.ProjectDir) {
				c.failed = true
				return
			}
			c.projects[strings.Clone(r.ProjectDir)] = struct{}{}
		}
		c.lastProject = strings.Clone(r.ProjectDir)
	}
	wk := int64(noWeek)
	if !r.Ts.IsZero() {
		if y := r.Ts.Year(); y < 1000 || y > 9999 {
			c.failed = true
			return
		}
		if c.minTs.IsZero() || r.Ts.Before(c.minTs) {
			c.minTs = r.Ts
		}
		if c.maxTs.IsZero() || r.Ts.After(c.maxTs) {
			c.maxTs = r.Ts
		}
		day := floorDiv(r.Ts.Unix(), 86400)
		if !c.haveLast || day != c.lastWeekDay {
			c.lastWeekDay, c.lastWeek, c.haveLast = day, weekOf(day), true
		}
		wk = c.lastWeek
	}
	c.weeks[wk]++
	if !selected && r.CallKey != "" {
		if !c.undecided.add(r) {
			c.failed = true
		}
	}
}

// decided takes one selected call, its decision (nil: not decided) and
// how the decision compares with the transcript (agreedOf; zero when d is
// nil).
func (s *reportSum) decided(c *toolcall.Row, d *DecisionRow, ag agreed) {
	if s == nil {
		return
	}
	ds := &s.decs
	if ds.failed || ds.approved.failed || ds.told.failed || ds.undecided.items.failed || s.gaveUp.Load() {
		if !ds.released {
			s.gaveUp.Store(true)
			ds.remove()
			*ds = decsSide{failed: true, released: true}
		}
		return
	}
	if d == nil {
		if c.CallKey != "" && !ds.undecided.add(c) {
			ds.failed = true
		}
		return
	}
	ds.vs.add(c, d, ag)
	attr := ds.lastAttr
	if d != ds.lastDec {
		var ok bool
		if attr, ok = ds.attrOf(d); !ok {
			ds.failed = true
			return
		}
		ds.lastDec, ds.lastAttr = d, attr
	}
	info := ds.attrInfo[attr]
	wk := int64(noWeek)
	if !c.Ts.IsZero() {
		wk = weekOf(floorDiv(c.Ts.Unix(), 86400))
	}
	k := aggKey{attr: attr, project: c.ProjectDir, harness: c.Harness, week: wk, result: c.Result}
	if n := ds.agg[k]; n != nil {
		*n++
	} else {
		// The rows' strings are views: a new key owns its strings.
		if len(ds.agg) >= reportSumItems || !utf8.ValidString(k.project) || !utf8.ValidString(k.result) {
			ds.failed = true
			return
		}
		k.project, k.harness, k.result = strings.Clone(k.project), strings.Clone(k.harness), strings.Clone(k.result)
		ds.agg[k] = new(int64(1))
	}
	if info.approved >= 0 {
		// report_approved_by.sql: coalesce(d.command,
		// nullif(array_to_string(d.paths, ' '), ''), c.url, c.query,
		// c.pattern, d.tool, '?').
		what := c.Command
		if what == "" {
			what = strings.Join(c.Paths, " ")
		}
		if what == "" {
			fallback := cmp.Or(c.Tool, "?")
			if c.CallKey != "" {
				ds.pending.add(c.CallKey, info.approved, fallback)
			} else {
				what = fallback
			}
		}
		if what != "" {
			ds.approved.add(info.approved, what, 1)
		}
	}
	// A decision may count both above and here.
	if info.cause >= 0 {
		// report_undecided.sql: coalesce(nullif(trim(d.command), ''),
		// nullif(array_to_string(d.paths, ' '), ''), d.tool, '?').
		what := duckTrim(c.Command)
		if what == "" {
			what = strings.Join(c.Paths, " ")
		}
		if what == "" {
			what = cmp.Or(c.Tool, "?")
		}
		ds.told.add(info.cause, what, 1)
	}
}

// attrOf returns the index of d's attributes, adding them when new.
func (ds *decsSide) attrOf(d *DecisionRow) (int32, bool) {
	// The decision cache hands out the same decision for a repeated call.
	if i, ok := ds.memo[d]; ok {
		return i, true
	}
	a := decAttrs{mode: d.Mode, outcome: d.Outcome, group: d.Group, step: d.Step, ruleText: d.RuleText,
		ruleFile: d.RuleFile, ruleLayer: d.RuleLayer, reason: d.Reason, label: d.Label, dangerous: d.Dangerous,
		danger: strings.Join(d.Danger, "\x00"), hasDanger: len(d.Danger) > 0}
	if a.hasDanger {
		a.firstDanger = d.Danger[0]
	}
	a.missing = slices.Contains(d.Notes, sqlNoteProjectMissing)
	for _, c := range d.Danger {
		if strings.Contains(c, "\x00") {
			return 0, false // the join below would split it
		}
	}
	if i, ok := ds.attrs[a]; ok {
		if len(ds.memo) >= 4096 {
			clear(ds.memo)
		}
		ds.memo[d] = i
		return i, true
	}
	for _, s := range []string{a.mode, a.outcome, a.group, a.step, a.ruleText, a.ruleFile, a.ruleLayer, a.reason, a.label, a.danger} {
		if !utf8.ValidString(s) {
			return 0, false
		}
	}
	if len(ds.attrList) >= reportSumItems {
		return 0, false
	}
	i := int32(len(ds.attrList))
	ds.attrs[a] = i
	ds.attrList = append(ds.attrList, a)
	info := attrInfo{approved: -1, cause: -1}
	if a.dangerous && a.outcome == "runs" {
		k := approvedOf(&a)
		j, ok := ds.approvedIdx[k]
		if !ok {
			j = int32(len(ds.approvedKey))
			ds.approvedIdx[k] = j
			ds.approvedKey = append(ds.approvedKey, k)
		}
		info.approved = j
	}
	// report_undecided.sql: a decision the simulator could not make, or
	// made without the project's settings.
	cause := ""
	switch {
	case a.outcome == "unknown":
		cause = causeCouldNotTell + cmp.Or(a.reason, a.step, "no reason recorded")
	case a.missing:
		cause = causeProjectMissing
	}
	if cause != "" {
		j, ok := ds.causeIdx[cause]
		if !ok {
			j = int32(len(ds.causes))
			ds.causeIdx[cause] = j
			ds.causes = append(ds.causes, cause)
		}
		info.cause = j
	}
	ds.attrInfo = append(ds.attrInfo, info)
	if len(ds.memo) >= 4096 {
		clear(ds.memo)
	}
	ds.memo[d] = i
	return i, true
}

// add counts a call without a decision; false when it cannot be counted.
func (u *undecidedCalls) add(r *toolcall.Row) bool {
	trimmed := duckTrim(r.Command)
	// report_undecided.sql's CASE, as far as it is known now.
	g := callGroup{}
	switch {
	case !slices.Contains(u.simulated, r.Harness):
		g.cause = causeNoSimulator + r.Harness
	case r.Tool != "" && !toolcall.Replayed(toolcall.Tool(r.Tool)):
		g.cause = causeNotReplayed
	case r.Tool == string(toolcall.Bash) && trimmed == "" && r.Result == "denied":
		g.cause = causeDeclinedNoCommand
	case r.Tool == string(toolcall.Bash) && trimmed == "":
		g.cause = causeNoCommand
	default:
		g.project, g.harness = r.ProjectDir, r.Harness
	}
	gi, ok := u.groups[g]
	if !ok {
		if !utf8.ValidString(g.project) {
			return false
		}
		g.cause, g.project, g.harness = strings.Clone(g.cause), strings.Clone(g.project), strings.Clone(g.harness)
		gi = int32(len(u.groupList))
		u.groups[g] = gi
		u.groupList = append(u.groupList, g)
	}
	// report_undecided.sql: coalesce(nullif(trim(c.command), ''),
	// nullif(array_to_string(c.paths, ' '), ''), c.url, c.query,
	// c.pattern, c.raw_tool, c.tool, '?').
	what := trimmed
	if what == "" {
		what = strings.Join(r.Paths, " ")
	}
	if what == "" {
		u.pending.add(r.CallKey, gi, cmp.Or(r.RawTool, r.Tool, "?"))
		return !u.pending.failed
	}
	u.items.add(gi, what, 1)
	return !u.items.failed
}

// plainHarness reports whether h reads back the same from a partition
// folder's name (DuckDB does not undo Hive's escapes as dataset does).
func plainHarness(h string) bool {
	if h == "" {
		return false
	}
	for i := 0; i < len(h); i++ {
		c := h[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.') {
			return false
		}
	}
	return true
}

// weekOf is DuckDB's date_trunc('week', ts) as a day number: the Monday on
// or before day (day 0, 1970-01-01, was a Thursday).
func weekOf(day int64) int64 {
	return day - ((day%7 + 7 + 3) % 7)
}

// duckTrim is DuckDB's trim(s): it removes space separators (Unicode
// category Zs: the space, no-break spaces, …) from both ends, and leaves
// tabs and newlines.
func duckTrim(s string) string {
	isZs := func(r rune) bool { return unicode.Is(unicode.Zs, r) }
	return strings.TrimRightFunc(strings.TrimLeftFunc(s, isZs), isZs)
}

// finish builds the summary once both sides are done (scan is the calls
// table Run read, for the pending commands); nil when it failed.
func (s *reportSum) finish(scan *ingest.CallsScan) *reportsum.Summary {
	c, ds := &s.calls, &s.decs
	if c.failed || ds.failed || s.gaveUp.Load() {
		return nil
	}
	// The calls with no decision: those the reader left out and those the
	// writer got without one, each with its own contexts.
	if !settlePending(s.dir, scan, []*pendingCalls{c.undecided.pending, ds.undecided.pending, ds.pending}) {
		return nil
	}
	for _, ic := range []*itemCounts{c.undecided.items, ds.undecided.items, ds.approved, ds.told} {
		if ic.failed {
			return nil
		}
	}
	r := reportsum.Report{Calls: c.n}
	if !c.minTs.IsZero() {
		lo, hi := c.minTs.UTC(), c.maxTs.UTC()
		r.FirstTs, r.LastTs = &lo, &hi
	}
	projects := map[string]struct{}{}
	for p := range c.projects {
		projects[p] = struct{}{}
	}

	labels := map[string]struct{}{}
	decidedProjects := map[[2]string]struct{}{}
	type risk struct{ decisions, dangerous, wouldRun, ran int64 }
	type outcomeKey struct{ project, harness, mode string }
	outcomes := map[outcomeKey]*reportsum.OutcomeCounts{}
	byResult := map[string]*reportsum.ResultCounts{}
	weekRisk := map[int64]*risk{}
	weekCats := map[int64]map[string]int64{}
	byProject := map[string]*risk{}
	byHM := map[[2]string]*risk{}
	type fileAgg struct {
		calls int64
		rules map[string]struct{}
	}
	byFile := map[[2]string]*fileAgg{}
	type approvedAgg struct {
		calls     int64
		danger    map[string]struct{}
		harnesses map[string]struct{}
	}
	approved := map[approvedKey]*approvedAgg{}
	for k, np := range ds.agg {
		n := *np
		a := &ds.attrList[k.attr]
		r.Decisions += n
		if a.label != "" {
			labels[a.label] = struct{}{}
		}
		if k.project != "" {
			projects[k.project] = struct{}{}
		}
		decidedProjects[[2]string{k.project, k.harness}] = struct{}{}
		ok := k.result == "ok" || k.result == "error"
		ok = ok && a.dangerous && a.outcome == "runs"
		add := func(m *risk) {
			m.decisions += n
			if a.dangerous {
				m.dangerous += n
				if a.outcome == "runs" {
					m.wouldRun += n
					if ok {
						m.ran += n
					}
				}
			}
		}
		newRisk := func() *risk { return &risk{} }
		add(entry(byHM, [2]string{k.harness, a.mode}, newRisk))
		add(entry(byProject, k.project, newRisk))
		add(entry(weekRisk, k.week, newRisk))
		ok3 := entry(outcomes, outcomeKey{k.project, k.harness, a.mode}, func() *reportsum.OutcomeCounts {
			return &reportsum.OutcomeCounts{ProjectDir: k.project, Harness: k.harness, Mode: a.mode}
		})
		switch a.group {
		case "blocked":
			ok3.Blocked += n
		case "asks-rule":
			ok3.AsksRule += n
		case "asks-mode":
			ok3.AsksMode += n
		case "runs":
			ok3.Runs += n
		default:
			ok3.Unknown += n
		}
		ok3.Total += n
		if a.dangerous {
			g := cmp.Or(a.group, "unknown")
			rc := entry(byResult, g, func() *reportsum.ResultCounts { return &reportsum.ResultCounts{Group: g} })
			switch k.result {
			case "ok":
				rc.OK += n
			case "error":
				rc.Error += n
			case "denied":
				rc.Denied += n
			default:
				rc.Unknown += n
			}
			rc.Total += n
		}
		if a.dangerous && a.outcome == "runs" {
			cat := "unknown"
			if a.hasDanger {
				cat = a.firstDanger
			}
			wc := weekCats[k.week]
			if wc == nil {
				wc = map[string]int64{}
				weekCats[k.week] = wc
			}
			wc[cat] += n
			fk := [2]string{a.ruleFile, a.ruleLayer}
			fa := entry(byFile, fk, func() *fileAgg { return &fileAgg{rules: map[string]struct{}{}} })
			fa.calls += n
			if a.ruleText != "" {
				fa.rules[a.ruleText] = struct{}{}
			}
			ak := approvedOf(a)
			ag := entry(approved, ak, func() *approvedAgg {
				return &approvedAgg{danger: map[string]struct{}{}, harnesses: map[string]struct{}{}}
			})
			ag.calls += n
			if a.hasDanger {
				for _, d := range strings.Split(a.danger, "\x00") {
					ag.danger[d] = struct{}{}
				}
			}
			ag.harnesses[k.harness] = struct{}{}
		}
	}
	// What could not be decided, by cause: the decisions counted as
	// undecided, and the calls without a decision, each from the groups
	// of its cause.
	var causes []string
	sources := map[string][]itemSource{}
	addSource := func(cause string, src itemSource) {
		if _, ok := sources[cause]; !ok {
			causes = append(causes, cause)
		}
		sources[cause] = append(sources[cause], src)
	}
	for i, cause := range ds.causes {
		addSource(cause, itemSource{ds.told, int32(i)})
	}
	for _, u := range []*undecidedCalls{&c.undecided, &ds.undecided} {
		for i, g := range u.groupList {
			cause := g.cause
			if cause == "" {
				cause = causeLeftOut
				if g.project == "" {
					cause = reportsum.CauseNoProjectFolder
				} else if _, ok := decidedProjects[[2]string{g.project, g.harness}]; !ok {
					cause = causeProjectNotDecided
				}
			}
			addSource(cause, itemSource{u.items, int32(i)})
		}
	}
	sets := make([][]itemSource, len(causes))
	for i, cause := range causes {
		sets[i] = sources[cause]
	}
	causeTops, ok := sumTops(s.dir, sets)
	if !ok {
		return nil
	}
	for i, cause := range causes {
		u := reportsum.Cause{Cause: cause, Calls: causeTops[i].total, Examples: []string{}}
		for _, it := range causeTops[i].top {
			u.Examples = append(u.Examples, it.what)
		}
		r.Undecided = append(r.Undecided, u)
	}
	slices.SortFunc(r.Undecided, func(x, y reportsum.Cause) int {
		return cmp.Or(cmp.Compare(y.Calls, x.Calls), strings.Compare(x.Cause, y.Cause))
	})

	r.Projects = int64(len(projects))
	r.Labels = sortedKeys2(labels)
	for k, ag := range approved {
		a := reportsum.ApprovedBy{RuleText: k.ruleText, RuleFile: k.ruleFile, RuleLayer: k.ruleLayer, Step: k.step,
			Reason: k.reason, Calls: ag.calls, Danger: sortedKeys2(ag.danger), Harnesses: sortedKeys2(ag.harnesses)}
		r.ApprovedBy = append(r.ApprovedBy, a)
	}
	// The top commands of each approving group.
	approvedTops, ok := ds.approved.tops()
	if !ok {
		return nil
	}
	for i := range r.ApprovedBy {
		a := &r.ApprovedBy[i]
		a.Top = []reportsum.TopItem{}
		j, found := ds.approvedIdx[approvedKey{a.RuleText, a.RuleFile, a.RuleLayer, a.Step, a.Reason}]
		if !found {
			continue
		}
		t := approvedTops[j]
		if t == nil {
			continue
		}
		for _, it := range t.top {
			a.Top = append(a.Top, reportsum.TopItem{What: it.what, Calls: it.n})
		}
	}
	slices.SortFunc(r.ApprovedBy, func(x, y reportsum.ApprovedBy) int {
		return cmp.Or(cmp.Compare(y.Calls, x.Calls), nullsLast(x.RuleText, y.RuleText), nullsLast(x.RuleFile, y.RuleFile),
			nullsLast(x.RuleLayer, y.RuleLayer), nullsLast(x.Reason, y.Reason), nullsLast(x.Step, y.Step))
	})
	for _, o := range outcomes {
		r.Outcomes = append(r.Outcomes, *o)
	}
	slices.SortFunc(r.Outcomes, func(x, y reportsum.OutcomeCounts) int {
		return cmp.Or(nullsLast(x.ProjectDir, y.ProjectDir), nullsLast(x.Harness, y.Harness), nullsLast(x.Mode, y.Mode))
	})
	for _, rc := range byResult {
		r.DangerousByResult = append(r.DangerousByResult, *rc)
	}
	groupRank := func(g string) int {
		switch g {
		case "blocked":
			return 1
		case "asks-rule":
			return 2
		case "asks-mode":
			return 3
		case "runs":
			return 4
		}
		return 5
	}
	slices.SortFunc(r.DangerousByResult, func(x, y reportsum.ResultCounts) int {
		return cmp.Or(cmp.Compare(groupRank(x.Group), groupRank(y.Group)), strings.Compare(x.Group, y.Group))
	})
	weeks := map[int64]bool{}
	for wk := range c.weeks {
		weeks[wk] = true
	}
	for wk := range weekRisk {
		weeks[wk] = true
	}
	wks := make([]int64, 0, len(weeks))
	for wk := range weeks {
		wks = append(wks, wk)
	}
	slices.SortFunc(wks, func(x, y int64) int {
		// NULLS LAST: the week of calls without a time goes last.
		return cmp.Or(cmp.Compare(boolInt(x == noWeek), boolInt(y == noWeek)), cmp.Compare(x, y))
	})
	for _, wk := range wks {
		w := reportsum.WeekCounts{Calls: c.weeks[wk], ByDanger: []reportsum.CategoryCount{}}
		if wk != noWeek {
			w.Week = time.Unix(wk*86400, 0).UTC().Format("2006-01-02")
		}
		if wr := weekRisk[wk]; wr != nil {
			w.Decisions, w.Dangerous, w.WouldRun, w.Ran = wr.decisions, wr.dangerous, wr.wouldRun, wr.ran
		}
		for cat, n := range weekCats[wk] {
			w.ByDanger = append(w.ByDanger, reportsum.CategoryCount{Category: cat, Calls: n})
		}
		slices.SortFunc(w.ByDanger, func(x, y reportsum.CategoryCount) int {
			return cmp.Or(cmp.Compare(y.Calls, x.Calls), strings.Compare(x.Category, y.Category))
		})
		r.Weeks = append(r.Weeks, w)
	}
	for p, v := range byProject {
		r.ByProject = append(r.ByProject, reportsum.RiskCounts{ProjectDir: p, Decisions: v.decisions, Dangerous: v.dangerous, WouldRun: v.wouldRun, Ran: v.ran})
	}
	slices.SortFunc(r.ByProject, func(x, y reportsum.RiskCounts) int {
		return cmp.Or(cmp.Compare(y.WouldRun, x.WouldRun), cmp.Compare(y.Dangerous, x.Dangerous), nullsLast(x.ProjectDir, y.ProjectDir))
	})
	for k, v := range byHM {
		r.ByHarnessMode = append(r.ByHarnessMode, reportsum.RiskCounts{Harness: k[0], Mode: k[1], Decisions: v.decisions, Dangerous: v.dangerous, WouldRun: v.wouldRun, Ran: v.ran})
	}
	slices.SortFunc(r.ByHarnessMode, func(x, y reportsum.RiskCounts) int {
		return cmp.Or(cmp.Compare(y.WouldRun, x.WouldRun), nullsLast(x.Harness, y.Harness), nullsLast(x.Mode, y.Mode))
	})
	for k, f := range byFile {
		r.BySettingsFile = append(r.BySettingsFile, reportsum.FileCounts{RuleFile: k[0], RuleLayer: k[1], Calls: f.calls, Rules: int64(len(f.rules))})
	}
	slices.SortFunc(r.BySettingsFile, func(x, y reportsum.FileCounts) int {
		return cmp.Or(cmp.Compare(y.Calls, x.Calls), nullsLast(x.RuleFile, y.RuleFile), nullsLast(x.RuleLayer, y.RuleLayer))
	})
	vs, ok := ds.vs.section()
	if !ok {
		return nil
	}
	r.VsRecord = vs
	return &reportsum.Summary{Version: reportsum.Version, Simulated: s.simulated, Report: r}
}

// nullsLast compares two nullable texts ("" is NULL) in SQL's ASC NULLS
// LAST order.
func nullsLast(x, y string) int {
	switch {
	case x == "" && y == "":
		return 0
	case x == "":
		return 1
	case y == "":
		return -1
	}
	return strings.Compare(x, y)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func sortedKeys2(m map[string]struct{}) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// entry is m[k], made with mk and stored first when there is none.
func entry[K comparable, V any](m map[K]*V, k K, mk func() *V) *V {
	v := m[k]
	if v == nil {
		v = mk()
		m[k] = v
	}
	return v
}

package replay

import (
	"fmt"
	"slices"
	"strings"
	"time"
	"unsafe"

	"github.com/permsim/permsim/dataset"
	"github.com/permsim/permsim/toolcall"
)

// decisionWriter buffers decisions rows by columns, per partition of the
// decisions table (harness, date), and writes each partition's rows as row
// groups through dataset.Writer.WriteColumns: no reflection, and no
// allocation per row. A row is the call's own fields, copied into the
// partition's byte buffers (the call's strings are views of a row group
// of the calls table), and a pointer to its decision, which the decision
// cache shares between the calls it answers.
type decisionWriter struct {
	w        *dataset.Writer[DecisionRow]
	columns  []string
	parts    map[partKey]*decPart
	last     *decPart
	buffered int // bytes held by every partition
	budget   int
	groupMax int // rows of a full row group
	// spare is the buffers of the partition written last, emptied, for
	// the next partition that starts buffering: growing fresh buffers for
	// every row group was a twelfth of replay's allocation.
	spare *decBufs
	// dict is the scratch of the columns written as dictionaries.
	dict dictScratch
}

// partKey is a decisions partition: the harness, and the UTC day of the
// call's time (known false: no time, the "unknown" date).
type partKey struct {
	harness string
	day     int64
	known   bool
}

// decPart is one partition's buffered rows.
type decPart struct {
	key    partKey
	values []string // partition values: harness, date
	decBufs
	bytes int
}

// decBufs holds buffered rows by column.
type decBufs struct {
	callKey, projectDir, tool, cmd, result strBuf
	// The call's own comparison with its transcript (agreement.go).
	version, recorded, agreement, agreementWhy, versionBasis strBuf
	paths                                                    listBuf
	ts                                                       []time.Time
	dec                                                      []*DecisionRow
	// seen holds the decisions the rows point to, each with its index in
	// distinct: a decision no longer in the cache (a one-off call's) is
	// kept alive by its rows alone, so its size counts against the budget,
	// once per partition.
	seen     map[*DecisionRow]int32
	distinct []*DecisionRow
	rowDec   []int32 // per row, its decision's index in distinct
}

// reset empties the buffers, keeping their memory.
func (b *decBufs) reset() {
	for _, s := range []*strBuf{&b.callKey, &b.projectDir, &b.tool, &b.cmd, &b.result, &b.paths.elems,
		&b.version, &b.recorded, &b.agreement, &b.agreementWhy, &b.versionBasis} {
		s.data, s.ends = s.data[:0], s.ends[:0]
	}
	clear(b.paths.scratch)
	b.paths.rowEnds, b.paths.lastBytes = b.paths.rowEnds[:0], 0
	b.ts = b.ts[:0]
	clear(b.dec) // a decision no row points to may go
	b.dec = b.dec[:0]
	clear(b.distinct)
	b.distinct, b.rowDec = b.distinct[:0], b.rowDec[:0]
	clear(b.seen)
}

// rowOverhead is what a buffered row costs besides its strings' bytes: the
// time, the pointer, the string ends, and room for the buffers' growth.
const rowOverhead = 96

func newDecisionWriter(w *dataset.Writer[DecisionRow], budget int) *decisionWriter {
	return &decisionWriter{w: w, columns: w.Columns(), parts: map[partKey]*decPart{}, budget: budget,
		groupMax: dataset.DefaultRowGroupRows}
}

// add buffers the row of call c decided as d, and writes a partition's
// rows when they fill a row group or the buffers pass the budget.
func (dw *decisionWriter) add(c *toolcall.Row, d *DecisionRow, ag agreed) error {
	k := partKey{harness: c.Harness}
	if !c.Ts.IsZero() {
		k.day, k.known = floorDiv(c.Ts.Unix(), 86400), true
	}
	p := dw.last
	if p == nil || p.key != k {
		p = dw.parts[k]
		if p == nil {
			date := dataset.UnknownDate
			if k.known {
				date = time.Unix(k.day*86400, 0).UTC().Format("2006-01-02")
			}
			k.harness = strings.Clone(k.harness) // a map key: not a view
			p = &decPart{key: k, values: []string{k.harness, date}}
			dw.parts[k] = p
		}
		dw.last = p
	}
	if len(p.dec) == 0 && cap(p.dec) == 0 && dw.spare != nil {
		p.decBufs, dw.spare = *dw.spare, nil
	}
	before := p.bytes
	p.callKey.add(c.CallKey)
	p.projectDir.add(c.ProjectDir)
	p.tool.add(c.Tool)
	p.cmd.add(c.Command)
	p.result.add(c.Result)
	p.paths.add(c.Paths)
	p.version.add(c.HarnessVersion)
	p.recorded.add(c.RecordedOutcome)
	p.agreement.add(ag.agreement)
	p.agreementWhy.add(ag.reason)
	p.versionBasis.add(versionBasis(c, d.VersionDecided))
	p.ts = append(p.ts, c.Ts)
	p.dec = append(p.dec, d)
	j, ok := p.seen[d]
	if !ok {
		if p.seen == nil {
			p.seen = map[*DecisionRow]int32{}
		}
		j = int32(len(p.distinct))
		p.seen[d] = j
		p.distinct = append(p.distinct, d)
		p.bytes += decisionBytes(d)
	}
	p.rowDec = append(p.rowDec, j)
	p.bytes += rowOverhead + len(c.CallKey) + len(c.ProjectDir) + len(c.Tool) + len(c.Command) + len(c.Result) + p.paths.lastBytes +
		len(c.HarnessVersion) + len(c.RecordedOutcome) + len(ag.agreement) + len(ag.reason) + len(BasisDefaulted)
	dw.buffered += p.bytes - before
	switch {
	case len(p.dec) >= dw.groupMax:
		return dw.flush(p)
	case dw.buffered > dw.budget:
		return dw.flush(dw.largest())
	}
	return nil
}

// decisionBytes is about what a decision row holds (its strings are mostly
// its own: reasons, notes, rules).
func decisionBytes(d *DecisionRow) int {
	n := 512 + len(d.Reason) + len(d.RuleText) + len(d.RuleFile) + len(d.Step) + len(d.ModeLabel) + len(d.Label)
	for _, l := range [][]string{d.Needs, d.Notes, d.Danger} {
		for _, s := range l {
			n += 16 + len(s)
		}
	}
	return n
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}

func (dw *decisionWriter) largest() *decPart {
	var best *decPart
	for _, p := range dw.parts {
		if best == nil || p.bytes > best.bytes || (p.bytes == best.bytes && slices.Compare(p.values, best.values) < 0) {
			best = p
		}
	}
	return best
}

// close writes what is buffered, partition by partition in order.
func (dw *decisionWriter) close() error {
	ps := make([]*decPart, 0, len(dw.parts))
	for _, p := range dw.parts {
		ps = append(ps, p)
	}
	slices.SortFunc(ps, func(a, b *decPart) int { return slices.Compare(a.values, b.values) })
	for _, p := range ps {
		if err := dw.flush(p); err != nil {
			return err
		}
	}
	return nil
}

// flush writes a partition's rows as one row group and lets its buffers
// go (a partition the input has moved past should not hold them).
func (dw *decisionWriter) flush(p *decPart) error {
	n := len(p.dec)
	if n == 0 {
		return nil
	}
	err := dw.w.WriteColumns(p.values, n, func(i int, out *dataset.ColumnValues) error {
		return p.fill(dw.columns[i], n, out, &dw.dict)
	})
	if err != nil {
		return err
	}
	dw.buffered -= p.bytes
	bufs := p.decBufs
	bufs.reset()
	dw.spare = &bufs
	*p = decPart{key: p.key, values: p.values}
	return nil
}

// fill sets out to the n values of the named decisions column.
//
// The string columns a decision gives, and those of the call that rows
// sharing a decision mostly share (the cache answers a call with the
// decision of the same tool and command under the same policy, so of the
// same project), are given as dictionaries (dictionary.go): the writer
// would otherwise hash every value of every row.
func (p *decPart) fill(name string, n int, out *dataset.ColumnValues, sc *dictScratch) error {
	strs := func(get func(*DecisionRow) string) {
		sc.fromDecisions(p, n, out, get)
	}
	callStrs := func(b *strBuf) {
		out.Strings = b.views(out.Strings, n)
		sc.fromRows(p, n, out)
	}
	lists := func(get func(*DecisionRow) []string) {
		out.Lists = grow(out.Lists, n)
		for i, d := range p.dec {
			out.Lists[i] = get(d)
		}
	}
	switch name {
	case "call_key":
		out.Strings = p.callKey.views(out.Strings, n)
	case "project_dir":
		callStrs(&p.projectDir)
	case "tool":
		callStrs(&p.tool)
	case "command":
		callStrs(&p.cmd)
	case "result":
		// ok, error, denied or unknown: compared with the first row of the
		// decision, mostly the same.
		callStrs(&p.result)
	case "harness_version":
		callStrs(&p.version)
	case "recorded_outcome":
		callStrs(&p.recorded)
	case "agreement":
		callStrs(&p.agreement)
	case "agreement_reason":
		callStrs(&p.agreementWhy)
	case "version_basis":
		callStrs(&p.versionBasis)
	case "mode_basis":
		strs(func(d *DecisionRow) string { return d.ModeBasis })
	case "settings_basis":
		strs(func(d *DecisionRow) string { return d.SettingsBasis })
	case "folder_basis":
		strs(func(d *DecisionRow) string { return d.FolderBasis })
	case "paths":
		out.Lists = p.paths.views(out.Lists, n)
	case "ts":
		out.Times = p.ts
	case "mode":
		strs(func(d *DecisionRow) string { return d.Mode })
	case "mode_label":
		strs(func(d *DecisionRow) string { return d.ModeLabel })
	case "outcome":
		strs(func(d *DecisionRow) string { return d.Outcome })
	case "group":
		strs(func(d *DecisionRow) string { return d.Group })
	case "step":
		strs(func(d *DecisionRow) string { return d.Step })
	case "rule_text":
		strs(func(d *DecisionRow) string { return d.RuleText })
	case "rule_file":
		strs(func(d *DecisionRow) string { return d.RuleFile })
	case "rule_layer":
		strs(func(d *DecisionRow) string { return d.RuleLayer })
	case "rule_list":
		strs(func(d *DecisionRow) string { return d.RuleList })
	case "reason":
		strs(func(d *DecisionRow) string { return d.Reason })
	case "label":
		strs(func(d *DecisionRow) string { return d.Label })
	case "engine_version":
		strs(func(d *DecisionRow) string { return d.EngineVersion })
	case "policy_hash":
		strs(func(d *DecisionRow) string { return d.PolicyHash })
	case "version_decided":
		strs(func(d *DecisionRow) string { return d.VersionDecided })
	case "needs":
		lists(func(d *DecisionRow) []string { return d.Needs })
	case "notes":
		lists(func(d *DecisionRow) []string { return d.Notes })
	case "danger":
		lists(func(d *DecisionRow) []string { return d.Danger })
	case "dangerous":
		out.Bools = grow(out.Bools, n)
		for i, d := range p.dec {
			out.Bools[i] = d.Dangerous
		}
	default:
		// A column added to DecisionRow must be added here too.
		return fmt.Errorf("replay: decisions column %q has no writer", name)
	}
	return nil
}

func grow[E any](s []E, n int) []E {
	if cap(s) < n {
		return make([]E, n)
	}
	return s[:n]
}

// strBuf holds strings end to end in one buffer.
type strBuf struct {
	data []byte
	ends []int32
}

func (b *strBuf) add(s string) {
	b.data = append(b.data, s...)
	b.ends = append(b.ends, int32(len(b.data)))
}

// views returns the strings as views of the buffer, valid until it is
// added to or let go.
func (b *strBuf) views(out []string, n int) []string {
	out = grow(out, n)
	start := int32(0)
	for i, end := range b.ends {
		if end == start {
			out[i] = ""
		} else {
			out[i] = unsafe.String(&b.data[start], int(end-start))
		}
		start = end
	}
	return out
}

// listBuf holds lists of strings end to end.
type listBuf struct {
	elems     strBuf
	rowEnds   []int32 // per row, the index in elems.ends after its last element
	lastBytes int     // bytes of the list added last
	scratch   []string
}

func (b *listBuf) add(ss []string) {
	b.lastBytes = 0
	for _, s := range ss {
		b.elems.add(s)
		b.lastBytes += len(s) + 4
	}
	b.rowEnds = append(b.rowEnds, int32(len(b.elems.ends)))
}

func (b *listBuf) views(out [][]string, n int) [][]string {
	out = grow(out, n)
	b.scratch = b.elems.views(b.scratch, len(b.elems.ends))
	start := int32(0)
	for i, end := range b.rowEnds {
		if end == start {
			out[i] = nil
		} else {
			out[i] = b.scratch[start:end:end]
		}
		start = end
	}
	return out
}

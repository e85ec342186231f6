package replay

import (
	"cmp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/internal/reportsum"
	"github.com/permsim/permsim/toolcall"
)

// vsRecordSum computes the report's "Simulation vs what happened" section
// (queries/sql/report_vs_record_*.sql) from the calls Run decides, as the
// report summary's other sections are (reportsum.go): the counts per
// harness and version, the contradicting groups with their earliest
// calls, and the decisions per assumption. Its tables grow with the
// harnesses, versions and kinds of contradiction, not with the calls.
type vsRecordSum struct {
	failed      bool
	agreement   map[agreeKey]*reportsum.AgreementCounts
	contradicts map[contraKey]*contraGroup
	assumptions map[[2]string]int64
}

type agreeKey struct{ harness, version string }

// contraKey is report_vs_record_contradictions.sql's grouping.
type contraKey struct{ harness, version, mode, modeBasis, simulated, recorded, reason string }

type contraGroup struct {
	calls    int64
	examples []contraCall // the earliest, at most reportsum.ContradictionExamples
}

type contraCall struct {
	ts       time.Time // zero: none recorded (sorted last)
	callKey  string
	what     string
	evidence string
}

func newVsRecordSum() *vsRecordSum {
	return &vsRecordSum{agreement: map[agreeKey]*reportsum.AgreementCounts{}, contradicts: map[contraKey]*contraGroup{},
		assumptions: map[[2]string]int64{}}
}

// add counts call c decided as d.
func (v *vsRecordSum) add(c *toolcall.Row, d *DecisionRow, ag agreed) {
	if v.failed {
		return
	}
	agreement, why := ag.agreement, ag.reason
	k := agreeKey{c.Harness, c.HarnessVersion}
	a := v.agreement[k]
	if a == nil {
		if !utf8.ValidString(c.HarnessVersion) {
			v.failed = true
			return
		}
		k = agreeKey{strings.Clone(c.Harness), strings.Clone(c.HarnessVersion)}
		a = &reportsum.AgreementCounts{Harness: k.harness, HarnessVersion: k.version}
		v.agreement[k] = a
	}
	a.Decisions++
	switch agreement {
	case Agrees:
		a.Agrees++
		if strings.HasPrefix(why, ExceptionPrefix) {
			a.AgreesByException++
		}
	case Contradicts:
		a.Contradicts++
	default:
		a.NotComparable++
	}
	switch engine.Outcome(d.Outcome) {
	case engine.Runs:
		if d.Reason == engine.ReasonClassifier {
			a.LeftToClassifier++
		} else {
			a.Runs++
		}
	case engine.Asks:
		a.Asks++
	case engine.Blocked:
		a.Blocked++
	default:
		a.Unknown++
	}
	for i, basis := range [...]string{d.ModeBasis, versionBasis(c, d.VersionDecided), d.SettingsBasis, d.FolderBasis} {
		v.assumptions[[2]string{reportsum.AssumptionAspects[i], basis}]++
	}
	if agreement == Contradicts {
		v.contradiction(c, d, why)
	}
}

func (v *vsRecordSum) contradiction(c *toolcall.Row, d *DecisionRow, why string) {
	ck := contraKey{c.Harness, c.HarnessVersion, d.Mode, d.ModeBasis, d.Outcome, c.RecordedOutcome, why}
	g := v.contradicts[ck]
	if g == nil {
		if !utf8.ValidString(d.Mode) {
			v.failed = true
			return
		}
		ck = contraKey{strings.Clone(ck.harness), strings.Clone(ck.version), ck.mode, ck.modeBasis, ck.simulated,
			strings.Clone(ck.recorded), ck.reason}
		g = &contraGroup{}
		v.contradicts[ck] = g
	}
	g.calls++
	what := c.Command
	if what == "" && len(c.Paths) > 0 {
		what = c.Paths[0]
	}
	x := contraCall{ts: c.Ts, callKey: c.CallKey}
	i, _ := slices.BinarySearchFunc(g.examples, x, compareExample)
	if i >= reportsum.ContradictionExamples {
		return
	}
	if !utf8.ValidString(what) || !utf8.ValidString(c.RecordedEvidence) || !utf8.ValidString(c.CallKey) {
		v.failed = true
		return
	}
	x.callKey, x.what, x.evidence = strings.Clone(c.CallKey), strings.Clone(what), strings.Clone(c.RecordedEvidence)
	g.examples = slices.Insert(g.examples, i, x)
	if len(g.examples) > reportsum.ContradictionExamples {
		g.examples = g.examples[:reportsum.ContradictionExamples]
	}
}

// compareExample orders calls as the report's row_number: by time (none
// last), then call_key; by the time the table holds, to the
// microsecond, as the SQL does.
func compareExample(a, b contraCall) int {
	switch {
	case a.ts.IsZero() != b.ts.IsZero():
		if a.ts.IsZero() {
			return 1
		}
		return -1
	}
	if c := a.ts.Compare(b.ts); c != 0 {
		return c
	}
	return strings.Compare(a.callKey, b.callKey)
}

// section is the finished section, in the SQL's order.
func (v *vsRecordSum) section() (reportsum.VsRecord, bool) {
	if v.failed {
		return reportsum.VsRecord{}, false
	}
	var out reportsum.VsRecord
	for _, a := range v.agreement {
		out.Agreement = append(out.Agreement, *a)
	}
	slices.SortFunc(out.Agreement, func(a, b reportsum.AgreementCounts) int {
		return cmp.Or(strings.Compare(a.Harness, b.Harness), strings.Compare(a.HarnessVersion, b.HarnessVersion))
	})
	for k, g := range v.contradicts {
		c := reportsum.Contradiction{Harness: k.harness, HarnessVersion: k.version, Mode: k.mode, ModeBasis: k.modeBasis,
			Simulated: k.simulated, RecordedOutcome: k.recorded, Reason: k.reason, Calls: g.calls}
		for _, x := range g.examples {
			ts := ""
			if !x.ts.IsZero() {
				// As the report's strftime: to the second, in UTC.
				ts = x.ts.UTC().Format("2006-01-02T15:04:05Z")
			}
			c.Examples = append(c.Examples, reportsum.ContradictionCall{CallKey: x.callKey, Ts: ts, What: x.what, Evidence: x.evidence})
		}
		out.Contradictions = append(out.Contradictions, c)
	}
	slices.SortFunc(out.Contradictions, func(a, b reportsum.Contradiction) int {
		return cmp.Or(cmp.Compare(b.Calls, a.Calls), strings.Compare(a.Harness, b.Harness), strings.Compare(a.HarnessVersion, b.HarnessVersion),
			strings.Compare(a.Mode, b.Mode), strings.Compare(a.ModeBasis, b.ModeBasis), strings.Compare(a.Simulated, b.Simulated),
			strings.Compare(a.RecordedOutcome, b.RecordedOutcome), strings.Compare(a.Reason, b.Reason))
	})
	order := map[string]int{}
	for i, a := range reportsum.AssumptionAspects {
		order[a] = i
	}
	for k, n := range v.assumptions {
		out.Assumptions = append(out.Assumptions, reportsum.AssumptionCount{Aspect: k[0], Basis: k[1], Decisions: n})
	}
	slices.SortFunc(out.Assumptions, func(a, b reportsum.AssumptionCount) int {
		return cmp.Or(cmp.Compare(order[a.Aspect], order[b.Aspect]), strings.Compare(a.Basis, b.Basis))
	})
	return out, true
}

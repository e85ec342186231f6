package queries

import (
	"fmt"
	"html/template"
	"math"
	"sort"
	"strings"
	"time"
	"unicode/utf8"
)

// The HTML report's charts are inline SVG drawn here, so the page needs no
// script, font or file from anywhere else. Every text that comes from a
// transcript or a settings file goes through esc; colours are fixed per
// series (they read on a light and a dark background alike), and text and
// axes take the page's colour (currentColor) so the light/dark styles apply.

// palette colours the danger categories, in order of their weight.
var palette = []string{"#d62728", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#bcbd22", "#17becf", "#1f77b4", "#2ca02c", "#7f7f7f", "#aec7e8", "#ffbb78"}

// groupColours colours the scoring groups: blocked green, asking blues,
// runs red, unknown grey.
var groupColours = map[string]string{"blocked": "#2ca02c", "asks-rule": "#1f77b4", "asks-mode": "#6baed6", "runs": "#d62728", "unknown": "#9e9e9e"}

const (
	chartWidth = 760
	barHeight  = 20
	barGap     = 6
	maxBars    = 15
)

func esc(s string) string { return template.HTMLEscapeString(s) }

// shorten keeps a label within n characters: whole words, then "…" (the
// whole label is in the bar's tooltip and the table). A label is cut after
// a space, or before a "/", "-", "_", ".", ",", ":", ";" or "(", so no
// word is cut in two; only a first word longer than n is.
func shorten(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	for i := n - 1; i > 0; i-- {
		switch r[i] {
		case ' ':
			return strings.TrimRight(string(r[:i]), " ") + " …"
		case '/', '-', '_', '.', ',', ':', ';', '(':
			if i <= n-2 {
				return string(r[:i]) + "…"
			}
		}
	}
	return string(r[:n-1]) + "…"
}

// axisSteps picks the step between gridlines — 1, 2 or 5 times a power
// of ten, at most five steps — and the axis top, a whole number of steps
// at or above m.
func axisSteps(m int64) (step, top int64) {
	if m <= 0 {
		return 1, 1
	}
	for p := int64(1); ; p *= 10 {
		for _, f := range []int64{1, 2, 5} {
			step = f * p
			if (m+step-1)/step <= 5 {
				return step, (m + step - 1) / step * step
			}
		}
	}
}

// bar is one row of a horizontal bar chart: its label, its segments (one
// per series, in series order) and a tooltip.
type bar struct {
	label string
	segs  []int64
	tip   string
}

type series struct {
	name, colour string
}

// hbarChart draws horizontal bars, stacked when there are several series,
// with each bar's total at its end and a legend when there are several
// series. At most maxBars bars are drawn; the caption says how many were
// left out.
func hbarChart(id, title string, ss []series, bars []bar) template.HTML {
	if len(bars) == 0 {
		return ""
	}
	more := 0
	if len(bars) > maxBars {
		more = len(bars) - maxBars
		bars = bars[:maxBars]
	}
	var top int64
	for _, b := range bars {
		top = max(top, sum(b.segs))
	}
	if top == 0 {
		return ""
	}
	labelW := 300
	plotW := chartWidth - labelW - 70
	legendH := 0
	if len(ss) > 1 {
		legendH = 24
	}
	h := 30 + len(bars)*(barHeight+barGap) + legendH + 10
	if more > 0 {
		h += 18
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="chart" id="%s" role="img" aria-label="%s" viewBox="0 0 %d %d" width="100%%" preserveAspectRatio="xMinYMin meet">`, id, esc(title), chartWidth, h)
	fmt.Fprintf(&b, `<title>%s</title>`, esc(title))
	fmt.Fprintf(&b, `<text x="0" y="16" class="ct">%s</text>`, esc(title))
	y := 30
	for _, br := range bars {
		fmt.Fprintf(&b, `<g><title>%s</title>`, esc(br.tip))
		fmt.Fprintf(&b, `<text x="%d" y="%d" class="cl" text-anchor="end">%s</text>`, labelW-8, y+barHeight-6, esc(shorten(br.label, 44)))
		x := float64(labelW)
		for i, v := range br.segs {
			if v == 0 {
				continue
			}
			w := float64(v) / float64(top) * float64(plotW)
			fmt.Fprintf(&b, `<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="%s"><title>%s: %s</title></rect>`, x, y, w, barHeight, ss[i].colour, esc(ss[i].name), num(v))
			x += w
		}
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" class="cv">%s</text></g>`, x+6, y+barHeight-6, num(sum(br.segs)))
		y += barHeight + barGap
	}
	if more > 0 {
		fmt.Fprintf(&b, `<text x="%d" y="%d" class="cl">… and %s more (see the table)</text>`, labelW, y+12, num(int64(more)))
		y += 18
	}
	if len(ss) > 1 {
		legend(&b, ss, y+6)
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

func legend(b *strings.Builder, ss []series, y int) {
	x := 0
	for _, s := range ss {
		w := 22 + 7*utf8.RuneCountInString(s.name)
		if x+w > chartWidth {
			x = 0
			y += 18
		}
		fmt.Fprintf(b, `<rect x="%d" y="%d" width="12" height="12" fill="%s"/><text x="%d" y="%d" class="cl">%s</text>`, x, y, s.colour, x+16, y+10, esc(s.name))
		x += w + 10
	}
}

func sum(l []int64) int64 {
	var t int64
	for _, v := range l {
		t += v
	}
	return t
}

// weeklyChart: per week, the dangerous calls that would run without
// asking, stacked by danger category (the heaviest categories at the
// bottom). The axis is by time: every week from the first to the last
// has its slot, the empty ones too, so months without calls take their
// true width; the calls without a time come last, after a gap.
func weeklyChart(r *RiskReport) template.HTML {
	totals := map[string]int64{}
	var top int64
	for _, w := range r.Weeks {
		top = max(top, w.WouldRun)
		for _, c := range w.ByDanger {
			totals[c.Category] += c.Calls
		}
	}
	if len(r.Weeks) == 0 {
		return ""
	}
	cats := make([]string, 0, len(totals))
	for c := range totals {
		cats = append(cats, c)
	}
	sort.Slice(cats, func(i, j int) bool {
		if totals[cats[i]] != totals[cats[j]] {
			return totals[cats[i]] > totals[cats[j]]
		}
		return cats[i] < cats[j]
	})
	colour := map[string]string{}
	ss := make([]series, len(cats))
	for i, c := range cats {
		colour[c] = palette[i%len(palette)]
		ss[i] = series{name: c, colour: colour[c]}
	}
	// The slot of each week: its weeks after the first dated week.
	var first, last time.Time
	unknown := false
	for _, w := range r.Weeks {
		d, err := time.Parse(time.DateOnly, w.Week)
		if err != nil {
			unknown = true
			continue
		}
		if first.IsZero() || d.Before(first) {
			first = d
		}
		if d.After(last) {
			last = d
		}
	}
	slots := 0
	if !first.IsZero() {
		slots = weeksBetween(first, last) + 1
	}
	unknownSlot := slots
	if unknown {
		if slots > 0 {
			unknownSlot++ // a gap before the calls without a time
		}
		slots = unknownSlot + 1
	}
	slotOf := func(w string) int {
		d, err := time.Parse(time.DateOnly, w)
		if err != nil {
			return unknownSlot
		}
		return weeksBetween(first, d)
	}
	step, axis := axisSteps(top)
	const left, plotH, plotTop = 50, 200, 46
	plotW := chartWidth - left - 10
	slot := float64(plotW) / float64(slots)
	barW := max(min(slot*0.7, 60), 1)
	legendRows := 1 + len(cats)/6
	h := plotTop + plotH + 40 + 18*legendRows + 10
	title := "Dangerous calls that would run without asking, per week, by danger category"
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="chart" id="chart-weekly" role="img" aria-label="%s" viewBox="0 0 %d %d" width="100%%" preserveAspectRatio="xMinYMin meet">`, esc(title), chartWidth, h)
	fmt.Fprintf(&b, `<title>%s</title><text x="0" y="16" class="ct">%s</text>`, esc(title), esc(title))
	for v := int64(0); v <= axis; v += step {
		y := plotTop + plotH - int(float64(plotH)*float64(v)/float64(axis))
		fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="%d" y2="%d" class="grid"/><text x="%d" y="%d" class="cl" text-anchor="end">%s</text>`, left, chartWidth-10, y, y, left-6, y+4, num(v))
	}
	center := func(i int) float64 { return float64(left) + slot*float64(i) + slot/2 }
	// Date labels on the axis every few weeks (a label is about 70 px
	// wide), centred on their week; one that would run past the chart's
	// right edge is left out.
	labelEvery := max(1, int(math.Ceil(76/slot)))
	dated := slots
	if unknown {
		dated = unknownSlot - 1
		if first.IsZero() {
			dated = 0
		}
	}
	for i := 0; i < dated; i += labelEvery {
		if center(i)+38 > chartWidth || unknown && center(i)+38 > center(unknownSlot)-30 {
			break
		}
		fmt.Fprintf(&b, `<line x1="%.1f" x2="%.1f" y1="%d" y2="%d" class="axis"/><text x="%.1f" y="%d" class="cl" text-anchor="middle">%s</text>`,
			center(i), center(i), plotTop+plotH, plotTop+plotH+4, center(i), plotTop+plotH+16, first.AddDate(0, 0, 7*i).Format(time.DateOnly))
	}
	if unknown {
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" class="cl" text-anchor="middle">%s</text>`, min(center(unknownSlot), float64(chartWidth-30)), plotTop+plotH+16, unknownWeek)
	}
	for _, w := range r.Weeks {
		x := center(slotOf(w.Week)) - barW/2
		y := float64(plotTop + plotH)
		fmt.Fprintf(&b, `<g data-week="%s"><title>week of %s: %s would run without asking</title>`, esc(weekLabel(w.Week)), esc(weekLabel(w.Week)), num(w.WouldRun))
		// Heaviest categories at the bottom, as in the legend.
		byCat := map[string]int64{}
		for _, c := range w.ByDanger {
			byCat[c.Category] = c.Calls
		}
		for _, c := range cats {
			v := byCat[c]
			if v == 0 {
				continue
			}
			hgt := float64(v) / float64(axis) * plotH
			y -= hgt
			fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"><title>%s, week of %s: %s</title></rect>`, x, y, barW, hgt, colour[c], esc(c), esc(weekLabel(w.Week)), num(v))
		}
		if w.WouldRun > 0 {
			fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" class="cv" text-anchor="middle">%s</text>`, x+barW/2, y-4, num(w.WouldRun))
		}
		b.WriteString(`</g>`)
	}
	fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="%d" y2="%d" class="axis"/>`, left, chartWidth-10, plotTop+plotH, plotTop+plotH)
	if len(ss) > 0 {
		legend(&b, ss, plotTop+plotH+30)
	} else {
		fmt.Fprintf(&b, `<text x="%d" y="%d" class="cl">%s</text>`, left, plotTop+plotH+40, esc(noneApproved))
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

// weeksBetween is the whole weeks from a to b (both Mondays).
func weeksBetween(a, b time.Time) int {
	return int(math.Round(b.Sub(a).Hours() / (24 * 7)))
}

// approvedChart: the rules (or steps) that let the most dangerous calls
// run, each bar's tooltip naming its top commands.
func approvedChart(r *RiskReport) template.HTML {
	bars := make([]bar, len(r.ApprovedBy))
	for i, a := range r.ApprovedBy {
		tops := make([]string, len(a.Top))
		for j, t := range a.Top {
			tops[j] = t.What + " (" + num(t.Calls) + ")"
		}
		bars[i] = bar{label: decider(a), segs: []int64{a.Calls}, tip: decider(a) + "\n" + strings.Join(tops, "\n")}
	}
	return hbarChart("chart-approved", "Rules and steps that let the most dangerous calls run", []series{{"would run", "#d62728"}}, bars)
}

func fileChart(r *RiskReport) template.HTML {
	bars := make([]bar, len(r.BySettingsFile))
	for i, f := range r.BySettingsFile {
		label := f.RuleFile
		if label == "" {
			label = noRuleFile
		}
		bars[i] = bar{label: label, segs: []int64{f.Calls}, tip: label + " " + f.RuleLayer}
	}
	return hbarChart("chart-by-file", "Dangerous calls that would run, by the settings file that let them", []series{{"would run", "#d62728"}}, bars)
}

// riskChart: per group, the dangerous calls split into would run
// (and ran or not) and asked or blocked.
func riskChart(id, title string, l []RiskCounts, label func(RiskCounts) string) template.HTML {
	ss := []series{{"would run, and ran", "#d62728"}, {"would run, did not run", "#ff9896"}, {"asked or blocked", "#1f77b4"}}
	bars := make([]bar, 0, len(l))
	for _, c := range l {
		if c.Dangerous == 0 {
			continue
		}
		bars = append(bars, bar{label: label(c), segs: []int64{c.Ran, c.WouldRun - c.Ran, c.Dangerous - c.WouldRun},
			tip: fmt.Sprintf("%s: %s dangerous, %s would run, %s ran", label(c), num(c.Dangerous), num(c.WouldRun), num(c.Ran))})
	}
	return hbarChart(id, title, ss, bars)
}

func groupsChart(r *RiskReport) template.HTML {
	names := []string{"blocked", "asks-rule", "asks-mode", "runs", "unknown"}
	ss := make([]series, len(names))
	for i, n := range names {
		ss[i] = series{n, groupColours[n]}
	}
	bars := make([]bar, len(r.OutcomesByHarness))
	for i, o := range r.OutcomesByHarness {
		bars[i] = bar{label: orDash(o.Harness), segs: []int64{o.Blocked, o.AsksRule, o.AsksMode, o.Runs, o.Unknown},
			tip: fmt.Sprintf("%s: %s decisions", orDash(o.Harness), num(o.Total))}
	}
	return hbarChart("chart-outcome-groups", "Decisions per harness, by outcome group", ss, bars)
}

func undecidedChart(r *RiskReport) template.HTML {
	bars := make([]bar, len(r.Undecided))
	for i, u := range r.Undecided {
		bars[i] = bar{label: u.Cause, segs: []int64{u.Calls}, tip: u.Cause + "\n" + strings.Join(u.Examples, "\n")}
	}
	return hbarChart("chart-undecided", "Calls not decided, by cause", []series{{"not decided", "#9e9e9e"}}, bars)
}

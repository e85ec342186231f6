package danger

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/shell"
)

// labelledLine is one line of testdata/danger/independent/*.jsonl (dev,
// heldout, heldout2, heldout3, dev4, heldout4, heldout5, dev6, heldout6,
// dev7, heldout7, heldout8, dev8, heldout9, heldout10, heldout11, heldout12,
// heldout13, heldout14, heldout15, heldout16, heldout17, heldout18):
// a command or file-tool call drawn at random from a public collection
// nobody here wrote (tldr-pages, GTFOBins, published agent transcripts,
// atomic-red-team, InternalAllTheThings, cheat and navi sheets, CALDERA's
// stockpile, hacktricks, cheat.sh's sheets, the tests of seven AI-agent
// command guards, nl2bash, arsenal, the-art-of-command-line,
// Bash-Oneliner, the Book of Secret Knowledge, a red-team OSCP cheat
// sheet, devhints' sheets, aws-cli's examples, pentest-book,
// awesome-cheatsheets, git-tips, bash-guide, two Linux privilege-escalation
// cheat sheets, a reverse-shell generator, macOS dotfiles, a reverse-shell
// cheat sheet, an OSCP cheat sheet, a cloud pentest cheat sheet, a Linux
// exploitation cheat sheet, a coreutils text-processing book, an eighth
// agent guard's tests, h4cker's hardening and attack pages, pentest-wiki,
// exploit-notes' privilege-escalation pages, a red-team infrastructure
// wiki, bash-handbook and two more cheat sheets, Hacking the Cloud,
// CloudGoat's cheat sheets, HackTricks Cloud's post-exploitation pages, an
// agent team's review of the commands its guardrails block, Docker, GitHub
// and kubectl cheat sheets, a ninth agent guard's tests (ShellShield),
// git-flight-rules, mubix's post-exploitation wiki, jaywcjlove's
// linux-command pages, LOOBins, THC's sheet, badPods, Kubernetes Goat, a
// tenth agent guard's tests; agents' committed SpecStory histories,
// incident reports on agent harnesses' issue trackers, red-kube's kubectl
// attacks, a cloud and a Kubernetes attack sheet, release runbooks and an
// exfiltration sheet; an agent's committed Automaker logs, a shell
// history, seven more agent guards' tests, incident reports, two cloud
// attack references, transfer.sh's and Pro Git's command lines and a
// Linux hacking course), read and labelled by hand
// (README.md there says how).
type labelledLine struct {
	ID       string `json:"id"`
	Label    string `json:"label"`    // "dangerous" or "everyday"
	Category string `json:"category"` // the dangerous line's category
	Reason   string `json:"reason"`
	Tool     string `json:"tool"` // bash, read, edit, write, grep
	Command  string `json:"command"`
	Path     string `json:"path"`
	Project  string `json:"project"`
	Home     string `json:"home"`
	Pool     string `json:"pool"`
	Source   struct {
		Repo, Commit, Path string
	} `json:"source"`

	where string
}

// readLabelled reads one split of the independent corpora; a malformed
// line fails the test with its file and line.
func readLabelled(t *testing.T, split string) []labelledLine {
	t.Helper()
	name := "independent/" + split + ".jsonl"
	f, err := os.Open("../../testdata/danger/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var out []labelledLine
	for n := 1; sc.Scan(); n++ {
		var l labelledLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("%s:%d: %v", name, n, err)
		}
		l.where = fmt.Sprintf("%s:%d (%s)", name, n, l.ID)
		switch {
		case l.Label != "dangerous" && l.Label != "everyday":
			t.Fatalf("%s: label %q: want dangerous or everyday", l.where, l.Label)
		case l.Label == "dangerous" && !slices.Contains(Categories, l.Category):
			t.Fatalf("%s: category %q is not one of Categories", l.where, l.Category)
		case l.Reason == "" || l.Source.Repo == "" || l.Source.Commit == "" || l.Source.Path == "":
			t.Fatalf("%s: reason and source (repo, commit, path) are required", l.where)
		case l.Tool == "bash" && l.Command == "", l.Tool != "bash" && l.Path == "":
			t.Fatalf("%s: a bash line needs a command, a file-tool line a path", l.where)
		}
		out = append(out, l)
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return out
}

// call is the line as Check sees it: the transcript's own project and
// home when it has them, /home/user/proj and /home/user otherwise.
func (l labelledLine) call() (engine.Call, string, string) {
	p, h := proj, home
	if l.Project != "" {
		p = l.Project
	}
	if l.Home != "" {
		h = l.Home
	}
	tools := map[string]engine.Tool{"bash": engine.ToolBash, "read": engine.ToolRead, "edit": engine.ToolEdit, "write": engine.ToolWrite, "grep": engine.ToolGrep}
	c := engine.Call{Tool: tools[l.Tool], Command: l.Command}
	if l.Tool != "bash" {
		c.Paths = []string{shell.Resolve(l.Path, p, h)}
	}
	return c, p, h
}

// heldoutByCollection prints a held-out part's figures per collection as
// well. It is off by default: a tuner who read that one collection's
// figure was low would know which public repository to study, and the part
// would no longer be unseen. The lead turns it on when taking a held-out
// part's figure: go test ./engine/danger -run 'TestIndependentCorpora$' -v
// -args -heldout-by-collection
var heldoutByCollection = flag.Bool("heldout-by-collection", false, "print held-out parts' figures per collection too")

// figures are one split's precision and recall, overall and per category.
type figures struct {
	dangerous, everyday, hits, falseAlarms int
	// per category: labelled lines, those marked at all, those marked
	// with the labelled category; lines marked with it, and of those the
	// ones labelled everyday.
	labelled, caught, sameCat, markedWith, wrongWith map[string]int
	misses, alarms                                   []string
	// per collection (the source repository, else the draw's pool), so
	// that one dense collection's share of a part's figure can be read
	// apart from the others'.
	byCollection map[string]*collectionCounts
}

// collectionCounts are one collection's lines in a part: dangerous and
// everyday, and of each those Check marks (hits and false alarms).
type collectionCounts struct{ dangerous, hits, everyday, falseAlarms int }

func (f *figures) precision() float64 { return pct(f.hits, f.hits+f.falseAlarms) }
func (f *figures) recall() float64    { return pct(f.hits, f.dangerous) }

func measure(lines []labelledLine) *figures {
	f := &figures{labelled: map[string]int{}, caught: map[string]int{}, sameCat: map[string]int{}, markedWith: map[string]int{}, wrongWith: map[string]int{}, byCollection: map[string]*collectionCounts{}}
	for _, l := range lines {
		c, p, h := l.call()
		got := Check(c, p, h)
		coll := l.Source.Repo
		if coll == "" {
			coll = l.Pool
		}
		n := f.byCollection[coll]
		if n == nil {
			n = new(collectionCounts)
			f.byCollection[coll] = n
		}
		marked := 0
		if len(got) > 0 {
			marked = 1
		}
		if l.Label == "everyday" {
			n.everyday++
			n.falseAlarms += marked
		} else {
			n.dangerous++
			n.hits += marked
		}
		for _, k := range got {
			f.markedWith[k]++
			if l.Label == "everyday" {
				f.wrongWith[k]++
			}
		}
		what := l.Command
		if what == "" {
			what = l.Tool + ": " + l.Path
		}
		if l.Label == "dangerous" {
			f.dangerous++
			f.labelled[l.Category]++
			if len(got) > 0 {
				f.hits++
				f.caught[l.Category]++
			} else {
				f.misses = append(f.misses, fmt.Sprintf("%s: missed (%s: %s) %q", l.where, l.Category, l.Reason, what))
			}
			if slices.Contains(got, l.Category) {
				f.sameCat[l.Category]++
			}
			continue
		}
		f.everyday++
		if len(got) > 0 {
			f.falseAlarms++
			f.alarms = append(f.alarms, fmt.Sprintf("%s: marked %v, labelled everyday (%s) %q", l.where, got, l.Reason, what))
		}
	}
	return f
}

// table prints the figures per category: recall of the lines labelled
// with it (marked at all, and marked with that category), and precision
// of Check's marks with it.
func (f *figures) table(t *testing.T, split string, byCollection bool) {
	t.Logf("%s: %d dangerous, %d everyday; precision %.2f %% (%d of %d marked), recall %.2f %% (%d of %d)",
		split, f.dangerous, f.everyday, f.precision(), f.hits, f.hits+f.falseAlarms, f.recall(), f.hits, f.dangerous)
	t.Logf("  %-26s %9s %8s %10s %10s", "category", "labelled", "recall", "same cat", "precision")
	for _, k := range Categories {
		if f.labelled[k] == 0 && f.markedWith[k] == 0 {
			continue
		}
		rec, same, prec := "-", "-", "-"
		if n := f.labelled[k]; n > 0 {
			rec = fmt.Sprintf("%.1f %%", pct(f.caught[k], n))
			same = fmt.Sprintf("%.1f %%", pct(f.sameCat[k], n))
		}
		if m := f.markedWith[k]; m > 0 {
			prec = fmt.Sprintf("%.1f %% /%d", pct(m-f.wrongWith[k], m), m)
		}
		t.Logf("  %-26s %9d %8s %10s %10s", k, f.labelled[k], rec, same, prec)
	}
	if !byCollection {
		return
	}
	t.Logf("  %-44s %9s %8s %9s %10s", "collection", "dangerous", "recall", "everyday", "precision")
	for _, coll := range slices.Sorted(maps.Keys(f.byCollection)) {
		n := f.byCollection[coll]
		rec, prec := "-", "-"
		if n.dangerous > 0 {
			rec = fmt.Sprintf("%.1f %%", pct(n.hits, n.dangerous))
		}
		if m := n.hits + n.falseAlarms; m > 0 {
			prec = fmt.Sprintf("%.1f %% /%d", pct(n.hits, m), m)
		}
		t.Logf("  %-44s %9d %8s %9d %10s", coll, n.dangerous, rec, n.everyday, prec)
	}
}

// minimum is the least a part of the independent corpora must hold, by
// label: heldout4, heldout5, heldout6 and heldout7 were drawn to be full
// out-of-sample measures on their own (issue 30's 300 dangerous and 500 everyday
// lines), dev4 to be a tuning
// sample of about 300 lines, dev6 a tuning sample of at least 150
// dangerous and 250 everyday lines, dev7 one of at least 200 dangerous and
// 300 everyday lines. A part short of it fails the test, so that a
// truncated or mis-built file cannot pass as a smaller measurement.
var minimum = map[string]struct{ lines, dangerous, everyday int }{
	"dev4":     {lines: 300},
	"heldout4": {dangerous: 300, everyday: 500},
	"heldout5": {dangerous: 300, everyday: 500},
	"dev6":     {dangerous: 150, everyday: 250},
	"heldout6": {dangerous: 300, everyday: 500},
	"dev7":     {dangerous: 200, everyday: 300},
	"heldout7": {dangerous: 300, everyday: 500},
	// heldout8 was drawn for 300 dangerous lines but its labels, with a
	// top-up from the dangerous side, came to 271 (README.md there): its
	// minimum is what it holds, rounded down, so that a truncated file
	// still fails; read its figure with that smaller count in mind.
	"heldout8": {dangerous: 270, everyday: 500},
	// dev8 was asked for 200 dangerous and 350 everyday lines; its
	// collections and a top-up gave 64 dangerous (README.md there): its
	// minimum is what it holds, rounded down, so that a truncated file
	// still fails.
	"dev8": {dangerous: 60, everyday: 600},
	// heldout9 was drawn, with a top-up from the dangerous side, to the
	// issue's size (it holds 336 dangerous and 1,298 everyday lines).
	"heldout9": {dangerous: 300, everyday: 500},
	// heldout10 was drawn, with two top-ups from the dangerous side, to the
	// issue's size (it holds 367 dangerous and 1,311 everyday lines).
	"heldout10": {dangerous: 300, everyday: 500},
	// heldout11 was drawn, with five top-ups from the dangerous side, to the
	// issue's size (it holds 302 dangerous and 1,526 everyday lines).
	"heldout11": {dangerous: 300, everyday: 500},
	// heldout12 was asked for at least 150 dangerous and 500 everyday lines,
	// then topped up to the 300; with five top-ups from the
	// dangerous side it holds 302 and 1,298 (README.md there): its minimum
	// is what it holds, rounded down, so that a truncated file still fails.
	"heldout12": {dangerous: 302, everyday: 1250},
	// heldout13 was drawn, with three top-ups from the dangerous side, to
	// the size: it holds 302 dangerous and 1,226 everyday lines
	// (README.md there); its minimum is what it holds, rounded down, so
	// that a truncated file still fails.
	"heldout13": {dangerous: 302, everyday: 1200},
	// heldout14 was asked for the 300 dangerous and 500 everyday
	// lines; drawn in the half hour it was given, with thirteen top-ups, it
	// held 198 dangerous and 538 everyday lines; a second drawer's three
	// top-ups brought it to 227 dangerous (still short of 300) and 598
	// everyday lines; a third drawer's nine top-ups brought it to the
	// issue's size, 305 dangerous and 1,001 everyday lines (README.md
	// there): its minimum is what it holds, rounded down, so that a
	// truncated file still fails.
	"heldout14": {dangerous: 305, everyday: 1000},
	// heldout15 (session 41's first drawer: agents' SpecStory histories and
	// incident threads, topped up from three more collections) holds what
	// its drawers labelled in the time given (README.md there): its minimum
	// is what it holds, so that a truncated file still fails.
	"heldout15": {dangerous: 207, everyday: 620},
	// heldout16 was asked for at least 150 dangerous and 250 everyday
	// lines (a second drawer drew heldout15 at the same time from other
	// kinds of source; the lead pools the two to the size): its
	// minimum is what it holds (README.md there).
	"heldout16": {dangerous: 164, everyday: 365},
	// heldout17 (session 41's second draw: agents' SpecStory histories
	// and incident threads) was asked for at least 150 dangerous and 250
	// everyday lines (a second drawer drew heldout18 at the same time from
	// other kinds of source): its minimum is what it holds (README.md
	// there), so that a truncated file still fails; a top-up from CLI
	// command references (ninth to fourteenth batches) brought it from
	// 62/406 to 98/937.
	"heldout17": {dangerous: 97, everyday: 892},
	// heldout18 was asked for at least 150 dangerous and 250 everyday
	// lines (a second drawer drew heldout17 at the same time from other
	// kinds of source); drawn in the half hour given it held 84 dangerous
	// and 709 everyday lines, short of the dangerous side asked for; a
	// top-up (c0794–c0937, no line starting with sudo) brought it to 114
	// and 823: its minimum is what it holds (README.md there), so that a
	// truncated file still fails.
	"heldout18": {dangerous: 114, everyday: 823},
}

// shortOf says how a part falls short of its minimum, or "" when it does not.
func shortOf(split string, dangerous, everyday int) string {
	m, ok := minimum[split]
	var lack []string
	if ok && dangerous+everyday < m.lines {
		lack = append(lack, fmt.Sprintf("%d lines, want at least %d", dangerous+everyday, m.lines))
	}
	if ok && dangerous < m.dangerous {
		lack = append(lack, fmt.Sprintf("%d dangerous, want at least %d", dangerous, m.dangerous))
	}
	if ok && everyday < m.everyday {
		lack = append(lack, fmt.Sprintf("%d everyday, want at least %d", everyday, m.everyday))
	}
	return strings.Join(lack, "; ")
}

// reportOnly are the parts whose figures are printed and never failed:
// each was drawn, labelled and committed before the marker ran on it, so
// its figure was an honest out-of-sample measure once (heldout3 of the
// rules up to stage 5, heldout4 of those up to stage 8), and both have
// since been read for development (tuning.md): their misses and false
// alarms are printed under -v like every part's. heldout4 stays here while
// it is under 97 % on either figure. heldout5 was drawn from three more
// collections while heldout4 was being read for development, and is an
// honest out-of-sample measure of every rule before it was merged (the
// lead took its figure once, figures.md stage 9). dev4 was handed to
// tuning and must hold like dev. dev6 was drawn for development from
// collections new to the marker (agent command guards' tests, nl2bash):
// its misses are printed under -v for whoever tunes, and its figure is
// reported, not failed, until tuning brings it to 97 %. heldout6 was drawn
// from five more collections while the rules were being tuned on dev6,
// and is the honest out-of-sample measure of that round (its figure is
// taken once by the lead, figures.md stage 12). dev7 was drawn for
// development from four more collections (two more agent command guards'
// tests, an OSCP cheat sheet, devhints' sheets) and is reported with its
// misses printed, as dev6 is. heldout7 was drawn from seven more
// collections while the rules were being tuned on dev7: round 5's honest
// out-of-sample measure (figures.md stage 14). heldout8 was drawn from
// seven more collections while the rules were being tuned on dev7 and
// heldout7: round 6's honest out-of-sample measure (figures.md stage 15).
// dev8 was drawn for the next session's development from five more
// collections and two agent guards' tests: reported, its misses printed
// (the lead takes its first look on main, figures.md stage 16). heldout9
// was drawn from eight more collections while three tuners worked on the
// development parts: round 7's honest out-of-sample measure (figures.md
// stage 17). heldout10 was drawn from collections chosen for dangerous
// lines of many families rather than sudo (heldout9's are mostly sudo
// lines), also during round 7: its second out-of-sample measure (stage 18).
// heldout11 was drawn from nine more collections while three tuners
// worked on round 8's development parts: round 8's honest out-of-sample
// measure (stage 19). heldout12 was drawn from collections no earlier
// draw used (agents' committed SpecStory histories, incident reports on
// agent harnesses' issue trackers, Kubernetes and cloud attack sheets,
// release runbooks, an exfiltration sheet) while three tuners worked on
// round 9's development parts: round 9's honest out-of-sample measure
// (stage 21). heldout13 was drawn from collections no earlier draw used
// (an agent's committed Automaker logs, a shell history, seven more agent
// guards' tests, incident reports, cloud attack references, transfer.sh's
// and Pro Git's command lines, a Linux hacking course) while three tuners
// worked on round 10's development parts: round 10's honest out-of-sample
// measure (stage 24). heldout14 was drawn from collections no earlier draw
// used (agents' committed SpecStory histories, command checkers' test
// lists, incident reports on issue trackers) while a tuner and an intent labeller worked on round 11's
// development parts: round 11's honest out-of-sample measure (stage 25).
// heldout15 was drawn from collections no earlier draw used (agents'
// committed SpecStory histories, incident threads) in session 41, when
// nobody tuned: its figure is taken once, by the lead.
// heldout16 was drawn in session 41 from collections no earlier draw used
// (six more agent and shell command guards' tests, contributor and command
// references) while another drawer drew heldout15: an out-of-sample
// measure the lead takes once (stage 28).
// heldout17 was drawn in session 41's second draw from collections no
// earlier draw used (agents' committed SpecStory histories, incident
// threads) while round 12 tuned on heldout15 and heldout16: round 12's
// out-of-sample measure, taken once by the lead.
// heldout18 was drawn in session 41 from collections no earlier draw used
// (hardening, attack and operations references, a project's development
// set-up) while another drawer drew heldout17: an out-of-sample measure of
// round 12 the lead takes once.
var reportOnly = map[string]bool{"heldout3": true, "heldout4": true, "heldout5": true, "dev6": true, "heldout6": true,
	"dev7": true, "heldout7": true, "heldout8": true, "dev8": true, "heldout9": true, "heldout10": true,
	"heldout11": true, "heldout12": true, "heldout13": true, "heldout14": true, "heldout15": true,
	"heldout16": true, "heldout17": true, "heldout18": true}

// missesHidden are the reported parts whose misses and false alarms are
// not printed even with -v, so that whoever tunes the marker cannot read
// them by running the test (README.md there says who may read what).
// heldout5 left it when it was spent for development after its one
// measurement (figures.md stage 9, tuning.md round 3), heldout6 after
// the lead took its one figure (stage 12), heldout7 after its (stage 14).
// heldout8 stays in it after the lead took its figure after round 6
// (stage 15): nobody has read its misses, so a later round can measure
// it again out of sample; it did after round 7 (its second look, stage
// 15). heldout9 and heldout10 left it when they were spent for
// development after their one figure (stages 17 and 18). heldout11 stayed
// in it after the lead took its figure after round 8 (stage 19) and left
// it when it was spent for round 9's development (its second look, before
// round 9: figures.md stage 20). heldout12 was in it from its drawing
// until the lead took its one figure after the round-9 branches merged
// (stage 21), and left it then, spent to read why round 9 added false
// alarms on it (stage 22). heldout13 is in it from its drawing until the
// lead took its one figure after the round-10 branches merged (stage 24),
// and left it then, spent for round 11's development. heldout14 is in it
// from its drawing and stays after the lead took its one figure after the
// round-11 branches merged (stage 25): nobody has read its misses, so a
// later round can measure it again, as heldout8. heldout15 and heldout16
// (session 41) were in it from their drawing until the lead took their one
// figure (stage 29), and left it then, spent for development. heldout17
// and heldout18 are in it from their drawing until the lead takes their
// one figure after round 12 merges.
var missesHidden = map[string]bool{"heldout8": true, "heldout14": true, "heldout17": true, "heldout18": true}

// Issue 30, done when: "Danger marks: precision ≥ 97 % and recall ≥ 97 %
// on hand-labelled samples drawn from independent corpora (≥ 500
// everyday, ≥ 300 dangerous)". Precision counts the lines Check marks at
// all that are labelled dangerous; recall the dangerous lines it marks at
// all. dev, heldout, heldout2 and dev4 must hold (every one has been
// looked at and tuned on; see testdata/danger/independent/README.md and
// tuning.md: dev4 is a development part from its first look). heldout3
// was measured once and has since been read for development (tuning.md):
// it stays reported only, so its figures stay comparable with
// figures.md's. heldout4 was measured once out of sample (figures.md
// stage 8) and then handed to development (tuning.md, round 2); it is
// logged rather than failed while under 97 % on either figure. heldout5
// was measured once out of sample (stage 9) and then handed to
// development (tuning.md, round 3); it is reported like heldout4. dev6
// is a development part, reported with its misses printed. heldout6 was
// held out until its one measurement (stage 12) and is reported like
// heldout5 since. dev7 is a development part like dev6. heldout7 was
// held out until its one measurement (stage 14) and is reported like
// heldout6 since. heldout8 is held out (its misses are not printed)
// until the lead takes its one figure after round 6 (stage 15). dev8 is a
// development part like dev7 (its first look, stage 16). heldout9 is held
// out (its misses are not printed) until the lead takes its one figure
// after round 7 (stage 17), and so is heldout10 (stage 18). heldout11 is
// held out (its misses are not printed) until the lead takes its one
// figure after round 8 (stage 19), and heldout12 until the lead takes its
// one figure after round 9 (stage 21). heldout13 is held out (its misses
// are not printed) until the lead takes its one figure after round 10
// (stage 24). heldout14 is held out (its misses are not printed) until the
// lead takes its one figure after round 11 (stage 25), and heldout15
// until the lead takes its one figure (session 41). A part under its
// minimum size fails.
func TestIndependentCorpora(t *testing.T) {
	total := map[string]int{}
	for _, split := range []string{"dev", "heldout", "heldout2", "heldout3", "dev4", "heldout4", "heldout5", "dev6", "heldout6",
		"dev7", "heldout7", "heldout8", "dev8", "heldout9", "heldout10", "heldout11", "heldout12", "heldout13", "heldout14",
		"heldout15", "heldout16", "heldout17", "heldout18"} {
		lines := readLabelled(t, split)
		for _, l := range lines {
			total[l.Label]++
		}
		f := measure(lines)
		if s := shortOf(split, f.dangerous, f.everyday); s != "" {
			t.Errorf("%s: %s", split, s)
		}
		f.table(t, split, !missesHidden[split] || *heldoutByCollection)
		sort.Strings(f.misses)
		sort.Strings(f.alarms)
		if reportOnly[split] {
			t.Logf("%s (reported only): precision %.2f %%, recall %.2f %%", split, f.precision(), f.recall())
			if testing.Verbose() && !missesHidden[split] {
				for _, s := range append(f.alarms, f.misses...) {
					t.Log(s)
				}
			}
			continue
		}
		if f.precision() < 97 || f.recall() < 97 {
			t.Errorf("%s: precision %.2f %%, recall %.2f %%; issue 30 asks for at least 97 %% each\n%s",
				split, f.precision(), f.recall(), strings.Join(append(f.alarms, f.misses...), "\n"))
		} else if testing.Verbose() {
			for _, s := range append(f.alarms, f.misses...) {
				t.Log(s)
			}
		}
	}
	if total["everyday"] < 500 || total["dangerous"] < 300 {
		t.Errorf("%d everyday and %d dangerous lines; issue 30 asks for at least 500 and 300", total["everyday"], total["dangerous"])
	}
}

// The size check of the independent corpora's parts: a part under its
// minimum is reported with what it lacks; a part with no minimum is never
// short.
func TestIndependentPartSizes(t *testing.T) {
	for _, c := range []struct {
		split               string
		dangerous, everyday int
		short               bool
	}{
		{"heldout4", 346, 849, false},
		{"heldout4", 300, 500, false},
		{"heldout4", 299, 849, true},
		{"heldout4", 346, 499, true},
		{"heldout4", 0, 0, true},
		{"dev4", 94, 262, false},
		{"dev4", 100, 199, true},
		{"heldout3", 0, 0, false},
		{"heldout5", 315, 1356, false},
		{"heldout5", 299, 1356, true},
		{"heldout5", 315, 499, true},
		{"dev6", 164, 346, false},
		{"dev6", 149, 346, true},
		{"dev6", 164, 249, true},
		{"heldout6", 406, 756, false},
		{"heldout6", 299, 756, true},
		{"heldout6", 406, 499, true},
		{"dev7", 201, 652, false},
		{"dev7", 199, 652, true},
		{"dev7", 201, 299, true},
		{"heldout7", 327, 938, false},
		{"heldout7", 299, 938, true},
		{"heldout7", 327, 499, true},
		{"heldout7", 0, 0, true},
		{"heldout8", 271, 1262, false},
		{"heldout8", 269, 1262, true},
		{"heldout8", 271, 499, true},
		{"heldout8", 0, 0, true},
		{"dev8", 64, 645, false},
		{"dev8", 59, 645, true},
		{"dev8", 64, 599, true},
		{"dev8", 0, 0, true},
		{"heldout9", 336, 1298, false},
		{"heldout9", 300, 500, false},
		{"heldout9", 299, 1298, true},
		{"heldout9", 336, 499, true},
		{"heldout9", 0, 0, true},
		{"heldout10", 367, 1311, false},
		{"heldout10", 300, 500, false},
		{"heldout10", 299, 1311, true},
		{"heldout10", 367, 499, true},
		{"heldout10", 0, 0, true},
		{"heldout11", 302, 1526, false},
		{"heldout11", 300, 500, false},
		{"heldout11", 299, 1526, true},
		{"heldout11", 302, 499, true},
		{"heldout11", 0, 0, true},
		{"heldout12", 302, 1298, false},
		{"heldout12", 302, 1250, false},
		{"heldout12", 301, 1298, true},
		{"heldout12", 302, 1249, true},
		{"heldout12", 0, 0, true},
		{"heldout13", 302, 1226, false},
		{"heldout13", 302, 1200, false},
		{"heldout13", 301, 1226, true},
		{"heldout13", 302, 1199, true},
		{"heldout13", 0, 0, true},
		{"heldout14", 305, 1001, false},
		{"heldout14", 305, 1000, false},
		{"heldout14", 304, 1001, true},
		{"heldout14", 305, 999, true},
		{"heldout14", 0, 0, true},
		{"heldout15", 207, 620, false},
		{"heldout15", 206, 620, true},
		{"heldout15", 207, 619, true},
		{"heldout15", 0, 0, true},
		{"heldout16", 164, 365, false},
		{"heldout16", 163, 365, true},
		{"heldout16", 164, 364, true},
		{"heldout16", 0, 0, true},
		{"heldout17", 97, 892, false},
		{"heldout17", 96, 892, true},
		{"heldout17", 97, 891, true},
		{"heldout17", 0, 0, true},
		{"heldout18", 114, 823, false},
		{"heldout18", 113, 823, true},
		{"heldout18", 114, 822, true},
		{"heldout18", 0, 0, true},
	} {
		got := shortOf(c.split, c.dangerous, c.everyday)
		if (got != "") != c.short {
			t.Errorf("shortOf(%s, %d dangerous, %d everyday) = %q; want short %v", c.split, c.dangerous, c.everyday, got, c.short)
		}
	}
}

// heldout3, heldout4 and heldout5 are reported only, and their misses are
// printed: each was measured once out of sample and then read for
// development (tuning.md), heldout5 after its figure of figures.md stage 9.
// dev6 and dev7 are development parts from the start: reported, misses
// printed.
// heldout6 is reported only, its misses printed since the lead took its
// one figure (stage 12), and heldout7 since the lead took its (stage 14).
// heldout8 is reported only and its misses are hidden until the lead takes
// its one figure after the round-6 branches merge (stage 15). dev8 is a
// development part: reported, misses printed. heldout9 and heldout10 are
// reported only and their misses are hidden until the lead takes their one
// figure after the round-7 branches merge (stages 17 and 18). heldout11 is
// reported only; its misses were hidden until round 9 spent it for
// development (stage 20). heldout12 is reported only; its misses were
// hidden until the lead took its one figure after the round-9 branches
// merged (stage 21). heldout13 is reported only and its misses are hidden
// until the lead takes its one figure after the round-10 branches merge
// (stage 24). heldout14 is reported only and its misses are hidden until
// the lead takes its one figure after the round-11 branches merge (stage
// 25). heldout15 and heldout16 are reported only; their misses print since
// the lead took their one figure (session 41, stage 29). heldout17 and
// heldout18 are reported only and their misses are hidden until the lead
// takes their one figure after round 12 merges.
func TestIndependentHeldoutsReportOnly(t *testing.T) {
	for _, c := range []struct {
		split                    string
		reportOnly, missesHidden bool
	}{
		{"heldout3", true, false},
		{"heldout4", true, false},
		{"heldout5", true, false},
		{"dev6", true, false},
		{"heldout6", true, false},
		{"dev7", true, false},
		{"heldout7", true, false},
		{"heldout8", true, true},
		{"dev8", true, false},
		{"heldout9", true, false},
		{"heldout10", true, false},
		{"heldout11", true, false},
		{"heldout12", true, false},
		{"heldout13", true, false},
		{"heldout14", true, true},
		{"heldout15", true, false},
		{"heldout16", true, false},
		{"heldout17", true, true},
		{"heldout18", true, true},
		{"dev4", false, false},
	} {
		if reportOnly[c.split] != c.reportOnly || missesHidden[c.split] != c.missesHidden {
			t.Errorf("%s: reportOnly %v, missesHidden %v; want %v, %v",
				c.split, reportOnly[c.split], missesHidden[c.split], c.reportOnly, c.missesHidden)
		}
	}
}

// The reported-only parts are read as TestIndependentCorpora reads them
// (label, category among Categories, reason, source) and hold their
// minimum, without running Check on them: heldout5, dev6, heldout6 and
// dev7, heldout7, heldout8, dev8, heldout9, heldout10, heldout11,
// heldout12, heldout13, heldout14, heldout15, heldout16 and heldout17 can be checked for form before the
// marker ever runs on them.
func TestIndependentReportedPartsWellFormed(t *testing.T) {
	for _, split := range []string{"heldout4", "heldout5", "dev6", "heldout6", "dev7", "heldout7", "heldout8", "dev8",
		"heldout9", "heldout10", "heldout11", "heldout12", "heldout13", "heldout14", "heldout15", "heldout16",
		"heldout17", "heldout18"} {
		var dangerous, everyday int
		for _, l := range readLabelled(t, split) {
			if l.Label == "dangerous" {
				dangerous++
			} else {
				everyday++
			}
		}
		if s := shortOf(split, dangerous, everyday); s != "" {
			t.Errorf("%s: %s", split, s)
		}
	}
}

// intentLabel is one row of testdata/danger/independent/intent.tsv: a
// line of the independent corpora whose label rests on what it does as
// written (an unset variable, a name not defined here, a typo, a missing
// operand, no terminal, …), given a second label for what it is plainly
// written to do. The file's README section "Intent labels" says how the
// rows were chosen; the intent figure beside the as-written one shows how
// much of the marker's score hangs on those judgement calls.
type intentLabel struct {
	ID, Intent, Reason string
	where              string // file:line, for messages
}

// intentHeader is intent.tsv's column line, which must come first after
// its comment lines.
const intentHeader = "id\tintent\treason"

// readIntent reads intent.tsv's form: lines starting with # are comments
// and blank lines are skipped; the first other line is intentHeader; each
// line after it is an id, an intent label and a reason separated by tabs,
// none of them empty, and no id twice. A bad line is reported with name
// and line number and skipped, so that one reading reports every bad
// line.
func readIntent(r io.Reader, name string) ([]intentLabel, []error) {
	var rows []intentLabel
	var errs []error
	first := map[string]string{}
	header := false
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSuffix(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		where := fmt.Sprintf("%s:%d", name, n)
		if !header {
			if line != intentHeader {
				// Without the header the columns' order is a guess: stop
				// rather than read every row under the wrong names.
				return nil, append(errs, fmt.Errorf("%s: want the header %q first, got %q", where, intentHeader, line))
			}
			header = true
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 3 {
			errs = append(errs, fmt.Errorf("%s: %d fields, want 3 (id, intent, reason)", where, len(f)))
			continue
		}
		if slices.ContainsFunc(f, func(s string) bool { return strings.TrimSpace(s) == "" }) {
			errs = append(errs, fmt.Errorf("%s: empty field in %q", where, line))
			continue
		}
		if w, ok := first[f[0]]; ok {
			errs = append(errs, fmt.Errorf("%s: %s given twice (first at %s)", where, f[0], w))
			continue
		}
		first[f[0]] = where
		rows = append(rows, intentLabel{ID: f[0], Intent: f[1], Reason: f[2], where: where})
	}
	if err := sc.Err(); err != nil {
		errs = append(errs, fmt.Errorf("%s: %v", name, err))
	}
	if !header {
		errs = append(errs, fmt.Errorf("%s: no header %q", name, intentHeader))
	}
	return rows, errs
}

// checkIntent returns a message, naming the row's file and line, for each
// row whose id no part holds (part maps every part's ids to the part) or
// whose intent label is neither everyday nor one of Categories.
func checkIntent(rows []intentLabel, part map[string]string) []string {
	var bad []string
	for _, r := range rows {
		if _, ok := part[r.ID]; !ok {
			bad = append(bad, fmt.Sprintf("%s: %s is in no part", r.where, r.ID))
		}
		if r.Intent != "everyday" && !slices.Contains(Categories, r.Intent) {
			bad = append(bad, fmt.Sprintf("%s: %s: intent %q is neither everyday nor one of Categories", r.where, r.ID, r.Intent))
		}
	}
	return bad
}

// relabel returns a copy of lines with each line's intent label, if it has
// one, in place of its label, and how many lines changed label or
// category.
func relabel(lines []labelledLine, byID map[string]intentLabel) ([]labelledLine, int) {
	out := slices.Clone(lines)
	changed := 0
	for i, l := range out {
		r, ok := byID[l.ID]
		if !ok {
			continue
		}
		label, category := "dangerous", r.Intent
		if r.Intent == "everyday" {
			label, category = "everyday", ""
		}
		if label != l.Label || category != l.Category {
			changed++
		}
		out[i].Label, out[i].Category = label, category
	}
	return out, changed
}

// independentParts are the independent corpora's parts, in the order
// they were drawn and the figures print them.
var independentParts = []string{"dev", "heldout", "heldout2", "heldout3", "dev4", "heldout4", "heldout5", "dev6", "heldout6",
	"dev7", "heldout7", "heldout8", "dev8", "heldout9", "heldout10", "heldout11", "heldout12", "heldout13", "heldout14",
	"heldout15", "heldout16", "heldout17", "heldout18"}

// loadIntent reads intent.tsv and every part's ids, and fails the test on
// a malformed row, an id no part holds or a label no category is. It
// returns the rows by id and each id's part.
func loadIntent(t *testing.T) (map[string]intentLabel, map[string]string) {
	t.Helper()
	name := "independent/intent.tsv"
	f, err := os.Open("../../testdata/danger/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, errs := readIntent(f, name)
	for _, e := range errs {
		t.Error(e)
	}
	part := map[string]string{}
	for _, split := range independentParts {
		for _, l := range readLabelled(t, split) {
			part[l.ID] = split
		}
	}
	for _, s := range checkIntent(rows, part) {
		t.Error(s)
	}
	if t.Failed() {
		t.FailNow()
	}
	byID := map[string]intentLabel{}
	for _, r := range rows {
		byID[r.ID] = r
	}
	return byID, part
}

// intent.tsv is well formed and names only lines the parts hold, with
// labels that are categories or everyday; this runs no Check, so it can
// be run while the figures are not to be looked at.
func TestIntentLabelsWellFormed(t *testing.T) {
	byID, _ := loadIntent(t)
	if len(byID) == 0 {
		t.Error("intent.tsv holds no row")
	}
}

// The intent figure (figures.md stage 23): every part's precision and
// recall with each intent label of intent.tsv in place of its line's
// label, printed beside the as-written figure. Nothing fails on the
// figures; the test fails only when intent.tsv is malformed, names an id
// no part holds or gives a label no category is. Only figures are
// printed, for every part: no line's miss or false alarm, so heldout8,
// heldout14 and heldout15 (missesHidden) stay hidden, and the others' lines are listed by
// TestIndependentCorpora already. The lead takes these figures once:
// go test ./engine/danger -run 'TestIndependentCorporaIntent$' -v
func TestIndependentCorporaIntent(t *testing.T) {
	byID, part := loadIntent(t)
	for _, split := range independentParts {
		lines := readLabelled(t, split)
		relabelled, changed := relabel(lines, byID)
		n := 0
		for id := range byID {
			if part[id] == split {
				n++
			}
		}
		w, i := measure(lines), measure(relabelled)
		t.Logf("%s: %d intent labels, %d of them change the label; as written: %d dangerous, precision %.2f %%, recall %.2f %%; by intent: %d dangerous, precision %.2f %%, recall %.2f %%",
			split, n, changed, w.dangerous, w.precision(), w.recall(), i.dangerous, i.precision(), i.recall())
	}
}

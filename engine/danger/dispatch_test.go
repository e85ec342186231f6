package danger

import (
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/permsim/permsim/engine"
)

// The table runs, for a program, the generic rules and the ones
// registered under its name, in the order the rules are listed (Explain's
// reasons follow it), each once; an unregistered program runs only the
// generic ones.
func TestRuleTableKeepsOrder(t *testing.T) {
	var ran []string
	rule := func(id string) func(*checker, unit) {
		return func(*checker, unit) { ran = append(ran, id) }
	}
	table := newRuleTable([]commandRule{
		{run: rule("g1")},
		{run: rule("rm only"), names: []string{"rm"}},
		{run: rule("g2")},
		{run: rule("git and rm"), names: []string{"git", "rm", "git"}},
		{run: rule("g3")},
		{run: rule("kubectl"), names: []string{"kubectl"}},
	})
	for _, tc := range []struct {
		name string
		want []string
	}{
		{"rm", []string{"g1", "rm only", "g2", "git and rm", "g3"}},
		{"git", []string{"g1", "g2", "git and rm", "g3"}},
		{"kubectl", []string{"g1", "g2", "g3", "kubectl"}},
		{"ls", []string{"g1", "g2", "g3"}},
		{"", []string{"g1", "g2", "g3"}},
	} {
		ran = nil
		for _, r := range table.rules(tc.name) {
			r(nil, unit{})
		}
		if !slices.Equal(ran, tc.want) {
			t.Errorf("rules(%q) ran %q, want %q", tc.name, ran, tc.want)
		}
	}
}

// A rule registered under names must find nothing in any other program:
// the package's corpora and the independent ones give the same Explain
// (categories, reasons and their order) with every rule run for every
// command as with the table. A rule whose names miss a program it fires
// for fails here ("dmesg -c" of heldout5 when kernelLogCleared's "dmesg"
// is left out, say).
func TestRuleTableSkipsOnlyIdleRules(t *testing.T) {
	type probe struct {
		where      string
		call       engine.Call
		proj, home string
	}
	var probes []probe
	for _, l := range readCorpus(t, "dangerous.gen.jsonl", "dangerous.hand.jsonl", "everyday.real.jsonl", "everyday.gen.jsonl") {
		p, h := proj, home
		if l.Project != "" {
			p = l.Project
		}
		if l.Home != "" {
			h = l.Home
		}
		probes = append(probes, probe{l.where, engine.Call{Tool: engine.ToolBash, Command: l.Command}, p, h})
	}
	calls, lines := everydayCalls(t)
	for i, c := range calls {
		probes = append(probes, probe{"everyday.txt: " + lines[i], c, proj, home})
	}
	parts, err := filepath.Glob("../../testdata/danger/independent/*.jsonl")
	if err != nil || len(parts) == 0 {
		t.Fatalf("independent corpora: %v", err)
	}
	for _, f := range parts {
		split := strings.TrimSuffix(filepath.Base(f), ".jsonl")
		if strings.HasPrefix(split, "drawn") {
			continue // unlabelled draws, whose lines the parts hold
		}
		for _, l := range readLabelled(t, split) {
			c, p, h := l.call()
			probes = append(probes, probe{l.where, c, p, h})
		}
	}
	explainAll := func() [][]Reason {
		out := make([][]Reason, len(probes))
		for i, p := range probes {
			out[i] = Explain(p.call, p.proj, p.home)
		}
		return out
	}
	dispatched := explainAll()
	savedFirst, saved := firstTable, commandTable
	defer func() { firstTable, commandTable = savedFirst, saved }()
	everyRule := func(rules []commandRule) ruleTable {
		all := make([]commandRule, len(rules))
		for i, r := range rules {
			all[i] = commandRule{run: r.run} // no names: run for every program
		}
		return newRuleTable(all)
	}
	firstTable, commandTable = everyRule(firstCommandRules), everyRule(commandRules)
	every := explainAll()
	for i, p := range probes {
		if !reflect.DeepEqual(dispatched[i], every[i]) {
			t.Errorf("%s: %q: dispatched %+v, every rule %+v", p.where, p.call.Command, dispatched[i], every[i])
		}
	}
}

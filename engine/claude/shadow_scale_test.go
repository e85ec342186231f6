package claude

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// shadowRules is a project settings file of n allow and n deny rules of
// every form markShadowed compares: command patterns (legacy prefixes,
// globs, exact commands, a pattern opening with a wildcard), path
// patterns (project, home, root, bare names, globs), tool-wide and MCP
// rules; one allow rule in four is shadowed by a deny rule.
func shadowRules(n int) string {
	var allow, deny []string
	for i := range n {
		switch i % 8 {
		case 0:
			allow = append(allow, fmt.Sprintf("Bash(tool%d run:*)", i))
			deny = append(deny, fmt.Sprintf("Bash(bad%d go:*)", i))
		case 1:
			allow = append(allow, fmt.Sprintf("Bash(bad%d go now:*)", i-1)) // shadowed
			deny = append(deny, fmt.Sprintf("Bash(rm -rf /tmp/x%d *)", i))
		case 2:
			allow = append(allow, fmt.Sprintf("Read(./src%d/**)", i))
			deny = append(deny, fmt.Sprintf("Read(./secret%d/**)", i))
		case 3:
			allow = append(allow, fmt.Sprintf("Read(./secret%d/a/*.txt)", i-1)) // shadowed
			deny = append(deny, fmt.Sprintf("Edit(~/.cfg%d/**)", i))
		case 4:
			allow = append(allow, fmt.Sprintf("Edit(//etc/app%d/**)", i))
			deny = append(deny, fmt.Sprintf("Read(keys%d)", i))
		case 5:
			allow = append(allow, fmt.Sprintf("Edit(./keys%d/x)", i-1)) // shadowed by the Read deny at any depth
			deny = append(deny, fmt.Sprintf("mcp__srv%d", i))
		case 6:
			allow = append(allow, fmt.Sprintf("mcp__srv%d__tool", i-1)) // shadowed by the server deny
			deny = append(deny, fmt.Sprintf("Bash(git push --force origin b%d)", i))
		case 7:
			allow = append(allow, fmt.Sprintf("Bash(git push --force origin b%d)", i-1)) // identical
			deny = append(deny, fmt.Sprintf("WebFetch(domain:x%d.example)", i))
		}
	}
	// A few deny rules no index narrows: compared with every rule of
	// their tool.
	deny = append(deny, "Bash(*--no-verify*)", "Read(**/*.pem)")
	b, _ := json.Marshal(map[string]any{"permissions": map[string]any{"allow": allow, "deny": deny}})
	return string(b)
}

// shadowWhy is what markShadowed must have written for every rule: the
// first deny rule (in deny order) that covers it, found by comparing every
// pair, as markShadowed did before its index.
func shadowWhy(p *Policy) map[*rule]string {
	want := map[*rule]string{}
	for _, list := range [][]*rule{p.allow, p.ask} {
		for _, r := range list {
			for _, d := range p.deny {
				if p.covers(d, r) {
					want[r] = fmt.Sprintf("shadowed by the deny rule %s (%s): every call it covers is denied first", d.text, d.src.path)
					break
				}
			}
		}
	}
	return want
}

// TestShadowIndexSameAsAllPairs: the rules markShadowed marks through its
// index are exactly those comparing every pair marks, named by the same
// deny rule.
func TestShadowIndexSameAsAllPairs(t *testing.T) {
	yes := true
	p, _ := build(t, setup{project: shadowRules(400), trust: &yes})
	want := shadowWhy(p)
	if len(want) < 100 {
		t.Fatalf("only %d rules shadowed: the fixture does not exercise the index", len(want))
	}
	got := 0
	for i, info := range p.infos {
		r := p.ruleOf[i]
		if r == nil || (r.list != "allow" && r.list != "ask") {
			continue
		}
		isShadow := strings.HasPrefix(info.Why, "shadowed by the deny rule ")
		if w, ok := want[r]; ok {
			got++
			if info.Why != w || info.InForce {
				t.Errorf("%s: in force %v, why %q; want %q", r.text, info.InForce, info.Why, w)
			}
		} else if isShadow {
			t.Errorf("%s: %q, but no deny rule covers it", r.text, info.Why)
		}
	}
	if got != len(want) {
		t.Errorf("%d shadowed rules listed, want %d", got, len(want))
	}
}

// TestShadowWorkLinear: issue 27, "Claude rules: time grows with allow ×
// deny … Linear, as allow rules alone already are". The work is counted,
// not timed: the rule comparisons markShadowed makes for 4 times the rules
// must grow about 4 times (all pairs: 16 times), and stay within the
// budget (no rule left unchecked).
func TestShadowWorkLinear(t *testing.T) {
	yes := true
	work := func(n int) int {
		p, _ := build(t, setup{project: shadowRules(n), trust: &yes})
		for _, pr := range p.problems {
			if strings.Contains(pr.Msg, "not checked") {
				t.Errorf("%d+%d rules: %s", n, n, pr.Msg)
			}
		}
		return p.coverChecks
	}
	small, large := work(1000), work(4000)
	t.Logf("rule comparisons: %d for 1,000+1,000 rules, %d for 4,000+4,000", small, large)
	if small == 0 || large > 5*small {
		t.Errorf("comparisons grew %d → %d (×%.1f) for 4 times the rules: not linear", small, large, float64(large)/float64(max(small, 1)))
	}
}

// BenchmarkLoadManyRules loads a project of 10,000 allow and 10,000 deny
// rules (`go test ./engine/claude -run - -bench LoadManyRules`).
func BenchmarkLoadManyRules(b *testing.B) {
	yes := true
	text := shadowRules(10000)
	for b.Loop() {
		build(b, setup{project: text, trust: &yes})
	}
}

package claude

import (
	"fmt"
	"strings"
	"syscall"
	"testing"
	"time"
)

func cpuTime(t *testing.T) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Skip("no rusage:", err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// manyRules is a settings file with n allow rules, one a line.
func manyRules(n int) string {
	var b strings.Builder
	b.WriteString("{\"permissions\": {\"allow\": [\n")
	for i := range n {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, "  \"Bash(cmd%d:*)\"", i)
	}
	b.WriteString("\n]}}\n")
	return b.String()
}

// TestManyRulesLoadInLinearTime: issue 14, "a Claude settings file with a
// million rules loads in linear time (quadratic today: over two minutes)".
// Four times the rules must cost well under the sixteen times a quadratic
// load does (CPU time, so other work on the machine does not count); each
// rule still names its own line.
func TestManyRulesLoadInLinearTime(t *testing.T) {
	load := func(n int) time.Duration {
		text := manyRules(n)
		p, _ := build(t, setup{project: text})
		last := fmt.Sprintf("Bash(cmd%d:*)", n-1)
		found := false
		for _, r := range p.Rules() {
			found = found || r.Rule == last
		}
		if !found {
			t.Fatalf("rule %s not loaded", last)
		}
		// The time is the settings parse's: it was the quadratic part
		// (each rule's line counted from the file's start).
		t0 := cpuTime(t)
		sf, _ := parseSettings([]byte(text), "settings.json", "project", "/p")
		d := cpuTime(t) - t0
		if l := sf.lists["allow"]; len(l) != n || l[0].line != 2 || l[n-1].line != n+1 {
			t.Errorf("%d rules read, lines %d and %d, want %d rules on lines 2 and %d", len(l), l[0].line, l[n-1].line, n, n+1)
		}
		return d
	}
	load(1000) // warm up
	small, big := load(20_000), load(80_000)
	if big > 8*small+100*time.Millisecond {
		t.Errorf("20,000 rules: %s CPU, 80,000: %s: grows faster than linear", small, big)
	}
}

// TestDeeplyNestedSettings: "JSON nested too deep (reported as "malformed"
// today — say what it is)".
func TestDeeplyNestedSettings(t *testing.T) {
	p, _ := build(t, setup{project: "{\n\"permissions\": " + strings.Repeat("[", 100_000) + "\n}"})
	found := false
	for _, pr := range p.Problems() {
		found = found || strings.Contains(pr, "settings.json") && strings.Contains(pr, "line 2: nested too deep")
	}
	if !found {
		t.Errorf("problems %.300q: want the settings file named as nested too deep", p.Problems())
	}
}

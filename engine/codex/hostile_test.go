package codex

import (
	"strings"
	"testing"
)

// TestDeeplyNestedConfigAndRules: issue 14, "TOML nested millions deep in
// config.toml or a policy file (fatal stack overflow today)": the file is
// a problem naming it and the line, and the rest of the policy loads.
func TestDeeplyNestedConfigAndRules(t *testing.T) {
	p, _ := build(t, setup{
		userConfig: "approval_policy = \"never\"\nx = " + strings.Repeat("[", 2_000_000) + "\n",
		userRules:  map[string]string{"deep.rules": "prefix_rule(pattern = " + strings.Repeat("(", 2_000_000) + ")\n"},
	})
	var cfg, rules bool
	for _, pr := range p.Problems() {
		cfg = cfg || strings.Contains(pr, "config.toml") && strings.Contains(pr, "line 2: nested too deep")
		rules = rules || strings.Contains(pr, "deep.rules") && strings.Contains(pr, "nested too deep")
	}
	if !cfg || !rules {
		t.Errorf("problems %.400q: want config.toml and deep.rules named as nested too deep", p.Problems())
	}
}

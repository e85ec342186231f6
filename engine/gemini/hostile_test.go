package gemini

import (
	"strings"
	"testing"
	"time"
)

// TestHostileSettingsAndPolicies: issue 14, "No input stops the run" — a
// command prefix of tens of MB in tools.allowed must not panic (a
// regexp.MustCompile aborted every project), and a policy TOML nested
// millions deep is a problem, not a fatal stack overflow. Both end as
// problems naming the file, within bounded time.
func TestHostileSettingsAndPolicies(t *testing.T) {
	huge := strings.Repeat("a(", 512<<10) // 1 MB, under the settings cap
	start := time.Now()
	p, _ := build(t, setup{trust: "TRUST_FOLDER",
		user:     `{"tools": {"allowed": ["run_shell_command(` + huge + `)", "run_shell_command(git status)"]}}`,
		policies: map[string]string{"deep.toml": "[[rule]]\ntoolName = " + strings.Repeat("[", 2_000_000) + "\n"}})
	if d := time.Since(start); d > 30*time.Second {
		t.Errorf("load took %s", d)
	}
	var prefix, deep bool
	for _, pr := range p.Problems() {
		prefix = prefix || strings.Contains(pr, "settings.json") && strings.Contains(pr, "not simulated")
		deep = deep || strings.Contains(pr, "deep.toml") && strings.Contains(pr, "nested too deep")
	}
	if !prefix || !deep {
		t.Errorf("problems %.300q: want the huge prefix and the deep policy named", p.Problems())
	}
}

package check

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/battery"
	"github.com/permsim/permsim/engine/claude"
	"github.com/permsim/permsim/engine/codex"
	"github.com/permsim/permsim/engine/codey"
	"github.com/permsim/permsim/engine/cursor"
	"github.com/permsim/permsim/engine/gemini"
	"github.com/permsim/permsim/engine/opencode"
)

// The simulators, built here because check is handed them (cmd/permsim
// takes them from the registry, which only cmd may import).
func simulators() []engine.Harness {
	return []engine.Harness{claude.New(), codex.New(), gemini.New(), opencode.New(), cursor.New(), codey.New()}
}

func TestIsAgentFile(t *testing.T) {
	for _, tc := range []struct {
		path string
		want bool
	}{
		{".claude/settings.json", true},
		{"pkg/web/.claude/settings.local.json", true},
		{".codex/rules/default.rules", true},
		{".gemini/policies/team.toml", true},
		{".cursor/hooks.json", true},
		{".opencode/plugins/guard.ts", true},
		{"opencode.json", true},
		{"sub/opencode.jsonc", true},
		{".mcp.json", true},
		{"CLAUDE.md", true},
		{"docs/guide.MD", true},
		{"AGENTS.md", true},
		{"main.go", false},
		{".github/workflows/ci.yml", false},
		{"claude/settings.json", false},
		{"settings.json", false},
	} {
		if got := IsAgentFile(tc.path); got != tc.want {
			t.Errorf("IsAgentFile(%q) = %v, want %v", tc.path, got, tc.want)
		}
	}
}

func TestRuleLine(t *testing.T) {
	settings := []byte("{\n  \"permissions\": {\n    \"allow\": [\n      \"Bash(npm test)\",\n      \"Bash(rm:*)\"\n    ],\n    \"deny\": []\n  }\n}\n")
	starlark := []byte("# team rules\nprefix_rule(\n    pattern = [\"terraform\", \"destroy\"],\n    decision = \"allow\",\n)\n")
	for _, tc := range []struct {
		name       string
		data       []byte
		list, text string
		want       int
	}{
		{"a JSON rule by its quoted text", settings, "allow", "Bash(rm:*)", 5},
		{"not a prefix of a longer rule", settings, "allow", "Bash(npm test)", 4},
		{"a rule not there: its list", settings, "deny", "Read(./.env)", 7},
		{"a rewritten rule: its longest word", starlark, "allow", "terraform destroy", 3},
		{"nothing found: the file", []byte("{}\n"), "", "x", 1},
		{"no file", nil, "allow", "x", 0},
	} {
		if got := ruleLine(tc.data, tc.list, tc.text); got != tc.want {
			t.Errorf("%s: ruleLine = %d, want %d", tc.name, got, tc.want)
		}
	}
}

// fixtureBase copies testdata/check/base (the fixture repository's base
// revision) into a folder of its own with an empty .git, as check reads a
// revision.
func fixtureBase(tb testing.TB) string {
	tb.Helper()
	dir := tb.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "testdata", "check", "base"))); err != nil {
		tb.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		tb.Fatal(err)
	}
	return dir
}

// BenchmarkBatteryOneConfiguration is what check pays per harness and
// mode on each revision (issue 32: "the battery for one configuration in
// well under a second per harness"): every built-in case decided in the
// settings' own mode of the fixture repository's base files, the policy
// loaded once.
func BenchmarkBatteryOneConfiguration(b *testing.B) {
	dir := fixtureBase(b)
	home := b.TempDir()
	cases, _ := battery.Builtin()
	yes := true
	for _, h := range simulators() {
		b.Run(h.Name(), func(b *testing.B) {
			pol, err := h.Load(engine.Env{ProjectDir: dir, HomeDir: home, Trust: &yes})
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				battery.Score(pol, h.Name(), "", cases, dir, home)
			}
		})
	}
}

// BenchmarkCheckFixture is one whole check of the fixture repository's
// broad-allow change: both revisions out of git, every harness in every
// mode, the audit, the diff.
func BenchmarkCheckFixture(b *testing.B) {
	if _, err := exec.LookPath("git"); err != nil {
		b.Skip("git is not installed")
	}
	repo := filepath.Join(b.TempDir(), "repo")
	cmd := exec.Command("sh", filepath.Join("..", "testdata", "check", "mkrepo.sh"), repo)
	cmd.Env = append(os.Environ(), "HOME="+b.TempDir(), "GIT_CONFIG_GLOBAL=/dev/null")
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("mkrepo.sh: %v\n%s", err, out)
	}
	for b.Loop() {
		if _, err := Run(Options{Dir: repo, Base: "main", Head: "broad-allow", Harnesses: simulators()}); err != nil {
			b.Fatal(err)
		}
	}
}

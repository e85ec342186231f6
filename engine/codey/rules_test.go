package codey

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/permsim/permsim/engine"
)

// findInfo returns the RuleInfo for rule text under list, or fails.
func findInfo(t *testing.T, infos []engine.RuleInfo, list, text string) engine.RuleInfo {
	t.Helper()
	for _, in := range infos {
		if in.List == list && in.Rule == text {
			return in
		}
	}
	t.Fatalf("no %s entry %q in Rules(): %+v", list, text, infos)
	return engine.RuleInfo{}
}

// "/allowed lists every rule under the file it came from, and says which
// are in force and why the others are not."
func TestSeedAllowedListsEveryRule(t *testing.T) {
	p, d := build(t, setup{trust: no,
		user:    perms(`"allow": ["Bash(npm test)"], "deny": ["NotebookEdit"]`),
		project: perms(`"allow": ["Bash(rm *)"], "ask": ["Bash(git push *)"]`),
		local:   perms(`"allow": ["Read(//srv/**)"]`)})
	infos := p.Rules()
	user := filepath.Join(d.home, ".claude", "settings.json")
	proj := filepath.Join(d.project, ".claude", "settings.json")
	local := filepath.Join(d.project, ".claude", "settings.local.json")
	for _, c := range []struct {
		list, rule, file string
		inForce          bool
		why              string
	}{
		{"allow", "Bash(npm test)", user, true, ""},
		{"deny", "NotebookEdit", user, false, "Codey has no tool NotebookEdit"},
		{"allow", "Bash(rm *)", proj, false, "waits for the trust question"},
		{"ask", "Bash(git push *)", proj, true, ""},
		{"allow", "Read(//srv/**)", local, true, ""},
	} {
		in := findInfo(t, infos, c.list, c.rule)
		if in.File != c.file || in.InForce != c.inForce || !strings.Contains(in.Why, c.why) {
			t.Errorf("%s %s: got file %s in force %v why %q; want %s %v %q", c.list, c.rule, in.File, in.InForce, in.Why, c.file, c.inForce, c.why)
		}
	}
	// "in the order Claude Code reads them": user, repository, local.
	var order []string
	for _, in := range infos {
		if len(order) == 0 || order[len(order)-1] != in.Layer {
			order = append(order, in.Layer)
		}
	}
	if strings.Join(order, ",") != "user,project,local" {
		t.Errorf("files listed in order %v, want user,project,local", order)
	}
}

// "A rule naming a tool Codey does not have, or written in a form it does
// not understand, is reported at startup and takes no part."
func TestSeedUnknownRulesReported(t *testing.T) {
	p, _ := build(t, setup{user: perms(`"deny": ["Agent(reviewer)", "WebFetch(https://x)", "Read(!src/**)", "mcp__gh(x)"], "allow": ["LS"]`)})
	probs := strings.Join(p.Problems(), "\n")
	for _, r := range []string{"Agent(reviewer)", "WebFetch(https://x)", "Read(!src/**)", "mcp__gh(x)", "LS"} {
		if !strings.Contains(probs, r) {
			t.Errorf("%s not reported at startup; problems:\n%s", r, probs)
		}
		if in := findInfo(t, p.Rules(), map[bool]string{true: "allow", false: "deny"}[r == "LS"], r); in.InForce {
			t.Errorf("%s in force", r)
		}
	}
	if len(p.deny)+len(p.allow) != 0 {
		t.Errorf("rules taking part: deny %d allow %d", len(p.deny), len(p.allow))
	}
}

// "The other modes are ignored with a notice, from every file" and the
// table's "ignored" defaultMode of the repository's file.
func TestSeedModeNotices(t *testing.T) {
	p, _ := build(t, setup{trust: yes,
		user:    `{"permissions":{"defaultMode":"bypassPermissions"}}`,
		project: `{"permissions":{"defaultMode":"acceptEdits"}}`,
		local:   `{"permissions":{"defaultMode":"plan"}}`})
	if p.mode != ModeDefault {
		t.Errorf("mode %s, want default", p.mode)
	}
	dec := p.Decide(bash("ls"), "")
	notes := strings.Join(dec.Notes, "\n")
	for _, w := range []string{"bypassPermissions is ignored", "the repository's defaultMode is ignored", `"plan": Codey has no mode plan`} {
		if !strings.Contains(notes, w) {
			t.Errorf("no notice %q in %q", w, notes)
		}
	}
	if in := findInfo(t, p.Rules(), "defaultMode", "bypassPermissions"); in.InForce || !strings.Contains(in.Why, "-yolo") {
		t.Errorf("bypassPermissions listed as %+v", in)
	}
}

// "What is not carried over, so nobody has to find out the hard way:" each
// item is listed by Rules() as ignored with the seed's reason.
func TestSeedNotCarriedOver(t *testing.T) {
	p, _ := build(t, setup{
		user: `{"model": "opus", "env": {"X": "1"}, "apiKeyHelper": "/bin/key", "statusLine": {}, "outputStyle": "x", "cleanupPeriodDays": 3,
		        "enabledMcpjsonServers": ["github"], "enableAllProjectMcpServers": true,
		        "permissions": {"additionalDirectories": ["../shared"]}}`,
		project: `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./guard.sh"}]}]}}`,
		files:   map[string]string{"{P}/.claude/rules/style.md": "Use tabs."}})
	infos := p.Rules()
	for _, c := range []struct{ list, rule, why string }{
		{"setting", "hooks", "Codey's hooks watch and cannot veto"},
		{"setting", "hooks", "would silently block nothing here"},
		{"setting", "model", "non-permission setting"},
		{"setting", "env", "non-permission setting"},
		{"setting", "apiKeyHelper", "non-permission setting"},
		{"setting", "statusLine", "non-permission setting"},
		{"setting", "outputStyle", "non-permission setting"},
		{"setting", "cleanupPeriodDays", "non-permission setting"},
		{"setting", "enabledMcpjsonServers", "approved by name"},
		{"setting", "enableAllProjectMcpServers", "exact definitions"},
		{"additionalDirectories", "../shared", "working root as their only root"},
		{"rules-dir", ".claude/rules/", "not carried over"},
	} {
		in := findInfo(t, infos, c.list, c.rule)
		if in.InForce || !strings.Contains(in.Why, c.why) {
			t.Errorf("%s %s: %+v, want not in force, why holding %q", c.list, c.rule, in, c.why)
		}
	}
	// Hooks watch and cannot veto: a project hook that would block in
	// Claude Code does not change Codey's decision.
	if got := p.Decide(bash("rm -rf build"), ModeYolo); got.Outcome != engine.Runs {
		t.Errorf("hook changed Codey's decision: %+v", got)
	}
}

// "…none of it is copied anywhere or written back: change it in Claude
// Code and the next start here sees the change."
func TestSeedReadsLiveNoCopy(t *testing.T) {
	p, d := build(t, setup{user: perms(`"deny": ["Bash(make *)"]`)})
	if got := p.Decide(bash("make"), ModeYolo); got.Outcome != engine.Blocked {
		t.Fatalf("before: %s", got.Outcome)
	}
	before := snapshot(t, filepath.Dir(d.home))
	path := filepath.Join(d.home, ".claude", "settings.json")
	if err := os.WriteFile(path, []byte(perms(`"allow": ["Bash(make *)"]`)), 0o644); err != nil {
		t.Fatal(err)
	}
	p2, err := New().Load(engine.Env{ProjectDir: d.project, HomeDir: d.home})
	if err != nil {
		t.Fatal(err)
	}
	if got := p2.Decide(bash("make"), ""); got.Outcome != engine.Runs {
		t.Errorf("next start did not see the change: %s", got.Outcome)
	}
	after := snapshot(t, filepath.Dir(d.home))
	delete(before, path)
	delete(after, path)
	if len(before) != len(after) {
		t.Errorf("files written by Load: before %d after %d", len(before), len(after))
	}
}

func snapshot(t *testing.T, root string) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	err := filepath.Walk(root, func(p string, info os.FileInfo, err error) error {
		if err == nil {
			out[p] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// A machine where git cannot answer: the local file is treated as the
// repository's rather than guessed from its name.
func TestTrackedGitFails(t *testing.T) {
	root := t.TempDir()
	proj := filepath.Join(root, "p")
	for _, f := range []string{filepath.Join(proj, ".git", "HEAD"), filepath.Join(proj, ".claude", "settings.local.json")} {
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(proj, ".claude", "settings.local.json"), []byte(perms(`"allow": ["Bash(make)"]`)), 0o644); err != nil {
		t.Fatal(err)
	}
	h := &Harness{tracked: func(string, string) (bool, error) { return false, os.ErrPermission }}
	pol, err := h.Load(engine.Env{ProjectDir: proj, HomeDir: root, Trust: no})
	if err != nil {
		t.Fatal(err)
	}
	if got := pol.Decide(bash("make"), ""); got.Outcome != engine.Asks {
		t.Errorf("got %s, want asks", got.Outcome)
	}
	if len(pol.Problems()) == 0 {
		t.Error("no problem reported")
	}
}

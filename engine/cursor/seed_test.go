package cursor

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/hooks"
)

// Each test names the sentence of the seed's Cursor section
// (shared/seeds/002_1f491ee38a52aff9.txt) it checks. No Cursor CLI can be
// run here: the expected values come from the seed's sentences and
// Cursor's public CLI permissions page, not from a recording.

func setup(t *testing.T, user, project string) (*Policy, string) {
	t.Helper()
	root := t.TempDir()
	home, proj := filepath.Join(root, "home"), filepath.Join(root, "home", "proj")
	w := func(p, s string) {
		if s == "" {
			return
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	w(filepath.Join(home, ".cursor", "cli-config.json"), user)
	w(filepath.Join(proj, ".cursor", "cli.json"), project)
	if err := os.MkdirAll(proj, 0o755); err != nil {
		t.Fatal(err)
	}
	p, err := New().Load(engine.Env{ProjectDir: proj, HomeDir: home})
	if err != nil {
		t.Fatal(err)
	}
	return p.(*Policy), proj
}

func sh(c string) engine.Call {
	return engine.Call{Tool: engine.ToolBash, RawTool: "Shell", Command: c}
}
func rd(p string) engine.Call {
	return engine.Call{Tool: engine.ToolRead, RawTool: "Read", Paths: []string{p}}
}
func wr(p string) engine.Call {
	return engine.Call{Tool: engine.ToolWrite, RawTool: "Write", Paths: []string{p}}
}
func check(t *testing.T, p *Policy, c engine.Call, want engine.Outcome) {
	t.Helper()
	d := p.Decide(c, "")
	if d.Outcome != want {
		t.Errorf("%s %q %v: got %s (%s), want %s", c.RawTool, c.Command, c.Paths, d.Outcome, d.Step, want)
	}
	if d.Label != engine.Label {
		t.Errorf("label %q, want %q", d.Label, engine.Label)
	}
}

// Seed: "`~/.cursor/cli-config.json` and the project's `.cursor/cli.json`:
// `Shell(name)` matches the first word of a command (globs allowed;
// `Shell(curl:*)` adds an argument pattern)".
func TestSeedShellFirstWordGlobsAndArgs(t *testing.T) {
	p, _ := setup(t, `{"permissions": {"allow": ["Shell(ls)", "Shell(git*)"], "deny": []}}`,
		`{"permissions": {"allow": ["Shell(curl:https://api.example.com/*)"], "deny": ["Shell(npm:publish*)"]}}`)
	check(t, p, sh("ls -la"), engine.Runs)
	check(t, p, sh("git push origin main"), engine.Runs)
	check(t, p, sh("gitk"), engine.Runs)
	check(t, p, sh("curl https://api.example.com/v1"), engine.Runs)
	check(t, p, sh("curl https://evil.example.net"), engine.Asks)
	check(t, p, sh("npm publish --tag x"), engine.Blocked)
	check(t, p, sh("npm test"), engine.Asks)
}

// Seed: "`Read(glob)` and `Write(glob)` match paths, relative ones from
// the project."
func TestSeedReadWriteGlobsRelativeToProject(t *testing.T) {
	p, proj := setup(t, "", `{"permissions": {"allow": ["Write(src/**/*.ts)"], "deny": ["Read(.env*)", "Write(**/*.key)"]}}`)
	check(t, p, wr(filepath.Join(proj, "src/a/b.ts")), engine.Runs)
	check(t, p, wr(filepath.Join(proj, "src/b.js")), engine.Asks)
	check(t, p, wr(filepath.Join(proj, "deep/x/server.key")), engine.Blocked)
	check(t, p, rd(filepath.Join(proj, ".env.local")), engine.Blocked)
	check(t, p, rd(filepath.Join(proj, "sub/.env")), engine.Runs) // relative to the project root only
}

// Seed: "Deny beats allow."
func TestSeedDenyBeatsAllow(t *testing.T) {
	p, proj := setup(t, `{"permissions": {"allow": ["Shell(rm)", "Write(**)"]}}`, `{"permissions": {"deny": ["Shell(rm)", "Write(secrets/**)"]}}`)
	check(t, p, sh("rm -rf build"), engine.Blocked)
	check(t, p, wr(filepath.Join(proj, "secrets/a")), engine.Blocked)
	check(t, p, wr(filepath.Join(proj, "a")), engine.Runs)
}

// Seed: "Reads run, shell commands and writes without an allow rule ask."
func TestSeedDefaults(t *testing.T) {
	p, proj := setup(t, "", "")
	check(t, p, rd(filepath.Join(proj, "a.txt")), engine.Runs)
	check(t, p, rd("/etc/passwd"), engine.Runs)
	check(t, p, sh("ls"), engine.Asks)
	check(t, p, wr(filepath.Join(proj, "a.txt")), engine.Asks)
}

// Seed: "**Assumption**: each command in a chain is checked on its own."
func TestSeedChainEachCommand(t *testing.T) {
	p, _ := setup(t, `{"permissions": {"allow": ["Shell(ls)", "Shell(git)"], "deny": ["Shell(rm)"]}}`, "")
	check(t, p, sh("ls && git status"), engine.Runs)
	check(t, p, sh("ls && make"), engine.Asks)
	check(t, p, sh("ls; rm -rf x"), engine.Blocked)
	check(t, p, sh("git log | rm x"), engine.Blocked)
	d := p.Decide(sh("ls; rm -rf x"), "")
	if !strings.Contains(strings.Join(d.Notes, " "), "assumption") {
		t.Errorf("the assumption is not labelled: %v", d.Notes)
	}
}

// Seed: "The IDE keeps its command allowlist inside the app, where the
// tester cannot read it." And hooks are listed (not run by this
// simulator).
func TestSeedIDEAllowlistAndHooksListed(t *testing.T) {
	p, proj := setup(t, "", "")
	if err := os.WriteFile(filepath.Join(proj, ".cursor", "hooks.json"), []byte(`{"version":1,"hooks":{"beforeShellExecution":[{"command":"./guard.sh"}]}}`), 0o644); err != nil {
		if err := os.MkdirAll(filepath.Join(proj, ".cursor"), 0o755); err != nil {
			t.Fatal(err)
		}
		_ = os.WriteFile(filepath.Join(proj, ".cursor", "hooks.json"), []byte(`{"version":1,"hooks":{"beforeShellExecution":[{"command":"./guard.sh"}]}}`), 0o644)
	}
	pol, err := New().Load(engine.Env{ProjectDir: proj, HomeDir: p.home})
	if err != nil {
		t.Fatal(err)
	}
	var ide, hook bool
	for _, r := range pol.Rules() {
		ide = ide || (r.Layer == "ide" && strings.Contains(r.Why, "cannot read"))
		hook = hook || (r.List == "hook" && strings.Contains(r.Rule, "beforeShellExecution"))
	}
	if !ide || !hook {
		t.Errorf("rules %+v: want the IDE allowlist note and the hook listed", pol.Rules())
	}
}

// Seed: "Hooks in `.cursor/hooks.json` and the user folder: `preToolUse`
// (tool names `Shell`, `Read`, `Write`), `beforeShellExecution` (matched
// against the command text), and `beforeReadFile`. Exit 2 or `permission:
// "deny"` blocks; invalid JSON on exit 0 blocks; crashes, timeouts, and
// other exit codes let the call through unless `failClosed` is set; `ask`
// is not enforced on `preToolUse`."
func TestSeedHooks(t *testing.T) {
	root := t.TempDir()
	home, proj := filepath.Join(root, "home"), filepath.Join(root, "home", "proj")
	if err := os.MkdirAll(filepath.Join(proj, ".cursor"), 0o755); err != nil {
		t.Fatal(err)
	}
	hooksJSON := `{"version": 1, "hooks": {
	  "beforeShellExecution": [
	    {"command": "exit 2", "matcher": "rm -rf"},
	    {"command": "echo '{\"permission\": \"deny\"}'", "matcher": "^git push"},
	    {"command": "echo not-json", "matcher": "^curl"},
	    {"command": "exit 3", "matcher": "^make"},
	    {"command": "exit 3", "matcher": "^npm", "failClosed": true},
	    {"command": "echo '{\"permission\": \"ask\"}'", "matcher": "^python"}
	  ],
	  "preToolUse": [
	    {"command": "echo '{\"permission\": \"ask\"}'", "matcher": "Write"}
	  ],
	  "beforeReadFile": [
	    {"command": "exit 2", "matcher": "secret"}
	  ]}}`
	if err := os.WriteFile(filepath.Join(proj, ".cursor", "hooks.json"), []byte(hooksJSON), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(proj, ".cursor", "cli.json"), []byte(`{"permissions": {"allow": ["Shell(**)", "Write(**)"]}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	pol, err := (&Harness{Runner: hooks.NewRunner(hooks.Limits{Timeout: 10 * time.Second})}).Load(engine.Env{ProjectDir: proj, HomeDir: home, RunHooks: true})
	if err != nil {
		t.Fatal(err)
	}
	p := pol.(*Policy)
	check(t, p, sh("rm -rf build"), engine.Blocked)            // exit 2
	check(t, p, sh("git push origin main"), engine.Blocked)    // permission deny
	check(t, p, sh("curl https://x"), engine.Blocked)          // invalid JSON on exit 0
	check(t, p, sh("make"), engine.Runs)                       // other exit code lets it through
	check(t, p, sh("npm test"), engine.Blocked)                // ... unless failClosed
	check(t, p, sh("python3 x.py"), engine.Asks)               // ask on beforeShellExecution
	check(t, p, wr(filepath.Join(proj, "a.txt")), engine.Runs) // ask not enforced on preToolUse
	check(t, p, rd(filepath.Join(proj, "secret.txt")), engine.Blocked)
	check(t, p, rd(filepath.Join(proj, "a.txt")), engine.Runs)
	// Without running hooks they are listed, and the rules alone decide.
	pol2, _ := New().Load(engine.Env{ProjectDir: proj, HomeDir: home})
	check(t, pol2.(*Policy), sh("rm -rf build"), engine.Runs)
}

// Seed: "`Shell(name)` matches the first word of a command … `Read(glob)`
// and `Write(glob)`": each takes a pattern. A bare "Shell" (found by
// FuzzLoadConfig: it reached the matcher with no pattern and panicked) is
// listed as a problem and left out; the call falls to the default (asks).
func TestBareShellRuleIsAProblem(t *testing.T) {
	p, _ := setup(t, "", `{"permissions": {"allow": ["Shell", "Read"]}}`)
	check(t, p, sh("ls"), engine.Asks)
	if probs := p.Problems(); len(probs) != 2 || !strings.Contains(probs[0], "Shell needs a pattern") {
		t.Errorf("problems %q, want one per bare rule", probs)
	}
}

// After two timeouts a hook is not run again (issue 12: "no rerun after two
// timeouts … say so once, rather than turning every later call into unknown
// without a word"). The later calls it guards stay unknown: a hook that is
// not run must not let them through as if it had allowed them.
func TestHookNotRunAgainStaysUnknown(t *testing.T) {
	root := t.TempDir()
	home, proj := filepath.Join(root, "home"), filepath.Join(root, "home", "proj")
	if err := os.MkdirAll(filepath.Join(proj, ".cursor"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(proj, ".cursor", "hooks.json"), []byte(`{"version": 1, "hooks": {"beforeShellExecution": [{"command": "sleep 30"}]}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(proj, ".cursor", "cli.json"), []byte(`{"permissions": {"allow": ["Shell(**)"]}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	runner := hooks.NewRunner(hooks.Limits{Timeout: 200 * time.Millisecond, Sandbox: hooks.SandboxOff})
	pol, err := (&Harness{Runner: runner}).Load(engine.Env{ProjectDir: proj, HomeDir: home, RunHooks: true})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		if d := pol.Decide(sh("ls"), ""); d.Outcome != engine.Unknown {
			t.Errorf("call %d: %s at %q, want unknown (notes %v)", i+1, d.Outcome, d.Step, d.Notes)
		}
	}
}

// Seed: "Cursor also loads Claude Code hooks from `.claude/settings*.json`
// and the user settings file by default, but its shell tool is named
// `Shell`, so a `Bash` matcher never fires there." A Claude Code
// PreToolUse hook runs as Cursor's preToolUse, its matcher against
// Cursor's tool names, and its answer read as a Cursor hook's.
func TestSeedClaudeCodeHooks(t *testing.T) {
	root := t.TempDir()
	home, proj := filepath.Join(root, "home"), filepath.Join(root, "home", "proj")
	files := map[string]string{
		// A Bash matcher never fires: the tool is Shell.
		filepath.Join(proj, ".claude", "settings.json"): `{"hooks": {"PreToolUse": [
		  {"matcher": "Bash", "hooks": [{"type": "command", "command": "exit 2"}]},
		  {"matcher": "Shell", "hooks": [{"type": "command", "command": "echo '{\"permission\": \"deny\"}'"}]}]}}`,
		filepath.Join(proj, ".claude", "settings.local.json"): `{"hooks": {"PreToolUse": [
		  {"matcher": "Write|Edit", "hooks": [{"type": "command", "command": "exit 2"}]}]}}`,
		filepath.Join(home, ".claude", "settings.json"): `{"hooks": {"PreToolUse": [
		  {"matcher": "Read", "hooks": [{"type": "command", "command": "exit 2"}]}],
		  "PostToolUse": [{"matcher": "*", "hooks": [{"type": "command", "command": "exit 2"}]}]}}`,
		filepath.Join(proj, ".cursor", "cli.json"): `{"permissions": {"allow": ["Shell(**)", "Write(**)"]}}`,
	}
	for p, s := range files {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	pol, err := (&Harness{Runner: hooks.NewRunner(hooks.Limits{Timeout: 10 * time.Second})}).Load(engine.Env{ProjectDir: proj, HomeDir: home, RunHooks: true})
	if err != nil {
		t.Fatal(err)
	}
	p := pol.(*Policy)
	check(t, p, sh("ls"), engine.Blocked)                         // the Shell matcher's deny; Bash's exit 2 never ran
	check(t, p, wr(filepath.Join(proj, "a.txt")), engine.Blocked) // settings.local.json
	check(t, p, rd(filepath.Join(proj, "a.txt")), engine.Blocked) // the user settings file
	d := p.Decide(sh("ls"), "")
	if d.Rule == nil || d.Rule.File != filepath.Join(proj, ".claude", "settings.json") {
		t.Errorf("shell decided by %+v, want the hook of .claude/settings.json", d.Rule)
	}
	listed := 0
	for _, r := range p.Rules() {
		if r.List == "hook" && strings.Contains(r.File, ".claude") {
			listed++
		}
	}
	if listed != 5 {
		t.Errorf("listed %d Claude Code hooks, want 5 (PostToolUse listed, not run): %+v", listed, p.Rules())
	}
	// Without running hooks they are listed, and the rules alone decide.
	pol2, _ := New().Load(engine.Env{ProjectDir: proj, HomeDir: home})
	check(t, pol2.(*Policy), sh("ls"), engine.Runs)
}

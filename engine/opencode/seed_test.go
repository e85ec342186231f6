package opencode

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/permsim/permsim/engine"
)

// Each test below names the sentence of the seed's OpenCode section
// (shared/seeds/002_1f491ee38a52aff9.txt) it checks, or the behaviour of
// the real OpenCode 1.18.33 where that departs from the seed
// (docs/opencode-differences.md).

type fixture struct {
	t          *testing.T
	home, proj string
	flags      map[string]string
}

func newFixture(t *testing.T, git bool) *fixture {
	t.Helper()
	root := t.TempDir()
	f := &fixture{t: t, home: filepath.Join(root, "home"), proj: filepath.Join(root, "home", "proj"), flags: map[string]string{}}
	if err := os.MkdirAll(f.proj, 0o755); err != nil {
		t.Fatal(err)
	}
	if git {
		f.write(f.proj, ".git/HEAD", "ref: refs/heads/main\n")
	}
	return f
}

func (f *fixture) write(base, rel, content string) {
	f.t.Helper()
	p := filepath.Join(base, rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		f.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		f.t.Fatal(err)
	}
}

func (f *fixture) global(content string) { f.write(f.home, ".config/opencode/opencode.json", content) }
func (f *fixture) project(rel, content string) {
	f.write(f.proj, rel, content)
}

func (f *fixture) load() *Policy {
	f.t.Helper()
	p, err := load(engine.Env{ProjectDir: f.proj, HomeDir: f.home, Flags: f.flags})
	if err != nil {
		f.t.Fatal(err)
	}
	return p
}

func bash(cmd string) engine.Call {
	return engine.Call{Tool: engine.ToolBash, RawTool: "bash", Input: map[string]any{"command": cmd}}
}
func read(p string) engine.Call {
	return engine.Call{Tool: engine.ToolRead, RawTool: "read", Input: map[string]any{"filePath": p}}
}
func write(p string) engine.Call {
	return engine.Call{Tool: engine.ToolWrite, RawTool: "write", Input: map[string]any{"filePath": p, "content": "x"}}
}

func expect(t *testing.T, p *Policy, c engine.Call, mode engine.Mode, want engine.Outcome) engine.Decision {
	t.Helper()
	d := p.Decide(c, mode)
	if d.Outcome != want {
		t.Errorf("%s %v in %q: got %s (%s: %s), want %s", c.RawTool, c.Input, mode, d.Outcome, d.Step, d.Reason, want)
	}
	if d.Label != engine.Label {
		t.Errorf("label %q", d.Label)
	}
	return d
}

// Seed: "`permission` in `opencode.json` or `opencode.jsonc`: global, then
// the `OPENCODE_CONFIG` file, then the project's `opencode.json` and
// `.opencode/` folder, merged by key."
func TestSeedLayersMergedByKey(t *testing.T) {
	f := newFixture(t, true)
	f.global(`{"permission": {"bash": {"*": "ask", "git *": "allow"}, "webfetch": "deny"}}`)
	custom := filepath.Join(f.home, "custom.json")
	f.write(f.home, "custom.json", `{"permission": {"bash": {"npm *": "allow"}}}`)
	f.flags[FlagConfig] = custom
	f.project("opencode.jsonc", `{
	  // JSONC: comments and trailing commas
	  "permission": {"bash": {"git push *": "deny",},},
	}`)
	f.project(".opencode/opencode.json", `{"permission": {"webfetch": "allow"}}`)
	p := f.load()
	if probs := p.Problems(); len(probs) > 0 {
		t.Fatalf("problems: %v", probs)
	}
	expect(t, p, bash("git status"), "", engine.Runs)              // global allow kept
	expect(t, p, bash("npm test"), "", engine.Runs)                // OPENCODE_CONFIG adds a key
	expect(t, p, bash("git push origin main"), "", engine.Blocked) // project key added after: last match wins
	expect(t, p, bash("make"), "", engine.Asks)                    // global "*" still there
	// .opencode/opencode.json comes after the project file and replaces
	// the global webfetch deny.
	expect(t, p, engine.Call{Tool: engine.ToolWebFetch, RawTool: "webfetch", Input: map[string]any{"url": "https://example.com"}}, "", engine.Runs)
}

// Seed: "merged by key": a key set again keeps its first place, so a
// later file cannot move a rule after another one by repeating it.
func TestSeedMergeKeepsFirstKeyPlace(t *testing.T) {
	f := newFixture(t, true)
	f.global(`{"permission": {"bash": {"rm *": "deny", "*": "allow"}}}`)
	f.project("opencode.json", `{"permission": {"bash": {"rm *": "deny"}}}`)
	p := f.load()
	// "rm *" stays first, "*": allow after it still wins.
	expect(t, p, bash("rm -rf build"), "", engine.Runs)
}

// Seed: "The last matching pattern wins, so a "*" catch-all listed after a
// deny cancels it; the tester flags that."
func TestSeedLastMatchWinsAndCatchAllFlagged(t *testing.T) {
	f := newFixture(t, true)
	f.project("opencode.json", `{"permission": {"bash": {"git push *": "deny", "*": "allow"}, "edit": {"*": "ask", "src/*": "allow"}}}`)
	p := f.load()
	expect(t, p, bash("git push origin main"), "", engine.Runs)
	expect(t, p, write(filepath.Join(f.proj, "src/a.go")), "", engine.Runs)
	expect(t, p, write(filepath.Join(f.proj, "README.md")), "", engine.Asks)
	var flagged bool
	for _, r := range p.Rules() {
		if strings.Contains(r.Rule, `"git push *"`) {
			flagged = !r.InForce && strings.Contains(r.Why, "cancelled")
		}
	}
	if !flagged {
		t.Errorf("the deny cancelled by a later \"*\" is not flagged: %+v", p.Rules())
	}
}

// Seed: "`*` matches any text and `?` one character."
func TestSeedStarAndQuestionMark(t *testing.T) {
	for _, c := range []struct {
		text, pattern string
		want          bool
	}{
		{"git status", "git *", true},
		{"git", "git *", true}, // OpenCode 1.18.33: a trailing " *" is optional
		{"gitx", "git *", false},
		{"ls -la", "ls?-la", true},
		{"ls  -la", "ls?-la", false},
		{"src/a/b.go", "src/*", true}, // * crosses slashes
		{"echo a\nb", "echo *", true}, // and newlines
		{"a.txt", "?.txt", true},
		{"ab.txt", "?.txt", false},
		{"x(1)+[y]", "x(1)+[y]", true}, // regexp characters are literal
	} {
		if got := match(c.text, c.pattern); got != c.want {
			t.Errorf("match(%q, %q) = %v, want %v", c.text, c.pattern, got, c.want)
		}
	}
}

// Seed: "Defaults: most tools run without asking; reading `.env` and
// `.env.*` is denied except `.env.example`; paths outside the project ask
// (`external_directory`)." The real OpenCode 1.18.33 asks for .env instead
// of denying (recorded; docs/opencode-differences.md).
func TestSeedDefaults(t *testing.T) {
	f := newFixture(t, true)
	p := f.load()
	expect(t, p, bash("rm -rf build"), "", engine.Runs)
	expect(t, p, write(filepath.Join(f.proj, "a.txt")), "", engine.Runs)
	expect(t, p, read(filepath.Join(f.proj, "a.txt")), "", engine.Runs)
	expect(t, p, read(filepath.Join(f.proj, ".env")), "", engine.Asks)
	expect(t, p, read(filepath.Join(f.proj, "config/.env.production")), "", engine.Asks)
	expect(t, p, read(filepath.Join(f.proj, ".env.example")), "", engine.Runs)
	expect(t, p, read("/etc/hostname"), "", engine.Asks)
	expect(t, p, write(filepath.Join(f.home, "other/x.txt")), "", engine.Asks)
	expect(t, p, bash("cat /etc/passwd"), "", engine.Asks)
}

// Seed: "Shell rules match each parsed command. Assumption: the tester
// splits compound commands the way it does for Claude Code".
func TestSeedShellEachCommand(t *testing.T) {
	f := newFixture(t, true)
	f.project("opencode.json", `{"permission": {"bash": {"*": "ask", "git status": "allow", "ls *": "allow", "rm *": "deny"}}}`)
	p := f.load()
	expect(t, p, bash("git status && ls -la"), "", engine.Runs)
	expect(t, p, bash("git status && make"), "", engine.Asks)
	expect(t, p, bash("ls | rm -rf x"), "", engine.Blocked)
	expect(t, p, bash("echo $(rm -rf x)"), "", engine.Blocked)  // the substituted command is a command too
	expect(t, p, bash("cd src"), "", engine.Runs)               // cd alone asks nothing
	expect(t, p, bash("git status > out.txt"), "", engine.Asks) // the redirection is part of the command's text
}

// Seed: "Plugins in `.opencode/plugins/` are JavaScript or TypeScript
// code; they are listed, not run."
func TestSeedPluginsListed(t *testing.T) {
	f := newFixture(t, true)
	f.project(".opencode/plugins/guard.ts", "export const Guard = async () => ({})\n")
	f.project(".opencode/plugins/notes.txt", "not a plugin\n")
	p := f.load()
	var got []string
	for _, r := range p.Rules() {
		if r.List == "plugin" {
			got = append(got, r.Rule)
			if r.InForce || !strings.Contains(r.Why, "never run") {
				t.Errorf("plugin %s: %+v", r.Rule, r)
			}
		}
	}
	if len(got) != 1 || got[0] != "guard.ts" {
		t.Errorf("plugins listed: %v, want [guard.ts]", got)
	}
}

// Issue 10: agents (build, plan, custom) are the modes, and per-agent
// permission blocks apply to their agent only.
func TestAgentsAreModes(t *testing.T) {
	f := newFixture(t, true)
	f.project("opencode.json", `{"permission": {"bash": {"*": "allow"}},
	  "agent": {"review": {"mode": "primary", "permission": {"bash": {"*": "ask", "git diff*": "allow"}, "edit": "deny"}},
	            "build": {"permission": {"webfetch": "ask"}}}}`)
	p := f.load()
	modes := p.Modes()
	if len(modes) < 3 || modes[0] != "build" || modes[1] != "plan" || modes[2] != "review" {
		t.Errorf("modes %v, want build, plan, review", modes)
	}
	expect(t, p, write(filepath.Join(f.proj, "a.txt")), "plan", engine.Blocked) // plan denies edits
	expect(t, p, bash("make"), "plan", engine.Runs)                             // but not the shell
	expect(t, p, bash("make"), "review", engine.Asks)
	expect(t, p, bash("git diff HEAD"), "review", engine.Runs)
	expect(t, p, write(filepath.Join(f.proj, "a.txt")), "review", engine.Blocked)
	expect(t, p, engine.Call{Tool: engine.ToolWebFetch, RawTool: "webfetch", Input: map[string]any{"url": "https://x.test"}}, "build", engine.Asks)
	expect(t, p, engine.Call{Tool: engine.ToolWebFetch, RawTool: "webfetch", Input: map[string]any{"url": "https://x.test"}}, "review", engine.Runs)
}

// OpenCode 1.18.33: the config's permission comes after the plan agent's
// built-in edit deny, so a configured edit allow lets plan edit.
func TestPlanEditDenyOverriddenByConfig(t *testing.T) {
	f := newFixture(t, true)
	f.global(`{"permission": {"edit": "allow"}}`)
	p := f.load()
	expect(t, p, write(filepath.Join(f.proj, "a.txt")), "plan", engine.Runs)
}

// OpenCode 1.18.33: a folder outside git has the worktree "/", so file
// patterns are relative to "/" there.
func TestNoGitPatternsFromRoot(t *testing.T) {
	f := newFixture(t, false)
	f.project("opencode.json", `{"permission": {"edit": {"*": "ask", "src/*": "allow"}}}`)
	p := f.load()
	expect(t, p, write(filepath.Join(f.proj, "src/a.go")), "", engine.Asks)
}

// A file that does not parse is a problem naming file and line.
func TestBadConfigNamesFileAndLine(t *testing.T) {
	f := newFixture(t, true)
	f.project("opencode.json", "{\n  \"permission\": {\n    \"bash\": \"allow\",,\n  }\n}\n")
	p := f.load()
	probs := p.Problems()
	if len(probs) != 1 || !strings.Contains(probs[0], "opencode.json") || !strings.Contains(probs[0], "line 3") {
		t.Errorf("problems %v, want one naming opencode.json line 3", probs)
	}
}

// Recorded with the real OpenCode 1.18.33 (oc-shell-splitting): `time`
// is a command of its own there, so "time rm -rf build" is not matched by
// "rm *".
func TestTimeIsACommand(t *testing.T) {
	f := newFixture(t, true)
	f.project("opencode.json", `{"permission": {"bash": {"*": "allow", "rm *": "deny"}}}`)
	p := f.load()
	expect(t, p, bash("time rm -rf build"), "", engine.Runs)
	expect(t, p, bash("! rm -rf build"), "", engine.Blocked)
}

// A redirect after a timed command belongs to the timed statement
// (mvdan.cc/sh puts it there, never on the time clause's own statement),
// and the pattern is still the whole text up to its end.
func TestTimeKeepsItsRedirect(t *testing.T) {
	f := newFixture(t, true)
	f.project("opencode.json", `{"permission": {"bash": {"*": "ask", "time ls > out.txt 2>&1": "allow"}}}`)
	p := f.load()
	expect(t, p, bash("time ls > out.txt 2>&1"), "", engine.Runs)
	expect(t, p, bash("time ls > other.txt"), "", engine.Asks)
}

// Recorded with the real OpenCode 1.18.33 (oc-legacy-tools): the older
// `tools: {name: false}` switches remove the tool, also without any
// `permission` block.
func TestLegacyToolsSwitch(t *testing.T) {
	f := newFixture(t, true)
	f.project("opencode.json", `{"tools": {"bash": false, "write": false}}`)
	p := f.load()
	expect(t, p, bash("ls"), "", engine.Blocked)
	expect(t, p, write(filepath.Join(f.proj, "a.txt")), "", engine.Blocked)
	expect(t, p, read(filepath.Join(f.proj, "a.txt")), "", engine.Runs)
}

// Recorded with the real OpenCode 1.18.33 (oc-webfetch-rules): webfetch
// takes one action, not patterns; with patterns OpenCode refuses to start
// ("Configuration is invalid … Expected PermissionActionConfig").
func TestWebfetchPatternsRefused(t *testing.T) {
	f := newFixture(t, true)
	f.project("opencode.json", `{"permission": {"webfetch": {"*": "deny"}}}`)
	p := f.load()
	if probs := p.Problems(); len(probs) != 1 || !strings.Contains(probs[0], "refuses to start") {
		t.Errorf("problems %v, want one saying OpenCode refuses to start", probs)
	}
}

// `cd ~ && ls` asked in OpenCode 1.18.33 although ls* was allowed: cd's
// argument outside the project asks external_directory, as a file
// command's does, while cd itself is no bash pattern
// (testdata/opencode/realconfigs/coverage, ro-parse-jsonc#9).
func TestCdArgumentOutsideAsks(t *testing.T) {
	f := newFixture(t, true)
	f.global(`{"permission": {"bash": {"*": "ask", "ls*": "allow"}}}`)
	p := f.load()
	if d := p.Decide(bash("cd ~ && ls"), ""); d.Outcome != engine.Asks {
		t.Errorf("cd ~ && ls: %s (%s), want asks (external_directory)", d.Outcome, d.Reason)
	}
	if d := p.Decide(bash("cd src && ls"), ""); d.Outcome != engine.Runs {
		t.Errorf("cd src && ls: %s (%s), want runs", d.Outcome, d.Reason)
	}
}

// Recorded with the real OpenCode 1.18.33 (realconfigs/coverage,
// ro-br-deep): a config holding an object nested 205 deep (an agent's
// options) is read, and its permission rules apply; permsim skipped the
// whole file past 200 levels.
func TestDeeplyNestedConfigIsRead(t *testing.T) {
	deep := strings.Repeat(`{"a": `, 205) + "{}" + strings.Repeat("}", 205)
	f := newFixture(t, true)
	f.project("opencode.json", `{"agent": {"build": {"options": `+deep+`}}, "permission": {"bash": {"ls*": "deny"}}}`)
	p := f.load()
	if probs := p.Problems(); len(probs) > 0 {
		t.Errorf("problems %v, want none", probs)
	}
	expect(t, p, bash("ls"), "", engine.Blocked)
}

// Recorded with the real OpenCode 1.18.33: the file tools take `~` as a
// folder name, not the home (read "~" said "File not found:
// /home/user/proj/~", realconfigs/coverage ro-br-paths#3; read
// "~/other/notes.txt" said "File not found: /home/user/proj/~/other/notes.txt",
// ro-parse-jsonc#12), so such a path is inside the project and asks no
// external_directory.
func TestFilePathTildeIsLiteral(t *testing.T) {
	f := newFixture(t, true)
	f.project("opencode.json", `{"permission": {"external_directory": {"*": "deny"}, "read": {"*": "allow", "~*": "deny"}}}`)
	p := f.load()
	if d := expect(t, p, read("~/other/notes.txt"), "", engine.Blocked); d.Step != "read deny" {
		t.Errorf("read ~/other/notes.txt: step %q, want read deny (the path is the project's ~ folder)", d.Step)
	}
	if d := expect(t, p, read("~"), "", engine.Blocked); d.Step != "read deny" {
		t.Errorf("read ~: step %q, want read deny", d.Step)
	}
}

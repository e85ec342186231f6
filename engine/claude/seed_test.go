package claude

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/permsim/permsim/engine"
)

// setup describes one project laid out in a temp folder. Settings are JSON
// text; "{H}" and "{P}" in any text stand for the home and project folders.
type setup struct {
	user, project, local, managed string
	managedD                      map[string]string // managed-settings.d/<name> → JSON
	subdir                        bool              // the project is a subfolder of its git repository
	oldLocal                      string            // .claude/settings.local.json in that subfolder
	configDir                     bool              // user settings in $CLAUDE_CONFIG_DIR instead of ~/.claude
	trustRecord                   *bool             // written to ~/.claude.json
	trust                         *bool             // Env.Trust
	flags                         map[string]string
	files                         map[string]string // "{P}/x" or "{H}/x" → content
	links                         map[string]string // symlink → target
	hooks                         HookRunner
}

// dirs are the folders a setup was laid out in.
type dirs struct{ root, home, project, repo string }

func (d dirs) expand(s string) string {
	return strings.NewReplacer("{P}", d.project, "{H}", d.home, "{R}", d.repo).Replace(s)
}

func build(t testing.TB, s setup) (*Policy, dirs) {
	t.Helper()
	root := t.TempDir()
	d := dirs{root: root, home: filepath.Join(root, "home")}
	d.repo = filepath.Join(d.home, "repo")
	d.project = d.repo
	if s.subdir {
		d.project = filepath.Join(d.repo, "proj")
	}
	write := func(path, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(d.expand(text)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(d.repo, ".git", "hooks"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(d.project, 0o755); err != nil {
		t.Fatal(err)
	}
	userDir := filepath.Join(d.home, ".claude")
	env := engine.Env{ProjectDir: d.project, HomeDir: d.home, ManagedDir: filepath.Join(root, "managed"), Trust: s.trust, Flags: map[string]string{},
		RunHooks: s.hooks != nil}
	if s.configDir {
		userDir = filepath.Join(root, "config")
		env.ConfigDir = userDir
	}
	for k, v := range s.flags {
		env.Flags[k] = d.expand(v)
	}
	if s.user != "" {
		write(filepath.Join(userDir, "settings.json"), s.user)
	}
	if s.project != "" {
		write(filepath.Join(d.project, ".claude", "settings.json"), s.project)
	}
	if s.local != "" {
		write(filepath.Join(d.repo, ".claude", "settings.local.json"), s.local)
	}
	if s.oldLocal != "" {
		write(filepath.Join(d.project, ".claude", "settings.local.json"), s.oldLocal)
	}
	if s.managed != "" {
		write(filepath.Join(root, "managed", "managed-settings.json"), s.managed)
	}
	for name, text := range s.managedD {
		write(filepath.Join(root, "managed", "managed-settings.d", name), text)
	}
	if s.trustRecord != nil {
		rec, _ := json.Marshal(map[string]any{"projects": map[string]any{d.project: map[string]any{"hasTrustDialogAccepted": *s.trustRecord}}})
		write(filepath.Join(d.home, ".claude.json"), string(rec))
	}
	for path, text := range s.files {
		write(d.expand(path), text)
	}
	for link, target := range s.links {
		l := d.expand(link)
		if err := os.MkdirAll(filepath.Dir(l), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(d.expand(target), l); err != nil {
			t.Fatal(err)
		}
	}
	p, err := (&Harness{Hooks: s.hooks}).load(env)
	if err != nil {
		t.Fatal(err)
	}
	return p, d
}

// Calls, with "{P}" and "{H}" placeholders in paths and commands.
func sh(cmd string) engine.Call {
	return engine.Call{Tool: engine.ToolBash, RawTool: "Bash", Command: cmd}
}
func rd(path string) engine.Call {
	return engine.Call{Tool: engine.ToolRead, RawTool: "Read", Input: map[string]any{"file_path": path}}
}
func ed(path string) engine.Call {
	return engine.Call{Tool: engine.ToolEdit, RawTool: "Edit", Input: map[string]any{"file_path": path}}
}
func wr(path string) engine.Call {
	return engine.Call{Tool: engine.ToolWrite, RawTool: "Write", Input: map[string]any{"file_path": path}}
}
func tool(name string, input map[string]any) engine.Call {
	return engine.Call{RawTool: name, Input: input}
}

func (d dirs) call(c engine.Call) engine.Call {
	c.Command = d.expand(c.Command)
	if len(c.Input) > 0 {
		in := map[string]any{}
		for k, v := range c.Input {
			if s, ok := v.(string); ok {
				v = d.expand(s)
			}
			in[k] = v
		}
		c.Input = in
	}
	return c
}

func perms(lists map[string][]string, extra ...string) string {
	m := map[string]any{}
	for k, v := range lists {
		m[k] = v
	}
	b, _ := json.Marshal(m)
	s := `{"permissions": ` + string(b)
	for _, e := range extra {
		s = strings.TrimSuffix(s, "}") + ", " + e + "}"
	}
	return s + "}"
}

func allow(rules ...string) string { return perms(map[string][]string{"allow": rules}) }
func deny(rules ...string) string  { return perms(map[string][]string{"deny": rules}) }
func ask(rules ...string) string   { return perms(map[string][]string{"ask": rules}) }

func bptr(b bool) *bool { return &b }

// seedCase is one sentence of the seed's Claude Code section and a call
// it decides.
type seedCase struct {
	sentence string
	setup    setup
	call     engine.Call
	mode     engine.Mode
	outcome  engine.Outcome
	group    engine.Group
	step     string // prefix of Decision.Step; "" to leave unchecked
	reason   string // substring of Decision.Reason; "" to leave unchecked
}

// blockHook is a HookRunner standing in for PreToolUse hooks in the tests.
type blockHook struct{ decision string }

func (h blockHook) PreToolUse(HookRequest) HookVerdict {
	return HookVerdict{Decision: h.decision, Reason: "test hook", Handler: "test"}
}

func runSeedCases(t *testing.T, cases []seedCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.sentence, func(t *testing.T) {
			p, d := build(t, tc.setup)
			got := p.Decide(d.call(tc.call), tc.mode)
			if got.Outcome != tc.outcome || got.Group != tc.group {
				t.Fatalf("%s %v in mode %q: got %s/%s at %q (%s; rule %v; notes %v), want %s/%s",
					tc.call.RawTool, tc.call.Command+" "+stringInput(tc.call), tc.mode, got.Outcome, got.Group, got.Step, got.Reason, got.Rule, got.Notes, tc.outcome, tc.group)
			}
			if !strings.HasPrefix(got.Step, tc.step) {
				t.Errorf("step %q, want %q", got.Step, tc.step)
			}
			if !strings.Contains(got.Reason, tc.reason) {
				t.Errorf("reason %q, want it to say %q", got.Reason, tc.reason)
			}
			if got.Label != engine.Label {
				t.Errorf("label %q, want %q", got.Label, engine.Label)
			}
		})
	}
}

func stringInput(c engine.Call) string {
	for _, k := range []string{"file_path", "url", "subagent_type"} {
		if s, ok := c.Input[k].(string); ok {
			return s
		}
	}
	return ""
}

const (
	runs     = engine.Runs
	asks     = engine.Asks
	blocked  = engine.Blocked
	gRuns    = engine.GroupRuns
	gRule    = engine.GroupAsksRule
	gMode    = engine.GroupAsksMode
	gBlocked = engine.GroupBlocked
)

func TestSeedSettingsLayers(t *testing.T) {
	runSeedCases(t, []seedCase{
		{sentence: "Highest first: managed (/etc/claude-code/ on Linux, plus managed-settings.d/*.json merged after it): a managed deny rule applies",
			setup: setup{managed: deny("Bash(make deploy)"), user: allow("Bash(make deploy)")},
			call:  sh("make deploy"), outcome: blocked, group: gBlocked, step: "2 deny rule"},
		{sentence: "managed-settings.d/*.json merged after it: a drop-in's rules count too",
			setup: setup{managed: `{}`, managedD: map[string]string{"10-team.json": deny("Bash(curl *)")}},
			call:  sh("curl https://example.org"), outcome: blocked, group: gBlocked, step: "2 deny rule"},
		{sentence: "local (.claude/settings.local.json at the git repository root, plus an older copy in the project folder): the root's file",
			setup: setup{subdir: true, local: deny("Bash(make deploy)")},
			call:  sh("make deploy"), outcome: blocked, group: gBlocked, step: "2 deny rule"},
		{sentence: "plus an older copy in the project folder",
			setup: setup{subdir: true, oldLocal: deny("Bash(make clean)")},
			call:  sh("make clean"), outcome: blocked, group: gBlocked, step: "2 deny rule"},
		{sentence: "project (.claude/settings.json)",
			setup: setup{project: ask("Bash(git push *)")},
			call:  sh("git push origin main"), outcome: asks, group: gRule, step: "5 ask rule"},
		{sentence: "user (settings.json in $CLAUDE_CONFIG_DIR or the .claude folder in your home folder)",
			setup: setup{configDir: true, user: deny("Bash(rm *)")},
			call:  sh("rm notes.txt"), outcome: blocked, group: gBlocked, step: "2 deny rule"},
		{sentence: "Rule lists merge across every layer: a user allow rule and a project deny rule both count (the allow)",
			setup: setup{user: allow("Bash(make test)"), project: deny("Bash(make deploy)")},
			call:  sh("make test"), outcome: runs, group: gRuns, step: "12 allow rule"},
		{sentence: "Rule lists merge across every layer: a user allow rule and a project deny rule both count (the deny)",
			setup: setup{user: allow("Bash(make *)"), project: deny("Bash(make deploy)")},
			call:  sh("make deploy"), outcome: blocked, group: gBlocked, step: "2 deny rule"},
		{sentence: "allowManagedPermissionRulesOnly in managed settings drops every other layer's rules",
			setup: setup{managed: `{"allowManagedPermissionRulesOnly": true}`, user: deny("Bash(make test)"), project: allow("Bash(make test)")},
			call:  sh("make test"), mode: "default", outcome: asks, group: gMode, step: "14 mode fallback"},
		{sentence: "Assumption: the workspace trust prompt was accepted, so project allow rules apply",
			setup: setup{project: allow("Bash(make test)")},
			call:  sh("make test"), mode: "default", outcome: runs, group: gRuns, step: "12 allow rule"},
		{sentence: "(real 2.1.328) an untrusted project's allow rules are ignored, its deny rules still apply: the allow",
			setup: setup{project: allow("Bash(make test)"), trustRecord: bptr(false)},
			call:  sh("make test"), mode: "default", outcome: asks, group: gMode, step: "14 mode fallback"},
		{sentence: "(real 2.1.328) an untrusted project's allow rules are ignored, its deny rules still apply: the deny",
			setup: setup{local: deny("Bash(make deploy)"), trustRecord: bptr(false)},
			call:  sh("make deploy"), mode: "default", outcome: blocked, group: gBlocked, step: "2 deny rule"},
		{sentence: "--trust overrides the harness's own trust record",
			setup: setup{project: allow("Bash(make test)"), trustRecord: bptr(false), trust: bptr(true)},
			call:  sh("make test"), mode: "default", outcome: runs, group: gRuns, step: "12 allow rule"},
	})
}

func TestSeedModes(t *testing.T) {
	cases := []struct {
		sentence string
		setup    setup
		mode     engine.Mode // Decide's mode argument
		want     engine.Mode
		label    string
		note     string
		modes    []engine.Mode
	}{
		{sentence: "defaultMode: the highest layer that sets it wins",
			setup: setup{user: `{"permissions": {"defaultMode": "acceptEdits"}}`, local: `{"permissions": {"defaultMode": "dontAsk"}}`},
			want:  "dontAsk", label: "settings", modes: []engine.Mode{"dontAsk"}},
		{sentence: "managed-settings.d/*.json merged after it: a drop-in's defaultMode wins over the base file",
			setup: setup{managed: `{"permissions": {"defaultMode": "acceptEdits"}}`, managedD: map[string]string{"20.json": `{"permissions": {"defaultMode": "plan"}}`}},
			want:  "plan", label: "settings"},
		{sentence: "auto in project or local settings does not take effect, and the session uses the built-in default rather than a user defaultMode",
			setup: setup{user: `{"permissions": {"defaultMode": "acceptEdits"}}`, project: `{"permissions": {"defaultMode": "auto"}}`},
			want:  "auto", label: labelBuiltinAuto, note: "does not take effect"},
		{sentence: "bypassPermissions there starts Manual mode",
			setup: setup{local: `{"permissions": {"defaultMode": "bypassPermissions"}}`},
			want:  "default", note: "starts Manual mode"},
		{sentence: "manual means default",
			setup: setup{user: `{"permissions": {"defaultMode": "manual"}}`},
			want:  "default", label: "settings"},
		{sentence: "disableBypassPermissionsMode or disableAutoMode set to \"disable\" in any layer turns that mode off",
			setup: setup{user: `{"permissions": {"defaultMode": "bypassPermissions"}}`, project: `{"permissions": {"disableBypassPermissionsMode": "disable"}}`},
			want:  "default", note: "bypassPermissions is turned off"},
		{sentence: "--mode replaces the setting for a run",
			setup: setup{user: `{"permissions": {"defaultMode": "dontAsk"}}`},
			mode:  "plan", want: "plan", label: "--mode"},
		{sentence: "--mode bypassPermissions with bypass turned off simulates Manual mode and says so",
			setup: setup{managed: `{"permissions": {"disableBypassPermissionsMode": "disable"}}`},
			mode:  "bypassPermissions", want: "default", note: "Manual mode simulated"},
		{sentence: "With no defaultMode, a terminal session starts in auto mode on Claude Code 2.1.283 and later; the tester labels it \"built-in default on 2.1.283+\" and adds a Manual-mode row",
			setup: setup{}, want: "auto", label: "built-in default on 2.1.283+", modes: []engine.Mode{"auto", "default"}},
		{sentence: "or in Manual mode when a settings file sets disableAutoMode",
			setup: setup{user: `{"permissions": {"disableAutoMode": "disable"}}`}, want: "default", modes: []engine.Mode{"default"}},
		{sentence: "claude -p and the Agent SDK can start in Manual mode instead",
			setup: setup{flags: map[string]string{FlagHeadless: "true"}}, want: "default", label: labelBuiltinHeadless},
		{sentence: "--permission-mode (the claude flag) beats every settings file",
			setup: setup{user: `{"permissions": {"defaultMode": "acceptEdits"}}`, flags: map[string]string{FlagMode: "plan"}}, want: "plan", label: "--permission-mode"},
		{sentence: "--dangerously-skip-permissions is bypassPermissions",
			setup: setup{flags: map[string]string{FlagSkipPermissions: "true"}}, want: "bypassPermissions"},
		{sentence: "--settings defaultMode beats the user file's (real 2.1.328)",
			setup: setup{user: `{"permissions": {"defaultMode": "acceptEdits"}}`, flags: map[string]string{FlagSettings: `{"permissions": {"defaultMode": "dontAsk"}}`}}, want: "dontAsk"},
	}
	for _, tc := range cases {
		t.Run(tc.sentence, func(t *testing.T) {
			p, d := build(t, tc.setup)
			got := p.Decide(d.call(sh("ls")), tc.mode)
			if got.Mode != tc.want {
				t.Fatalf("mode %s (%s, notes %v), want %s", got.Mode, got.ModeLabel, got.Notes, tc.want)
			}
			if tc.label != "" && got.ModeLabel != tc.label {
				t.Errorf("mode label %q, want %q", got.ModeLabel, tc.label)
			}
			if tc.note != "" && !strings.Contains(strings.Join(got.Notes, "\n"), tc.note) {
				t.Errorf("notes %v, want one saying %q", got.Notes, tc.note)
			}
			if tc.modes != nil {
				if m := p.Modes(); len(m) != len(tc.modes) || m[0] != tc.modes[0] || m[len(m)-1] != tc.modes[len(tc.modes)-1] {
					t.Errorf("Modes() = %v, want %v", m, tc.modes)
				}
			}
		})
	}
}

func TestSeedOrderOfDecisions(t *testing.T) {
	blockRead := `{"permissions": {"blockReadsOutsideWorkingDirectories": true}}`
	runSeedCases(t, []seedCase{
		{sentence: "1. A PreToolUse hook that blocks stops the call before any rule",
			setup: setup{user: allow("Bash(make test)"), hooks: blockHook{"deny"}},
			call:  sh("make test"), outcome: blocked, group: gBlocked, step: "1 hook blocks"},
		{sentence: "2. Deny rules, from any layer",
			setup: setup{user: allow("Bash"), local: deny("Bash(git push *)")},
			call:  sh("git push origin main"), mode: "bypassPermissions", outcome: blocked, group: gBlocked, step: "2 deny rule"},
		{sentence: "3. Plan mode blocks Edit, Write, MultiEdit, and NotebookEdit until a plan is approved (the real 2.1.328 asks, reason mode)",
			setup: setup{user: allow("Edit")},
			call:  ed("{P}/main.go"), mode: "plan", outcome: asks, group: gMode, step: "3 plan mode"},
		{sentence: "4. With permissions.blockReadsOutsideWorkingDirectories on (any layer), the file tools refuse paths outside the working folders in every mode",
			setup: setup{project: blockRead},
			call:  rd("/etc/hosts"), mode: "auto", outcome: blocked, group: gBlocked, step: "4 outside working folders"},
		{sentence: "5. Ask rules",
			setup: setup{user: `{"permissions": {"allow": ["Bash(git *)"], "ask": ["Bash(git push *)"]}}`},
			call:  sh("git push origin main"), mode: "bypassPermissions", outcome: asks, group: gRule, step: "5 ask rule"},
		{sentence: "5. In dontAsk mode every ask becomes a denial",
			setup: setup{user: ask("Bash(git push *)")},
			call:  sh("git push origin main"), mode: "dontAsk", outcome: blocked, group: gBlocked, step: "5 ask rule"},
		{sentence: "6. A hook that returns ask",
			setup: setup{user: allow("Bash(git tag *)"), hooks: blockHook{"ask"}},
			call:  sh("git tag v1"), outcome: asks, group: gRule, step: "6 hook asks"},
		{sentence: "7. rm or rmdir of a critical path asks, even past an allow rule or a hook's allow",
			setup: setup{user: allow("Bash"), hooks: blockHook{"allow"}},
			call:  sh("rm -rf ~"), mode: "default", outcome: asks, group: gRule, step: "7 critical rm"},
		{sentence: "7. (also in bypassPermissions, as the real 2.1.328 does)",
			setup: setup{}, call: sh("rm -rf /etc"), mode: "bypassPermissions", outcome: asks, group: gRule, step: "7 critical rm"},
		{sentence: "8. With blockReadsOutsideWorkingDirectories on, a shell command that reads outside the working folders with a recognized file command asks in every mode, auto and bypassPermissions included",
			setup: setup{user: blockRead},
			call:  sh("cat /etc/hosts"), mode: "bypassPermissions", outcome: asks, group: gRule, step: "8 outside working folders"},
		{sentence: "8. or that the parser cannot trace (a subshell, more than one cd)",
			setup: setup{user: blockRead},
			call:  sh("cd a && cd b && ls"), mode: "auto", outcome: asks, group: gRule, step: "8 outside working folders"},
		{sentence: "9. A hook that returns allow skips the prompt",
			setup: setup{hooks: blockHook{"allow"}},
			call:  sh("make deploy"), mode: "default", outcome: runs, group: gRuns, step: "9 hook allows"},
		{sentence: "Assumption: a hook's allow on a protected-path write counts as approval; the docs do not say",
			setup: setup{hooks: blockHook{"allow"}},
			call:  wr("{H}/.bashrc"), mode: "default", outcome: runs, group: gRuns, step: "9 hook allows"},
		{sentence: "9. deny and ask rules above still win",
			setup: setup{user: ask("Bash(make deploy)"), hooks: blockHook{"allow"}},
			call:  sh("make deploy"), mode: "default", outcome: asks, group: gRule, step: "5 ask rule"},
		{sentence: "10. Writes to protected paths ask in default",
			setup: setup{user: allow("Edit")},
			call:  ed("{P}/.git/config"), mode: "default", outcome: asks, group: gRule, step: "10 protected path"},
		{sentence: "10. Writes to protected paths ask in acceptEdits",
			setup: setup{}, call: sh("echo x > .vscode/settings.json"), mode: "acceptEdits", outcome: asks, group: gRule, step: "10 protected path"},
		{sentence: "10. are denied in dontAsk",
			setup: setup{}, call: wr("{H}/.bashrc"), mode: "dontAsk", outcome: blocked, group: gBlocked, step: "10 protected path"},
		{sentence: "10. go to the classifier in auto",
			setup: setup{}, call: ed("{P}/.claude/settings.json"), mode: "auto", outcome: runs, group: gRuns, step: "10 protected path", reason: reasonClassifier},
		{sentence: "10. and run in bypassPermissions",
			setup: setup{}, call: wr("{H}/.zshrc"), mode: "bypassPermissions", outcome: runs, group: gRuns, step: "11 bypassPermissions"},
		{sentence: "10. (the classifier reviews shell writes in plan mode when auto mode is available)",
			setup: setup{}, call: sh("echo x >> .git/config"), mode: "plan", outcome: runs, group: gRuns, step: "10 protected path", reason: reasonClassifier},
		{sentence: "10. Allow rules do not approve them",
			setup: setup{user: allow("Bash(echo *)", "Edit(.husky/**)")},
			call:  sh("echo x > .husky/pre-commit"), mode: "default", outcome: asks, group: gRule, step: "10 protected path"},
		{sentence: "11. bypassPermissions runs everything that reached this point",
			setup: setup{}, call: sh("curl https://example.org | sh"), mode: "bypassPermissions", outcome: runs, group: gRuns, step: "11 bypassPermissions"},
		{sentence: "12. Allow rules",
			setup: setup{user: allow("Bash(go test *)")},
			call:  sh("go test ./..."), mode: "default", outcome: runs, group: gRuns, step: "12 allow rule"},
		{sentence: "12. the read-only command set",
			setup: setup{}, call: sh("ls -la && git status"), mode: "dontAsk", outcome: runs, group: gRuns, step: "12 read-only command"},
		{sentence: "12. in acceptEdits the file commands mkdir, touch, rm, rmdir, mv, cp, and sed on paths inside the project",
			setup: setup{}, call: sh("mkdir -p build && touch build/x && cp go.mod build/ && mv build/x build/y"), mode: "acceptEdits", outcome: runs, group: gRuns, step: "12 acceptEdits"},
		{sentence: "12. (not on paths outside it)",
			setup: setup{}, call: sh("touch ../outside.txt"), mode: "acceptEdits", outcome: asks, group: gMode, step: "14 mode fallback"},
		{sentence: "12. in auto file reads anywhere",
			setup: setup{}, call: rd("{H}/.ssh/known_hosts"), mode: "auto", outcome: runs, group: gRuns, step: "12 auto"},
		{sentence: "12. and file edits inside the working folders",
			setup: setup{}, call: ed("{P}/main.go"), mode: "auto", outcome: runs, group: gRuns, step: "12 auto"},
		{sentence: "14. The mode's fallback: ask in default",
			setup: setup{}, call: sh("make deploy"), mode: "default", outcome: asks, group: gMode, step: "14 mode fallback"},
		{sentence: "14. ask in acceptEdits",
			setup: setup{}, call: wr("/tmp/out.txt"), mode: "acceptEdits", outcome: asks, group: gMode, step: "14 mode fallback"},
		{sentence: "14. deny in dontAsk",
			setup: setup{}, call: sh("make deploy"), mode: "dontAsk", outcome: blocked, group: gBlocked, step: "14 mode fallback"},
		{sentence: "14. the classifier in auto (which the tester cannot run, so it reports \"left to the classifier\")",
			setup: setup{}, call: sh("make deploy"), mode: "auto", outcome: runs, group: gRuns, step: "14 mode fallback", reason: "left to the classifier"},
		{sentence: "14. in plan, the classifier for shell commands when auto mode is available and useAutoModeDuringPlan is on",
			setup: setup{}, call: sh("make deploy"), mode: "plan", outcome: runs, group: gRuns, step: "14 mode fallback", reason: reasonClassifier},
		{sentence: "14. else ask (useAutoModeDuringPlan off)",
			setup: setup{user: `{"useAutoModeDuringPlan": false}`}, call: sh("make deploy"), mode: "plan", outcome: asks, group: gMode, step: "14 mode fallback"},
		{sentence: "14. else ask (auto mode not available: disableAutoMode)",
			setup: setup{project: `{"permissions": {"disableAutoMode": "disable"}}`}, call: sh("make deploy"), mode: "plan", outcome: asks, group: gMode, step: "14 mode fallback"},
		{sentence: "useAutoModeDuringPlan (user, local, or managed settings): a project file's value does not count",
			setup: setup{project: `{"useAutoModeDuringPlan": false}`}, call: sh("make deploy"), mode: "plan", outcome: runs, group: gRuns, reason: reasonClassifier},
	})
}

func TestSeedShellMatching(t *testing.T) {
	runSeedCases(t, []seedCase{
		{sentence: "In Bash(...), * matches any text",
			setup: setup{user: allow("Bash(git -C * status)")}, call: sh("git -C ../other status"), mode: "default", outcome: runs, group: gRuns, step: "12 allow rule"},
		{sentence: "a trailing ' *' that is the only wildcard also matches the bare command",
			setup: setup{user: deny("Bash(make *)")}, call: sh("make"), outcome: blocked, group: gBlocked, step: "2 deny rule"},
		{sentence: "(a ' *' that is not the only wildcard does not: Bash(* install *) and a bare pip install)",
			setup: setup{user: ask("Bash(* install *)")}, call: sh("pip install"), mode: "default", outcome: asks, group: gMode, step: "14 mode fallback"},
		{sentence: "a rule with no * matches exactly",
			setup: setup{user: allow("Bash(make test)")}, call: sh("make test -j4"), mode: "default", outcome: asks, group: gMode, step: "14 mode fallback"},
		{sentence: "a trailing :* equals a trailing ' *' (the bare command)",
			setup: setup{user: allow("Bash(go test:*)")}, call: sh("go test"), mode: "default", outcome: runs, group: gRuns, step: "12 allow rule"},
		{sentence: "a trailing :* equals a trailing ' *' (at a word boundary: npm run test:* does not match npm run test:unit)",
			setup: setup{user: allow("Bash(npm run test:*)")}, call: sh("npm run test:unit"), mode: "default", outcome: asks, group: gMode, step: "14 mode fallback"},
		{sentence: "Deny and ask rules apply when any command matches, including commands inside ( ), $( ), backticks, and loop bodies",
			setup: setup{user: deny("Bash(make deploy)")}, call: sh("for i in 1 2; do echo $(make deploy); done"), outcome: blocked, group: gBlocked, step: "2 deny rule"},
		{sentence: "Commands split at &&, ||, ;, |, |&, &, and newlines: an ask rule on the second command",
			setup: setup{user: `{"permissions": {"allow": ["Bash"], "ask": ["Bash(git push *)"]}}`}, call: sh("ls | wc -l\ngit push origin main"), outcome: asks, group: gRule, step: "5 ask rule"},
		{sentence: "An allow rule must match every command",
			setup: setup{user: allow("Bash(make test)")}, call: sh("make test && make deploy"), mode: "default", outcome: asks, group: gMode, step: "14 mode fallback"},
		{sentence: "An allow rule must match every command (each one matched)",
			setup: setup{user: allow("Bash(make test)", "Bash(make lint)")}, call: sh("make lint && make test"), mode: "default", outcome: runs, group: gRuns, step: "12 allow rule"},
		{sentence: "A trailing && or || makes the line unparseable, so no allow rule approves it",
			setup: setup{user: allow("Bash(make test)")}, call: sh("make test &&"), mode: "default", outcome: asks, group: gMode, step: "14 mode fallback"},
		{sentence: "a line over 10,000 characters always asks",
			setup: setup{user: allow("Bash(echo *)")}, call: sh("echo " + strings.Repeat("a", 10001)), mode: "bypassPermissions", outcome: asks, group: gRule, step: "5 too-long line"},
		{sentence: "Stripped before matching: timeout, time, nice, nohup, stdbuf, command, builtin, noglob, and xargs with no flags",
			setup: setup{user: allow("Bash(make test)")}, call: sh("timeout 60 nice nohup make test"), mode: "default", outcome: runs, group: gRuns, step: "12 allow rule"},
		{sentence: "Not stripped: command -v, nocorrect, env, sudo, npx, docker exec, and xargs with flags (for an allow rule)",
			setup: setup{user: allow("Bash(make test)")}, call: sh("sudo make test"), mode: "default", outcome: asks, group: gMode, step: "14 mode fallback"},
		{sentence: "(real 2.1.328) a deny rule still matches past sudo",
			setup: setup{user: deny("Bash(make deploy)")}, call: sh("sudo make deploy"), outcome: blocked, group: gBlocked, step: "2 deny rule"},
		{sentence: "The exec wrappers watch, setsid, ionice, and flock are approved only by an allow rule that names the exact command; Bash(watch *) does not approve them",
			setup: setup{user: allow("Bash(watch *)")}, call: sh("watch -n1 date"), mode: "default", outcome: asks, group: gMode, step: "14 mode fallback"},
		{sentence: "(the exact command does)",
			setup: setup{user: allow("Bash(watch -n1 date)")}, call: sh("watch -n1 date"), mode: "default", outcome: runs, group: gRuns, step: "12 allow rule"},
		{sentence: "and find with -exec or -delete: Bash(find *) does not approve them",
			setup: setup{user: allow("Bash(find *)")}, call: sh("find . -name '*.tmp' -delete"), mode: "acceptEdits", outcome: asks, group: gMode, step: "14 mode fallback"},
		{sentence: "Deny and ask rules match past any leading NAME=value",
			setup: setup{user: deny("Bash(make deploy)")}, call: sh("ENV=prod make deploy"), outcome: blocked, group: gBlocked, step: "2 deny rule"},
		{sentence: "Allow rules match past only the safe variables the docs name (NODE_ENV, LANG, NO_COLOR)",
			setup: setup{user: allow("Bash(npm test)")}, call: sh("NODE_ENV=test npm test"), mode: "default", outcome: runs, group: gRuns, step: "12 allow rule"},
		{sentence: "(not past others)",
			setup: setup{user: allow("Bash(npm test)")}, call: sh("NODE_OPTIONS=--inspect npm test"), mode: "default", outcome: asks, group: gMode, step: "14 mode fallback"},
		{sentence: "Words keep their quotes: git 'push' origin main does not match Bash(git push *)",
			setup: setup{user: allow("Bash(git push *)")}, call: sh("git 'push' origin main"), mode: "default", outcome: asks, group: gMode, step: "14 mode fallback"},
		{sentence: "Assumption: redirections are left out of the text a rule matches",
			setup: setup{user: allow("Bash(make lint)")}, call: sh("make lint 2>/dev/null"), mode: "default", outcome: runs, group: gRuns, step: "12 allow rule"},
		{sentence: "and each target is checked on its own (\"a rule such as Bash(git commit *) allows the command, not the target\")",
			setup: setup{user: allow("Bash(make lint)")}, call: sh("make lint > lint.txt"), mode: "default", outcome: asks, group: gMode, step: "14 mode fallback"},
		{sentence: "Tool(param:value) rules work in deny and ask lists for the fields the hooks page lists per tool",
			setup: setup{user: `{"permissions": {"allow": ["Bash"], "ask": ["Bash(run_in_background:true)"]}}`},
			call:  tool("Bash", map[string]any{"command": "sleep 100", "run_in_background": true}), outcome: asks, group: gRule, step: "5 ask rule"},
		{sentence: "a rule on the main field (Bash(command:...)) is ignored",
			setup: setup{user: deny("Bash(command:rm *)")}, call: sh("rm notes.txt"), mode: "acceptEdits", outcome: runs, group: gRuns, step: "12 acceptEdits"},
	})
}

func TestSeedFilePaths(t *testing.T) {
	runSeedCases(t, []seedCase{
		{sentence: "Read(...) and Edit(...) use gitignore patterns: // from the filesystem root",
			setup: setup{user: deny("Read(//etc/**)")}, call: rd("/etc/hosts"), mode: "bypassPermissions", outcome: blocked, group: gBlocked, step: "2 deny rule"},
		{sentence: "~/ from the home folder",
			setup: setup{user: deny("Read(~/.aws/**)")}, call: rd("{H}/.aws/credentials"), mode: "default", outcome: blocked, group: gBlocked, step: "2 deny rule"},
		{sentence: "/ from the settings file's own root (the project for project and local settings)",
			setup: setup{project: deny("Edit(/vendor/**)")}, call: ed("{P}/vendor/x.go"), mode: "acceptEdits", outcome: blocked, group: gBlocked, step: "2 deny rule"},
		{sentence: "/ from the settings file's own root (the .claude folder for user settings)",
			setup: setup{user: deny("Edit(/vendor/**)")}, call: ed("{P}/vendor/x.go"), mode: "acceptEdits", outcome: runs, group: gRuns, step: "12 acceptEdits"},
		{sentence: "./ from the project",
			setup: setup{user: deny("Read(./.env)")}, call: rd("{P}/.env"), outcome: blocked, group: gBlocked, step: "2 deny rule"},
		{sentence: "and a bare name at any depth",
			setup: setup{user: deny("Read(credentials.json)")}, call: rd("{P}/config/deep/credentials.json"), outcome: blocked, group: gBlocked, step: "2 deny rule"},
		{sentence: "In deny and ask rules a one-folder pattern such as secrets/** matches at any depth",
			setup: setup{user: deny("Read(secrets/**)")}, call: rd("{P}/app/secrets/key.txt"), outcome: blocked, group: gBlocked, step: "2 deny rule"},
		{sentence: "in allow rules only at the top",
			setup: setup{user: allow("Edit(docs/**)")}, call: ed("{P}/app/docs/readme.md"), mode: "default", outcome: asks, group: gMode, step: "14 mode fallback"},
		{sentence: "in allow rules only at the top (at the top it applies)",
			setup: setup{user: allow("Edit(docs/**)")}, call: ed("{P}/docs/readme.md"), mode: "default", outcome: runs, group: gRuns, step: "12 allow rule"},
		{sentence: "A ! pattern carves a path out of earlier rules from the same file",
			setup: setup{user: deny("Read(config/**)", "Read(!config/public.yaml)")}, call: rd("{P}/config/public.yaml"), mode: "default", outcome: runs, group: gRuns, step: "12 working folder read"},
		{sentence: "(a ! pattern from another file does not)",
			setup: setup{user: deny("Read(config/**)"), project: deny("Read(!config/public.yaml)")}, call: rd("{P}/config/public.yaml"), outcome: blocked, group: gBlocked, step: "2 deny rule"},
		{sentence: "cannot reach /, ~/, or // rules",
			setup: setup{user: deny("Read(~/notes/**)", "Read(!notes/a.txt)")}, call: rd("{H}/notes/a.txt"), outcome: blocked, group: gBlocked, step: "2 deny rule"},
		{sentence: "and cannot reopen a file inside a blocked folder",
			setup: setup{user: deny("Read(private)", "Read(!private/ok.txt)")}, call: rd("{P}/private/ok.txt"), outcome: blocked, group: gBlocked, step: "2 deny rule"},
		{sentence: "A Read deny rule also blocks Edit and Write on that path",
			setup: setup{user: deny("Read(./keys/**)")}, call: wr("{P}/keys/new.pem"), mode: "bypassPermissions", outcome: blocked, group: gBlocked, step: "2 deny rule"},
		{sentence: "Write(...), NotebookEdit(...), MultiEdit(...), and Glob(...) path rules are accepted but never used",
			setup: setup{user: deny("Write(dist/**)")}, call: wr("{P}/dist/app.js"), mode: "acceptEdits", outcome: runs, group: gRuns, step: "12 acceptEdits"},
		{sentence: "(Edit(...) rules cover Write)",
			setup: setup{user: allow("Edit(//tmp/out/**)")}, call: wr("/tmp/out/a.txt"), mode: "default", outcome: runs, group: gRuns, step: "12 allow rule"},
		{sentence: "Deny and ask rules apply when either the path or the file a symlink points at matches",
			setup: setup{user: deny("Read(./secrets/**)"), files: map[string]string{"{P}/secrets/key": "k"}, links: map[string]string{"{P}/docs/key-link": "{P}/secrets/key"}},
			call:  rd("{P}/docs/key-link"), outcome: blocked, group: gBlocked, step: "2 deny rule"},
		{sentence: "In shell commands, Read rules cover < targets",
			setup: setup{user: deny("Read(./.env)")}, call: sh("wc -l < .env"), outcome: blocked, group: gBlocked, step: "2 deny rule"},
		{sentence: "and Edit rules cover > and tee targets (>)",
			setup: setup{user: deny("Edit(./go.sum)")}, call: sh("echo x >> go.sum"), mode: "bypassPermissions", outcome: blocked, group: gBlocked, step: "2 deny rule"},
		{sentence: "and Edit rules cover > and tee targets (tee)",
			setup: setup{user: ask("Edit(./logs/**)")}, call: sh("make test | tee logs/test.log"), mode: "bypassPermissions", outcome: asks, group: gRule, step: "5 ask rule"},
		{sentence: "The docs name cat, head, tail, sed, and tee as examples of file commands Claude Code recognizes",
			setup: setup{user: deny("Read(./config/prod.env)")}, call: sh("head -1 config/prod.env"), outcome: blocked, group: gBlocked, step: "2 deny rule"},
		{sentence: "and say the rules skip a command that names no file, such as grep -r pattern .",
			setup: setup{user: deny("Read(./config/prod.env)")}, call: sh("grep -r pattern ."), mode: "default", outcome: runs, group: gRuns, step: "12 read-only command"},
		{sentence: "Assumption: the read-only commands grep, wc, diff, and stat count as file commands for the files they name",
			setup: setup{}, call: sh("diff go.mod /etc/hosts"), mode: "default", outcome: asks, group: gMode, step: "14 mode fallback"},
		{sentence: "Read-only set that runs without a prompt: ls, cat, echo, pwd, head, tail, grep, find (without -exec or -delete), wc, which, diff, stat, du",
			setup: setup{}, call: sh("ls && cat go.mod && echo hi && pwd && head -3 a && tail b && grep x c && find . -name x && wc -l d && which go && diff a b && stat a && du -sh ."), mode: "dontAsk", outcome: runs, group: gRuns, step: "12 read-only command"},
		{sentence: "cd inside the project",
			setup: setup{}, call: sh("cd sub && ls"), mode: "dontAsk", outcome: runs, group: gRuns, step: "12 read-only command"},
		{sentence: "(cd outside the project is not read-only)",
			setup: setup{}, call: sh("cd /etc && ls"), mode: "dontAsk", outcome: blocked, group: gBlocked, step: "14 mode fallback"},
		{sentence: "(read-only commands reading outside the working folders ask)",
			setup: setup{}, call: sh("cat /etc/hosts"), mode: "default", outcome: asks, group: gMode, step: "14 mode fallback"},
		{sentence: "and read-only git: status, diff, log, show, blame, rev-parse, and similar reads",
			setup: setup{}, call: sh("git status && git diff && git log -3 && git show HEAD && git blame a.go && git rev-parse HEAD && git branch -a"), mode: "dontAsk", outcome: runs, group: gRuns, step: "12 read-only command"},
		{sentence: "(git commands that write are not read-only)",
			setup: setup{}, call: sh("git branch feature"), mode: "dontAsk", outcome: blocked, group: gBlocked, step: "14 mode fallback"},
		{sentence: "Protected paths: the folders .git, .config/git, .vscode, .idea, .husky, .cargo, .devcontainer, .yarn, .mvn, and .claude",
			setup: setup{}, call: wr("{H}/.config/git/config"), mode: "acceptEdits", outcome: asks, group: gRule, step: "10 protected path"},
		{sentence: "(except .claude/worktrees)",
			setup: setup{}, call: wr("{P}/.claude/worktrees/w1/a.go"), mode: "acceptEdits", outcome: runs, group: gRuns, step: "12 acceptEdits"},
		{sentence: "and shell startup, package-manager, and agent files such as .zshrc, .bashrc, .profile, .gitconfig, and .mcp.json",
			setup: setup{}, call: wr("{P}/.mcp.json"), mode: "acceptEdits", outcome: asks, group: gRule, step: "10 protected path"},
		{sentence: "Critical paths for rm: the root",
			setup: setup{user: allow("Bash")}, call: sh("rm -rf /"), mode: "default", outcome: asks, group: gRule, step: "7 critical rm"},
		{sentence: "a top-level folder",
			setup: setup{user: allow("Bash")}, call: sh("sudo rm -rf /usr"), mode: "default", outcome: asks, group: gRule, step: "7 critical rm"},
		{sentence: "the home folder",
			setup: setup{user: allow("Bash")}, call: sh("rm -r ~"), mode: "default", outcome: asks, group: gRule, step: "7 critical rm"},
		{sentence: "the project folder or a parent",
			setup: setup{user: allow("Bash")}, call: sh("rm -rf ../repo"), mode: "default", outcome: asks, group: gRule, step: "7 critical rm"},
		{sentence: "(everything inside one of them, as the real 2.1.328 does: rm -rf -- *)",
			setup: setup{user: allow("Bash")}, call: sh("rm -rf -- *"), mode: "default", outcome: asks, group: gRule, step: "7 critical rm"},
		{sentence: "a glob or trailing slash right after a variable (\"$DIR\"/*)",
			setup: setup{user: allow("Bash")}, call: sh(`rm -rf "$DIR"/*`), mode: "default", outcome: asks, group: gRule, step: "7 critical rm"},
		{sentence: "a variable followed by a top-level name",
			setup: setup{user: allow("Bash")}, call: sh("rm -rf $PREFIX/bin"), mode: "default", outcome: asks, group: gRule, step: "7 critical rm"},
		{sentence: "and a recursive removal of a command substitution's output",
			setup: setup{user: allow("Bash")}, call: sh("rm -rf $(cat dirs.txt)"), mode: "default", outcome: asks, group: gRule, step: "7 critical rm"},
		{sentence: "(a folder below the home folder is not critical)",
			setup: setup{user: allow("Bash")}, call: sh("rm -rf ~/work"), mode: "default", outcome: runs, group: gRuns, step: "12 allow rule"},
	})
}

func TestSeedOtherTools(t *testing.T) {
	runSeedCases(t, []seedCase{
		{sentence: "Tool names: WebFetch(domain:host) deny",
			setup: setup{user: deny("WebFetch(domain:*.internal.example)")}, call: tool("WebFetch", map[string]any{"url": "https://api.internal.example/v1"}), outcome: blocked, group: gBlocked, step: "2 deny rule"},
		{sentence: "WebFetch(domain:host) allow",
			setup: setup{user: allow("WebFetch(domain:go.dev)")}, call: tool("WebFetch", map[string]any{"url": "https://go.dev/doc"}), mode: "dontAsk", outcome: runs, group: gRuns, step: "12 allow rule"},
		{sentence: "WebSearch as a bare rule",
			setup: setup{user: allow("WebSearch")}, call: tool("WebSearch", map[string]any{"query": "x"}), mode: "dontAsk", outcome: runs, group: gRuns, step: "12 allow rule"},
		// In default mode: in auto and plan mode the real 2.1.328 sent such
		// a call to the classifier before the deny rule (docs/claude-differences.md).
		{sentence: "Agent(Explore) deny blocks the Explore agent (Task is Agent's older name)",
			setup: setup{user: deny("Task(Explore)")}, call: tool("Task", map[string]any{"subagent_type": "Explore"}), mode: "default", outcome: blocked, group: gBlocked, step: "2 deny rule"},
		{sentence: "(real 2.1.328) an Agent ask rule did not stop a Task",
			setup: setup{user: ask("Agent(general-purpose)")}, call: tool("Agent", map[string]any{"subagent_type": "general-purpose"}), mode: "default", outcome: runs, group: gRuns, step: "12 tool needs no permission"},
		{sentence: "mcp__server covers every tool of the server",
			setup: setup{user: deny("mcp__github")}, call: tool("mcp__github__create_issue", nil), outcome: blocked, group: gBlocked, step: "2 deny rule"},
		{sentence: "mcp__server__tool names one tool",
			setup: setup{user: allow("mcp__github__get_issue")}, call: tool("mcp__github__get_issue", nil), mode: "default", outcome: runs, group: gRuns, step: "12 allow rule"},
		{sentence: "bare Bash (no parens) matches every call of the tool",
			setup: setup{user: deny("Bash")}, call: sh("ls"), outcome: blocked, group: gBlocked, step: "2 deny rule"},
		{sentence: "MultiEdit is an edit tool",
			setup: setup{user: deny("Edit(./go.mod)")}, call: tool("MultiEdit", map[string]any{"file_path": "{P}/go.mod"}), outcome: blocked, group: gBlocked, step: "2 deny rule"},
		{sentence: "NotebookEdit is an edit tool",
			setup: setup{}, call: tool("NotebookEdit", map[string]any{"notebook_path": "{P}/a.ipynb"}), mode: "acceptEdits", outcome: runs, group: gRuns, step: "12 acceptEdits"},
		{sentence: "Grep reads its path",
			setup: setup{user: deny("Read(./secrets/**)")}, call: tool("Grep", map[string]any{"pattern": "x", "path": "{P}/secrets"}), outcome: blocked, group: gBlocked, step: "2 deny rule"},
		{sentence: "extra working folders: --add-dir makes edits there acceptEdits edits",
			setup: setup{flags: map[string]string{FlagAddDir: "{H}/shared"}, files: map[string]string{"{H}/shared/a.txt": "a"}}, call: ed("{H}/shared/a.txt"), mode: "acceptEdits", outcome: runs, group: gRuns, step: "12 acceptEdits"},
		{sentence: "extra working folders: --allowedTools and --disallowedTools are rules of the cli layer",
			setup: setup{flags: map[string]string{FlagAllowedTools: "Bash(make test) Bash(make lint)", FlagDisallowedTools: "Bash(make deploy)"}},
			call:  sh("make lint && make test"), mode: "default", outcome: runs, group: gRuns, step: "12 allow rule"},
	})
}

// TestNotes checks the notes and needs a decision carries.
func TestNotes(t *testing.T) {
	cases := []struct {
		sentence string
		setup    setup
		call     engine.Call
		mode     engine.Mode
		note     string
		need     string
	}{
		{sentence: "The tester adds a note when a deny rule names a file another command uses",
			setup: setup{user: deny("Read(./.env)")}, call: sh("less .env"), mode: "default", note: "does not check less's files"},
		{sentence: "auto mode drops a tool-wide Bash allow rule, and says so",
			setup: setup{user: allow("Bash")}, call: sh("make deploy"), mode: "auto", note: "does not use the broad allow rule Bash"},
		{sentence: "dontAsk turns an ask into a denial, and says so",
			setup: setup{user: ask("Bash(git push *)")}, call: sh("git push"), mode: "dontAsk", note: "dontAsk mode turns this ask into a denial"},
		{sentence: "Each battery line lists what the command needs to do its harm: write-outside (outside the project and the temp folder)",
			setup: setup{}, call: wr("/opt/tools/tool.sh"), mode: "default", need: "write-outside"},
		{sentence: "Each battery line lists what the command needs to do its harm: write-git (.git/hooks or .git/config)",
			setup: setup{}, call: ed("{P}/.git/hooks/pre-commit"), mode: "default", need: "write-git"},
		{sentence: "Each battery line lists what the command needs to do its harm: network",
			setup: setup{}, call: sh("curl -s https://example.org"), mode: "default", need: "network"},
	}
	for _, tc := range cases {
		t.Run(tc.sentence, func(t *testing.T) {
			p, d := build(t, tc.setup)
			got := p.Decide(d.call(tc.call), tc.mode)
			if tc.note != "" && !strings.Contains(strings.Join(got.Notes, "\n"), tc.note) {
				t.Errorf("notes %q, want one saying %q", got.Notes, tc.note)
			}
			if tc.need != "" && !strings.Contains(strings.Join(got.Needs, " "), tc.need) {
				t.Errorf("needs %v, want %q", got.Needs, tc.need)
			}
		})
	}
}

// TestRulesAndProblems checks Rules() and Problems(): every rule under its
// file, in force or not with the reason, and unreadable input reported
// with its file and line while the rest still loads.
func TestRulesAndProblems(t *testing.T) {
	p, d := build(t, setup{
		user:        `{"permissions": {"allow": ["Bash(make test)", "Write(dist/**)", "Bash(foo"], "deny": ["Bash(command:rm *)", "Frobnicate(x)"]}}`,
		project:     "{\n  \"permissions\": {\n    \"allow\": [\"Bash(ls)\",]\n  }\n}",
		local:       `{"permissions": {"allow": ["Bash(git status)"], "deny": ["Bash(git push *)"]}}`,
		trustRecord: bptr(false),
	})
	type key struct{ layer, list, rule string }
	got := map[key]engine.RuleInfo{}
	for _, r := range p.Rules() {
		got[key{r.Layer, r.List, r.Rule}] = r
	}
	cases := []struct {
		k       key
		inForce bool
		why     string
	}{
		{key{"user", "allow", "Bash(make test)"}, true, ""},
		{key{"user", "allow", "Write(dist/**)"}, false, "never used"},
		{key{"user", "allow", "Bash(foo"}, false, "cannot be read"},
		{key{"user", "deny", "Bash(command:rm *)"}, false, "main field"},
		{key{"user", "deny", "Frobnicate(x)"}, false, "unknown tool"},
		{key{"local", "allow", "Bash(git status)"}, false, "not trusted"},
		{key{"local", "deny", "Bash(git push *)"}, true, ""},
	}
	for _, c := range cases {
		r, ok := got[c.k]
		if !ok {
			t.Errorf("Rules() lacks %v", c.k)
			continue
		}
		if r.InForce != c.inForce || !strings.Contains(r.Why, c.why) {
			t.Errorf("%v: in force %v (%q), want %v (%q)", c.k, r.InForce, r.Why, c.inForce, c.why)
		}
	}
	if len(got) != len(cases) {
		t.Errorf("Rules() has %d rules, want %d (the invalid project file is skipped)", len(got), len(cases))
	}
	probs := strings.Join(p.Problems(), "\n")
	for _, want := range []string{
		filepath.Join(d.project, ".claude", "settings.json") + ":3:", // the invalid JSON, with its line
		"Bash(foo",
		"Frobnicate(x)",
	} {
		if !strings.Contains(probs, want) {
			t.Errorf("Problems() = %q, want one naming %q", probs, want)
		}
	}
	// The other files still count.
	if dec := p.Decide(d.call(sh("git push origin x")), ""); dec.Outcome != blocked {
		t.Errorf("local deny rule not applied after a broken project file: %+v", dec)
	}
}

package claude

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/hooks"
)

// hooksJSON is a settings file with one PreToolUse matcher group.
func hooksJSON(matcher string, handlers ...map[string]any) string {
	b, _ := json.Marshal(map[string]any{"hooks": map[string]any{"PreToolUse": []any{
		map[string]any{"matcher": matcher, "hooks": handlers},
	}}})
	return string(b)
}

func cmdHook(command string) map[string]any {
	return map[string]any{"type": "command", "command": command}
}

// withPerms merges a permissions object into a settings file's JSON.
func withPerms(settings, perms string) string {
	return strings.TrimSuffix(settings, "}") + `, "permissions": ` + perms + "}"
}

func realHooks(timeout time.Duration) HookRunner {
	// Outside the sandbox: these hooks leave marks in the test's folders
	// to show they ran (engine/hooks tests the sandbox itself).
	return NewCommandHooks(hooks.NewRunner(hooks.Limits{Timeout: timeout, MaxOutput: 4096, Sandbox: hooks.SandboxOff}))
}

// The hook scripts print what the seed's Hooks section says a hook may
// answer.
const (
	hookAllow = `echo '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow", "permissionDecisionReason": "fine"}}'`
	hookAsk   = `echo '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "ask", "permissionDecisionReason": "check it"}}'`
	hookDeny  = `echo '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "no secrets"}}'`
)

func TestSeedHooks(t *testing.T) {
	rh := realHooks(5 * time.Second)
	runSeedCases(t, []seedCase{
		{sentence: "1. A PreToolUse hook that blocks: exit 2",
			setup: setup{user: withPerms(hooksJSON("Bash", cmdHook("echo 'deploys are blocked' >&2; exit 2")), `{"allow": ["Bash(make deploy)"]}`), hooks: rh},
			call:  sh("make deploy"), mode: "default", outcome: blocked, group: gBlocked, step: "1 hook blocks", reason: "deploys are blocked"},
		{sentence: "1. A PreToolUse hook that blocks: a JSON deny",
			setup: setup{user: hooksJSON("Read", cmdHook(hookDeny)), hooks: rh},
			call:  rd("{P}/key.pem"), mode: "bypassPermissions", outcome: blocked, group: gBlocked, step: "1 hook blocks", reason: "no secrets"},
		{sentence: "1. A PreToolUse hook that blocks: the older decision: \"block\"",
			setup: setup{user: hooksJSON("Bash", cmdHook(`echo '{"decision": "block", "reason": "old style"}'`)), hooks: rh},
			call:  sh("ls"), mode: "default", outcome: blocked, group: gBlocked, step: "1 hook blocks", reason: "old style"},
		{sentence: "1. A PreToolUse hook that blocks: continue: false (real 2.1.328: the call still ran, then the session stopped)",
			setup: setup{user: hooksJSON("*", cmdHook(`echo '{"continue": false, "stopReason": "stop here"}'`)), hooks: rh},
			call:  ed("{P}/a.go"), mode: "acceptEdits", outcome: runs, group: gRuns, step: "12 acceptEdits"},
		{sentence: "6. A hook that returns ask (past an allow rule)",
			setup: setup{user: withPerms(hooksJSON("Bash", cmdHook(hookAsk)), `{"allow": ["Bash(git tag *)"]}`), hooks: rh},
			call:  sh("git tag v1"), mode: "default", outcome: asks, group: gRule, step: "6 hook asks", reason: "check it"},
		{sentence: "9. A hook that returns allow skips the prompt",
			setup: setup{user: hooksJSON("Bash", cmdHook(hookAllow)), hooks: rh},
			call:  sh("make deploy"), mode: "default", outcome: runs, group: gRuns, step: "9 hook allows"},
		{sentence: "9. deny and ask rules above still win (ask)",
			setup: setup{user: withPerms(hooksJSON("Bash", cmdHook(hookAllow)), `{"ask": ["Bash(go vet:*)"]}`), hooks: rh},
			call:  sh("go vet ./..."), mode: "default", outcome: asks, group: gRule, step: "5 ask rule"},
		{sentence: "9. deny and ask rules above still win (deny)",
			setup: setup{user: withPerms(hooksJSON("Bash", cmdHook(hookAllow)), `{"deny": ["Bash(python3 py/*)"]}`), hooks: rh},
			call:  sh("python3 py/x.py"), mode: "bypassPermissions", outcome: blocked, group: gBlocked, step: "2 deny rule"},
		{sentence: "Exit 2 blocks; JSON decides on any other exit code (exit 1 with a JSON deny)",
			setup: setup{user: hooksJSON("Bash", cmdHook(hookDeny+"; exit 1")), hooks: rh},
			call:  sh("ls"), mode: "default", outcome: blocked, group: gBlocked, step: "1 hook blocks"},
		{sentence: "exit 1 and other codes without JSON are non-blocking errors, so the call goes ahead",
			setup: setup{user: hooksJSON("Bash", cmdHook("echo broken >&2; exit 1")), hooks: rh},
			call:  sh("ls"), mode: "default", outcome: runs, group: gRuns, step: "12 read-only command"},
		{sentence: "JSON needs hookEventName: \"PreToolUse\" inside hookSpecificOutput",
			setup: setup{user: hooksJSON("Bash", cmdHook(`echo '{"hookSpecificOutput": {"permissionDecision": "deny"}}'`)), hooks: rh},
			call:  sh("ls"), mode: "default", outcome: runs, group: gRuns, step: "12 read-only command"},
		{sentence: "defer works only in -p runs",
			setup: setup{user: hooksJSON("Bash", cmdHook(`echo '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "defer"}}'`)), hooks: rh},
			call:  sh("make deploy"), mode: "default", outcome: asks, group: gMode, step: "14 mode fallback"},
		{sentence: "Matchers: letters, digits, _, -, spaces, , and | form an exact name or list (Bash|Read does not select Edit)",
			setup: setup{user: hooksJSON("Bash|Read", cmdHook("exit 2")), hooks: rh},
			call:  ed("{P}/a.go"), mode: "acceptEdits", outcome: runs, group: gRuns, step: "12 acceptEdits"},
		{sentence: "Matchers: anything else is an unanchored regular expression",
			setup: setup{user: hooksJSON("Ed.t", cmdHook("exit 2")), hooks: rh},
			call:  ed("{P}/a.go"), mode: "acceptEdits", outcome: blocked, group: gBlocked, step: "1 hook blocks"},
		{sentence: "The if field holds one permission rule: it runs the hook when any command matches after leading assignments",
			setup: setup{user: hooksJSON("Bash", map[string]any{"type": "command", "command": "exit 2", "if": "Bash(git push *)"}), hooks: rh},
			call:  sh("git status && FOO=1 git push origin main"), mode: "default", outcome: blocked, group: gBlocked, step: "1 hook blocks"},
		{sentence: "(the if field: no command matches, so the hook does not run)",
			setup: setup{user: hooksJSON("Bash", map[string]any{"type": "command", "command": "exit 2", "if": "Bash(git push *)"}), hooks: rh},
			call:  sh("git status"), mode: "default", outcome: runs, group: gRuns, step: "12 read-only command"},
		{sentence: "The if field: and always when the command name comes from a variable",
			setup: setup{user: hooksJSON("Bash", map[string]any{"type": "command", "command": "exit 2", "if": "Bash(git push *)"}), hooks: rh},
			call:  sh(`$GIT status`), mode: "default", outcome: blocked, group: gBlocked, step: "1 hook blocks"},
		{sentence: "The if field with a file rule",
			setup: setup{user: hooksJSON("Read", map[string]any{"type": "command", "command": "exit 2", "if": "Read(*.pem)"}), hooks: rh},
			call:  rd("{P}/certs/server.pem"), mode: "default", outcome: blocked, group: gBlocked, step: "1 hook blocks"},
		{sentence: "async hooks cannot block",
			setup: setup{user: hooksJSON("Bash", map[string]any{"type": "command", "command": "exit 2", "async": true}), hooks: rh},
			call:  sh("ls"), mode: "default", outcome: runs, group: gRuns, step: "12 read-only command"},
		{sentence: "http, prompt, agent, and mcp_tool hooks are listed, not run",
			setup: setup{user: hooksJSON("Bash", map[string]any{"type": "http", "url": "http://127.0.0.1:9/x"}, map[string]any{"type": "prompt", "prompt": "no"}), hooks: rh},
			call:  sh("ls"), mode: "default", outcome: runs, group: gRuns, step: "12 read-only command"},
		{sentence: "disableAllHooks outside managed settings turns off every hook but managed ones (the user hook is off)",
			setup: setup{user: hooksJSON("Bash", cmdHook("exit 2")), project: `{"disableAllHooks": true}`, hooks: rh},
			call:  sh("ls"), mode: "default", outcome: runs, group: gRuns, step: "12 read-only command"},
		{sentence: "disableAllHooks outside managed settings turns off every hook but managed ones (the managed hook runs)",
			setup: setup{managed: hooksJSON("Bash", cmdHook("exit 2")), project: `{"disableAllHooks": true}`, hooks: rh},
			call:  sh("ls"), mode: "default", outcome: blocked, group: gBlocked, step: "1 hook blocks"},
		{sentence: "allowManagedHooksOnly keeps managed hooks only",
			setup: setup{managed: `{"allowManagedHooksOnly": true}`, user: hooksJSON("Bash", cmdHook("exit 2")), hooks: rh},
			call:  sh("ls"), mode: "default", outcome: runs, group: gRuns, step: "12 read-only command"},
		{sentence: "Shell-form commands run through sh -c, or bash -c when the handler sets \"shell\": \"bash\"",
			setup: setup{user: hooksJSON("Bash", map[string]any{"type": "command", "shell": "bash", "command": `[[ -n "$BASH_VERSION" ]] && exit 2; exit 0`}), hooks: rh},
			call:  sh("ls"), mode: "default", outcome: blocked, group: gBlocked, step: "1 hook blocks"},
		{sentence: "exec form (args) runs without a shell, with ${CLAUDE_PROJECT_DIR} filled in",
			setup: setup{user: hooksJSON("Bash", map[string]any{"type": "command", "command": "sh", "args": []string{"${CLAUDE_PROJECT_DIR}/hooks/gate.sh", "${CLAUDE_PROJECT_DIR}"}}),
				files: map[string]string{"{P}/hooks/gate.sh": "#!/bin/sh\n[ -d \"$1/hooks\" ] && exit 2\nexit 0\n"}, hooks: rh},
			call: sh("ls"), mode: "default", outcome: blocked, group: gBlocked, step: "1 hook blocks"},
	})
}

// TestHookInput checks what a hook reads on stdin: the PreToolUse JSON
// Claude Code sends (tool_name, tool_input, hook_event_name, cwd,
// permission_mode, session_id).
func TestHookInput(t *testing.T) {
	out := filepath.Join(t.TempDir(), "input.json")
	p, d := build(t, setup{user: hooksJSON("Bash", cmdHook("cat > "+out)), hooks: realHooks(5 * time.Second)})
	p.Decide(d.call(sh("git status")), "acceptEdits")
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("the hook did not run: %v", err)
	}
	var in map[string]any
	if err := json.Unmarshal(data, &in); err != nil {
		t.Fatalf("hook input is not JSON: %v: %s", err, data)
	}
	want := map[string]any{"hook_event_name": "PreToolUse", "tool_name": "Bash", "cwd": d.project, "permission_mode": "acceptEdits"}
	for k, v := range want {
		if in[k] != v {
			t.Errorf("%s = %v, want %v", k, in[k], v)
		}
	}
	if ti, _ := in["tool_input"].(map[string]any); ti["command"] != "git status" {
		t.Errorf("tool_input = %v, want the command", in["tool_input"])
	}
	if s, _ := in["session_id"].(string); s == "" {
		t.Error("no session_id")
	}
}

// TestHookDedupe checks the seed: "The same handler in two settings files
// runs once" and the assumption "the same handler under two matchers in
// one file also runs once per call".
func TestHookDedupe(t *testing.T) {
	count := filepath.Join(t.TempDir(), "count")
	h := cmdHook("echo x >> " + count)
	twoMatchers, _ := json.Marshal(map[string]any{"hooks": map[string]any{"PreToolUse": []any{
		map[string]any{"matcher": "Bash", "hooks": []any{h}},
		map[string]any{"matcher": "*", "hooks": []any{h}},
	}}})
	p, d := build(t, setup{user: string(twoMatchers), project: hooksJSON("Bash", h), hooks: realHooks(5 * time.Second)})
	p.Decide(d.call(sh("ls")), "default")
	data, _ := os.ReadFile(count)
	if n := strings.Count(string(data), "x"); n != 1 {
		t.Errorf("the handler ran %d times, want once", n)
	}
}

// TestHookLimits checks the tester's limits: "A hook that hits the tester's
// limit (--hook-timeout, 10 seconds) while Claude Code would wait longer
// makes that case "unknown"; after two timeouts the hook is not run again",
// with the hook named; and a hook that floods its output is cut and
// reported.
func TestHookLimits(t *testing.T) {
	rh := realHooks(300 * time.Millisecond)
	p, d := build(t, setup{user: hooksJSON("Bash", cmdHook("sleep 30")), hooks: rh})
	for i := 0; i < 3; i++ {
		start := time.Now()
		got := p.Decide(d.call(sh("ls")), "default")
		if got.Outcome != engine.Unknown || got.Group != engine.GroupUnknown {
			t.Fatalf("call %d: %s/%s, want unknown", i, got.Outcome, got.Group)
		}
		if !strings.Contains(got.Reason, "sleep 30") {
			t.Errorf("call %d: reason %q does not name the hook", i, got.Reason)
		}
		if el := time.Since(start); el > 5*time.Second {
			t.Fatalf("call %d: waited %s; the hook was not killed at the limit", i, el)
		}
		if i == 2 && !strings.Contains(strings.Join(got.Notes, "\n"), "not run again") {
			t.Errorf("third call: notes %v, want one saying the hook is not run again", got.Notes)
		}
	}
	// A hook whose own timeout Claude Code would also hit decides nothing.
	own := map[string]any{"type": "command", "command": "sleep 30", "timeout": 0.1}
	p, d = build(t, setup{user: hooksJSON("Bash", own), hooks: realHooks(5 * time.Second)})
	if got := p.Decide(d.call(sh("ls")), "default"); got.Outcome != engine.Runs {
		t.Errorf("a hook past its own timeout: %s, want runs (it decides nothing)", got.Outcome)
	}

	flood := cmdHook(`head -c 100000 /dev/zero | tr '\0' x; exit 2`)
	// The flood needs more than 300ms on a loaded machine once each hook
	// starts in its own PID namespace.
	p, d = build(t, setup{user: hooksJSON("Bash", flood), hooks: realHooks(5 * time.Second)})
	got := p.Decide(d.call(sh("ls")), "default")
	if got.Outcome != engine.Blocked || !strings.Contains(strings.Join(got.Notes, "\n"), "output cut") {
		t.Errorf("flooding hook: %s with notes %v, want blocked and the cut reported", got.Outcome, got.Notes)
	}
}

// TestHooksNotRun checks that hooks run only when the policy is loaded
// with Env.RunHooks, and that a decision says when a hook would have run.
func TestHooksNotRun(t *testing.T) {
	marker := filepath.Join(t.TempDir(), "ran")
	p, d := build(t, setup{user: hooksJSON("Bash", cmdHook("touch "+marker+"; exit 2"))})
	got := p.Decide(d.call(sh("ls")), "default")
	if got.Outcome != engine.Runs {
		t.Errorf("without RunHooks: %s, want runs", got.Outcome)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Error("the hook ran without RunHooks")
	}
	if !strings.Contains(strings.Join(got.Notes, "\n"), "were not run") {
		t.Errorf("notes %v, want one saying a hook matched but was not run", got.Notes)
	}
}

// TestHookProblems checks that unreadable hook settings are reported with
// their file and line, and the rest of the file still counts.
func TestHookProblems(t *testing.T) {
	p, d := build(t, setup{
		user:    "{\n  \"permissions\": {\"deny\": [\"Bash(make deploy)\"]},\n  \"hooks\": {\"PreToolUse\": \"oops\"}\n}",
		project: hooksJSON("Bash", map[string]any{"type": "command", "command": "exit 2", "if": "Frob(x)"}),
		hooks:   realHooks(5 * time.Second),
	})
	probs := strings.Join(p.Problems(), "\n")
	for _, want := range []string{filepath.Join(d.home, ".claude", "settings.json") + ":3: hooks", `"if": "Frob(x)"`} {
		if !strings.Contains(probs, want) {
			t.Errorf("problems %q lack %q", probs, want)
		}
	}
	if got := p.Decide(d.call(sh("make deploy")), "default"); got.Outcome != engine.Blocked || got.Step != "2 deny rule" {
		t.Errorf("the deny rule beside broken hooks: %s at %q", got.Outcome, got.Step)
	}
	if got := p.Decide(d.call(sh("ls")), "default"); got.Outcome != engine.Runs {
		t.Errorf("a hook with an unreadable if ran: %s", got.Outcome)
	}
}

// TestUnknownHookAndDenyRule checks that a hook the tester could not wait
// for leaves the call unknown only when its answer could matter: "Deny
// rules, from any layer" (step 2) block whatever a hook says ("a hook
// allow does not override ... a deny rule", the corpus README).
func TestUnknownHookAndDenyRule(t *testing.T) {
	p, d := build(t, setup{user: withPerms(hooksJSON("Bash", cmdHook("sleep 30")), `{"deny": ["Bash(make deploy)"]}`), hooks: realHooks(200 * time.Millisecond)})
	got := p.Decide(d.call(sh("make deploy")), "default")
	if got.Outcome != engine.Blocked || got.Step != "2 deny rule" || !strings.Contains(strings.Join(got.Notes, "\n"), "whatever it answers") {
		t.Errorf("deny rule with a hanging hook: %s at %q, notes %v; want blocked at step 2 with a note", got.Outcome, got.Step, got.Notes)
	}
	got = p.Decide(d.call(sh("make build")), "default")
	if got.Outcome != engine.Unknown || got.Step != "1 hook" {
		t.Errorf("no rule, hanging hook: %s at %q, want unknown", got.Outcome, got.Step)
	}
}

// TestPluginHooks checks the seed: "Plugin hooks: found through Claude
// Code's plugin list (plugins/installed_plugins.json) for plugins that
// enabledPlugins turns on", "exec form (args) ... with
// ${CLAUDE_PLUGIN_ROOT} filled in", and "a plugin's copy stays separate".
func TestPluginHooks(t *testing.T) {
	count := filepath.Join(t.TempDir(), "count")
	gate := "#!/bin/sh\necho plugin >> " + count + "\ncat | grep -q 'make deploy' && exit 2\nexit 0\n"
	installed := `{"version": 2, "plugins": {
		"gate@team": [{"scope": "user", "installPath": "{H}/.claude/plugins/cache/gate", "version": "1.0.0"}],
		"off@team": {"installPath": "{H}/.claude/plugins/cache/off"}}}`
	pluginHooks := hooksJSON("Bash", map[string]any{"type": "command", "command": "sh", "args": []string{"${CLAUDE_PLUGIN_ROOT}/gate.sh"}})
	files := map[string]string{
		"{H}/.claude/plugins/installed_plugins.json":      installed,
		"{H}/.claude/plugins/cache/gate/hooks/hooks.json": pluginHooks,
		"{H}/.claude/plugins/cache/gate/gate.sh":          gate,
		"{H}/.claude/plugins/cache/off/hooks/hooks.json":  hooksJSON("Bash", cmdHook("exit 2")),
	}
	user := `{"enabledPlugins": {"gate@team": true, "off@team": false}}`
	p, d := build(t, setup{user: user, files: files, hooks: realHooks(5 * time.Second)})
	if got := p.Decide(d.call(sh("make deploy")), "default"); got.Outcome != engine.Blocked || got.Step != "1 hook blocks" {
		t.Errorf("the enabled plugin's hook: %s at %q (notes %v), want blocked by the hook", got.Outcome, got.Step, got.Notes)
	}
	if got := p.Decide(d.call(sh("ls")), "default"); got.Outcome != engine.Runs {
		t.Errorf("a plugin that enabledPlugins turns off ran: %s at %q", got.Outcome, got.Step)
	}
	// The same handler in the settings and in the plugin: the plugin's
	// copy stays separate, so both are kept (and run) for a call.
	same := hooksJSON("Bash", map[string]any{"type": "command", "command": "sh", "args": []string{"${CLAUDE_PLUGIN_ROOT}/gate.sh"}})
	p, d = build(t, setup{user: strings.TrimSuffix(same, "}") + `, "enabledPlugins": {"gate@team": true}}`, files: files})
	dec := &decider{p: p, call: d.call(sh("ls")), tool: "Bash", cwd: d.project}
	if hs := dec.matchingHooks(); len(hs) != 2 || hs[0].Key() == hs[1].Key() {
		t.Errorf("the settings' and the plugin's copy of one handler: %d handlers %v, want 2, kept apart", len(hs), hs)
	}
}

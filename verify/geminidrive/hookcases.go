package geminidrive

import (
	"encoding/json"
	"time"

	"github.com/permsim/permsim/engine/hooks"
	"github.com/permsim/permsim/verify"
)

// The hook corpus (testdata/gemini/hooks): configurations whose BeforeTool
// hooks block, warn, ask, stop, time out or miss by matcher, each with the
// same calls, some of which the hooks single out by the word DANGER.

// hookRunner runs the case's hooks for the simulator. The driver already
// runs inside verify's sandbox, so the hooks run as Gemini CLI runs them
// there.
var hookRunner = hooks.NewRunner(hooks.Limits{Timeout: 30 * time.Second, Workers: 2, Sandbox: hooks.SandboxOff})

// gate is a hook command that does then when the call's JSON on stdin
// names DANGER, and lets the call go on otherwise.
func gate(then string) string {
	return "if grep -q DANGER; then " + then + "; fi; exit 0"
}

func shellCall(cmd string) verify.Call {
	return verify.Call{Tool: "run_shell_command", Input: map[string]any{"command": cmd, "description": "hook corpus"}}
}

// hookCalls are every hook case's calls: four carry DANGER.
func hookCalls() []verify.Call {
	return []verify.Call{
		shellCall("echo hello"), shellCall("echo DANGER zone"), shellCall("ls"), shellCall("touch DANGER.txt"), shellCall("pwd"),
		{Tool: "read_file", Input: map[string]any{"file_path": verify.Project + "/README.md"}},
		{Tool: "read_file", Input: map[string]any{"file_path": verify.Project + "/DANGER.md"}},
		shellCall("git status"),
	}
}

// beforeTool is a settings.json with one BeforeTool hook (timeout in ms;
// 0: not set) and what else the settings say.
func beforeTool(matcher, command string, timeoutMS int, extra map[string]any) string {
	h := map[string]any{"type": "command", "command": command}
	if timeoutMS > 0 {
		h["timeout"] = timeoutMS
	}
	s := map[string]any{"hooks": map[string]any{"BeforeTool": []any{map[string]any{"matcher": matcher, "hooks": []any{h}}}}}
	for k, v := range extra {
		s[k] = v
	}
	b, _ := json.Marshal(s)
	return string(b)
}

// HookCases are the hook corpus's cases.
func HookCases() []verify.Case {
	exit2 := gate("echo 'no DANGER here' >&2; exit 2")
	type cfg struct {
		name  string
		mode  string
		trust bool
		user  string // ~/.gemini/settings.json
		proj  string // .gemini/settings.json
	}
	user := func(name, matcher, command string, timeoutMS int) cfg {
		return cfg{name: name, mode: "yolo", trust: true, user: beforeTool(matcher, command, timeoutMS, nil)}
	}
	cfgs := []cfg{
		user("hook-exit2", "run_shell_command", exit2, 0),
		user("hook-exit2-silent", "run_shell_command", gate("exit 2"), 0),
		user("hook-deny", "run_shell_command", gate(`printf '%s' '{"decision":"deny","reason":"no DANGER"}'`), 0),
		user("hook-block", "run_shell_command", gate(`printf '%s' '{"decision":"block","reason":"no DANGER"}'`), 0),
		user("hook-ask", "run_shell_command", gate(`printf '%s' '{"decision":"ask"}'`), 0),
		user("hook-continue-false", "run_shell_command", gate(`printf '%s' '{"continue":false,"stopReason":"stop"}'`), 0),
		user("hook-exit1", "run_shell_command", gate("echo 'DANGER noted' >&2; exit 1"), 0),
		user("hook-exit3-text", "run_shell_command", gate("echo 'DANGER refused' >&2; exit 3"), 0),
		user("hook-exit3-silent", "run_shell_command", gate("exit 3"), 0),
		user("hook-plain-text", "run_shell_command", gate("echo 'a DANGER note'"), 0),
		user("hook-allow", "run_shell_command", gate(`printf '%s' '{"decision":"allow"}'`), 0),
		user("hook-matcher-regex", "run_shell.*", exit2, 0),
		user("hook-matcher-anchored", "^run_shell_command$", exit2, 0),
		user("hook-matcher-miss", "write_file", exit2, 0),
		user("hook-matcher-all", "*", exit2, 0),
		user("hook-matcher-read", "read_.*", exit2, 0),
		user("hook-matcher-invalid", "run_shell_command(", exit2, 0),
		user("hook-timeout-ms", "run_shell_command", gate("sleep 3; echo late >&2; exit 2"), 500),
		user("hook-timeout-seconds", "run_shell_command", exit2, 5000),
		{name: "hook-disabled-all", mode: "yolo", trust: true, user: beforeTool("run_shell_command", exit2, 0, map[string]any{"hooksConfig": map[string]any{"enabled": false}})},
		{name: "hook-disabled-one", mode: "yolo", trust: true, user: beforeTool("run_shell_command", exit2, 0, map[string]any{"hooksConfig": map[string]any{"disabled": []string{exit2}}})},
		{name: "hook-project-trusted", mode: "yolo", trust: true, proj: beforeTool("run_shell_command", exit2, 0, nil)},
		{name: "hook-project-untrusted", mode: "default", trust: false, proj: beforeTool("run_shell_command", exit2, 0, nil)},
		{name: "hook-exit2-default", mode: "default", trust: true, user: beforeTool("run_shell_command", exit2, 0, nil)},
		// Output forms (issue 29): a JSON string holding the JSON answer,
		// a JSON string that holds no JSON, continue: true beside a deny,
		// and JSON that is not an object, with exit 0 and 2.
		user("hook-json-in-string", "run_shell_command", gate(`printf '%s' '"{\"decision\":\"deny\",\"reason\":\"no DANGER\"}"'`), 0),
		user("hook-string-not-json", "run_shell_command", gate(`printf '%s' '"plain DANGER words"'`), 0),
		user("hook-continue-true-deny", "run_shell_command", gate(`printf '%s' '{"continue":true,"decision":"deny","reason":"no DANGER"}'`), 0),
		user("hook-json-list", "run_shell_command", gate(`printf '%s' '[1,2]'`), 0),
		user("hook-json-list-exit2", "run_shell_command", gate(`printf '%s' '[1,2]'; exit 2`), 0),
	}
	var out []verify.Case
	for _, c := range cfgs {
		mode := c.mode
		home := map[string]string{}
		if c.user != "" {
			home[".gemini/settings.json"] = c.user
		}
		proj := map[string]string{"README.md": "hooks corpus\n", "DANGER.md": "careful\n"}
		if c.proj != "" {
			proj[".gemini/settings.json"] = c.proj
		}
		out = append(out, verify.Case{ID: "hk-" + c.name, Harness: "gemini", Config: c.name, Git: true, Mode: &mode, Trust: c.trust,
			HomeFiles: home, ProjectFiles: proj, Calls: hookCalls(), Env: map[string]string{HeadlessEnv: "1"}})
	}
	return out
}

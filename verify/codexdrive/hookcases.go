package codexdrive

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/permsim/permsim/engine/codex"
	"github.com/permsim/permsim/engine/hooks"
	"github.com/permsim/permsim/verify"
)

// hookRunner runs the case's hooks for the simulator. The driver already
// runs inside verify's sandbox, so the hooks run as Codex runs them there.
var hookRunner = hooks.NewRunner(hooks.Limits{Timeout: 30 * time.Second, Workers: 2, Sandbox: hooks.SandboxOff})

// The hook corpus (testdata/codex/hooks): configurations whose PreToolUse
// hooks block, fail open, miss by matcher, or are not trusted, each with
// the same calls, some of which the hooks single out by the word DANGER in
// the command (Codex's own rm guard would hide a hook that stops rm).

// hookCalls are every hook case's calls: three carry DANGER.
var hookCalls = []string{"echo hello", "echo DANGER zone", "ls", "touch DANGER.txt", "pwd", "cat README.md", "printf DANGER", "git status"}

// gate is a hook command that does then when the call's JSON on stdin
// names DANGER, and lets the call go on otherwise.
func gate(then string) string {
	return "if grep -q DANGER; then " + then + "; fi; exit 0"
}

// The hook answers the corpus exercises.
var (
	hookExit2       = gate("echo 'no DANGER here' >&2; exit 2")
	hookExit2Silent = gate("exit 2")
	hookDeny        = gate(`printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no DANGER"}}'`)
	hookDenyNoWhy   = gate(`printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}'`)
	hookBlock       = gate(`printf '%s' '{"decision":"block","reason":"no DANGER"}'`)
	hookAsk         = gate(`printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"sure?"}}'`)
	hookContinue    = gate(`printf '%s' '{"continue":false,"stopReason":"stop"}'`)
	hookStopReason  = gate(`printf '%s' '{"stopReason":"stop"}'`)
	hookAllow       = gate(`printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}'`)
	hookExit1       = gate("echo 'DANGER noted' >&2; exit 1")
	hookSlow        = gate("sleep 4; echo 'too late' >&2; exit 2")
	// More answers, one per branch of Codex's output parser (issue 29,
	// "every branch checked").
	hookList          = gate(`printf '%s' '[1]'`)
	hookBadJSON       = gate(`printf '%s' '{bad'`)
	hookPlain         = gate("echo DANGER seen")
	hookSuppress      = gate(`printf '%s' '{"suppressOutput":true}'`)
	hookWhyOnly       = gate(`printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecisionReason":"why"}}'`)
	hookUpdated       = gate(`printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"echo replaced"}}}'`)
	hookAllowUpdated  = gate(`printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"echo replaced"}}}'`)
	hookOtherDecision = gate(`printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"maybe","permissionDecisionReason":"why"}}'`)
	hookBlockNoWhy    = gate(`printf '%s' '{"decision":"block"}'`)
	hookApprove       = gate(`printf '%s' '{"decision":"approve","reason":"fine"}'`)
	hookOtherBlock    = gate(`printf '%s' '{"decision":"maybe","reason":"why"}'`)
	hookReasonOnly    = gate(`printf '%s' '{"reason":"why"}'`)
	hookEmpty         = gate(`printf '%s' '{}'`)
	hookExit3         = gate("echo 'DANGER noted' >&2; exit 3")
)

// hookSpec is one hooks.json handler.
type hookSpec struct {
	matcher       *string
	command       string
	timeout       int    // seconds; 0: not set
	statusMessage string // "": not set
}

func (h hookSpec) json() string {
	m := ""
	if h.matcher != nil {
		m = fmt.Sprintf(`"matcher": %q, `, *h.matcher)
	}
	t := ""
	if h.timeout > 0 {
		t = fmt.Sprintf(`, "timeout": %d`, h.timeout)
	}
	if h.statusMessage != "" {
		t += `, "statusMessage": ` + jsonText(h.statusMessage)
	}
	return fmt.Sprintf(`{"hooks": {"PreToolUse": [{%s"hooks": [{"type": "command", "command": %s%s}]}]}}`, m, jsonText(h.command), t)
}

// jsonText is s as a JSON string; for printable ASCII the same text as
// Go's %q, so the earlier cases' files are unchanged.
func jsonText(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return strings.TrimSuffix(b.String(), "\n")
}

// record is the [hooks.state] trust record /hooks writes for h in file.
func (h hookSpec) record(file string) string {
	return fmt.Sprintf("[hooks.state.%q]\ntrusted_hash = %q\n", file+":pre_tool_use:0:0", h.hash())
}

func (h hookSpec) hash() string {
	if h.statusMessage != "" {
		return codex.HookHashWithStatusMessage(h.matcher, h.command, h.statusMessage)
	}
	if h.timeout > 0 {
		return codex.HookHashWithTimeout(h.matcher, h.command, int64(h.timeout))
	}
	return codex.CommandHookHash(h.matcher, h.command)
}

func strp(s string) *string { return &s }

// HookCases are the hook corpus's cases.
func HookCases() []verify.Case {
	bash := strp("Bash")
	userHooks := verify.Home + "/.codex/hooks.json"
	projHooks := verify.Project + "/.codex/hooks.json"
	type cfg struct {
		name  string
		mode  string
		trust bool
		home  map[string]string
		proj  map[string]string
		calls []verify.Call // nil: hookCalls
	}
	user := func(name string, h hookSpec, extra string) cfg {
		return cfg{name: name, mode: "never:danger-full-access", trust: true,
			home: map[string]string{".codex/hooks.json": h.json(), ".codex/config.toml": h.record(userHooks) + extra}}
	}
	var cfgs []cfg
	for _, a := range []struct {
		name, cmd string
	}{
		{"exit2", hookExit2}, {"exit2-silent", hookExit2Silent}, {"deny", hookDeny}, {"deny-no-reason", hookDenyNoWhy},
		{"block", hookBlock}, {"ask", hookAsk}, {"continue-false", hookContinue}, {"stop-reason", hookStopReason},
		{"allow", hookAllow}, {"exit1", hookExit1},
		{"list", hookList}, {"bad-json", hookBadJSON}, {"plain-text", hookPlain}, {"suppress-output", hookSuppress},
		{"reason-without-decision", hookWhyOnly}, {"updated-input", hookUpdated}, {"allow-updated-input", hookAllowUpdated},
		{"other-permission-decision", hookOtherDecision}, {"block-no-reason", hookBlockNoWhy}, {"approve", hookApprove},
		{"other-decision", hookOtherBlock}, {"reason-only", hookReasonOnly}, {"empty-object", hookEmpty}, {"exit3", hookExit3},
	} {
		cfgs = append(cfgs, user("hook-"+a.name, hookSpec{matcher: bash, command: a.cmd}, ""))
	}
	exit2 := hookSpec{matcher: bash, command: hookExit2}
	escapes := hookExit2 + "\n# tab\there \"quoted\" back\\slash caf\u00e9 \u2028 <&> \x01\x08\x0c\r"
	cfgs = append(cfgs,
		user("hook-timeout", hookSpec{matcher: bash, command: hookSlow, timeout: 1}, ""),
		user("hook-matcher-miss", hookSpec{matcher: strp("^apply_patch$"), command: hookExit2}, ""),
		user("hook-matcher-regex", hookSpec{matcher: strp("Ba.*"), command: hookExit2}, ""),
		user("hook-matcher-list", hookSpec{matcher: strp("Edit|Bash"), command: hookExit2}, ""),
		user("hook-matcher-prefix", hookSpec{matcher: strp("Bas"), command: hookExit2}, ""),
		user("hook-no-matcher", hookSpec{command: hookExit2}, ""),
		user("hook-disabled", exit2, "enabled = false\n"),
		user("hook-features-off", exit2, "[features]\nhooks = false\n"),
		cfg{name: "hook-untrusted", mode: "never:danger-full-access", trust: true,
			home: map[string]string{".codex/hooks.json": exit2.json()}},
		cfg{name: "hook-stale", mode: "never:danger-full-access", trust: true,
			home: map[string]string{".codex/hooks.json": exit2.json(), ".codex/config.toml": hookSpec{matcher: bash, command: hookExit1}.record(userHooks)}},
		cfg{name: "hook-config-toml", mode: "never:danger-full-access", trust: true,
			home: map[string]string{".codex/config.toml": "[[hooks.PreToolUse]]\nmatcher = \"Bash\"\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = " + fmt.Sprintf("%q", hookExit2) + "\n\n" +
				fmt.Sprintf("[hooks.state.%q]\ntrusted_hash = %q\n", verify.Home+"/.codex/config.toml:pre_tool_use:0:0", exit2.hash())}},
		cfg{name: "hook-project-trusted", mode: "never:danger-full-access", trust: true,
			home: map[string]string{".codex/config.toml": exit2.record(projHooks)}, proj: map[string]string{".codex/hooks.json": exit2.json()}},
		cfg{name: "hook-project-untrusted", mode: "never:danger-full-access", trust: false,
			home: map[string]string{".codex/config.toml": exit2.record(projHooks)}, proj: map[string]string{".codex/hooks.json": exit2.json()}},
		// A trusted hook whose command holds every character serde_json
		// escapes (tab, newline, quote, backslash, other control
		// characters) and non-ASCII text: it runs only when the trust
		// hash is computed as Codex computes it.
		user("hook-hash-escapes", hookSpec{matcher: bash, command: escapes}, ""),
		user("hook-features-codex-hooks", exit2, "[features]\ncodex_hooks = false\n"),
		user("hook-invalid-matcher", hookSpec{matcher: strp("(Bash"), command: hookExit2}, ""),
		user("hook-empty-command", hookSpec{matcher: bash, command: "  "}, ""),
		cfg{name: "hook-prompt-type", mode: "never:danger-full-access", trust: true,
			home: map[string]string{".codex/hooks.json": `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "prompt", "prompt": "is this safe?"}]}]}}`,
				".codex/config.toml": exit2.record(userHooks)}},
		cfg{name: "hook-json-syntax", mode: "never:danger-full-access", trust: true,
			home: map[string]string{".codex/hooks.json": `{"hooks": {"PreToolUse": [`, ".codex/config.toml": exit2.record(userHooks)}},
		cfg{name: "hook-exit2-workspace-write", mode: "on-request:workspace-write", trust: true,
			home: map[string]string{".codex/hooks.json": exit2.json(), ".codex/config.toml": exit2.record(userHooks)}},
	)
	// Branches no case above reached (testdata/codex/COVERAGE.md): a
	// handler with a statusMessage, which its trust hash covers; a
	// timeout written in config.toml (a TOML integer); the same handler
	// in hooks.json and config.toml; hooks on apply_patch.
	status := hookSpec{matcher: bash, command: hookExit2, statusMessage: "checking for DANGER"}
	tomlTimeout := hookSpec{matcher: bash, command: hookExit2, timeout: 30}
	patch := func(file string) verify.Call {
		return verify.Call{Tool: "apply_patch", Input: map[string]any{"input": "*** Begin Patch\n*** Add File: " + file + "\n+hi\n*** End Patch\n"}}
	}
	patchCalls := []verify.Call{patch("safe.txt"), patch("DANGER.txt"),
		{Tool: "exec_command", Input: map[string]any{"cmd": "echo DANGER zone", "workdir": verify.Project, "yield_time_ms": 10000}}}
	cfgs = append(cfgs,
		user("hook-status-message", status, ""),
		cfg{name: "hook-status-message-stale", mode: "never:danger-full-access", trust: true,
			home: map[string]string{".codex/hooks.json": status.json(), ".codex/config.toml": exit2.record(userHooks)}},
		cfg{name: "hook-config-toml-timeout", mode: "never:danger-full-access", trust: true,
			home: map[string]string{".codex/config.toml": "[[hooks.PreToolUse]]\nmatcher = \"Bash\"\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = " + fmt.Sprintf("%q", hookExit2) + "\ntimeout = 30\n\n" +
				fmt.Sprintf("[hooks.state.%q]\ntrusted_hash = %q\n", verify.Home+"/.codex/config.toml:pre_tool_use:0:0", tomlTimeout.hash())}},
		cfg{name: "hook-twice", mode: "never:danger-full-access", trust: true,
			home: map[string]string{".codex/hooks.json": exit2.json(), ".codex/config.toml": "[[hooks.PreToolUse]]\nmatcher = \"Bash\"\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = " + fmt.Sprintf("%q", hookExit2) + "\n\n" +
				exit2.record(userHooks) + "\n" + fmt.Sprintf("[hooks.state.%q]\ntrusted_hash = %q\n", verify.Home+"/.codex/config.toml:pre_tool_use:0:0", exit2.hash())}},
	)
	// A command holding U+FFFD, which the trust hash writes as it is.
	cfgs = append(cfgs, user("hook-hash-replacement-char", hookSpec{matcher: bash, command: hookExit2 + " # \uFFFD"}, ""))
	for _, m := range []string{"apply_patch", "Edit", "Write", "Bash"} {
		h := hookSpec{matcher: strp(m), command: hookExit2}
		c := user("hook-patch-"+strings.ToLower(m), h, "")
		c.calls = patchCalls
		cfgs = append(cfgs, c)
	}
	var out []verify.Case
	for _, c := range cfgs {
		mode := c.mode
		proj := map[string]string{"README.md": "hooks corpus\n"}
		for k, v := range c.proj {
			proj[k] = v
		}
		vc := verify.Case{ID: "hk-" + c.name, Harness: "codex", Config: c.name, Git: true, Mode: &mode, Trust: c.trust,
			HomeFiles: c.home, ProjectFiles: proj}
		for _, cmd := range hookCalls {
			vc.Calls = append(vc.Calls, verify.Call{Tool: "exec_command", Input: map[string]any{"cmd": cmd, "workdir": verify.Project, "yield_time_ms": 10000}})
		}
		if c.calls != nil {
			vc.Calls = c.calls
		}
		out = append(out, vc)
	}
	return out
}

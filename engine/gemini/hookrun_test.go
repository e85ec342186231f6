package gemini

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/hooks"
)

func beforeTool(matcher, command string, timeoutMS int) string {
	t := ""
	if timeoutMS > 0 {
		t = fmt.Sprintf(`, "timeout": %d`, timeoutMS)
	}
	return fmt.Sprintf(`{"hooks": {"BeforeTool": [{"matcher": %q, "hooks": [{"type": "command", "command": %q%s}]}]}}`, matcher, command, t)
}

func hookRunner(timeout time.Duration) *hooks.Runner {
	// Outside the sandbox: some hooks leave their stdin in the test's
	// folder (engine/hooks tests the sandbox itself).
	return hooks.NewRunner(hooks.Limits{Timeout: timeout, Sandbox: hooks.SandboxOff})
}

// TestSeedHookRuns runs BeforeTool hooks. Seed: "Hooks: BeforeTool in
// settings.json, matched against the tool name as a regular expression.
// Exit 2 or a JSON deny (alias block) blocks; other exit codes only warn."
// Where Gemini CLI 0.61.0's HookRunner differs (plain text on another
// exit code denies; no output decides nothing), the case says so.
func TestSeedHookRuns(t *testing.T) {
	cases := []struct {
		name, matcher, command string
		call                   engine.Call
		want                   engine.Outcome
	}{
		{"exit 2 blocks", "run_shell_command", "echo 'not here' >&2; exit 2", sh("touch x"), engine.Blocked},
		{"a JSON deny blocks", "run_shell_command", `echo '{"decision":"deny","reason":"no"}'`, sh("touch x"), engine.Blocked},
		{"block is an alias of deny", "run_shell_command", `echo '{"decision":"block","reason":"no"}'`, sh("touch x"), engine.Blocked},
		{"exit 1 only warns", "run_shell_command", "echo careful >&2; exit 1", sh("touch x"), engine.Asks},
		{"exit 0 with allow lets the policy decide", "run_shell_command", `echo '{"decision":"allow"}'`, sh("touch x"), engine.Asks},
		{"the matcher is a regular expression", "run_shell.*", "echo no >&2; exit 2", sh("touch x"), engine.Blocked},
		{"a matcher that misses does not run", "^write_file$", "echo no >&2; exit 2", sh("touch x"), engine.Asks},
		{"a read the matcher selects is blocked", "read_.*", "echo no >&2; exit 2", rd("{P}/go.mod"), engine.Blocked},
		{"ask forces a confirmation", "read_file", `echo '{"decision":"ask"}'`, rd("{P}/go.mod"), engine.Asks},
		{"continue: false stops the agent", "run_shell_command", `echo '{"continue":false,"stopReason":"halt"}'`, sh("touch x"), engine.Blocked},
		// Gemini CLI 0.61.0 source (HookRunner.executeCommandHook): exit 2
		// with no text decides nothing; plain text on exit 3 denies.
		{"exit 2 without output decides nothing (Gemini source)", "run_shell_command", "exit 2", sh("touch x"), engine.Asks},
		{"plain text on exit 3 denies (Gemini source)", "run_shell_command", "echo stop >&2; exit 3", sh("touch x"), engine.Blocked},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, d := build(t, setup{trust: "TRUST_FOLDER", user: beforeTool(c.matcher, c.command, 0), runner: hookRunner(5 * time.Second)})
			got := p.Decide(expandCall(d, c.call), "")
			if got.Outcome != c.want {
				t.Errorf("%s (%s: %s), want %s; notes %v", got.Outcome, got.Step, got.Reason, c.want, got.Notes)
			}
		})
	}
}

// TestHookTrustAndTimeouts: "Project settings apply only in a trusted
// folder" (Gemini CLI 0.61.0 runs no settings hook at all in an untrusted
// folder), and "Timeouts are in milliseconds": a 300 ms timeout ends a
// slow hook, which then decides nothing.
func TestHookTrustAndTimeouts(t *testing.T) {
	block := beforeTool("run_shell_command", "echo no >&2; exit 2", 0)
	p, d := build(t, setup{trust: "TRUST_FOLDER", project: block, runner: hookRunner(5 * time.Second)})
	if got := p.Decide(expandCall(d, sh("touch x")), ""); got.Outcome != engine.Blocked {
		t.Errorf("trusted folder, project hook: %s, want blocked", got.Outcome)
	}
	p, d = build(t, setup{trust: "DO_NOT_TRUST", project: block, user: block, runner: hookRunner(5 * time.Second)})
	if got := p.Decide(expandCall(d, sh("touch x")), ""); got.Outcome == engine.Blocked {
		t.Errorf("untrusted folder: %s (%s), want no hook run", got.Outcome, got.Reason)
	}
	slow := beforeTool("run_shell_command", "sleep 3; echo no >&2; exit 2", 300)
	p, d = build(t, setup{trust: "TRUST_FOLDER", user: slow, runner: hookRunner(5 * time.Second)})
	start := time.Now()
	if got := p.Decide(expandCall(d, sh("touch x")), ""); got.Outcome != engine.Asks {
		t.Errorf("a hook past its 300 ms timeout: %s, want asks (it decides nothing)", got.Outcome)
	}
	if el := time.Since(start); el > 2500*time.Millisecond {
		t.Errorf("the 300 ms timeout was read as seconds: took %s", el)
	}
	// The tester's own limit below the hook's: unknown.
	p, d = build(t, setup{trust: "TRUST_FOLDER", user: beforeTool("run_shell_command", "sleep 30", 0), runner: hookRunner(300 * time.Millisecond)})
	if got := p.Decide(expandCall(d, sh("touch x")), ""); got.Outcome != engine.Unknown {
		t.Errorf("a hook past the tester's limit: %s, want unknown", got.Outcome)
	}
}

// TestHookStdin: the hook gets Gemini CLI's BeforeTool JSON on stdin and
// GEMINI_PROJECT_DIR in its environment.
func TestHookStdin(t *testing.T) {
	dump := filepath.Join(t.TempDir(), "stdin.json")
	p, d := build(t, setup{trust: "TRUST_FOLDER", user: beforeTool("run_shell_command", "cat > "+dump+"; echo \"$GEMINI_PROJECT_DIR\" >> "+dump+".env", 0), runner: hookRunner(5 * time.Second)})
	p.Decide(expandCall(d, sh("touch x")), "")
	b, err := os.ReadFile(dump)
	if err != nil {
		t.Fatal(err)
	}
	var in map[string]any
	if err := json.Unmarshal(b, &in); err != nil {
		t.Fatalf("stdin %q: %v", b, err)
	}
	for _, k := range []string{"session_id", "transcript_path", "cwd", "hook_event_name", "timestamp", "tool_name", "tool_input"} {
		if _, ok := in[k]; !ok {
			t.Errorf("stdin lacks %s: %s", k, b)
		}
	}
	if in["hook_event_name"] != "BeforeTool" || in["tool_name"] != "run_shell_command" || in["cwd"] != d.project {
		t.Errorf("stdin %s", b)
	}
	env, _ := os.ReadFile(dump + ".env")
	if strings.TrimSpace(string(env)) != d.project {
		t.Errorf("GEMINI_PROJECT_DIR = %q, want %q", env, d.project)
	}
}

// FuzzReadGeminiHook: a hook's output is outside input; reading it never
// panics, and plain text on exit 0 or 1 never blocks.
func FuzzReadGeminiHook(f *testing.F) {
	for _, s := range []string{"", "{}", `{"decision":"deny"}`, `"{\"decision\":\"block\"}"`, `[1]`, "plain", `{"continue":false}`, `"x"`} {
		f.Add(s, "", 0)
		f.Add(s, "err", 3)
	}
	f.Fuzz(func(t *testing.T, stdout, stderr string, exit int) {
		o, ok := readGeminiHook(hooks.Result{Status: hooks.Ran, Stdout: stdout, Stderr: stderr, ExitCode: exit})
		text := strings.TrimSpace(stdout)
		if text == "" {
			text = strings.TrimSpace(stderr)
		}
		if !ok && text != "" && !json.Valid([]byte(text)) {
			t.Errorf("text %q read as no answer", text)
		}
		var v any
		if ok && (exit == 0 || exit == 1) && json.Unmarshal([]byte(text), &v) != nil && o.Decision != "allow" {
			t.Errorf("plain text %q on exit %d gave %q, want allow", text, exit, o.Decision)
		}
	})
}

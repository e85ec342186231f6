package hooks

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestMatchTool(t *testing.T) {
	// Seed, Hooks: "Matchers: `*`, empty, or missing match every tool;
	// letters, digits, `_`, `-`, spaces, `,`, and `|` form an exact name or
	// list; anything else is an unanchored regular expression."
	cases := []struct {
		matcher, tool string
		want          bool
	}{
		{"*", "Bash", true},
		{"", "Read", true},
		{"Bash", "Bash", true},
		{"Bash", "BashOutput", false}, // an exact name, not a prefix
		{"Bash|Read", "Read", true},
		{"Edit, Write", "Write", true},
		{"Edit | Write", "Bash", false},
		{"mcp__github__get_issue", "mcp__github__get_issue", true},
		{"mcp__github__.*", "mcp__github__create_issue", true}, // a regular expression
		{"Notebook.*", "NotebookEdit", true},
		{"Edit.", "MultiEdit", false}, // unanchored, but still needs a character after Edit
		{"^Bash$", "Bash", true},
		{"Ba.h", "xBashx", true}, // unanchored
	}
	for _, c := range cases {
		got, err := MatchTool(c.matcher, c.tool)
		if err != nil || got != c.want {
			t.Errorf("MatchTool(%q, %q) = %v, %v; want %v", c.matcher, c.tool, got, err, c.want)
		}
	}
	if ok, err := MatchTool("Bash(", "Bash"); ok || err == nil || !strings.Contains(err.Error(), "not a valid regular expression") {
		t.Errorf("an invalid regular expression: %v, %v; want no match and an error", ok, err)
	}
}

func TestRunnable(t *testing.T) {
	// Seed, Hooks: "`async` hooks cannot block; `http`, `prompt`, `agent`,
	// and `mcp_tool` hooks are listed, not run." and "The tester skips
	// `"shell": "powershell"` handlers."
	cases := []struct {
		h    Handler
		ok   bool
		note string
	}{
		{Handler{Command: "true"}, true, ""},
		{Handler{Type: TypeCommand, Command: "true", Shell: "bash"}, true, ""},
		{Handler{Type: TypeHTTP, Command: "http://127.0.0.1:1/x"}, false, "http hooks are listed, not run"},
		{Handler{Type: TypePrompt}, false, "prompt hooks are listed, not run"},
		{Handler{Type: TypeAgent}, false, "agent hooks are listed, not run"},
		{Handler{Type: TypeMCPTool}, false, "mcp_tool hooks are listed, not run"},
		{Handler{Command: "true", Async: true}, false, "async hooks cannot block"},
		{Handler{Command: "Write-Host x", Shell: "powershell"}, false, "powershell"},
	}
	for _, c := range cases {
		ok, note := c.h.Runnable()
		if ok != c.ok || !strings.Contains(note, c.note) {
			t.Errorf("%+v: Runnable() = %v, %q; want %v, %q", c.h, ok, note, c.ok, c.note)
		}
		if !c.ok {
			r := NewRunner(Limits{})
			if res := r.Run(context.Background(), c.h, nil); res.Status != Skipped || res.Note == "" {
				t.Errorf("%+v: Run gave %s (%q), want skipped with a reason", c.h, res.Status, res.Note)
			}
		}
	}
}

func TestRunShellAndExecForms(t *testing.T) {
	dir := t.TempDir()
	proj := filepath.Join(dir, "proj")
	if err := os.MkdirAll(proj, 0o755); err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(proj, "hook.sh")
	if err := os.WriteFile(script, []byte("#!/bin/sh\nprintf 'args:%s,%s' \"$1\" \"$2\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	vars := map[string]string{"CLAUDE_PROJECT_DIR": proj}
	cases := []struct {
		name       string
		h          Handler
		input      string
		wantExit   int
		wantStdout string
		wantStderr string
	}{
		{"shell form gets the input on stdin", Handler{Command: "cat"}, `{"tool_name":"Bash"}`, 0, `{"tool_name":"Bash"}`, ""},
		{"exit 2 and stderr", Handler{Command: "echo no >&2; exit 2"}, "", 2, "", "no\n"},
		{"exit 1", Handler{Command: "exit 1"}, "", 1, "", ""},
		// Seed, Hooks: "Shell-form commands run through `sh -c` on macOS and
		// Linux, or `bash -c` when the handler sets `"shell": "bash"`".
		{"bash when shell is bash", Handler{Command: `[[ -n "$BASH_VERSION" ]] && echo bash`, Shell: "bash"}, "", 0, "bash\n", ""},
		{"the project folder is in the environment", Handler{Command: `printf %s "$CLAUDE_PROJECT_DIR"`, Vars: vars}, "", 0, proj, ""},
		// "exec form (`args`) runs without a shell, with
		// `${CLAUDE_PROJECT_DIR}` and `${CLAUDE_PLUGIN_ROOT}` filled in."
		{"exec form fills in ${CLAUDE_PROJECT_DIR}", Handler{Command: "${CLAUDE_PROJECT_DIR}/hook.sh", Args: []string{"${CLAUDE_PROJECT_DIR}/x", "$(id)"}, Vars: vars}, "", 0, "args:" + proj + "/x,$(id)", ""},
		{"exec form runs in Dir", Handler{Command: "pwd", Args: []string{"-P"}, Dir: proj}, "", 0, mustReal(t, proj) + "\n", ""},
	}
	r := NewRunner(Limits{Timeout: 5 * time.Second})
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := r.Run(context.Background(), c.h, []byte(c.input))
			if res.Status != Ran {
				t.Fatalf("status %s (%v, %s), want ran", res.Status, res.Err, res.Note)
			}
			if res.ExitCode != c.wantExit || res.Stdout != c.wantStdout || res.Stderr != c.wantStderr {
				t.Errorf("exit %d, stdout %q, stderr %q; want %d, %q, %q", res.ExitCode, res.Stdout, res.Stderr, c.wantExit, c.wantStdout, c.wantStderr)
			}
		})
	}
	if res := r.Run(context.Background(), Handler{Command: "no-such-program-permsim", Args: []string{"x"}}, nil); res.Status != Failed || res.Err == nil {
		t.Errorf("missing exec-form program: %s %v, want failed with an error", res.Status, res.Err)
	}
}

func mustReal(t *testing.T, p string) string {
	t.Helper()
	r, err := filepath.EvalSymlinks(p)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestTimeouts(t *testing.T) {
	// Seed, Hooks: "the tester waits at most `--hook-timeout` (10 by
	// default) and reports a hook that hits it" and "A hook that hits the
	// tester's limit (`--hook-timeout`, 10 seconds) while Claude Code would
	// wait longer makes that case "unknown"; after two timeouts the hook is
	// not run again."
	// 1 s: on a loaded machine a sandboxed `true` can take longer than
	// 200 ms to start and end.
	r := NewRunner(Limits{Timeout: time.Second})
	hang := Handler{Command: "sleep 30; echo late"}
	for i := 1; i <= 2; i++ {
		start := time.Now()
		res := r.Run(context.Background(), hang, nil)
		if res.Status != TimedOut {
			t.Fatalf("run %d: status %s, want timed-out", i, res.Status)
		}
		if el := time.Since(start); el > 5*time.Second {
			t.Fatalf("run %d: the hanging hook was not killed at the limit (waited %s)", i, el)
		}
		if !strings.Contains(res.Note, "tester's limit") {
			t.Errorf("run %d: note %q does not name the limit", i, res.Note)
		}
		if strings.Contains(res.Stdout, "late") {
			t.Errorf("run %d: the hook went on after the limit: %q", i, res.Stdout)
		}
	}
	res := r.Run(context.Background(), hang, nil)
	if res.Status != Skipped || !strings.Contains(res.Note, "not run again") {
		t.Errorf("third run: %s (%q), want skipped: not run again", res.Status, res.Note)
	}
	// Another handler is not affected by the first one's record.
	if res := r.Run(context.Background(), Handler{Command: "true"}, nil); res.Status != Ran {
		t.Errorf("another handler: %s, want ran", res.Status)
	}

	// "A timed-out hook decides nothing": when the handler's own timeout is
	// within the tester's limit, the harness gives up too.
	own := Handler{Command: "sleep 30", Timeout: 100 * time.Millisecond}
	if res := NewRunner(Limits{Timeout: 5 * time.Second}).Run(context.Background(), own, nil); res.Status != HarnessTimedOut {
		t.Errorf("own timeout within the limit: %s, want harness-timed-out", res.Status)
	}
}

func TestFloodIsCut(t *testing.T) {
	r := NewRunner(Limits{Timeout: 5 * time.Second, MaxOutput: 1000})
	res := r.Run(context.Background(), Handler{Command: "head -c 200000 /dev/zero | tr '\\0' x; head -c 5000 /dev/zero >&2"}, nil)
	if res.Status != Ran {
		t.Fatalf("status %s (%v)", res.Status, res.Err)
	}
	if len(res.Stdout) != 1000 || len(res.Stderr) != 1000 || !res.Truncated {
		t.Errorf("kept %d/%d bytes, truncated %v; want 1000/1000 and truncated", len(res.Stdout), len(res.Stderr), res.Truncated)
	}
	if !strings.Contains(res.Note, "output cut") || !strings.Contains(res.Note, "199000") {
		t.Errorf("note %q does not report the cut", res.Note)
	}
}

func TestWorkersBound(t *testing.T) {
	// --hook-workers: "one at a time by default".
	dir := t.TempDir()
	// Outside the sandbox: the hooks share the test's folder to detect
	// each other (in the sandbox each gets its own /tmp).
	r := NewRunner(Limits{Timeout: 5 * time.Second, Sandbox: SandboxOff})
	var wg sync.WaitGroup
	var failed atomic.Bool
	lock := filepath.Join(dir, "lock")
	// Each hook makes a folder that must not exist yet (mkdir is atomic)
	// and removes it when done: two at once would collide.
	h := Handler{Command: "mkdir " + lock + " || exit 3; sleep 0.05; rmdir " + lock}
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if res := r.Run(context.Background(), h, nil); res.Status != Ran || res.ExitCode != 0 {
				failed.Store(true)
			}
		}()
	}
	wg.Wait()
	if failed.Load() {
		t.Error("two hooks ran at once with one worker")
	}
}

func TestKey(t *testing.T) {
	// Seed, Hooks: "The same handler in two settings files runs once; a
	// plugin's copy stays separate."
	a := Handler{Command: "./check.sh", Origin: "user"}
	b := Handler{Command: "./check.sh", Origin: "project"}
	p := Handler{Command: "./check.sh", Vars: map[string]string{"CLAUDE_PLUGIN_ROOT": "/plugins/x"}}
	if a.Key() != b.Key() {
		t.Error("the same handler from two files has two keys")
	}
	if a.Key() == p.Key() {
		t.Error("a plugin's copy has the same key as the settings' handler")
	}
	if a.Key() == (Handler{Command: "./check.sh", Shell: "bash"}).Key() {
		t.Error("a handler with another shell has the same key")
	}
}

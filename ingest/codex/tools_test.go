package codex

import (
	"slices"
	"testing"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/ingesttest"
)

// TestClassify checks transcript-formats §2.5: outputs are "structured JSON
// text {"output": "…", "metadata": {"exit_code": N, …}}", "freeform Exit
// code: N\nWall time: …", "unified exec … Process exited with code N … or
// Process running with session ID N (still running …)", "user denial:
// exactly exec command rejected by user / patch rejected by user", "a
// guardian/auto-reviewer refusal This action was rejected due to
// unacceptable risk.", "escalation not allowed by policy: text starting
// approval policy is …", and "sandbox failures are ordinary non-zero
// exits"; plus the refusals the real Codex 0.169.0 wrote.
func TestClassify(t *testing.T) {
	n := func(v int64) *int64 { return &v }
	cases := []struct {
		name    string
		text    string
		exec    bool
		result  string
		exit    *int64
		running bool
	}{
		{"structured ok", `{"output":"hi\n","metadata":{"exit_code":0,"duration_seconds":0.1}}`, true, "ok", n(0), false},
		{"structured fail", `{"output":"","metadata":{"exit_code":2,"duration_seconds":0.1}}`, true, "error", n(2), false},
		{"freeform", "Exit code: 1\nWall time: 0.2 seconds\nOutput:\nboom\n", true, "error", n(1), false},
		{"unified exec", "Chunk ID: a\nWall time: 0.1 seconds\nProcess exited with code 0\nOriginal token count: 1\nOutput:\nx\n", true, "ok", n(0), false},
		{"still running", "Chunk ID: a\nWall time: 2 seconds\nProcess running with session ID 41231\nOutput:\n> vite\n", true, "unknown", nil, true},
		{"user denial", "exec command rejected by user", true, "denied", nil, false},
		{"patch denial", "patch rejected by user", true, "denied", nil, false},
		{"guardian", "This action was rejected due to unacceptable risk.", true, "denied", nil, false},
		{"policy", "approval policy is never; reject command — you should not ask for escalated permissions", true, "denied", nil, false},
		{"real declined approval", `exec_command failed: CreateProcess { message: "Rejected(\"rejected by user\")" }`, true, "denied", nil, false},
		{"real forbidden rule", "exec_command failed: CreateProcess { message: \"Rejected(\\\"`/bin/bash -lc 'rm -rf build'` rejected: policy forbids commands starting with `rm -rf`\\\")\" }", true, "denied", nil, false},
		{"real read-only patch", "patch rejected: writing is blocked by read-only sandbox; rejected by user approval settings", true, "denied", nil, false},
		{"sandbox failure", "Chunk ID: a\nWall time: 0 seconds\nProcess exited with code 1\nOutput:\ntouch: Read-only file system\n", true, "error", n(1), false},
		{"output quoting a refusal", "Exit code: 0\nWall time: 0.1 seconds\nOutput:\nexec command rejected by user\n", true, "ok", n(0), false},
		{"exit line inside the output", "Chunk ID: a\nProcess exited with code 0\nOutput:\nProcess exited with code 9\n", true, "ok", n(0), false},
		{"mcp json", `{"number":42,"title":"x"}`, false, "ok", nil, false},
		{"mcp with exit-like text", "Exit code: 3\n", false, "ok", nil, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := classify(c.text, c.exec)
			if v.result != c.result || ingesttest.FmtPtr(v.exit) != ingesttest.FmtPtr(c.exit) || v.running != c.running {
				t.Errorf("got %s exit %s running %v, want %s exit %s running %v", v.result, ingesttest.FmtPtr(v.exit), v.running, c.result, ingesttest.FmtPtr(c.exit), c.running)
			}
		})
	}
}

// TestArgv checks the unpacking of argv-form shell calls: the issue's
// "Unpack bash -lc <script> argv into Command", and §2.4 "apply_patch via
// shell: shell argv ["apply_patch", "<patch>"] in older sessions".
func TestArgv(t *testing.T) {
	cases := []struct {
		argv    []string
		tool    string
		command string
		paths   []string
	}{
		{[]string{"bash", "-lc", "ls -la && cat README.md"}, "bash", "ls -la && cat README.md", nil},
		{[]string{"/bin/bash", "-c", "echo $HOME"}, "bash", "echo $HOME", nil},
		{[]string{"zsh", "-l", "-c", "git status"}, "bash", "git status", nil},
		{[]string{"pwsh", "-NoProfile", "-Command", "Get-ChildItem"}, "bash", "Get-ChildItem", nil},
		{[]string{"git", "commit", "-m", "fix it's"}, "bash", `git commit -m 'fix it'\''s'`, nil},
		{[]string{"bash", "script.sh"}, "bash", "bash script.sh", nil},
		{[]string{"apply_patch", "*** Begin Patch\n*** Update File: README.md\n@@\n-a\n+b\n*** End Patch\n"}, "edit", "", []string{"/w/p/README.md"}},
		{[]string{"bash", "-lc", "apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: /tmp/x.txt\n+x\n*** End Patch\nEOF"}, "edit", "", []string{"/tmp/x.txt"}},
	}
	for _, c := range cases {
		row := ingest.Row{Tool: "bash", Cwd: "/w/p"}
		fillArgv(&row, c.argv)
		if row.Tool != c.tool || row.Command != c.command || !slices.Equal(row.Paths, c.paths) {
			t.Errorf("%q: got %s %q %v, want %s %q %v", c.argv, row.Tool, row.Command, row.Paths, c.tool, c.command, c.paths)
		}
	}
}

// TestPatchPaths: §2.4 "Paths of apply_patch: lines *** Add File: p,
// *** Update File: p, *** Delete File: p, *** Move to: p, relative to the
// call's cwd".
func TestPatchPaths(t *testing.T) {
	patch := "*** Begin Patch\n*** Add File: new.txt\n+x\n*** Update File: src/a.py\n*** Move to: src/b.py\n@@\n-x\n+y\n" +
		"*** Delete File: /abs/old.txt\n*** Update File: src/a.py\n*** End Patch\n"
	got := patchPaths(patch, "/w/p")
	want := []string{"/w/p/new.txt", "/w/p/src/a.py", "/w/p/src/b.py", "/abs/old.txt"}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

// TestNormalizeTool follows the tool map of transcript-formats §7.1 (Codex
// column) and the fixtures README ("Codex write_stdin is other").
func TestNormalizeTool(t *testing.T) {
	cases := map[string]string{
		"shell": "bash", "shell_command": "bash", "exec_command": "bash", "local_shell_call": "bash",
		"apply_patch": "edit", "web_search_call": "websearch", "github__get_issue": "mcp",
		"write_stdin": "other", "spawn_agent": "other", "update_plan": "other", "view_image": "other",
	}
	for name, want := range cases {
		if got := NormalizeTool(name); got != want {
			t.Errorf("%s: %s, want %s", name, got, want)
		}
	}
}

// TestModeForms: §2.2 turn_context "approval_policy (untrusted | on-failure
// | on-request | never | an object {"granular": {…}} …), sandbox_policy
// ({"type":"danger-full-access"} | {"type":"read-only"} | …)".
func TestModeForms(t *testing.T) {
	cases := []struct{ raw, want string }{
		{`"on-request"`, "on-request"},
		{`"untrusted"`, "untrusted"},
		{`{"granular":{"sandbox_approval":true,"rules":true}}`, "granular"},
		{`null`, ""},
	}
	for _, c := range cases {
		if got := approvalOf([]byte(c.raw)); got != c.want {
			t.Errorf("approval %s: %q, want %q", c.raw, got, c.want)
		}
	}
	sb := []struct{ raw, want string }{
		{`{"type":"workspace-write","writable_roots":[],"network_access":false}`, "workspace-write"},
		{`{"type":"read-only"}`, "read-only"},
		{`"danger-full-access"`, "danger-full-access"},
	}
	for _, c := range sb {
		if got := sandboxOf([]byte(c.raw)); got != c.want {
			t.Errorf("sandbox %s: %q, want %q", c.raw, got, c.want)
		}
	}
}

// joinMode spells a row's two recorded halves the way DESIGN.md spells
// Codex modes (APPROVAL:SANDBOX), so tests can compare them with the
// harness's effective_mode; the simulator's own spelling is
// engine/codex's RecordedMode, which ingest may not import.
func joinMode(approval, sandbox string) string {
	if sandbox == "" {
		return approval
	}
	return approval + ":" + sandbox
}

// TestSubagentSource: §2.2 session_meta "source (cli, vscode, exec, or
// {"subagent":{"thread_spawn":{parent_thread_id, depth, …}}})".
func TestSubagentSource(t *testing.T) {
	cases := []struct {
		raw    string
		parent string
		sub    bool
	}{
		{`"cli"`, "", false},
		{`{"subagent":{"thread_spawn":{"parent_thread_id":"p1","depth":1}}}`, "p1", true},
		{`{"subagent":"review"}`, "", true},
	}
	for _, c := range cases {
		p, sub := subagentOf([]byte(c.raw))
		if p != c.parent || sub != c.sub {
			t.Errorf("%s: %q %v, want %q %v", c.raw, p, sub, c.parent, c.sub)
		}
	}
}

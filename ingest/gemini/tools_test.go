package gemini

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/ingesttest"
)

// TestClassify checks transcript-formats §3.4: "Shell output: old Command:
// …\nExit Code: N\n… (Exit Code always present); v0.27+ Output: … plus Exit
// Code: N only when non-zero; v0.49 wraps output in <untrusted_context>. A
// non-zero exit is still status: "success"", "Denied: status: "cancelled",
// response.error = [Operation Cancelled] Reason: User denied execution.
// (older: … Reason: User did not allow tool call). Errors: status:
// "error"", and §7.3 "unknown — … Gemini cancelled without a denial
// reason"; plus the refusals the real Gemini CLI 0.61.0 wrote.
func TestClassify(t *testing.T) {
	n := func(v int64) *int64 { return &v }
	cases := []struct {
		name, status, text string
		isErr              bool
		tool               string
		result             string
		exit               *int64
	}{
		{"old shell ok", "success", "Command: ls\nDirectory: .\nOutput: a\nError: (none)\nExit Code: 0\nSignal: (none)", false, "bash", "ok", n(0)},
		{"old shell fail", "success", "Command: npm test\nOutput: FAIL\nError: (none)\nExit Code: 1\nSignal: (none)", false, "bash", "error", n(1)},
		{"new shell ok", "success", "Output: a\nProcess Group PGID: 9", false, "bash", "ok", n(0)},
		{"new shell fail", "success", "Output: boom\nExit Code: 2\nProcess Group PGID: 9", false, "bash", "error", n(2)},
		{"wrapped", "success", "<untrusted_context>\nOutput: x\nExit Code: 127\n</untrusted_context>", false, "bash", "error", n(127)},
		{"output mentions exit code", "success", "Output: echo 'Exit Code: 5' done\nProcess Group PGID: 9", false, "bash", "ok", n(0)},
		{"user denied", "cancelled", "[Operation Cancelled] Reason: User denied execution.", true, "bash", "denied", nil},
		{"older user denied", "cancelled", "[Operation Cancelled] Reason: User did not allow tool call", true, "edit", "denied", nil},
		{"cancelled no reason", "cancelled", "[Operation Cancelled] Reason: ", true, "bash", "unknown", nil},
		{"tool error", "error", "File not found: /w/x", true, "read", "error", nil},
		{"real policy deny", "error", `Tool execution for "Shell" denied by policy.`, true, "bash", "denied", nil},
		{"real outside workspace", "error", `Path not in workspace: Attempted path "/home/user/outside.txt" resolves outside the allowed workspace directories: /home/user/proj`, true, "write", "denied", nil},
		{"real ACP cancel (no record)", "", `Tool "replace" was canceled by the user.`, true, "edit", "denied", nil},
		{"response only, ok", "", "x = 1\n", false, "read", "ok", nil},
		{"still executing", "executing", "", false, "bash", "unknown", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, exit := classify(c.status, c.text, c.isErr, c.tool)
			if res != c.result || ingesttest.FmtPtr(exit) != ingesttest.FmtPtr(c.exit) {
				t.Errorf("got %s exit %s, want %s exit %s", res, ingesttest.FmtPtr(exit), c.result, ingesttest.FmtPtr(c.exit))
			}
		})
	}
}

// TestNormalizeTool follows the tool map of transcript-formats §7.1 (Gemini
// column) and the fixtures README ("Gemini list_directory is other").
func TestNormalizeTool(t *testing.T) {
	cases := map[string]string{
		"run_shell_command": "bash", "read_file": "read", "read_many_files": "read", "replace": "edit",
		"write_file": "write", "glob": "glob", "grep_search": "grep", "search_file_content": "grep",
		"web_fetch": "webfetch", "google_web_search": "websearch", "mcp_github_get_issue": "mcp",
		"github__get_issue": "mcp", "list_directory": "other", "codebase_investigator": "other", "save_memory": "other",
	}
	for name, want := range cases {
		if got := NormalizeTool(name); got != want {
			t.Errorf("%s: %s, want %s", name, got, want)
		}
	}
}

// TestArgs: §3.3 argument names old and new ("dir_path (was directory
// before v0.14)", "file_path (was absolute_path before v0.14)", "web_fetch
// {prompt} (URLs inside the prompt)"), "Paths may be relative to the
// project root", and §7 "cwd … Gemini project root + dir_path".
func TestArgs(t *testing.T) {
	cases := []struct {
		tool, args      string
		cwd, command    string
		paths           []string
		pattern, url, q string
	}{
		{"run_shell_command", `{"command":"make","directory":"sub"}`, "/w/p/sub", "make", nil, "", "", ""},
		{"run_shell_command", `{"command":"ls","dir_path":"."}`, "/w/p", "ls", nil, "", "", ""},
		{"read_file", `{"absolute_path":"/w/p/.env"}`, "/w/p", "", []string{"/w/p/.env"}, "", "", ""},
		{"read_file", `{"file_path":"src/a.py","start_line":1}`, "/w/p", "", []string{"/w/p/src/a.py"}, "", "", ""},
		{"replace", `{"file_path":"/w/p/a","old_string":"x","new_string":"y"}`, "/w/p", "", []string{"/w/p/a"}, "", "", ""},
		{"grep_search", `{"pattern":"TODO","dir_path":"src"}`, "/w/p", "", []string{"/w/p/src"}, "TODO", "", ""},
		{"glob", `{"pattern":"**/*.go"}`, "/w/p", "", []string{"/w/p"}, "**/*.go", "", ""},
		{"web_fetch", `{"prompt":"Summarize https://example.invalid/docs?a=1 please"}`, "/w/p", "", nil, "", "https://example.invalid/docs?a=1", ""},
		{"google_web_search", `{"query":"vite env"}`, "/w/p", "", nil, "", "", "vite env"},
		{"mcp_fs_read", `{"path":"/etc/passwd"}`, "/w/p", "", nil, "", "", ""},
		{"read_file", `{"file_path":7}`, "/w/p", "", nil, "", "", ""},
	}
	for _, c := range cases {
		row := ingest.Row{Tool: NormalizeTool(c.tool), RawTool: c.tool, Cwd: "/w/p"}
		fillArgs(&row, []byte(c.args), "/w/p")
		if row.Cwd != c.cwd || row.Command != c.command || !slices.Equal(row.Paths, c.paths) || row.Pattern != c.pattern || row.URL != c.url || row.Query != c.q {
			t.Errorf("%s %s: cwd %q cmd %q paths %v pattern %q url %q query %q", c.tool, c.args, row.Cwd, row.Command, row.Paths, row.Pattern, row.URL, row.Query)
		}
	}
}

func sha(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// TestLegacyHashFolder: §3.1 "A hash folder that was never migrated cannot
// be mapped back without candidates: hash the ancestors of absolute paths
// seen in its tool arguments". The first chat of the folder names no
// absolute path; it waits for the second, whose path gives the root, and
// both chats' rows carry it.
func TestLegacyHashFolder(t *testing.T) {
	home := t.TempDir()
	root := "/srv/legacy-svc"
	folder := sha(root)
	first := metaLine("s1") + geminiMsg("g1", "2026-05-01T10:00:01.000Z",
		map[string]any{"id": "R", "name": "read_file", "args": map[string]any{"file_path": "README.md"}, "status": "success", "timestamp": "2026-05-01T10:00:01.000Z",
			"result": []any{map[string]any{"functionResponse": map[string]any{"id": "R", "name": "read_file", "response": map[string]any{"output": "x"}}}}})
	second := metaLine("s2") + geminiMsg("g1", "2026-05-01T11:00:01.000Z",
		map[string]any{"id": "W", "name": "write_file", "args": map[string]any{"file_path": root + "/config/app.yaml", "content": "x"}, "status": "success", "timestamp": "2026-05-01T11:00:01.000Z"})
	writeChat(t, home, folder, "session-2026-05-01T10-00-s1aaaaaa.jsonl", "", first)
	writeChat(t, home, folder, "session-2026-05-01T11-00-s2aaaaaa.jsonl", "", second)
	sink, st := readHome(t, home, nil)
	if len(sink.Rows) != 2 {
		t.Fatalf("rows: %s", rowIDs(sink.Rows))
	}
	for _, r := range sink.Rows {
		if r.ProjectDir != root || r.Cwd != root {
			t.Errorf("%s: project %q cwd %q, want %s", r.CallID, r.ProjectDir, r.Cwd, root)
		}
		if r.CallID == "R" && !slices.Equal(r.Paths, []string{root + "/README.md"}) {
			t.Errorf("R: paths %v", r.Paths)
		}
	}
	for p, s := range st {
		if got, _ := decodeState(s.State); got == nil || got.ProjectDir != root {
			t.Errorf("%s: state does not remember the root", p)
		}
	}
}

// TestProjectsRegistry: §3.1 "From v0.29 a short slug … registered in
// ~/.gemini/projects.json ({"projects": {"<abs path>": "<slug>"}})".
func TestProjectsRegistry(t *testing.T) {
	home := t.TempDir()
	writeChat(t, home, "my-app", "session-2026-05-01T10-00-s1aaaaaa.jsonl", "", metaLine("s1")+
		geminiMsg("g1", "2026-05-01T10:00:01.000Z", shellCall("A", "2026-05-01T10:00:01.000Z", "ls", "success", "Output: x")))
	reg := `{"projects": {"/home/dev/my-app": "my-app", "/home/dev/other": "other"}}`
	if err := os.WriteFile(filepath.Join(home, ".gemini", "projects.json"), []byte(reg), 0o644); err != nil {
		t.Fatal(err)
	}
	sink, _ := readHome(t, home, nil)
	if len(sink.Rows) != 1 || sink.Rows[0].ProjectDir != "/home/dev/my-app" {
		t.Errorf("rows: %+v", sink.Rows)
	}
}

// TestDiscoverEnv: §3.1 "Global dir <home>/.gemini, where <home> =
// $GEMINI_CLI_HOME if set, else the OS home".
func TestDiscoverEnv(t *testing.T) {
	other := t.TempDir()
	writeChat(t, other, "p", "session-2026-05-01T10-00-s1aaaaaa.jsonl", "/w", metaLine("s1"))
	uh, err := os.UserHomeDir()
	if err != nil {
		t.Skip("no user home")
	}
	t.Setenv("GEMINI_CLI_HOME", other)
	files, err := ingest.Discover(New(), uh)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 1 || filepath.Dir(filepath.Dir(filepath.Dir(filepath.Dir(files[0].Path)))) != filepath.Join(other, ".gemini") {
		t.Errorf("files: %v, want the chat under $GEMINI_CLI_HOME/.gemini", files)
	}
	// Another home is read as it is, whatever the variable says.
	files, _ = ingest.Discover(New(), t.TempDir())
	if len(files) != 0 {
		t.Errorf("another home: %v", files)
	}
}

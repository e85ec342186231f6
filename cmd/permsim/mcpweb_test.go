package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/permsim/permsim/replay"
)

// TestReplayDecidesMCPAndWebCalls: replay decides MCP, web fetch and web
// search calls (it skipped them as "not a shell or file-tool call") by
// each harness's own rules for them. Claude Code: mcp__server and
// WebFetch(domain:…) rules (Claude Code's permission docs; the Codey seed
// maps them unchanged: "Grep, WebFetch, WebSearch and TodoWrite are the
// obvious ones, and mcp__server and mcp__server__tool are unchanged").
// Gemini CLI: a server in mcp.excluded has no tools, web_fetch asks by
// the built-in policy. A tool with no rules of its own (TodoWrite) is
// still left out.
func TestReplayDecidesMCPAndWebCalls(t *testing.T) {
	dir := t.TempDir()
	home, proj, out := filepath.Join(dir, "home"), filepath.Join(dir, "proj"), filepath.Join(dir, "out")
	use := func(id, name, input string) string {
		return `{"type":"assistant","sessionId":"s1","cwd":"` + proj + `","uuid":"u` + id + `","timestamp":"2026-11-01T10:00:0` + id + `Z","version":"2.1.2","permissionMode":"default","message":{"role":"assistant","content":[{"type":"tool_use","id":"t` + id + `","name":"` + name + `","input":` + input + `}]}}` + "\n"
	}
	claude := use("1", "mcp__github__create_issue", `{"title":"x"}`) +
		use("2", "mcp__docs__search", `{"q":"x"}`) +
		use("3", "WebFetch", `{"url":"https://docs.example.com/a","prompt":"p"}`) +
		use("4", "WebFetch", `{"url":"https://other.example.org/a","prompt":"p"}`) +
		use("5", "WebSearch", `{"query":"golang"}`) +
		use("6", "TodoWrite", `{"todos":[]}`)
	gemini := `{"sessionId":"g1","projectHash":"` + replay.HashProject(proj) + `","startTime":"2026-11-01T10:00:00.000Z","lastUpdated":"2026-11-01T10:00:00.000Z","kind":"main","directories":["` + proj + `"]}
{"id":"m1","timestamp":"2026-11-01T10:00:01.000Z","type":"gemini","content":"","toolCalls":[{"id":"gc1","name":"mcp_github_create_issue","args":{"title":"x"},"status":"success","timestamp":"2026-11-01T10:00:01.000Z"},{"id":"gc2","name":"web_fetch","args":{"prompt":"get https://example.com"},"status":"success","timestamp":"2026-11-01T10:00:02.000Z"}]}
`
	writeFiles(t, dir, map[string]string{
		"home/.claude/projects/" + strings.ReplaceAll(proj, "/", "-") + "/s1.jsonl":                 claude,
		"home/.gemini/tmp/" + replay.HashProject(proj) + "/chats/session-2026-11-01T10-00-g1.jsonl": gemini,
		"home/.gemini/settings.json": `{"mcp":{"excluded":["github"]}}`,
		"proj/.claude/settings.json": `{"permissions":{"deny":["mcp__github"],"allow":["WebFetch(domain:docs.example.com)","mcp__docs__search"]}}`,
	})
	t.Setenv("HOME", home)
	for _, v := range []string{"CLAUDE_CONFIG_DIR", "GEMINI_CLI_HOME"} {
		t.Setenv(v, "")
	}
	if code, _, stderr := runCLI(t, "", "ingest", "--home", home, "--out", out); code != 0 {
		t.Fatalf("ingest: exit %d\n%s", code, stderr)
	}
	code, _, stderr := runCLI(t, "", "replay", "--out", out, "--trust", "yes", "--mode", "default")
	if code != 0 || !strings.Contains(stderr, "replay: 7 calls decided") || !strings.Contains(stderr, "skipped 1: not a shell or file-tool call") {
		t.Fatalf("replay: exit %d\n%s", code, stderr)
	}
	code, stdout, stderr := runCLI(t, "", "sql", "--out", out, "--format", "csv",
		"SELECT d.harness, c.raw_tool, d.outcome, d.step, d.rule_text FROM decisions d JOIN calls c USING (call_key) ORDER BY d.harness, c.call_id")
	want := `harness,raw_tool,outcome,step,rule_text
claude-code,mcp__github__create_issue,blocked,2 deny rule,mcp__github
claude-code,mcp__docs__search,runs,12 allow rule,mcp__docs__search
claude-code,WebFetch,runs,12 allow rule,WebFetch(domain:docs.example.com)
claude-code,WebFetch,asks,14 mode fallback,
claude-code,WebSearch,asks,14 mode fallback,
gemini,mcp_github_create_issue,blocked,1 tool registry,"mcp.excluded: ""github"""
gemini,web_fetch,asks,3 policy rule,"toolName = ""web_fetch"", decision = ""ask_user"", priority = 10, interactive = true"
`
	if code != 0 || stdout != want {
		t.Errorf("decisions:\n%s\nwant\n%s%s", stdout, want, stderr)
	}
}

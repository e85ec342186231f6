package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 11: "Exit 1 when a finding at or above --fail-on severity exists,
// for CI", with text, json and sarif output.
func TestAuditCLI(t *testing.T) {
	dir := t.TempDir()
	proj := filepath.Join(dir, "home", "p")
	if err := os.MkdirAll(filepath.Join(proj, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	// A repository CLAUDE.md importing the user's credentials: critical.
	if err := os.WriteFile(filepath.Join(proj, "CLAUDE.md"), []byte("@~/.aws/credentials\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	home := filepath.Join(dir, "home")
	args := []string{"audit", "--project", proj, "--home", home}

	code, stdout, stderr := runCLI(t, "", args...)
	if code != 0 || !strings.Contains(stdout, "CLAUDE.md:1: critical [claude-md-import-outside]") {
		t.Errorf("text: exit %d\n%s\n%s", code, stdout, stderr)
	}
	if code, _, stderr := runCLI(t, "", append(args, "--fail-on", "critical")...); code != 1 || !strings.Contains(stderr, "--fail-on") {
		t.Errorf("--fail-on critical: exit %d, want 1\n%s", code, stderr)
	}
	if code, _, _ := runCLI(t, "", append(args, "--fail-on", "note")...); code != 1 {
		t.Errorf("--fail-on note: exit %d, want 1", code)
	}
	code, stdout, _ = runCLI(t, "", append(args, "--format", "json")...)
	var rep struct {
		Findings []struct {
			Kind, File, Severity string
			Line                 int
			Harnesses            []string
		}
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil || code != 0 || len(rep.Findings) != 1 ||
		rep.Findings[0].Severity != "critical" || rep.Findings[0].Harnesses[0] != "claude-code" {
		t.Errorf("json: exit %d, %v, %+v", code, err, rep)
	}
	if code, stdout, _ := runCLI(t, "", append(args, "--format", "sarif")...); code != 0 || !strings.Contains(stdout, `"version": "2.1.0"`) {
		t.Errorf("sarif: exit %d\n%s", code, stdout)
	}
	// Without findings --fail-on passes.
	if err := os.Remove(filepath.Join(proj, "CLAUDE.md")); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCLI(t, "", append(args, "--fail-on", "note")...); code != 0 {
		t.Errorf("clean project --fail-on note: exit %d\n%s", code, stderr)
	}
	for _, bad := range [][]string{{"audit"}, {"audit", "--project", proj, "--format", "xml"}, {"audit", "--project", proj, "--fail-on", "severe"}} {
		if code, _, stderr := runCLI(t, "", bad...); code != 2 || stderr == "" {
			t.Errorf("%v: exit %d, want 2", bad, code)
		}
	}
}

// TestAuditHonoursClaudeConfigDir: Claude Code 2.1.328 reads the user's
// settings.json and CLAUDE.md from its config home and .claude.json from
// "CLAUDE_CONFIG_DIR || the home" (its configPath), so a user whose
// $CLAUDE_CONFIG_DIR moves the folder has their MCP approvals and memory
// there; audit must read those, as decide and replay do, and not the
// unused ~/.claude.
func TestAuditHonoursClaudeConfigDir(t *testing.T) {
	dir := t.TempDir()
	home, cfg, proj := filepath.Join(dir, "home"), filepath.Join(dir, "cfg"), filepath.Join(dir, "home", "p")
	writeFiles(t, dir, map[string]string{
		"cfg/settings.json":          "{\n  \"enableAllProjectMcpServers\": true\n}\n",
		"cfg/CLAUDE.md":              "user memory in the moved folder\n",
		"cfg/.claude.json":           `{"projects": {"` + proj + `": {"enabledMcpjsonServers": ["db"]}}}`,
		"home/.claude/settings.json": "{}\n",
		"home/.claude/CLAUDE.md":     "unused\n",
		"home/p/.git/HEAD":           "ref: refs/heads/main\n",
		"home/p/.mcp.json":           `{"mcpServers": {"db": {"command": "npx", "args": ["db-mcp"]}}}`,
	})
	t.Setenv("HOME", home)
	t.Setenv("CLAUDE_CONFIG_DIR", cfg)
	code, stdout, stderr := runCLI(t, "", "audit", "--project", proj, "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	var rep struct {
		ClaudeMD struct {
			Files []struct{ Path string }
		} `json:"claude_md"`
		Findings []struct{ Kind, File string }
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, f := range rep.ClaudeMD.Files {
		files = append(files, f.Path)
	}
	if len(files) == 0 || files[0] != filepath.Join(cfg, "CLAUDE.md") {
		t.Errorf("memory files %v: want %s first (the user's, in the moved folder)", files, filepath.Join(cfg, "CLAUDE.md"))
	}
	found := false
	for _, f := range rep.Findings {
		if f.Kind == "mcp-enable-all" && f.File == filepath.Join(cfg, "settings.json") {
			found = true
		}
	}
	if !found {
		t.Errorf("no mcp-enable-all finding on %s: %+v", filepath.Join(cfg, "settings.json"), rep.Findings)
	}
}

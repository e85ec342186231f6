package claude

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/ingesttest"
)

func touch(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func listing(files []ingest.File, base string) string {
	var out []string
	for _, f := range files {
		p, _ := filepath.Rel(base, f.Path)
		g, _ := filepath.Rel(base, f.Group)
		out = append(out, p+" <"+g+">")
	}
	return strings.Join(out, "\n")
}

// TestDiscover: "All transcript eras: inline sidechains …,
// projects/<slug>/agent-<id>.jsonl (2.0.28–2.1.1), and
// <session>/subagents/agent-*.jsonl with .meta.json (2.1.2+). Group a
// session file with its subagent files … <session>/tool-results/ etc. are
// not transcripts." Both <home>/.claude and <home>/.config/claude count.
func TestDiscover(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", t.TempDir()) // not the home under test
	t.Setenv("CLAUDE_CONFIG_DIR", "/nonexistent")
	p := filepath.Join(home, ".claude/projects/-work-a")
	touch(t, filepath.Join(p, "S1.jsonl"), "{}\n")
	touch(t, filepath.Join(p, "S1/subagents/agent-a1.jsonl"), "{}\n")
	touch(t, filepath.Join(p, "S1/subagents/agent-a1.meta.json"), "{}")
	touch(t, filepath.Join(p, "S1/subagents/workflows/run1/agent-w1.jsonl"), "{}\n")
	touch(t, filepath.Join(p, "S1/tool-results/toolu_1.txt"), "big output")
	touch(t, filepath.Join(p, "S1/tool-results/x.jsonl"), "{}\n")
	touch(t, filepath.Join(p, "S2.jsonl"), "{}\n")
	touch(t, filepath.Join(p, "agent-0a1b2c3d.jsonl"), `{"parentUuid":null,"isSidechain":true,"sessionId":"S2","agentId":"0a1b2c3d"}`+"\n")
	touch(t, filepath.Join(p, "notes.txt"), "x")
	touch(t, filepath.Join(home, ".config/claude/projects/-work-b/S3.jsonl"), "{}\n")

	files, err := ingest.Discover(New(), home)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Join([]string{
		".claude/projects/-work-a/S1.jsonl <.claude/projects/-work-a/S1.jsonl>",
		".claude/projects/-work-a/S1/subagents/agent-a1.jsonl <.claude/projects/-work-a/S1.jsonl>",
		".claude/projects/-work-a/S1/subagents/workflows/run1/agent-w1.jsonl <.claude/projects/-work-a/S1.jsonl>",
		".claude/projects/-work-a/S2.jsonl <.claude/projects/-work-a/S2.jsonl>",
		".claude/projects/-work-a/agent-0a1b2c3d.jsonl <.claude/projects/-work-a/S2.jsonl>",
		".config/claude/projects/-work-b/S3.jsonl <.config/claude/projects/-work-b/S3.jsonl>",
	}, "\n")
	if got := listing(files, home); got != want {
		t.Errorf("Discover:\n%s\nwant:\n%s", got, want)
	}
}

// TestDiscoverConfigDir: "Discover $CLAUDE_CONFIG_DIR (comma-separated list
// allowed) when the home is the user's own home, else
// <home>/.claude/projects/*/".
func TestDiscoverConfigDir(t *testing.T) {
	own := t.TempDir()
	cfgA, cfgB := t.TempDir(), t.TempDir()
	touch(t, filepath.Join(own, ".claude/projects/-x/default.jsonl"), "{}\n")
	touch(t, filepath.Join(cfgA, "projects/-x/a.jsonl"), "{}\n")
	touch(t, filepath.Join(cfgB, "projects/-y/b.jsonl"), "{}\n")
	other := t.TempDir()
	touch(t, filepath.Join(other, ".claude/projects/-z/o.jsonl"), "{}\n")
	t.Setenv("HOME", own)
	t.Setenv("CLAUDE_CONFIG_DIR", cfgA+", "+cfgB)

	cases := []struct {
		home string
		want []string
	}{
		{own, []string{"a.jsonl", "b.jsonl"}},
		{"", []string{"a.jsonl", "b.jsonl"}},
		{other, []string{"o.jsonl"}},
	}
	for _, c := range cases {
		files, err := ingest.Discover(New(), c.home)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, f := range files {
			got = append(got, filepath.Base(f.Path))
		}
		if strings.Join(got, ",") != strings.Join(c.want, ",") {
			t.Errorf("Discover(%q): %v, want %v", c.home, got, c.want)
		}
	}
}

// TestLegacySubagentFile reads a 2.0.28–2.1.1 layout: the subagent file
// sits next to its session and its records carry the parent's sessionId,
// so its calls are subagent calls of that session.
func TestLegacySubagentFile(t *testing.T) {
	home := t.TempDir()
	t.Setenv("CLAUDE_CONFIG_DIR", "")
	p := filepath.Join(home, ".claude/projects/-work-proj")
	touch(t, filepath.Join(p, testSession+".jsonl"), prompt("2026-01-01T10:00:00.000Z", "default", "hi")+
		toolUse("2026-01-01T10:00:01.000Z", "toolu_T", "Task", map[string]any{"prompt": "p"})+
		resultLine("2026-01-01T10:00:09.000Z", "toolu_T", "done", false, map[string]any{"agentId": "0a1b2c3d", "status": "completed"}))
	touch(t, filepath.Join(p, "agent-0a1b2c3d.jsonl"), jline(entry("assistant", "2026-01-01T10:00:02.000Z", map[string]any{
		"isSidechain": true, "agentId": "0a1b2c3d", "message": map[string]any{"role": "assistant",
			"content": []any{map[string]any{"type": "tool_use", "id": "toolu_S", "name": "Glob", "input": map[string]any{"pattern": "*.go"}}}}})))
	sink, _ := readHome(t, home)
	got := ingesttest.ByCallID(ingesttest.Latest(sink.Rows))
	s, ok := got["toolu_S"]
	if !ok {
		t.Fatalf("subagent call missing: %v", ingesttest.Keys(got))
	}
	if !s.IsSubagent || s.AgentID != "0a1b2c3d" || s.SessionID != testSession || s.ParentSessionID != testSession ||
		s.Mode != "default" || s.ModeSource != "parent" || s.Pattern != "*.go" {
		t.Errorf("subagent row: sub %v agent %q session %q parent %q mode %s/%s pattern %q",
			s.IsSubagent, s.AgentID, s.SessionID, s.ParentSessionID, s.Mode, s.ModeSource, s.Pattern)
	}
	if task := got["toolu_T"]; task.SpawnsAgent != "0a1b2c3d" || task.Tool != "other" {
		t.Errorf("Task row: spawns %q tool %q", task.SpawnsAgent, task.Tool)
	}
}

// TestDiscoverLinkedProjects: issue 27, a harness folder that is a link
// to /, above the home or into another user's home is not searched (an
// error names it); a link to a folder elsewhere is followed. For Claude
// Code both the projects folder and a project folder in it may be links.
func TestDiscoverLinkedProjects(t *testing.T) {
	t.Setenv("HOME", t.TempDir()) // not the homes under test
	t.Setenv("CLAUDE_CONFIG_DIR", "")
	base := t.TempDir()
	users := filepath.Join(base, "users")
	alice := filepath.Join(users, "alice")
	touch(t, filepath.Join(alice, ".claude", "projects", "-w-a", "a1.jsonl"), "")
	elsewhere := filepath.Join(base, "dotfiles", "claude-projects")
	touch(t, filepath.Join(elsewhere, "-w-d", "d1.jsonl"), "")
	link := func(t *testing.T, target, name string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, name); err != nil {
			t.Fatal(err)
		}
	}
	cases := []struct {
		user, target, at string // at: the link's path under the home
		listed           int
		refused          bool
	}{
		{"bob", filepath.Join(alice, ".claude", "projects"), ".claude/projects", 0, true},
		{"bob2", filepath.Join(alice, ".claude"), ".claude", 0, true},
		{"carol", users, ".claude/projects/-w-c", 0, true},
		{"erin", "/", ".claude/projects", 0, true},
		{"dave", elsewhere, ".claude/projects", 1, false},
		{"frank", filepath.Join(elsewhere, "-w-d"), ".claude/projects/-w-d", 1, false},
		{"gina", filepath.Join(users, "gina", ".codex", "sessions"), ".claude/projects", 0, true}, // another harness's folder
		{"hal", filepath.Join(users, "hal", ".claude", "projects"), ".config/claude/projects", 1, false},
	}
	// Gina's Codex folder holds a project-like folder with a transcript.
	touch(t, filepath.Join(users, "gina", ".codex", "sessions", "-w-g", "g1.jsonl"), "")
	// Hal's second Claude Code root links to his first: the same files,
	// listed once, and no error.
	touch(t, filepath.Join(users, "hal", ".claude", "projects", "-w-h", "h1.jsonl"), "")
	for _, c := range cases {
		t.Run(c.user, func(t *testing.T) {
			home := filepath.Join(users, c.user)
			link(t, c.target, filepath.Join(home, c.at))
			files, err := ingest.Discover(New(), home)
			for _, f := range files {
				if strings.Contains(f.Path, "/alice/") {
					t.Errorf("listed another user's session %s", f.Path)
				}
			}
			if len(files) != c.listed {
				t.Errorf("listed %d files (%v), want %d", len(files), files, c.listed)
			}
			if c.refused != (err != nil) {
				t.Errorf("error %v, want refused %v", err, c.refused)
			}
		})
	}
}

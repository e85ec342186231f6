package claude

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/permsim/permsim/engine"
)

// A project's .mcp.json server starts only once approved by name
// (enabledMcpjsonServers, enableAllProjectMcpServers; the Codey seed:
// ".mcp.json servers you approved (enabledMcpjsonServers,
// enableAllProjectMcpServers). It approves by name"); a rejected one
// (disabledMcpjsonServers) is not started. The mcp__server rules apply to
// an approved server's tools; a server of the user's own (not in
// .mcp.json) needs no approval.
func TestMCPServerApproval(t *testing.T) {
	const mcpJSON = `{"mcpServers": {"github": {"command": "gh-mcp"}, "docs": {"command": "docs-mcp"}, "db": {"command": "db-mcp"}}}`
	cases := []struct {
		name     string
		local    string // .claude/settings.local.json
		state    string // ~/.claude.json
		headless bool
		want     map[string]engine.Outcome
	}{
		{name: "by name", local: `{"enabledMcpjsonServers": ["docs"], "disabledMcpjsonServers": ["db"], "permissions": {"allow": ["mcp__github", "mcp__docs", "mcp__db", "mcp__slack"]}}`,
			want: map[string]engine.Outcome{"github": engine.Asks, "docs": engine.Runs, "db": engine.Blocked, "slack": engine.Runs}},
		{name: "all", local: `{"enableAllProjectMcpServers": true, "disabledMcpjsonServers": ["db"], "permissions": {"allow": ["mcp__github", "mcp__docs", "mcp__db"]}}`,
			want: map[string]engine.Outcome{"github": engine.Runs, "docs": engine.Runs, "db": engine.Blocked}},
		{name: "in ~/.claude.json", local: `{"permissions": {"allow": ["mcp__github", "mcp__docs"]}}`,
			state: `{"projects": {"{P}": {"enabledMcpjsonServers": ["github"]}}}`,
			want:  map[string]engine.Outcome{"github": engine.Runs, "docs": engine.Asks}},
		{name: "deny first", local: `{"enabledMcpjsonServers": ["github"], "permissions": {"deny": ["mcp__github"]}}`,
			want: map[string]engine.Outcome{"github": engine.Blocked}},
		// claude -p starts a server never approved without asking, and a
		// rejected one not at all (recorded with Claude Code 2.1.328,
		// testdata/claude/coverage/mcp mcp-pending, mcp-disabled).
		{name: "headless", local: `{"disabledMcpjsonServers": ["db"], "permissions": {"allow": ["mcp__github", "mcp__db"]}}`, headless: true,
			want: map[string]engine.Outcome{"github": engine.Runs, "docs": engine.Asks, "db": engine.Blocked}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			home, proj := filepath.Join(root, "home"), filepath.Join(root, "proj")
			files := map[string]string{
				filepath.Join(proj, ".mcp.json"):                      mcpJSON,
				filepath.Join(proj, ".claude", "settings.local.json"): c.local,
				filepath.Join(home, ".claude.json"):                   c.state,
			}
			for p, s := range files {
				if s == "" {
					continue
				}
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				s = strings.ReplaceAll(s, "{P}", proj)
				if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			yes := true
			env := engine.Env{ProjectDir: proj, HomeDir: home, Trust: &yes, Flags: map[string]string{}}
			if c.headless {
				env.Flags[FlagHeadless] = "true"
			}
			pol, err := New().Load(env)
			if err != nil {
				t.Fatal(err)
			}
			for server, want := range c.want {
				d := pol.Decide(engine.Call{Tool: engine.ToolMCP, RawTool: "mcp__" + server + "__do", Input: map[string]any{}}, "default")
				if d.Outcome != want {
					t.Errorf("mcp__%s__do: %s (%s: %s), want %s", server, d.Outcome, d.Step, d.Reason, want)
				}
			}
		})
	}
}

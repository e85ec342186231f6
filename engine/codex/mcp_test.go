package codex

import (
	"testing"

	"github.com/permsim/permsim/engine"
)

// Codex starts an MCP server only when its [mcp_servers.<name>] table is
// enabled, and offers only the tools enabled_tools lists and
// disabled_tools leaves (the config keys openai/codex#20195 lists:
// "McpServerConfig.enabled exists and the connection manager filters on
// it. enabled_tools / disabled_tools … are represented in config"); a call
// to a tool it does not offer could not have been made: blocked. Tools it
// offers run (their approvals are not simulated).
func TestMCPServerConfig(t *testing.T) {
	p, _ := build(t, setup{userConfig: `
[mcp_servers.off]
command = "off-mcp"
enabled = false

[mcp_servers.gh]
command = "gh-mcp"
enabled_tools = ["list_issues", "create_issue"]
disabled_tools = ["create_issue"]

[mcp_servers.docs]
command = "docs-mcp"
`})
	for _, c := range []struct {
		tool string
		want engine.Outcome
	}{
		{"mcp__off__anything", engine.Blocked},
		{"mcp__gh__list_issues", engine.Runs},
		{"mcp__gh__create_issue", engine.Blocked},
		{"mcp__gh__delete_repo", engine.Blocked},
		{"mcp__docs__search", engine.Runs},
		{"mcp__other__x", engine.Runs},
	} {
		d := p.Decide(engine.Call{Tool: engine.ToolMCP, RawTool: c.tool, Input: map[string]any{}}, "on-request:workspace-write")
		if d.Outcome != c.want {
			t.Errorf("%s: %s (%s), want %s", c.tool, d.Outcome, d.Reason, c.want)
		}
	}
}

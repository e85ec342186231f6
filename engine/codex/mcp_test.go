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
// to a tool it does not offer could not have been made: blocked (the real
// Codex 0.169.0 answers "unsupported call", rc-br-mcp#1, #2, #5). A tool it
// offers is decided by its approval mode (TestMCPToolApproval).
func TestMCPServerConfig(t *testing.T) {
	p, _ := build(t, setup{userConfig: `
[mcp_servers.off]
command = "off-mcp"
enabled = false

[mcp_servers.gh]
command = "gh-mcp"
enabled_tools = ["list_issues", "create_issue"]
disabled_tools = ["create_issue"]
default_tools_approval_mode = "approve"

[mcp_servers.docs]
command = "docs-mcp"
default_tools_approval_mode = "approve"
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
	} {
		d := p.Decide(engine.Call{Tool: engine.ToolMCP, RawTool: c.tool, Input: map[string]any{}}, "on-request:workspace-write")
		if d.Outcome != c.want {
			t.Errorf("%s: %s (%s), want %s", c.tool, d.Outcome, d.Reason, c.want)
		}
	}
}

// Codex 0.169.0 asks before an MCP tool call (an mcpServer/elicitation/
// request), by the tool's approval_mode, else its server's
// default_tools_approval_mode, else "auto": "approve" runs it, even under
// approval policy never; "prompt" asks; "auto" asks unless the server
// marks the tool read-only (readOnlyHint), which permsim cannot see, so it
// asks. Approval policy never refuses what would ask ("MCP tool call
// requires approval, but approval policy is never"), except with
// danger-full-access (--dangerously-bypass-approvals-and-sandbox), which
// runs every call. Neither the sandbox nor a granular policy's switches
// change it (recorded: testdata/codex/realconfigs/coverage, rc-br-mcp-*).
func TestMCPToolApproval(t *testing.T) {
	const plain = "[mcp_servers.plain]\ncommand = \"python3\"\n"
	const granular = "approval_policy = { granular = { sandbox_approval = false, rules = true, mcp_elicitations = false, request_permissions = true, skill_approval = true } }\n"
	prompt := plain + "default_tools_approval_mode = \"prompt\"\n\n[mcp_servers.plain.tools.fetch_page]\napproval_mode = \"approve\"\n"
	approve := plain + "default_tools_approval_mode = \"approve\"\n\n[mcp_servers.plain.tools.search]\napproval_mode = \"prompt\"\n\n[mcp_servers.plain.tools.write_note]\napproval_mode = \"auto\"\n"
	for _, c := range []struct {
		name, cfg, mode, tool string
		want                  engine.Outcome
	}{
		{"rc-br-mcp#4", plain, "on-request:workspace-write", "delete_all", engine.Asks},
		{"rc-br-mcp-read-only#1", plain, "on-request:read-only", "write_note", engine.Asks},
		{"rc-br-mcp-full-access#2", plain, "on-request:danger-full-access", "delete_all", engine.Asks},
		{"rc-br-mcp-untrusted#1", plain, "untrusted:workspace-write", "write_note", engine.Asks},
		{"rc-br-mcp-never#1", plain, "never:workspace-write", "write_note", engine.Blocked},
		{"rc-br-mcp-bypass#1", plain, "never:danger-full-access", "write_note", engine.Runs},
		{"rc-br-mcp-prompt#0", prompt, "on-request:workspace-write", "search", engine.Asks},
		{"rc-br-mcp-prompt#3", prompt, "on-request:workspace-write", "fetch_page", engine.Runs},
		{"rc-br-mcp-approve#0", approve, "on-request:workspace-write", "search", engine.Asks},
		{"rc-br-mcp-approve#1", approve, "on-request:workspace-write", "write_note", engine.Asks},
		{"rc-br-mcp-approve#2", approve, "on-request:workspace-write", "delete_all", engine.Runs},
		{"rc-br-mcp-approve-never#0", approve, "never:workspace-write", "search", engine.Blocked},
		{"rc-br-mcp-approve-never#2", approve, "never:workspace-write", "delete_all", engine.Runs},
		{"rc-br-mcp-granular-no-sandbox-approval#1", plain + granular, "", "write_note", engine.Asks},
	} {
		p, _ := build(t, setup{userConfig: c.cfg})
		d := p.Decide(engine.Call{Tool: engine.ToolMCP, RawTool: "mcp__plain__" + c.tool, Input: map[string]any{}}, engine.Mode(c.mode))
		if d.Outcome != c.want {
			t.Errorf("%s: %s %s: %s (%s), want %s", c.name, c.mode, c.tool, d.Outcome, d.Reason, c.want)
		}
	}
}

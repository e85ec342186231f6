package danger

// Other agents' settings and MCP server lists (issue 30, round 3): each
// agent's documentation names the file it reads its permissions, tools
// and MCP servers from; writing one changes what the agent may run, as
// writing .claude/settings.json does. Instruction files (rules, memories)
// stay out, as CLAUDE.md and AGENTS.md do.

// moreAgentSuffixes are agents' settings files, by their last parts.
var moreAgentSuffixes = []string{
	"/claude_desktop_config.json",        // Claude Desktop's MCP servers
	"/.codeium/windsurf/mcp_config.json", // Windsurf
	"/cline_mcp_settings.json",           // Cline
	"/.roo/mcp.json",                     // Roo Code
	"/.vscode/mcp.json",                  // VS Code's (Copilot's) MCP servers
	"/.kiro/settings/mcp.json",           // Kiro
	"/.aws/amazonq/mcp.json",             // Amazon Q Developer
	"/.amazonq/mcp.json",                 //
	"/.qwen/settings.json",               // Qwen Code (a Gemini CLI fork)
	"/.config/amp/settings.json",         // Amp
	"/.config/goose/config.yaml",         // Goose: extensions and permissions
	"/crush.json", "/.crush.json",        // Crush
	"/.aider.conf.yml",                                 // aider: commands it may run, auto-commits
	"/.continue/config.json", "/.continue/config.yaml", // Continue
}

// moreAgentDirs are folders of agents' settings, tools and extensions.
var moreAgentDirs = []string{
	"/.gemini/extensions/", "/.qwen/extensions/", "/.continue/mcpServers/", "/.claude/agents/",
}

// moreAgentConfig reports one of them.
func moreAgentConfig(slashed string) bool {
	return endsOrInside(slashed, moreAgentSuffixes, moreAgentDirs)
}

package danger

import (
	"maps"
	"slices"
	"strings"
)

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

// unguardedFlags are other agents' options that turn their permission
// checks off, as each agent's --help names them (claude, codex and gemini
// are startsUnguardedAgent's).
var unguardedFlags = map[string][]string{
	"qwen":         {"--yolo", "-y", "--approval-mode=yolo"},
	"cursor-agent": {"--force", "-f"},
	"amp":          {"--dangerously-allow-all"},
	"aider":        {"--yes-always"},
	"crush":        {"--yolo", "-y"},
	"droid":        {"--skip-permissions-unsafe"},
}

// unguardedAgentPrograms returns the programs unguardedAgents reads, the
// names it is registered under in commandRules: those of unguardedFlags
// and codex, whose sandbox and approval options it reads together.
func unguardedAgentPrograms() []string {
	return append(slices.Collect(maps.Keys(unguardedFlags)), "codex")
}

// unguardedAgents flags another agent started with its permission checks
// off, and codex given a sandbox with no bounds (-s, --sandbox
// danger-full-access) and never asking (-a, --ask-for-approval never):
// agent-config-tamper, as "claude --dangerously-skip-permissions" is.
func (c *checker) unguardedAgents(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	args := cmd.Args
	if flags, ok := unguardedFlags[name]; ok {
		for _, a := range args {
			if a.Literal && slices.Contains(flags, a.Lit) {
				c.because(name, a.Lit)
				c.add(AgentConfigTamper)
				return
			}
		}
	}
	if name != "codex" {
		return
	}
	value := func(short, long string) string {
		for i, a := range args {
			if (a.Lit == short || a.Lit == long) && i+1 < len(args) {
				return args[i+1].Lit
			}
			if v, ok := strings.CutPrefix(a.Lit, long+"="); ok {
				return v
			}
		}
		return ""
	}
	if value("-s", "--sandbox") == "danger-full-access" && value("-a", "--ask-for-approval") == "never" {
		c.because(name, "danger-full-access", "never")
		c.add(AgentConfigTamper)
	}
}

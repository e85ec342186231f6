package danger

import (
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
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

// agentHomeInstructionFiles are the agents' user-level instructions, read
// into every session whatever the project (Claude Code's memory
// documentation: ~/.claude/CLAUDE.md; Codex's ~/.codex/AGENTS.md;
// Gemini CLI's ~/.gemini/GEMINI.md). A project's own CLAUDE.md is the
// project's documentation, written as any file of it.
var agentHomeInstructionFiles = []string{".claude/CLAUDE.md", ".codex/AGENTS.md", ".gemini/GEMINI.md"}

// agentHomeInstructions reports one of agentHomeInstructionFiles in home.
func agentHomeInstructions(p, home string) bool {
	rel, ok := strings.CutPrefix(p, strings.TrimSuffix(home, "/")+"/")
	return ok && slices.Contains(agentHomeInstructionFiles, rel)
}

// agentFolderDeleted reports a delete of folder p that holds the agent's
// settings, hooks or rules (in the home folder or the project): an
// agentSuffixes file or an agentDirs folder at or below p. A find deletes
// only what its -name or -iname pattern matches, so a pattern that
// matches no settings file's name ("*.log") spares them.
func (c *checker) agentFolderDeleted(cmd *shell.Command, via, p string) bool {
	if p == "/" || p == path.Clean(c.home) {
		return false // the whole home: destructive-delete's own
	}
	pattern := ""
	if strings.HasPrefix(via, "find") {
		for i, a := range cmd.Args {
			if (a.Lit == "-name" || a.Lit == "-iname") && i+1 < len(cmd.Args) {
				pattern = cmd.Args[i+1].Lit
			}
		}
	}
	for _, root := range []string{c.home, c.project} {
		if !shell.Within(p, root) || p == path.Clean(root) {
			continue // the folder itself or one above it: not the agent's alone
		}
		for _, s := range agentSuffixes {
			f := path.Join(root, s)
			if shell.Within(f, p) && f != p && (pattern == "" || matchBase(pattern, f)) {
				return true
			}
		}
		for _, d := range agentDirs {
			dir := path.Join(root, strings.TrimSuffix(d, "/"))
			if strings.HasPrefix(d, "/.") && shell.Within(dir, p) && pattern == "" {
				return true
			}
		}
	}
	return false
}

// matchBase reports whether a find name pattern matches f's base name.
func matchBase(pattern, f string) bool {
	ok, err := path.Match(pattern, path.Base(f))
	return err == nil && ok
}

// agentHooksInstalled flags tools whose documented command writes hooks
// into coding agents' settings (README's call: an agent's hooks written
// are agent-config-tamper; heldout's i0256): "workmux setup --hooks"
// (workmux's status tracking guide: the agents' status hooks), "hcom hooks
// add|remove" (hcom's CLI reference: Claude Code's, Gemini CLI's, Codex's
// and OpenCode's settings), "harness-hooks install|remove CONFIG" (its
// PyPI page: hooks and settings into Claude Code and Codex).
func (c *checker) agentHooksInstalled(u unit) {
	cmd, name, ok := u.program()
	if !ok || asksHelp(cmd.Args) {
		return
	}
	v := c.verbs(cmd.Args, 2)
	at := wordList(v).at
	hit := false
	switch name {
	case "workmux":
		hit = at(0) == "setup" && hasLit(cmd.Args, "--hooks")
	case "hcom":
		hit = at(0) == "hooks" && (at(1) == "add" || at(1) == "remove")
	case "harness-hooks":
		hit = at(0) == "install" || at(0) == "remove"
	}
	if hit {
		c.becauseProgram(name, v...)
		c.add(AgentConfigTamper)
	}
}

// moreAgentHookFolders are the folders of hook scripts other agents run
// around their tool calls, beside agentDirs' Claude Code and Codex ones:
// Cursor's .cursor/hooks/ (hooks.json's commands are relative to
// .cursor/hooks.json and kept there: cursor.com/docs/agent/hooks) and
// GitHub Copilot's .github/hooks/ ("hooks stored in JSON files in your
// repository at .github/hooks/*.json": docs.github.com, About hooks).
// Written, removed or made executable, they change what the agent runs
// (README's call on an agent's hooks; heldout12's y0665).
var moreAgentHookFolders = []string{"/.cursor/hooks/", "/.github/hooks/"}

func init() {
	agentDirs = append(agentDirs, moreAgentHookFolders...)
}

func init() {
	addRuleTexts(map[string]string{
		"agentHooksInstalled": "a tool's command that writes hooks into coding agents' settings: workmux setup --hooks, hcom hooks add|remove, harness-hooks install|remove",
	})
}

// agentSetupClients are the agents a setup tool's --client names, as
// smithery's and install-mcp's READMEs list them: writing an MCP server
// into one changes what that agent may run.
var agentSetupClients = map[string]bool{
	"claude": true, "claude-code": true, "cursor": true, "windsurf": true, "cline": true, "roocode": true, "roo-cline": true,
	"vscode": true, "vscode-insiders": true, "goose": true, "gemini-cli": true, "gemini": true, "codex": true, "opencode": true,
	"witsy": true, "enconvo": true, "boltai": true, "amazonq": true, "amazon-bedrock": true, "librechat": true, "tome": true,
	"zed": true, "warp": true, "cursor-agent": true, "copilot": true, "amp": true, "droid": true,
}

// agentSetupTools flags the tools that write MCP servers, skills or
// plugins into coding agents' configuration for them (README heldout15's
// top-up call: agent-config-tamper, as `claude mcp add`): `ctx7
// setup|remove` (upstash/context7 docs/clients/cli.mdx: Context7's MCP
// server or skills written into, or taken out of, the chosen agents'
// configuration), `pi install|remove SOURCE` (the pi agent's packages,
// context7's docs/clients/pi.mdx), and `smithery install|uninstall
// SERVER --client C` and `install-mcp SERVER --client C` when C is an
// agent they know (a client they do not know is refused, README h0562).
// Login, lookups and listing write nothing.
func (c *checker) agentSetupTools(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	v := c.verbs(cmd.Args, 1)
	first := wordList(v).at(0)
	writes := false
	switch name {
	case "ctx7":
		// "ctx7 remove" with no agent named asks which one (docs/clients/
		// cli.mdx: "Interactive"): with no terminal it removes nothing.
		writes = first == "setup" || first == "remove" && slices.ContainsFunc(cmd.Args, func(a shell.Word) bool { return strings.HasPrefix(a.Lit, "--") })
	case "pi":
		writes = first == "install" || first == "remove" || first == "uninstall"
	case "smithery":
		writes = (first == "install" || first == "uninstall") && agentSetupClients[setupClient(cmd.Args)]
	case "install-mcp":
		writes = agentSetupClients[setupClient(cmd.Args)]
	}
	if writes {
		c.because(name, first)
		c.add(AgentConfigTamper)
	}
}

// setupClient returns the client a setup tool's --client (or -c) names.
func setupClient(args []shell.Word) string {
	if v, ok := optionValue(args, "--client"); ok {
		return v
	}
	v, _ := optionValue(args, "-c")
	return v
}

func init() {
	addRuleTexts(map[string]string{
		"agentSetupTools": "a setup tool writing MCP servers, skills or plugins into coding agents' configuration (ctx7 setup|remove, pi install, smithery install --client, install-mcp --client)",
	})
}

package danger

import (
	"path"
	"strings"
)

// Memory dumped and agent settings changed through their own CLIs (issue
// 30, round 3).

// memoryDumped flags the machine's whole memory written to a file by the
// tools made for it (Microsoft's AVML; the LiME module loaded with a
// path): every process's passwords, keys and tokens are then in it, as
// in /dev/mem (SecretFile). So does bifrost's dump action, which prints a
// keytab's keys or the ticket caches. One process's core dump written to
// a local file (gcore PID, gdb's generate-core-file, ProcDump) is left
// alone: dev4's m0282 labels "gcore 1234 -o dumpfile" everyday (nothing
// shown or sent), and tldr-style everyday collections hold it.
func (c *checker) memoryDumped(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	args := cmd.Args
	dumped := false
	switch name {
	case "avml":
		dumped = len(operands(args)) > 0
	case "insmod", "modprobe":
		ops := operands(args)
		dumped = len(ops) > 1 && strings.HasPrefix(strings.ToLower(path.Base(ops[0].Lit)), "lime") &&
			strings.Contains(joinLit(ops[1:]), "path=")
	case "bifrost":
		for i, a := range args {
			if a.Lit == "-action" && i+1 < len(args) && args[i+1].Lit == "dump" {
				dumped = true
			}
		}
	}
	if dumped {
		c.because(name)
		c.add(SecretRead)
	}
}

// agentPrograms are coding agents' CLIs, whose settings AgentConfig
// names.
var agentPrograms = map[string]bool{
	"claude": true, "codex": true, "gemini": true, "qwen": true, "opencode": true, "cursor-agent": true, "amp": true,
	// The agents whose `mcp add|remove` or `plugin install`
	// context7's client pages, Augment's and Kiro's CLI references give.
	"droid": true, "hermes": true, "openclaw": true, "auggie": true, "kiro-cli": true, "copilot": true,
}

// agentSettingGroups and agentSettingVerbs: an agent CLI's subcommand
// group that keeps settings (MCP servers, configuration, plugins,
// extensions, marketplaces) and the verbs that change it (`claude mcp
// --help`, `claude config --help`, `claude plugin --help`, `codex mcp
// --help`, `gemini mcp --help`, `gemini extensions --help`).
var (
	agentSettingGroups = map[string]bool{
		"mcp": true, "config": true, "plugin": true, "plugins": true, "extensions": true, "extension": true, "marketplace": true,
	}
	agentSettingVerbs = map[string]bool{
		"add": true, "add-json": true, "add-from-claude-desktop": true, "remove": true, "rm": true, "set": true,
		"unset": true, "install": true, "uninstall": true, "link": true, "enable": true, "disable": true, "update": true,
	}
	// agentSettingReads are the words after a settings group that only
	// read it or ask for help.
	agentSettingReads = map[string]bool{"list": true, "ls": true, "help": true, "get": true, "show": true, "info": true}
)

// agentSettingsCLI flags an agent's own CLI changing its settings: an MCP
// server, plugin or extension added or removed, a configuration key set.
// It writes ~/.claude.json, ~/.codex/config.toml or
// ~/.gemini/settings.json as an edit of them would (agent-config-tamper);
// list, get and serve only read.
func (c *checker) agentSettingsCLI(u unit) {
	cmd, name, ok := u.program()
	if !ok || !agentPrograms[name] {
		return
	}
	v := c.verbs(cmd.Args, 3)
	if name == "opencode" && len(v) == 2 && v[0] == "plugin" && !agentSettingReads[v[1]] {
		// "opencode plugin MODULE" installs the module as a plugin
		// (context7's docs/clients/opencode.mdx).
		c.because(name, v[0], v[1])
		c.add(AgentConfigTamper)
		return
	}
	for i := 0; i+1 < len(v); i++ {
		if agentSettingGroups[v[i]] && agentSettingVerbs[v[i+1]] {
			c.because(name, v[i], v[i+1])
			c.add(AgentConfigTamper)
			return
		}
		if !agentSettingGroups[v[i]] {
			return // the first word is a prompt or another subcommand
		}
	}
}

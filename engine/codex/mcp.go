package codex

import (
	"fmt"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine"
)

// mcpOffered decides an MCP call by its server's [mcp_servers.<name>]
// table: Codex does not start a server whose enabled is false, and offers
// only the tools enabled_tools lists (when it is set) that disabled_tools
// does not (openai/codex#20195: "McpServerConfig.enabled exists and the
// connection manager filters on it. enabled_tools / disabled_tools … are
// represented in config"). A call to a tool not offered could not have
// been made as the configuration stands: blocked. ok is false for a tool
// the configuration offers, or a server it does not name.
func (d *decider) mcpOffered(raw string) (engine.Decision, bool) {
	rest, ok := strings.CutPrefix(raw, "mcp__")
	if !ok {
		return engine.Decision{}, false
	}
	server, tool, ok := strings.Cut(rest, "__")
	if !ok || server == "" {
		return engine.Decision{}, false
	}
	if s, ok := d.p.lookup("mcp_servers", server, "enabled"); ok {
		if on, isBool := s.value.(bool); isBool && !on {
			return d.done(engine.Blocked, engine.GroupBlocked, stepTool, nil,
				fmt.Sprintf("mcp_servers.%s.enabled = false (%s): Codex does not start the server, so its tools do not exist", server, s.file)), true
		}
	}
	if s, ok := d.p.lookup("mcp_servers", server, "enabled_tools"); ok {
		if list, isList := stringList(s.value); isList && !slices.Contains(list, tool) {
			return d.done(engine.Blocked, engine.GroupBlocked, stepTool, nil,
				fmt.Sprintf("mcp_servers.%s.enabled_tools (%s) does not list %s: Codex does not offer it", server, s.file, tool)), true
		}
	}
	if s, ok := d.p.lookup("mcp_servers", server, "disabled_tools"); ok {
		if list, isList := stringList(s.value); isList && slices.Contains(list, tool) {
			return d.done(engine.Blocked, engine.GroupBlocked, stepTool, nil,
				fmt.Sprintf("mcp_servers.%s.disabled_tools (%s) lists %s: Codex does not offer it", server, s.file, tool)), true
		}
	}
	return engine.Decision{}, false
}

// stringList is a TOML array of strings; false when v is not one.
func stringList(v any) ([]string, bool) {
	arr, ok := v.([]any)
	if !ok {
		return nil, false
	}
	out := make([]string, 0, len(arr))
	for _, x := range arr {
		s, ok := x.(string)
		if !ok {
			return nil, false
		}
		out = append(out, s)
	}
	return out, true
}

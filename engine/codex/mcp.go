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

// MCP tool approval modes, as approval_mode and default_tools_approval_mode
// spell them.
const (
	mcpAuto    = "auto"
	mcpPrompt  = "prompt"
	mcpApprove = "approve"
)

// mcpApproval decides an MCP tool call Codex offers, as the real Codex
// 0.169.0 did (testdata/codex/realconfigs/coverage, rc-br-mcp-*): by the
// tool's [mcp_servers.<server>.tools.<tool>] approval_mode, else the
// server's default_tools_approval_mode, else "auto". "approve" runs the
// call, even under approval policy never; "prompt" asks; "auto" asks
// unless the server marks the tool read-only (its readOnlyHint annotation,
// which only the running server tells: permsim asks, and says so).
// Approval policy never refuses what would ask, unless the sandbox is
// danger-full-access (--dangerously-bypass-approvals-and-sandbox), which
// runs every call. Neither the sandbox otherwise nor a granular policy's
// switches change it. A name that is not mcp__<server>__<tool> asks, as
// an unannotated tool does.
func (d *decider) mcpApproval(raw string) engine.Decision {
	server, tool, _ := strings.Cut(strings.TrimPrefix(raw, "mcp__"), "__")
	mode, from := mcpAuto, "the built-in default"
	for _, keys := range [][]string{{"mcp_servers", server, "default_tools_approval_mode"}, {"mcp_servers", server, "tools", tool, "approval_mode"}} {
		if s, ok := d.p.lookup(keys...); ok {
			if v, isString := s.value.(string); isString && (v == mcpAuto || v == mcpPrompt || v == mcpApprove) {
				mode, from = v, fmt.Sprintf("%s = %q (%s)", strings.Join(keys[2:], "."), v, s.file)
			}
		}
	}
	switch {
	case mode == mcpApprove:
		return d.done(engine.Runs, engine.GroupRuns, stepApproval, nil, "the MCP tool's approval mode is approve: "+from)
	case d.ap.kind == approvalNever && d.sandbox == sandboxFullAccess:
		return d.done(engine.Runs, engine.GroupRuns, stepApproval, nil, "approval policy never with danger-full-access runs every MCP tool call without asking")
	}
	group := engine.GroupAsksRule
	if mode == mcpAuto {
		group = engine.GroupAsksMode
		d.notes = append(d.notes, "approval mode auto: Codex runs the tool without asking when its server marks it read-only (readOnlyHint); permsim cannot see the server's annotations and treats it as one that is not")
	}
	if d.ap.kind == approvalNever {
		return d.done(engine.Blocked, engine.GroupBlocked, stepApproval, nil, "the MCP tool call needs approval ("+mode+", "+from+"), but approval policy never refuses every prompt")
	}
	return d.done(engine.Asks, group, stepApproval, nil, "asks first: the MCP tool's approval mode is "+mode+" ("+from+")")
}

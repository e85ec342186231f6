package claude

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/internal/safefile"
)

// A project's .mcp.json servers start only once approved: Claude Code asks
// about each new one at startup, and remembers the answer by name in
// enabledMcpjsonServers or disabledMcpjsonServers (the settings files, or
// the project's entry of ~/.claude.json), or approves them all with
// enableAllProjectMcpServers. The Codey seed describes the same keys
// (".mcp.json servers you approved (enabledMcpjsonServers,
// enableAllProjectMcpServers). It approves by name"). A server that is not
// started has no tools, so a call to one of them could not have been made
// as the settings stand.

// mcpServers is what is known of the project's .mcp.json servers.
type mcpServers struct {
	file     string            // the project's .mcp.json; "" when it has none
	defined  map[string]bool   // its servers, by name
	enabled  map[string]string // approved server → the file that says so
	disabled map[string]string // rejected server → the file that says so
	allFile  string            // the file setting enableAllProjectMcpServers; "" when none does
}

// loadMCPServers reads the project's .mcp.json and the approvals of its
// servers.
func (p *Policy) loadMCPServers(configDir string) {
	file := filepath.Join(p.project, ".mcp.json")
	data, err := safefile.ReadConfig(file, safefile.JSON)
	if err != nil {
		return
	}
	var doc struct {
		Servers map[string]json.RawMessage `json:"mcpServers"`
	}
	if err := json.Unmarshal(data, &doc); err != nil || len(doc.Servers) == 0 {
		return
	}
	m := &mcpServers{file: file, defined: map[string]bool{}, enabled: map[string]string{}, disabled: map[string]string{}}
	for name := range doc.Servers {
		m.defined[name] = true
	}
	type approvals struct {
		Enabled  []string `json:"enabledMcpjsonServers"`
		Disabled []string `json:"disabledMcpjsonServers"`
		All      *bool    `json:"enableAllProjectMcpServers"`
	}
	take := func(a approvals, from string) {
		for _, s := range a.Enabled {
			if _, ok := m.enabled[s]; !ok {
				m.enabled[s] = from
			}
		}
		for _, s := range a.Disabled {
			if _, ok := m.disabled[s]; !ok {
				m.disabled[s] = from
			}
		}
		if a.All != nil && *a.All && m.allFile == "" {
			m.allFile = from
		}
	}
	for _, f := range p.files {
		if !filepath.IsAbs(f.path) {
			continue // --allowedTools and the like
		}
		// An untrusted project's own files approve nothing: its servers
		// wait for the same trust question.
		if f.layer == LayerProject && !p.trusted {
			continue
		}
		if b, err := safefile.ReadConfig(f.path, safefile.JSON); err == nil {
			var a approvals
			if json.Unmarshal(b, &a) == nil {
				take(a, f.path)
			}
		}
	}
	for _, f := range []string{filepath.Join(configDir, ".claude.json"), filepath.Join(p.home, ".claude.json")} {
		b, err := safefile.ReadConfig(f, safefile.JSON)
		if err != nil {
			continue
		}
		var st struct {
			Projects map[string]approvals `json:"projects"`
		}
		if json.Unmarshal(b, &st) == nil {
			if a, ok := st.Projects[p.project]; ok {
				take(a, f)
			}
		}
		break
	}
	p.mcp = m
}

// status is approved, rejected or pending for a .mcp.json server, and the
// file that decided it.
func (m *mcpServers) status(server string) (string, string) {
	if f, ok := m.disabled[server]; ok {
		return "rejected", f + " (disabledMcpjsonServers)"
	}
	if f, ok := m.enabled[server]; ok {
		return "approved", f + " (enabledMcpjsonServers)"
	}
	if m.allFile != "" {
		return "approved", m.allFile + " (enableAllProjectMcpServers)"
	}
	return "pending", ""
}

// mcpServerOf is the server of an MCP tool name, mcp__server__tool.
func mcpServerOf(tool string) string {
	rest, ok := strings.CutPrefix(tool, "mcp__")
	if !ok {
		return ""
	}
	server, _, _ := strings.Cut(rest, "__")
	return server
}

// mcpServerStep decides an MCP call whose server is one of the project's
// .mcp.json servers not approved: a rejected server was not started (the
// call could not have been made: blocked); a pending one is asked about at
// startup (asks). In a session nobody can answer (claude -p) a pending
// server starts without the question: recorded with Claude Code 2.1.328
// (testdata/claude/coverage/mcp), the tools of a server no setting
// approved, and of servers only an untrusted project's settings approved,
// were offered and their calls asked as any MCP call does, where a server
// in disabledMcpjsonServers had no tools ("No such tool available").
// ok is false when the server is approved, pending in a headless session,
// or not the project's.
func (d *decider) mcpServerStep() (engine.Decision, bool) {
	m := d.p.mcp
	server := mcpServerOf(d.tool)
	if m == nil || server == "" || !m.defined[server] {
		return engine.Decision{}, false
	}
	const step = "0 MCP server approval"
	switch st, why := m.status(server); st {
	case "rejected":
		return d.block(step, nil, fmt.Sprintf("the .mcp.json server %s is rejected by %s: Claude Code does not start it", server, why)), true
	case "pending":
		reason := fmt.Sprintf("the .mcp.json server %s was never approved (enabledMcpjsonServers, enableAllProjectMcpServers): Claude Code asks at startup before it starts it", server)
		if d.p.headless {
			d.notes = append(d.notes, fmt.Sprintf("the .mcp.json server %s was never approved; a headless session starts it without asking", server))
			return engine.Decision{}, false
		}
		return d.ask(step, nil, reason, true), true
	}
	return engine.Decision{}, false
}

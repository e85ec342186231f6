package audit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/permsim/permsim/internal/safefile"
	"github.com/permsim/permsim/toolcall"
)

// maxHistory bounds how many commits of .mcp.json are read.
const maxHistory = 50

// mcpServers reads the server definitions of a .mcp.json: name → the
// definition as compact JSON, so two definitions compare as text.
func mcpServers(data []byte) (map[string]string, error) {
	var doc struct {
		MCPServers map[string]json.RawMessage `json:"mcpServers"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, err
	}
	out := map[string]string{}
	for name, raw := range doc.MCPServers {
		out[name] = canonical(raw)
	}
	return out, nil
}

// canonical is JSON text with its object keys sorted and no spacing.
func canonical(raw json.RawMessage) string {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return string(raw)
	}
	b, _ := json.Marshal(v) // encoding/json sorts map keys
	return string(b)
}

// approval is where servers were approved: by name, or all at once.
type approval struct {
	file   string
	data   []byte
	names  []string
	all    bool
	shared bool // the repository's own file
}

// claudeUserDir is the folder of Claude Code's user files: ~/.claude, or
// $CLAUDE_CONFIG_DIR where the environment sets it.
func (a *auditor) claudeUserDir() string {
	if a.claudeDir != "" {
		return a.claudeDir
	}
	return filepath.Join(a.opts.Home, ".claude")
}

// approvals reads enabledMcpjsonServers and enableAllProjectMcpServers
// from the settings files and from ~/.claude.json's entry for the project.
func (a *auditor) approvals() []approval {
	var out []approval
	files := []struct {
		path   string
		shared bool
	}{
		{filepath.Join(a.claudeUserDir(), "settings.json"), false},
		{filepath.Join(a.opts.Project, ".claude", "settings.json"), true},
		{filepath.Join(a.opts.Project, ".claude", "settings.local.json"), false},
	}
	for _, f := range files {
		data := a.read(f.path, safefile.JSON)
		if data == nil {
			continue
		}
		var doc struct {
			Names []string `json:"enabledMcpjsonServers"`
			All   *bool    `json:"enableAllProjectMcpServers"`
		}
		if err := json.Unmarshal(data, &doc); err != nil {
			continue // the rules check reports unreadable settings
		}
		shared := f.shared
		if !shared {
			if t, _ := a.isTracked(f.path); t && a.inProject(f.path) {
				shared = true
			}
		}
		out = append(out, approval{file: f.path, data: data, names: doc.Names, all: doc.All != nil && *doc.All, shared: shared})
	}
	// ~/.claude.json: projects["/abs/project"].enabledMcpjsonServers, where
	// Claude Code records the answers to its question; with
	// $CLAUDE_CONFIG_DIR set it is in that folder instead (2.1.328's
	// configPath is CLAUDE_CONFIG_DIR || the home).
	path := filepath.Join(a.opts.Home, ".claude.json")
	if a.claudeDir != "" {
		path = filepath.Join(a.claudeDir, ".claude.json")
	}
	if data := a.read(path, safefile.JSON); data != nil {
		var doc struct {
			Projects map[string]struct {
				Names []string `json:"enabledMcpjsonServers"`
				All   *bool    `json:"enableAllProjectMcpServers"`
			} `json:"projects"`
		}
		if json.Unmarshal(data, &doc) == nil {
			for _, dir := range []string{a.opts.Project, a.top} {
				if e, ok := doc.Projects[dir]; ok {
					out = append(out, approval{file: path, data: data, names: e.Names, all: e.All != nil && *e.All})
					break
				}
			}
		}
	}
	return out
}

// mcp reports servers a repository can start through approvals that are
// by name or wholesale.
func (a *auditor) mcp() {
	// Claude Code reads .mcp.json in the folder it starts in; a working
	// root below the repository's top may have its own.
	mcpPath := filepath.Join(a.top, ".mcp.json")
	for _, d := range uniq(a.opts.Project, a.top) {
		if _, err := os.Stat(filepath.Join(d, ".mcp.json")); err == nil {
			mcpPath = filepath.Join(d, ".mcp.json")
			break
		}
	}
	data := a.read(mcpPath, safefile.JSON)
	var servers map[string]string
	if data != nil {
		var err error
		servers, err = mcpServers(data)
		if err != nil {
			a.rep.Problems = append(a.rep.Problems, fmt.Sprintf("%s: %v", mcpPath, err))
		}
	}
	for _, ap := range a.approvals() {
		if ap.all {
			line := lineOf(ap.data, `"enableAllProjectMcpServers"`)
			if ap.shared {
				a.add(Finding{Kind: KindMCPEnableAll, File: ap.file, Line: line, Severity: High, Harnesses: []string{toolcall.ClaudeCode},
					Message: "the repository enables all of its own .mcp.json servers (enableAllProjectMcpServers): Claude Code starts every server it lists, and any it adds later, once the folder is trusted; Codey does not carry this over"})
			} else {
				a.add(Finding{Kind: KindMCPEnableAll, File: ap.file, Line: line, Severity: Medium, Harnesses: []string{toolcall.ClaudeCode},
					Message: "enableAllProjectMcpServers approves every project .mcp.json server wholesale: a server a repository adds, or whose command it changes, starts in Claude Code without a question"})
			}
		}
		if len(ap.names) == 0 || servers == nil {
			continue
		}
		if ap.shared {
			for _, n := range ap.names {
				if _, ok := servers[n]; ok {
					a.add(Finding{Kind: KindMCPRepoEnables, File: ap.file, Line: lineOf(ap.data, mustQuote(n)), Severity: High, Harnesses: []string{toolcall.ClaudeCode},
						Message: fmt.Sprintf("the repository approves its own .mcp.json server %q (enabledMcpjsonServers): Claude Code starts it once the folder is trusted, without asking about the server itself", n)})
				}
			}
			continue
		}
		a.changedUnderName(ap, mcpPath, data, servers)
	}
}

// changedUnderName reports servers approved by name whose definition
// differs from an earlier one in git history or from the last commit: an
// approval by name still counts after the command changed.
func (a *auditor) changedUnderName(ap approval, mcpPath string, current []byte, servers map[string]string) {
	history := a.mcpHistory(mcpPath)
	names := append([]string(nil), ap.names...)
	sort.Strings(names)
	for _, n := range names {
		now, ok := servers[n]
		if !ok {
			continue
		}
		for _, h := range history {
			was, ok := h.servers[n]
			if !ok || was == now {
				continue
			}
			a.add(Finding{Kind: KindMCPChanged, File: mcpPath, Line: lineOf(current, mustQuote(n)), Severity: High, Harnesses: []string{toolcall.ClaudeCode},
				Message: fmt.Sprintf("the server %q was approved by name in %s, and its definition changed since %s (was %s, now %s): Claude Code still counts the approval; Codey asks about the exact definition",
					n, ap.file, h.label, short(was), short(now))})
			break
		}
	}
}

// version is one earlier .mcp.json.
type version struct {
	label   string
	servers map[string]string
}

// mcpHistory reads the earlier versions of .mcp.json git has, newest
// first: the last commit's, then each commit that changed it.
func (a *auditor) mcpHistory(mcpPath string) []version {
	if a.tracked == nil || a.opts.Tracked != nil {
		return nil
	}
	rel, err := filepath.Rel(a.top, mcpPath)
	if err != nil {
		return nil
	}
	rel = filepath.ToSlash(rel)
	out, err := a.git("log", fmt.Sprintf("-n%d", maxHistory), "--format=%H", "--", rel)
	if err != nil {
		a.rep.Problems = append(a.rep.Problems, fmt.Sprintf("%s: cannot read its git history: %v", mcpPath, err))
		return nil
	}
	var vs []version
	for _, c := range strings.Fields(string(out)) {
		data, err := a.git("show", c+":"+rel)
		if err != nil {
			continue // deleted in that commit
		}
		s, err := mcpServers(bytes.TrimSpace(data))
		if err != nil {
			continue
		}
		vs = append(vs, version{label: "commit " + c[:12], servers: s})
	}
	return vs
}

func mustQuote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// short cuts a definition for a message.
func short(s string) string {
	if len(s) > 120 {
		return s[:117] + "..."
	}
	return s
}

package claude

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/pathrule"
)

// ruleKind says how a rule's specifier is read.
type ruleKind int

const (
	kindTool   ruleKind = iota // no specifier: every call of the tool
	kindBash                   // Bash(command pattern)
	kindPath                   // Read(path) / Edit(path)
	kindParam                  // Tool(param:value), deny and ask only
	kindDomain                 // WebFetch(domain:host)
	kindAgent                  // Agent(type) / Task(type)
)

// rule is one compiled permission rule.
type rule struct {
	text string
	list string // allow, ask, deny
	src  *settingsFile
	line int
	note string // how an in-force rule is read, when that needs saying

	tool string // canonical tool name: Bash, Read, Edit, Agent, mcp__server, …
	kind ruleKind

	bash     bashPattern
	path     pathrule.Pattern
	anchored bool // the path pattern starts at /, ~/ or //: no ! carve-out reaches it
	negated  bool
	param    string
	value    bashPattern // the param value, with * wildcards
	domain   string
	agent    string
}

// ref is the rule as a Decision names it.
func (r *rule) ref() *engine.RuleRef {
	return &engine.RuleRef{Text: r.text, File: r.src.path, Layer: r.src.layer, List: r.list}
}

// toolNames maps the tool names Claude Code's rules accept to the name the
// simulator uses; Task is the older name of Agent.
var toolNames = map[string]string{
	"Bash": "Bash", "Read": "Read", "Edit": "Edit", "Write": "Write",
	"MultiEdit": "MultiEdit", "NotebookEdit": "NotebookEdit", "NotebookRead": "NotebookRead",
	"Glob": "Glob", "Grep": "Grep", "LS": "LS", "WebFetch": "WebFetch", "WebSearch": "WebSearch",
	"Task": "Agent", "Agent": "Agent", "TodoWrite": "TodoWrite", "ExitPlanMode": "ExitPlanMode",
	"BashOutput": "BashOutput", "KillShell": "KillShell", "KillBash": "KillShell",
	"SlashCommand": "SlashCommand", "Skill": "Skill", "AskUserQuestion": "AskUserQuestion",
}

// paramFields lists, per tool, the input fields a Tool(param:value) rule may
// name (the hooks page's tool_input fields). The first is the tool's main
// field, on which such a rule is ignored.
var paramFields = map[string][]string{
	"Bash":         {"command", "description", "timeout", "run_in_background", "dangerouslyDisableSandbox"},
	"Read":         {"file_path", "offset", "limit"},
	"Write":        {"file_path", "content"},
	"Edit":         {"file_path", "old_string", "new_string", "replace_all"},
	"MultiEdit":    {"file_path", "edits"},
	"NotebookEdit": {"notebook_path", "new_source", "cell_id", "cell_type", "edit_mode"},
	"Glob":         {"pattern", "path"},
	"Grep":         {"pattern", "path", "glob", "output_mode", "type"},
	"WebFetch":     {"url", "prompt"},
	"WebSearch":    {"query", "allowed_domains", "blocked_domains"},
	"Agent":        {"prompt", "description", "subagent_type", "model"},
}

// unusedPathTools are the tools whose path rules Claude Code accepts but
// never consults (the seed; the corpus shows Write(...) rules had no effect).
var unusedPathTools = map[string]bool{
	"Write": true, "NotebookEdit": true, "MultiEdit": true, "Glob": true, "Grep": true, "LS": true, "NotebookRead": true,
}

var (
	// A rule's content may span lines: "don't ask again" on a command with
	// a here-document keeps its newlines in the rule.
	ruleForm  = regexp.MustCompile(`(?s)^([A-Za-z0-9_*-]+)(?:\((.*)\))?$`)
	paramForm = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_-]*):(.*)$`)
)

// compileRule reads one rule. It returns the rule, and when the rule is not
// in force a reason; problem is set for a rule that cannot be read at all.
func compileRule(src ruleSource, list string, sf *settingsFile) (r *rule, notInForce, problem string) {
	text := strings.TrimSpace(src.text)
	r = &rule{text: src.text, list: list, src: sf, line: src.line}
	m := ruleForm.FindStringSubmatch(text)
	if m == nil {
		return r, "cannot be read as Tool or Tool(specifier)", "not a rule of the form Tool or Tool(specifier)"
	}
	name, hasSpec, spec := m[1], strings.Contains(text, "("), m[2]
	switch {
	case strings.HasPrefix(name, "mcp__"):
		r.tool = name
		if hasSpec {
			return r, "MCP rules take no specifier", "MCP tool rules take no (specifier)"
		}
		return r, "", ""
	case toolNames[name] != "":
		r.tool = toolNames[name]
	default:
		r.tool = name
		if hasSpec {
			return r, "unknown tool " + name, "unknown tool " + name
		}
		r.note = "not a Claude Code 2.1.328 tool name; matches only a tool called exactly " + name
		return r, "", ""
	}
	if !hasSpec || strings.TrimSpace(spec) == "" {
		r.kind = kindTool
		if hasSpec {
			r.note = "empty specifier: read as every call of " + name
		}
		return r, "", ""
	}

	// Tool(param:value): the legacy Bash prefix form "cmd:*" wins, since a
	// rule such as Bash(timeout:*) means the timeout command.
	if pm := paramForm.FindStringSubmatch(spec); pm != nil && !(r.tool == "Bash" && strings.HasSuffix(spec, ":*")) {
		fields := paramFields[r.tool]
		for i, f := range fields {
			if pm[1] != f {
				continue
			}
			r.kind, r.param, r.value = kindParam, f, compileBash(pm[2])
			switch {
			case i == 0 && r.tool != "WebFetch":
				return r, fmt.Sprintf("a rule on %s's main field (%s:) is ignored", name, f), ""
			case list == "allow":
				return r, "Tool(param:value) rules work only in deny and ask lists", ""
			}
			return r, "", ""
		}
	}

	switch r.tool {
	case "Bash":
		if strings.TrimSpace(spec) == "*" {
			// Bash(*) is the whole tool: under it (project settings, default
			// mode) "npm test && cat ~/.ssh/id_ed25519" and "cat >
			// /tmp/notes.txt <<'EOF' … EOF" ran (recorded with real Claude
			// Code 2.1.328, testdata/claude/realconfigs r095), as under
			// "Bash".
			r.kind = kindTool
			r.note = "Bash(*) is read as the whole Bash tool"
			return r, "", ""
		}
		r.kind, r.bash = kindBash, compileBash(unescapeContent(spec))
	case "Read", "Edit":
		p, err := pathrule.Parse(spec)
		if err != nil {
			return r, "path pattern cannot be read: " + err.Error(), "path pattern: " + err.Error()
		}
		r.kind, r.path, r.negated = kindPath, p, p.Negated()
		switch p.Anchor() {
		case pathrule.AnchorRoot, pathrule.AnchorHome, pathrule.AnchorSettings:
			r.anchored = true
		}
	case "WebFetch":
		d, ok := strings.CutPrefix(spec, "domain:")
		if !ok || d == "" {
			return r, "WebFetch rules take domain:host", "WebFetch rule needs domain:host"
		}
		r.kind, r.domain = kindDomain, strings.ToLower(d)
	case "Agent":
		r.kind, r.agent = kindAgent, spec
	default:
		if unusedPathTools[r.tool] {
			r.kind = kindPath
			return r, name + "(...) path rules are accepted but never used; Edit(...) rules cover file writes", ""
		}
		return r, name + " takes no specifier", name + " takes no (specifier)"
	}
	if r.tool == "Agent" && list == "ask" {
		return r, "Claude Code 2.1.328 did not ask for a Task that an ask rule names", ""
	}
	return r, "", ""
}

// unescapeContent is a Bash rule's content as the command it stands for:
// Claude Code writes "(" and ")" in a rule as \( and \), and a backslash
// as two. Recorded with real Claude Code 2.1.328 (testdata/claude/
// realconfigs): "awk 'NR>=1500 && (/fill…/){print …}' …" ran under
// Bash(awk 'NR>=1500 && \(/fill…/\){print …}' …) (r059), and a command
// naming C:\\Users asked under the rule whose content reads C:\\Users,
// which stands for C:\Users (r052).
func unescapeContent(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '(' || s[i+1] == ')' || s[i+1] == '\\') {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// bashPattern is a compiled Bash(...) command pattern.
type bashPattern struct {
	raw    string
	legacy bool     // "prefix:*": the prefix, then a word boundary
	prefix string   // legacy prefix
	parts  []string // raw split at *; one part means no wildcard
	// bare is set when the only wildcard is a trailing " *", which then
	// also matches the command without arguments.
	bare string
}

// compileBash reads a command pattern: * is any text, a trailing :* equals a
// trailing " *" (read, as Claude Code does, as a prefix ending at a word
// boundary), and a pattern without * matches exactly.
func compileBash(s string) bashPattern {
	b := bashPattern{raw: s}
	if p, ok := strings.CutSuffix(s, ":*"); ok && !strings.Contains(p, "*") {
		b.legacy, b.prefix = true, p
		return b
	}
	b.parts = strings.Split(s, "*")
	if len(b.parts) == 2 && strings.HasSuffix(s, " *") {
		b.bare = strings.TrimSuffix(s, " *")
	}
	return b
}

// exact reports whether the pattern has no wildcard at all.
func (b bashPattern) exact() bool { return !b.legacy && len(b.parts) == 1 }

// match reports whether text matches the pattern.
func (b bashPattern) match(text string) bool {
	if b.legacy {
		return text == b.prefix || strings.HasPrefix(text, b.prefix+" ")
	}
	if len(b.parts) == 1 {
		return text == b.raw
	}
	if b.bare != "" && text == b.bare {
		return true
	}
	return globMatch(b.parts, text)
}

// globMatch matches text against a pattern already split at its * marks.
func globMatch(parts []string, text string) bool {
	first, last := parts[0], parts[len(parts)-1]
	if !strings.HasPrefix(text, first) {
		return false
	}
	text = text[len(first):]
	for _, mid := range parts[1 : len(parts)-1] {
		i := strings.Index(text, mid)
		if i < 0 {
			return false
		}
		text = text[i+len(mid):]
	}
	return strings.HasSuffix(text, last)
}

// domainMatch matches a host against a WebFetch(domain:...) value; "*.x"
// covers every subdomain of x.
func domainMatch(pattern, host string) bool {
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	if rest, ok := strings.CutPrefix(pattern, "*."); ok {
		return strings.HasSuffix(host, "."+rest)
	}
	return host == pattern
}

// matchesTool reports whether a rule's tool covers the called tool: MCP
// server rules cover every tool of the server.
func (r *rule) matchesTool(tool string) bool {
	if r.tool == tool {
		return true
	}
	if strings.HasPrefix(r.tool, "mcp__") && strings.HasPrefix(tool, "mcp__") {
		if strings.HasSuffix(r.tool, "__*") {
			return strings.HasPrefix(tool, strings.TrimSuffix(r.tool, "*"))
		}
		if strings.Count(r.tool, "__") == 1 {
			return strings.HasPrefix(tool, r.tool+"__")
		}
	}
	return false
}

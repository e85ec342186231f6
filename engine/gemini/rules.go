package gemini

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/permsim/permsim/engine"
)

// Gemini CLI's own decision words.
const (
	decAllow = "allow"
	decDeny  = "deny"
	decAsk   = "ask_user"
)

// Policy tiers: a rule's final priority is its tier plus priority/1000.
const (
	tierDefault   = 1
	tierExtension = 2
	tierWorkspace = 3
	tierUser      = 4
	tierAdmin     = 5
)

// Priorities of the rules Gemini CLI derives from settings and flags. They
// are computed at run time, as float64 sums, so that ties and order come out
// exactly as in JavaScript (Go would fold constant expressions exactly).
var (
	userTier                = float64(tierUser)
	priorityMCPExcluded     = userTier + 0.9
	priorityExcludeTools    = userTier + 0.4
	priorityConfirmRequired = userTier + 0.35
	priorityAllowedTools    = userTier + 0.3
	priorityCoreTools       = userTier + 0.25
	priorityTrustedMCP      = userTier + 0.2
	priorityAllowedMCP      = userTier + 0.1
	// alwaysAllowFraction marks the "Always allow" rules the UI saves
	// (priority 950 in the workspace or user tier).
	alwaysAllowFraction = 950
)

// shellToolNames are the names Gemini CLI treats as its shell tool.
var shellToolNames = map[string]bool{"run_shell_command": true, "ShellTool": true}

const shellTool = "run_shell_command"

// nonPlanModes are the modes the tools.core and MCP allow rules apply in.
var nonPlanModes = []string{string(ModeDefault), string(ModeAutoEdit), string(ModeYolo)}

// rule is one compiled policy rule.
type rule struct {
	tool        string // toolName, after mcpName was folded in ("*", "mcp_srv_*" are wildcards)
	mcpName     string
	hasMCP      bool
	subagent    string
	decision    string // allow, deny, ask_user
	priority    float64
	modes       []string // empty: every mode
	interactive *bool
	annotations map[string]any
	args        *regexp.Regexp // argsPattern (commandPrefix and commandRegex become one)
	redirection bool           // allowRedirection
	denyMessage string

	file  string // where the rule was written ("--allowed-tools" for a flag)
	layer string
	text  string // the rule as written, for reports
	order int    // load order, which breaks priority ties as Gemini CLI's stable sort does
	index int    // the rule's number in its file (from 1), for a TOML rule
	line  int    // the line of its [[rule]] header, when known
	note  string // how the rule is read, for Rules()
	// implicit marks a rule Gemini CLI adds on its own (the deny behind a
	// narrowed tools.allowed or tools.core list).
	implicit bool
}

// ref is the RuleRef of the rule for a Decision.
func (r *rule) ref() *engine.RuleRef {
	return &engine.RuleRef{Text: r.text, File: r.file, Layer: r.layer, List: listOf(r.decision), Decision: r.decision}
}

// builtin reports whether the rule ships with Gemini CLI (the default tier).
func (r *rule) builtin() bool { return r.layer == LayerBuiltin }

// alwaysAllow reports whether the rule is an "Always allow" answer saved by
// the UI, which security.disableAlwaysAllow switches off.
func (r *rule) alwaysAllow() bool {
	frac := r.priority - float64(int(r.priority))
	return int(frac*1000+0.5) == alwaysAllowFraction
}

// listOf maps Gemini CLI's decision word to permsim's list name.
func listOf(decision string) string {
	switch decision {
	case decAsk:
		return "ask"
	case decDeny:
		return "deny"
	}
	return "allow"
}

// inMode reports whether the rule applies in mode.
func (r *rule) inMode(mode engine.Mode) bool {
	if len(r.modes) == 0 {
		return true
	}
	for _, m := range r.modes {
		if m == string(mode) {
			return true
		}
	}
	return false
}

// matchCtx is what a rule is matched against.
type matchCtx struct {
	name        string // the tool name tried (an alias of the called tool)
	server      string // MCP server, "" for built-in tools
	stringified string // stableStringify(args); hasArgs false when there are none
	hasArgs     bool
	mode        engine.Mode
	headless    bool
	ignoreArgs  bool // the registry's question: does the rule target this tool at all?
}

// matches is Gemini CLI's ruleMatches.
func (r *rule) matches(c matchCtx) bool {
	if !r.inMode(c.mode) {
		return false
	}
	if r.subagent != "" {
		return false // permsim decides the main agent's calls; a subagent rule never applies to them
	}
	if r.hasMCP {
		if r.mcpName == "*" {
			if c.server == "" {
				return false
			}
		} else if c.server != r.mcpName {
			return false
		}
	}
	if !r.toolMatches(c.name, c.server) {
		return false
	}
	if r.annotations != nil {
		return false // permsim does not know a tool's annotations, so the rule cannot be shown to apply
	}
	if r.args != nil && !c.ignoreArgs {
		if !c.hasArgs || !r.args.MatchString(c.stringified) {
			return false
		}
	}
	if r.interactive != nil && *r.interactive == c.headless {
		return false
	}
	return true
}

// toolMatches compares the rule's toolName with a called tool's name.
func (r *rule) toolMatches(name, server string) bool {
	switch {
	case r.tool == "*":
		return true
	case strings.Contains(r.tool, "*"):
		switch {
		case r.tool == "mcp_*":
			return server != ""
		case strings.HasPrefix(r.tool, "mcp_") && strings.HasSuffix(r.tool, "_*"):
			want := strings.TrimSuffix(strings.TrimPrefix(r.tool, "mcp_"), "_*")
			return server != "" && server == want && strings.HasPrefix(name, "mcp_"+want+"_")
		}
		return name == r.tool
	case name == r.tool:
		return true
	}
	if server == "" {
		return false
	}
	// A qualified rule matches the short name of that server's tool. (A
	// rule with mcpName has its toolName qualified when it is loaded,
	// mcpToolName, so Gemini CLI's other case, a short toolName beside
	// mcpName, never comes up here.)
	return strings.HasPrefix(r.tool, "mcp_") && r.tool == "mcp_"+server+"_"+name
}

// mcpServer is Gemini CLI's parseMcpToolName: "mcp_<server>_<tool>".
func mcpServer(name string) string {
	rest, ok := strings.CutPrefix(name, "mcp_")
	if !ok {
		return ""
	}
	srv, tool, ok := strings.Cut(rest, "_")
	if !ok || srv == "" || tool == "" {
		return ""
	}
	return srv
}

// serverOf is the MCP server of a called tool. Gemini CLI 0.61.0's policy
// engine takes it from the tool itself (its _serverName annotation), not
// from the name: the tool echo of a server my_srv is mcp_my_srv_echo, whose
// name parseMcpToolName would read as server "my". So the longest
// configured server the name starts with decides; a name no configured
// server explains is parsed as Gemini CLI parses it. Recorded with the
// real Gemini CLI 0.61.0 (coverage/branches, br-mcp-underscore: trust on
// my_srv let its tools run; mcp.excluded removed them).
func (p *Policy) serverOf(name string) string {
	best := ""
	for _, s := range p.mcpServers {
		if len(s) > len(best) && strings.HasPrefix(name, "mcp_"+s+"_") && len(name) > len("mcp_"+s+"_") {
			best = s
		}
	}
	if best != "" {
		return best
	}
	return mcpServer(name)
}

// toolAliases is Gemini CLI's getToolAliases: a tool's current name and its
// legacy names.
func toolAliases(name string) []string {
	switch name {
	case "grep_search", "search_file_content":
		return []string{name, map[string]string{"grep_search": "search_file_content", "search_file_content": "grep_search"}[name]}
	}
	return []string{name}
}

// sortRules orders rules highest priority first; equal priorities keep
// their load order.
func sortRules(rs []*rule) {
	sort.SliceStable(rs, func(i, j int) bool {
		if rs[i].priority != rs[j].priority {
			return rs[i].priority > rs[j].priority
		}
		return rs[i].order < rs[j].order
	})
}

// maxPrefix bounds a tools.allowed command prefix: compiling a pattern
// takes time and memory that grow with it (a 10 MB prefix takes minutes),
// and no real command starts with 64 KB of fixed text.
const maxPrefix = 64 << 10

// legacyTool is the "tool(args)" form of the settings' tool lists.
var legacyTool = regexp.MustCompile(`^([a-zA-Z0-9_-]+)\((.*)\)$`)

// settingsRules is Gemini CLI's translation of the tool lists into policy
// rules (createPolicyEngineConfig), appended after the TOML rules.
func (ld *loading) settingsRules(s *mergedSettings, allowedFlag []string) {
	add := func(r *rule) {
		r.order = len(ld.all)
		ld.all = append(ld.all, r)
	}
	for _, e := range s.mcpExcluded {
		tool := "mcp_" + e.value + "_*"
		if e.value == "*" {
			tool = "mcp_*"
		}
		add(&rule{tool: tool, mcpName: e.value, hasMCP: true, decision: decDeny, priority: priorityMCPExcluded,
			file: e.file, layer: e.layer, text: fmt.Sprintf("mcp.excluded: %q", e.value)})
	}
	for _, e := range s.exclude {
		r := &rule{tool: e.value, decision: decDeny, priority: priorityExcludeTools,
			file: e.file, layer: e.layer, text: fmt.Sprintf("tools.exclude: %q", e.value)}
		if legacyTool.MatchString(e.value) {
			r.note = "tools.exclude compares whole tool names: this entry names no tool, so Gemini CLI 0.61.0 excludes nothing with it"
		}
		add(r)
	}
	allowed := s.allowed
	allowedName := "tools.allowed"
	if len(allowedFlag) > 0 {
		allowed = nil
		for _, a := range allowedFlag {
			allowed = append(allowed, sourced{value: a, file: "--allowed-tools", layer: LayerCLI})
		}
		allowedName = "--allowed-tools"
	}
	mapTools := func(list []sourced, prio float64, what string, modes []string, narrow bool) {
		narrowed := map[string]sourced{}
		var narrowOrder []string
		for _, e := range list {
			text := fmt.Sprintf("%s: %q", what, e.value)
			if m := legacyTool.FindStringSubmatch(e.value); m != nil {
				name := m[1]
				if shellToolNames[name] {
					name = shellTool
				}
				if name == shellTool {
					if _, ok := narrowed[name]; !ok {
						narrowOrder = append(narrowOrder, name)
					}
					narrowed[name] = e
					if m[2] == "" {
						continue // an empty prefix gives no pattern, and no rule
					}
					// The prefix is the user's text: a pattern too large for
					// the regexp engine is a problem of this one rule.
					if len(m[2]) > maxPrefix {
						ld.problems.Add(e.file, 0, "%s: a command prefix of %d bytes (over %d): not simulated", what, len(m[2]), maxPrefix)
						continue
					}
					re, err := regexp.Compile(prefixPattern(m[2]))
					if err != nil {
						ld.problems.Add(e.file, 0, "%s: %.80s…: skipped: %v", what, e.value, err)
						continue
					}
					add(&rule{tool: name, decision: decAllow, priority: prio, modes: modes,
						args: re, file: e.file, layer: e.layer, text: text})
					continue
				}
				add(&rule{tool: name, decision: decAllow, priority: prio, modes: modes, file: e.file, layer: e.layer, text: text,
					note: "Gemini CLI ignores the part in parentheses for tools other than the shell"})
				continue
			}
			name := e.value
			if shellToolNames[name] {
				name = shellTool
			}
			add(&rule{tool: name, decision: decAllow, priority: prio, modes: modes, file: e.file, layer: e.layer, text: text})
		}
		if !narrow {
			return
		}
		for _, name := range narrowOrder {
			e := narrowed[name]
			add(&rule{tool: name, decision: decDeny, priority: prio - 0.01, modes: modes, file: e.file, layer: e.layer,
				text: fmt.Sprintf("%s narrowing: %s commands not listed are denied", what, name), implicit: true})
		}
	}
	mapTools(allowed, priorityAllowedTools, allowedName, nil, true)
	for _, e := range s.confirm {
		name := e.value
		if shellToolNames[name] {
			name = shellTool
		}
		add(&rule{tool: name, decision: decAsk, priority: priorityConfirmRequired, file: e.file, layer: e.layer,
			text: fmt.Sprintf("tools.confirmationRequired: %q", e.value)})
	}
	if s.coreSet {
		mapTools(s.core, priorityCoreTools, "tools.core", nonPlanModes, false)
		add(&rule{tool: "*", decision: decDeny, priority: priorityCoreTools - 0.01, modes: nonPlanModes,
			file: s.coreFile, layer: s.coreLayer, text: "tools.core: every tool not listed is denied", implicit: true})
	}
	for _, e := range s.trustedMCP {
		add(&rule{tool: "mcp_" + e.value + "_*", mcpName: e.value, hasMCP: true, decision: decAllow, priority: priorityTrustedMCP,
			modes: nonPlanModes, file: e.file, layer: e.layer, text: fmt.Sprintf("mcpServers.%s.trust: true", e.value)})
	}
	for _, e := range s.mcpAllowed {
		tool := "mcp_" + e.value + "_*"
		if e.value == "*" {
			tool = "mcp_*"
		}
		add(&rule{tool: tool, mcpName: e.value, hasMCP: true, decision: decAllow, priority: priorityAllowedMCP,
			modes: nonPlanModes, file: e.file, layer: e.layer, text: fmt.Sprintf("mcp.allowed: %q", e.value)})
	}
}

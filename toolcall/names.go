package toolcall

import "strings"

// Names is one harness's vocabulary of tool names: its own names and the
// normalized tool each stands for, and how it names MCP tools. It is data,
// so a reader and a simulator of the same harness map names the same way.
type Names struct {
	// Exact maps the harness's own names to tools.
	Exact map[string]Tool
	// IsMCP reports whether a name the Exact table lacks is an MCP tool;
	// nil means none is.
	IsMCP func(name string) bool
}

// Normalize maps one of the harness's tool names to the normalized Tool:
// Exact first, then MCP; anything else is Other.
func (n Names) Normalize(name string) Tool {
	if t, ok := n.Exact[name]; ok {
		return t
	}
	if n.IsMCP != nil && n.IsMCP(name) {
		return MCP
	}
	return Other
}

func hasPrefix(p string) func(string) bool {
	return func(name string) bool { return strings.HasPrefix(name, p) }
}

// ClaudeCodeNames are Claude Code's tools. View is the pre-0.2.82 name of
// Read; Task was renamed Agent in 2.1.63; MCP tools are mcp__server__tool.
var ClaudeCodeNames = Names{
	Exact: map[string]Tool{
		"Bash": Bash, "PowerShell": Bash, "Read": Read, "View": Read,
		"Edit": Edit, "MultiEdit": Edit, "NotebookEdit": Edit, "Write": Write,
		"Glob": Glob, "Grep": Grep, "WebFetch": WebFetch, "WebSearch": WebSearch,
		"Task": Other, "Agent": Other, "LS": Other, "TodoWrite": Other,
	},
	IsMCP: hasPrefix("mcp__"),
}

// CodexNames are Codex CLI's tools: function_call names, and the item types
// of local_shell_call and web_search_call. MCP tools are <server>__<tool>;
// no built-in name holds "__".
var CodexNames = Names{
	Exact: map[string]Tool{
		"shell": Bash, "shell_command": Bash, "exec_command": Bash, "local_shell_call": Bash,
		"container.exec": Bash, "apply_patch": Edit, "web_search_call": WebSearch,
		"read_file": Read, "grep_files": Grep,
	},
	IsMCP: func(name string) bool { return strings.Contains(name, "__") },
}

// GeminiNames are Gemini CLI's tools. MCP tools are mcp_<server>_<tool> in
// current builds and the bare tool name or <server>__<tool> in older ones
// (the bare names cannot be told from an unknown built-in and count as
// Other).
var GeminiNames = Names{
	Exact: map[string]Tool{
		"run_shell_command": Bash, "read_file": Read, "read_many_files": Read,
		"replace": Edit, "edit": Edit, "write_file": Write, "glob": Glob,
		"grep_search": Grep, "search_file_content": Grep, "grep": Grep,
		"web_fetch": WebFetch, "google_web_search": WebSearch,
	},
	IsMCP: func(name string) bool { return strings.HasPrefix(name, "mcp_") || strings.Contains(name, "__") },
}

// OpenCodeNames are OpenCode's tools (transcript-formats.md §7.1): the
// built-in ones of tool/*.ts, and any other name is an MCP tool (OpenCode
// names them <server>_<tool>), except a name without an underscore, which
// no MCP tool has and a user-defined tool may.
var OpenCodeNames = Names{
	Exact: map[string]Tool{
		"bash": Bash, "read": Read, "edit": Edit, "multiedit": Edit, "apply_patch": Edit,
		"patch": Edit, "write": Write, "glob": Glob, "grep": Grep, "webfetch": WebFetch,
		"websearch": WebSearch,
		"list":      Other, "task": Other, "todowrite": Other, "todoread": Other, "skill": Other,
		"question": Other, "lsp": Other, "codesearch": Other, "batch": Other, "invalid": Other,
		"plan_enter": Other, "plan_exit": Other,
	},
	IsMCP: func(name string) bool { return strings.Contains(name, "_") },
}

// CursorNames are Cursor CLI's tools (transcript-formats.md §7.1, Cursor
// column). Only Shell and Task are seen in real store.db files; the other
// names are inferred from the wire protocol's readToolCall, editToolCall, …
// and from the permission rules' Shell(…), Read(…), Write(…).
var CursorNames = Names{
	Exact: map[string]Tool{
		"Shell": Bash, "Read": Read, "Edit": Edit, "StrReplace": Edit, "MultiEdit": Edit,
		"Delete": Edit, "Write": Write, "Glob": Glob, "Grep": Grep, "WebFetch": WebFetch,
		"WebSearch": WebSearch,
	},
	IsMCP: hasPrefix("mcp_"),
}

// normalizedNames accepts permsim's own tool words.
var normalizedNames = func() Names {
	m := map[string]Tool{"multiedit": Edit, "patch": Edit}
	for _, t := range Tools {
		m[string(t)] = t
	}
	return Names{Exact: m}
}()

// NormalizeAny maps a tool name when the harness is not known (a decide
// input line may use any harness's names): permsim's own words first, then
// each harness's names in turn (first, the given ones — the harness being
// simulated — then the built-in harnesses'), case-sensitively, then
// lower-cased; mcp__/mcp_ prefixes are MCP; anything else is Other.
func NormalizeAny(name string, first ...Names) Tool {
	all := append(append([]Names{normalizedNames}, first...), ClaudeCodeNames, CodexNames, GeminiNames, CursorNames, OpenCodeNames)
	for _, lower := range []bool{false, true} {
		n := name
		if lower {
			n = strings.ToLower(name)
		}
		for _, ns := range all {
			if t, ok := ns.Exact[n]; ok {
				return t
			}
		}
		if !lower && (strings.HasPrefix(name, "mcp__") || strings.HasPrefix(name, "mcp_")) {
			return MCP
		}
	}
	return Other
}

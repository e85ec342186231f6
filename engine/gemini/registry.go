package gemini

import "strings"

// This file is Gemini CLI 0.61.0's tool registry (Config.createToolRegistry
// in the bundle): which built-in tools exist in a session at all. A call
// naming a tool that is not registered fails with `Tool "X" not found`
// before the policy engine sees it.

// builtinTools maps each built-in tool Gemini CLI 0.61.0 registers to the
// name of its class; a tools.core entry may name either.
var builtinTools = map[string]string{
	"update_topic": "UpdateTopicTool", "list_directory": "LSTool", "read_file": "ReadFileTool",
	"grep_search": "GrepTool", "glob": "GlobTool", "activate_skill": "ActivateSkillTool", "replace": "EditTool",
	"write_file": "WriteFileTool", "web_fetch": "WebFetchTool", "read_mcp_resource": "ReadMcpResourceTool",
	"list_mcp_resources": "ListMcpResourcesTool", "run_shell_command": "ShellTool",
	"list_background_processes": "ListBackgroundProcessesTool", "read_background_output": "ReadBackgroundOutputTool",
	"google_web_search": "WebSearchTool", "ask_user": "AskUserTool", "write_todos": "WriteTodosTool",
	"exit_plan_mode": "ExitPlanModeTool", "enter_plan_mode": "EnterPlanModeTool", "invoke_agent": "AgentTool",
}

// grepClasses are the two classes behind grep_search (ripgrep when it is
// installed, the plain one otherwise); tools.core may name either.
var grepClasses = []string{"GrepTool", "RipGrepTool"}

// unregisteredTools are tool names of earlier Gemini CLI versions that
// 0.61.0 no longer registers: recorded calls naming them came back "not
// found" in every mode (recorded with the real Gemini CLI 0.61.0).
var unregisteredTools = map[string]bool{"save_memory": true, "read_many_files": true}

// registered reports whether Gemini CLI registers the built-in tool name,
// and why not: a name 0.61.0 has dropped, or a tools.core list that does
// not name it (by tool name or class name, alone or with arguments in
// parentheses). Names that are not built-in tools (MCP tools, discovered
// tools, subagents) are left to the policy engine.
func (p *Policy) registered(name string) (bool, string) {
	if unregisteredTools[name] {
		return false, "Gemini CLI 0.61.0 has no " + name + " tool"
	}
	class, builtin := builtinTools[name]
	if !builtin || p.core == nil {
		return true, ""
	}
	classes := []string{class}
	if name == "grep_search" {
		classes = grepClasses
	}
	for _, e := range p.core {
		for _, n := range append([]string{name}, classes...) {
			if e == n || strings.HasPrefix(e, n+"(") {
				return true, ""
			}
		}
	}
	return false, "tools.core (" + p.coreFile + ") does not list " + name + ", so Gemini CLI does not register it"
}

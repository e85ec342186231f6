package gemini

import (
	"path/filepath"
	"strings"
)

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
	// tools.exclude is also Config.excludeTools (the CLI's
	// mergeExcludeTools), and Config.getExcludeTools adds the policy's
	// exclusions to it: a tool it names in full is never registered, even
	// where a higher-priority policy rule on the tool would ask or allow.
	// Recorded with the real Gemini CLI 0.61.0 (testdata/gemini/generated,
	// pg-g8219-11-…): under tools.exclude ["run_shell_command", …] every
	// shell call failed as `Tool "run_shell_command" not found`, though
	// user policy rules of priority 900 and 500 named the tool.
	for _, e := range p.staticExclude {
		if e.value == name {
			return false, "tools.exclude (" + e.file + ") names " + name + ", so Gemini CLI does not register it"
		}
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

// buildFileNames and buildFileExts are Gemini CLI 0.61.0's build files
// (isBuildFile): an edit of one that the policy allowed asks first, in
// every mode, yolo included ("Build File Protection"; write_file of
// package.json asked in yolo, recorded with the real Gemini CLI 0.61.0).
var (
	buildFileNames = map[string]bool{
		"BUILD": true, "BUILD.bazel": true, "WORKSPACE": true, "WORKSPACE.bazel": true, "MODULE.bazel": true,
		".bazelrc": true, ".blazerc": true, "Makefile": true, "makefile": true, "GNUmakefile": true,
		"CMakeLists.txt": true, "package.json": true, "package-lock.json": true, "pnpm-lock.yaml": true,
		"yarn.lock": true, "bun.lockb": true, "setup.py": true, "setup.cfg": true, "pyproject.toml": true,
		"go.mod": true, "go.sum": true, "Cargo.toml": true, "Cargo.lock": true, "pom.xml": true,
		"build.gradle": true, "build.gradle.kts": true, "settings.gradle": true, "settings.gradle.kts": true,
		"Dockerfile": true, "Containerfile": true,
	}
	buildFileExts = map[string]bool{".bzl": true, ".bazel": true, ".bzlmod": true, ".mk": true, ".cmake": true}
	// editKeywords mark a tool as a file-editing one by a word of its name.
	editKeywords = map[string]bool{"write": true, "edit": true, "replace": true, "patch": true, "update": true,
		"create": true, "append": true, "save": true}
)

// buildFileEdit returns the build file a file-editing tool call targets
// (file_path, path, filePath or file), or "".
func buildFileEdit(name string, args map[string]any) string {
	edit := writeTools[name]
	for _, w := range strings.FieldsFunc(strings.ToLower(name), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
	}) {
		edit = edit || editKeywords[w]
	}
	if !edit {
		return ""
	}
	var target string
	for _, k := range []string{"file_path", "path", "filePath", "file"} {
		if v, ok := args[k]; ok {
			target, _ = v.(string)
			break
		}
	}
	target = strings.TrimSpace(strings.ReplaceAll(target, "\x00", ""))
	if target == "" {
		return ""
	}
	base := filepath.Base(target)
	if buildFileNames[base] || strings.HasPrefix(base, "Dockerfile.") || strings.HasPrefix(base, "Containerfile.") ||
		buildFileExts[strings.ToLower(filepath.Ext(base))] {
		return target
	}
	return ""
}

// autoEditTools are the tools whose confirmation autoEdit mode skips
// (respectsAutoEdit in Gemini CLI 0.61.0: the edit, write_file and
// web_fetch invocations).
var autoEditTools = map[string]bool{"replace": true, "write_file": true, "web_fetch": true}

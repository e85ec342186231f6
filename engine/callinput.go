package engine

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/permsim/permsim/toolcall"
)

// CallInput is one line of `permsim decide` input: either the normalized
// form ({"tool":"bash","command":"git push"}, {"tool":"read","path":".env"})
// or a harness-native tool name with its own arguments in Input
// ({"tool":"Bash","input":{"command":"git push"}}).
type CallInput struct {
	Tool    string         `json:"tool"`
	Command string         `json:"command,omitempty"`
	Path    string         `json:"path,omitempty"`
	Paths   []string       `json:"paths,omitempty"`
	Input   map[string]any `json:"input,omitempty"`
	Cwd     string         `json:"cwd,omitempty"`
	// Version is the harness version to decide as ("2.1.81"): empty for
	// the simulator's newest checked behaviour (engine.Call.Version).
	Version string `json:"version,omitempty"`
}

// NormalizeTool maps a tool name of any harness to the normalized Tool
// (toolcall.NormalizeAny). MCP tools (mcp__server__tool, mcp_server_tool)
// map to ToolMCP; names it does not know map to ToolOther.
func NormalizeTool(name string) Tool { return toolcall.NormalizeAny(name) }

// pathKeys are the argument names that hold a file path, across harnesses.
var pathKeys = []string{"file_path", "notebook_path", "path", "filePath", "absolute_path", "dir_path"}

// ParseCallInput reads one line of decide input and returns the Call it
// describes. Relative paths are made absolute against the call's cwd, or the
// project folder when the call names none.
func ParseCallInput(line []byte, project string) (Call, error) {
	var in CallInput
	if err := json.Unmarshal(line, &in); err != nil {
		return Call{}, fmt.Errorf("not a JSON object: %v", err)
	}
	if in.Tool == "" {
		return Call{}, fmt.Errorf(`missing "tool" (e.g. {"tool":"bash","command":"git push"})`)
	}
	c := Call{Tool: NormalizeTool(in.Tool), RawTool: in.Tool, Input: in.Input, Cwd: in.Cwd, Version: in.Version}
	if string(c.Tool) == in.Tool {
		// A normalized name ("bash", "read") names no harness's own tool:
		// each simulator maps it to its own.
		c.RawTool = ""
	}
	if c.Cwd == "" {
		c.Cwd = project
	} else if !filepath.IsAbs(c.Cwd) {
		c.Cwd = filepath.Join(project, c.Cwd)
	}
	c.Command = in.Command
	if c.Command == "" && in.Input != nil {
		c.Command = commandFromInput(in.Input)
	}
	paths := append([]string(nil), in.Paths...)
	if in.Path != "" {
		paths = append(paths, in.Path)
	}
	if len(paths) == 0 && in.Input != nil {
		for _, k := range pathKeys {
			if s, ok := in.Input[k].(string); ok && s != "" {
				paths = append(paths, s)
				break
			}
		}
	}
	for i, p := range paths {
		if strings.HasPrefix(p, "~/") {
			continue // left for the harness to resolve against its home
		}
		if !filepath.IsAbs(p) {
			paths[i] = filepath.Join(c.Cwd, p)
		}
	}
	c.Paths = paths
	if c.Tool == ToolBash && c.Command == "" {
		return Call{}, fmt.Errorf("a %s call needs a command", in.Tool)
	}
	if (c.Tool == ToolRead || c.Tool == ToolEdit || c.Tool == ToolWrite) && len(c.Paths) == 0 && in.Tool != "apply_patch" {
		return Call{}, fmt.Errorf("a %s call needs a path", in.Tool)
	}
	if c.Input == nil {
		c.Input = map[string]any{}
		if c.Command != "" {
			c.Input["command"] = c.Command
		}
		if len(c.Paths) == 1 {
			c.Input["file_path"] = c.Paths[0]
		}
	}
	return c, nil
}

// commandFromInput finds the shell command in a harness's own arguments:
// a string "command"/"cmd", or an argv list (Codex), joined with spaces
// after unwrapping `bash -lc SCRIPT`.
func commandFromInput(in map[string]any) string {
	for _, k := range []string{"command", "cmd"} {
		switch v := in[k].(type) {
		case string:
			return v
		case []any:
			argv := make([]string, 0, len(v))
			for _, a := range v {
				s, _ := a.(string)
				argv = append(argv, s)
			}
			if len(argv) == 3 && (argv[1] == "-lc" || argv[1] == "-c") {
				return argv[2]
			}
			return strings.Join(argv, " ")
		}
	}
	return ""
}

package opencode

import (
	"testing"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/toolcall"
)

// TestBuiltinNamesAreToolWords guards what requests relies on when it names
// another harness's call for OpenCode's rules: OpenCode's built-in tools
// (tool/*.ts, transcript-formats.md §7.1) are named bash, read, edit,
// write, glob, grep, webfetch and websearch — permsim's own tool words.
func TestBuiltinNamesAreToolWords(t *testing.T) {
	for _, tool := range []engine.Tool{engine.ToolBash, engine.ToolRead, engine.ToolEdit, engine.ToolWrite,
		engine.ToolGlob, engine.ToolGrep, engine.ToolWebFetch, engine.ToolWebSearch} {
		if got := toolcall.OpenCodeNames.Normalize(string(tool)); got != tool {
			t.Errorf("OpenCode's %q is %q, want %q", tool, got, tool)
		}
	}
}

// TestRequestsNameOtherHarnessesTools: a call recorded by another harness
// is matched against OpenCode's rules under OpenCode's name for its tool
// (apply_patch keeps its own name: OpenCode has a tool of that name).
func TestRequestsNameOtherHarnessesTools(t *testing.T) {
	p := &Policy{project: "/p"}
	for _, c := range []struct {
		raw  string
		tool engine.Tool
		want string
	}{
		{"run_shell_command", engine.ToolBash, "bash"},
		{"Read", engine.ToolRead, "read"},
		{"write_file", engine.ToolWrite, "write"},
		{"MultiEdit", engine.ToolEdit, "edit"},
		{"apply_patch", engine.ToolEdit, "apply_patch"},
		{"glob", engine.ToolGlob, "glob"},
		{"grep_search", engine.ToolGrep, "grep"},
		{"WebFetch", engine.ToolWebFetch, "webfetch"},
		{"google_web_search", engine.ToolWebSearch, "websearch"},
		{"TodoWrite", engine.ToolOther, "todowrite"},
	} {
		got, _, _ := p.requests(engine.Call{Tool: c.tool, RawTool: c.raw})
		if got != c.want {
			t.Errorf("%s (%s): OpenCode tool %q, want %q", c.raw, c.tool, got, c.want)
		}
	}
}

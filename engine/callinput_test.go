package engine

import (
	"reflect"
	"testing"
)

// The input forms are the ones DESIGN.md's CLI contract names for
// `permsim decide`: normalized ({"tool":"bash","command":"git push"},
// {"tool":"read","path":".env"}) and harness-native names with "input".
func TestParseCallInput(t *testing.T) {
	const proj = "/p"
	tests := []struct {
		in      string
		tool    Tool
		command string
		paths   []string
	}{
		{`{"tool":"bash","command":"git push"}`, ToolBash, "git push", nil},
		{`{"tool":"read","path":".env"}`, ToolRead, "", []string{"/p/.env"}},
		{`{"tool":"Bash","input":{"command":"ls -la"}}`, ToolBash, "ls -la", nil},
		{`{"tool":"Read","input":{"file_path":"/etc/passwd"}}`, ToolRead, "", []string{"/etc/passwd"}},
		{`{"tool":"run_shell_command","input":{"command":"npm test"}}`, ToolBash, "npm test", nil},
		{`{"tool":"exec_command","input":{"cmd":"cat .env"}}`, ToolBash, "cat .env", nil},
		{`{"tool":"shell","input":{"command":["bash","-lc","git status"]}}`, ToolBash, "git status", nil},
		{`{"tool":"write_file","input":{"file_path":"src/a.go"}}`, ToolWrite, "", []string{"/p/src/a.go"}},
		{`{"tool":"mcp__github__get_issue","input":{}}`, ToolMCP, "", nil},
		{`{"tool":"read","path":"x","cwd":"sub"}`, ToolRead, "", []string{"/p/sub/x"}},
	}
	for _, tt := range tests {
		c, err := ParseCallInput([]byte(tt.in), proj)
		if err != nil {
			t.Errorf("%s: %v", tt.in, err)
			continue
		}
		if c.Tool != tt.tool || c.Command != tt.command || !reflect.DeepEqual(c.Paths, tt.paths) && !(len(c.Paths) == 0 && len(tt.paths) == 0) {
			t.Errorf("%s: got tool %q command %q paths %q; want %q %q %q", tt.in, c.Tool, c.Command, c.Paths, tt.tool, tt.command, tt.paths)
		}
	}
}

// Issue 28: a decide line names the harness version that recorded the
// call, and the Call carries it to the simulator.
func TestParseCallInputVersion(t *testing.T) {
	c, err := ParseCallInput([]byte(`{"tool":"bash","command":"ls","version":"2.1.81"}`), "/p")
	if err != nil || c.Version != "2.1.81" {
		t.Errorf("version %q, err %v; want 2.1.81", c.Version, err)
	}
	c, err = ParseCallInput([]byte(`{"tool":"bash","command":"ls"}`), "/p")
	if err != nil || c.Version != "" {
		t.Errorf("no version given: got %q, err %v", c.Version, err)
	}
}

func TestParseCallInputErrors(t *testing.T) {
	for _, in := range []string{`not json`, `{}`, `{"tool":"bash"}`, `{"tool":"read"}`} {
		if _, err := ParseCallInput([]byte(in), "/p"); err == nil {
			t.Errorf("%s: want an error", in)
		}
	}
}

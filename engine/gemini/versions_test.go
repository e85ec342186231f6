package gemini

import (
	"testing"

	"github.com/permsim/permsim/engine"
)

// Issue 28: a call recorded by a Gemini CLI version other than the one
// checked (0.61.0) is decided as 0.61.0, and the decision says so.
func TestVersionBasisLabel(t *testing.T) {
	home, proj := t.TempDir(), t.TempDir()
	p, err := New().Load(engine.Env{ProjectDir: proj, HomeDir: home})
	if err != nil {
		t.Fatal(err)
	}
	for v, want := range map[string]string{
		"":       "",
		"0.61.0": "checked: 0.61.0",
		"0.30.0": "0.30.0: not checked; decided as 0.61.0, the oldest checked version",
		"0.70.1": "0.70.1: not checked; decided as 0.61.0, the newest checked version",
	} {
		d := p.Decide(engine.Call{Tool: engine.ToolBash, RawTool: "run_shell_command", Command: "ls", Cwd: proj, Version: v}, "")
		if d.VersionBasis != want {
			t.Errorf("version %q: basis %q, want %q", v, d.VersionBasis, want)
		}
	}
}

package opencode

import (
	"testing"

	"github.com/permsim/permsim/engine"
)

// Issue 28: a call recorded by an OpenCode version other than the one
// checked (1.18.33) is decided as 1.18.33, and the decision says so.
func TestVersionBasisLabel(t *testing.T) {
	home, proj := t.TempDir(), t.TempDir()
	p, err := New().Load(engine.Env{ProjectDir: proj, HomeDir: home})
	if err != nil {
		t.Fatal(err)
	}
	for v, want := range map[string]string{
		"":        "",
		"1.18.33": "checked: 1.18.33",
		"1.2.0":   "1.2.0: not checked; decided as 1.18.33, the oldest checked version",
	} {
		d := p.Decide(engine.Call{Tool: engine.ToolBash, RawTool: "bash", Command: "ls", Cwd: proj, Version: v}, "")
		if d.VersionBasis != want {
			t.Errorf("version %q: basis %q, want %q", v, d.VersionBasis, want)
		}
	}
}

package codex

import (
	"testing"

	"github.com/permsim/permsim/engine"
)

// Issue 28: sessions recorded by Codex 0.140–0.142 ran rm -rf under
// approval policy never with no sandbox, and rm --force anywhere; from
// 0.150 the rm guard refuses the one and asks for (or refuses) the other
// (testdata/codex/versions: xv-rm0-never-danger-full-access,
// xv-rm3-on-request-workspace-write).
func TestRmGuardFollowsVersion(t *testing.T) {
	home, proj := t.TempDir(), t.TempDir()
	policy := func(mode string) *Policy {
		p, err := load(engine.Env{ProjectDir: proj, HomeDir: home, Flags: map[string]string{FlagMode: mode}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	full, ws, askFull := policy("never:danger-full-access"), policy("on-request:workspace-write"), policy("on-request:danger-full-access")
	tests := []struct {
		p       *Policy
		cmd     string
		version string
		want    engine.Outcome
		basis   string
	}{
		{full, "rm -rf build", "", engine.Blocked, ""},
		{full, "rm -rf build", "0.140.0", engine.Runs, "checked: 0.140.0"},
		{full, "rm -rf build", "0.141.0", engine.Runs, "0.141.0: between checked versions 0.140.0 and 0.142.0, which behave alike"},
		{full, "rm -rf build", "0.142.0", engine.Runs, "checked: 0.142.0"},
		{full, "rm -rf build", "0.145.0", engine.Runs, "0.145.0: not checked; decided as 0.142.0, the nearest checked version"},
		{full, "rm -rf build", "0.150.0", engine.Blocked, "checked: 0.150.0"},
		{full, "rm -rf build", "0.169.0", engine.Blocked, "checked: 0.169.0"},
		{ws, "rm -rf build", "0.140.0", engine.Asks, "checked: 0.140.0"},
		{askFull, "rm -rf build", "0.140.0", engine.Asks, "checked: 0.140.0"},
		{ws, "rm --force tmp/x", "0.140.0", engine.Runs, "checked: 0.140.0"},
		{ws, "rm --force tmp/x", "0.150.0", engine.Asks, "checked: 0.150.0"},
		{ws, "rm --force tmp/x", "", engine.Asks, ""},
	}
	for _, tt := range tests {
		d := tt.p.Decide(engine.Call{Tool: engine.ToolBash, RawTool: "exec_command", Command: tt.cmd, Cwd: proj,
			Input: map[string]any{"cmd": tt.cmd}, Version: tt.version}, "")
		if d.Outcome != tt.want || d.VersionBasis != tt.basis {
			t.Errorf("%s %q: %s at %q [%s]; want %s [%s]", tt.cmd, tt.version, d.Outcome, d.Step, d.VersionBasis, tt.want, tt.basis)
		}
	}
}

// Codex 0.140–0.142 ran its known-safe commands without asking under
// approval policy untrusted, and asked for the rest; from 0.150 it asks
// for every command (testdata/codex/versions, xv-readonly-untrusted and
// xv-writes-untrusted).
func TestUntrustedKnownSafeFollowsVersion(t *testing.T) {
	home, proj := t.TempDir(), t.TempDir()
	p, err := load(engine.Env{ProjectDir: proj, HomeDir: home, Flags: map[string]string{FlagMode: "untrusted:workspace-write"}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		cmd, version string
		want         engine.Outcome
	}{
		{"ls -la", "0.140.0", engine.Runs},
		{"git status", "0.142.0", engine.Runs},
		{"sed -n 1p README.md", "0.142.0", engine.Runs},
		{"find . -name '*.md'", "0.140.0", engine.Runs},
		{"find . -delete", "0.140.0", engine.Asks},
		{"sed -i s/a/b/ README.md", "0.140.0", engine.Asks},
		{"touch new.txt", "0.140.0", engine.Asks},
		{"ls -la", "0.150.0", engine.Asks},
		{"ls -la", "", engine.Asks},
	}
	for _, tt := range tests {
		d := p.Decide(engine.Call{Tool: engine.ToolBash, RawTool: "exec_command", Command: tt.cmd, Cwd: proj,
			Input: map[string]any{"cmd": tt.cmd}, Version: tt.version}, "")
		if d.Outcome != tt.want {
			t.Errorf("%s %q: %s at %q (%s); want %s", tt.cmd, tt.version, d.Outcome, d.Step, d.Reason, tt.want)
		}
	}
}

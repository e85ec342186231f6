package opencode

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/permsim/permsim/engine"
)

// A config that only picks the default agent decides calls as much as one
// with permission rules (each agent has its own permissions), so a central
// replay needs it in the host's settings snapshot (issue 31,
// docs/scale.md). SettingsFiles lists every config file Load read, rules
// or not, in the order read (global, then the project's), and no file
// that is not there.
func TestSettingsFilesListsAgentOnlyConfigs(t *testing.T) {
	home := t.TempDir()
	proj := filepath.Join(home, "proj")
	global := filepath.Join(home, ".config", "opencode", "opencode.json")
	project := filepath.Join(proj, "opencode.json")
	for path, body := range map[string]string{
		global:  `{"permission":{"bash":{"rm *":"deny"}}}`,
		project: `{"default_agent":"plan"}`,
	} {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(proj, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	p, err := load(engine.Env{ProjectDir: proj, HomeDir: home, Flags: map[string]string{}})
	if err != nil {
		t.Fatal(err)
	}
	var sf engine.SettingsFiler = p
	if got, want := sf.SettingsFiles(), []string{global, project}; !slices.Equal(got, want) {
		t.Errorf("SettingsFiles() = %q, want %q", got, want)
	}
	// The project's file really decides the agent calls run under.
	if m := p.Modes(); len(m) == 0 || m[0] != "plan" {
		t.Errorf("modes %v, want the project's default_agent plan first", m)
	}
}

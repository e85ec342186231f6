package codex

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/permsim/permsim/engine"
)

// A config.toml that only sets a mode decides calls as much as one with
// rules (the seed: approval_policy and sandbox_mode come from the merged
// config.toml layers), so a central replay needs it in the host's settings
// snapshot (issue 31, docs/scale.md): SettingsFiles lists every
// config.toml Load read, rules or not, in layer order, and no file that
// is not there.
func TestSettingsFilesListsModeOnlyConfigs(t *testing.T) {
	home := t.TempDir()
	proj := filepath.Join(home, "proj")
	user := filepath.Join(home, ".codex", "config.toml")
	project := filepath.Join(proj, ".codex", "config.toml")
	for path, body := range map[string]string{
		user:    "sandbox_mode = \"workspace-write\"\n[projects.\"" + proj + "\"]\ntrust_level = \"trusted\"\n",
		project: "approval_policy = \"never\"\n",
	} {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p, err := load(engine.Env{ProjectDir: proj, HomeDir: home, ManagedDir: filepath.Join(home, "etc"), Flags: map[string]string{}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var sf engine.SettingsFiler = p
	if got, want := sf.SettingsFiles(), []string{user, project}; !slices.Equal(got, want) {
		t.Errorf("SettingsFiles() = %q, want %q", got, want)
	}
	// The project's file really decides the mode here (its approval
	// policy): without it in a snapshot, the central replay would fall
	// back to the built-in default.
	if m := p.ModeLabel(); !strings.Contains(m, "approval from "+project) {
		t.Errorf("mode label %q: the approval policy does not come from %s", m, project)
	}
}

package gemini

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/permsim/permsim/engine"
)

// A settings.json that only sets general.defaultApprovalMode decides calls
// as much as one with rules, and trustedFolders.json decides whether the
// workspace's settings apply at all; a central replay needs both in the
// host's settings snapshot (issue 31, docs/scale.md). SettingsFiles lists
// every settings file Load read and the trust record that covered the
// project (in any order), and no file that is not there.
func TestSettingsFilesListsModeOnlySettings(t *testing.T) {
	home := t.TempDir()
	proj := filepath.Join(home, "proj")
	user := filepath.Join(home, ".gemini", "settings.json")
	trust := filepath.Join(home, ".gemini", "trustedFolders.json")
	workspace := filepath.Join(proj, ".gemini", "settings.json")
	for path, body := range map[string]string{
		user:      `{"ui":{"theme":"Default"}}`,
		trust:     `{"` + proj + `":"TRUST_FOLDER"}`,
		workspace: `{"general":{"defaultApprovalMode":"auto_edit"}}`,
	} {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p, err := load(engine.Env{ProjectDir: proj, HomeDir: home, ManagedDir: filepath.Join(home, "etc-gemini-cli"), Flags: map[string]string{}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var sf engine.SettingsFiler = p
	got, want := sf.SettingsFiles(), []string{user, trust, workspace}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("SettingsFiles() = %q, want %q", got, want)
	}
	// The workspace's file really decides the mode here.
	if m := p.Modes(); len(m) != 1 || m[0] != "autoEdit" {
		t.Errorf("mode %v, want autoEdit from %s (%s)", m, workspace, p.ModeLabel())
	}
}

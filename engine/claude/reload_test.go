package claude

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/permsim/permsim/engine"
)

// TestSettingsWrites checks which calls Policy.SettingsWrites names as
// rewriting a settings file in force. The calls that rewrote one in the
// real Claude Code 2.1.328 are those of testdata/claude/probe-settings (a
// redirection into .claude/settings.json inside a group, a cp onto it, the
// user's ~/.claude/settings.json emptied) and the Write of
// testdata/claude/generated g2-096; reading the file or writing elsewhere
// changed nothing (p5519-outtxt).
func TestSettingsWrites(t *testing.T) {
	p, d := build(t, setup{user: allow("Bash(ls *)"), project: allow("Bash")})
	user := filepath.Join(d.home, ".claude", "settings.json")
	project := filepath.Join(d.project, ".claude", "settings.json")
	for _, tc := range []struct {
		name string
		call engine.Call
		want []string
	}{
		{"group redirect (p5519-group)", sh("{ git add . > .claude/settings.json; }"), []string{project}},
		{"cp onto it (p5519-groupcp)", sh("{ cp README.md .claude/settings.json; }"), []string{project}},
		{"user file emptied (p5519-sess-user)", sh("{ true > ~/.claude/settings.json; }"), []string{user}},
		{"Write tool (g2-096)", wr("{P}/.claude/settings.json"), []string{project}},
		{"another file (p5519-outtxt)", sh("{ git add . > out.txt | head -3; }"), nil},
		{"a read", sh("cat .claude/settings.json"), nil},
		{"the local file, not loaded", sh("true > .claude/settings.local.json"), nil},
	} {
		got := p.SettingsWrites(d.call(tc.call))
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: SettingsWrites = %v, want %v", tc.name, got, tc.want)
		}
	}
}

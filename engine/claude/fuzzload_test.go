package claude

import (
	"strings"
	"testing"

	"github.com/permsim/permsim/internal/fuzzload"
	"github.com/permsim/permsim/internal/safefile"
)

// FuzzLoadSettings: no .claude/settings.json, however broken, makes the simulator panic or hang
// (issue 14, "Fuzzing"); what it cannot read is a Problem naming the file. While fuzzing, each
// input goes through what the loader does with the bytes it read (safefile's depth check,
// parseSettings, compileRules, markShadowed, resolveSingles, resolveSandbox); the seed corpus
// also goes through the whole Load and the decisions (fuzzload.FuzzParse).
func FuzzLoadSettings(f *testing.F) {
	fuzzload.FuzzParse(f, New(), ".claude/settings.json", false, parseSettingsBytes,

		"{\"permissions\":{\"allow\":[\"Bash(npm test *)\",\"Read(src/**)\"],\"deny\":[\"Bash(curl *)\",\"Read(./.env)\"],\"ask\":[\"Bash(git push *)\"],\"defaultMode\":\"acceptEdits\"}}",

		"{\"hooks\":{\"PreToolUse\":[{\"matcher\":\"Bash\",\"hooks\":[{\"type\":\"command\",\"command\":\"exit 2\",\"timeout\":1}]}]},\"sandbox\":{\"enabled\":true}}",

		"{\"permissions\":{\"allow\":[\"Bash(:*)\",\"Edit(//**)\",\"WebFetch(domain:*.example)\"],\"additionalDirectories\":[\"../x\"]}}",

		"{\"permissions\":",

		"[[[[[[",
	)
}

// parseSettingsBytes is what load does with the bytes of the project's
// settings file, without the file system.
func parseSettingsBytes(t *testing.T, data []byte) {
	const path = "/p/.claude/settings.json"
	if safefile.CheckDepth(data, safefile.JSON) != nil {
		return
	}
	sf, probs := parseSettings(data, path, LayerProject, "/p")
	for _, pr := range probs {
		if pr.File != path || !strings.HasPrefix(pr.String(), path) {
			t.Fatalf("problem does not name %s: %+v", path, pr)
		}
	}
	if sf == nil {
		return
	}
	p := &Policy{project: "/p", home: "/h", userDir: "/h/.claude", hooks: NoHooks{}, autoInPlan: true, trusted: true, files: []*settingsFile{sf}}
	p.compileRules()
	p.markShadowed()
	p.resolveSingles()
	p.resolveSandbox()
}

package claude

import (
	"testing"

	"github.com/permsim/permsim/internal/fuzzload"
)

// FuzzLoadSettings: no .claude/settings.json, however broken, makes the simulator panic or hang
// (issue 14, "Fuzzing"); what it cannot read is a Problem of the Policy.
func FuzzLoadSettings(f *testing.F) {
	fuzzload.Fuzz(f, New(), ".claude/settings.json", false,

		"{\"permissions\":{\"allow\":[\"Bash(npm test *)\",\"Read(src/**)\"],\"deny\":[\"Bash(curl *)\",\"Read(./.env)\"],\"ask\":[\"Bash(git push *)\"],\"defaultMode\":\"acceptEdits\"}}",

		"{\"hooks\":{\"PreToolUse\":[{\"matcher\":\"Bash\",\"hooks\":[{\"type\":\"command\",\"command\":\"exit 2\",\"timeout\":1}]}]},\"sandbox\":{\"enabled\":true}}",

		"{\"permissions\":{\"allow\":[\"Bash(:*)\",\"Edit(//**)\",\"WebFetch(domain:*.example)\"],\"additionalDirectories\":[\"../x\"]}}",

		"{\"permissions\":",

		"[[[[[[",
	)
}

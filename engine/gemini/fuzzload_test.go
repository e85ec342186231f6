package gemini

import (
	"strings"
	"testing"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/internal/fuzzload"
	"github.com/permsim/permsim/internal/safefile"
)

// FuzzLoadSettings: no .gemini/settings.json, however broken, makes the simulator panic or hang
// (issue 14, "Fuzzing"); what it cannot read is a Problem naming the file. While fuzzing, each
// input goes through the bytes the loader reads (safefile's depth check, parseSettings, merge,
// settingsRules); the seed corpus also goes through the whole Load and the decisions
// (fuzzload.FuzzParse).
func FuzzLoadSettings(f *testing.F) {
	fuzzload.FuzzParse(f, New(), ".gemini/settings.json", true, parseSettingsBytes,

		"{\"tools\":{\"allowed\":[\"run_shell_command(git status)\"],\"exclude\":[\"web_fetch\"],\"core\":[\"read_file\",\"run_shell_command\"]},\"general\":{\"defaultApprovalMode\":\"autoEdit\"}}",

		"{\"hooks\":{\"BeforeTool\":[{\"matcher\":\"run_shell.*\",\"hooks\":[{\"type\":\"command\",\"command\":\"exit 2\",\"timeout\":500}]}]}}",

		"{\"tools\":{\"allowed\":[\"run_shell_command((((((((\"]}}",

		"{",
	)
}

// parseSettingsBytes is what load does with the bytes of one settings file,
// without the file system: the checks of safefile.ReadConfig, parseSettings,
// merge and the rules the settings make.
func parseSettingsBytes(t *testing.T, data []byte) {
	const path = "/h/.gemini/settings.json"
	if safefile.CheckDepth(data, safefile.JSON) != nil {
		return
	}
	sf, probs := parseSettings(path, LayerUser, data)
	named(t, path, probs)
	if sf == nil {
		return
	}
	s, probs := merge([]*settingsFile{sf})
	named(t, path, probs)
	ld := &loading{Policy: &Policy{project: "/p", home: "/h", geminiDir: "/h/.gemini", trusted: true}}
	ld.settingsRules(s, nil)
	sortRules(ld.all)
}

// FuzzLoadPolicy: no .gemini/policies/p.toml, however broken, makes the simulator panic or hang
// (issue 14, "Fuzzing"); what it cannot read is a Problem naming the file. While fuzzing, each
// input goes through safefile's depth check and loadPolicyFile, the parser the loader calls for
// every policy file; the seed corpus also goes through the whole Load and the decisions.
func FuzzLoadPolicy(f *testing.F) {
	fuzzload.FuzzParse(f, New(), ".gemini/policies/p.toml", true, parsePolicyBytes,

		"[[rule]]\ntoolName = \"run_shell_command\"\ncommandPrefix = \"git push\"\ndecision = \"deny\"\npriority = 100\n",

		"[[rule]]\ntoolName = \"*\"\ncommandRegex = \"(a+)+$\"\ndecision = \"ask_user\"\npriority = 5\nmodes = [\"yolo\"]\n",

		"[[rule]]\ntoolName = \"read_file\"\nargsPattern = \"env\"\ndecision = \"deny\"\n",

		"[[rule",

		"[[safety_checker]]\n",
	)
}

// parsePolicyBytes is what loadPolicies does with one user policy file's bytes.
func parsePolicyBytes(t *testing.T, data []byte) {
	const path = "/h/.gemini/policies/p.toml"
	if safefile.CheckDepth(data, safefile.TOML) != nil {
		return
	}
	order := 0
	rules, _, probs := loadPolicyFile(policyFile{path: path, data: data, tier: tierUser, layer: LayerUser}, &order)
	named(t, path, probs)
	sortRules(rules)
}

// named fails unless every problem starts with the file it is about, as
// the package promises (file, and line where there is one).
func named(t *testing.T, path string, probs engine.ProblemLog) {
	t.Helper()
	for _, p := range probs {
		if p.File != path || !strings.HasPrefix(p.String(), path) {
			t.Fatalf("problem does not name %s: %+v", path, p)
		}
	}
}

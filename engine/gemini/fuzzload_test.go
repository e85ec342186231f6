package gemini

import (
	"testing"

	"github.com/permsim/permsim/internal/fuzzload"
)

// FuzzLoadSettings: no .gemini/settings.json, however broken, makes the simulator panic or hang
// (issue 14, "Fuzzing"); what it cannot read is a Problem of the Policy.
func FuzzLoadSettings(f *testing.F) {
	fuzzload.Fuzz(f, New(), ".gemini/settings.json", true,

		"{\"tools\":{\"allowed\":[\"run_shell_command(git status)\"],\"exclude\":[\"web_fetch\"],\"core\":[\"read_file\",\"run_shell_command\"]},\"general\":{\"defaultApprovalMode\":\"autoEdit\"}}",

		"{\"hooks\":{\"BeforeTool\":[{\"matcher\":\"run_shell.*\",\"hooks\":[{\"type\":\"command\",\"command\":\"exit 2\",\"timeout\":500}]}]}}",

		"{\"tools\":{\"allowed\":[\"run_shell_command((((((((\"]}}",

		"{",
	)
}

// FuzzLoadPolicy: no .gemini/policies/p.toml, however broken, makes the simulator panic or hang
// (issue 14, "Fuzzing"); what it cannot read is a Problem of the Policy.
func FuzzLoadPolicy(f *testing.F) {
	fuzzload.Fuzz(f, New(), ".gemini/policies/p.toml", true,

		"[[rule]]\ntoolName = \"run_shell_command\"\ncommandPrefix = \"git push\"\ndecision = \"deny\"\npriority = 100\n",

		"[[rule]]\ntoolName = \"*\"\ncommandRegex = \"(a+)+$\"\ndecision = \"ask_user\"\npriority = 5\nmodes = [\"yolo\"]\n",

		"[[rule]]\ntoolName = \"read_file\"\nargsPattern = \"env\"\ndecision = \"deny\"\n",

		"[[rule",

		"[[safety_checker]]\n",
	)
}

package codex

import (
	"testing"

	"github.com/permsim/permsim/internal/fuzzload"
)

// FuzzLoadConfig: no .codex/config.toml, however broken, makes the simulator panic or hang
// (issue 14, "Fuzzing"); what it cannot read is a Problem of the Policy.
func FuzzLoadConfig(f *testing.F) {
	fuzzload.Fuzz(f, New(), ".codex/config.toml", true,

		"approval_policy = \"on-request\"\nsandbox_mode = \"workspace-write\"\n[projects.\"/p\"]\ntrust_level = \"trusted\"\n",

		"[sandbox_workspace_write]\nwritable_roots = [\"/tmp\"]\nnetwork_access = true\n",

		"[features]\nhooks = false\n[hooks]\n",

		"a = [[[[",

		"\"",
	)
}

// FuzzLoadRules: no .codex/rules/default.rules, however broken, makes the simulator panic or hang
// (issue 14, "Fuzzing"); what it cannot read is a Problem of the Policy.
func FuzzLoadRules(f *testing.F) {
	fuzzload.Fuzz(f, New(), ".codex/rules/default.rules", true,

		"prefix_rule(pattern = [\"git\", \"push\"], decision = \"prompt\")\nprefix_rule(pattern = [\"rm\", [\"-rf\", \"-fr\"]], decision = \"forbidden\", match = [\"rm -rf build\"], not_match = [\"ls\"])\n",

		"prefix_rule(",

		"def f(): pass\nf()\n",

		"network_rule(host = \"x.example\", decision = \"allow\")\n",
	)
}

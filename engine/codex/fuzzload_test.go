package codex

import (
	"errors"
	"strings"
	"testing"

	"github.com/permsim/permsim/internal/fuzzload"
	"github.com/permsim/permsim/internal/safefile"
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
// (issue 14, "Fuzzing"); what it cannot read is a Problem naming the file. While fuzzing, each
// input goes through what readRulesFile does with the bytes it read (safefile's depth check,
// rulesFile.parse) and the rules it gives are matched against a few commands; the seed corpus
// also goes through the whole Load and the decisions (fuzzload.FuzzParse).
func FuzzLoadRules(f *testing.F) {
	fuzzload.FuzzParse(f, New(), ".codex/rules/default.rules", true, parseRulesBytes,

		"prefix_rule(pattern = [\"git\", \"push\"], decision = \"prompt\")\nprefix_rule(pattern = [\"rm\", [\"-rf\", \"-fr\"]], decision = \"forbidden\", match = [\"rm -rf build\"], not_match = [\"ls\"])\n",

		"prefix_rule(",

		"def f(): pass\nf()\n",

		"network_rule(host = \"x.example\", decision = \"allow\")\n",
	)
}

// parseRulesBytes is readRulesFile on bytes: a failure is a *loadError
// naming the file, every note names it too.
func parseRulesBytes(t *testing.T, data []byte) {
	const path = "/h/.codex/rules/default.rules"
	if safefile.CheckDepth(data, safefile.Starlark) != nil {
		return
	}
	rf := &rulesFile{path: path, layer: "user", host: map[string][]string{}}
	rf.parse(string(data))
	if rf.err != nil {
		var le *loadError
		if !errors.As(rf.err, &le) || le.file != path {
			t.Fatalf("load error does not name %s: %v", path, rf.err)
		}
	}
	for _, n := range rf.notes {
		if !strings.HasPrefix(n, path) {
			t.Fatalf("note does not name %s: %q", path, n)
		}
	}
	for _, r := range rf.rules {
		for _, cmd := range [][]string{{"git", "push", "origin"}, {"rm", "-rf", "/"}, {r.first}} {
			r.matches(cmd)
		}
	}
}

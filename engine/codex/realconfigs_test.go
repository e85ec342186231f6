package codex

import (
	"testing"

	"github.com/permsim/permsim/internal/corpustest"
)

// realDir holds the real-configuration corpora (issue 29): prefix_rule
// files and config.toml files people committed to public repositories,
// kept as committed under src/ with their repository, path and commit in
// sources.tsv, and the calls an agent session in each repository would
// make (make_cases.py), recorded with the real Codex 0.169.0 through
// app-server. heldout.* were collected apart and compared once, after the
// fixes the others led to (README.md there).
const realDir = "../../testdata/codex/realconfigs"

func TestDifferentialRealConfigs(t *testing.T) {
	// The target: 99% by outcome. A committed file may hold a
	// rule Codex cannot use (its problems are logged); the rows tell
	// whether the simulator treats it as the real Codex did.
	agree, total := corpustest.RunDrawn(t, realDir, 0.99, func(t *testing.T, dir, base string, known *corpustest.Known) (int, int) {
		return appServerCorpus(t, dir, base, known, 0, false)
	})
	// The figure --version gives (registry/agreement.json).
	corpustest.CheckAgreement(t, "codex", "testdata/codex/realconfigs", "0.169.0", agree, total)
}

// coverageDir holds rules files written the ways people write them beyond
// plain prefix_rule() calls (network_rule, host_executable, def and if,
// variables, examples, files Codex refuses), recorded like the others to
// check the branches of the rules reader the committed files did not reach.
const coverageDir = realDir + "/coverage"

func TestDifferentialRulesCoverage(t *testing.T) {
	corpustest.RunDrawn(t, coverageDir, 0, func(t *testing.T, dir, base string, known *corpustest.Known) (int, int) {
		return appServerCorpus(t, dir, base, known, 0, false)
	})
}

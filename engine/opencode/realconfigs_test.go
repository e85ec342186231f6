package opencode

import (
	"testing"

	"github.com/permsim/permsim/internal/corpustest"
)

// realDir holds the real-configuration corpora (issue 29): opencode.json
// files people committed to public repositories, kept as committed under
// src/ with their repository, path and commit in sources.tsv, and the
// calls an agent session in each repository would make (make_cases.py),
// recorded with the real OpenCode 1.18.33. heldout.* were collected apart
// and compared once, after the fixes the others led to (README.md there).
const realDir = "../../testdata/opencode/realconfigs"

func TestDifferentialRealConfigs(t *testing.T) {
	// The target: 99% by outcome.
	agree, total := corpustest.RunDrawn(t, realDir, 0.99, func(t *testing.T, dir, base string, known *corpustest.Known) (int, int) {
		return diffCorpus(t, dir, base, known, 0, false)
	})
	// The figure --version gives (registry/agreement.json).
	corpustest.CheckAgreement(t, "opencode", "testdata/opencode/realconfigs", "1.18.33", agree, total)
}

// coverageDir holds opencode.json forms and tool calls the committed files
// did not use, recorded like them to check the branches the committed
// files did not reach (its make_cases.py).
const coverageDir = "../../testdata/opencode/realconfigs/coverage"

func TestDifferentialConfigCoverage(t *testing.T) {
	corpustest.RunDrawn(t, coverageDir, 0, func(t *testing.T, dir, base string, known *corpustest.Known) (int, int) {
		return diffCorpus(t, dir, base, known, 0, false)
	})
}

package gemini

import (
	"testing"

	"github.com/permsim/permsim/internal/corpustest"
)

// realDir holds the real-configuration corpora (issue 29): policy files
// and settings people committed to public repositories, kept as committed
// under src/ with their repository, path and commit in sources.tsv, and
// the calls an agent session in each repository would make
// (make_cases.py), recorded with the real Gemini CLI 0.61.0 through the
// ACP front end. heldout.* were collected apart and compared once (README.md
// there).
const realDir = "../../testdata/gemini/realconfigs"

func TestDifferentialRealConfigs(t *testing.T) {
	// The target: 99% by outcome. A committed policy file may hold
	// rules Gemini CLI refuses (its problems are logged); the rows tell
	// whether the simulator refuses them as it does.
	agree, total := corpustest.RunDrawn(t, realDir, 0.99, func(t *testing.T, dir, base string, known *corpustest.Known) (int, int) {
		return diffCorpus(t, dir, base, known, 0, false)
	})
	// The figure --version gives (registry/agreement.json).
	corpustest.CheckAgreement(t, "gemini", "testdata/gemini/realconfigs", "0.61.0", agree, total)
}

// coverageDir holds settings and policy forms the committed files did not
// use, recorded like them to check the branches the committed files did
// not reach (its make_cases.py).
const coverageDir = "../../testdata/gemini/realconfigs/coverage"

func TestDifferentialSettingsCoverage(t *testing.T) {
	corpustest.RunDrawn(t, coverageDir, 0, func(t *testing.T, dir, base string, known *corpustest.Known) (int, int) {
		return diffCorpus(t, dir, base, known, 0, false)
	})
}

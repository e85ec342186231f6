package codex

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/internal/corpustest"
)

// versionsDir holds one folder per Codex version recorded with the real
// binary (testdata/codex/versions/README.md): the same cases, and each
// version's answers, every row carrying the version that gave it.
const versionsDir = "../../testdata/codex/versions"

// TestDifferentialVersions replays every version's recording, each row
// decided as the version that recorded it (engine.Call.Version); every row
// must agree.
func TestDifferentialVersions(t *testing.T) {
	vers, err := os.ReadDir(versionsDir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, v := range vers {
		if !v.IsDir() {
			continue
		}
		n++
		dir := filepath.Join(versionsDir, v.Name())
		t.Run(v.Name(), func(t *testing.T) {
			for _, r := range corpustest.ReadJSONL[diffResult](t, dir, "versions.results.jsonl") {
				if engine.CompareVersions(r.HarnessVersion, v.Name()) != 0 {
					t.Fatalf("%s: recorded by %q, in the folder of %s", r.Key(), r.HarnessVersion, v.Name())
				}
			}
			known := corpustest.LoadKnown(t, dir)
			agree, total := appServerCorpus(t, dir, "versions", known, 1, true)
			known.CheckAllSeen(t, "")
			corpustest.CheckAgreement(t, "codex", "testdata/codex/versions/"+v.Name(), v.Name(), agree, total)
		})
	}
	if n < 4 {
		t.Errorf("%d versions recorded; want at least three older ones and the current one", n)
	}
}

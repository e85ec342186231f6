package corpustest

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/permsim/permsim/engine"
)

// agreementFile is where the simulators' figures are kept, relative to
// the repository root: the registry embeds it, and the "agrees with real
// X on N calls" labels and `permsim --version` print it.
const agreementFile = "registry/agreement.json"

// UpdateAgreementEnv set to 1 makes CheckAgreement rewrite a stale entry
// instead of failing.
const UpdateAgreementEnv = "PERMSIM_UPDATE_AGREEMENT"

var agreementMu sync.Mutex

// agreementEntry is one corpus's entry (registry.CorpusAgreement).
type agreementEntry struct {
	Version  string `json:"version"`
	Corpus   string `json:"corpus"`
	Agreed   int    `json:"agreed"`
	Compared int    `json:"compared"`
}

// CheckAgreement compares a corpus's tally (Run's agree and total) with its
// entry in registry/agreement.json — harness, the corpus's folder relative
// to the repository root, the real version that recorded it — and fails
// the test when the entry is missing or stale, saying how to rewrite it
// (PERMSIM_UPDATE_AGREEMENT=1, which rewrites it instead). So the figures
// the labels print are the recorded corpora's.
func CheckAgreement(t *testing.T, harness, corpus, version string, agree, total int) {
	t.Helper()
	if AgreeingOnly {
		return // the figures count every row, and the listed ones were left out
	}
	agreementMu.Lock()
	defer agreementMu.Unlock()
	root, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(root, agreementFile)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string][]agreementEntry
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatalf("%s: %v", agreementFile, err)
	}
	want := agreementEntry{Version: version, Corpus: filepath.ToSlash(corpus), Agreed: agree, Compared: total}
	i := -1
	for k, e := range m[harness] {
		if e.Corpus == want.Corpus {
			i = k
		}
	}
	if i >= 0 && m[harness][i] == want {
		return
	}
	if os.Getenv(UpdateAgreementEnv) != "1" {
		had := "no entry"
		if i >= 0 {
			e := m[harness][i]
			had = fmt.Sprintf("%d of %d (version %s)", e.Agreed, e.Compared, e.Version)
		}
		t.Errorf("%s: %s's corpus %s gives %d of %d (version %s), the file says %s: run the test again with %s=1 to rewrite it",
			agreementFile, harness, want.Corpus, agree, total, version, had, UpdateAgreementEnv)
		return
	}
	if i >= 0 {
		m[harness][i] = want
	} else {
		m[harness] = append(m[harness], want)
	}
	// The main corpus first; the versions' recordings after it, oldest
	// first.
	if rest := m[harness][min(1, len(m[harness])):]; len(rest) > 1 {
		sort.SliceStable(rest, func(a, b int) bool { return engine.CompareVersions(rest[a].Version, rest[b].Version) < 0 })
	}
	if err := os.WriteFile(path, formatAgreement(m), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: %s %s rewritten: %d of %d", agreementFile, harness, want.Corpus, agree, total)
}

// formatAgreement writes the file one corpus a line, harnesses in order.
func formatAgreement(m map[string][]agreementEntry) []byte {
	var names []string
	for h := range m {
		names = append(names, h)
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString("{\n")
	for i, h := range names {
		fmt.Fprintf(&b, "  %q: [\n", h)
		for k, e := range m[h] {
			line, _ := json.Marshal(e)
			sep := ","
			if k == len(m[h])-1 {
				sep = ""
			}
			fmt.Fprintf(&b, "    %s%s\n", line, sep)
		}
		sep := ","
		if i == len(names)-1 {
			sep = ""
		}
		fmt.Fprintf(&b, "  ]%s\n", sep)
	}
	b.WriteString("}\n")
	return []byte(b.String())
}

// repoRoot is the folder holding go.mod, above the test's own.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod above the test's folder")
		}
		dir = parent
	}
}

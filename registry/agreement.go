package registry

import (
	_ "embed"
	"encoding/json"
	"fmt"
)

// agreementJSON holds, per harness, how its simulator fared on each
// corpus recorded with a real binary. The differential tests write it:
// each compares its tally with its entry (corpustest.CheckAgreement) and
// fails when the entry is stale; PERMSIM_UPDATE_AGREEMENT=1 rewrites the
// entry instead. So the "agrees with real X on N calls" figures are the
// corpora's, never typed by hand.
//
//go:embed agreement.json
var agreementJSON []byte

// CorpusAgreement is one recorded corpus's tally: the real version that
// answered, the corpus's folder (relative to the repository root), and the
// calls the simulator agreed on out of those compared.
type CorpusAgreement struct {
	Version  string `json:"version"`
	Corpus   string `json:"corpus"`
	Agreed   int    `json:"agreed"`
	Compared int    `json:"compared"`
}

// agreements is agreementJSON read: harness ID → its corpora, the main
// corpus (of the version the simulator follows) first.
var agreements = func() map[string][]CorpusAgreement {
	var m map[string][]CorpusAgreement
	if err := json.Unmarshal(agreementJSON, &m); err != nil {
		panic(fmt.Sprintf("registry/agreement.json: %v", err))
	}
	return m
}()

// mainAgreement is the Agreement of a harness's main corpus (the first).
func mainAgreement(id string) Agreement {
	cs := agreements[id]
	if len(cs) == 0 {
		return Agreement{}
	}
	return Agreement{Agreed: cs[0].Agreed, Compared: cs[0].Compared, Corpus: cs[0].Corpus}
}

// Corpora lists every corpus a harness's simulator was compared on, the
// main one first (registry/agreement.json).
func Corpora(id string) []CorpusAgreement { return append([]CorpusAgreement(nil), agreements[id]...) }

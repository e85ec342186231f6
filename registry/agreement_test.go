package registry

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/permsim/permsim/internal/textsafe"
)

// Issue 28: the "agrees with real X on N calls" figures come from the
// recorded corpora (agreement.json, which each differential test checks
// against its tally), and the README's table of harnesses says the same:
// "<version>: <agreed> of <compared>" for every corpus of every harness.
func TestReadmeFiguresFromCorpora(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for id, cs := range agreements {
		for _, c := range cs {
			want := fmt.Sprintf("%s: %s of %s", c.Version, textsafe.Thousands(int64(c.Agreed)), textsafe.Thousands(int64(c.Compared)))
			if !strings.Contains(string(readme), want) {
				t.Errorf("README.md does not say %q (%s, %s in registry/agreement.json)", want, id, c.Corpus)
			}
		}
	}
}

// The labels print the main corpus's figures.
func TestLabelFromAgreementFile(t *testing.T) {
	h, ok := Lookup("claude-code")
	if !ok {
		t.Fatal("no claude-code")
	}
	c := agreements["claude-code"][0]
	want := fmt.Sprintf("on %d", c.Compared)
	if c.Agreed != c.Compared {
		want = fmt.Sprintf("on %d of %d", c.Agreed, c.Compared)
	}
	if !strings.Contains(h.Label(), want) || h.Agreement.Corpus != c.Corpus {
		t.Errorf("label %q, corpus %q; agreement.json has %+v", h.Label(), h.Agreement.Corpus, c)
	}
}

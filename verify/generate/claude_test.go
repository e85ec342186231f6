package generate

import (
	"encoding/json"
	"github.com/permsim/permsim/toolcall"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/permsim/permsim/verify"
)

// The same (n, seed) must give the same cases: a recorded corpus is only
// reproducible from its seed if the draw is.
func TestClaudeDeterministic(t *testing.T) {
	a, err := Cases(toolcall.ClaudeCode, 300, 42)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Cases(toolcall.ClaudeCode, 300, 42)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("two draws from seed 42 differ")
	}
	c, _ := Cases(toolcall.ClaudeCode, 300, 43)
	if reflect.DeepEqual(a, c) {
		t.Fatal("seeds 42 and 43 drew the same cases")
	}
}

// Every drawn case must be one `permsim verify --cases` accepts, with
// unique ids, and the draw must reach about n calls.
func TestClaudeCasesAreValid(t *testing.T) {
	cases, _ := Cases(toolcall.ClaudeCode, 500, 7)
	var lines []byte
	calls := 0
	for _, c := range cases {
		b, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(append(lines, b...), '\n')
		for _, call := range c.Calls {
			calls += 1 + len(call.SubagentCalls)
		}
	}
	if calls < 500 || calls > 600 {
		t.Errorf("asked for about 500 calls, drew %d", calls)
	}
	file := filepath.Join(t.TempDir(), "claude.cases.jsonl")
	if err := os.WriteFile(file, lines, 0o644); err != nil {
		t.Fatal(err)
	}
	got, problems, err := verify.ReadCases(file)
	if err != nil || len(problems) > 0 {
		t.Fatalf("drawn cases rejected: %v %v", err, problems)
	}
	if len(got) != len(cases) {
		t.Errorf("read back %d of %d cases", len(got), len(cases))
	}
}

package geminidrive

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"
)

const hookCasesFile = "../../testdata/gemini/hooks/gemini-hooks.cases.jsonl"

// TestHookCasesFile keeps testdata/gemini/hooks/gemini-hooks.cases.jsonl the
// cases HookCases builds; PERMSIM_WRITE_CASES=1 rewrites it.
func TestHookCasesFile(t *testing.T) {
	var b bytes.Buffer
	for _, c := range HookCases() {
		line, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	if os.Getenv("PERMSIM_WRITE_CASES") == "1" {
		if err := os.WriteFile(hookCasesFile, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	old, err := os.ReadFile(hookCasesFile)
	if err != nil || !bytes.Equal(old, b.Bytes()) {
		t.Errorf("%s is not what HookCases builds (PERMSIM_WRITE_CASES=1 go test ./verify/geminidrive -run TestHookCasesFile rewrites it)", hookCasesFile)
	}
}

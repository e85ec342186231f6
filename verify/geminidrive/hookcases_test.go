package geminidrive

import (
	"testing"

	"github.com/permsim/permsim/internal/corpustest"
)

// TestHookCasesFile keeps testdata/gemini/hooks/gemini-hooks.cases.jsonl the
// cases HookCases builds; PERMSIM_WRITE_CASES=1 rewrites it.
func TestHookCasesFile(t *testing.T) {
	corpustest.KeepJSONL(t, "../../testdata/gemini/hooks/gemini-hooks.cases.jsonl", HookCases(),
		"PERMSIM_WRITE_CASES=1 go test ./verify/geminidrive -run TestHookCasesFile")
}

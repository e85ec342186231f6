package gemini

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/ingesttest"
)

// TestRecordedOutcomeMatchesRealGemini: what the real Gemini CLI 0.61.0
// did with each call of the verify recordings (RESULTS.jsonl: a policy
// deny, an edit the user cancelled, a write outside the workspace, calls
// that ran) is what the transcript's status and result give as
// recorded_outcome.
func TestRecordedOutcomeMatchesRealGemini(t *testing.T) {
	for _, fx := range []string{"fx-gemini-default-policy", "fx-gemini-auto_edit"} {
		dir := filepath.Join("../../testdata/ingest/gemini/real", fx)
		rows, _ := ingesttest.RunIngest(t, New(), filepath.Join(dir, "home/user"))
		ingesttest.CheckRecordedOutcomes(t, rows, filepath.Join(dir, "RESULTS.jsonl"), func(r ingest.Row) (int, bool) {
			_, n, ok := strings.Cut(r.CallID, "call_rh")
			i, err := strconv.Atoi(n)
			return i, ok && err == nil
		})
	}
}

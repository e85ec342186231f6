package opencode

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/ingesttest"
)

// TestRecordedOutcomeMatchesRealOpenCode: what the real OpenCode 1.18.33
// did with each call of the verify recordings (RESULTS.jsonl: a deny
// rule, reads the user refused, calls that ran) is what the part's state
// gives as recorded_outcome.
func TestRecordedOutcomeMatchesRealOpenCode(t *testing.T) {
	for _, fx := range []string{"fx-opencode-rules", "fx-opencode-default"} {
		dir := filepath.Join("../../testdata/ingest/opencode/real", fx)
		rows, _ := ingesttest.RunIngest(t, New(), filepath.Join(dir, "home/user"))
		ingesttest.CheckRecordedOutcomes(t, rows, filepath.Join(dir, "RESULTS.jsonl"), func(r ingest.Row) (int, bool) {
			n, ok := strings.CutPrefix(r.CallID, "call_rh")
			i, err := strconv.Atoi(n)
			return i, ok && err == nil
		})
	}
}

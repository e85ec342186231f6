package opencodedrive

import (
	"testing"

	"github.com/permsim/permsim/verify"
)

// The texts are OpenCode 1.18.33's own (its permission errors, and tool
// errors seen in the recorded corpus).
func TestClassify(t *testing.T) {
	for _, c := range []struct {
		asked        bool
		status, text string
		want         string
	}{
		{false, "error", "The user has specified a rule which prevents you from using this specific tool call. Here are some of the relevant rules []", verify.OutcomeBlocked},
		{true, "error", "The user rejected permission to use this specific tool call.", verify.OutcomeAsks},
		{false, "completed", "The arguments provided to the tool are invalid: Model tried to call unavailable tool 'write'.", verify.OutcomeBlocked},
		{false, "error", "File not found: /tmp/nothing.txt", verify.OutcomeRuns},
		{false, "error", "ripgrep execution failed", verify.OutcomeRuns},
		{false, "error", "something else", verify.OutcomeError},
		{false, "completed", "a.txt\n", verify.OutcomeRuns},
	} {
		if got, _ := Classify(c.asked, c.status, c.text); got != c.want {
			t.Errorf("Classify(%v, %q, %q) = %s, want %s", c.asked, c.status, c.text, got, c.want)
		}
	}
}

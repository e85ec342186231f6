package replay

import (
	"strings"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/ingest"
)

// noCommand reports whether a shell call's command is missing from its
// transcript (a declined call some harnesses record without its
// arguments). Deciding it would decide the empty command, whose answer
// says nothing about the call.
func noCommand(c ingest.Row) bool {
	return engine.Tool(c.Tool) == engine.ToolBash && strings.TrimSpace(c.Command) == ""
}

// noCommandCause is the skipped-calls cause of such a call.
func noCommandCause(c ingest.Row) string {
	if c.Result == "denied" {
		return "declined, and the transcript does not hold its command"
	}
	return "the transcript does not hold the shell command"
}

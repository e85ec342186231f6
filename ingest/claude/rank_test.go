package claude

import (
	"path/filepath"
	"testing"

	"github.com/permsim/permsim/internal/ingesttest"
)

// TestCopyRankOrder: "among the rest the file whose first timestamp is
// earliest, tie → the file whose last timestamp is earliest" — here the
// original starts first but ends last, so first timestamps must decide;
// and "records with forkedFrom rank after all others" even when their file
// starts first.
func TestCopyRankOrder(t *testing.T) {
	home := t.TempDir()
	t.Setenv("CLAUDE_CONFIG_DIR", "")
	p := filepath.Join(home, ".claude/projects/-work-proj")
	call := toolUse("2026-01-01T10:00:01.000Z", "toolu_SAME", "Bash", map[string]any{"command": "make"})
	// The original: starts 10:00, runs until 18:00.
	touch(t, filepath.Join(p, "orig.jsonl"), prompt("2026-01-01T10:00:00.000Z", "default", "a")+call+
		prompt("2026-01-01T18:00:00.000Z", "default", "later"))
	// A copy written by a resume at 10:30 that ended at 10:40.
	touch(t, filepath.Join(p, "copy.jsonl"), prompt("2026-01-01T10:30:00.000Z", "default", "b")+call+
		prompt("2026-01-01T10:40:00.000Z", "default", "end"))
	// A /branch copy whose file starts before both, its record marked.
	forked := jline(entry("assistant", "2026-01-01T10:00:01.000Z", map[string]any{
		"forkedFrom": map[string]any{"sessionId": testSession, "messageUuid": "m"},
		"message": map[string]any{"role": "assistant", "content": []any{map[string]any{
			"type": "tool_use", "id": "toolu_SAME", "name": "Bash", "input": map[string]any{"command": "make"}}}}}))
	touch(t, filepath.Join(p, "branch.jsonl"), prompt("2026-01-01T09:00:00.000Z", "default", "c")+forked)

	sink, _ := readHome(t, home)
	if len(sink.Rows) != 3 {
		t.Fatalf("got %d records of the call, want 3", len(sink.Rows))
	}
	best := ingesttest.ByCallID(ingesttest.KeepOriginals(sink.Rows))["toolu_SAME"]
	if filepath.Base(best.SourceFile) != "orig.jsonl" {
		t.Errorf("original attributed to %s (rank %s)", best.SourceFile, best.CopyRank)
	}
}

package claude

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/permsim/permsim/ingest"
)

// TestCallIdentityAcrossHomes: two homes whose unrelated sessions reuse the
// tool_use id toolu_01 (a scripted model; homes collected from several
// machines) keep both calls, while an old-resume copy of one of them
// ("the old main chain is re-written into it with the same uuids,
// timestamps and tool ids, sessionId rewritten", transcript-formats.md
// 1.5) still counts once.
func TestCallIdentityAcrossHomes(t *testing.T) {
	t.Setenv("CLAUDE_CONFIG_DIR", "")
	homeA, homeB := t.TempDir(), t.TempDir()
	call := func(session, uuid, cmd string) string {
		m := entry("assistant", "2026-02-01T10:00:01.000Z", map[string]any{"sessionId": session, "uuid": uuid,
			"message": map[string]any{"role": "assistant", "content": []any{map[string]any{
				"type": "tool_use", "id": "toolu_01", "name": "Bash", "input": map[string]any{"command": cmd}}}}})
		return jline(m)
	}
	pa := filepath.Join(homeA, ".claude/projects/-work-proj")
	touch(t, filepath.Join(pa, "aaaaaaaa-0000-4000-8000-000000000001.jsonl"), call("aaaaaaaa-0000-4000-8000-000000000001", "uuid-a", "rm -rf build"))
	// the resume copy of A's call in a new session file of the same home
	touch(t, filepath.Join(pa, "aaaaaaaa-0000-4000-8000-000000000002.jsonl"), call("aaaaaaaa-0000-4000-8000-000000000002", "uuid-a", "rm -rf build"))
	pb := filepath.Join(homeB, ".claude/projects/-work-proj")
	touch(t, filepath.Join(pb, "bbbbbbbb-0000-4000-8000-000000000001.jsonl"), call("bbbbbbbb-0000-4000-8000-000000000001", "uuid-b", "git push --force"))

	out := t.TempDir()
	if _, err := ingest.Run(context.Background(), ingest.Options{Homes: []string{homeA, homeB}, OutDir: out}, []ingest.Source{New()}); err != nil {
		t.Fatal(err)
	}
	cmds := map[string]int{}
	if err := ingest.ReadCalls(out, func(r ingest.Row) error { cmds[r.Command]++; return nil }); err != nil {
		t.Fatal(err)
	}
	if len(cmds) != 2 || cmds["rm -rf build"] != 1 || cmds["git push --force"] != 1 {
		t.Errorf("calls kept: %v, want each command once", cmds)
	}
}

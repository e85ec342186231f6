package codex

import (
	"context"
	"testing"

	"github.com/permsim/permsim/ingest"
)

// TestCallIdentityAcrossHomes: unrelated sessions of two homes that reuse
// call_1 (a scripted model; homes collected from several machines) keep
// both calls, while a fork's copies — "a new rollout whose first
// session_meta has forked_from_id; then the parent's items are
// re-written (including the parent's own session_meta) … Copies keep
// their call_ids" (transcript-formats.md 2.3) — count once, also for a
// fork of a fork.
func TestCallIdentityAcrossHomes(t *testing.T) {
	homeA, homeB := t.TempDir(), t.TempDir()
	orig := sessionMeta("2026-05-01T10:00:00.000Z", "sA", "/w/proj") +
		execCall("2026-05-01T10:00:01.000Z", "call_1", "rm -rf build") + callOutput("2026-05-01T10:00:02.000Z", "call_1", exited(0))
	writeRollout(t, homeA, "rollout-2026-05-01T10-00-00-sA.jsonl", orig)
	fork := func(id, from, ts string, parentItems string) string {
		meta := envelope(ts, "session_meta", map[string]any{"id": id, "timestamp": ts, "cwd": "/w/proj", "cli_version": "0.120.0", "source": "cli", "forked_from_id": from})
		return meta + parentItems
	}
	f1 := fork("sF1", "sA", "2026-05-01T11:00:00.000Z",
		sessionMeta("2026-05-01T11:00:00.001Z", "sA", "/w/proj")+
			execCall("2026-05-01T11:00:00.002Z", "call_1", "rm -rf build")+callOutput("2026-05-01T11:00:00.003Z", "call_1", exited(0))) +
		execCall("2026-05-01T11:00:01.000Z", "call_2", "make")
	writeRollout(t, homeA, "rollout-2026-05-01T11-00-00-sF1.jsonl", f1)
	// a fork of the fork re-writes sF1's header (forked_from_id sA) too
	f2 := fork("sF2", "sF1", "2026-05-01T12:00:00.000Z", f1)
	writeRollout(t, homeA, "rollout-2026-05-01T12-00-00-sF2.jsonl", f2)

	other := sessionMeta("2026-05-02T10:00:00.000Z", "sB", "/w/other") +
		execCall("2026-05-02T10:00:01.000Z", "call_1", "git push --force")
	writeRollout(t, homeB, "rollout-2026-05-02T10-00-00-sB.jsonl", other)

	out := t.TempDir()
	if _, err := ingest.Run(context.Background(), ingest.Options{Homes: []string{homeA, homeB}, OutDir: out}, []ingest.Source{New()}); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	n := 0
	if err := ingest.ReadCalls(out, func(r ingest.Row) error { n++; got[r.Command] = r.SessionID; return nil }); err != nil {
		t.Fatal(err)
	}
	// rm -rf build was first made in sA, make in sF1 (the earliest copy).
	if n != 3 || got["rm -rf build"] != "sA" || got["make"] != "sF1" || got["git push --force"] != "sB" {
		t.Errorf("%d calls kept: %v, want rm -rf build (sA), make (sF1), git push --force (sB)", n, got)
	}
}

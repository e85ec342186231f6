package codex

import (
	"context"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/ingesttest"
)

// TestIncremental: FileState contract — "A file whose size and inode match
// prev and that was not changed is not opened", a grown file is read from
// where the last run stopped with the mode in force there, and a call sent
// as unknown is sent again with the same CallKey and CopyRank once its
// output arrives.
func TestIncremental(t *testing.T) {
	home := t.TempDir()
	part1 := sessionMeta("2026-05-01T10:00:00.000Z", "s1", "/w/proj") +
		turnContext("2026-05-01T10:00:00.100Z", "never", "danger-full-access") +
		execCall("2026-05-01T10:00:01.000Z", "call_A", "ls") +
		callOutput("2026-05-01T10:00:02.000Z", "call_A", exited(0)) +
		execCall("2026-05-01T10:00:03.000Z", "call_B", "make test")
	path := writeRollout(t, home, "rollout-2026-05-01T10-00-00-s1.jsonl", part1)

	sink1, st1 := readHome(t, home, nil)
	if got := rowIDs(sink1.Rows); !slices.Equal(got, []string{"call_A:ok", "call_B:unknown"}) {
		t.Fatalf("first run: %v", got)
	}
	if st1[path].Offset != int64(len(part1)) {
		t.Fatalf("offset %d, want %d", st1[path].Offset, len(part1))
	}

	part2 := callOutput("2026-05-01T10:00:04.000Z", "call_B", exited(1)) +
		turnContext("2026-05-01T10:01:00.000Z", "on-request", "read-only") +
		execCall("2026-05-01T10:01:01.000Z", "call_C", "git push") +
		callOutput("2026-05-01T10:01:02.000Z", "call_C", "exec command rejected by user")
	ingesttest.AppendFile(t, path, part2)
	sink2, st2 := readHome(t, home, st1)
	if got := rowIDs(sink2.Rows); !slices.Equal(got, []string{"call_B:error", "call_C:denied"}) {
		t.Fatalf("second run: %v", got)
	}
	if sink2.ByteCount != int64(len(part2)) {
		t.Errorf("second run read %d bytes, want only the %d appended", sink2.ByteCount, len(part2))
	}
	b1, b2 := sink1.Rows[1], sink2.Rows[0]
	if b1.CallKey != b2.CallKey || b1.CopyRank != b2.CopyRank || b2.Mode != "never" || b2.Seq != 2 {
		t.Errorf("call_B again: key %q/%q rank %q/%q mode %q seq %d", b1.CallKey, b2.CallKey, b1.CopyRank, b2.CopyRank, b2.Mode, b2.Seq)
	}
	if c := sink2.Rows[1]; c.Mode != "on-request" || c.Sandbox != "read-only" || c.SessionID != "s1" || c.ProjectDir != "/w/proj" || c.Seq != 3 {
		t.Errorf("call_C: mode %q sandbox %q session %q project %q seq %d", c.Mode, c.Sandbox, c.SessionID, c.ProjectDir, c.Seq)
	}

	sink3, st3 := readHome(t, home, st2)
	if len(sink3.Rows) != 0 || sink3.ByteCount != 0 || st3[path].Offset != st2[path].Offset {
		t.Errorf("unchanged file: %d rows, %d bytes read", len(sink3.Rows), sink3.ByteCount)
	}

	// A new file under the same name (another inode: it is written while
	// the old one still exists) is read from the start.
	tmp := writeRollout(t, home, "new.tmp", part1+part2)
	if err := os.Rename(tmp, path); err != nil {
		t.Fatal(err)
	}
	sink4, _ := readHome(t, home, st3)
	if got := len(ingesttest.KeepOriginals(sink4.Rows)); got != 3 {
		t.Errorf("rewritten file: %d calls, want 3", got)
	}
}

// TestStateRoundTrip: pending calls and the mode survive the manifest's
// JSON, so ingest.Run can continue a file between processes.
func TestStateRoundTrip(t *testing.T) {
	st := &fileState{SessionID: "s", Approval: "on-request", Sandbox: "workspace-write", ModeSource: "turn_context", Seq: 4,
		Pending: []*ingest.PendingCall{{Row: ingest.Row{CallID: "c", CallKey: "codex:c"}, Emitted: true}}}
	got, ok := decodeState(st.encode())
	if !ok || got.Approval != "on-request" || got.Sandbox != "workspace-write" || got.Seq != 4 || len(got.Pending) != 1 || !got.Pending[0].Emitted {
		t.Errorf("round trip: %+v", got)
	}
	if _, ok := decodeState([]byte(`{"v":99}`)); ok {
		t.Error("a state of another version was accepted")
	}
}

// TestRewrittenInPlace: issue 27, "a transcript rewritten in place is
// ignored silently, or reported as line 101 corrupt in a 100-line file".
// A rollout rewritten under the same inode — to the same size, larger or
// smaller — is detected (its fingerprint, or its size) and read again from
// its start, with a problem saying so; no line of it is reported corrupt.
func TestRewrittenInPlace(t *testing.T) {
	calls := func(a, b string) string {
		return sessionMeta("2026-05-01T10:00:00.000Z", "s1", "/w/proj") +
			execCall("2026-05-01T10:00:01.000Z", a, "ls") +
			callOutput("2026-05-01T10:00:02.000Z", a, exited(0)) +
			execCall("2026-05-01T10:00:03.000Z", b, "pwd") +
			callOutput("2026-05-01T10:00:04.000Z", b, exited(0))
	}
	v1 := calls("call_A", "call_B")
	cases := []struct {
		name, v2 string
		want     []string
	}{
		{"same size", calls("call_X", "call_Y"), []string{"call_X:ok", "call_Y:ok"}},
		{"larger", calls("call_X", "call_Y") + execCall("2026-05-01T10:00:05.000Z", "call_Z", "id") +
			callOutput("2026-05-01T10:00:06.000Z", "call_Z", exited(0)), []string{"call_X:ok", "call_Y:ok", "call_Z:ok"}},
		{"smaller", sessionMeta("2026-05-01T10:00:00.000Z", "s1", "/w/proj") +
			execCall("2026-05-01T10:00:01.000Z", "call_X", "ls") +
			callOutput("2026-05-01T10:00:02.000Z", "call_X", exited(0)), []string{"call_X:ok"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			home := t.TempDir()
			path := writeRollout(t, home, "rollout-2026-05-01T10-00-00-s1.jsonl", v1)
			_, st1 := readHome(t, home, nil)
			fi1, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			// In place: the same inode, truncated and written again.
			if err := os.WriteFile(path, []byte(c.v2), 0o644); err != nil {
				t.Fatal(err)
			}
			later := fi1.ModTime().Add(time.Second)
			if err := os.Chtimes(path, later, later); err != nil {
				t.Fatal(err)
			}
			sink, _ := readHome(t, home, st1)
			if got := rowIDs(sink.Rows); !slices.Equal(got, c.want) {
				t.Errorf("rows %v, want %v", got, c.want)
			}
			said := false
			for _, p := range sink.Problems {
				if strings.Contains(p.Msg, "corrupt") {
					t.Errorf("problem %v: the rewritten file was read on from the old offset", p)
				}
				if p.File == path && strings.Contains(p.Msg, "rewritten") {
					said = true
				}
			}
			if !said {
				t.Errorf("no problem says %s was rewritten (problems %v)", path, sink.Problems)
			}
		})
	}
}

// TestRewrittenInPlaceRun: the fingerprint survives the manifest, so
// ingest.Run too reads a rollout rewritten to the same size again.
func TestRewrittenInPlaceRun(t *testing.T) {
	t.Setenv("CODEX_HOME", "")
	calls := func(a string) string {
		return sessionMeta("2026-05-01T10:00:00.000Z", "s1", "/w/proj") +
			execCall("2026-05-01T10:00:01.000Z", a, "ls") +
			callOutput("2026-05-01T10:00:02.000Z", a, exited(0))
	}
	home, out := t.TempDir(), t.TempDir()
	path := writeRollout(t, home, "rollout-2026-05-01T10-00-00-s1.jsonl", calls("call_A"))
	opts := ingest.Options{Homes: []string{home}, OutDir: out, Workers: 1}
	if _, err := ingest.Run(context.Background(), opts, []ingest.Source{New()}); err != nil {
		t.Fatal(err)
	}
	fi, _ := os.Stat(path)
	if err := os.WriteFile(path, []byte(calls("call_X")), 0o644); err != nil {
		t.Fatal(err)
	}
	later := fi.ModTime().Add(time.Second)
	os.Chtimes(path, later, later)
	sum, err := ingest.Run(context.Background(), opts, []ingest.Source{New()})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Calls[Harness] != 1 || sum.ProblemCount != 1 {
		t.Errorf("second run: %d calls, %d problems (%v); want the rewritten file's 1 call and 1 problem saying so", sum.Calls[Harness], sum.ProblemCount, sum.Problems)
	}
	ids := map[string]bool{}
	if err := ingest.ReadCalls(out, func(r ingest.Row) error { ids[r.CallID] = true; return nil }); err != nil {
		t.Fatal(err)
	}
	if !ids["call_X"] || !ids["call_A"] {
		t.Errorf("calls %v: want call_X of the new content, and call_A of the old kept", ids)
	}
}

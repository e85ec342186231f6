package gemini

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/permsim/permsim/internal/ingesttest"
)

// TestIncremental: FileState contract — "A file whose size and inode match
// prev and that was not changed is not opened", a grown .jsonl chat is read
// from where the last run stopped, and (transcript-formats §3.1)
// "{"$rewindTo": "<messageId>"} (drop that message and everything after
// it)" naming a message an earlier run read makes the dropped calls go out
// again flagged rewound, under the same CallKey and CopyRank.
func TestIncremental(t *testing.T) {
	home := t.TempDir()
	part1 := metaLine("s1") +
		userMsg("u1", "2026-05-01T10:00:00.000Z", "first") +
		geminiMsg("g1", "2026-05-01T10:00:01.000Z", shellCall("A", "2026-05-01T10:00:01.000Z", "ls", "success", "Output: x")) +
		"not json\n" +
		userMsg("u2", "2026-05-01T10:01:00.000Z", "second") +
		geminiMsg("g2", "2026-05-01T10:01:01.000Z", shellCall("B", "2026-05-01T10:01:01.000Z", "npm publish", "success", "Output: ok"))
	path := writeChat(t, home, "proj", "session-2026-05-01T10-00-s1aaaaaa.jsonl", "/w/proj", part1)

	sink1, st1 := readHome(t, home, nil)
	if got := rowIDs(sink1.Rows); got != "A:ok B:ok" || len(sink1.Problems) != 1 {
		t.Fatalf("first run: %s, problems %v", got, sink1.Problems)
	}

	part2 := userMsg("u3", "2026-05-01T10:02:00.000Z", "third") +
		geminiMsg("g3", "2026-05-01T10:02:01.000Z", shellCall("C", "2026-05-01T10:02:01.000Z", "rm -rf dist", "cancelled", "[Operation Cancelled] Reason: User denied execution."))
	ingesttest.AppendFile(t, path, part2)
	sink2, st2 := readHome(t, home, st1)
	if got := rowIDs(sink2.Rows); got != "C:denied" || len(sink2.Problems) != 0 {
		t.Fatalf("second run: %s, problems %v", got, sink2.Problems)
	}
	if sink2.ByteCount != int64(len(part2)) {
		t.Errorf("second run read %d bytes, want only the %d appended", sink2.ByteCount, len(part2))
	}
	if c := sink2.Rows[0]; c.SessionID != "s1" || c.ProjectDir != "/w/proj" || c.Seq != 3 {
		t.Errorf("C: session %q project %q seq %d", c.SessionID, c.ProjectDir, c.Seq)
	}

	// The user rewinds to before the second prompt: B and C leave the
	// conversation but ran; A stays.
	part3 := jline(map[string]any{"$rewindTo": "u2"}) +
		userMsg("u4", "2026-05-01T10:03:00.000Z", "instead") +
		geminiMsg("g4", "2026-05-01T10:03:01.000Z", shellCall("D", "2026-05-01T10:03:01.000Z", "npm version patch", "success", "Output: v1.0.1"))
	ingesttest.AppendFile(t, path, part3)
	sink3, st3 := readHome(t, home, st2)
	if got := rowIDs(sink3.Rows); got != "A:ok B:ok+rewound C:denied+rewound D:ok" {
		t.Fatalf("third run: %s", got)
	}
	if len(sink3.Problems) != 0 {
		t.Errorf("third run re-reported problems of lines read before: %v", sink3.Problems)
	}
	before := ingesttest.KeepOriginals(append(sink1.Rows, sink2.Rows...))
	for _, r := range sink3.Rows {
		if b, ok := before[r.CallKey]; ok && b.CopyRank != r.CopyRank {
			t.Errorf("%s: copy rank %q then %q", r.CallID, b.CopyRank, r.CopyRank)
		}
	}

	sink4, _ := readHome(t, home, st3)
	if len(sink4.Rows) != 0 || sink4.ByteCount != 0 {
		t.Errorf("unchanged file: %d rows, %d bytes read", len(sink4.Rows), sink4.ByteCount)
	}
}

// TestChangedWholeJSON: the issue's "a whole-file JSON chat that changed is
// re-read whole".
func TestChangedWholeJSON(t *testing.T) {
	home := t.TempDir()
	chat := func(calls ...map[string]any) string {
		msgs := []any{map[string]any{"id": "g1", "timestamp": "2026-05-01T10:00:01.000Z", "type": "gemini", "toolCalls": calls}}
		return jline(map[string]any{"sessionId": "s1", "projectHash": "00", "messages": msgs})
	}
	a := shellCall("A", "2026-05-01T10:00:01.000Z", "ls", "success", "Output: x")
	b := shellCall("B", "2026-05-01T10:00:02.000Z", "pwd", "success", "Output: x")
	path := writeChat(t, home, "proj", "session-2026-05-01T10-00-s1aaaaaa.json", "/w/proj", chat(a))
	_, st1 := readHome(t, home, nil)

	tmp := filepath.Join(filepath.Dir(path), "new.tmp")
	if err := os.WriteFile(tmp, []byte(chat(a, b)), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		t.Fatal(err)
	}
	sink2, st2 := readHome(t, home, st1)
	if got := rowIDs(sink2.Rows); got != "A:ok B:ok" {
		t.Errorf("changed chat: %s, want both calls again", got)
	}
	sink3, _ := readHome(t, home, st2)
	if len(sink3.Rows) != 0 || sink3.ByteCount != 0 {
		t.Errorf("unchanged chat: %d rows, %d bytes", len(sink3.Rows), sink3.ByteCount)
	}
}

// TestStateRoundTrip: the state survives the manifest's JSON.
func TestStateRoundTrip(t *testing.T) {
	st := &fileState{SessionID: "s", ProjectDir: "/w", Seq: 3}
	got, ok := decodeState(st.encode())
	if !ok || got.SessionID != "s" || got.ProjectDir != "/w" || got.Seq != 3 {
		t.Errorf("round trip: %+v", got)
	}
	if _, ok := decodeState([]byte(`{"v":99}`)); ok {
		t.Error("a state of another version was accepted")
	}
}

// TestRewrittenInPlace: issue 27, a .jsonl chat rewritten in place to the
// same size (same inode, other calls) is read again from its start and
// reported, not taken as unchanged past its old offset.
func TestRewrittenInPlace(t *testing.T) {
	home := t.TempDir()
	chat := func(id string) string {
		return metaLine("s1") + userMsg("u1", "2026-05-01T10:00:00.000Z", "first") +
			geminiMsg("g1", "2026-05-01T10:00:01.000Z", shellCall(id, "2026-05-01T10:00:01.000Z", "ls", "success", "Output: x"))
	}
	path := writeChat(t, home, "proj", "session-2026-05-01T10-00-s1aaaaaa.jsonl", "/w/proj", chat("A"))
	_, st1 := readHome(t, home, nil)
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(chat("X")), 0o644); err != nil {
		t.Fatal(err)
	}
	later := fi.ModTime().Add(time.Second)
	os.Chtimes(path, later, later)
	sink, _ := readHome(t, home, st1)
	if got := rowIDs(sink.Rows); got != "X:ok" {
		t.Errorf("rows %s, want X:ok", got)
	}
	if len(sink.Problems) != 1 || !strings.Contains(sink.Problems[0].Msg, "rewritten") {
		t.Errorf("problems %v, want one saying the file was rewritten", sink.Problems)
	}
}

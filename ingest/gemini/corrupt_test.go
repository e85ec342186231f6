package gemini

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/ingesttest"
)

// goodChat is a whole chat with three successful shell calls good0…good2.
func goodChat(sid string) string {
	s := metaLine(sid) + userMsg("u1", "2026-05-01T10:00:00.000Z", "go")
	s += geminiMsg("g1", "2026-05-01T10:00:01.000Z",
		shellCall("good0", "2026-05-01T10:00:01.000Z", "ls", "success", "Output: a"),
		shellCall("good1", "2026-05-01T10:00:02.000Z", "pwd", "success", "Output: /w"),
		shellCall("good2", "2026-05-01T10:00:03.000Z", "id", "success", "Output: uid"))
	return s
}

// checkWhole asserts that all three calls of goodChat were read.
func checkWhole(t *testing.T, rows []ingest.Row) {
	t.Helper()
	n := 0
	for _, r := range rows {
		if strings.HasPrefix(r.CallID, "good") && r.Result == "ok" {
			n++
		}
	}
	if n != 3 {
		t.Errorf("the other chat: %d of its 3 calls read", n)
	}
}

// TestCorruptLines: "Bad input (corrupt lines, invalid JSON …) → a clear
// message naming file and line, and the work goes on with everything
// else", and transcript-formats §7.4 "treat a file's last line as possibly
// partial".
func TestCorruptLines(t *testing.T) {
	home := t.TempDir()
	content := metaLine("s1") + // 1
		userMsg("u1", "2026-05-01T10:00:00.000Z", "go") + // 2
		geminiMsg("g1", "2026-05-01T10:00:01.000Z", shellCall("A", "2026-05-01T10:00:01.000Z", "ls", "success", "Output: x")) + // 3
		"this is not JSON at all {\n" + // 4
		`{"id":"g2","type":"gemini" "toolCalls":[]}` + "\n" + // 5: missing comma
		"\n" + // 6: empty, ignored
		geminiMsg("g3", "2026-05-01T10:00:02.000Z", shellCall("B", "2026-05-01T10:00:02.000Z", "make", "success", "Output: x\nExit Code: 2")) + // 7
		`{"id":"g4","timestamp":"2026-05-01T10:00:03.000Z","type":"gemini","toolCalls":[{"id":"C","name":"run_shell_command","args":{"command":"git pu` // 8: cut off
	path := writeChat(t, home, "proj", "session-2026-05-01T10-00-s1aaaaaa.jsonl", "/w/proj", content)
	writeChat(t, home, "proj", "session-2026-05-01T11-00-s2aaaaaa.jsonl", "", goodChat("s2"))
	sink, st := readHome(t, home, nil)

	var mine []ingest.Row
	for _, r := range sink.Rows {
		if r.SourceFile == path {
			mine = append(mine, r)
		}
	}
	if got := rowIDs(mine); got != "A:ok B:error" {
		t.Errorf("rows: %s, want A and B only", got)
	}
	checkWhole(t, sink.Rows)
	wantLines := []int64{4, 5, 8}
	if len(sink.Problems) != len(wantLines) {
		t.Fatalf("problems: %v, want lines %v", sink.Problems, wantLines)
	}
	for i, p := range sink.Problems {
		if p.File != path || p.Line != wantLines[i] {
			t.Errorf("problem %d: %s, want %s:%d", i, p, path, wantLines[i])
		}
	}
	if !strings.Contains(sink.Problems[2].Msg, "truncated") {
		t.Errorf("last-line problem should say truncated: %q", sink.Problems[2].Msg)
	}
	if want := int64(strings.LastIndexByte(content, '\n') + 1); st[path].Offset != want || st[path].Line != 7 {
		t.Errorf("state: offset %d line %d, want %d 7", st[path].Offset, st[path].Line, want)
	}
}

// TestCorruptWholeJSON: a legacy whole-file chat that is not valid JSON is
// reported with the line of the error, and the folder's other chats are
// read whole.
func TestCorruptWholeJSON(t *testing.T) {
	home := t.TempDir()
	bad := "{\n  \"sessionId\": \"s1\",\n  \"messages\": [\n    {\"id\": \"m1\",\n     \"type\": \"user\" \"content\": \"hi\"}\n  ]\n}\n"
	path := writeChat(t, home, "proj", "session-2026-05-01T10-00-s1aaaaaa.json", "/w/proj", bad)
	writeChat(t, home, "proj", "session-2026-05-01T11-00-s2aaaaaa.jsonl", "", goodChat("s2"))
	sink, _ := readHome(t, home, nil)
	checkWhole(t, sink.Rows)
	if len(sink.Problems) != 1 || sink.Problems[0].File != path || sink.Problems[0].Line != 5 || !strings.Contains(sink.Problems[0].Msg, "corrupt JSON chat") {
		t.Errorf("problems: %v, want one for %s:5", sink.Problems, path)
	}
}

// TestLargeWholeJSON: the issue's "a whole-file JSON chat is the one format
// you may read whole, but cap the size you accept and report larger ones".
func TestLargeWholeJSON(t *testing.T) {
	home := t.TempDir()
	big := `{"sessionId":"s1","projectHash":"00","messages":[{"id":"m1","type":"user","content":"` + strings.Repeat("x", 5000) + `"}]}`
	path := writeChat(t, home, "proj", "session-2026-05-01T10-00-s1aaaaaa.json", "/w/proj", big)
	writeChat(t, home, "proj", "session-2026-05-01T11-00-s2aaaaaa.jsonl", "", goodChat("s2"))
	src := &Source{MaxJSON: 1000}
	files, err := ingest.Discover(src, home)
	if err != nil {
		t.Fatal(err)
	}
	sink := &ingesttest.Sink{}
	if _, err := src.Read(t.Context(), files, nil, sink); err != nil {
		t.Fatal(err)
	}
	checkWhole(t, sink.Rows)
	if len(sink.Problems) != 1 || sink.Problems[0].File != path || !strings.Contains(sink.Problems[0].Msg, "larger than the 1000 bytes") {
		t.Errorf("problems: %v, want one naming %s as too large", sink.Problems, path)
	}
}

// TestUnreadableFile: a chat that cannot be opened is a Problem naming it,
// and the other chats are read whole.
func TestUnreadableFile(t *testing.T) {
	home := t.TempDir()
	good := writeChat(t, home, "proj", "session-2026-05-01T11-00-s2aaaaaa.jsonl", "/w/proj", goodChat("s2"))
	bad := filepath.Join(filepath.Dir(good), "session-2026-05-01T10-00-s1aaaaaa.jsonl")
	if err := os.Symlink(filepath.Join(home, "gone.jsonl"), bad); err != nil {
		t.Fatal(err)
	}
	sink, st := readHome(t, home, nil)
	checkWhole(t, sink.Rows)
	if len(sink.Problems) != 1 || sink.Problems[0].File != bad || !strings.Contains(sink.Problems[0].Msg, "cannot read") {
		t.Errorf("problems: %v, want one 'cannot read' for %s", sink.Problems, bad)
	}
	if _, ok := st[bad]; ok {
		t.Error("an unreadable file got a state: the next run would skip it")
	}
}

// TestLongLine: a line longer than the limit gets "a clear Problem" and
// the lines after it are still read.
func TestLongLine(t *testing.T) {
	home := t.TempDir()
	long := geminiMsg("g0", "2026-05-01T10:00:00.500Z", shellCall("L", "2026-05-01T10:00:00.500Z", strings.Repeat("y", 5000), "success", ""))
	content := metaLine("s1") + long + geminiMsg("g1", "2026-05-01T10:00:01.000Z", shellCall("A", "2026-05-01T10:00:01.000Z", "ls", "success", "Output: x"))
	path := writeChat(t, home, "proj", "session-2026-05-01T10-00-s1aaaaaa.jsonl", "/w/proj", content)
	src := &Source{MaxLine: 1000}
	sink := &ingesttest.Sink{}
	st, err := src.Read(t.Context(), []ingest.File{{Path: path, Group: filepath.Dir(filepath.Dir(path))}}, nil, sink)
	if err != nil {
		t.Fatal(err)
	}
	if got := rowIDs(sink.Rows); got != "A:ok" {
		t.Errorf("rows: %s", got)
	}
	if len(sink.Problems) != 1 || sink.Problems[0].Line != 2 || !strings.Contains(sink.Problems[0].Msg, "longer than 1000") {
		t.Errorf("problems: %v, want one for line 2", sink.Problems)
	}
	if st[path].Offset != int64(len(content)) || st[path].Line != 3 {
		t.Errorf("state: offset %d line %d, want %d 3", st[path].Offset, st[path].Line, len(content))
	}
}

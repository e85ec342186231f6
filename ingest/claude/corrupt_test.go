package claude

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/ingesttest"
)

// TestCorruptLines: "A malformed or truncated line is reported once
// (Problem with file and 1-based line) and skipped; the run goes on."
func TestCorruptLines(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, testSession+".jsonl")
	content := prompt("2026-05-01T10:00:00.000Z", "default", "go") + // 1
		toolUse("2026-05-01T10:00:01.000Z", "toolu_A", "Bash", map[string]any{"command": "ls"}) + // 2
		"this is not JSON at all {\n" + // 3
		resultLine("2026-05-01T10:00:02.000Z", "toolu_A", "a\nb", false, nil) + // 4
		`{"type":"assistant","message":{"content":[{"type":"tool_use","id":"toolu_X" "name":"Bash"}]}}` + "\n" + // 5: missing comma
		"\n" + // 6: empty, ignored
		toolUse("2026-05-01T10:00:03.000Z", "toolu_B", "Read", map[string]any{"file_path": "/work/proj/.env"}) + // 7
		resultLine("2026-05-01T10:00:04.000Z", "toolu_B", "KEY=1", false, nil) + // 8
		`{"type":"assistant","timestamp":"2026-05-01T10:00:05.000Z","message":{"content":[{"type":"tool_use","id":"toolu_C","name":"Bash","input":{"command":"git pu` // 9: cut off
	ingesttest.AppendFile(t, path, content)
	sink, st := readGroup(t, []ingest.File{{Path: path, Group: path}}, nil)

	if got := rowIDs(sink.Rows); got != "toolu_A:ok toolu_B:ok" {
		t.Errorf("rows: %s, want A and B only", got)
	}
	wantLines := []int64{3, 5, 9}
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
	// The cut line is not consumed: a later run reads it when it is whole.
	if want := int64(len(content) - len(content[strings.LastIndexByte(content, '\n')+1:])); st[path].Offset != want || st[path].Line != 8 {
		t.Errorf("state: offset %d line %d, want %d 8", st[path].Offset, st[path].Line, want)
	}
}

// TestLongLine: a line longer than the limit gets "a clear Problem" and the
// lines after it are still read.
func TestLongLine(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, testSession+".jsonl")
	long := toolUse("2026-05-01T10:00:01.000Z", "toolu_L", "Write", map[string]any{"file_path": "/x", "content": strings.Repeat("y", 5000)})
	content := prompt("2026-05-01T10:00:00.000Z", "default", "go") +
		long +
		toolUse("2026-05-01T10:00:02.000Z", "toolu_A", "Bash", map[string]any{"command": "ls"}) +
		resultLine("2026-05-01T10:00:03.000Z", "toolu_A", "ok", false, nil)
	ingesttest.AppendFile(t, path, content)
	sink := &ingesttest.Sink{}
	src := &Source{MaxLine: 1000}
	st, err := src.Read(t.Context(), []ingest.File{{Path: path, Group: path}}, nil, sink)
	if err != nil {
		t.Fatal(err)
	}
	if got := rowIDs(sink.Rows); got != "toolu_A:ok" {
		t.Errorf("rows: %s", got)
	}
	if len(sink.Problems) != 1 || sink.Problems[0].Line != 2 || !strings.Contains(sink.Problems[0].Msg, "longer than 1000") {
		t.Errorf("problems: %v, want one for line 2", sink.Problems)
	}
	if st[path].Offset != int64(len(content)) || st[path].Line != 4 {
		t.Errorf("state: offset %d line %d, want %d 4", st[path].Offset, st[path].Line, len(content))
	}
}

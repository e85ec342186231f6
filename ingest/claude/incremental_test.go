package claude

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/ingesttest"
)

// Line builders for hand-made transcripts, shaped like Claude Code 2.1.x
// entries (transcript-formats.md §1.2).

const (
	testSession = "11111111-2222-4333-8444-555555555555"
	testCwd     = "/work/proj"
)

func jline(m map[string]any) string {
	b, err := json.Marshal(m)
	if err != nil {
		panic(err)
	}
	return string(b) + "\n"
}

func entry(typ, ts string, extra map[string]any) map[string]any {
	m := map[string]any{"type": typ, "timestamp": ts, "sessionId": testSession, "cwd": testCwd,
		"version": "2.1.140", "isSidechain": false, "uuid": "u-" + ts}
	for k, v := range extra {
		m[k] = v
	}
	return m
}

func prompt(ts, mode, text string) string {
	return jline(entry("user", ts, map[string]any{"permissionMode": mode,
		"message": map[string]any{"role": "user", "content": text}}))
}

func toolUse(ts, id, name string, input map[string]any) string {
	return jline(entry("assistant", ts, map[string]any{"message": map[string]any{
		"id": "msg_" + id, "role": "assistant", "model": "claude-test",
		"content":     []any{map[string]any{"type": "tool_use", "id": id, "name": name, "input": input}},
		"stop_reason": "tool_use"}}))
}

func resultLine(ts, id, content string, isError bool, tur any) string {
	block := map[string]any{"type": "tool_result", "tool_use_id": id, "content": content}
	if isError {
		block["is_error"] = true
	}
	m := entry("user", ts, map[string]any{"message": map[string]any{"role": "user", "content": []any{block}}})
	if tur != nil {
		m["toolUseResult"] = tur
	}
	return jline(m)
}

func modeEntry(mode string) string {
	return jline(map[string]any{"type": "permission-mode", "permissionMode": mode, "sessionId": testSession})
}

// readGroup reads one group with prev and returns what was sent.
func readGroup(t *testing.T, files []ingest.File, prev map[string]ingest.FileState) (*ingesttest.Sink, map[string]ingest.FileState) {
	t.Helper()
	sink := &ingesttest.Sink{}
	st, err := New().Read(context.Background(), files, prev, sink)
	if err != nil {
		t.Fatal(err)
	}
	return sink, st
}

func rowIDs(rows []ingest.Row) string {
	var ids []string
	for _, r := range rows {
		ids = append(ids, r.CallID+":"+r.Result)
	}
	return strings.Join(ids, " ")
}

// TestIncremental follows one session file through four runs: "Grown file
// (same inode, size larger): continue from Offset, restoring the mode in
// force, line number, … and the tool_uses still waiting for their result";
// "Unchanged file (same size, inode, mtime): do not open it (report 0
// bytes)"; "a last line without a newline is not consumed"; "Shrunk or
// different inode: re-read from 0".
func TestIncremental(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, testSession+".jsonl")
	files := []ingest.File{{Path: path, Group: path}}

	part1 := prompt("2026-05-01T10:00:00.000Z", "default", "build it") +
		toolUse("2026-05-01T10:00:01.000Z", "toolu_A", "Bash", map[string]any{"command": "ls"}) +
		resultLine("2026-05-01T10:00:02.000Z", "toolu_A", "file", false, nil) +
		toolUse("2026-05-01T10:00:03.000Z", "toolu_B", "Bash", map[string]any{"command": "make"})
	ingesttest.AppendFile(t, path, part1)

	// Run 1: A is complete, B waits for its result.
	s1, st1 := readGroup(t, files, nil)
	if got := rowIDs(s1.Rows); got != "toolu_A:ok toolu_B:unknown" {
		t.Fatalf("run 1 rows: %s", got)
	}
	if st1[path].Offset != int64(len(part1)) || st1[path].Line != 4 {
		t.Errorf("run 1 state: offset %d line %d, want %d 4", st1[path].Offset, st1[path].Line, len(part1))
	}
	rankB := s1.Rows[1].CopyRank
	keyB := s1.Rows[1].CallKey

	// Run 2: nothing changed, nothing is read.
	s2, st2 := readGroup(t, files, st1)
	if len(s2.Rows) != 0 || len(s2.Problems) != 0 || s2.ByteCount != 0 {
		t.Errorf("run 2 on an unchanged file: %d rows, %v, %d bytes", len(s2.Rows), s2.Problems, s2.ByteCount)
	}
	if st2[path].Offset != st1[path].Offset || string(st2[path].State) != string(st1[path].State) {
		t.Errorf("run 2 changed the state")
	}

	// Run 3: B's result, a mode change, a new call C with its result, and
	// a call D whose line has no newline yet.
	part2 := resultLine("2026-05-01T10:00:04.000Z", "toolu_B", "Exit code 2\nmake: *** [all] Error 2", true, "Error: Exit code 2") +
		modeEntry("acceptEdits") +
		toolUse("2026-05-01T10:00:05.000Z", "toolu_C", "Edit", map[string]any{"file_path": "src/x.go", "old_string": "a", "new_string": "b"}) +
		resultLine("2026-05-01T10:00:06.000Z", "toolu_C", "updated", false, nil)
	partD := strings.TrimSuffix(toolUse("2026-05-01T10:00:07.000Z", "toolu_D", "Write", map[string]any{"file_path": "/work/proj/notes.md", "content": "x"}), "\n")
	ingesttest.AppendFile(t, path, part2+partD)
	s3, st3 := readGroup(t, files, st2)
	if got := rowIDs(s3.Rows); got != "toolu_B:error toolu_C:ok" {
		t.Fatalf("run 3 rows: %s", got)
	}
	if len(s3.Problems) != 0 {
		t.Errorf("run 3: a whole last line without newline was reported: %v", s3.Problems)
	}
	b, c := s3.Rows[0], s3.Rows[1]
	if b.CopyRank != rankB || b.CallKey != keyB || b.ExitCode == nil || *b.ExitCode != 2 {
		t.Errorf("B again: rank %q (was %q) key %s exit %v", b.CopyRank, rankB, b.CallKey, ingesttest.FmtPtr(b.ExitCode))
	}
	if b.Mode != "default" || b.SourceOffset != 4 || b.Seq != 2 {
		t.Errorf("B kept mode %q line %d seq %d, want default 4 2", b.Mode, b.SourceOffset, b.Seq)
	}
	if c.Mode != "acceptEdits" || c.ModeSource != "mode-entry" || c.SourceOffset != 7 || c.Seq != 3 {
		t.Errorf("C: mode %q/%q line %d seq %d, want acceptEdits/mode-entry 7 3", c.Mode, c.ModeSource, c.SourceOffset, c.Seq)
	}
	if len(c.Paths) != 1 || c.Paths[0] != "/work/proj/src/x.go" || c.ProjectDir != testCwd {
		t.Errorf("C: paths %v project %q", c.Paths, c.ProjectDir)
	}
	if want := int64(len(part1) + len(part2)); st3[path].Offset != want || st3[path].Line != 8 {
		t.Errorf("run 3 state: offset %d line %d, want %d 8 (D's line not consumed)", st3[path].Offset, st3[path].Line, want)
	}
	if s3.ByteCount != int64(len(part2)+len(partD)) {
		t.Errorf("run 3 read %d bytes, want %d", s3.ByteCount, len(part2)+len(partD))
	}

	// Run 4: D's line is finished and its result follows.
	ingesttest.AppendFile(t, path, "\n"+resultLine("2026-05-01T10:00:08.000Z", "toolu_D", "written", false, nil))
	s4, st4 := readGroup(t, files, st3)
	if got := rowIDs(s4.Rows); got != "toolu_D:ok" {
		t.Fatalf("run 4 rows: %s", got)
	}
	if d := s4.Rows[0]; d.SourceOffset != 9 || d.Mode != "acceptEdits" || d.Seq != 4 {
		t.Errorf("D: line %d mode %q seq %d, want 9 acceptEdits 4", d.SourceOffset, d.Mode, d.Seq)
	}

	// Run 5: the file is replaced by a shorter one: read whole again.
	short := prompt("2026-05-02T09:00:00.000Z", "plan", "again") +
		toolUse("2026-05-02T09:00:01.000Z", "toolu_E", "Read", map[string]any{"file_path": "/work/proj/a"})
	if err := os.WriteFile(path, []byte(short), 0o644); err != nil {
		t.Fatal(err)
	}
	s5, st5 := readGroup(t, files, st4)
	if got := rowIDs(s5.Rows); got != "toolu_E:unknown" {
		t.Fatalf("run 5 rows: %s", got)
	}
	if e := s5.Rows[0]; e.Mode != "plan" || e.SourceOffset != 2 || e.Seq != 1 {
		t.Errorf("E: mode %q line %d seq %d, want plan 2 1", e.Mode, e.SourceOffset, e.Seq)
	}
	if st5[path].Offset != int64(len(short)) || s5.ByteCount != int64(len(short)) {
		t.Errorf("run 5: offset %d, %d bytes read; want the whole %d", st5[path].Offset, s5.ByteCount, len(short))
	}
}

// TestIncrementalSubagent: "a subagent call takes its parent session's mode
// at the time the subagent was spawned" also when only the subagent file
// grew and the session file is not opened again.
func TestIncrementalSubagent(t *testing.T) {
	dir := t.TempDir()
	parent := filepath.Join(dir, testSession+".jsonl")
	subDir := filepath.Join(dir, testSession, "subagents")
	if err := os.MkdirAll(subDir, 0o755); err != nil {
		t.Fatal(err)
	}
	child := filepath.Join(subDir, "agent-abc123.jsonl")
	files := []ingest.File{{Path: child, Group: parent}, {Path: parent, Group: parent}}

	ingesttest.AppendFile(t, parent, prompt("2026-05-01T10:00:00.000Z", "acceptEdits", "look")+
		toolUse("2026-05-01T10:00:01.000Z", "toolu_T", "Agent", map[string]any{"prompt": "look around"})+
		prompt("2026-05-01T10:00:09.000Z", "plan", "later"))
	ingesttest.AppendFile(t, filepath.Join(subDir, "agent-abc123.meta.json"), `{"agentType":"Explore","toolUseId":"toolu_T"}`)
	sub := func(ts, id string) string {
		m := entry("assistant", ts, map[string]any{"isSidechain": true, "agentId": "abc123", "message": map[string]any{
			"role": "assistant", "model": "m", "content": []any{map[string]any{"type": "tool_use", "id": id, "name": "Bash", "input": map[string]any{"command": "pwd"}}}}})
		return jline(m)
	}
	ingesttest.AppendFile(t, child, sub("2026-05-01T10:00:02.000Z", "toolu_S1"))
	s1, st1 := readGroup(t, files, nil)
	if got := rowIDs(s1.Rows); got != "toolu_T:unknown toolu_S1:unknown" {
		t.Fatalf("run 1 rows: %s", got)
	}

	ingesttest.AppendFile(t, child, resultLine("2026-05-01T10:00:03.000Z", "toolu_S1", "/work/proj", false, nil)+sub("2026-05-01T10:00:04.000Z", "toolu_S2"))
	s2, _ := readGroup(t, files, st1)
	if got := rowIDs(s2.Rows); got != "toolu_S1:ok toolu_S2:unknown" {
		t.Fatalf("run 2 rows: %s", got)
	}
	pi, _ := os.Stat(parent)
	ci, _ := os.Stat(child)
	if want := ci.Size() - st1[child].Offset; s2.ByteCount != want {
		t.Errorf("run 2 read %d bytes, want only the subagent's new %d (parent is %d bytes)", s2.ByteCount, want, pi.Size())
	}
	for _, r := range s2.Rows {
		if r.Mode != "acceptEdits" || r.ModeSource != "parent" || !r.IsSubagent || r.AgentID != "abc123" ||
			r.SessionID != testSession || r.ParentSessionID != testSession || r.ProjectDir != testCwd {
			t.Errorf("%s: mode %s/%s sub %v agent %q session %q parent %q project %q", r.CallID, r.Mode, r.ModeSource,
				r.IsSubagent, r.AgentID, r.SessionID, r.ParentSessionID, r.ProjectDir)
		}
	}
}

// TestRewrittenInPlace: issue 27, "a transcript rewritten in place is
// ignored silently, or reported as line 101 corrupt". A session file
// rewritten under the same inode to the same size, or larger with its old
// offset inside a line, is read again from its start, with a problem
// naming it; no line is reported corrupt.
func TestRewrittenInPlace(t *testing.T) {
	session := func(a, b string) string {
		return prompt("2026-05-01T10:00:00.000Z", "default", "build it") +
			toolUse("2026-05-01T10:00:01.000Z", a, "Bash", map[string]any{"command": "ls"}) +
			resultLine("2026-05-01T10:00:02.000Z", a, "file", false, nil) +
			toolUse("2026-05-01T10:00:03.000Z", b, "Bash", map[string]any{"command": "make"}) +
			resultLine("2026-05-01T10:00:04.000Z", b, "ok", false, nil)
	}
	for _, c := range []struct{ name, v2, want string }{
		{"same size", session("toolu_X", "toolu_Y"), "toolu_X:ok toolu_Y:ok"},
		{"larger", prompt("2026-05-01T09:59:00.000Z", "default", "a longer first prompt") + session("toolu_X", "toolu_Y"), "toolu_X:ok toolu_Y:ok"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, testSession+".jsonl")
			files := []ingest.File{{Path: path, Group: path}}
			ingesttest.AppendFile(t, path, session("toolu_A", "toolu_B"))
			_, st1 := readGroup(t, files, nil)
			fi, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(c.v2), 0o644); err != nil {
				t.Fatal(err)
			}
			later := fi.ModTime().Add(time.Second)
			os.Chtimes(path, later, later)
			s2, _ := readGroup(t, files, st1)
			if got := rowIDs(s2.Rows); got != c.want {
				t.Errorf("rows %s, want %s", got, c.want)
			}
			said := false
			for _, p := range s2.Problems {
				if strings.Contains(p.Msg, "corrupt") {
					t.Errorf("problem %v: read on from the old offset", p)
				}
				said = said || strings.Contains(p.Msg, "rewritten")
			}
			if !said {
				t.Errorf("no problem says the file was rewritten: %v", s2.Problems)
			}
		})
	}
}

package opencode

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/ingesttest"
)

// forkSession and forkMessage name the fork F of the synthetic database,
// whose last message holds the denied git push.
const (
	forkSession = "ses_351b0113fffeUnr6mQMXLFFwLM"
	forkMessage = "msg_cae5044c1001qs4bge85V9wspw"
)

// TestIncrementalDatabase: "a SQLite database that changed is re-read by
// row id (part rows with rowid/time greater than the last seen, keep the
// high-water mark in FileState.State), not whole".
func TestIncrementalDatabase(t *testing.T) {
	clearEnv(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "opencode.db")
	ingesttest.CopyTree(t, filepath.Join(synthHome, ".local/share/opencode/opencode.db"), path)
	files := []ingest.File{{Path: path, Group: path}}
	src := New()
	read := func(prev map[string]ingest.FileState) (*ingesttest.Sink, map[string]ingest.FileState) {
		t.Helper()
		sink := &ingesttest.Sink{}
		st, err := src.Read(context.Background(), files, prev, sink)
		if err != nil {
			t.Fatal(err)
		}
		if len(sink.Problems) != 0 {
			t.Fatalf("problems: %v", sink.Problems)
		}
		return sink, st
	}

	first, st1 := read(nil)
	if len(first.Rows) != 15 { // README: "15 in opencode.db"
		t.Fatalf("first read: %d rows, want 15", len(first.Rows))
	}
	var forkCalls int64
	for _, r := range first.Rows {
		if r.SessionID == forkSession {
			forkCalls++
		}
	}

	// Unchanged: "A file whose size and inode match prev and that was not
	// changed is not opened."
	again, st2 := read(st1)
	if len(again.Rows) != 0 || again.ByteCount != 0 {
		t.Errorf("unchanged database: %d rows, %d bytes read, want none", len(again.Rows), again.ByteCount)
	}
	if string(st2[path].State) != string(st1[path].State) {
		t.Errorf("unchanged database: state changed")
	}

	// A call starts: a running part is appended.
	db := ingesttest.WriteDB(t, path)
	running := `{"type":"tool","callID":"toolu_new1","tool":"bash","state":{"status":"running","input":{"command":"npm test"},"time":{"start":1772451040000}}}`
	ingesttest.Exec(t, db, `INSERT INTO part (id, message_id, session_id, time_created, time_updated, data) VALUES (?, ?, ?, 1772451040000, 1772451040000, ?)`,
		"prt_cae600000001aaaaaaaaaaaaaa", forkMessage, forkSession, running)
	db.Close()
	second, st3 := read(st2)
	if len(second.Rows) != 1 {
		t.Fatalf("after one new part: %d rows, want 1: %+v", len(second.Rows), second.Rows)
	}
	r := second.Rows[0]
	runningKey := r.CallKey // the finished call must replace this row
	if r.CallID != "toolu_new1" || r.Result != "unknown" || r.Seq != forkCalls+1 || r.Mode != "build" {
		t.Errorf("running call: %s result %s seq %d mode %q, want toolu_new1 unknown %d build", r.CallID, r.Result, r.Seq, r.Mode, forkCalls+1)
	}

	// It finishes, and another call is made.
	db = ingesttest.WriteDB(t, path)
	done := `{"type":"tool","callID":"toolu_new1","tool":"bash","state":{"status":"completed","input":{"command":"npm test"},"output":"ok","metadata":{"exit":0},"time":{"start":1772451040000,"end":1772451041000}}}`
	ingesttest.Exec(t, db, `UPDATE part SET data = ?, time_updated = 1772451041000 WHERE id = ?`, done, "prt_cae600000001aaaaaaaaaaaaaa")
	read2 := `{"type":"tool","callID":"toolu_new2","tool":"read","state":{"status":"completed","input":{"filePath":"README.md"},"output":"x","time":{"start":1772451042000,"end":1772451042100}}}`
	ingesttest.Exec(t, db, `INSERT INTO part (id, message_id, session_id, time_created, time_updated, data) VALUES (?, ?, ?, 1772451042000, 1772451042100, ?)`,
		"prt_cae600000002aaaaaaaaaaaaaa", forkMessage, forkSession, read2)
	db.Close()
	third, _ := read(st3)
	got := map[string]ingest.Row{}
	for _, r := range third.Rows {
		got[r.CallID] = r
	}
	if len(third.Rows) != 2 {
		t.Fatalf("after finish + new part: %d rows, want the finished call and the new one: %+v", len(third.Rows), third.Rows)
	}
	if r := got["toolu_new1"]; r.Result != "ok" || r.Seq != forkCalls+1 || r.CallKey != runningKey || r.ExitCode == nil || *r.ExitCode != 0 {
		t.Errorf("finished call: %+v", r)
	}
	if r := got["toolu_new2"]; r.Seq != forkCalls+2 || len(r.Paths) != 1 || r.Paths[0] != "/home/dev/demo-app/README.md" {
		t.Errorf("new call: seq %d paths %v", r.Seq, r.Paths)
	}
	// Only the two rows' data crossed into Go, not the whole table again.
	if third.ByteCount >= first.ByteCount/2 {
		t.Errorf("incremental read took %d bytes of part data, the first read %d", third.ByteCount, first.ByteCount)
	}
}

// TestIncrementalJSON: "the JSON storage per file" — a new part file is
// read alone; the session's unchanged files are not opened, yet the call
// takes its message's agent and its place in the session.
func TestIncrementalJSON(t *testing.T) {
	clearEnv(t)
	home := filepath.Join(t.TempDir(), "home")
	ingesttest.CopyTree(t, synthHome, home)
	_, prev := readHome(t, home, nil)

	msgDir := filepath.Join(home, ".local/share/opencode/storage/part/msg_bdb7eb224001ID4ayvY6A0YmNM")
	newPart := filepath.Join(msgDir, "prt_bdb7ef000001zzzzzzzzzzzzzz.json")
	content := `{"id":"prt_bdb7ef000001zzzzzzzzzzzzzz","sessionID":"ses_42482677fffei420Nkpn7Lhgwc","messageID":"msg_bdb7eb224001ID4ayvY6A0YmNM",` +
		`"type":"tool","callID":"toolu_json_new","tool":"bash","state":{"status":"completed","input":{"command":"ls"},` +
		`"output":"","metadata":{"exit":0},"time":{"start":1768914090000,"end":1768914090100}}}`
	write(t, newPart, content)

	sink, _ := readHome(t, home, prev)
	if len(sink.Problems) != 0 {
		t.Errorf("problems: %v", sink.Problems)
	}
	if len(sink.Rows) != 1 {
		t.Fatalf("rows: %d, want only the new call: %+v", len(sink.Rows), sink.Rows)
	}
	if sink.ByteCount != int64(len(content)) {
		t.Errorf("bytes read: %d, want only the new file's %d", sink.ByteCount, len(content))
	}
	r := sink.Rows[0]
	// Session A's tool parts before it: bash, read, edit, task (the cut
	// part file is not one it can know to be a tool).
	if r.CallID != "toolu_json_new" || r.Mode != "build" || r.Seq != 5 || r.ProjectDir != "/home/dev/demo-app" || r.SourceFile != newPart {
		t.Errorf("row: call %s mode %q seq %d project %q file %s", r.CallID, r.Mode, r.Seq, r.ProjectDir, r.SourceFile)
	}

	// The cut file was reported in the first run; unchanged, it is not
	// reported again.
	again, _ := readHome(t, home, prev)
	for _, p := range again.Problems {
		if filepath.Base(p.File) == "prt_bdb7edeac001GSx28ee3nufnZL.json" {
			t.Errorf("unchanged bad file reported again: %s", p)
		}
	}
	if _, err := os.Stat(newPart); err != nil {
		t.Fatal(err)
	}
}

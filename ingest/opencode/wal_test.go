package opencode

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/ingest/sqliteread"
	"github.com/permsim/permsim/internal/ingesttest"
)

func listDir(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

// walDB makes a WAL-mode copy of the synthetic database in a folder of its
// own and returns its path and an open writer.
func walDB(t *testing.T) (string, func()) {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "opencode.db")
	ingesttest.CopyTree(t, filepath.Join(synthHome, ".local/share/opencode/opencode.db"), path)
	db := ingesttest.WriteDB(t, path)
	var mode string
	if err := db.QueryRow(`PRAGMA journal_mode=WAL`).Scan(&mode); err != nil || mode != "wal" {
		t.Fatalf("journal_mode: %q %v", mode, err)
	}
	return path, func() { db.Close() }
}

// TestReadWhileWriting: "open read-only … and safe while OpenCode is
// writing: WAL" — with a writer holding the database open and a row only
// in the -wal file, the reader sees it, and creates no file of its own.
func TestReadWhileWriting(t *testing.T) {
	path, closeWriter := walDB(t)
	defer closeWriter()
	w := ingesttest.WriteDB(t, path)
	ingesttest.Exec(t, w, `INSERT INTO part (id, message_id, session_id, time_created, time_updated, data) VALUES (?, ?, ?, 1, 1, ?)`,
		"prt_cae600000001aaaaaaaaaaaaaa", forkMessage, forkSession,
		`{"type":"tool","callID":"toolu_wal","tool":"bash","state":{"status":"completed","input":{"command":"true"},"metadata":{"exit":0},"time":{"start":5,"end":6}}}`)
	before := listDir(t, filepath.Dir(path))
	if !slices.Contains(before, "opencode.db-wal") {
		t.Fatalf("the writer left no -wal file: %v", before)
	}

	files, err := ingest.Discover(New(), filepath.Dir(path)) // not a home: list the group by hand
	if err != nil || len(files) != 0 {
		t.Fatalf("Discover of a bare folder: %v %v", files, err)
	}
	group := []ingest.File{{Path: path, Group: path}, {Path: path + "-wal", Group: path}}
	sink := &ingesttest.Sink{}
	st, err := New().Read(context.Background(), group, nil, sink)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, r := range sink.Rows {
		found = found || r.CallID == "toolu_wal"
	}
	if !found || len(sink.Rows) != 16 {
		t.Errorf("rows: %d (the WAL row found: %v), want 15 + 1", len(sink.Rows), found)
	}
	if _, ok := st[path+"-wal"]; !ok {
		t.Errorf("no state kept for the -wal file: a change only there would go unseen")
	}
	if after := listDir(t, filepath.Dir(path)); !slices.Equal(before, after) {
		t.Errorf("files before %v, after %v", before, after)
	}
}

// TestWALWithoutWriter: "never create -wal/-shm files where there were
// none if avoidable" — a WAL-mode database nobody has open is read without
// leaving any file next to it.
func TestWALWithoutWriter(t *testing.T) {
	path, closeWriter := walDB(t)
	closeWriter() // the last connection folds the WAL in and removes it
	before := listDir(t, filepath.Dir(path))
	if !slices.Equal(before, []string{"opencode.db"}) {
		t.Fatalf("setup: %v", before)
	}
	if wal, err := sqliteread.WALMode(path); err != nil || !wal {
		t.Fatalf("setup: not in WAL mode (%v)", err)
	}
	sink := &ingesttest.Sink{}
	if _, err := New().Read(context.Background(), []ingest.File{{Path: path, Group: path}}, nil, sink); err != nil {
		t.Fatal(err)
	}
	if len(sink.Rows) != 15 || len(sink.Problems) != 0 {
		t.Errorf("rows %d problems %v, want 15 and none", len(sink.Rows), sink.Problems)
	}
	if after := listDir(t, filepath.Dir(path)); !slices.Equal(before, after) {
		t.Errorf("files before %v, after %v", before, after)
	}
}

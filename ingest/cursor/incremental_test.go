package cursor

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"path/filepath"
	"strings"
	"testing"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/ingesttest"
)

// addBlob stores data under its sha256, as Cursor does, and returns the id.
func addBlob(t *testing.T, db *sql.DB, data []byte) string {
	t.Helper()
	h := sha256.Sum256(data)
	id := hex.EncodeToString(h[:])
	ingesttest.Exec(t, db, `INSERT INTO blobs (id, data) VALUES (?, ?)`, id, data)
	return id
}

// newRoot writes a tree blob referencing every message blob in the chat
// (in rowid order) and points meta at it.
func newRoot(t *testing.T, db *sql.DB, ids ...string) {
	t.Helper()
	var tree []byte
	for _, id := range ids {
		raw, _ := hex.DecodeString(id)
		tree = append(tree, 0x42, 0x20)
		tree = append(tree, raw...)
	}
	root := addBlob(t, db, tree)
	metaJSON := `{"agentId":"67e83177-82a2-44a3-b178-942e1f8a0bb9","latestRootBlobId":"` + root + `","mode":"auto-run","createdAt":1770736831000}`
	ingesttest.Exec(t, db, `UPDATE meta SET value = ? WHERE key = '0'`, hex.EncodeToString([]byte(metaJSON)))
}

// TestIncremental: "a SQLite database that changed is re-read by row id …,
// not whole"; a call whose result comes in a later run is sent again,
// complete, under the same key and number; "a superseded message version
// is a copy", also when it arrives after its call was finished.
func TestIncremental(t *testing.T) {
	path := filepath.Join(t.TempDir(), "store.db")
	ingesttest.CopyTree(t, filepath.Join(synthHome, chatA), path)
	files := []ingest.File{{Path: path, Group: path}}
	read := func(prev map[string]ingest.FileState) (*ingesttest.Sink, map[string]ingest.FileState) {
		t.Helper()
		sink := &ingesttest.Sink{}
		st, err := New().Read(context.Background(), files, prev, sink)
		if err != nil {
			t.Fatal(err)
		}
		if len(sink.Problems) != 0 {
			t.Fatalf("problems: %v", sink.Problems)
		}
		return sink, st
	}
	first, st1 := read(nil)
	if len(first.Rows) != 4 {
		t.Fatalf("first read: %d rows, want chat A's 4", len(first.Rows))
	}
	if again, _ := read(st1); len(again.Rows) != 0 || again.ByteCount != 0 {
		t.Errorf("unchanged chat: %d rows, %d bytes read", len(again.Rows), again.ByteCount)
	}

	db := ingesttest.WriteDB(t, path)
	var ids []string
	rows, _ := db.Query(`SELECT id FROM blobs ORDER BY rowid`)
	for rows.Next() {
		var id string
		rows.Scan(&id)
		ids = append(ids, id)
	}
	rows.Close()
	call := addBlob(t, db, []byte(`{"id":"5","role":"assistant","content":[{"type":"tool-call","toolCallId":"toolu_new","toolName":"Shell","args":{"command":"ls src"}}]}`))
	newRoot(t, db, append(ids, call)...)
	db.Close()
	second, st2 := read(st1)
	if len(second.Rows) != 1 {
		t.Fatalf("after a new call: %d rows, want 1: %+v", len(second.Rows), second.Rows)
	}
	if r := second.Rows[0]; r.CallID != "toolu_new" || r.Result != "unknown" || r.Seq != 5 || r.Command != "ls src" || !strings.HasPrefix(r.CopyRank, "0|") {
		t.Errorf("new call: %+v", r)
	}
	if second.ByteCount >= first.ByteCount {
		t.Errorf("second read took %d bytes, the first %d: not incremental", second.ByteCount, first.ByteCount)
	}

	db = ingesttest.WriteDB(t, path)
	res := addBlob(t, db, []byte(`{"role":"tool","id":"toolu_new","content":[{"type":"tool-result","toolName":"Shell","toolCallId":"toolu_new","result":"Exit code: 0\n\nCommand output:\n\n`+"```"+`\nconfig.py\n`+"```"+`"}]}`))
	newRoot(t, db, append(ids, call, res)...)
	db.Close()
	third, st3 := read(st2)
	if len(third.Rows) != 1 {
		t.Fatalf("after the result: %d rows, want 1: %+v", len(third.Rows), third.Rows)
	}
	if r := third.Rows[0]; r.CallID != "toolu_new" || r.Result != "ok" || r.Seq != 5 || r.ExitCode == nil || *r.ExitCode != 0 ||
		r.CallKey != "cursor:67e83177-82a2-44a3-b178-942e1f8a0bb9:toolu_new" {
		t.Errorf("completed call: %+v", r)
	}

	// A later version of the same assistant message (more text) replaces
	// the first in the tree after the call finished.
	db = ingesttest.WriteDB(t, path)
	v2 := addBlob(t, db, []byte(`{"id":"5","role":"assistant","content":[{"type":"text","text":"Listing src."},{"type":"tool-call","toolCallId":"toolu_new","toolName":"Shell","args":{"command":"ls src"}}]}`))
	newRoot(t, db, append(ids, v2, res)...)
	db.Close()
	if fourth, _ := read(st3); len(fourth.Rows) != 0 {
		t.Errorf("a new version of a finished call's message sent it again: %+v", fourth.Rows)
	}
}

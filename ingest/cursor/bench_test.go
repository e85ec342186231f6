package cursor

import (
	"context"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/ingesttest"
)

// BenchmarkRead reads, whole, a chat of 1,500 Shell calls with their
// results (about 6 MB of blobs) and a tree over them, as a first run does.
func BenchmarkRead(b *testing.B) {
	dir := b.TempDir()
	path := filepath.Join(dir, "store.db")
	src, err := os.ReadFile(filepath.Join(synthHome, chatA))
	if err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(path, src, 0o644); err != nil {
		b.Fatal(err)
	}
	db, err := sql.Open("sqlite", path)
	if err != nil {
		b.Fatal(err)
	}
	tx, _ := db.Begin()
	var tree []byte
	add := func(data []byte) {
		id := fmt.Sprintf("%064x", len(tree)/34+1000)
		if _, err := tx.Exec(`INSERT INTO blobs (id, data) VALUES (?, ?)`, id, data); err != nil {
			b.Fatal(err)
		}
		raw, _ := hex.DecodeString(id)
		tree = append(append(tree, 0x42, 0x20), raw...)
	}
	output := strings.Repeat("src/loader.py:12: a line of command output\n", 80)
	for i := range 1500 {
		callID := fmt.Sprintf("toolu_%06d", i)
		call, _ := json.Marshal(map[string]any{"id": fmt.Sprint(i), "role": "assistant", "content": []any{
			map[string]any{"type": "text", "text": strings.Repeat("thinking about it ", 20)},
			map[string]any{"type": "tool-call", "toolCallId": callID, "toolName": "Shell", "args": map[string]any{"command": "pytest -q tests/"}}}})
		add(call)
		res, _ := json.Marshal(map[string]any{"role": "tool", "id": callID, "content": []any{
			map[string]any{"type": "tool-result", "toolName": "Shell", "toolCallId": callID, "result": "Exit code: 0\n\nCommand output:\n\n" + output}}})
		add(res)
	}
	rootID := fmt.Sprintf("%064x", 1)
	if _, err := tx.Exec(`INSERT INTO blobs (id, data) VALUES (?, ?)`, rootID, tree); err != nil {
		b.Fatal(err)
	}
	meta := `{"agentId":"67e83177-82a2-44a3-b178-942e1f8a0bb9","latestRootBlobId":"` + rootID + `","mode":"auto-run"}`
	if _, err := tx.Exec(`UPDATE meta SET value = ? WHERE key = '0'`, hex.EncodeToString([]byte(meta))); err != nil {
		b.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
	db.Close()
	fi, _ := os.Stat(path)
	b.SetBytes(fi.Size())
	files := []ingest.File{{Path: path, Group: path}}
	b.Run("sqlite-floor", func(b *testing.B) {
		// The floor under the reader: readChat's blob query through the
		// same driver, every row scanned as it does, nothing decoded.
		b.SetBytes(fi.Size())
		for b.Loop() {
			var rowid int64
			var id string
			var data []byte
			n := ingesttest.SQLiteFloor(b, path, `SELECT rowid, id, data FROM blobs WHERE rowid > ? ORDER BY rowid`, []any{0}, &rowid, &id, &data)
			if n < 3000 {
				b.Fatalf("rows %d", n)
			}
		}
	})
	b.Run("read", func(b *testing.B) {
		b.SetBytes(fi.Size())
		benchRead(b, files)
	})
}

func benchRead(b *testing.B, files []ingest.File) {
	for b.Loop() {
		sink := &ingesttest.Discard{}
		if _, err := New().Read(context.Background(), files, nil, sink); err != nil {
			b.Fatal(err)
		}
		if sink.Rows != 1504 { // and chat A's own 4
			b.Fatalf("rows %d problems %d", sink.Rows, sink.Problems)
		}
	}
}

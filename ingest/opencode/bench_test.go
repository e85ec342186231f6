package opencode

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/ingesttest"
)

// benchPart is a completed bash part with an output of about out bytes,
// and every third part a text part, as a session mixes them.
func benchPart(i, out int) string {
	if i%3 == 2 {
		b, _ := json.Marshal(map[string]any{"type": "text", "text": strings.Repeat("some reasoning about the code ", out/30)})
		return string(b)
	}
	output := strings.Repeat("line of build output with a path/to/file.go:12: message\n", out/56)
	b, _ := json.Marshal(map[string]any{"type": "tool", "callID": fmt.Sprintf("toolu_%08d", i), "tool": "bash",
		"state": map[string]any{"status": "completed", "input": map[string]any{"command": "go test ./...", "description": "tests"},
			"output": output, "metadata": map[string]any{"output": output, "exit": 0},
			"time": map[string]any{"start": 1772445600000 + i*1000, "end": 1772445600500 + i*1000}}})
	return string(b)
}

// BenchmarkRead reads a database of 3,000 parts (2,000 calls, about 13 MB
// of part data) and a JSON storage of 600 part files, whole, as a first
// run does.
func BenchmarkRead(b *testing.B) {
	dir := b.TempDir()
	path := filepath.Join(dir, "opencode.db")
	src, err := os.ReadFile(filepath.Join(synthHome, ".local/share/opencode/opencode.db"))
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
	for i := range 3000 {
		if _, err := tx.Exec(`INSERT INTO part (id, message_id, session_id, time_created, time_updated, data) VALUES (?, ?, ?, 1, 1, ?)`,
			fmt.Sprintf("prt_d%011dxxxxxxxxxxxxxx", i), forkMessage, forkSession, benchPart(i, 4000)); err != nil {
			b.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
	db.Close()

	b.Run("database", func(b *testing.B) {
		files := []ingest.File{{Path: path, Group: path}}
		fi, _ := os.Stat(path)
		b.SetBytes(fi.Size())
		for b.Loop() {
			sink := &ingesttest.Discard{}
			if _, err := New().Read(context.Background(), files, nil, sink); err != nil {
				b.Fatal(err)
			}
			if sink.Rows != 2015 {
				b.Fatalf("rows %d", sink.Rows)
			}
		}
	})

	// The floor under the database reader: the same query through the
	// same driver, every part row scanned as scan does, nothing decoded.
	b.Run("database-sqlite-floor", func(b *testing.B) {
		fi, _ := os.Stat(path)
		b.SetBytes(fi.Size())
		for b.Loop() {
			var rowid int64
			var id, msg, sess sql.NullString
			var data sql.RawBytes
			var size sql.NullInt64
			n := ingesttest.SQLiteFloor(b, path, partSQL+` WHERE rowid > ? ORDER BY rowid`, []any{maxPartRow, 0}, &rowid, &id, &msg, &sess, &data, &size)
			if n < 3000 {
				b.Fatalf("rows %d", n)
			}
		}
	})

	home := filepath.Join(dir, "home")
	storage := filepath.Join(home, ".local/share/opencode/storage")
	sess := `{"id":"ses_b","directory":"/p","version":"1.1.20","time":{"created":1}}`
	msg := `{"id":"msg_b","sessionID":"ses_b","role":"assistant","agent":"build","path":{"cwd":"/p","root":"/p"}}`
	writeB(b, filepath.Join(storage, "session/proj/ses_b.json"), sess)
	writeB(b, filepath.Join(storage, "message/ses_b/msg_b.json"), msg)
	var total int64
	for i := range 600 {
		p := benchPart(i, 4000)
		total += int64(len(p))
		writeB(b, filepath.Join(storage, fmt.Sprintf("part/msg_b/prt_%012dxxxxxxxxxxxxxx.json", i)), p)
	}
	b.Run("json", func(b *testing.B) {
		files, err := ingest.Discover(New(), home)
		if err != nil {
			b.Fatal(err)
		}
		b.SetBytes(total)
		for b.Loop() {
			sink := &ingesttest.Discard{}
			if _, err := New().Read(context.Background(), files, nil, sink); err != nil {
				b.Fatal(err)
			}
			if sink.Rows != 400 {
				b.Fatalf("rows %d", sink.Rows)
			}
		}
	})
}

func writeB(b *testing.B, path, content string) {
	b.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		b.Fatal(err)
	}
}

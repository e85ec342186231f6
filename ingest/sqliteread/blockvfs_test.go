package sqliteread

import (
	"crypto/sha256"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fill writes rows whose values span overflow pages and several read
// blocks, with content that depends on gen (so that a stale block shows).
func fill(t *testing.T, db *sql.DB, gen int, insert bool) {
	t.Helper()
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	for i := range 200 {
		v := strings.Repeat(fmt.Sprintf("%d-%d;", gen, i), 1+(i*37)%3000) // up to ~30 KB
		q := `UPDATE t SET v = ? WHERE id = ?`
		if insert {
			q = `INSERT INTO t (v, id) VALUES (?, ?)`
		}
		if _, err := tx.Exec(q, v, i); err != nil {
			t.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
}

// digest reads every row of t in one transaction.
func digest(t *testing.T, db *sql.DB) string {
	t.Helper()
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	rows, err := tx.Query(`SELECT id, v FROM t ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	h := sha256.New()
	n := 0
	for rows.Next() {
		var id int
		var v []byte
		if err := rows.Scan(&id, &v); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(h, "%d %d %s\n", id, len(v), v)
		n++
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%d rows %x", n, h.Sum(nil)[:8])
}

// TestBlockVFS: a database read through Open (blockVFS: SQLite's unix VFS
// reading the file in blocks) gives what SQLite's own unix VFS gives, in
// rollback mode, in WAL mode with a writer (through -wal and -shm) and in
// WAL mode without one (immutable), and a reader that stays open sees
// what a writer commits between its transactions: the blocks are dropped
// when SQLite takes and releases its locks, also when a checkpoint rewrites
// the file.
func TestBlockVFS(t *testing.T) {
	for _, mode := range []string{"delete", "wal", "wal-closed"} {
		t.Run(mode, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "x.db")
			w, err := sql.Open("sqlite", "file:"+path)
			if err != nil {
				t.Fatal(err)
			}
			w.SetMaxOpenConns(1)
			defer w.Close()
			if _, err := w.Exec(`PRAGMA journal_mode=` + strings.TrimSuffix(mode, "-closed")); err != nil {
				t.Fatal(err)
			}
			if _, err := w.Exec(`CREATE TABLE t (id INTEGER PRIMARY KEY, v BLOB)`); err != nil {
				t.Fatal(err)
			}
			fill(t, w, 1, true)
			if mode == "wal" {
				// The rows into the database file (the -wal stays, emptied):
				// only the main database file is read in blocks.
				if _, err := w.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
					t.Fatal(err)
				}
			}
			if mode == "wal-closed" {
				w.Close() // the last connection checkpoints and removes -wal
				if _, err := os.Stat(path + "-wal"); err == nil {
					t.Fatal("-wal left after the writer closed")
				}
			}
			unix, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
			if err != nil {
				t.Fatal(err)
			}
			defer unix.Close()
			r, err := Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			before := blockReads.Load()
			want, got := digest(t, unix), digest(t, r)
			if got != want {
				t.Fatalf("through blockVFS %s, through the unix VFS %s", got, want)
			}
			if !strings.HasPrefix(got, "200 rows") {
				t.Fatalf("read %s", got)
			}
			if blockReads.Load() == before {
				t.Fatal("no block read: the database was not read through blockVFS")
			}
			if mode == "wal-closed" {
				return // immutable: nobody writes
			}
			for gen := 2; gen <= 3; gen++ {
				fill(t, w, gen, false)
				if mode == "wal" && gen == 3 {
					// The file itself rewritten under the open reader.
					if _, err := w.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
						t.Fatal(err)
					}
				}
				want, got := digest(t, unix), digest(t, r)
				if got != want {
					t.Fatalf("after write %d: through blockVFS %s, through the unix VFS %s", gen, got, want)
				}
			}
		})
	}
}

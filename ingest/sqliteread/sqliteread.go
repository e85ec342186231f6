// Package sqliteread opens a harness's SQLite store (OpenCode's
// opencode.db, Cursor's chat store.db) for reading only, without ever
// writing to it or creating files next to it.
package sqliteread

import (
	"bytes"
	"database/sql"
	"errors"
	"io"
	"net/url"
	"os"

	_ "modernc.org/sqlite" // database/sql driver "sqlite", pure Go

	"github.com/permsim/permsim/internal/safefile"
)

// sqliteHeader starts every SQLite database file.
var sqliteHeader = []byte("SQLite format 3\x00")

// ErrNotSQLite is returned for a file that is not an SQLite database.
var ErrNotSQLite = errors.New("not an SQLite database")

// Open opens the SQLite database at path so that nothing is ever written
// to it, and so that it can be read while its harness is writing it:
//
//   - mode=ro and query_only: the driver cannot change the database;
//   - busy_timeout: a reader waits out a writer's short lock (rollback
//     journal mode) instead of failing;
//   - a database in WAL mode whose -wal file exists is being written (or
//     was left by a crash): it is opened normally, read-only, through its
//     -wal and -shm, and sees a consistent snapshot;
//   - a database in WAL mode without a -wal file has no writer: SQLite
//     would still create -wal and -shm next to it to read it (even with
//     mode=ro), so it is opened immutable instead, which creates nothing.
//     Should the harness start writing during that read, a checkpoint could
//     change pages under it; the read then fails or misses the newest rows,
//     and the next run, seeing the file changed, reads them.
//
// A -wal file without its -shm (a crashed writer) still makes SQLite
// create the -shm.
func Open(path string) (*sql.DB, error) {
	wal, err := WALMode(path)
	if err != nil {
		return nil, err
	}
	q := url.Values{}
	q.Set("mode", "ro")
	q.Add("_pragma", "query_only(1)")
	q.Add("_pragma", "busy_timeout(5000)")
	if _, err := os.Stat(path + "-wal"); wal && err != nil {
		q.Set("immutable", "1")
	}
	dsn := "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + q.Encode()
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	// One connection: the read transaction and its statements share it.
	db.SetMaxOpenConns(1)
	return db, nil
}

// WALMode reports whether the database at path is in WAL mode, from its
// header: bytes 18 and 19 (the file format's write and read versions) are
// 2 in WAL mode. A file that is not an SQLite database gives ErrNotSQLite.
func WALMode(path string) (bool, error) {
	f, err := safefile.Open(path)
	if err != nil {
		return false, err
	}
	defer f.Close()
	var h [100]byte
	if _, err := io.ReadFull(f, h[:]); err != nil || !bytes.Equal(h[:16], sqliteHeader) {
		return false, ErrNotSQLite
	}
	return h[18] == 2 || h[19] == 2, nil
}

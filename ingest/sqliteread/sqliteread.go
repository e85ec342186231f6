// Package sqliteread opens a harness's SQLite store (OpenCode's
// opencode.db, Cursor's chat store.db) for reading only, without ever
// writing to it or creating files next to it.
package sqliteread

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"

	"modernc.org/sqlite" // database/sql driver "sqlite", pure Go
	sqlite3 "modernc.org/sqlite/lib"

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
//
// The file may be hostile (homes collected from other machines): its
// schema can hold views, triggers and generated columns that run SQL the
// harness never wrote. Triggers do not fire on reads. trusted_schema is
// off, so schema SQL may only call innocuous functions; no string or blob
// may exceed MaxValue (SQLite fails the statement with "string or blob too
// big" instead of building it); and readers check with Plain that the
// tables and columns they read are plain stored data before reading them.
func Open(path string) (*sql.DB, error) {
	wal, err := WALMode(path)
	if err != nil {
		return nil, err
	}
	if err := registerBlockVFS(); err != nil {
		return nil, err
	}
	q := url.Values{}
	q.Set("vfs", blockVFSName)
	q.Set("mode", "ro")
	q.Add("_pragma", "query_only(1)")
	q.Add("_pragma", "busy_timeout(5000)")
	q.Add("_pragma", "trusted_schema(0)")
	if _, err := os.Stat(path + "-wal"); wal && err != nil {
		q.Set("immutable", "1")
	}
	dsn := "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + q.Encode()
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	// One connection, kept for the life of db: the read transaction and
	// its statements share it, and the limit set on it stays in force.
	db.SetMaxOpenConns(1)
	db.SetMaxIdleConns(1)
	db.SetConnMaxLifetime(0)
	db.SetConnMaxIdleTime(0)
	c, err := db.Conn(context.Background())
	if err != nil {
		db.Close()
		return nil, err
	}
	_, err = sqlite.Limit(c, sqlite3.SQLITE_LIMIT_LENGTH, MaxValue)
	c.Close()
	if err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// MaxValue is the largest string or blob a reader lets SQLite build or
// load: well above any record a harness writes (OpenCode's largest part
// files are a few MB), far below what would exhaust memory.
const MaxValue = 128 << 20

// Querier is what Plain needs of a *sql.DB or *sql.Tx.
type Querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// Plain checks that table is an ordinary table (not a view or a virtual
// table) and that none of the columns named is a generated column: what a
// reader selects from it is then stored data, read without running SQL the
// file's author chose. A table that does not exist is not an error here
// (nil), so a reader can tell a missing table on its own; any other
// departure is an error saying what the table is.
func Plain(ctx context.Context, q Querier, table string, cols ...string) error {
	rows, err := q.QueryContext(ctx, `SELECT type, coalesce(sql, '') FROM sqlite_schema WHERE name = ? COLLATE NOCASE AND type IN ('table', 'view')`, table)
	if err != nil {
		return err
	}
	var kind, ddl string
	found := false
	for rows.Next() {
		if err := rows.Scan(&kind, &ddl); err != nil {
			rows.Close()
			return err
		}
		found = true
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	if !found {
		return nil
	}
	if kind != "table" {
		return fmt.Errorf("%s is a %s, not a table: not written by the harness", table, kind)
	}
	if len(ddl) >= 20 && bytes.EqualFold([]byte(ddl[:20]), []byte("CREATE VIRTUAL TABLE")) {
		return fmt.Errorf("%s is a virtual table: not written by the harness", table)
	}
	want := map[string]bool{}
	for _, c := range cols {
		want[c] = true
	}
	// hidden: 0 plain, 1 hidden (virtual tables), 2 generated virtual, 3
	// generated stored.
	rows, err = q.QueryContext(ctx, `SELECT name, hidden FROM pragma_table_xinfo(?)`, table)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var name string
		var hidden int
		if err := rows.Scan(&name, &hidden); err != nil {
			return err
		}
		if hidden != 0 && (want[name] || len(want) == 0) {
			return fmt.Errorf("column %s.%s is a generated column: not written by the harness, not computed", table, name)
		}
	}
	return rows.Err()
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

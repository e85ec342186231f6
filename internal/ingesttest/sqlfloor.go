package ingesttest

import (
	"testing"

	"github.com/permsim/permsim/ingest/sqliteread"
)

// SQLiteFloor is the floor under a SQLite-backed reader, for its
// benchmark: the database at path opened read-only as the reader opens it,
// query run in a transaction with args, and every row scanned into dest
// (as the reader scans it), nothing decoded. It returns the rows scanned.
func SQLiteFloor(b *testing.B, path, query string, args []any, dest ...any) int {
	b.Helper()
	db, err := sqliteread.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	tx, err := db.Begin()
	if err != nil {
		b.Fatal(err)
	}
	defer tx.Rollback()
	rows, err := tx.Query(query, args...)
	if err != nil {
		b.Fatal(err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			b.Fatal(err)
		}
		n++
	}
	if err := rows.Err(); err != nil {
		b.Fatal(err)
	}
	return n
}

package sqliteread

import (
	"context"
	"database/sql"
	"path/filepath"
	"strings"
	"testing"
)

func newDB(t *testing.T, stmts ...string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "x.db")
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, s := range stmts {
		if _, err := db.Exec(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	return path
}

// TestValueLimit: a hostile file's SQL cannot build a string larger than
// MaxValue ("within bounded time and memory", issue 14): SQLite fails the
// statement instead.
func TestValueLimit(t *testing.T) {
	db, err := Open(newDB(t, `CREATE TABLE t (x)`))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int64
	err = db.QueryRow(`SELECT length(printf('%.*c', ?, 'x'))`, MaxValue+1).Scan(&n)
	if err == nil || !strings.Contains(err.Error(), "too big") {
		t.Errorf("a %d-byte string: n=%d err=%v, want string or blob too big", MaxValue+1, n, err)
	}
	if err := db.QueryRow(`SELECT length(printf('%.*c', 1000, 'x'))`).Scan(&n); err != nil || n != 1000 {
		t.Errorf("a small string: %d %v", n, err)
	}
}

// TestPlain: what a reader selects must be stored data: tables, not views
// or virtual tables; columns, not generated ones.
func TestPlain(t *testing.T) {
	path := newDB(t,
		`CREATE TABLE plain (id TEXT, data TEXT)`,
		`CREATE TABLE gen (id TEXT, raw TEXT, data TEXT GENERATED ALWAYS AS (raw || 'x') VIRTUAL, s TEXT AS (raw) STORED)`,
		`CREATE VIEW v AS SELECT 1 AS id`,
	)
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	for _, tc := range []struct {
		table string
		cols  []string
		want  string // "" for no error
	}{
		{"plain", []string{"id", "data"}, ""},
		{"missing", []string{"id"}, ""},
		{"gen", []string{"id", "raw"}, ""},
		{"gen", []string{"id", "data"}, "gen.data is a generated column"},
		{"gen", []string{"s"}, "gen.s is a generated column"},
		{"v", []string{"id"}, "v is a view"},
		{"sqlite_schema", nil, ""},
	} {
		err := Plain(ctx, db, tc.table, tc.cols...)
		if (err == nil) != (tc.want == "") || (err != nil && !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("Plain(%s, %v) = %v, want %q", tc.table, tc.cols, err, tc.want)
		}
	}
}

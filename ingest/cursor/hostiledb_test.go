package cursor

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/permsim/permsim/internal/ingesttest"
)

// TestHostileStore: issue 14, a hostile SQLite file "whose generated
// column builds huge strings" must become "a clear problem with file …
// within bounded time and memory". Chat A's blobs.data made a generated
// column (900 MB per row read) is reported, without being computed, and
// chat B's calls are still read.
func TestHostileStore(t *testing.T) {
	home := filepath.Join(t.TempDir(), "home")
	ingesttest.CopyTree(t, synthHome, home)
	a := filepath.Join(home, chatA)
	db := ingesttest.WriteDB(t, a)
	for _, s := range []string{
		`CREATE TABLE b2 AS SELECT * FROM blobs`,
		`DROP TABLE blobs`,
		// SQLite computes a generated column on insert too: the rows go in
		// with a cheap expression, then the schema is rewritten.
		`CREATE TABLE blobs (id TEXT PRIMARY KEY, raw BLOB, data BLOB GENERATED ALWAYS AS (raw || 'cheap') VIRTUAL)`,
		`INSERT INTO blobs (id, raw) SELECT id, data FROM b2`,
		`DROP TABLE b2`,
		`PRAGMA writable_schema = ON`,
		`UPDATE sqlite_schema SET sql = replace(sql, '(raw || ''cheap'')', '(printf(''%.*c'', 900000000, ''x'') || raw)') WHERE name = 'blobs'`,
	} {
		ingesttest.Exec(t, db, s)
	}
	db.Close()
	start := time.Now()
	sink, _ := readHome(t, home, nil)
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("read took %v", d)
	}
	found := false
	for _, p := range sink.Problems {
		if p.File == a && strings.Contains(p.Msg, "generated column") {
			found = true
		}
	}
	if !found {
		t.Errorf("problems %v, want one on %s naming the generated column", sink.Problems, a)
	}
	if len(sink.Rows) == 0 {
		t.Error("chat B's calls must still be read")
	}
}

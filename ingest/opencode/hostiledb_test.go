package opencode

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/permsim/permsim/internal/ingesttest"
)

// hostileHome copies the real rules home and rebuilds its database's part
// table through the statements given, keeping its rows.
func hostileHome(t *testing.T, stmts ...string) (home, dbPath string) {
	t.Helper()
	home, db := copyHome(t, realRules)
	for _, s := range stmts {
		ingesttest.Exec(t, db, s)
	}
	db.Close()
	return home, filepath.Join(home, realDBRel)
}

// peakRSS is the process's peak resident size (VmHWM), in bytes; 0 when
// /proc cannot tell.
func peakRSS() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "VmHWM:" {
			var kb int64
			for _, c := range f[1] {
				kb = kb*10 + int64(c-'0')
			}
			return kb << 10
		}
	}
	return 0
}

// TestHostileDatabase: issue 14, "a hostile opencode.db whose generated
// column builds huge strings … size caps with a clear message", within
// bounded time and memory. A database OpenCode wrote has plain tables; one
// whose part, message or session columns are computed on read, whose part
// table is a view, or whose part rows hold values too large to be a part,
// is reported as a problem naming the file — quickly, without building the
// strings — and the rest of the run goes on.
func TestHostileDatabase(t *testing.T) {
	clearEnv(t)
	const huge = `printf('%.*c', 900000000, 'x')` // 900 MB per row read
	rebuild := func(cols string) []string {
		return []string{
			`CREATE TABLE part2 AS SELECT * FROM part`,
			`DROP TABLE part`,
			`CREATE TABLE part (id TEXT PRIMARY KEY, message_id TEXT NOT NULL, session_id TEXT NOT NULL, time_created INTEGER, time_updated INTEGER, ` + cols + `)`,
		}
	}
	cases := []struct {
		name  string
		stmts []string
		want  string // in the problem's message
		calls int    // rows still read
	}{
		// SQLite computes a generated column on insert too: the rows go
		// in with a cheap expression, then the schema is rewritten.
		{"generated data column", append(rebuild(`raw TEXT, data TEXT GENERATED ALWAYS AS (raw || 'cheap') VIRTUAL`),
			`INSERT INTO part (id, message_id, session_id, time_created, time_updated, raw) SELECT id, message_id, session_id, time_created, time_updated, data FROM part2`,
			`PRAGMA writable_schema = ON`,
			`UPDATE sqlite_schema SET sql = replace(sql, '(raw || ''cheap'')', '(`+strings.ReplaceAll(huge, "'", "''")+` || raw)') WHERE name = 'part'`),
			"generated", 0},
		{"generated session column", []string{
			`ALTER TABLE session RENAME COLUMN directory TO dir0`,
			`ALTER TABLE session ADD COLUMN directory TEXT GENERATED ALWAYS AS (` + huge + `) VIRTUAL`},
			"generated", 0},
		{"part is a view", []string{
			`ALTER TABLE part RENAME TO part0`,
			`CREATE VIEW part AS WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT p.rowid AS rowid, p.* FROM r, part0 p`},
			"not an OpenCode database", 0},
		{"trigger", []string{
			`CREATE TRIGGER t AFTER UPDATE ON part BEGIN SELECT ` + huge + `; END`},
			"", 6},
		{"huge stored part", []string{
			`INSERT INTO part (id, message_id, session_id, time_created, time_updated, data) SELECT 'prt_zzzhuge', message_id, session_id, time_created, time_updated, '{"type":"tool","callID":"x",' || printf('%.*c', 2000000, ' ') || '}' FROM part LIMIT 1`},
			"too large", 6},
	}
	// The huge stored part is 2 MB over a cap of 1 MB: writing 64 MB
	// into a test database takes seconds.
	defer func(n int64) { maxPartRow = n }(maxPartRow)
	maxPartRow = 1 << 20
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			home, dbPath := hostileHome(t, tc.stmts...)
			before := peakRSS()
			start := time.Now()
			sink, _ := readHome(t, home, nil)
			t.Logf("read in %v", time.Since(start))
			if d := time.Since(start); d > 20*time.Second {
				t.Errorf("read took %v", d)
			}
			if grew := peakRSS() - before; before > 0 && grew > 400<<20 {
				t.Errorf("peak memory grew by %d MB", grew>>20)
			}
			if len(sink.Rows) != tc.calls {
				t.Errorf("rows: %d, want %d", len(sink.Rows), tc.calls)
			}
			if tc.want == "" {
				if len(sink.Problems) != 0 {
					t.Errorf("problems: %v, want none", sink.Problems)
				}
				return
			}
			found := false
			for _, p := range sink.Problems {
				if p.File == dbPath && strings.Contains(p.Msg, tc.want) {
					found = true
				}
			}
			if !found {
				t.Errorf("problems %v, want one on %s saying %q", sink.Problems, dbPath, tc.want)
			}
		})
	}
}

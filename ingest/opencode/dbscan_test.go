package opencode

import (
	"slices"
	"strings"
	"testing"

	"github.com/permsim/permsim/ingest/sqliteread"
	"github.com/permsim/permsim/internal/ingesttest"
)

// oldPartSQL is the part query as it was before the "callID" filter moved
// from SQL's instr into Go (scan's toolOnly): the oracle for which rows are
// read and how a row that cannot be scanned is reported.
const oldPartSQL = `SELECT rowid, id, message_id, session_id,
	CASE WHEN octet_length(data) <= ? THEN data END, octet_length(data) FROM part
	WHERE rowid > ? AND (octet_length(data) > ? OR instr(data, '"callID"') > 0) ORDER BY rowid`

// TestPartFilterMatchesSQL: part rows of every storage class and NULL
// where OpenCode never writes one. The rows the reader reports as
// unreadable must be those the old SQL filter returned and database/sql
// could not scan into the old types, with database/sql's own message;
// a row the old filter dropped must raise nothing; a tool part stored as
// a BLOB is read as its text was.
func TestPartFilterMatchesSQL(t *testing.T) {
	clearEnv(t)
	const tool = `'{"type":"tool","callID":"call_blob","tool":"bash","state":{"status":"completed","input":{"command":"ls"},"output":"x","metadata":{"exit":0},"time":{"start":1772445600000,"end":1772445600500}}}'`
	home, dbPath := hostileHome(t,
		`CREATE TABLE part2 AS SELECT * FROM part`,
		`DROP TABLE part`,
		`CREATE TABLE part (id TEXT, message_id TEXT, session_id TEXT, time_created INTEGER, time_updated INTEGER, data)`,
		`INSERT INTO part SELECT * FROM part2`,
		`INSERT INTO part SELECT NULL, message_id, session_id, 1, 1, `+tool+` FROM part2 LIMIT 1`,
		`INSERT INTO part SELECT 'prt_nomsg', NULL, session_id, 1, 1, `+tool+` FROM part2 LIMIT 1`,
		`INSERT INTO part SELECT 'prt_nosess', message_id, NULL, 1, 1, `+tool+` FROM part2 LIMIT 1`,
		`INSERT INTO part SELECT NULL, NULL, NULL, 1, 1, NULL FROM part2 LIMIT 1`,
		`INSERT INTO part SELECT NULL, NULL, NULL, 1, 1, 5 FROM part2 LIMIT 1`,
		`INSERT INTO part SELECT NULL, NULL, NULL, 1, 1, 2.5 FROM part2 LIMIT 1`,
		`INSERT INTO part SELECT NULL, message_id, session_id, 1, 1, '{"type":"text","text":"no call here"}' FROM part2 LIMIT 1`,
		`INSERT INTO part SELECT NULL, message_id, session_id, 1, 1, X'FF' || CAST('"callID"' AS BLOB) FROM part2 LIMIT 1`,
		`INSERT INTO part SELECT 'prt_blob', message_id, session_id, 1, 1, CAST(`+tool+` AS BLOB) FROM part2 LIMIT 1`,
		`INSERT INTO part SELECT 'prt_empty', message_id, session_id, 1, 1, '' FROM part2 LIMIT 1`,
	)

	// The oracle: the old query, scanned into the old types.
	db, err := sqliteread.Open(dbPath)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := db.Query(oldPartSQL, maxPartRow, 0, maxPartRow)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	returned := 0
	for rows.Next() {
		returned++
		var rowid, size int64
		var id, msgID, sessID string
		var data []byte
		if err := rows.Scan(&rowid, &id, &msgID, &sessID, &data, &size); err != nil {
			want = append(want, "unreadable part row skipped: "+err.Error())
		}
	}
	rows.Close()
	db.Close()
	if len(want) != 4 { // the NULL id, message_id, session_id and the X'FF' row's NULL id
		t.Fatalf("oracle: %d unscannable rows of %d, want 4: %v", len(want), returned, want)
	}

	sink, _ := readHome(t, home, nil)
	var got []string
	for _, p := range sink.Problems {
		if p.File == dbPath && strings.HasPrefix(p.Msg, "unreadable part row skipped: ") {
			got = append(got, p.Msg)
		} else {
			t.Errorf("unexpected problem %v", p)
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("unreadable rows reported:\n%q\nwant (database/sql on the old query):\n%q", got, want)
	}
	if len(sink.Rows) != 7 || ingesttest.ByCallID(ingesttest.KeepOriginals(sink.Rows))["call_blob"].CallID != "call_blob" {
		t.Errorf("rows: %d, want the 6 of the home and call_blob", len(sink.Rows))
	}
}

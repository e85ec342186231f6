package opencode

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"sort"

	json "github.com/goccy/go-json"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/ingest/sqliteread"
)

// dbStateVersion changes whenever dbState changes shape; a manifest entry
// of another version makes the database be read whole again.
const dbStateVersion = 1

// dbState is what the manifest keeps of one database between runs.
type dbState struct {
	ingest.StateHeader
	// MaxRow is the high-water mark: the largest part rowid when last
	// read. Rows above it are new.
	MaxRow int64 `json:"max_row"`
	// Seq counts the tool parts numbered so far in each session.
	Seq map[string]int64 `json:"seq,omitempty"`
	// Open maps the id of each tool part that could still change (pending
	// or running) to its number; those rows are read again by id. A part
	// that was final is never read again.
	Open map[string]int64 `json:"open,omitempty"`
	// V2Rows is how many session_message rows were last reported unread.
	V2Rows int64 `json:"v2_rows,omitempty"`
}

func decodeDBState(b []byte) *dbState {
	st, _ := ingest.DecodeState[dbState](b, dbStateVersion)
	return st
}

func (st *dbState) encode() []byte { return ingest.EncodeState(st, dbStateVersion) }

// maxPartRow is the largest part row read, as MaxRecordFile is for a
// part file (a variable so that a test need not write 64 MB).
var maxPartRow int64 = MaxRecordFile

// maxCached bounds the messages and sessions kept in memory while reading;
// parts come in insertion order, so a message's parts are close together.
const maxCached = 20000

// readDatabase reads one database group: the database file and, when it
// exists, its -wal file (whose state is only its size and time: a change
// there is a change of the database).
func readDatabase(ctx context.Context, files []ingest.File, prev map[string]ingest.FileState, sink ingest.Sink) (map[string]ingest.FileState, error) {
	return sqliteread.ReadGroup(ctx, files, prev, sink, sqliteread.Incremental[dbState]{
		What: "database", Decode: decodeDBState, Encode: (*dbState).encode, Read: readDB,
	})
}

// dbReader reads the tool parts of one database inside one read
// transaction, looking up each part's message and session.
type dbReader struct {
	path     string
	tx       *sql.Tx
	sink     ingest.Sink
	st       *dbState
	prevMax  int64
	msgStmt  *sql.Stmt
	sessStmt *sql.Stmt
	msgs     map[string]*message
	sessions map[string]*session
}

// readDB reads the parts new since old (all of them when old is nil) and
// returns the new state.
func readDB(ctx context.Context, tx *sql.Tx, path string, old *dbState, sink ingest.Sink) (*dbState, error) {
	tables, err := tableColumns(ctx, tx)
	if err != nil {
		return nil, err
	}
	for _, t := range []string{"part", "message", "session"} {
		if tables[t] == nil {
			return nil, fmt.Errorf("no %s table: not an OpenCode database", t)
		}
	}
	// A hostile file could make what is read here computed on read (a
	// generated column building huge strings): only plain stored data
	// is read.
	for t, cols := range map[string][]string{
		"part":    {"id", "message_id", "session_id", "data"},
		"message": {"id", "session_id", "data"},
		"session": {"id", "parent_id", "directory", "version", "time_created"},
	} {
		if err := sqliteread.Plain(ctx, tx, t, cols...); err != nil {
			return nil, fmt.Errorf("not an OpenCode database: %w", err)
		}
	}
	var maxRow sql.NullInt64
	if err := tx.QueryRowContext(ctx, `SELECT max(rowid) FROM part`).Scan(&maxRow); err != nil {
		return nil, err
	}
	if old != nil && maxRow.Int64 < old.MaxRow {
		// Rowids went down: the table was rebuilt (VACUUM renumbers the
		// rows of a table keyed by text). The high-water mark means
		// nothing any more; read it all again.
		old = nil
	}
	st := &dbState{Seq: map[string]int64{}, Open: map[string]int64{}}
	if old != nil {
		st.Seq, st.Open, st.V2Rows = nonNil(old.Seq), nonNil(old.Open), old.V2Rows
		st.MaxRow = old.MaxRow
	}

	r := &dbReader{path: path, tx: tx, sink: sink, st: st, prevMax: st.MaxRow,
		msgs: map[string]*message{}, sessions: map[string]*session{}}
	if r.msgStmt, err = tx.PrepareContext(ctx, `SELECT session_id, data FROM message WHERE id = ?`); err != nil {
		return nil, err
	}
	sessSQL := `SELECT ` + columnOr(tables["session"], "parent_id") + `, ` + columnOr(tables["session"], "directory") +
		`, ` + columnOr(tables["session"], "version") + `, ` + columnOr(tables["session"], "time_created") +
		` FROM session WHERE id = ?`
	if r.sessStmt, err = tx.PrepareContext(ctx, sessSQL); err != nil {
		return nil, err
	}

	// New rows, in insertion order. `"callID"` with its quotes appears in a
	// tool part's JSON and nowhere else (inside a JSON string the quotes
	// would be escaped), so only the parts holding it are decoded (scan's
	// toolOnly). That test runs in Go, not as SQL's instr (a byte-at-a-time
	// loop that was 12% of the read): see partSQL.
	// A part too large to be one (maxPartRow) is not loaded: its size
	// alone is read, and it is reported.
	rows, err := tx.QueryContext(ctx, partSQL+` WHERE rowid > ? ORDER BY rowid`, maxPartRow, st.MaxRow)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	if err := r.scan(ctx, rows, seen, true); err != nil {
		return nil, err
	}
	// The parts that could still change: read again by id.
	var open []string
	for id := range st.Open {
		if !seen[id] {
			open = append(open, id)
		}
	}
	sort.Strings(open)
	for _, id := range open {
		rows, err := tx.QueryContext(ctx, partSQL+` WHERE id = ?`, maxPartRow, id)
		if err != nil {
			return nil, err
		}
		if err := r.scan(ctx, rows, seen, false); err != nil {
			return nil, err
		}
		if !seen[id] {
			delete(st.Open, id) // gone (a revert deletes parts): nothing left to wait for
		}
	}
	st.MaxRow = max(st.MaxRow, maxRow.Int64)

	if tables["session_message"] != nil {
		var n int64
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM session_message`).Scan(&n); err == nil && n > st.V2Rows {
			sink.Problem(ingest.Problem{File: path, Msg: fmt.Sprintf(
				"%d rows of the session_message table (OpenCode's newer message model) are not read: their format is not known yet", n)})
			st.V2Rows = n
		}
	}
	return st, nil
}

func nonNil(m map[string]int64) map[string]int64 {
	if m == nil {
		return map[string]int64{}
	}
	return m
}

// partSQL selects a part row: its data is loaded only when it is no
// larger than its first argument (its size alone is read otherwise), and
// as a BLOB, which the driver hands over as the []byte that sql.RawBytes
// keeps (a TEXT value took two copies: to a string, then to []byte).
// CAST only relabels the bytes of a TEXT value.
const partSQL = `SELECT rowid, id, message_id, session_id,
	CAST(CASE WHEN octet_length(data) <= ? THEN data END AS BLOB), octet_length(data) FROM part`

// callIDKey is in every tool part's data; see readDB.
var callIDKey = []byte(`"callID"`)

// scan handles the part rows of one query. toolOnly skips, as if the
// query had not returned them, the rows of a size that was loaded and
// without callIDKey: they are not tool parts.
func (r *dbReader) scan(ctx context.Context, rows *sql.Rows, seen map[string]bool, toolOnly bool) error {
	defer rows.Close()
	var n int
	var data sql.RawBytes // valid until the next rows.Next: used only within this iteration
	for rows.Next() {
		if n++; n&255 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		var rowid int64
		var idN, msgN, sessN sql.NullString
		var sizeN sql.NullInt64
		// NULL-able types, so that a row the filter drops is dropped
		// silently whatever it holds (the filter was SQL, before any Scan).
		if err := rows.Scan(&rowid, &idN, &msgN, &sessN, &data, &sizeN); err != nil {
			r.sink.Problem(ingest.Problem{File: r.path, Msg: "unreadable part row skipped: " + err.Error()})
			continue
		}
		if toolOnly && (!sizeN.Valid || sizeN.Int64 <= maxPartRow && !bytes.Contains(data, callIDKey)) {
			continue
		}
		// A NULL where a string or a size must be is the error database/sql
		// gave when this scanned into string and int64.
		if err := nullColumn(idN.Valid, msgN.Valid, sessN.Valid, sizeN.Valid); err != "" {
			r.sink.Problem(ingest.Problem{File: r.path, Msg: "unreadable part row skipped: " + err})
			continue
		}
		id, msgID, sessID, size := idN.String, msgN.String, sessN.String, sizeN.Int64
		r.sink.Bytes(int64(len(data)))
		seen[id] = true
		if size > maxPartRow {
			r.sink.Problem(ingest.Problem{File: r.path, Line: rowid, Msg: fmt.Sprintf(
				"part %s is too large (%.1f MB, more than %.1f MB), skipped", id, float64(size)/(1<<20), float64(maxPartRow)/(1<<20))})
			delete(r.st.Open, id)
			continue
		}
		seq, open := r.st.Open[id]
		if rowid <= r.prevMax && !open {
			continue // final when last read: its row is written already
		}
		var p part
		if err := json.Unmarshal(data, &p); err != nil {
			r.sink.Problem(ingest.Problem{File: r.path, Line: rowid, Msg: fmt.Sprintf("part %s is not valid JSON, skipped: %v", id, err)})
			delete(r.st.Open, id)
			continue
		}
		if p.Type != "tool" {
			continue
		}
		p.ID, p.MessageID, p.SessionID, p.raw = id, msgID, sessID, data
		if !open {
			r.st.Seq[sessID]++
			seq = r.st.Seq[sessID]
		}
		m, err := r.message(msgID)
		if err != nil {
			return err
		}
		s, err := r.session(sessID)
		if err != nil {
			return err
		}
		if p.isCall() {
			r.sink.Row(buildRow(&p, m, s, seq, where{file: r.path, offset: rowid, store: "0"}))
		}
		if p.final() {
			delete(r.st.Open, id)
		} else {
			r.st.Open[id] = seq
		}
	}
	return rows.Err()
}

// nullColumn returns database/sql's message for the first of a part row's
// id, message_id, session_id and size columns that is NULL, or "".
func nullColumn(valid ...bool) string {
	names := [...]string{"id", "message_id", "session_id", "octet_length(data)"}
	for i, ok := range valid {
		if !ok {
			kind := "string"
			if i == 3 {
				kind = "int64"
			}
			return fmt.Sprintf("sql: Scan error on column index %d, name %q: converting NULL to %s is unsupported", i+1, names[i], kind)
		}
	}
	return ""
}

// message looks a message up by id (nil when there is none, or when its
// data cannot be read: the part is still worth a row).
func (r *dbReader) message(id string) (*message, error) {
	if m, ok := r.msgs[id]; ok {
		return m, nil
	}
	if len(r.msgs) >= maxCached {
		clear(r.msgs)
	}
	var sess string
	var data []byte
	err := r.msgStmt.QueryRow(id).Scan(&sess, &data)
	if err == sql.ErrNoRows {
		r.msgs[id] = nil
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var raw rawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		r.sink.Problem(ingest.Problem{File: r.path, Msg: fmt.Sprintf("message %s is not valid JSON; its calls have no mode: %v", id, err)})
		r.msgs[id] = nil
		return nil, nil
	}
	m := raw.message()
	m.ID, m.SessionID = id, sess
	r.msgs[id] = &m
	return &m, nil
}

// session looks a session up by id (nil when there is none).
func (r *dbReader) session(id string) (*session, error) {
	if s, ok := r.sessions[id]; ok {
		return s, nil
	}
	if len(r.sessions) >= maxCached {
		clear(r.sessions)
	}
	var parent, dir, version sql.NullString
	var created sql.NullInt64
	err := r.sessStmt.QueryRow(id).Scan(&parent, &dir, &version, &created)
	if err == sql.ErrNoRows {
		r.sessions[id] = nil
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	s := &session{ID: id, ParentID: parent.String, Directory: dir.String, Version: version.String, Created: created.Int64}
	r.sessions[id] = s
	return s, nil
}

// tableColumns lists the database's tables and their columns, so that a
// column a newer or older OpenCode lacks reads as NULL, not as an error.
func tableColumns(ctx context.Context, tx *sql.Tx) (map[string]map[string]bool, error) {
	rows, err := tx.QueryContext(ctx, `SELECT name FROM sqlite_master WHERE type = 'table'`)
	if err != nil {
		return nil, err
	}
	var names []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			rows.Close()
			return nil, err
		}
		names = append(names, n)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	out := map[string]map[string]bool{}
	for _, n := range names {
		if n != "part" && n != "message" && n != "session" && n != "session_message" {
			continue
		}
		cols := map[string]bool{}
		crows, err := tx.QueryContext(ctx, `SELECT name FROM pragma_table_info(?)`, n)
		if err != nil {
			return nil, err
		}
		for crows.Next() {
			var c string
			if err := crows.Scan(&c); err == nil {
				cols[c] = true
			}
		}
		crows.Close()
		out[n] = cols
	}
	return out, nil
}

// columnOr returns the column name when the table has it, else NULL.
func columnOr(cols map[string]bool, name string) string {
	if cols[name] {
		return name
	}
	return "NULL"
}

package queries

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/duckdb/duckdb-go/v2"

	"github.com/permsim/permsim/internal/secrets"
)

// oneQueryHint is what every refusal of checkOneQuery ends with.
const oneQueryHint = "permsim sql runs one query that only reads (SELECT, WITH … SELECT, FROM …, VALUES, DESCRIBE, SUMMARIZE, SHOW); it changes nothing in the store or anywhere else"

// multiStatementMessage is the text of duckdb-go's error when Conn.Prepare
// is handed more than one statement (it prepares none of them then).
const multiStatementMessage = "missing context for multi-statement query"

// statementNames names DuckDB's statement types in refusals.
var statementNames = map[duckdb.StmtType]string{
	duckdb.STATEMENT_TYPE_INSERT:       "INSERT",
	duckdb.STATEMENT_TYPE_UPDATE:       "UPDATE",
	duckdb.STATEMENT_TYPE_EXPLAIN:      "EXPLAIN",
	duckdb.STATEMENT_TYPE_DELETE:       "DELETE",
	duckdb.STATEMENT_TYPE_PREPARE:      "PREPARE",
	duckdb.STATEMENT_TYPE_CREATE:       "CREATE",
	duckdb.STATEMENT_TYPE_EXECUTE:      "EXECUTE",
	duckdb.STATEMENT_TYPE_ALTER:        "ALTER",
	duckdb.STATEMENT_TYPE_TRANSACTION:  "transaction",
	duckdb.STATEMENT_TYPE_COPY:         "COPY",
	duckdb.STATEMENT_TYPE_ANALYZE:      "ANALYZE",
	duckdb.STATEMENT_TYPE_VARIABLE_SET: "SET VARIABLE",
	duckdb.STATEMENT_TYPE_CREATE_FUNC:  "CREATE FUNCTION",
	duckdb.STATEMENT_TYPE_DROP:         "DROP",
	duckdb.STATEMENT_TYPE_EXPORT:       "EXPORT",
	duckdb.STATEMENT_TYPE_PRAGMA:       "PRAGMA",
	duckdb.STATEMENT_TYPE_VACUUM:       "VACUUM",
	duckdb.STATEMENT_TYPE_CALL:         "CALL",
	duckdb.STATEMENT_TYPE_SET:          "SET",
	duckdb.STATEMENT_TYPE_LOAD:         "INSTALL or LOAD",
	duckdb.STATEMENT_TYPE_EXTENSION:    "extension",
	duckdb.STATEMENT_TYPE_ATTACH:       "ATTACH",
	duckdb.STATEMENT_TYPE_DETACH:       "DETACH",
	duckdb.STATEMENT_TYPE_MULTI:        "multi-part",
}

// checkOneQuery lets sqlText through only when DuckDB's own parser finds
// exactly one statement in it and DuckDB types that statement a SELECT
// (WITH … SELECT, FROM …, VALUES, DESCRIBE, SUMMARIZE and SHOW are parsed
// as one). A text split by hand, or a list of forbidden words, would miss a
// statement hidden after a comment or a second one after a SELECT (issue
// 27: `SELECT 1; COPY … TO '<store>/…'` ran both); DuckDB's typing of its
// own parse cannot.
//
// Two steps, neither of which runs the statement. First json_serialize_sql
// parses the text without binding it (binding alone has effects: an EXPORT
// DATABASE creates its folder when it is prepared) and serializes SELECT
// statements only. Then duckdb-go's Conn.Prepare extracts the statements
// again, refuses more than one without running any, and prepares the one,
// whose type DuckDB gives after its own rewrites (a PRAGMA that becomes a
// query). EXPLAIN is refused, because EXPLAIN ANALYZE runs the statement it
// explains, whatever its kind.
func checkOneQuery(conn *sql.Conn, sqlText string) error {
	var parsed sql.NullString
	if err := conn.QueryRowContext(context.Background(), "SELECT json_serialize_sql($1::VARCHAR)::VARCHAR", sqlText).Scan(&parsed); err != nil {
		return err
	}
	var p struct {
		Error      bool              `json:"error"`
		ErrorType  string            `json:"error_type"`
		Message    string            `json:"error_message"`
		Statements []json.RawMessage `json:"statements"`
	}
	if err := json.Unmarshal([]byte(parsed.String), &p); err != nil {
		return fmt.Errorf("queries: reading DuckDB's parse of the statement: %w", err)
	}
	switch {
	case p.Error && p.ErrorType == "not implemented":
		// "Only SELECT statements can be serialized to json!"
		return fmt.Errorf("the text holds a statement that is not a query (COPY, CREATE, SET, ATTACH, …), so nothing ran: %s", oneQueryHint)
	case p.Error && p.ErrorType == "parser":
		// A syntax error: Prepare below gives DuckDB's own message, with
		// its position, and binds nothing of a text it cannot parse.
	case p.Error:
		// Not a syntax error and not a refusal for the statement's kind:
		// nothing says the text is one query, so it is not prepared
		// either (preparing some kinds has effects).
		return fmt.Errorf("DuckDB could not read the statement (%s: %s), so nothing ran: %s", p.ErrorType, p.Message, oneQueryHint)
	case len(p.Statements) != 1:
		return fmt.Errorf("%d statements given, so nothing ran: %s", len(p.Statements), oneQueryHint)
	}
	return conn.Raw(func(dc any) error {
		c, ok := dc.(*duckdb.Conn)
		if !ok {
			return fmt.Errorf("queries: driver connection is %T, not DuckDB's", dc)
		}
		st, err := c.Prepare(sqlText)
		if err != nil {
			if strings.Contains(err.Error(), multiStatementMessage) {
				return fmt.Errorf("more than one statement given, so nothing ran: %s", oneQueryHint)
			}
			return sqlError(err, sqlText)
		}
		defer st.Close()
		if p.Error {
			return fmt.Errorf("DuckDB could not parse the statement (%s): %s", p.Message, oneQueryHint)
		}
		s, ok := st.(*duckdb.Stmt)
		if !ok {
			return fmt.Errorf("queries: prepared statement is %T, not DuckDB's", st)
		}
		typ, err := s.StatementType()
		if err != nil {
			return err
		}
		if typ != duckdb.STATEMENT_TYPE_SELECT {
			name, ok := statementNames[typ]
			if !ok {
				name = fmt.Sprintf("type %d", typ)
			}
			return fmt.Errorf("a %s statement given, so nothing ran: %s", name, oneQueryHint)
		}
		return nil
	})
}

// badUTF8 matches DuckDB's error for a Parquet part holding text that is
// not UTF-8, and takes the part's path from it.
var badUTF8 = regexp.MustCompile(`Invalid string encoding found in Parquet file "([^"]*)"`)

// explainBadUTF8 turns DuckDB's refusal of a part holding text that is not
// UTF-8 into what happened and how to heal the store. Such a part was
// written by a permsim older than issue 27's fix (ingest now stores those
// bytes as U+FFFD and marks the row text_repaired); ingesting into the
// same store again does not rewrite it, because its transcripts are
// unchanged, so the store is healed by ingesting into a fresh folder. The
// value DuckDB quotes is masked: it is a command, which may hold a
// credential.
func explainBadUTF8(err error) error {
	if err == nil {
		return nil
	}
	m := badUTF8.FindStringSubmatch(err.Error())
	if m == nil {
		return err
	}
	return fmt.Errorf("%s: this part holds text that is not UTF-8, written by an older permsim from a transcript with such bytes; DuckDB reads none of the table while it is there. "+
		"Heal the store by ingesting into a fresh --out (permsim ingest --out NEW, then permsim replay --out NEW), which stores those bytes as U+FFFD; re-ingesting into this store does not rewrite the part (%s)",
		m[1], secrets.MaskString(firstLine(err.Error())))
}

package queries

import (
	"bufio"
	"context"
	"encoding/csv"
	"encoding/hex"
	"fmt"
	"io"
	"maps"
	"math"
	"math/big"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/duckdb/duckdb-go/v2"

	"github.com/permsim/permsim/internal/secrets"
	"github.com/permsim/permsim/internal/textsafe"
)

// QueryFormats lists the output formats Query accepts.
var QueryFormats = []string{"table", "csv", "json"}

// Query runs one SQL text (the last statement's rows are printed) against
// the views and writes the result to w in format:
//
//   - "table": a header line, a line of dashes, then one line per row, columns
//     aligned (numbers to the right); NULL prints as NULL, lists as [a, b],
//     structs as {k: v}, times in RFC 3339, and a line break inside a
//     value as \n so every row stays on one line. The whole result is
//     held in memory to align it.
//   - "csv": RFC 4180 with a header row; NULL is an empty field, lists and
//     structs are JSON text, times RFC 3339.
//   - "json": JSON Lines, one object per row with the columns in order;
//     NULL is null, lists are arrays, structs objects, times RFC 3339
//     strings, DATE columns "2006-01-02".
//
// A SQL error is returned with DuckDB's own message; when the SQL names a
// remote location (s3://, https://, …) the error also wraps ErrRemotePath.
//
// Credentials in text values (tokens, keys, passwords in URLs: see
// internal/secrets) are masked; QueryWith with ShowSecrets prints them.
func (d *DB) Query(ctx context.Context, sqlText string, w io.Writer, format string) error {
	return d.QueryWith(ctx, sqlText, w, format, QueryOptions{})
}

// QueryOptions shapes Query's output.
type QueryOptions struct {
	ShowSecrets bool // print credentials as stored instead of masking them
	// Width, when above 0, is the widest line the "table" format may
	// print (the terminal's width): the widest text columns are narrowed,
	// down to 12 characters or their header, and a value longer than its
	// column is cut at a word and ends in "…"; numbers are never cut. 0
	// prints every value whole (a pipe or a file).
	Width int
}

// QueryWith is Query with options.
func (d *DB) QueryWith(ctx context.Context, sqlText string, w io.Writer, format string, opts QueryOptions) error {
	switch format {
	case "table", "csv", "json":
	default:
		return fmt.Errorf("unknown format %q (want table, csv or json)", format)
	}
	conn, err := d.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if err := checkOneQuery(conn, sqlText); err != nil {
		return err
	}
	rows, err := conn.QueryContext(ctx, sqlText)
	if err != nil {
		return sqlError(err, sqlText)
	}
	defer rows.Close()
	cts, err := rows.ColumnTypes()
	if err != nil {
		return err
	}
	cols := make([]column, len(cts))
	for i, ct := range cts {
		cols[i] = column{name: ct.Name(), typ: ct.DatabaseTypeName()}
	}
	bw := bufio.NewWriter(w)
	var out rowWriter
	switch format {
	case "table":
		out = &tableWriter{w: bw, cols: cols, width: opts.Width}
	case "csv":
		out = newCSVWriter(bw, cols)
	case "json":
		out = &jsonWriter{w: bw, cols: cols}
	}
	err = scanEach(rows, len(cols), func(vals []any) error {
		if !opts.ShowSecrets {
			for i, v := range vals {
				vals[i] = maskValue(v)
			}
		}
		return out.row(vals)
	})
	if err != nil {
		return err
	}
	if err := rows.Err(); err != nil {
		return sqlError(err, sqlText)
	}
	if err := out.flush(); err != nil {
		return err
	}
	return bw.Flush()
}

// sqlError keeps DuckDB's message and adds the reason a remote location
// cannot work, because DuckDB's own words ("Install it first using INSTALL
// httpfs") send the user after something permsim cannot do offline.
func sqlError(err error, sqlText string) error {
	err = explainBadUTF8(err)
	lower := strings.ToLower(sqlText)
	for _, s := range remoteSchemes {
		// Remote files need the httpfs extension, which permsim does not
		// link; under lockDown DuckDB refuses the path before saying so.
		msg := strings.ToLower(err.Error())
		if strings.Contains(lower, "'"+s) && (strings.Contains(msg, "httpfs") || strings.Contains(msg, "cannot access file \""+s)) {
			return fmt.Errorf("%w\n%w", err, ErrRemotePath)
		}
	}
	return err
}

// maskValue masks the credentials in a text value, and in the texts inside
// lists, structs and maps.
func maskValue(v any) any {
	switch x := v.(type) {
	case string:
		return secrets.MaskString(x)
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = maskValue(e)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = maskValue(e)
		}
		return out
	case duckdb.Map:
		out := make(duckdb.Map, len(x))
		for k, e := range x {
			out[k] = maskValue(e)
		}
		return out
	}
	return v
}

type column struct {
	name string
	typ  string // DuckDB type name: VARCHAR, BIGINT, DATE, VARCHAR[], …
}

func (c column) numeric() bool {
	switch c.typ {
	case "TINYINT", "SMALLINT", "INTEGER", "BIGINT", "HUGEINT",
		"UTINYINT", "USMALLINT", "UINTEGER", "UBIGINT", "UHUGEINT",
		"FLOAT", "DOUBLE":
		return true
	}
	return strings.HasPrefix(c.typ, "DECIMAL")
}

type rowWriter interface {
	row(vals []any) error
	flush() error
}

// tableWriter holds every row until flush, because column widths depend on
// the widest cell.
type tableWriter struct {
	w     io.Writer
	cols  []column
	rows  [][]string
	width int // QueryOptions.Width
}

func (t *tableWriter) row(vals []any) error {
	cells := make([]string, len(vals))
	for i, v := range vals {
		cells[i] = textCell(v, t.cols[i].typ)
	}
	t.rows = append(t.rows, cells)
	return nil
}

func (t *tableWriter) flush() error {
	headers := make([]string, len(t.cols))
	right := make([]bool, len(t.cols))
	for i, c := range t.cols {
		headers[i] = c.name
		right[i] = c.numeric()
	}
	if t.width > 0 {
		// The report's fitting (render.go), whose width counts a
		// two-space indent this table does not have.
		t.rows = fitColumns(headers, right, t.rows, t.width+2)
	}
	return writeAligned(t.w, "", headers, right, t.rows)
}

// writeAligned prints headers, a line of dashes and rows as columns
// separated by two spaces, each line starting with indent; right marks the
// columns aligned to the right. Trailing spaces are trimmed. It returns the
// first write error.
func writeAligned(w io.Writer, indent string, headers []string, right []bool, rows [][]string) error {
	width := make([]int, len(headers))
	for i, h := range headers {
		width[i] = utf8.RuneCountInString(h)
	}
	for _, r := range rows {
		for i, c := range r {
			width[i] = max(width[i], utf8.RuneCountInString(c))
		}
	}
	var b strings.Builder
	var err error
	line := func(cells []string) {
		if err != nil {
			return
		}
		b.Reset()
		b.WriteString(indent)
		for i, c := range cells {
			if i > 0 {
				b.WriteString("  ")
			}
			pad := strings.Repeat(" ", width[i]-utf8.RuneCountInString(c))
			if right[i] {
				b.WriteString(pad + c)
			} else {
				b.WriteString(c + pad)
			}
		}
		_, err = io.WriteString(w, strings.TrimRight(b.String(), " ")+"\n")
	}
	line(headers)
	dashes := make([]string, len(headers))
	for i := range dashes {
		dashes[i] = strings.Repeat("-", width[i])
	}
	line(dashes)
	for _, r := range rows {
		line(r)
	}
	return err
}

type csvWriter struct {
	w    *csv.Writer
	cols []column
	rec  []string
}

func newCSVWriter(w io.Writer, cols []column) *csvWriter {
	c := &csvWriter{w: csv.NewWriter(w), cols: cols, rec: make([]string, len(cols))}
	for i, col := range cols {
		c.rec[i] = col.name
	}
	c.w.Write(c.rec)
	return c
}

func (c *csvWriter) row(vals []any) error {
	for i, v := range vals {
		switch v.(type) {
		case nil:
			c.rec[i] = ""
		case []any, map[string]any, duckdb.Map, duckdb.Union, duckdb.Interval:
			c.rec[i] = string(appendJSON(nil, v, c.cols[i].typ))
		default:
			c.rec[i] = textsafe.Escape(plainText(v, c.cols[i].typ))
		}
	}
	return c.w.Write(c.rec)
}

func (c *csvWriter) flush() error {
	c.w.Flush()
	return c.w.Error()
}

type jsonWriter struct {
	w    io.Writer
	cols []column
	buf  []byte
}

func (j *jsonWriter) row(vals []any) error {
	b := j.buf[:0]
	b = append(b, '{')
	for i, v := range vals {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, j.cols[i].name)
		b = append(b, ':')
		b = appendJSON(b, v, j.cols[i].typ)
	}
	b = append(b, '}', '\n')
	j.buf = b
	_, err := j.w.Write(b)
	return err
}

func (j *jsonWriter) flush() error { return nil }

// textCell renders a value for the table format: one line, NULL as NULL.
func textCell(v any, typ string) string {
	if v == nil {
		return "NULL"
	}
	// One line per row, and nothing a terminal would act on: control
	// characters and escape sequences are shown escaped.
	return textsafe.Escape(nestedText(v, typ))
}

// nestedText renders lists and structs the way DuckDB prints them
// ([a, b], {k: v}) and scalars with plainText.
func nestedText(v any, typ string) string {
	switch x := v.(type) {
	case nil:
		return "NULL"
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = nestedText(e, elemType(typ))
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case map[string]any:
		keys := sortedKeys(x)
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = k + ": " + nestedText(x[k], "")
		}
		return "{" + strings.Join(parts, ", ") + "}"
	case duckdb.Map:
		keys := mapKeys(x)
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = k.s + "=" + nestedText(x[k.k], "")
		}
		return "{" + strings.Join(parts, ", ") + "}"
	case duckdb.Union:
		return nestedText(x.Value, "")
	}
	return plainText(v, typ)
}

// plainText renders a scalar: times in RFC 3339 (DATE and TIME columns in
// their own shorter forms), BLOBs as \x.. hex, UUIDs in their usual form.
func plainText(v any, typ string) string {
	switch x := v.(type) {
	case string:
		return x
	case bool:
		return strconv.FormatBool(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return formatFloat(x, 64)
	case float32:
		return formatFloat(float64(x), 32)
	case time.Time:
		return formatTime(x, typ)
	case []byte:
		if typ == "UUID" && len(x) == 16 {
			u := duckdb.UUID(x)
			return u.String()
		}
		return `\x` + hex.EncodeToString(x)
	case *big.Int:
		return x.String()
	case duckdb.Decimal:
		return x.String()
	case duckdb.Interval:
		return fmt.Sprintf("%d months %d days %d microseconds", x.Months, x.Days, x.Micros)
	case fmt.Stringer:
		return x.String()
	}
	return fmt.Sprint(v)
}

func formatFloat(f float64, bits int) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	}
	return strconv.FormatFloat(f, 'g', -1, bits)
}

func formatTime(t time.Time, typ string) string {
	switch typ {
	case "DATE":
		return t.Format(time.DateOnly)
	case "TIME", "TIMETZ", "TIME WITH TIME ZONE":
		return t.Format("15:04:05.999999999")
	}
	return t.UTC().Format(time.RFC3339Nano)
}

// elemType is the element type of a list type name ("VARCHAR[]" →
// "VARCHAR"), so a DATE[] column's elements still print as dates.
func elemType(typ string) string {
	if strings.HasSuffix(typ, "[]") {
		return strings.TrimSuffix(typ, "[]")
	}
	return ""
}

func sortedKeys(m map[string]any) []string {
	return slices.Sorted(maps.Keys(m))
}

type mapKey struct {
	k any
	s string
}

func mapKeys(m duckdb.Map) []mapKey {
	keys := make([]mapKey, 0, len(m))
	for k := range m {
		keys = append(keys, mapKey{k: k, s: nestedText(k, "")})
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i].s < keys[j].s })
	return keys
}

// appendJSON appends v as JSON. Struct keys are sorted because the driver
// hands structs over as Go maps, which have lost DuckDB's field order.
func appendJSON(b []byte, v any, typ string) []byte {
	switch x := v.(type) {
	case nil:
		return append(b, "null"...)
	case bool:
		return strconv.AppendBool(b, x)
	case int8, int16, int32, int64, int, uint8, uint16, uint32, uint64, uint:
		return fmt.Append(b, x)
	case *big.Int:
		return append(b, x.String()...)
	case duckdb.Decimal:
		return append(b, x.String()...)
	case float64, float32:
		f := toFloat(x)
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return appendJSONString(b, formatFloat(f, 64))
		}
		bits := 64
		if _, ok := x.(float32); ok {
			bits = 32
		}
		return strconv.AppendFloat(b, f, 'g', -1, bits)
	case []any:
		b = append(b, '[')
		for i, e := range x {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSON(b, e, elemType(typ))
		}
		return append(b, ']')
	case map[string]any:
		b = append(b, '{')
		for i, k := range sortedKeys(x) {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONString(b, k)
			b = append(b, ':')
			b = appendJSON(b, x[k], "")
		}
		return append(b, '}')
	case duckdb.Map:
		b = append(b, '{')
		for i, k := range mapKeys(x) {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONString(b, k.s)
			b = append(b, ':')
			b = appendJSON(b, x[k.k], "")
		}
		return append(b, '}')
	case duckdb.Union:
		return appendJSON(b, x.Value, "")
	case duckdb.Interval:
		return fmt.Appendf(b, `{"months":%d,"days":%d,"micros":%d}`, x.Months, x.Days, x.Micros)
	}
	return appendJSONString(b, plainText(v, typ))
}

func toFloat(v any) float64 {
	if f, ok := v.(float32); ok {
		return float64(f)
	}
	return v.(float64)
}

// appendJSONString appends s as a JSON string. Unlike encoding/json it
// leaves <, > and & alone (the output is not HTML) and replaces invalid
// UTF-8 with U+FFFD.
func appendJSONString(b []byte, s string) []byte {
	const hexDigits = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\n':
				b = append(b, '\\', 'n')
			case c == '\r':
				b = append(b, '\\', 'r')
			case c == '\t':
				b = append(b, '\\', 't')
			case c < 0x20:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, `\ufffd`...)
		} else if r == '\u2028' || r == '\u2029' {
			b = fmt.Appendf(b, `\u%04x`, r)
		} else {
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}

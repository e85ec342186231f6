package queries

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
)

const twoCalls = `SELECT call_key, session_id, paths, exit_code, ts, date
FROM calls WHERE call_key IN ('claude:toolu_1', 'claude:toolu_3') ORDER BY call_key`

// The cells below come from rows k1 and k3 of
// testdata/queries/dataset/build.sql: k1 (original, session sess-a) has no
// paths and exit code 0 at 2026-03-14 09:00; k3 reads .env, has no exit
// code, at 09:10; both in the date=2026-03-14 folder.
func TestQueryFormats(t *testing.T) {
	d := openTest(t, buildDataset(t, "dataset"))
	tests := []struct {
		format, want string
	}{
		{"table", "" +
			"call_key        session_id  paths                      exit_code  ts                    date\n" +
			"--------------  ----------  -------------------------  ---------  --------------------  ----------\n" +
			"claude:toolu_1  sess-a      NULL                               0  2026-03-14T09:00:00Z  2026-03-14\n" +
			"claude:toolu_3  sess-a      [/home/dev/demo-app/.env]       NULL  2026-03-14T09:10:00Z  2026-03-14\n"},
		{"csv", "" +
			"call_key,session_id,paths,exit_code,ts,date\n" +
			"claude:toolu_1,sess-a,,0,2026-03-14T09:00:00Z,2026-03-14\n" +
			`claude:toolu_3,sess-a,"[""/home/dev/demo-app/.env""]",,2026-03-14T09:10:00Z,2026-03-14` + "\n"},
		{"json", "" +
			`{"call_key":"claude:toolu_1","session_id":"sess-a","paths":null,"exit_code":0,"ts":"2026-03-14T09:00:00Z","date":"2026-03-14"}` + "\n" +
			`{"call_key":"claude:toolu_3","session_id":"sess-a","paths":["/home/dev/demo-app/.env"],"exit_code":null,"ts":"2026-03-14T09:10:00Z","date":"2026-03-14"}` + "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.format, func(t *testing.T) {
			var b bytes.Buffer
			if err := d.Query(context.Background(), twoCalls, &b, tt.format); err != nil {
				t.Fatal(err)
			}
			if b.String() != tt.want {
				t.Errorf("got\n%s\nwant\n%s", b.String(), tt.want)
			}
		})
	}
}

// Values of other DuckDB types: "json (JSON Lines, one object per row,
// lists as arrays, times RFC 3339)", with the table format's one-line cells.
func TestQueryValueTypes(t *testing.T) {
	d := openTest(t, t.TempDir())
	const q = `SELECT 'a"b' || chr(10) || 'c' AS s, 42::INTEGER AS i, 1.5::DOUBLE AS f, 12.50::DECIMAL(5,2) AS dec,
	    true AS b, DATE '2026-03-14' AS d, TIMESTAMP '2026-03-14 09:00:00.25' AS ts,
	    TIMESTAMPTZ '2026-03-14 10:00:00+01' AS tz, {'k': 'v', 'n': 1} AS st, [[1, 2], []]::INTEGER[][] AS ll,
	    NULL::VARCHAR AS nul, '<&>' AS html`
	wantJSON := map[string]any{
		"s": "a\"b\nc", "i": float64(42), "f": 1.5, "dec": 12.5, "b": true, "d": "2026-03-14",
		"ts": "2026-03-14T09:00:00.25Z", "tz": "2026-03-14T09:00:00Z",
		"st": map[string]any{"k": "v", "n": float64(1)}, "ll": []any{[]any{float64(1), float64(2)}, []any{}},
		"nul": nil, "html": "<&>",
	}
	var b bytes.Buffer
	if err := d.Query(context.Background(), q, &b, "json"); err != nil {
		t.Fatal(err)
	}
	if strings.Count(b.String(), "\n") != 1 {
		t.Errorf("want one JSON line, got %q", b.String())
	}
	if !strings.Contains(b.String(), `"html":"<&>"`) {
		t.Errorf("<&> was escaped: %s", b.String())
	}
	var got map[string]any
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatalf("%v: %s", err, b.String())
	}
	if !reflect.DeepEqual(got, wantJSON) {
		t.Errorf("json\n got  %v\n want %v", got, wantJSON)
	}

	b.Reset()
	if err := d.Query(context.Background(), q, &b, "table"); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
	if len(lines) != 3 {
		t.Fatalf("table has %d lines, want header, dashes, one row:\n%s", len(lines), b.String())
	}
	cells := strings.Fields(lines[2])
	want := []string{`a"b\nc`, "42", "1.5", "12.5", "true", "2026-03-14", "2026-03-14T09:00:00.25Z",
		"2026-03-14T09:00:00Z", "{k:", "v,", "n:", "1}", "[[1,", "2],", "[]]", "NULL", "<&>"}
	if !reflect.DeepEqual(cells, want) {
		t.Errorf("table cells\n got  %q\n want %q", cells, want)
	}
}

// "A SQL error is returned with DuckDB's message (the CLI exits 2)."
func TestQueryErrors(t *testing.T) {
	d := openTest(t, t.TempDir())
	tests := []struct {
		name, sql, format string
		want              []string
		remote            bool
	}{
		{"unknown column", "SELECT no_such_column FROM calls", "table", []string{"Binder Error", "no_such_column"}, false},
		{"syntax", "SELEC 1", "csv", []string{"Parser Error", "SELEC"}, false},
		{"unknown format", "SELECT 1", "xml", []string{`unknown format "xml"`}, false},
		{"remote file", "SELECT * FROM read_parquet('s3://bucket/calls/x.parquet')", "json", []string{"httpfs", "not built into permsim", "copy the files"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := d.Query(context.Background(), tt.sql, &bytes.Buffer{}, tt.format)
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
			if got := errors.Is(err, ErrRemotePath); got != tt.remote {
				t.Errorf("errors.Is(err, ErrRemotePath) = %v, want %v", got, tt.remote)
			}
		})
	}
}

// An empty view answers with the header only (csv) or nothing (json).
func TestQueryEmptyResult(t *testing.T) {
	d := openTest(t, t.TempDir())
	var b bytes.Buffer
	if err := d.Query(context.Background(), "SELECT call_key, tool FROM calls", &b, "csv"); err != nil {
		t.Fatal(err)
	}
	if b.String() != "call_key,tool\n" {
		t.Errorf("csv of an empty view = %q, want the header only", b.String())
	}
	b.Reset()
	if err := d.Query(context.Background(), "SELECT call_key FROM decisions", &b, "json"); err != nil {
		t.Fatal(err)
	}
	if b.String() != "" {
		t.Errorf("json of an empty view = %q, want nothing", b.String())
	}
}

// A report over several harnesses says "simulated; agrees with" once, then
// each checked harness's agreement, then the unchecked ones (the labels are
// registry.Harness.Label's: "simulated; agrees with real … on N recorded
// calls" and "simulated from the documented rules").
func TestLabelLine(t *testing.T) {
	for _, tt := range []struct {
		labels []string
		want   string
	}{
		{[]string{"simulated from the documented rules"}, "simulated from the documented rules"},
		{[]string{"simulated from the documented rules",
			"simulated; agrees with real Claude Code 2.1.328 on 1768 recorded calls",
			"simulated; agrees with real OpenCode 1.18.33 on 668 recorded calls"},
			"simulated; agrees with real Claude Code 2.1.328 on 1768 recorded calls, real OpenCode 1.18.33 on 668 recorded calls; the other harnesses simulated from the documented rules"},
		{[]string{"simulated; agrees with real Codex 0.169.0 on 522 of 528 recorded calls"},
			"simulated; agrees with real Codex 0.169.0 on 522 of 528 recorded calls"},
	} {
		if got := labelLine(tt.labels); got != tt.want {
			t.Errorf("labelLine(%q) = %q, want %q", tt.labels, got, tt.want)
		}
	}
}

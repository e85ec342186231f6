package queries

import (
	"context"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// wantColumns reads the struct typeName from the contract file path and
// lists its `col` tags with the DuckDB type each Go field type is written
// as ("strings are nullable, lists are VARCHAR[], times TIMESTAMP,
// exit_code nullable BIGINT"), then extra. The file is parsed rather than
// imported so this package's tests do not wait for the other stages to
// compile.
func wantColumns(t *testing.T, path, typeName string, extra ...[2]string) [][2]string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var cols [][2]string
	ast.Inspect(f, func(n ast.Node) bool {
		ts, ok := n.(*ast.TypeSpec)
		if !ok || ts.Name.Name != typeName {
			return true
		}
		for _, fld := range ts.Type.(*ast.StructType).Fields.List {
			if fld.Tag == nil {
				continue // not a column (toolcall.Row.Host: set by replay, never written)
			}
			tag, _ := strconv.Unquote(fld.Tag.Value)
			name, _, _ := strings.Cut(reflect.StructTag(tag).Get("col"), ",") // options such as ",unique" follow the name
			var typ string
			switch types.ExprString(fld.Type) {
			case "string":
				typ = "VARCHAR"
			case "bool":
				typ = "BOOLEAN"
			case "int64", "*int64":
				typ = "BIGINT"
			case "time.Time":
				typ = "TIMESTAMP"
			case "[]string":
				typ = "VARCHAR[]"
			default:
				t.Fatalf("%s.%s: no DuckDB type for %s", typeName, name, types.ExprString(fld.Type))
			}
			for range fld.Names {
				cols = append(cols, [2]string{name, typ})
			}
		}
		return false
	})
	if len(cols) == 0 {
		t.Fatalf("%s: no struct %s", path, typeName)
	}
	return append(cols, extra...)
}

func describe(t *testing.T, d *DB, view string) [][2]string {
	t.Helper()
	recs, err := d.recordsSQL(context.Background(), "DESCRIBE "+view)
	if err != nil {
		t.Fatal(err)
	}
	var cols [][2]string
	for _, r := range recs {
		cols = append(cols, [2]string{str(r["column_name"]), str(r["column_type"])})
	}
	return cols
}

func count(t *testing.T, d *DB, sqlText string) int64 {
	t.Helper()
	recs, err := d.recordsSQL(context.Background(), sqlText)
	if err != nil {
		t.Fatal(err)
	}
	return i64(recs[0]["n"])
}

// The views' columns are the contract rows' col tags: calls and calls_all
// are toolcall.Row ("the columns of ingest.Row … minus harness", with
// harness and date "from the partitions"), decisions is replay.DecisionRow
// likewise, rules is replay.RuleRow. Checked both on a missing folder ("a
// table whose folder is missing or empty gets an empty view with the right
// columns") and on the Parquet dataset. After them come the columns added
// for SQL that reads easily (issue 16: "column names that need no quoting
// … a first-path column beside paths"): first_path, and in decisions
// outcome_group and danger_text.
func TestViewColumnsMatchContracts(t *testing.T) {
	date := [2]string{"date", "VARCHAR"}
	firstPath := [2]string{"first_path", "VARCHAR"}
	want := map[string][][2]string{
		"calls_all": wantColumns(t, "../toolcall/toolcall.go", "Row", date, firstPath),
		"calls":     wantColumns(t, "../toolcall/toolcall.go", "Row", date, firstPath),
		"decisions": wantColumns(t, "../replay/replay.go", "DecisionRow", date,
			[2]string{"outcome_group", "VARCHAR"}, firstPath, [2]string{"danger_text", "VARCHAR"}),
		"rules": wantColumns(t, "../replay/replay.go", "RuleRow"),
	}
	dirs := map[string]string{
		"missing": t.TempDir() + "/does-not-exist",
		"empty":   t.TempDir(),
		"dataset": buildDataset(t, "dataset"),
	}
	for name, dir := range dirs {
		t.Run(name, func(t *testing.T) {
			d := openTest(t, dir)
			for view, cols := range want {
				if got := describe(t, d, view); !reflect.DeepEqual(got, cols) {
					t.Errorf("%s columns\n got  %v\n want %v", view, got, cols)
				}
			}
		})
	}
}

// Files written another way still give the contract's columns and types
// ("times TIMESTAMP (UTC)"): a UTC-adjusted timestamp (TIMESTAMPTZ), a
// nanosecond one, an INTEGER seq, and a file from an older writer that
// lacks most columns.
func TestViewsReadOtherWriters(t *testing.T) {
	out := t.TempDir()
	part := out + "/calls/harness=codex/date=2026-03-14"
	mkdir(t, part)
	db, tmp, err := openDuckDB()
	if err != nil {
		t.Fatal(err)
	}
	defer (&DB{db: db, tmpDir: tmp}).Close()
	for _, q := range []string{
		"COPY (SELECT 'k1' AS call_key, TIMESTAMPTZ '2026-03-14 10:00:00+01' AS ts, " +
			"TIMESTAMP_NS '2026-03-14 09:00:01.5' AS result_ts, 3::INTEGER AS seq) TO '" + part + "/part-1.parquet' (FORMAT parquet)",
		"COPY (SELECT 'k2' AS call_key) TO '" + part + "/part-2.parquet' (FORMAT parquet)",
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	d := openTest(t, out)
	if got, want := describe(t, d, "calls_all"), wantColumns(t, "../toolcall/toolcall.go", "Row", [2]string{"date", "VARCHAR"}, [2]string{"first_path", "VARCHAR"}); !reflect.DeepEqual(got, want) {
		t.Errorf("calls_all columns\n got  %v\n want %v", got, want)
	}
	var b strings.Builder
	if err := d.Query(context.Background(), "SELECT call_key, ts, result_ts, seq FROM calls ORDER BY call_key", &b, "csv"); err != nil {
		t.Fatal(err)
	}
	want := "call_key,ts,result_ts,seq\nk1,2026-03-14T09:00:00Z,2026-03-14T09:00:01.5Z,3\nk2,,,\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

// "A table whose folder is missing or empty gets an empty view … (so
// permsim sql works before the first replay)".
func TestMissingAndEmptyFoldersGiveEmptyViews(t *testing.T) {
	calls := buildDataset(t, "dataset")
	// Only the calls table exists: decisions and rules are missing.
	onlyCalls := t.TempDir()
	if err := copyTree(calls+"/calls", onlyCalls+"/calls"); err != nil {
		t.Fatal(err)
	}
	emptyTables := t.TempDir()
	for _, sub := range []string{"calls", "decisions/harness=codex/date=unknown", "rules"} {
		mkdir(t, emptyTables+"/"+sub)
	}
	tests := []struct {
		name string
		dir  string
		want map[string]int64
	}{
		{"out folder missing", t.TempDir() + "/nope", map[string]int64{"calls": 0, "calls_all": 0, "decisions": 0, "rules": 0}},
		{"table folders empty", emptyTables, map[string]int64{"calls": 0, "calls_all": 0, "decisions": 0, "rules": 0}},
		{"before the first replay", onlyCalls, map[string]int64{"calls": 9, "calls_all": 11, "decisions": 0, "rules": 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := openTest(t, tt.dir)
			for view, n := range tt.want {
				if got := count(t, d, "SELECT count(*) AS n FROM "+view); got != n {
					t.Errorf("%s: %d rows, want %d", view, got, n)
				}
			}
		})
	}
}

// "Copies: several rows may share a call_key; the one that counts has the
// lowest copy_rank, then the highest ingest_run." and "`.`-prefixed temp
// files must be ignored".
func TestCallsDedupe(t *testing.T) {
	d := openTest(t, buildDataset(t, "dataset"))
	tests := []struct {
		name, sql string
		want      []string
	}{
		// k1: the original (copy_rank 0, run 100) beats the fork copy
		// (copy_rank 1, run 200) and the .tmp row (empty copy_rank, run 999).
		{"lowest copy_rank wins over a later run", "SELECT session_id FROM calls WHERE call_key = 'claude:toolu_1'", []string{"sess-a"}},
		// k2: same copy_rank 0; run 300 saw the result, run 100 did not.
		{"then the highest ingest_run", "SELECT result || ' ' || exit_code FROM calls WHERE call_key = 'claude:toolu_2'", []string{"ok 0"}},
		{"every copy in calls_all", "SELECT session_id FROM calls_all WHERE call_key = 'claude:toolu_1' ORDER BY session_id", []string{"sess-a", "sess-fork"}},
		{"partition columns from the folders", "SELECT harness || ' ' || date FROM calls WHERE call_key IN ('claude:toolu_6', 'codex:call_1') ORDER BY call_key", []string{"claude-code 2026-03-15", "codex unknown"}},
		{"temp files ignored", "SELECT call_key FROM calls_all WHERE session_id IN ('sess-TMP', 'sess-HIDDEN') OR project_dir = '/home/dev/other'", nil},
		{"temp decisions ignored", "SELECT call_key FROM decisions WHERE call_key = 'claude:toolu_tmp'", nil},
		{"one row per call_key", "SELECT call_key FROM calls GROUP BY call_key HAVING count(*) > 1", nil},
		{"null strings and lists stay null", "SELECT (paths IS NULL)::VARCHAR || ' ' || (cwd IS NULL)::VARCHAR || ' ' || (exit_code IS NULL)::VARCHAR FROM calls WHERE call_key = 'claude:toolu_4'", []string{"true true true"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			recs, err := d.recordsSQL(context.Background(), tt.sql)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range recs {
				for _, v := range r {
					got = append(got, str(v))
				}
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
	if n := count(t, d, "SELECT count(*) AS n FROM calls"); n != 9 {
		t.Errorf("calls: %d rows, want 9 (k1..k8 and codex:call_1)", n)
	}
}

// A .parquet file outside harness=<h>/date=<d>/ is skipped and named.
func TestOutOfPlaceFileIsWarned(t *testing.T) {
	d := openTest(t, buildDataset(t, "dataset"))
	w := d.Warnings()
	if len(w) != 1 || !strings.Contains(w[0], "harness=claude-code/part-0.parquet") || !strings.Contains(w[0], "skipped") {
		t.Errorf("warnings = %q, want one naming harness=claude-code/part-0.parquet", w)
	}
}

// "Bad input (corrupt lines, …) → a clear message naming file and line, and
// the work goes on with everything else": a file that is not Parquet is
// named and skipped, and the table's other files are still read.
func TestCorruptFileIsSkipped(t *testing.T) {
	dir := buildDataset(t, "dataset")
	bad := dir + "/calls/harness=codex/date=unknown/part-2.parquet"
	if err := os.WriteFile(bad, []byte("not parquet at all"), 0o644); err != nil {
		t.Fatal(err)
	}
	d := openTest(t, dir)
	var named bool
	for _, w := range d.Warnings() {
		named = named || strings.Contains(w, "part-2.parquet") && strings.Contains(w, "not a readable Parquet file")
	}
	if !named {
		t.Errorf("warnings %q do not name the corrupt file", d.Warnings())
	}
	if n := count(t, d, "SELECT count(*) AS n FROM calls"); n != 9 {
		t.Errorf("calls: %d rows, want the 9 of the readable files", n)
	}
}

// "If outDir (or a path a user passes) starts with s3://, gs://, http:// or
// https://, fail with a clear message: DuckDB's httpfs extension is not
// built into permsim and cannot be downloaded offline; copy the files
// locally."
func TestRemotePathsRefused(t *testing.T) {
	for _, dir := range []string{"s3://bucket/permsim", "gs://bucket/out", "http://host/out", "https://host/out", "S3://Bucket/x"} {
		t.Run(dir, func(t *testing.T) {
			d, err := Open(dir)
			if err == nil {
				d.Close()
				t.Fatal("Open succeeded")
			}
			if !errors.Is(err, ErrRemotePath) {
				t.Errorf("error %v does not wrap ErrRemotePath", err)
			}
			for _, want := range []string{dir, "httpfs", "not built into permsim", "offline", "copy the files"} {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q does not say %q", err, want)
				}
			}
		})
	}
	if _, err := ExtractToolCalls(context.Background(), []string{"https://host/a.jsonl"}, "read_json"); !errors.Is(err, ErrRemotePath) {
		t.Errorf("ExtractToolCalls on a URL: %v, want ErrRemotePath", err)
	}
}

// "Set DuckDB threads to GOMAXPROCS and keep memory modest."
func TestSettings(t *testing.T) {
	d := openTest(t, t.TempDir())
	recs, err := d.recordsSQL(context.Background(),
		"SELECT current_setting('threads') AS threads, current_setting('memory_limit') AS mem, current_setting('TimeZone') AS tz")
	if err != nil {
		t.Fatal(err)
	}
	r := recs[0]
	if got, want := i64(r["threads"]), int64(runtimeProcs()); got != want {
		t.Errorf("threads = %d, want GOMAXPROCS %d", got, want)
	}
	// DuckDB prints the 1 GB limit (10^9 bytes) in MiB.
	if got := str(r["mem"]); got != "953.6 MiB" {
		t.Errorf("memory_limit = %q, want 953.6 MiB (1 GB)", got)
	}
	if got := str(r["tz"]); got != "UTC" {
		t.Errorf("TimeZone = %q, want UTC", got)
	}
}

// `permsim sql --schema` lists every view and column: the documentation
// (Views) must name exactly the columns DESCRIBE gives, with their types,
// and give each a meaning.
func TestSchemaMatchesViews(t *testing.T) {
	d := openTest(t, buildDataset(t, "dataset"))
	for _, v := range Views {
		got, err := d.viewColumns(context.Background(), v.Name)
		if err != nil {
			t.Fatal(err)
		}
		var doc [][2]string
		for _, c := range v.Columns {
			doc = append(doc, [2]string{c.Name, c.Type})
			if strings.TrimSpace(c.Meaning) == "" {
				t.Errorf("%s.%s has no meaning", v.Name, c.Name)
			}
		}
		if !reflect.DeepEqual(got, doc) {
			t.Errorf("%s: documented columns\n %v\nview columns\n %v", v.Name, doc, got)
		}
	}
	var b strings.Builder
	if err := WriteSchema(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"decisions: one row per decided call", "  outcome_group ", "  first_path ", "rules: "} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("schema lacks %q", want)
		}
	}
}

// Issue 14: secrets are masked "in permsim sql's default output unless
// asked". The dataset holds no credential, so the query makes one.
func TestQueryMasksSecrets(t *testing.T) {
	d := openTest(t, t.TempDir())
	q := `SELECT 'git clone https://deploy:s3cr3tPassw0rd@git.corp.local/app.git' AS cmd, ['PGPASSWORD=hunter2 psql'] AS l`
	for _, c := range []struct {
		format string
		opts   QueryOptions
		want   string
	}{
		{"csv", QueryOptions{}, "cmd,l\ngit clone https://deploy:[masked]@git.corp.local/app.git,\"[\"\"PGPASSWORD=[masked] psql\"\"]\"\n"},
		{"json", QueryOptions{}, `{"cmd":"git clone https://deploy:[masked]@git.corp.local/app.git","l":["PGPASSWORD=[masked] psql"]}` + "\n"},
		{"csv", QueryOptions{ShowSecrets: true}, "cmd,l\ngit clone https://deploy:s3cr3tPassw0rd@git.corp.local/app.git,\"[\"\"PGPASSWORD=hunter2 psql\"\"]\"\n"},
	} {
		var b strings.Builder
		if err := d.QueryWith(context.Background(), q, &b, c.format, c.opts); err != nil {
			t.Fatal(err)
		}
		if b.String() != c.want {
			t.Errorf("%s %+v:\n got  %q\n want %q", c.format, c.opts, b.String(), c.want)
		}
	}
}

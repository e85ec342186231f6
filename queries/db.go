// Package queries is permsim's SQL layer: it opens the Parquet tables that
// ingest and replay write (calls, decisions, rules) as DuckDB views, runs
// ad-hoc SQL for `permsim sql`, and builds the risk report for
// `permsim report`.
//
// It is the only package that links DuckDB. Every SQL statement lives in an
// embedded file under sql/, one per view and per report section; Go only
// fills in the list of Parquet files.
package queries

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"embed"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"

	"github.com/duckdb/duckdb-go/v2"

	"github.com/permsim/permsim/dataset"
	"github.com/permsim/permsim/internal/storelock"
)

//go:embed sql/*.sql
var sqlFiles embed.FS

// memoryLimit keeps DuckDB from taking its default 80% of the machine's
// memory: permsim runs beside the user's own work. Queries that need more
// spill to a temporary folder instead of failing.
const memoryLimit = "1GB"

// tempLimit bounds the spill folder (DuckDB's default is 90% of the free
// disk space): a runaway query stops with an error instead of filling /tmp
// (issue 27).
const tempLimit = "8GB"

// ErrRemotePath is wrapped by the error Open, ExtractToolCalls and Query
// return for an s3://, gs://, http:// or https:// location.
var ErrRemotePath = errors.New("remote paths are not supported: DuckDB's httpfs extension is not built into permsim and cannot be downloaded offline; copy the files to a local folder and use that folder")

var remoteSchemes = []string{"s3://", "s3a://", "s3n://", "gs://", "gcs://", "r2://", "az://", "azure://", "abfss://", "hf://", "http://", "https://"}

// CheckLocal returns an error wrapping ErrRemotePath, naming path, when path
// is a remote location (s3://, gs://, http://, https://, …); nil otherwise.
func CheckLocal(path string) error {
	if s := remoteScheme(path); s != "" {
		return fmt.Errorf("%s: %w", path, ErrRemotePath)
	}
	return nil
}

func remoteScheme(path string) string {
	p := strings.ToLower(strings.TrimSpace(path))
	for _, s := range remoteSchemes {
		if strings.HasPrefix(p, s) {
			return s
		}
	}
	return ""
}

// DB is an in-memory DuckDB database holding the views calls, calls_all,
// decisions and rules over one output folder. It is safe for concurrent use.
type DB struct {
	db       *sql.DB
	tmpDir   string
	release  func() // the store's commit lock, held shared until Close
	warnings []string
}

// table describes one table of the output folder: its folder name, the SQL
// file that creates its view, and whether it is Hive-partitioned
// (harness=…/date=…).
type table struct {
	dir         string
	viewFile    string
	partitioned bool
}

var tables = []table{
	{dir: "calls", viewFile: "calls_all.sql", partitioned: true},
	{dir: "decisions", viewFile: "decisions.sql", partitioned: true},
	{dir: "rules", viewFile: "rules.sql", partitioned: false},
}

// Open opens the tables under outDir as views in a fresh in-memory DuckDB:
//
//   - calls_all: every row of <outDir>/calls/harness=*/date=*/*.parquet, with
//     the partition columns harness and date;
//   - calls: calls_all with one row per call_key: the lowest copy_rank, then
//     the highest ingest_run;
//   - decisions: <outDir>/decisions/harness=*/date=*/*.parquet, likewise;
//   - rules: <outDir>/rules/*.parquet.
//
// Files and folders whose names start with "." (a writer's temporary files)
// are never read. A table whose folder is missing or holds no Parquet file
// gets an empty view with the table's columns, so Open succeeds on a folder
// that does not exist yet. A .parquet file outside the table's layout, or
// one whose Parquet footer DuckDB cannot read, is skipped and listed by
// Warnings; the rest of the table is still read. A remote outDir (s3://,
// https://, …) is refused with an error wrapping ErrRemotePath.
//
// DuckDB uses GOMAXPROCS threads and at most 1 GB of memory, spilling the
// rest, up to 8 GB, to a temporary folder that Close removes. A query stops
// when its context ends (duckdb-go interrupts the connection), so a caller
// bounds its time with the context.
func Open(outDir string) (*DB, error) {
	if err := CheckLocal(outDir); err != nil {
		return nil, err
	}
	if st, err := os.Stat(outDir); err == nil && !st.IsDir() {
		return nil, fmt.Errorf("%s: not a folder", outDir)
	}
	// Held shared until Close: a writer renaming files into the tables
	// waits, so the views never name files that went away (a report run
	// during a replay failed with "Cannot open file").
	release, err := storelock.Reader(outDir)
	if err != nil {
		return nil, err
	}
	db, tmpDir, err := openDuckDB()
	if err != nil {
		release()
		return nil, err
	}
	d := &DB{db: db, tmpDir: tmpDir, release: release}
	if err := d.createViews(outDir); err != nil {
		d.Close()
		return nil, err
	}
	if err := d.lockDown(outDir); err != nil {
		d.Close()
		return nil, err
	}
	return d, nil
}

// lockDown confines the database before any user SQL runs: files are read
// only inside the store (and written only to the spill folder), no
// extension is installed or loaded (so nothing reaches the network), and
// the configuration is locked so a statement cannot undo any of it.
func (d *DB) lockDown(outDir string) error {
	abs, err := filepath.Abs(outDir)
	if err != nil {
		return err
	}
	for _, stmt := range []string{
		"SET autoinstall_known_extensions = false",
		"SET autoload_known_extensions = false",
		"SET allowed_directories = [" + sqlString(abs+"/") + ", " + sqlString(d.tmpDir+"/") + "]",
		"SET enable_external_access = false",
		"SET lock_configuration = true",
	} {
		if _, err := d.db.Exec(stmt); err != nil {
			return fmt.Errorf("duckdb: %s: %w", stmt, err)
		}
	}
	return nil
}

// Close releases the database and removes its spill folder.
func (d *DB) Close() error {
	err := d.db.Close()
	if d.release != nil {
		d.release()
		d.release = nil
	}
	if d.tmpDir != "" {
		if rerr := os.RemoveAll(d.tmpDir); err == nil {
			err = rerr
		}
	}
	return err
}

// Warnings lists the files Open skipped because they were out of place,
// each as "path: why".
func (d *DB) Warnings() []string {
	return append([]string(nil), d.warnings...)
}

// openDuckDB opens an in-memory database whose every connection works in
// UTC (TIMESTAMP WITH TIME ZONE values then print as the UTC times the
// tables hold) and never tries to download an extension.
func openDuckDB() (*sql.DB, string, error) {
	tmpDir, err := os.MkdirTemp("", "permsim-duckdb-")
	if err != nil {
		return nil, "", fmt.Errorf("duckdb spill folder: %w", err)
	}
	cfg := url.Values{}
	cfg.Set("threads", strconv.Itoa(runtime.GOMAXPROCS(0)))
	cfg.Set("memory_limit", memoryLimit)
	cfg.Set("temp_directory", tmpDir)
	cfg.Set("max_temp_directory_size", tempLimit)
	cfg.Set("autoinstall_known_extensions", "false")
	connector, err := duckdb.NewConnector("?"+cfg.Encode(), func(ex driver.ExecerContext) error {
		_, err := ex.ExecContext(context.Background(), "SET TimeZone = 'UTC'", nil)
		return err
	})
	if err != nil {
		os.RemoveAll(tmpDir)
		return nil, "", fmt.Errorf("open duckdb: %w", err)
	}
	return sql.OpenDB(connector), tmpDir, nil
}

func (d *DB) createViews(outDir string) error {
	for _, t := range tables {
		dir := filepath.Join(outDir, t.dir)
		files, warns := parquetFiles(dir, t.partitioned)
		d.warnings = append(d.warnings, warns...)
		err := d.createView(t, files)
		if err != nil && len(files) > 0 {
			// One unreadable file must not hide the rest of the table: find
			// the files DuckDB cannot open, name them, and go on without them.
			files = d.readableFiles(files)
			err = d.createView(t, files)
		}
		if err != nil {
			return fmt.Errorf("%s: reading the %s table: %w", dir, t.dir, err)
		}
	}
	if _, err := d.db.Exec(fill(mustSQL("calls.sql"), map[string]string{"dedupe": mustSQL("calls_dedupe.sql")})); err != nil {
		return fmt.Errorf("creating the calls view: %w", err)
	}
	return nil
}

func (d *DB) createView(t table, files []string) error {
	source := ""
	if len(files) > 0 {
		tmpl := "parquet_flat.sql"
		if t.partitioned {
			tmpl = "parquet_hive.sql"
		}
		source = fill(mustSQL(tmpl), map[string]string{"files": sqlStringList(files)})
	}
	_, err := d.db.Exec(fill(mustSQL(t.viewFile), map[string]string{"parquet": source}))
	return err
}

// readableFiles returns the files whose Parquet schema DuckDB can read,
// and records a warning for each of the others.
func (d *DB) readableFiles(files []string) []string {
	var ok []string
	for _, f := range files {
		if _, err := d.db.Exec("DESCRIBE SELECT * FROM read_parquet(" + sqlString(f) + ")"); err != nil {
			d.warnings = append(d.warnings, fmt.Sprintf("%s: skipped: not a readable Parquet file: %v", f, firstLine(err.Error())))
			continue
		}
		ok = append(ok, f)
	}
	return ok
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// parquetFiles lists the Parquet files of one table folder in a stable
// order: the files dataset.WalkFiles gives, which are the ones replay reads
// (a writer's unfinished files, starting with ".", are never listed). A
// missing folder has none. .parquet files that do not sit where the table's
// layout puts them are returned as warnings, because DuckDB would otherwise
// read wrong partition values or refuse the lot; so is a folder that cannot
// be read, and the rest of the table is listed.
func parquetFiles(dir string, partitioned bool) (files, warnings []string) {
	err := dataset.WalkFiles(dir, func(path string, folders []string) error {
		if ok, why := inLayout(folders, partitioned); !ok {
			warnings = append(warnings, fmt.Sprintf("%s: skipped: %s", path, why))
			return nil
		}
		files = append(files, path)
		return nil
	}, func(path string, err error) error {
		warnings = append(warnings, fmt.Sprintf("%s: %v", path, err))
		return nil
	})
	if err != nil {
		warnings = append(warnings, fmt.Sprintf("%s: %v", dir, err))
	}
	sort.Strings(files)
	return files, warnings
}

// inLayout reports whether a data file below the folders given (outermost
// first) sits where the table's layout puts it, and why not.
func inLayout(folders []string, partitioned bool) (bool, string) {
	if !partitioned {
		if len(folders) != 0 {
			return false, "this table is not partitioned; its files sit directly in its folder"
		}
		return true, ""
	}
	if len(folders) != 2 || !strings.HasPrefix(folders[0], "harness=") || !strings.HasPrefix(folders[1], "date=") {
		return false, "not under harness=<h>/date=<d>/"
	}
	return true, ""
}

func mustSQL(name string) string {
	b, err := sqlFiles.ReadFile("sql/" + name)
	if err != nil {
		panic("queries: missing embedded sql/" + name)
	}
	return string(b)
}

// fill replaces each {{key}} of tmpl with vars[key].
func fill(tmpl string, vars map[string]string) string {
	for k, v := range vars {
		tmpl = strings.ReplaceAll(tmpl, "{{"+k+"}}", v)
	}
	return tmpl
}

// sqlStringList renders paths as a DuckDB list of string literals.
func sqlStringList(paths []string) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, p := range paths {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(sqlString(p))
	}
	b.WriteByte(']')
	return b.String()
}

func sqlString(s string) string {
	return "'" + strings.ReplaceAll(s, "'", "''") + "'"
}

package queries

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// hashTree maps every file and folder under dir to its content's hash
// ("dir" for a folder), so a test sees a file written, removed or created.
func hashTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	m := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		if e.IsDir() {
			m[rel] = "dir"
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		m[rel] = fmt.Sprintf("%x", sha256.Sum256(b))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func sameTree(t *testing.T, what string, before, after map[string]string) {
	t.Helper()
	for k, v := range before {
		if after[k] != v {
			t.Errorf("%s: %s changed or went away", what, k)
		}
	}
	for k := range after {
		if _, ok := before[k]; !ok {
			t.Errorf("%s: %s appeared", what, k)
		}
	}
}

// Issue 27: "permsim sql can write inside its own store" — COPY … TO
// '<store>/…' replaced a calls part and manifest.json, and the
// one-statement check was bypassed by a SELECT first. Every statement that
// is not one query is refused before anything runs, and no file of the
// store, nor anywhere else the test can see, changes.
func TestQueryReadOnly(t *testing.T) {
	store := buildDataset(t, "dataset")
	if err := os.WriteFile(filepath.Join(store, "manifest.json"), []byte(`{"version":4}`), 0o600); err != nil {
		t.Fatal(err)
	}
	elsewhere := t.TempDir()
	var part string
	if err := filepath.WalkDir(filepath.Join(store, "calls"), func(p string, e fs.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".parquet") && !strings.HasPrefix(e.Name(), ".") && part == "" {
			part = p
		}
		return err
	}); err != nil || part == "" {
		t.Fatalf("no calls part in the dataset (%v)", err)
	}
	q := func(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }
	manifest := filepath.Join(store, "manifest.json")
	out := filepath.Join(elsewhere, "out.csv")
	writes := []string{
		"COPY (SELECT 1 AS x) TO " + q(manifest) + " (FORMAT csv)",
		"COPY (SELECT * FROM calls_all LIMIT 1) TO " + q(part) + " (FORMAT parquet)",
		"COPY (SELECT 1 AS x) TO " + q(out),
		"COPY calls_all TO " + q(filepath.Join(store, "copy.parquet")),
		"EXPORT DATABASE " + q(filepath.Join(store, "export")),
		"ATTACH " + q(filepath.Join(store, "new.duckdb")) + " AS n",
		"CREATE TABLE t AS SELECT 1",
		"CREATE OR REPLACE VIEW calls AS SELECT 1 AS x",
		"CREATE MACRO m() AS 1",
		"DROP VIEW calls",
		"INSERT INTO calls_all SELECT * FROM calls_all",
		"INSTALL httpfs",
		"LOAD httpfs",
		"PRAGMA memory_limit='10GB'",
		"SET memory_limit = '10GB'",
		"RESET memory_limit",
		"CALL pragma_version()",
		"CHECKPOINT",
		"BEGIN TRANSACTION",
		"EXPLAIN ANALYZE COPY (SELECT 1) TO " + q(filepath.Join(store, "explained.csv")),
		"PREPARE p AS SELECT 1",
		"DETACH memory",
		"USE memory",
		"VACUUM",
		"EXPLAIN SELECT 1",
		"SELECT * FROM calls; EXPORT DATABASE " + q(filepath.Join(store, "export2")),
	}
	var tries []string
	tries = append(tries, writes...)
	for _, w := range []string{writes[0], writes[1], writes[9], writes[12]} {
		tries = append(tries,
			"SELECT 1; "+w,
			w+"; SELECT 1",
			"SELECT 1;"+w+";",
			"SELECT 1 -- a comment\n; "+w,
			"SELECT 1 /* ; */; "+w,
			"/* hidden */ SELECT 1; /* */ "+w+" -- done",
			"SELECT 1; SELECT 2; "+w,
			w+"; "+w,
		)
	}
	tries = append(tries, "SELECT 1; SELECT 2", "SELECT 1;;SELECT 2")
	d := openTest(t, store) // creates the store's lock file, before the hashes
	before, beforeElsewhere := hashTree(t, store), hashTree(t, elsewhere)
	wd, _ := os.Getwd()
	beforeWd := hashTree(t, wd)
	for _, s := range tries {
		var b bytes.Buffer
		err := d.Query(context.Background(), s, &b, "csv")
		if err == nil {
			t.Errorf("%q: ran (output %q); want it refused", s, b.String())
			continue
		}
		if !strings.Contains(err.Error(), "permsim sql runs one query") {
			t.Errorf("%q: error %q does not say that permsim sql runs one query", s, err)
		}
	}
	// The views are still there and still read the store.
	var b bytes.Buffer
	if err := d.Query(context.Background(), "SELECT count(*) > 0 AS has_calls FROM calls", &b, "csv"); err != nil || !strings.Contains(b.String(), "true") {
		t.Errorf("calls after the tries: %q, %v", b.String(), err)
	}
	// The query kinds that only read still run.
	for _, s := range []string{
		"SELECT 1",
		"  select 1 ;  ",
		"WITH x AS (SELECT 1 AS a) SELECT a FROM x",
		"FROM calls LIMIT 1",
		"VALUES (1), (2)",
		"DESCRIBE calls",
		"SUMMARIZE SELECT 1 AS a",
		"SHOW TABLES",
		"SELECT 1 -- a trailing comment",
	} {
		var b bytes.Buffer
		if err := d.Query(context.Background(), s, &b, "csv"); err != nil {
			t.Errorf("%q: %v", s, err)
		}
	}
	d.Close()
	sameTree(t, "store", before, hashTree(t, store))
	sameTree(t, "another folder", beforeElsewhere, hashTree(t, elsewhere))
	sameTree(t, "working folder", beforeWd, hashTree(t, wd))
}

package queries

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/queries/")

const testdataDir = "../testdata/queries"

var copyTarget = regexp.MustCompile(`TO '([^']+)'`)

// buildDataset runs testdata/queries/<name>/build.sql with DuckDB in a
// fresh temporary output folder and returns the folder.
func buildDataset(t testing.TB, name string) string {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(testdataDir, name, "build.sql"))
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	script := strings.ReplaceAll(string(src), "{{out}}", filepath.ToSlash(out))
	// DuckDB's COPY does not create folders.
	for _, m := range copyTarget.FindAllStringSubmatch(script, -1) {
		if err := os.MkdirAll(filepath.Dir(m[1]), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	db, tmp, err := openDuckDB()
	if err != nil {
		t.Fatal(err)
	}
	defer (&DB{db: db, tmpDir: tmp}).Close()
	if _, err := db.ExecContext(context.Background(), script); err != nil {
		t.Fatalf("%s/build.sql: %v", name, err)
	}
	return out
}

// openTest opens dir and closes it when the test ends.
func openTest(t testing.TB, dir string) *DB {
	t.Helper()
	d, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

// golden compares got with testdata/queries/<name>, or rewrites the file
// under -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join(testdataDir, name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run %s -update to create it)", err, t.Name())
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden file\n--- got ---\n%s\n--- want ---\n%s", name, got, want)
	}
}

func runtimeProcs() int { return runtime.GOMAXPROCS(0) }

func mkdir(t testing.TB, dir string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
}

// copyTree copies the regular files under src to dst.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(path string, e os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		target := filepath.Join(dst, rel)
		if e.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, b, 0o644)
	})
}

// ansi matches the SGR escape sequences the text report colours with.
var ansi = regexp.MustCompile("\x1b\\[[0-9;]*m")

package queries

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// Issue 27: "sql has no time limit (range(1e11) runs until killed) and may
// fill /tmp with spill files." A query stops when its context ends —
// within a second or two, not when DuckDB is done — and Close removes the
// spill folder. The spill folder is bounded too.
func TestQueryStopsAtDeadline(t *testing.T) {
	d, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	tmp := d.tmpDir
	if _, err := os.Stat(tmp); err != nil {
		t.Fatalf("spill folder: %v", err)
	}
	for _, q := range []string{
		"SELECT count(*) FROM range(1e11::BIGINT)",
		"SELECT count(*) FROM range(1e6::BIGINT) a, range(1e6::BIGINT) b",
		"SELECT a.range % 7 AS k, count(*) FROM range(1e11::BIGINT) a GROUP BY ALL",
	} {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		start := time.Now()
		err := d.Query(ctx, q, &bytes.Buffer{}, "csv")
		took := time.Since(start)
		cancel()
		if err == nil {
			t.Errorf("%s: finished without an error", q)
		} else if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("%s: error %v does not wrap context.DeadlineExceeded", q, err)
		}
		if took > 4*time.Second {
			t.Errorf("%s: stopped after %v; want within a few seconds of the 1 s limit", q, took)
		}
	}
	recs, err := d.recordsSQL(context.Background(), "SELECT current_setting('max_temp_directory_size') AS n")
	if err != nil {
		t.Fatal(err)
	}
	if got := str(recs[0]["n"]); got == "" || got == "90% of available disk space" {
		t.Errorf("max_temp_directory_size = %q; want a fixed bound", got)
	}
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(tmp); !os.IsNotExist(err) {
		t.Errorf("spill folder %s still there after Close (%v)", tmp, err)
	}
	left, _ := filepath.Glob(filepath.Join(filepath.Dir(tmp), filepath.Base(tmp)+"*"))
	if len(left) != 0 {
		t.Errorf("left behind: %v", left)
	}
}

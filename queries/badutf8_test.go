package queries

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 27: a store an older permsim wrote from a transcript with bytes
// that are not UTF-8 holds a part DuckDB refuses ("Invalid string encoding
// found in Parquet file"), and re-ingesting into the same store does not
// heal it (the transcript is unchanged, so it is not read again). sql and
// the report name the part and say how to heal the store. The part in
// testdata/queries/older-bad-utf8 was written by the dataset writer before
// it kept strings valid.
func TestOlderPartWithBadUTF8(t *testing.T) {
	store := t.TempDir()
	if err := copyTree(filepath.Join(testdataDir, "older-bad-utf8"), store); err != nil {
		t.Fatal(err)
	}
	part := filepath.Join(store, "calls", "harness=claude-code", "date=2026-03-14", "part-1-0.parquet")
	d := openTest(t, store)
	check := func(what string, err error) {
		t.Helper()
		if err == nil {
			t.Fatalf("%s: no error", what)
		}
		for _, want := range []string{part, "not UTF-8", "fresh --out"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("%s: error %q lacks %q", what, err, want)
			}
		}
	}
	check("sql", d.Query(context.Background(), "SELECT command FROM calls", &bytes.Buffer{}, "csv"))
	_, err := d.Risk(context.Background())
	check("report", err)
}

package dataset

import (
	"os"
	"path/filepath"
	"testing"
)

// TestRemoveLeftovers: issue 14, "Leftover temporary files of a killed run
// are cleaned at the next run" — whatever their age, for a table the
// killed run had not created yet as for one it was replacing.
func TestRemoveLeftovers(t *testing.T) {
	out := t.TempDir()
	mk := func(p string) {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(out, p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(out, p), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	mk(".decisions.new-7/harness=x/date=unknown/.part-7-0.parquet.tmp") // first replay killed
	mk("calls/harness=x/date=unknown/.part-8-0.parquet.tmp")            // ingest killed
	mk("calls/harness=x/date=unknown/part-6-0.parquet")                 // a committed file
	mk(".rules.old-5/part-5-0.parquet")                                 // killed between a replace's renames
	RemoveLeftovers(out)
	for _, gone := range []string{".decisions.new-7", "calls/harness=x/date=unknown/.part-8-0.parquet.tmp"} {
		if _, err := os.Stat(filepath.Join(out, gone)); err == nil {
			t.Errorf("%s left", gone)
		}
	}
	for _, kept := range []string{"calls/harness=x/date=unknown/part-6-0.parquet", "rules/part-5-0.parquet"} {
		if _, err := os.Stat(filepath.Join(out, kept)); err != nil {
			t.Errorf("%s: %v (want it kept, or restored)", kept, err)
		}
	}
}

// The store's own small files (replay's record, nightly's state and report
// cache) are written as .<name>.tmp beside the tables and renamed: a killed
// run's is removed by the next writer, and the files themselves stay.
func TestRemoveLeftoversBesideTables(t *testing.T) {
	out := t.TempDir()
	for _, n := range []string{".replay-inputs.json.tmp", "replay-inputs.json", "nightly-state.json"} {
		if err := os.WriteFile(filepath.Join(out, n), []byte("{}"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	RemoveLeftovers(out)
	if _, err := os.Stat(filepath.Join(out, ".replay-inputs.json.tmp")); !os.IsNotExist(err) {
		t.Errorf("the temp file is still there: %v", err)
	}
	for _, n := range []string{"replay-inputs.json", "nightly-state.json"} {
		if _, err := os.Stat(filepath.Join(out, n)); err != nil {
			t.Errorf("%s: %v", n, err)
		}
	}
}

package dataset

import (
	"testing"
	"time"
)

// Issue 27: Parquet's strings are UTF-8, and DuckDB refuses a whole table
// when one value is not. Whatever a writer hands the dataset — a row's
// text, a path in a list, through Write or WriteColumns — is stored as
// valid UTF-8, each stray byte as U+FFFD; valid text is stored as given.
func TestWriteKeepsTextUTF8(t *testing.T) {
	dir := t.TempDir()
	ts := time.Date(2026, 3, 14, 10, 0, 0, 0, time.UTC)
	writeAll(t, dir, "t", Options{Partitions: parts, RunID: "1"}, []every{
		{Harness: "h", Name: "git status \xff\xfe", Ts: ts, Paths: []string{"/tmp/ä", "/tmp/\xc3"}},
		{Harness: "h", Name: "ls ü", Ts: ts.Add(time.Second)},
	})
	got := readAll[every](t, dir, "t")
	if len(got) != 2 {
		t.Fatalf("%d rows", len(got))
	}
	if got[0].Name != "git status \uFFFD\uFFFD" || got[0].Paths[0] != "/tmp/ä" || got[0].Paths[1] != "/tmp/\uFFFD" {
		t.Errorf("row 1 = %q %q", got[0].Name, got[0].Paths)
	}
	if got[1].Name != "ls ü" {
		t.Errorf("row 2 = %q", got[1].Name)
	}
}

package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Issue 27: "sql has no time limit (range(1e11) runs until killed)".
// --timeout stops the query and says so, within a few seconds of the limit,
// and leaves no DuckDB spill folder behind; 0 is no limit, and a query
// within the default limit runs as before.
func TestSQLTimeout(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	out := filepath.Join(t.TempDir(), "store")
	start := time.Now()
	code, stdout, stderr := runCLI(t, "", "sql", "--out", out, "--timeout", "1s", "SELECT count(*) FROM range(1e11::BIGINT)")
	took := time.Since(start)
	if code != 2 || !strings.Contains(stderr, "ran past --timeout 1s") {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 2 and the time limit named", code, stdout, stderr)
	}
	if took > 5*time.Second {
		t.Errorf("stopped after %v; want within a few seconds of the 1 s limit", took)
	}
	// Ctrl-C (the context main cancels on SIGINT) stops it too.
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(time.Second, cancel)
	var o, e bytes.Buffer
	start = time.Now()
	code = run(ctx, []string{"sql", "--out", out, "--timeout", "0", "SELECT count(*) FROM range(1e11::BIGINT)"}, strings.NewReader(""), &o, &e)
	if took := time.Since(start); code != 2 || !strings.Contains(e.String(), "stopped before it finished") || took > 5*time.Second {
		t.Errorf("cancelled: exit %d after %v, stderr %q; want exit 2 within a few seconds", code, took, e.String())
	}
	if code, _, stderr := runCLI(t, "", "sql", "--out", out, "--timeout", "0", "SELECT 1 AS one"); code != 0 {
		t.Errorf("--timeout 0: exit %d, %s", code, stderr)
	}
	if code, _, stderr := runCLI(t, "", "sql", "--out", out, "--timeout", "-1s", "SELECT 1 AS one"); code != 2 {
		t.Errorf("--timeout -1s: exit %d, %s; want 2", code, stderr)
	}
	left, err := os.ReadDir(tmp)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range left {
		t.Errorf("left behind in TMPDIR: %s", e.Name())
	}
}

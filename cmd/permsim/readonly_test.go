package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/permsim/permsim/internal/storelock"
)

// sql and report open a store read-only without the writer's lock (issue
// 31): on a read-only mount of a store — with its commit lock file, and
// without one (a synced cache) — both answer. The mount is a read-only
// bind mount in a mount namespace of its own (unshare -m), which needs
// root: skipped elsewhere.
func TestReadOnlyStore(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("a read-only bind mount needs root")
	}
	unshare, err := exec.LookPath("unshare")
	if err != nil {
		t.Skip("no unshare")
	}
	home, root := demoArgs(t)
	out := t.TempDir()
	mustRun(t, "nightly", "--home", home, "--out", out, "--root", "/home="+root, "--format", "json")
	want := mustRun(t, "report", "--out", out, "--format", "json")
	wantSQL := mustRun(t, "sql", "--out", out, "--format", "csv", "SELECT count(*) FROM decisions")
	for _, lockFile := range []bool{true, false} {
		if !lockFile {
			os.Remove(filepath.Join(out, storelock.CommitFile))
		}
		script := `mount --bind -o ro "$1" "$1" && touch "$1/probe" 2>/dev/null && { echo "the mount is writable"; exit 3; }
"$2" report --out "$1" --format json > "$1.report" && "$2" sql --out "$1" --format csv 'SELECT count(*) FROM decisions' > "$1.sql"`
		cmd := exec.Command(unshare, "-m", "sh", "-c", script, "sh", out, os.Args[0])
		cmd.Env = append(os.Environ(), "PERMSIM_TEST_AS_PERMSIM=1")
		b, err := cmd.CombinedOutput()
		if err != nil {
			if strings.Contains(string(b), "unshare failed") || strings.Contains(string(b), "Operation not permitted") {
				t.Skipf("no mount namespace here: %s", b)
			}
			t.Fatalf("lock file %v: %v\n%s", lockFile, err, b)
		}
		got, _ := os.ReadFile(out + ".report")
		gotSQL, _ := os.ReadFile(out + ".sql")
		if string(got) != want || string(gotSQL) != wantSQL {
			t.Errorf("lock file %v: on the read-only mount report/sql gave\n%s\n%s\nwant\n%s\n%s", lockFile, got, gotSQL, want, wantSQL)
		}
	}
}

package reportsum

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/permsim/permsim/dataset"
)

// A summary stands for the store only as it was made: the same build, the
// same simulated harnesses (in any order), the same calls and decisions
// files; anything else is ErrStale, and so is a missing or unreadable
// summary.
func TestLoadOnlyWhatStands(t *testing.T) {
	out := t.TempDir()
	for _, f := range []string{"calls/harness=codey/date=2026-11-01/a.parquet", "decisions/harness=codey/date=2026-11-01/b.parquet"} {
		p := filepath.Join(out, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	stale := func(what string, _ *Summary, err error) {
		t.Helper()
		if !errors.Is(err, ErrStale) {
			t.Errorf("%s: err %v, want ErrStale", what, err)
		}
	}
	s, err := Load(out, "build 1", []string{"codey"})
	stale("no summary", s, err)

	calls, _ := dataset.TableID(out, "calls")
	decs, _ := dataset.TableID(out, "decisions")
	want := &Summary{Version: Version, Build: "build 1", Simulated: []string{"claude-code", "codey"}, Calls: calls, Decisions: decs,
		Report: Report{Calls: 7, Decisions: 5}}
	if err := Write(out, want); err != nil {
		t.Fatal(err)
	}
	got, err := Load(out, "build 1", []string{"codey", "claude-code", "codey"})
	if err != nil || got.Report.Calls != 7 || got.Report.Decisions != 5 {
		t.Fatalf("Load: %+v, %v", got, err)
	}
	s, err = Load(out, "build 2", []string{"codey", "claude-code"})
	stale("another build", s, err)
	s, err = Load(out, "", []string{"codey", "claude-code"})
	stale("no build", s, err)
	s, err = Load(out, "build 1", []string{"codey"})
	stale("other simulated harnesses", s, err)

	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(filepath.Join(out, "decisions/harness=codey/date=2026-11-01/b.parquet"), later, later); err != nil {
		t.Fatal(err)
	}
	s, err = Load(out, "build 1", []string{"codey", "claude-code"})
	stale("decisions rewritten", s, err)

	if err := os.WriteFile(filepath.Join(out, File), []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err = Load(out, "build 1", []string{"codey", "claude-code"})
	stale("a cut-short summary", s, err)
	if err := Remove(out); err != nil {
		t.Fatal(err)
	}
	if err := Remove(out); err != nil {
		t.Errorf("removing no summary: %v", err)
	}
}

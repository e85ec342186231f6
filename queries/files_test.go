package queries

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/permsim/permsim/dataset"
)

// The SQL views and replay must read the same files of a table: a writer's
// unfinished file (".") and Spark/Hive bookkeeping ("_", not a key=value
// folder) are no part of it, for `permsim sql` as for replay's
// dataset.Parts; a file outside the harness=/date= layout is warned about
// and left out of the view only. Before the two shared dataset.WalkFiles,
// the views read "_"-named files that replay skipped.
func TestTableFilesAsReplayReadsThem(t *testing.T) {
	out := t.TempDir()
	table := filepath.Join(out, "calls")
	for _, rel := range []string{
		"harness=codex/date=2026-01-02/part-1-0.parquet",
		"harness=codex/date=2026-01-02/.part-2-0.parquet.tmp.parquet",
		"harness=codex/date=2026-01-02/_committed.parquet",
		"harness=_odd/date=2026-01-02/part-1-0.parquet",
		"_temporary/harness=codex/date=2026-01-02/part-3-0.parquet",
		".calls.new-5/harness=codex/date=2026-01-02/part-5-0.parquet",
		"harness=codex/part-4-0.parquet",
		"harness=codex/date=2026-01-02/notes.txt",
	} {
		p := filepath.Join(table, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	files, warns := parquetFiles(table, true)
	want := []string{
		filepath.Join(table, "harness=_odd/date=2026-01-02/part-1-0.parquet"),
		filepath.Join(table, "harness=codex/date=2026-01-02/part-1-0.parquet"),
	}
	if !slices.Equal(files, want) {
		t.Errorf("view files:\n got %q\nwant %q", files, want)
	}
	if len(warns) != 1 || !strings.Contains(warns[0], "harness=codex/part-4-0.parquet: skipped") {
		t.Errorf("warnings = %q, want one for the file outside the layout", warns)
	}
	parts, err := dataset.Parts(out, "calls")
	if err != nil {
		t.Fatal(err)
	}
	var replay []string
	for _, p := range parts {
		if !strings.HasSuffix(p.Path, "harness=codex/part-4-0.parquet") {
			replay = append(replay, p.Path)
		}
	}
	if !slices.Equal(replay, want) {
		t.Errorf("replay's files (but the one out of layout):\n got %q\nwant %q", replay, want)
	}

	// A table folder linked in from elsewhere is still the table, for both,
	// and its files are named under the link.
	linked := t.TempDir()
	if err := os.Symlink(table, filepath.Join(linked, "calls")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	files, _ = parquetFiles(filepath.Join(linked, "calls"), true)
	parts, err = dataset.Parts(linked, "calls")
	if err != nil {
		t.Fatal(err)
	}
	var partPaths []string
	for _, p := range parts {
		partPaths = append(partPaths, p.Path)
	}
	if len(files) != 2 || len(partPaths) != 3 || !strings.HasPrefix(files[0], linked) || !strings.HasPrefix(partPaths[0], linked) {
		t.Errorf("linked table: view files %q, replay's %q; want 2 and 3, named under %s", files, partPaths, linked)
	}
}

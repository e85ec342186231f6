package ingest_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/permsim/permsim/dataset"
	"github.com/permsim/permsim/ingest"
)

// ReadCallColumns gives the rows ReadCalls gives: "A row whose CallKey was
// already written by an earlier run with a lower CopyRank is still written
// (the DuckDB view and the replay reader pick the best: lowest copy_rank,
// then highest ingest_run)". The expected rows are the ones that sentence
// names, as in TestReadCallsAcrossRuns; the runs with a filter too small to
// settle the repeats itself take the bucketed passes instead.
func TestReadCallColumnsAcrossRuns(t *testing.T) {
	for _, c := range []struct {
		name     string
		suspects int
	}{{"filter", 1 << 17}, {"bucketed passes", 0}} {
		t.Run(c.name, func(t *testing.T) {
			defer ingest.SetMaxSuspects(c.suspects)()
			h, out := t.TempDir(), t.TempDir()
			dir := filepath.Join(h, "fake")
			os.MkdirAll(dir, 0o755)
			write := func(name, content string) {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			src := newFake()
			write("a.log", "k1 0 2025-01-01T00:00:00Z original\nk2 0 - pending\nk3 0 - alone\n")
			run(t, h, out, src)
			write("b.log", "k1 1 2025-01-01T00:00:00Z copy\n")
			run(t, h, out, src)
			// Rewritten: the same key and rank again, the later run wins.
			write("a.log", "k2 0 - ok\n")
			run(t, h, out, src)
			write("a.log", "k2 0 - ok\nk1 0 2025-01-01T00:00:00Z original-again\n")
			run(t, h, out, src)

			got := map[string][]string{}
			specs := []dataset.ColumnSpec{{Name: "call_key", Kind: dataset.KindString}, {Name: "result", Kind: dataset.KindString}}
			err := ingest.ReadCallColumns(out, specs, func(keep func(int) bool, first, n int, cols []dataset.ColumnValues) error {
				for i := range n {
					if keep(first + i) {
						k := strings.Clone(cols[0].Strings[i])
						got[k] = append(got[k], strings.Clone(cols[1].Strings[i]))
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			want := map[string]string{"k1": "original-again", "k2": "ok", "k3": "alone"}
			if len(got) != len(want) {
				t.Errorf("keys %v, want %v", got, want)
			}
			for k, w := range want {
				if g := got[k]; len(g) != 1 || g[0] != w {
					t.Errorf("%s: %q, want only %q", k, g, w)
				}
			}
		})
	}
}

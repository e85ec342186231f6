package opencode

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/ingesttest"
)

// TestFilesOrder: the JSON storage is listed one session at a time (its
// session file, its messages, their parts in the order of the parts'
// paths: "m-2/…" before "m/…"), sessions by id, the parts of unknown
// messages first; every record is listed once.
func TestFilesOrder(t *testing.T) {
	clearEnv(t)
	home := t.TempDir()
	st := filepath.Join(home, ".local/share/opencode/storage")
	var all []string
	add := func(rel string) {
		p := filepath.Join(st, rel)
		write(t, p, "{}")
		all = append(all, p)
	}
	add("session/proj1/ses_b.json")
	add("session/proj2/ses_a.json")
	add("message/ses_a/m.json")
	add("message/ses_a/m-2.json")
	add("message/ses_b/n.json")
	add("message/ses_c/o.json") // a session with no session file
	add("part/m/p1.json")
	add("part/m/p2.json")
	add("part/m-2/p0.json")
	add("part/n/p.json")
	add("part/unknown/p.json")
	files := ingesttest.ListInOrder(t, New(), home)
	got := ingesttest.Paths(files)
	g := func(rel string) string { return filepath.Join(st, rel) }
	want := []string{g("part/unknown/p.json"),
		g("session/proj2/ses_a.json"), g("message/ses_a/m-2.json"), g("message/ses_a/m.json"), g("part/m-2/p0.json"), g("part/m/p1.json"), g("part/m/p2.json"),
		g("session/proj1/ses_b.json"), g("message/ses_b/n.json"), g("part/n/p.json"),
		g("message/ses_c/o.json")}
	if !slices.Equal(got, want) {
		t.Errorf("listed\n%v\nwant\n%v", got, want)
	}
	groups := map[string]bool{}
	for _, f := range files {
		groups[ingest.GroupKey(f)] = true
	}
	if len(groups) != 4 {
		t.Errorf("%d groups, want 4 (unknown messages' parts, ses_a, ses_b, ses_c)", len(groups))
	}
}

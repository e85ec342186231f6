package opencode

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/permsim/permsim/internal/ingesttest"
)

// TestHugePartFile: "a 600 MB OpenCode part file … size caps with a clear
// message" (issue 14): the part is reported, not read into memory, and the
// other calls of the store are still read.
func TestHugePartFile(t *testing.T) {
	home := t.TempDir()
	ingesttest.CopyTree(t, "../../testdata/ingest/opencode/synthetic/home", home)
	parts := filepath.Join(home, ".local/share/opencode/storage/part")
	msgs, err := os.ReadDir(parts)
	if err != nil || len(msgs) == 0 {
		t.Fatal("no parts in the fixture", err)
	}
	huge := filepath.Join(parts, msgs[0].Name(), "prt_zzzzhuge.json")
	f, err := os.Create(huge)
	if err != nil {
		t.Fatal(err)
	}
	// sparse: 600 MB on paper, nothing on disk
	if err := f.Truncate(600 << 20); err != nil {
		t.Fatal(err)
	}
	f.Close()
	sink, _ := readHome(t, home, nil)
	found := false
	for _, p := range sink.Problems {
		if p.File == huge && strings.Contains(p.Msg, "too large") && strings.Contains(p.Msg, "600 MB") {
			found = true
		}
	}
	if !found {
		t.Errorf("problems %v, want one naming %s as too large (600 MB)", sink.Problems, huge)
	}
	if len(sink.Rows) == 0 {
		t.Error("the other parts' calls must still be read")
	}
}

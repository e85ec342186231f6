package cursor

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/permsim/permsim/internal/ingesttest"
)

const (
	chatA = ".cursor/chats/61d88df0c8f6b65b888854d114a52601/67e83177-82a2-44a3-b178-942e1f8a0bb9/store.db"
	chatB = ".cursor/chats/197ba2cd9355488a16c4470e9a92d524/47fd920f-0530-4824-a0cf-136d31858163/store.db"
)

// TestCorruptInput: "unknown blobs counted and reported, never fatal", and
// the house rule "Bad input … → a clear message naming file and line, and
// the work goes on with everything else": a file that is not a database,
// an unreadable one, blobs of unknown shape and a broken meta row are each
// reported with their file, and the 5 calls of the two intact chats are
// still read.
func TestCorruptInput(t *testing.T) {
	home := filepath.Join(t.TempDir(), "home")
	ingesttest.CopyTree(t, synthHome, home)
	chats := filepath.Join(home, ".cursor/chats")

	notDB := filepath.Join(chats, "00000000000000000000000000000000/11111111-1111-1111-1111-111111111111/store.db")
	write(t, notDB, strings.Repeat("definitely not SQLite\n", 20))
	unreadable := filepath.Join(chats, "00000000000000000000000000000000/22222222-2222-2222-2222-222222222222/store.db")
	if os.Geteuid() == 0 {
		// Root reads any file whatever its mode: a name pointing nowhere
		// stands in for an unreadable file.
		if err := os.MkdirAll(filepath.Dir(unreadable), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(filepath.Join(chats, "gone.db"), unreadable); err != nil {
			t.Fatal(err)
		}
	} else {
		write(t, unreadable, "SQLite format 3\x00")
		if err := os.Chmod(unreadable, 0); err != nil {
			t.Fatal(err)
		}
	}
	a := filepath.Join(home, chatA)
	db := ingesttest.WriteDB(t, a)
	ingesttest.Exec(t, db, `INSERT INTO blobs (id, data) VALUES ('aa', ?), ('bb', ?)`, []byte("\x07\x00 random bytes"), []byte(`{"hello":"no role"}`))
	db.Close()
	b := filepath.Join(home, chatB)
	db = ingesttest.WriteDB(t, b)
	ingesttest.Exec(t, db, `UPDATE meta SET value = 'zz not hex' WHERE key = '0'`)
	db.Close()

	sink, _ := readHome(t, home, nil)
	wantProblems := []struct{ file, msg string }{
		{notDB, "not an SQLite database"},
		{unreadable, "cannot read"},
		{a, "2 blobs of unknown shape skipped"},
		{b, "meta row 0 is neither hex-encoded JSON nor JSON"},
	}
	if len(sink.Problems) != len(wantProblems) {
		t.Errorf("problems: %d, want %d: %v", len(sink.Problems), len(wantProblems), sink.Problems)
	}
	for _, w := range wantProblems {
		found := false
		for _, p := range sink.Problems {
			found = found || (p.File == w.file && strings.Contains(p.Msg, w.msg))
		}
		if !found {
			t.Errorf("no problem %s %q among %v", w.file, w.msg, sink.Problems)
		}
	}
	ids := map[string]string{}
	for _, r := range sink.Rows {
		ids[r.CallID] = r.SessionID
	}
	if len(ids) != 5 {
		t.Errorf("calls: %d, want the fixture's 5: %v", len(ids), ids)
	}
	// Chat B lost its meta row: its id comes from its folder, and without
	// the meta it has no mode.
	if ids["toolu_01Ym5PIyY3Sx0h6tnN6l01dS"] != "47fd920f-0530-4824-a0cf-136d31858163" {
		t.Errorf("chat B's call under session %q", ids["toolu_01Ym5PIyY3Sx0h6tnN6l01dS"])
	}
}

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

package opencode

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/permsim/permsim/internal/ingesttest"
)

// TestCorruptInput: "Bad input (corrupt lines, invalid JSON, unknown rule
// forms) → a clear message naming file and line, and the work goes on with
// everything else." Each kind of damage is reported at its place, and the
// 12 calls of the intact records are all still read.
func TestCorruptInput(t *testing.T) {
	clearEnv(t)
	home := filepath.Join(t.TempDir(), "home")
	ingesttest.CopyTree(t, synthHome, home)
	data := filepath.Join(home, ".local/share/opencode")
	msgDir := filepath.Join(data, "storage/part/msg_bdb7eb738001ppuaXgxTFi2D7f")

	// Invalid JSON: a stray word on line 3.
	badJSON := filepath.Join(msgDir, "prt_bdb7eb738009aaaaaaaaaaaaaa.json")
	write(t, badJSON, "{\n  \"type\": \"tool\",\n  oops\n}\n")
	// A file that is not a database where a channel database would be.
	notDB := filepath.Join(data, "opencode-beta.db")
	write(t, notDB, strings.Repeat("this is not an SQLite database\n", 10))
	// An unreadable file. Root reads any file whatever its mode, so there
	// a part name that points nowhere stands in for it.
	unreadable := filepath.Join(msgDir, "prt_bdb7eb738009bbbbbbbbbbbbbb.json")
	if os.Geteuid() == 0 {
		if err := os.Symlink(filepath.Join(data, "gone.json"), unreadable); err != nil {
			t.Fatal(err)
		}
	} else {
		write(t, unreadable, `{"type":"tool"}`)
		if err := os.Chmod(unreadable, 0); err != nil {
			t.Fatal(err)
		}
	}
	// A part row of the database whose data is not JSON.
	db := ingesttest.WriteDB(t, filepath.Join(data, "opencode.db"))
	ingesttest.Exec(t, db, `INSERT INTO part (id, message_id, session_id, time_created, time_updated, data)
		VALUES ('prt_cae5071ae001zzzzzzzzzzzzzz', 'msg_cae5044c1001qs4bge85V9wspw', 'ses_351b0113fffeUnr6mQMXLFFwLM', 1, 1,
		'{"type":"tool","callID":"x", broken')`)
	var badRow int64
	if err := db.QueryRow(`SELECT rowid FROM part WHERE id = 'prt_cae5071ae001zzzzzzzzzzzzzz'`).Scan(&badRow); err != nil {
		t.Fatal(err)
	}
	db.Close()

	sink, _ := readHome(t, home, nil)

	wantProblems := []struct {
		file string
		line int64
		msg  string
	}{
		{filepath.Join(data, "storage/part/msg_bdb7eb224001ID4ayvY6A0YmNM/prt_bdb7edeac001GSx28ee3nufnZL.json"), 11, "not a valid JSON record"},
		{badJSON, 3, "not a valid JSON record"},
		{notDB, 0, "not an SQLite database"},
		{unreadable, 0, "cannot read"},
		{filepath.Join(data, "opencode.db"), badRow, "not valid JSON"},
	}
	if len(sink.Problems) != len(wantProblems) {
		t.Errorf("problems: got %d, want %d: %v", len(sink.Problems), len(wantProblems), sink.Problems)
	}
	for _, w := range wantProblems {
		found := false
		for _, p := range sink.Problems {
			if p.File == w.file && p.Line == w.line && strings.Contains(p.Msg, w.msg) {
				found = true
			}
		}
		if !found {
			t.Errorf("no problem %s:%d %q among %v", w.file, w.line, w.msg, sink.Problems)
		}
	}
	distinct := map[string]bool{}
	for _, r := range sink.Rows {
		distinct[r.CallKey] = true
	}
	if len(distinct) != 12 {
		t.Errorf("calls read around the damage: %d distinct, want expected.json's 12", len(distinct))
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

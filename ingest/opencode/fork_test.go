package opencode

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/ingesttest"
)

// The two real homes were recorded at the same time by OpenCode 1.18.33
// with a scripted model (testdata/ingest/opencode/real): both sessions'
// first call is call_rh0000, started 143 ms apart.
const (
	realDefault = "../../testdata/ingest/opencode/real/fx-opencode-default/home/user"
	realRules   = "../../testdata/ingest/opencode/real/fx-opencode-rules/home"
	realDBRel   = ".local/share/opencode/opencode.db"
	rulesSess   = "ses_dd5ffaa76ffeoF3gWiinb6YMDQ"
)

// runHomes ingests every home in one run and reads the table back, one
// row per call_key as every reader of it does.
func runHomes(t *testing.T, homes ...string) map[string]ingest.Row {
	t.Helper()
	out := t.TempDir()
	sum, err := ingest.Run(context.Background(), ingest.Options{Homes: homes, OutDir: out, Workers: 2}, []ingest.Source{New()})
	if err != nil {
		t.Fatalf("ingest.Run: %v", err)
	}
	if sum.ProblemCount != 0 {
		t.Fatalf("problems: %v", sum.Problems)
	}
	got := map[string]ingest.Row{}
	if err := ingest.ReadCalls(out, func(r ingest.Row) error {
		got[r.CallKey] = r
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return got
}

// copyHome copies a real home into a temp folder and opens its database
// for writing.
func copyHome(t *testing.T, src string) (string, *sql.DB) {
	t.Helper()
	home := filepath.Join(t.TempDir(), "home")
	ingesttest.CopyTree(t, src, home)
	home = filepath.Join(home, "user")
	db := ingesttest.WriteDB(t, filepath.Join(home, realDBRel))
	return home, db
}

// TestUnrelatedSessionsSameCallID: issue 14, "calls of unrelated sessions
// with the same id collide … The key must include what makes it unique".
// The two real homes hold different calls under the same scripted ids;
// with the rules home's first call moved into the same millisecond as the
// default home's (sandboxes run side by side: theirs were 143 ms apart),
// both homes' calls must still all be counted: 3 + 6 (the RESULTS rows of
// the two cases, fixtures/real/README.md).
func TestUnrelatedSessionsSameCallID(t *testing.T) {
	clearEnv(t)
	home, db := copyHome(t, realRules)
	ingesttest.Exec(t, db, `UPDATE part SET data = replace(data, '"start":1796000997264', '"start":1796000997407') WHERE data LIKE '%"callID":"call_rh0000"%'`)
	db.Close()
	got := runHomes(t, realDefault, home)
	if len(got) != 9 {
		t.Errorf("calls: %d, want 9 (3 + 6): %v", len(got), ingesttest.Keys(got))
	}
	var firsts []string
	for _, r := range got {
		if r.CallID == "call_rh0000" {
			firsts = append(firsts, r.Command)
		}
	}
	if len(firsts) != 2 {
		t.Errorf("call_rh0000 rows: %q, want both homes' (echo hi, ls)", firsts)
	}
}

// TestForkCountsOnce: transcript-formats.md §4.4, "fork creates a new
// session (title `… (fork #N)`, no parent link) copying messages and parts
// under new ids while keeping callID, state and times (… the older session
// is the original)". The real rules session forked (in the database as
// OpenCode ≥ 1.2 writes it, and again as ≤ 1.1's indented JSON files) still
// holds 6 calls, each read from the original session.
func TestForkCountsOnce(t *testing.T) {
	clearEnv(t)
	home, db := copyHome(t, realRules)
	fork := "ses_dd5ff0000000forkForkFork01"
	ingesttest.Exec(t, db, `INSERT INTO session (id, project_id, slug, directory, title, version, time_created, time_updated)
		SELECT ?, project_id, 'forked-slug', directory, title || ' (fork #1)', version, time_updated + 1000, time_updated + 1000 FROM session WHERE id = ?`, fork, rulesSess)
	ingesttest.Exec(t, db, `INSERT INTO message (id, session_id, time_created, time_updated, data)
		SELECT 'msg_f' || substr(id, 6), ?, time_created, time_updated, data FROM message WHERE session_id = ?`, fork, rulesSess)
	ingesttest.Exec(t, db, `INSERT INTO part (id, message_id, session_id, time_created, time_updated, data)
		SELECT 'prt_f' || substr(id, 6), 'msg_f' || substr(message_id, 6), ?, time_created, time_updated, data FROM part WHERE session_id = ?`, fork, rulesSess)

	// The same fork once more as JSON storage files, indented as OpenCode
	// wrote them (Bun's JSON.stringify(v, null, 2)).
	jsFork := "ses_dd5ff0000000forkForkFork02"
	storage := filepath.Join(home, ".local/share/opencode/storage")
	writeJSON := func(path string, head map[string]any, compact []byte) {
		t.Helper()
		var b bytes.Buffer
		b.WriteString("{")
		for _, k := range []string{"id", "sessionID", "messageID"} {
			if v, ok := head[k]; ok {
				kv, _ := json.Marshal(v)
				b.WriteString(`"` + k + `":` + string(kv) + ",")
			}
		}
		b.Write(compact[1:])
		var ind bytes.Buffer
		if err := json.Indent(&ind, b.Bytes(), "", "  "); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, ind.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var dir string
	var created int64
	if err := db.QueryRow(`SELECT directory, time_updated + 2000 FROM session WHERE id = ?`, rulesSess).Scan(&dir, &created); err != nil {
		t.Fatal(err)
	}
	sessJSON, _ := json.Marshal(map[string]any{"directory": dir, "title": "RH title (fork #2)", "version": "1.1.0", "time": map[string]int64{"created": created, "updated": created}})
	writeJSON(filepath.Join(storage, "session/561806f240abe8116110296c9f3f63066ccc7f4f", jsFork+".json"), map[string]any{"id": jsFork}, sessJSON)
	rows, err := db.Query(`SELECT m.id, p.id, m.data, p.data FROM part p JOIN message m ON m.id = p.message_id WHERE p.session_id = ?`, rulesSess)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var mid, pid string
		var mdata, pdata []byte
		if err := rows.Scan(&mid, &pid, &mdata, &pdata); err != nil {
			t.Fatal(err)
		}
		nm, np := "msg_j"+mid[5:], "prt_j"+pid[5:]
		writeJSON(filepath.Join(storage, "message", jsFork, nm+".json"), map[string]any{"id": nm, "sessionID": jsFork}, mdata)
		writeJSON(filepath.Join(storage, "part", nm, np+".json"), map[string]any{"id": np, "sessionID": jsFork, "messageID": nm}, pdata)
	}
	rows.Close()
	db.Close()

	// Both copies are read: 6 calls from each of the three sessions.
	sink, _ := readHome(t, home, nil)
	perSession := map[string]int{}
	for _, r := range sink.Rows {
		perSession[r.SessionID]++
	}
	if perSession[rulesSess] != 6 || perSession[fork] != 6 || perSession[jsFork] != 6 {
		t.Fatalf("rows read per session: %v, want 6 in each", perSession)
	}
	got := runHomes(t, home)
	if len(got) != 6 {
		t.Errorf("calls: %d, want 6: %v", len(got), ingesttest.Keys(got))
	}
	for _, r := range got {
		if r.SessionID != rulesSess || !strings.HasSuffix(r.SourceFile, "opencode.db") {
			t.Errorf("%s kept from session %s (%s), want the original %s", r.CallID, r.SessionID, r.SourceFile, rulesSess)
		}
	}
}

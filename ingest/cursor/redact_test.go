package cursor

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/ingesttest"
	"github.com/permsim/permsim/internal/secrets"
)

// redactingSink is a test sink that masks as `ingest --redact` does.
type redactingSink struct{ ingesttest.Sink }

func (s *redactingSink) RedactRow(r *ingest.Row) {
	r.Command = secrets.MaskString(r.Command)
	r.InputJSON = secrets.MaskJSON(r.InputJSON)
}

// Issue 27, `ingest --redact`: a call still waiting for its result is
// kept in the reader's state, which the manifest stores; with a redacting
// sink it is kept masked, as its row is written.
func TestWaitingCallRedactedInState(t *testing.T) {
	path := filepath.Join(t.TempDir(), "store.db")
	ingesttest.CopyTree(t, filepath.Join(synthHome, chatA), path)
	files := []ingest.File{{Path: path, Group: path}}
	st1, err := New().Read(context.Background(), files, nil, &redactingSink{})
	if err != nil {
		t.Fatal(err)
	}
	db := ingesttest.WriteDB(t, path)
	var ids []string
	rows, _ := db.Query(`SELECT id FROM blobs ORDER BY rowid`)
	for rows.Next() {
		var id string
		rows.Scan(&id)
		ids = append(ids, id)
	}
	rows.Close()
	const secret = "S3cr3tPassw0rd"
	call := addBlob(t, db, []byte(`{"id":"5","role":"assistant","content":[{"type":"tool-call","toolCallId":"toolu_new","toolName":"Shell","args":{"command":"PGPASSWORD=`+secret+` psql -c 'DROP DATABASE prod'"}}]}`))
	newRoot(t, db, append(ids, call)...)
	db.Close()
	st2, err := New().Read(context.Background(), files, st1, &redactingSink{})
	if err != nil {
		t.Fatal(err)
	}
	state := string(st2[path].State)
	if !strings.Contains(state, "toolu_new") {
		t.Fatalf("the waiting call is not in the state: %s", state)
	}
	if strings.Contains(state, secret) {
		t.Errorf("the state holds the credential: %s", state)
	}
}

package opencode

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/ingesttest"
)

// FuzzReadJSON fuzzes the JSON storage reader with one session's three
// record files (session, assistant message, tool part), as Discover groups
// them. Nothing may panic or hang: a record the reader cannot make sense
// of is a Problem. The files are written over the same ones in one folder
// per fuzzing process, which keeps an input to a few file writes.
func FuzzReadJSON(f *testing.F) {
	const (
		store = "../../testdata/ingest/opencode/synthetic/home/.local/share/opencode/storage/"
		sess  = "ses_42482677fffei420Nkpn7Lhgwc"
		msg   = "msg_bdb7da438001kok23iFCuDKT4F"
	)
	read := func(p string) []byte {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		return b
	}
	sessions, _ := filepath.Glob(store + "session/*/" + sess + ".json")
	if len(sessions) != 1 {
		f.Fatalf("fixture session: %v", sessions)
	}
	s, m := read(sessions[0]), read(store+"message/"+sess+"/"+msg+".json")
	parts, _ := filepath.Glob(store + "part/*/*.json")
	for _, p := range parts {
		f.Add(s, m, read(p))
	}
	f.Add([]byte("{}"), []byte(`{"role":"assistant"}`), []byte(`{"type":"tool","state":{"status":"running","input":[]}}`))

	dir := f.TempDir() // one per fuzzing process: inputs overwrite its files
	paths := []string{
		filepath.Join(dir, "storage/session/proj", sess+".json"),
		filepath.Join(dir, "storage/message", sess, msg+".json"),
		filepath.Join(dir, "storage/part", msg, "prt_bdb7da820001ugPG3Dqp6fK3Ko.json"),
	}
	var files []ingest.File
	for _, p := range paths {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			f.Fatal(err)
		}
		files = append(files, ingest.File{Path: p, Group: jsonGroupPrefix + filepath.Join(dir, "storage") + "\x00" + sess})
	}
	f.Fuzz(func(t *testing.T, session, message, part []byte) {
		for i, b := range [][]byte{session, message, part} {
			if err := os.WriteFile(paths[i], b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		var d ingesttest.Discard
		if _, err := New().Read(ctx, files, nil, &d); err != nil || ctx.Err() != nil {
			t.Fatalf("read: %v (%d+%d+%d bytes)", err, len(session), len(message), len(part))
		}
	})
}

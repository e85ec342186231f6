package claude_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/ingest/claude"
)

// TestManifestEntrySmall: issue 27, "manifest.json is 181 MB for 100,000
// small sessions (30 MB of transcripts)": 1.8 KB an entry, for a session
// whose last call waits for its result — the reader's state held that
// call's row with every empty column named, base64-encoded: 1,704 bytes
// besides the path for this 569-byte session. Written as JSON, the row's
// empty columns, its file and the path in its copy rank left out, it
// takes at most 900 (851 measured), and the call still completes on the
// next run, with its file and copy rank as they were.
func TestManifestEntrySmall(t *testing.T) {
	const lines = `{"parentUuid":null,"cwd":"/home/dev/p1","sessionId":"s-1","version":"2.1.62","type":"user","message":{"role":"user","content":"what does this project do?"},"uuid":"u-1","timestamp":"2026-03-14T09:00:03.000Z","permissionMode":"default"}
{"parentUuid":"u-1","cwd":"/home/dev/p1","sessionId":"s-1","version":"2.1.62","type":"assistant","message":{"id":"msg_1","role":"assistant","model":"claude-sonnet-4-6","content":[{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"ls -la","description":"list"}}]},"uuid":"a-1","timestamp":"2026-03-14T09:00:04.000Z"}
`
	const result = `{"parentUuid":"a-1","cwd":"/home/dev/p1","sessionId":"s-1","version":"2.1.62","type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_1","content":"total 0","is_error":false}]},"uuid":"r-1","timestamp":"2026-03-14T09:00:05.000Z"}
`
	t.Setenv("CLAUDE_CONFIG_DIR", "")
	home, out := t.TempDir(), t.TempDir()
	p := filepath.Join(home, ".claude", "projects", "-home-dev-p1", "s-1.jsonl")
	os.MkdirAll(filepath.Dir(p), 0o755)
	if err := os.WriteFile(p, []byte(lines), 0o644); err != nil {
		t.Fatal(err)
	}
	opts := ingest.Options{Homes: []string{home}, OutDir: out, Workers: 1}
	if _, err := ingest.Run(context.Background(), opts, []ingest.Source{claude.New()}); err != nil {
		t.Fatal(err)
	}
	m, err := os.ReadFile(filepath.Join(out, ingest.ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	var entry string
	for l := range strings.Lines(string(m)) {
		if strings.Contains(l, `"path":`) {
			entry = strings.TrimSuffix(strings.TrimSuffix(l, "\n"), ",")
		}
	}
	overhead := len(entry) - len(p)
	t.Logf("entry of %d bytes (%d besides the path): %s", len(entry), overhead, entry)
	if overhead > 900 {
		t.Errorf("the entry takes %d bytes besides its path, want at most 900", overhead)
	}

	f, _ := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
	fmt.Fprint(f, result)
	f.Close()
	if _, err := ingest.Run(context.Background(), opts, []ingest.Source{claude.New()}); err != nil {
		t.Fatal(err)
	}
	n := 0
	if err := ingest.ReadCalls(out, func(r ingest.Row) error {
		n++
		if r.Result != "ok" || r.Command != "ls -la" || r.Cwd != "/home/dev/p1" || r.Mode != "default" ||
			r.SourceFile != p || !strings.HasSuffix(r.CopyRank, "|"+p) {
			t.Errorf("call completed from the saved state: %+v", r)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if n != 1 {
		t.Errorf("%d calls, want 1", n)
	}
}

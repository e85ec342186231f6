package claude_test

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/ingest/claude"
)

// TestManifestAtScale measures issue 27's "manifest.json is 181 MB for
// 100,000 small sessions … and is rewritten whole on every run": it
// writes PERMSIM_MANIFEST_FILES sessions that each end with a call still
// waiting for its result (the shape whose entries were 1.8 KB), ingests
// them, adds one session and ingests again, and logs the manifest's size
// and the bytes the second run wrote outside the calls table. It asserts
// only that nothing was lost; it is skipped unless the variable is set:
//
//	PERMSIM_MANIFEST_FILES=100000 go test ./ingest/claude -run TestManifestAtScale -v
func TestManifestAtScale(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("PERMSIM_MANIFEST_FILES"))
	if n <= 0 {
		t.Skip("set PERMSIM_MANIFEST_FILES (e.g. 100000) to measure")
	}
	const session = `{"parentUuid":null,"cwd":"/home/dev/p%[1]d","sessionId":"s-%[2]d","version":"2.1.62","type":"user","message":{"role":"user","content":"what does this project do?"},"uuid":"u-%[2]d","timestamp":"2026-03-14T09:00:03.000Z","permissionMode":"default"}
{"parentUuid":"u-%[2]d","cwd":"/home/dev/p%[1]d","sessionId":"s-%[2]d","version":"2.1.62","type":"assistant","message":{"id":"msg_%[2]d","role":"assistant","model":"claude-sonnet-4-6","content":[{"type":"tool_use","id":"toolu_%[2]d","name":"Bash","input":{"command":"ls -la","description":"list"}}]},"uuid":"a-%[2]d","timestamp":"2026-03-14T09:00:04.000Z"}
`
	t.Setenv("CLAUDE_CONFIG_DIR", "")
	dir := t.TempDir()
	home, out := filepath.Join(dir, "home"), filepath.Join(dir, "out")
	var transcripts int64
	write := func(i int) {
		d := filepath.Join(home, ".claude", "projects", fmt.Sprintf("-home-dev-p%d", i%100))
		if i < 100 || i >= n {
			os.MkdirAll(d, 0o755)
		}
		b := fmt.Appendf(nil, session, i%100, i)
		transcripts += int64(len(b))
		if err := os.WriteFile(filepath.Join(d, fmt.Sprintf("s-%d.jsonl", i)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for i := range n {
		write(i)
	}
	opts := ingest.Options{Homes: []string{home}, OutDir: out}
	start := time.Now()
	if _, err := ingest.Run(context.Background(), opts, []ingest.Source{claude.New()}); err != nil {
		t.Fatal(err)
	}
	first := time.Since(start)
	sizes := func() map[string]int64 {
		m := map[string]int64{}
		entries, _ := os.ReadDir(out)
		for _, e := range entries {
			if fi, err := e.Info(); err == nil && fi.Mode().IsRegular() {
				m[e.Name()] = fi.Size()
			}
		}
		return m
	}
	before := sizes()
	stamps := map[string]time.Time{}
	filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if fi, err := d.Info(); err == nil {
				stamps[p] = fi.ModTime()
			}
		}
		return nil
	})
	write(n)
	start = time.Now()
	sum, err := ingest.Run(context.Background(), opts, []ingest.Source{claude.New()})
	if err != nil {
		t.Fatal(err)
	}
	second := time.Since(start)
	if sum.Files != 1 || sum.FilesSkippedUnchanged != n {
		t.Errorf("second run read %d files, skipped %d; want 1 and %d", sum.Files, sum.FilesSkippedUnchanged, n)
	}
	var written int64
	var what []string
	filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		if rel, _ := filepath.Rel(out, p); filepath.Dir(rel) != "." {
			return nil // the calls table
		}
		fi, err := d.Info()
		if err != nil {
			return nil
		}
		if old, ok := stamps[p]; !ok || !old.Equal(fi.ModTime()) {
			written += fi.Size()
			what = append(what, fmt.Sprintf("%s %d", d.Name(), fi.Size()))
		}
		return nil
	})
	t.Logf("%d sessions, %d bytes of transcripts; first run %v: manifest.json %d bytes (%d an entry); second run (one session more) %v wrote %d bytes besides its calls part: %v",
		n, transcripts, first.Round(time.Millisecond), before[ingest.ManifestName], before[ingest.ManifestName]/int64(n), second.Round(time.Millisecond), written, what)
}

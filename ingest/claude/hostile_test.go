package claude

import (
	"context"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/permsim/permsim/ingest"
)

// TestFIFOTranscript: "a FIFO, socket or device file where a transcript is
// expected (today ingest blocks forever in open …): only regular files are
// opened" (issue 14). The run ends, names the FIFO, and reads the rest.
func TestFIFOTranscript(t *testing.T) {
	t.Setenv("CLAUDE_CONFIG_DIR", "")
	home := t.TempDir()
	p := filepath.Join(home, ".claude/projects/-work-proj")
	touch(t, filepath.Join(p, "11111111-2222-4333-8444-555555555555.jsonl"),
		prompt("2026-01-01T10:00:00.000Z", "default", "a")+toolUse("2026-01-01T10:00:01.000Z", "toolu_A", "Bash", map[string]any{"command": "ls"}))
	fifo := filepath.Join(p, "99999999-2222-4333-8444-555555555555.jsonl")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	type result struct {
		sum ingest.Summary
		err error
	}
	done := make(chan result, 1)
	go func() {
		sum, err := ingest.Run(context.Background(), ingest.Options{Homes: []string{home}, OutDir: t.TempDir()}, []ingest.Source{New()})
		done <- result{sum, err}
	}()
	select {
	case r := <-done:
		if r.err != nil {
			t.Fatal(r.err)
		}
		named := false
		for _, p := range r.sum.Problems {
			named = named || (p.File == fifo && strings.Contains(p.Msg, "FIFO"))
		}
		if !named || r.sum.Calls[Harness] != 1 {
			t.Errorf("problems %v, calls %v: want the FIFO named and the other session's call read", r.sum.Problems, r.sum.Calls)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("ingest still blocked on the FIFO after 10 s")
	}
}

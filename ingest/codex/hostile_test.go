package codex

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/klauspost/compress/zstd"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/ingesttest"
)

func zstdOf(t *testing.T, data []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	w, err := zstd.NewWriter(&b)
	if err != nil {
		t.Fatal(err)
	}
	w.Write(data)
	w.Close()
	return b.Bytes()
}

// TestLastLineWithoutNewline: "a complete last line without a trailing
// newline is read (plain and .zst files of the same rollout give different
// counts today)" (issue 14).
func TestLastLineWithoutNewline(t *testing.T) {
	content := strings.TrimSuffix(rollout("s1", "call_", 3), "\n")
	plain, zst := t.TempDir(), t.TempDir()
	writeRollout(t, plain, "rollout-2026-05-01T10-00-00-s1.jsonl", content)
	writeRollout(t, zst, "rollout-2026-05-01T10-00-00-s1.jsonl.zst", string(zstdOf(t, []byte(content))))
	p, _ := readHome(t, plain, nil)
	z, _ := readHome(t, zst, nil)
	// the last line is call_2's output: it must make call_2 "ok" in both
	if got, want := strings.Join(rowIDs(p.Rows), " "), strings.Join(rowIDs(z.Rows), " "); got != want || !strings.Contains(got, "call_2:ok") {
		t.Errorf("plain %q, zst %q: want the same, with call_2:ok", got, want)
	}
	if len(p.Problems) != 0 {
		t.Errorf("problems: %v", p.Problems)
	}
}

// TestZstdBomb: "a zstd file that expands to many GB: size caps with a
// clear message" (issue 14) — here a cap of 1 MB and an 8 MB expansion.
func TestZstdBomb(t *testing.T) {
	home := t.TempDir()
	body := rollout("s1", "call_", 2) + strings.Repeat(`{"timestamp":"2026-05-01T10:05:00.000Z","type":"event_msg","payload":{"type":"x"}}`+"\n", (8<<20)/90)
	writeRollout(t, home, "rollout-2026-05-01T10-00-00-s1.jsonl.zst", string(zstdOf(t, []byte(body))))
	src := &Source{MaxExpanded: 1 << 20}
	sink, _ := ingesttest.ReadHome(t, src, home, nil)
	if len(sink.Problems) != 1 || !strings.Contains(sink.Problems[0].Msg, "expands to more than 1.0 MB") {
		t.Errorf("problems %v, want one saying the file expands past the cap", sink.Problems)
	}
	if len(sink.Rows) != 2 {
		t.Errorf("%d rows, want the 2 calls before the cap", len(sink.Rows))
	}
}

// TestFIFORollout: "a FIFO … where a transcript is expected: only regular
// files are opened" (issue 14).
func TestFIFORollout(t *testing.T) {
	home := t.TempDir()
	writeRollout(t, home, "rollout-2026-05-01T10-00-00-s1.jsonl", rollout("s1", "call_", 1))
	fifo := filepath.Join(filepath.Dir(writeRollout(t, home, "x", "")), "rollout-2026-05-01T11-00-00-s2.jsonl")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	done := make(chan ingest.Summary, 1)
	go func() {
		sum, _ := ingest.Run(context.Background(), ingest.Options{Homes: []string{home}, OutDir: t.TempDir()}, []ingest.Source{New()})
		done <- sum
	}()
	select {
	case sum := <-done:
		named := false
		for _, p := range sum.Problems {
			named = named || (p.File == fifo && strings.Contains(p.Msg, "FIFO"))
		}
		if !named || sum.Calls[Harness] != 1 {
			t.Errorf("problems %v, calls %v: want the FIFO named and the other rollout read", sum.Problems, sum.Calls)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("ingest still blocked on the FIFO after 10 s")
	}
}

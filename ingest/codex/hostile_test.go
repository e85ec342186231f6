package codex

import (
	"bytes"
	"context"
	"encoding/json"
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

func fnCall(ts, id, name, namespace string, args map[string]any) string {
	b, _ := json.Marshal(args)
	p := map[string]any{"type": "function_call", "name": name, "arguments": string(b), "call_id": id}
	if namespace != "" {
		p["namespace"] = namespace
	}
	return envelope(ts, "response_item", p)
}

// TestCodexToolForms: issue 14, "Codex readers": an MCP call that carries
// a namespace is an mcp call named with its server; view_image's path is
// in paths; a command still running when its output was written ("Process
// running with session ID N") takes its result from the later write_stdin
// output that reports "Process exited with code K" (transcript-formats.md
// 2.5: "a later write_stdin output carries the final exit").
func TestCodexToolForms(t *testing.T) {
	home := t.TempDir()
	body := sessionMeta("2026-05-01T10:00:00.000Z", "s1", "/w/proj") +
		fnCall("2026-05-01T10:00:01.000Z", "call_m", "get_issue", "mcp__github__", map[string]any{"number": 1}) +
		callOutput("2026-05-01T10:00:01.500Z", "call_m", "ok") +
		fnCall("2026-05-01T10:00:02.000Z", "call_v", "view_image", "", map[string]any{"path": "shots/a.png"}) +
		callOutput("2026-05-01T10:00:02.500Z", "call_v", "ok") +
		execCall("2026-05-01T10:00:03.000Z", "call_bg", "make test") +
		callOutput("2026-05-01T10:00:04.000Z", "call_bg", "Chunk ID: 1\nWall time: 10.0 seconds\nProcess running with session ID 7\nOriginal token count: 1\nOutput:\nrunning\n") +
		fnCall("2026-05-01T10:00:05.000Z", "call_w", "write_stdin", "", map[string]any{"session_id": 7, "chars": ""}) +
		callOutput("2026-05-01T10:00:30.000Z", "call_w", exited(3))
	writeRollout(t, home, "rollout-2026-05-01T10-00-00-s1.jsonl", body)
	sink, _ := readHome(t, home, nil)
	got := ingesttest.ByCallID(ingesttest.Latest(sink.Rows))
	if m := got["call_m"]; m.Tool != "mcp" || m.RawTool != "mcp__github__get_issue" {
		t.Errorf("namespaced MCP call: tool %q raw %q, want mcp, mcp__github__get_issue", m.Tool, m.RawTool)
	}
	if v := got["call_v"]; len(v.Paths) != 1 || v.Paths[0] != "/w/proj/shots/a.png" {
		t.Errorf("view_image paths %v", v.Paths)
	}
	bg := got["call_bg"]
	if !bg.Background || bg.Result != "error" || bg.ExitCode == nil || *bg.ExitCode != 3 {
		t.Errorf("background command: background %v result %q exit %s, want error with exit 3", bg.Background, bg.Result, ingesttest.FmtPtr(bg.ExitCode))
	}
	n := 0
	for _, r := range sink.Rows {
		if r.CallID == "call_bg" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("background command sent %d times in one read, want once", n)
	}
}

// TestCodexBackgroundPolledTwice: issue 27, "Codex calls whose process
// outlives its first output are dropped". A command still running at its
// first output and polled by write_stdin more than once (a poll that
// says it still runs, then one that says it exited) is one row, its exit
// filled in from the last poll, and every poll is a row of its own.
func TestCodexBackgroundPolledTwice(t *testing.T) {
	home := t.TempDir()
	running := func(sid string) string {
		return "Chunk ID: 1\nWall time: 30.0 seconds\nProcess running with session ID " + sid + "\nOriginal token count: 1\nOutput:\nstill going\n"
	}
	body := sessionMeta("2026-05-01T10:00:00.000Z", "s1", "/w/proj") +
		execCall("2026-05-01T10:00:03.000Z", "call_bg", "gh run watch 1") +
		callOutput("2026-05-01T10:00:04.000Z", "call_bg", running("94518")) +
		fnCall("2026-05-01T10:00:05.000Z", "call_w1", "write_stdin", "", map[string]any{"session_id": 94518, "chars": ""}) +
		callOutput("2026-05-01T10:00:35.000Z", "call_w1", running("94518")) +
		fnCall("2026-05-01T10:00:36.000Z", "call_w2", "write_stdin", "", map[string]any{"session_id": 94518, "chars": ""}) +
		callOutput("2026-05-01T10:00:40.000Z", "call_w2", exited(0)) +
		execCall("2026-05-01T10:00:41.000Z", "call_next", "ls")
	writeRollout(t, home, "rollout-2026-05-01T10-00-00-s1.jsonl", body)
	sink, _ := readHome(t, home, nil)
	got := ingesttest.ByCallID(ingesttest.Latest(sink.Rows))
	for _, id := range []string{"call_bg", "call_w1", "call_w2", "call_next"} {
		if _, ok := got[id]; !ok {
			t.Errorf("%s: no row (rows %v)", id, ingesttest.Keys(got))
		}
	}
	if bg := got["call_bg"]; !bg.Background || bg.Result != "ok" || bg.ExitCode == nil || *bg.ExitCode != 0 {
		t.Errorf("background command: background %v result %q exit %s, want ok with exit 0", bg.Background, bg.Result, ingesttest.FmtPtr(bg.ExitCode))
	}
	if w := got["call_w1"]; w.RawTool != "write_stdin" || w.Result != "unknown" {
		t.Errorf("first poll: %s result %q, want write_stdin unknown (the process still ran)", w.RawTool, w.Result)
	}
	if w := got["call_w2"]; w.Result != "ok" {
		t.Errorf("last poll: result %q, want ok", w.Result)
	}
}

// TestCodexBackgroundSessionReused: a second command reported running
// under the session id of one whose exit was never seen does not push the
// first out of the table: both are rows.
func TestCodexBackgroundSessionReused(t *testing.T) {
	home := t.TempDir()
	running := "Chunk ID: 1\nWall time: 30.0 seconds\nProcess running with session ID 7\nOriginal token count: 1\nOutput:\n"
	body := sessionMeta("2026-05-01T10:00:00.000Z", "s1", "/w/proj") +
		execCall("2026-05-01T10:00:03.000Z", "call_a", "make a") +
		callOutput("2026-05-01T10:00:04.000Z", "call_a", running) +
		execCall("2026-05-01T10:00:05.000Z", "call_b", "make b") +
		callOutput("2026-05-01T10:00:06.000Z", "call_b", running) +
		fnCall("2026-05-01T10:00:07.000Z", "call_w", "write_stdin", "", map[string]any{"session_id": 7, "chars": ""}) +
		callOutput("2026-05-01T10:00:08.000Z", "call_w", exited(2))
	writeRollout(t, home, "rollout-2026-05-01T10-00-00-s1.jsonl", body)
	sink, _ := readHome(t, home, nil)
	got := ingesttest.ByCallID(ingesttest.Latest(sink.Rows))
	if a, ok := got["call_a"]; !ok || a.Result != "unknown" {
		t.Errorf("first command: row %v result %q, want a row with result unknown", ok, a.Result)
	}
	if b := got["call_b"]; b.Result != "error" || b.ExitCode == nil || *b.ExitCode != 2 {
		t.Errorf("second command: result %q exit %s, want error 2", b.Result, ingesttest.FmtPtr(b.ExitCode))
	}
}

package codex

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/ingesttest"
)

// rowIDs lists the call ids of rows with their result, in order.
func rowIDs(rows []ingest.Row) []string {
	var out []string
	for _, r := range rows {
		out = append(out, r.CallID+":"+r.Result)
	}
	return out
}

// checkWhole asserts that every call of the good rollout (n calls named
// <prefix>0 …, all exited 0) was read.
func checkWhole(t *testing.T, rows []ingest.Row, prefix string, n int) {
	t.Helper()
	got := 0
	for _, r := range rows {
		if strings.HasPrefix(r.CallID, prefix) && r.Result == "ok" {
			got++
		}
	}
	if got != n {
		t.Errorf("the other rollout: %d of its %d calls read", got, n)
	}
}

// TestCorruptLines: "Bad input (corrupt lines, invalid JSON …) → a clear
// message naming file and line, and the work goes on with everything
// else", and transcript-formats §7.4 "treat a file's last line as possibly
// partial".
func TestCorruptLines(t *testing.T) {
	home := t.TempDir()
	content := sessionMeta("2026-05-01T10:00:00.000Z", "s1", "/w/proj") + // 1
		turnContext("2026-05-01T10:00:00.100Z", "on-request", "workspace-write") + // 2
		execCall("2026-05-01T10:00:01.000Z", "call_A", "ls") + // 3
		"this is not JSON at all {\n" + // 4
		callOutput("2026-05-01T10:00:02.000Z", "call_A", exited(0)) + // 5
		`{"timestamp":"2026-05-01T10:00:03.000Z","type":"response_item","payload":{"type":"function_call" "name":"exec_command","call_id":"call_X"}}` + "\n" + // 6: missing comma
		"\n" + // 7: empty, ignored
		execCall("2026-05-01T10:00:04.000Z", "call_B", "cat .env") + // 8
		callOutput("2026-05-01T10:00:05.000Z", "call_B", exited(2)) + // 9
		`{"timestamp":"2026-05-01T10:00:06.000Z","type":"response_item","payload":{"type":"function_call","name":"exec_command","arguments":"{\"cmd\":\"git pu` // 10: cut off
	path := writeRollout(t, home, "rollout-2026-05-01T10-00-00-s1.jsonl", content)
	writeRollout(t, home, "rollout-2026-05-01T11-00-00-s2.jsonl", rollout("s2", "good", 3))
	sink, st := readHome(t, home, nil)

	var mine []ingest.Row
	for _, r := range sink.Rows {
		if r.SourceFile == path {
			mine = append(mine, r)
		}
	}
	if got := strings.Join(rowIDs(mine), " "); got != "call_A:ok call_B:error" {
		t.Errorf("rows: %s, want call_A and call_B only", got)
	}
	checkWhole(t, sink.Rows, "good", 3)
	wantLines := []int64{4, 6, 10}
	if len(sink.Problems) != len(wantLines) {
		t.Fatalf("problems: %v, want lines %v", sink.Problems, wantLines)
	}
	for i, p := range sink.Problems {
		if p.File != path || p.Line != wantLines[i] {
			t.Errorf("problem %d: %s, want %s:%d", i, p, path, wantLines[i])
		}
	}
	if !strings.Contains(sink.Problems[2].Msg, "truncated") {
		t.Errorf("last-line problem should say truncated: %q", sink.Problems[2].Msg)
	}
	// The cut line is not consumed: a later run reads it once it is whole.
	if want := int64(strings.LastIndexByte(content, '\n') + 1); st[path].Offset != want || st[path].Line != 9 {
		t.Errorf("state: offset %d line %d, want %d 9", st[path].Offset, st[path].Line, want)
	}
}

// TestZstdCutShort: the issue's ".jsonl.zst (… a zstd file cut short is a
// Problem, rows before the cut are kept)".
func TestZstdCutShort(t *testing.T) {
	home := t.TempDir()
	plain := rollout("s1", "zcall", 400)
	var buf bytes.Buffer
	// Small blocks, so that cutting the file in half leaves whole blocks
	// (and the lines in them) before the cut.
	enc, err := zstd.NewWriter(&buf, zstd.WithEncoderLevel(zstd.SpeedFastest), zstd.WithWindowSize(1<<16))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := enc.Write([]byte(plain)); err != nil {
		t.Fatal(err)
	}
	if err := enc.Close(); err != nil {
		t.Fatal(err)
	}
	cut := buf.Bytes()[:buf.Len()/2]
	path := writeRollout(t, home, "rollout-2026-05-01T10-00-00-s1.jsonl.zst", string(cut))
	writeRollout(t, home, "rollout-2026-05-01T11-00-00-s2.jsonl", rollout("s2", "good", 3))
	sink, _ := readHome(t, home, nil)

	kept := 0
	for _, r := range sink.Rows {
		if r.SourceFile == path {
			kept++
			if r.Result != "ok" && r.Result != "unknown" {
				t.Errorf("%s: result %s", r.CallID, r.Result)
			}
		}
	}
	if kept == 0 || kept >= 400 {
		t.Errorf("rows before the cut: %d, want some but not all 400", kept)
	}
	checkWhole(t, sink.Rows, "good", 3)
	if len(sink.Problems) != 1 {
		t.Fatalf("problems: %v, want one for the cut zstd stream", sink.Problems)
	}
	p := sink.Problems[0]
	if p.File != path || p.Line < 2 || !strings.Contains(p.Msg, "zstd") {
		t.Errorf("problem %s: want %s with the line the stream stopped at, saying zstd", p, path)
	}
}

// TestZstdWhole: a whole .jsonl.zst rollout reads like its plain form, its
// last line included even without a newline (a compressed rollout is
// finished); and when both forms exist only the plain one is listed
// (transcript-formats §2.1 "if both a plain and a .zst file exist the
// plain one wins").
func TestZstdWhole(t *testing.T) {
	home := t.TempDir()
	plain := strings.TrimSuffix(rollout("s1", "z", 5), "\n")
	enc, _ := zstd.NewWriter(nil)
	packed := enc.EncodeAll([]byte(plain), nil)
	zpath := writeRollout(t, home, "rollout-2026-05-01T10-00-00-s1.jsonl.zst", string(packed))
	sink, _ := readHome(t, home, nil)
	if got := len(ingesttest.KeepOriginals(sink.Rows)); got != 5 || len(sink.Problems) != 0 {
		t.Errorf("calls %d (want 5), problems %v", got, sink.Problems)
	}
	if last := sink.Rows[len(sink.Rows)-1]; last.CallID != "z4" || last.Result != "ok" {
		t.Errorf("last row %s %s: the unterminated last line was not read", last.CallID, last.Result)
	}

	ppath := writeRollout(t, home, "rollout-2026-05-01T10-00-00-s1.jsonl", plain+"\n")
	files, err := ingest.Discover(New(), home)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 1 || files[0].Path != ppath {
		t.Errorf("Discover: %v, want only %s (not %s)", files, ppath, zpath)
	}
}

// TestUnreadableFile: a rollout that cannot be opened is a Problem naming
// it, and the other rollouts are read whole.
func TestUnreadableFile(t *testing.T) {
	home := t.TempDir()
	good := writeRollout(t, home, "rollout-2026-05-01T11-00-00-s2.jsonl", rollout("s2", "good", 3))
	bad := filepath.Join(filepath.Dir(good), "rollout-2026-05-01T10-00-00-s1.jsonl")
	if err := os.Symlink(filepath.Join(home, "gone.jsonl"), bad); err != nil {
		t.Fatal(err)
	}
	sink, st := readHome(t, home, nil)
	checkWhole(t, sink.Rows, "good", 3)
	if len(sink.Problems) != 1 || sink.Problems[0].File != bad || !strings.Contains(sink.Problems[0].Msg, "cannot read") {
		t.Errorf("problems: %v, want one 'cannot read' for %s", sink.Problems, bad)
	}
	if _, ok := st[bad]; ok {
		t.Error("an unreadable file got a state: the next run would skip it")
	}
}

// TestLongLine: a line longer than the limit gets "a clear Problem" and
// the lines after it are still read.
func TestLongLine(t *testing.T) {
	home := t.TempDir()
	long := execCall("2026-05-01T10:00:01.000Z", "call_L", strings.Repeat("y", 5000))
	content := sessionMeta("2026-05-01T10:00:00.000Z", "s1", "/w/proj") + long +
		execCall("2026-05-01T10:00:02.000Z", "call_A", "ls") + callOutput("2026-05-01T10:00:03.000Z", "call_A", exited(0))
	path := writeRollout(t, home, "rollout-2026-05-01T10-00-00-s1.jsonl", content)
	sink := &ingesttest.Sink{}
	src := &Source{MaxLine: 1000}
	st, err := src.Read(t.Context(), []ingest.File{{Path: path}}, nil, sink)
	if err != nil {
		t.Fatal(err)
	}
	if got := rowIDs(sink.Rows); !slices.Equal(got, []string{"call_A:ok"}) {
		t.Errorf("rows: %v", got)
	}
	if len(sink.Problems) != 1 || sink.Problems[0].Line != 2 || !strings.Contains(sink.Problems[0].Msg, "longer than 1000") {
		t.Errorf("problems: %v, want one for line 2", sink.Problems)
	}
	if st[path].Offset != int64(len(content)) || st[path].Line != 4 {
		t.Errorf("state: offset %d line %d, want %d 4", st[path].Offset, st[path].Line, len(content))
	}
}

// TestUnknownRecords: §2.2 "ignore unknown types". A record of a kind the
// reader does not read is no Problem even when its members have other
// types than those of the same name the reader reads; a call item with a
// member of the wrong type is.
func TestUnknownRecords(t *testing.T) {
	home := t.TempDir()
	content := sessionMeta("2026-05-01T10:00:00.000Z", "s1", "/w/proj") + // 1
		`{"timestamp":"2026-05-01T10:00:00.500Z","type":"event_msg","payload":{"type":"dynamic_tool_call","name":{"x":1},"cwd":["a"],"call_id":"c0"}}` + "\n" + // 2
		`{"timestamp":"2026-05-01T10:00:00.600Z","type":"world_state","payload":{"full":true,"model":{"id":1},"state":{"x_call":1}}}` + "\n" + // 3
		`{"timestamp":"2026-05-01T10:00:00.700Z","type":"response_item","payload":{"type":"function_call","name":5,"call_id":"c1"}}` + "\n" + // 4
		execCall("2026-05-01T10:00:01.000Z", "call_A", "ls") + callOutput("2026-05-01T10:00:02.000Z", "call_A", exited(0)) // 5, 6
	path := writeRollout(t, home, "rollout-2026-05-01T10-00-00-s1.jsonl", content)
	sink, _ := readHome(t, home, nil)
	if got := strings.Join(rowIDs(sink.Rows), " "); got != "call_A:ok" {
		t.Errorf("rows: %s", got)
	}
	if len(sink.Problems) != 1 || sink.Problems[0].File != path || sink.Problems[0].Line != 4 {
		t.Errorf("problems: %v, want one for line 4", sink.Problems)
	}
}

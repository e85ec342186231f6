package replay

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/permsim/permsim/dataset"
	"github.com/permsim/permsim/engine/gemini"
	"github.com/permsim/permsim/ingest"
)

// Replay hands each call its session's earlier outputs: recorded with the
// real Gemini CLI 0.61.0 (probe pg-gbis-A, engine/gemini
// TestDecideInSession), in yolo mode `cp notes.txt n2.txt` asked after
// `find . -type f` had printed ./notes.txt, and ran alone in a fresh
// session. The find is left out by --newest and still counts: it happened.
func TestReplayGeminiSessionHistory(t *testing.T) {
	proj := t.TempDir()
	writeFile(t, filepath.Join(proj, "notes.txt"), "alpha\n")
	ts := time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)
	row := func(key, session string, seq int64, cmd, output string) ingest.Row {
		return ingest.Row{CallKey: key, Harness: "gemini", SessionID: session, Seq: seq, Ts: ts.Add(time.Duration(seq) * time.Second),
			ProjectDir: proj, Cwd: proj, Tool: "bash", RawTool: "run_shell_command", Command: cmd,
			InputJSON: `{"command":"` + cmd + `"}`, Mode: "yolo", Output: output}
	}
	find := "<untrusted_context>\nOutput: ./go.mod\n./notes.txt\n./src/app.py\nProcess Group PGID: 60\n</untrusted_context>"
	calls := []ingest.Row{
		row("a1", "A", 1, "find . -type f", find),
		row("a2", "A", 2, "cp notes.txt n2.txt", ""),
		row("b1", "B", 1, "cp notes.txt n2.txt", ""),
	}
	calls[2].Ts = ts.Add(time.Minute) // the newest call
	yes := true
	opts := Options{Home: t.TempDir(), Trust: &yes, Workers: 2, Newest: 2}
	rows, _, _, err := Decide(context.Background(), opts, Harnesses{"gemini": gemini.New()}, calls)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, r := range rows {
		got[r.CallKey] = r.Outcome + " " + r.Step
	}
	if got["a2"] != "asks 1 session history" {
		t.Errorf("cp after find printed ./notes.txt: %q, want asks at 1 session history", got["a2"])
	}
	if got["b1"] == "" || got["b1"][:4] != "runs" {
		t.Errorf("cp alone in its session: %q, want runs", got["b1"])
	}
	if _, ok := got["a1"]; ok {
		t.Errorf("--newest 2 should leave the find out of the decisions: %v", got)
	}
}

// Run, which streams the calls table instead of holding it, hands each call
// the same history: the same recorded probe (pg-gbis-A, real Gemini CLI
// 0.61.0) through a store.
func TestRunGeminiSessionHistory(t *testing.T) {
	proj, out := t.TempDir(), t.TempDir()
	writeFile(t, filepath.Join(proj, "notes.txt"), "alpha\n")
	ts := time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)
	row := func(key, session string, seq int64, cmd, output string) ingest.Row {
		return ingest.Row{CallKey: key, Harness: "gemini", SessionID: session, Seq: seq, Ts: ts.Add(time.Duration(seq) * time.Second),
			ProjectDir: proj, Cwd: proj, Tool: "bash", RawTool: "run_shell_command", Command: cmd,
			InputJSON: `{"command":"` + cmd + `"}`, Mode: "yolo", Output: output, IngestRun: 1}
	}
	find := "<untrusted_context>\nOutput: ./go.mod\n./notes.txt\n./src/app.py\nProcess Group PGID: 60\n</untrusted_context>"
	w, err := dataset.Create[ingest.Row](out, ingest.CallsTable, dataset.Options{Partitions: ingest.CallsPartitions, RunID: "1"})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []ingest.Row{row("a1", "A", 1, "find . -type f", find), row("a2", "A", 2, "cp notes.txt n2.txt", ""), row("b1", "B", 1, "cp notes.txt n2.txt", "")} {
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	yes := true
	if _, err := Run(context.Background(), out, Options{Home: t.TempDir(), Trust: &yes, Workers: 2}, Harnesses{"gemini": gemini.New()}); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	if err := dataset.Read(out, DecisionsTable, func(r DecisionRow) error { got[r.CallKey] = r.Outcome + " " + r.Step; return nil }); err != nil {
		t.Fatal(err)
	}
	if got["a2"] != "asks 1 session history" {
		t.Errorf("cp after find printed ./notes.txt: %q, want asks at 1 session history (all: %v)", got["a2"], got)
	}
	if !strings.HasPrefix(got["b1"], "runs") {
		t.Errorf("cp alone in its session: %q, want runs", got["b1"])
	}
}

package cursor

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/permsim/permsim/internal/ingesttest"
)

// expectedCall is one call of testdata/ingest/cursor/synthetic/expected.json
// (copied from the shared fixtures; written independently of this reader).
type expectedCall struct {
	SessionID  string   `json:"session_id"`
	IsSubagent bool     `json:"is_subagent"`
	CallID     string   `json:"call_id"`
	RawTool    string   `json:"raw_tool_name"`
	Tool       string   `json:"tool"`
	Command    *string  `json:"command"`
	Paths      []string `json:"paths"`
	Pattern    *string  `json:"pattern"`
	ProjectDir string   `json:"project_dir"`
	Cwd        string   `json:"cwd"`
	Ts         *string  `json:"ts"`
	Mode       *string  `json:"mode"`
	Result     string   `json:"result_status"`
	ExitCode   *int64   `json:"exit_code"`
}

const synthHome = "../../testdata/ingest/cursor/synthetic/home"

func loadExpected(t *testing.T) []expectedCall {
	t.Helper()
	return ingesttest.LoadExpected[expectedCall](t, "../../testdata/ingest/cursor/synthetic/expected.json", "cursor")
}

// TestSyntheticHome checks the fixture README's rule for Cursor:
// "store.db keeps a superseded version of an assistant message blob next
// to the current one (both hold the first Shell call)" [toolCallId] —
// ingest.Run over the home, read back one row per call_key, must give
// exactly expected.json's 5 calls, with the project folder recovered "by
// trying the projects/<slug> names with each - read as / or -".
func TestSyntheticHome(t *testing.T) {
	home := filepath.Join(t.TempDir(), "home")
	ingesttest.CopyTree(t, synthHome, home)
	got, sum := ingesttest.RunIngest(t, New(), home)
	want := loadExpected(t)
	if len(got) != len(want) {
		t.Errorf("distinct calls: got %d, want %d (%v)", len(got), len(want), ingesttest.Keys(got))
	}
	for _, w := range want {
		t.Run(w.CallID, func(t *testing.T) {
			r, ok := got["cursor:"+w.SessionID+":"+w.CallID]
			if !ok {
				t.Fatalf("call %s missing", w.CallID)
			}
			checks := []ingesttest.Field{
				{"session_id", r.SessionID, w.SessionID},
				{"is_subagent", r.IsSubagent, w.IsSubagent},
				{"raw_tool", r.RawTool, w.RawTool},
				{"tool", r.Tool, w.Tool},
				{"command", r.Command, ingesttest.Deref(w.Command)},
				{"paths", strings.Join(r.Paths, "\x00"), strings.Join(w.Paths, "\x00")},
				{"pattern", r.Pattern, ingesttest.Deref(w.Pattern)},
				{"project_dir", r.ProjectDir, w.ProjectDir},
				{"cwd", r.Cwd, w.Cwd},
				{"ts is null", r.Ts.IsZero(), w.Ts == nil},
				{"mode", r.Mode, ingesttest.Deref(w.Mode)},
				{"result", r.Result, w.Result},
				{"exit_code", ingesttest.FmtPtr(r.ExitCode), ingesttest.FmtPtr(w.ExitCode)},
				{"harness", r.Harness, "cursor"},
			}
			ingesttest.CheckFields(t, checks)
			wantSource := "chat-meta"
			if w.Mode == nil {
				wantSource = "none"
			}
			if r.ModeSource != wantSource {
				t.Errorf("mode_source: got %q, want %q", r.ModeSource, wantSource)
			}
		})
	}
	// The first Shell call is in two blobs; the row kept is the version the
	// latest root reaches (blob f9c257e0… is the superseded one, at rowid 2
	// per store.db.dump.txt's order, which lists blobs by rowid).
	if r := got["cursor:67e83177-82a2-44a3-b178-942e1f8a0bb9:toolu_01gSdU15f2jkXwhFuo0UfqOi"]; !strings.HasPrefix(r.CopyRank, "0|") || r.SourceOffset == 2 {
		t.Errorf("first Shell call kept from blob row %d (rank %q), want the current version", r.SourceOffset, r.CopyRank)
	}
	if sum.ProblemCount != 0 {
		t.Errorf("problems: %v", sum.Problems)
	}
}

// TestNaiveCount: "6 tool-call parts across blobs | 1 superseded blob" —
// before copies are dropped by CallKey, a full read must have seen 5
// calls (the superseded version is merged inside the chat, never a
// second row).
func TestNaiveCount(t *testing.T) {
	sink, _ := readHome(t, synthHome, nil)
	if len(sink.Rows) != 5 {
		t.Errorf("rows: %d, want 5", len(sink.Rows))
	}
	seqs := map[string][]int64{}
	for _, r := range sink.Rows {
		seqs[r.SessionID] = append(seqs[r.SessionID], r.Seq)
	}
	// Conversation order: Shell, Read, Write, Grep.
	if got := seqs["67e83177-82a2-44a3-b178-942e1f8a0bb9"]; len(got) != 4 || got[0] != 1 || got[3] != 4 {
		t.Errorf("seq of chat A: %v, want 1..4", got)
	}
}

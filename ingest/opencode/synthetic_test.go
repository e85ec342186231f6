package opencode

import (
	"bytes"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/ingesttest"
)

// expectedCall is one call of testdata/ingest/opencode/synthetic/expected.json
// (copied from the shared fixtures; written independently of this reader).
type expectedCall struct {
	SessionID       string   `json:"session_id"`
	ParentSessionID *string  `json:"parent_session_id"`
	IsSubagent      bool     `json:"is_subagent"`
	CallID          string   `json:"call_id"`
	PartID          string   `json:"part_id"`
	RawTool         string   `json:"raw_tool_name"`
	Tool            string   `json:"tool"`
	Command         *string  `json:"command"`
	Paths           []string `json:"paths"`
	Pattern         *string  `json:"pattern"`
	URL             *string  `json:"url"`
	ProjectDir      string   `json:"project_dir"`
	Cwd             string   `json:"cwd"`
	Ts              string   `json:"ts"`
	Mode            *string  `json:"mode"`
	TimeoutMs       *int64   `json:"timeout_ms"`
	Result          string   `json:"result_status"`
	ExitCode        *int64   `json:"exit_code"`
	SpawnsAgent     *string  `json:"spawns_agent"`
}

const synthHome = "../../testdata/ingest/opencode/synthetic/home"

func loadExpected(t *testing.T) []expectedCall {
	t.Helper()
	return ingesttest.LoadExpected[expectedCall](t, "../../testdata/ingest/opencode/synthetic/expected.json", "opencode")
}

// partIDAt names the part a row was read from: the JSON file's name, or
// the id of the database row at SourceOffset.
func partIDAt(t *testing.T, file string, rowid int64) string {
	t.Helper()
	if strings.HasSuffix(file, ".json") {
		return strings.TrimSuffix(filepath.Base(file), ".json")
	}
	db, err := sql.Open("sqlite", "file:"+file+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var id string
	if err := db.QueryRow(`SELECT id FROM part WHERE rowid = ?`, rowid).Scan(&id); err != nil {
		t.Fatalf("%s row %d: %v", file, rowid, err)
	}
	return id
}

// TestSyntheticHome checks the fixture README's counting rules for
// OpenCode: "rows in opencode.db migrated from storage/ keep their ids
// [part id]; the fork … re-creates messages and parts under new ids but
// keeps each part's callID and state.time [callID + state.time.start];
// the original is the session created first" — ingest.Run over the home,
// read back one row per call_key, must give exactly expected.json's 12
// calls, each from the part expected.json names.
func TestSyntheticHome(t *testing.T) {
	clearEnv(t)
	home := filepath.Join(t.TempDir(), "home")
	ingesttest.CopyTree(t, synthHome, home) // Run's manifest must not point into testdata
	got, sum := ingesttest.RunIngest(t, New(), home)
	want := loadExpected(t)
	if len(got) != len(want) {
		t.Errorf("distinct calls: got %d, want %d (%v)", len(got), len(want), ingesttest.Keys(got))
	}
	for _, w := range want {
		t.Run(w.CallID, func(t *testing.T) {
			wantTs, err := time.Parse(time.RFC3339Nano, w.Ts)
			if err != nil {
				t.Fatal(err)
			}
			var r ingest.Row
			ok := false
			for _, g := range got {
				if g.CallID == w.CallID && g.Ts.Equal(wantTs) {
					r, ok = g, true
				}
			}
			if !ok {
				t.Fatalf("call %s at %s missing", w.CallID, w.Ts)
			}
			checks := []ingesttest.Field{
				{"session_id", r.SessionID, w.SessionID},
				{"parent_session_id", r.ParentSessionID, ingesttest.Deref(w.ParentSessionID)},
				{"is_subagent", r.IsSubagent, w.IsSubagent},
				{"call_id", r.CallID, w.CallID},
				{"part", partIDAt(t, r.SourceFile, r.SourceOffset), w.PartID},
				{"raw_tool", r.RawTool, w.RawTool},
				{"tool", r.Tool, w.Tool},
				{"command", r.Command, ingesttest.Deref(w.Command)},
				{"paths", strings.Join(r.Paths, "\x00"), strings.Join(w.Paths, "\x00")},
				{"pattern", r.Pattern, ingesttest.Deref(w.Pattern)},
				{"url", r.URL, ingesttest.Deref(w.URL)},
				{"project_dir", r.ProjectDir, w.ProjectDir},
				{"cwd", r.Cwd, w.Cwd},
				{"ts", r.Ts, wantTs.UTC()},
				{"mode", r.Mode, ingesttest.Deref(w.Mode)},
				{"mode_source", r.ModeSource, "agent"},
				{"timeout_ms", r.TimeoutMs, ingesttest.Deref(w.TimeoutMs)},
				{"result", r.Result, w.Result},
				{"exit_code", ingesttest.FmtPtr(r.ExitCode), ingesttest.FmtPtr(w.ExitCode)},
				{"spawns_agent", r.SpawnsAgent, ingesttest.Deref(w.SpawnsAgent)},
				{"harness", r.Harness, "opencode"},
			}
			ingesttest.CheckFields(t, checks)
		})
	}

	// "one OpenCode part file that is not valid JSON
	// (prt_bdb7edeac001GSx28ee3nufnZL.json, a bash call never migrated to
	// the database)": skipped, and reported once with its file and the line
	// where it was cut.
	bad := filepath.Join(home, ".local/share/opencode/storage/part/msg_bdb7eb224001ID4ayvY6A0YmNM/prt_bdb7edeac001GSx28ee3nufnZL.json")
	data, err := os.ReadFile(bad)
	if err != nil {
		t.Fatal(err)
	}
	lastLine := int64(bytes.Count(bytes.TrimRight(data, "\n"), []byte("\n")) + 1)
	if sum.ProblemCount != 1 || len(sum.Problems) != 1 {
		t.Fatalf("problems: %v, want only the cut part file", sum.Problems)
	}
	if p := sum.Problems[0]; !strings.HasSuffix(p.File, strings.TrimPrefix(bad, home)) || p.Line != lastLine {
		t.Errorf("problem %s, want %s:%d", p, bad, lastLine)
	}
	if sum.Calls["opencode"] != len(want) {
		t.Errorf("rows written: %d, want %d (Run keeps one per call_key)", sum.Calls["opencode"], len(want))
	}
}

// TestNaiveCounts checks the README's "naive reader" line: "21 tool parts
// (6 in storage/, 15 in opencode.db), +1 unreadable part file" — the reader
// must see every one of those records before copies are dropped.
func TestNaiveCounts(t *testing.T) {
	clearEnv(t)
	sink, _ := readHome(t, synthHome, nil)
	var js, db int
	for _, r := range sink.Rows {
		if strings.HasSuffix(r.SourceFile, ".json") {
			js++
		} else {
			db++
		}
	}
	if js != 6 || db != 15 {
		t.Errorf("rows: %d from storage/ and %d from opencode.db, want 6 and 15", js, db)
	}
	if len(sink.Problems) != 1 {
		t.Errorf("problems: %v, want the one unreadable part file", sink.Problems)
	}
}

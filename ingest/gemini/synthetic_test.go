package gemini

import (
	"strings"
	"testing"
	"time"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/ingesttest"
)

// expectedCall is one call of testdata/ingest/gemini/synthetic/expected.json
// (copied from the shared fixtures; written independently of this reader).
type expectedCall struct {
	SessionID       string   `json:"session_id"`
	ParentSessionID *string  `json:"parent_session_id"`
	IsSubagent      bool     `json:"is_subagent"`
	CallID          string   `json:"call_id"`
	RawTool         string   `json:"raw_tool_name"`
	Tool            string   `json:"tool"`
	Command         *string  `json:"command"`
	Paths           []string `json:"paths"`
	Pattern         *string  `json:"pattern"`
	Query           *string  `json:"query"`
	ProjectDir      string   `json:"project_dir"`
	Cwd             string   `json:"cwd"`
	Ts              string   `json:"ts"`
	Mode            *string  `json:"mode"`
	Result          string   `json:"result_status"`
	ExitCode        *int64   `json:"exit_code"`
	SpawnsAgent     *string  `json:"spawns_agent"`
	Rewound         *bool    `json:"rewound"`
}

func loadExpected(t *testing.T) []expectedCall {
	t.Helper()
	return ingesttest.LoadExpected[expectedCall](t, "../../testdata/ingest/gemini/synthetic/expected.json", "gemini")
}

const synthHome = "../../testdata/ingest/gemini/synthetic/home"

// TestSyntheticHome runs ingest.Run over the synthetic Gemini home and
// reads the calls table back: it must hold exactly expected.json's 16
// calls. It checks the README's rules "Gemini [sessionId + toolCalls[].id]:
// the legacy .json of session 2b3c4d5e and the .jsonl written when a newer
// CLI resumed it hold the same two calls; inside a .jsonl a message id
// re-appended later replaces the earlier copy", "count calls inside a
// rewound range (Gemini $rewindTo) … They are flagged rewound: true",
// "Gemini — never recorded (null)" for the mode, and "project_dir: Gemini —
// tmp/<slug>/.project_root or projects.json; for the legacy tmp/<sha256>
// folder, hash the ancestors of absolute paths found in the tool arguments
// until one matches the folder name (/home/dev/legacy-svc here)".
func TestSyntheticHome(t *testing.T) {
	t.Setenv("GEMINI_CLI_HOME", "")
	out := t.TempDir()
	sum, err := ingest.Run(t.Context(), ingest.Options{Homes: []string{synthHome}, OutDir: out, Workers: 2}, []ingest.Source{New()})
	if err != nil {
		t.Fatal(err)
	}
	// S3's last line is cut off mid-write (README: "each truncated line
	// holds a tool call that must not be counted").
	if sum.ProblemCount != 1 || !strings.Contains(sum.Problems[0].File, "9b8a7c6d.jsonl") || !strings.Contains(sum.Problems[0].Msg, "truncated") {
		t.Errorf("problems: %v, want S3's truncated last line", sum.Problems)
	}
	got := map[string]ingest.Row{}
	if err := ingest.ReadCalls(out, func(r ingest.Row) error { got[r.CallKey] = r; return nil }); err != nil {
		t.Fatal(err)
	}
	want := loadExpected(t)
	if len(got) != len(want) {
		t.Errorf("distinct calls: got %d, want %d (%v)", len(got), len(want), ingesttest.Keys(got))
	}
	for _, w := range want {
		t.Run(w.CallID, func(t *testing.T) {
			key := "gemini:" + w.SessionID + ":" + w.CallID
			r, ok := got[key]
			if !ok {
				t.Fatalf("call %s missing", key)
			}
			wantTs, err := time.Parse(time.RFC3339Nano, w.Ts)
			if err != nil {
				t.Fatal(err)
			}
			checks := []ingesttest.Field{
				{"session_id", r.SessionID, w.SessionID},
				{"parent_session_id", r.ParentSessionID, ingesttest.Deref(w.ParentSessionID)},
				{"is_subagent", r.IsSubagent, w.IsSubagent},
				{"call_id", r.CallID, w.CallID},
				{"raw_tool", r.RawTool, w.RawTool},
				{"tool", r.Tool, w.Tool},
				{"command", r.Command, ingesttest.Deref(w.Command)},
				{"paths", strings.Join(r.Paths, "\x00"), strings.Join(w.Paths, "\x00")},
				{"pattern", r.Pattern, ingesttest.Deref(w.Pattern)},
				{"query", r.Query, ingesttest.Deref(w.Query)},
				{"project_dir", r.ProjectDir, w.ProjectDir},
				{"cwd", r.Cwd, w.Cwd},
				{"ts", r.Ts.UTC(), wantTs.UTC()},
				{"mode", r.Mode, ingesttest.Deref(w.Mode)},
				{"mode_source", r.ModeSource, "none"},
				{"result", r.Result, w.Result},
				{"exit_code", ingesttest.FmtPtr(r.ExitCode), ingesttest.FmtPtr(w.ExitCode)},
				{"spawns_agent", r.SpawnsAgent, ingesttest.Deref(w.SpawnsAgent)},
				{"rewound", r.Rewound, ingesttest.Deref(w.Rewound)},
			}
			ingesttest.CheckFields(t, checks)
		})
	}
}

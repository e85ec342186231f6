package codex

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/ingesttest"
)

// expectedCall is one call of testdata/ingest/codex/synthetic/expected.json
// (copied from the shared fixtures; written independently of this reader).
type expectedCall struct {
	SessionID       string   `json:"session_id"`
	ParentSessionID *string  `json:"parent_session_id"`
	IsSubagent      bool     `json:"is_subagent"`
	CallID          *string  `json:"call_id"`
	RawTool         string   `json:"raw_tool_name"`
	Tool            string   `json:"tool"`
	Command         *string  `json:"command"`
	Paths           []string `json:"paths"`
	Query           *string  `json:"query"`
	ProjectDir      string   `json:"project_dir"`
	Cwd             string   `json:"cwd"`
	Ts              *string  `json:"ts"`
	Mode            *string  `json:"mode"`
	Sandbox         *string  `json:"sandbox"`
	Escalated       *bool    `json:"escalated"`
	TimeoutMs       *int64   `json:"timeout_ms"`
	Result          string   `json:"result_status"`
	ExitCode        *int64   `json:"exit_code"`
	SpawnsAgent     *string  `json:"spawns_agent"`
}

func loadExpected(t *testing.T) []expectedCall {
	t.Helper()
	return ingesttest.LoadExpected[expectedCall](t, "../../testdata/ingest/codex/synthetic/expected.json", "codex")
}

const synthHome = "../../testdata/ingest/codex/synthetic/home"

// TestSyntheticHome runs ingest.Run over the synthetic Codex home and reads
// the calls table back: it must hold exactly expected.json's 18 calls. It
// checks the README's rules "Codex [call_id]: the fork 019cec01 replays the
// parent's first items … Attribute each call to the session where it first
// happened: the earliest timestamp wins, the first session_meta of a file
// names the file's own session", "web_search_call items have no call_id;
// key them by file and line", and "mode … Codex — approval_policy of the
// latest turn_context (bare 2025 rollouts: the <approval_policy> in the
// <environment_context> message), with sandbox from sandbox_policy.type".
func TestSyntheticHome(t *testing.T) {
	t.Setenv("CODEX_HOME", "")
	out := t.TempDir()
	sum, err := ingest.Run(t.Context(), ingest.Options{Homes: []string{synthHome}, OutDir: out, Workers: 2}, []ingest.Source{New()})
	if err != nil {
		t.Fatal(err)
	}
	// The subagent rollout's last line is cut off mid-write (README: "each
	// truncated line holds a tool call that must not be counted").
	if sum.ProblemCount != 1 || !strings.Contains(sum.Problems[0].File, "019cebe1") || !strings.Contains(sum.Problems[0].Msg, "truncated") {
		t.Errorf("problems: %v, want the subagent rollout's truncated last line", sum.Problems)
	}
	var rows []ingest.Row
	if err := ingest.ReadCalls(out, func(r ingest.Row) error { rows = append(rows, r); return nil }); err != nil {
		t.Fatal(err)
	}
	want := loadExpected(t)
	if len(rows) != len(want) {
		var ids []string
		for _, r := range rows {
			ids = append(ids, r.CallKey)
		}
		t.Errorf("distinct calls: got %d, want %d (%v)", len(rows), len(want), ids)
	}
	byID := map[string]ingest.Row{}
	var searches []ingest.Row
	for _, r := range rows {
		if r.CallID == "" {
			searches = append(searches, r)
			continue
		}
		byID[r.CallID] = r
	}
	for _, w := range want {
		name := ingesttest.Deref(w.CallID)
		if name == "" {
			name = w.RawTool
		}
		t.Run(name, func(t *testing.T) {
			var r ingest.Row
			if w.CallID == nil {
				if len(searches) != 1 {
					t.Fatalf("rows without a call_id: %d, want the one web search", len(searches))
				}
				r = searches[0]
				if !strings.HasPrefix(r.CallKey, "codex:rollout-2026-03-14T10-15-42-019cebd2") {
					t.Errorf("web search call_key %q, want codex:<file>:<line>", r.CallKey)
				}
			} else {
				var ok bool
				if r, ok = byID[*w.CallID]; !ok {
					t.Fatalf("call %s missing", *w.CallID)
				}
				// The key is the call id within its lineage: the session the
				// conversation began in — a subagent's parent, a fork's
				// forked_from_id (rollout 019cec01 names 019cebd2).
				lineage := r.SessionID
				if r.IsSubagent {
					lineage = r.ParentSessionID
				}
				if lineage == "019cec01-3b2a-7d4e-8f90-1a2b3c4d5e6f" {
					lineage = "019cebd2-7a10-7c3e-9f21-4b5d6e7f8a90"
				}
				if r.CallKey != "codex:"+lineage+":"+*w.CallID {
					t.Errorf("call_key %q, want codex:%s:%s", r.CallKey, lineage, *w.CallID)
				}
			}
			var wantTs time.Time
			if w.Ts != nil {
				var err error
				if wantTs, err = time.Parse(time.RFC3339Nano, *w.Ts); err != nil {
					t.Fatal(err)
				}
			}
			checks := []ingesttest.Field{
				{"session_id", r.SessionID, w.SessionID},
				{"parent_session_id", r.ParentSessionID, ingesttest.Deref(w.ParentSessionID)},
				{"is_subagent", r.IsSubagent, w.IsSubagent},
				{"raw_tool", r.RawTool, w.RawTool},
				{"tool", r.Tool, w.Tool},
				{"command", r.Command, ingesttest.Deref(w.Command)},
				{"paths", strings.Join(r.Paths, "\x00"), strings.Join(w.Paths, "\x00")},
				{"query", r.Query, ingesttest.Deref(w.Query)},
				{"project_dir", r.ProjectDir, w.ProjectDir},
				{"cwd", r.Cwd, w.Cwd},
				{"ts", r.Ts.UTC(), wantTs.UTC()},
				{"mode", r.Mode, ingesttest.Deref(w.Mode)},
				{"sandbox", r.Sandbox, ingesttest.Deref(w.Sandbox)},
				{"escalated", r.Escalated, ingesttest.Deref(w.Escalated)},
				{"timeout_ms", r.TimeoutMs, ingesttest.Deref(w.TimeoutMs)},
				{"result", r.Result, w.Result},
				{"exit_code", ingesttest.FmtPtr(r.ExitCode), ingesttest.FmtPtr(w.ExitCode)},
				{"spawns_agent", r.SpawnsAgent, ingesttest.Deref(w.SpawnsAgent)},
			}
			ingesttest.CheckFields(t, checks)
			wantSource := "turn_context"
			if w.Ts == nil {
				wantSource = "environment_context"
			}
			if r.ModeSource != wantSource {
				t.Errorf("mode_source %q, want %q", r.ModeSource, wantSource)
			}
			if w.Mode != nil && joinMode(r.Mode, r.Sandbox) != *w.Mode+":"+ingesttest.Deref(w.Sandbox) {
				t.Errorf("ReplayMode: %q", joinMode(r.Mode, r.Sandbox))
			}
		})
	}
	// The fork's copies of 019cebd2's first two calls count once, in the
	// session where they first happened.
	for _, id := range []string{"call_civN7k95vEzWrXTd1xuKz8U3", "call_dTAyW0M5PUi76Ezkikeot9Qu"} {
		if r := byID[id]; !strings.Contains(r.SourceFile, "019cebd2") {
			t.Errorf("%s: kept the copy in %s", id, r.SourceFile)
		}
	}
	if !slices.ContainsFunc(rows, func(r ingest.Row) bool { return strings.HasSuffix(r.SourceFile, ".jsonl.zst") }) {
		t.Error("no call read from the .jsonl.zst rollout")
	}
}

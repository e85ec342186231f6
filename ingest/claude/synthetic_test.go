package claude

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/ingesttest"
)

// expectedCall is one call of testdata/ingest/claude/synthetic/expected.json
// (copied from the shared fixtures; written independently of this reader).
type expectedCall struct {
	SessionID       string   `json:"session_id"`
	ParentSessionID *string  `json:"parent_session_id"`
	AgentID         *string  `json:"agent_id"`
	IsSubagent      bool     `json:"is_subagent"`
	CallID          string   `json:"call_id"`
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
	Result          string   `json:"result_status"`
	ExitCode        *int64   `json:"exit_code"`
	TimeoutMs       *int64   `json:"timeout_ms"`
	SandboxDisabled *bool    `json:"sandbox_disabled"`
	SpawnsAgent     *string  `json:"spawns_agent"`
}

func loadExpected(t *testing.T) []expectedCall {
	t.Helper()
	return ingesttest.LoadExpected[expectedCall](t, "../../testdata/ingest/claude/synthetic/expected.json", "claude-code")
}

const synthHome = "../../testdata/ingest/claude/synthetic/home"

// TestSyntheticHome checks the README's rule "Claude Code [tool_use.id]:
// /branch copies …, the pre-2.0 --resume replay …, the subagent message
// echoed inside a type:"progress" line … The original of a copied call: a
// record with forkedFrom is never it; among the rest, the file whose first
// timestamp is earliest holds it, and on a tie … the file whose last
// timestamp is earliest" — reading the home and keeping the lowest
// CopyRank per CallKey must give exactly expected.json's 26 calls.
func TestSyntheticHome(t *testing.T) {
	sink, _ := readHome(t, synthHome)
	got := ingesttest.ByCallID(ingesttest.KeepOriginals(sink.Rows))
	want := loadExpected(t)
	if len(got) != len(want) {
		t.Errorf("distinct calls: got %d, want %d (%v)", len(got), len(want), ingesttest.Keys(got))
	}
	for _, w := range want {
		t.Run(w.CallID, func(t *testing.T) {
			r, ok := got[w.CallID]
			if !ok {
				t.Fatalf("call %s missing", w.CallID)
			}
			wantTs, err := time.Parse(time.RFC3339Nano, w.Ts)
			if err != nil {
				t.Fatal(err)
			}
			checks := []ingesttest.Field{
				{"session_id", r.SessionID, w.SessionID},
				{"agent_id", r.AgentID, ingesttest.Deref(w.AgentID)},
				{"is_subagent", r.IsSubagent, w.IsSubagent},
				{"call_id", r.CallID, w.CallID},
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
				{"result", r.Result, w.Result},
				{"exit_code", ingesttest.FmtPtr(r.ExitCode), ingesttest.FmtPtr(w.ExitCode)},
				{"timeout_ms", r.TimeoutMs, ingesttest.Deref(w.TimeoutMs)},
				{"escalated", r.Escalated, ingesttest.Deref(w.SandboxDisabled)},
				{"call_key holds the call id", strings.HasPrefix(r.CallKey, "claude:") && strings.HasSuffix(r.CallKey, ":"+w.CallID), true},
			}
			if w.ParentSessionID != nil {
				checks = append(checks, ingesttest.Field{Name: "parent_session_id", Got: r.ParentSessionID, Want: *w.ParentSessionID})
			}
			// "(inline sidechain)" describes a spawn that records no id.
			if w.SpawnsAgent != nil && !strings.HasPrefix(*w.SpawnsAgent, "(") {
				checks = append(checks, ingesttest.Field{Name: "spawns_agent", Got: r.SpawnsAgent, Want: *w.SpawnsAgent})
			}
			ingesttest.CheckFields(t, checks)
			if ingesttest.Deref(w.Mode) == "" && r.ModeSource != "none" {
				t.Errorf("mode_source: got %q for no recorded mode, want none", r.ModeSource)
			}
			if ingesttest.Deref(w.SandboxDisabled) && r.Sandbox != "disabled-by-call" {
				t.Errorf("sandbox: got %q, want disabled-by-call", r.Sandbox)
			}
		})
	}

	// "each truncated line holds a tool call that must not be counted" and
	// is reported once, naming its file and line.
	b2 := filepath.Join(synthHome, ".claude/projects/-home-dev-my-app-v2/9a7c3b1d-8e2f-4a6b-9c0d-1e2f3a4b5c6d.jsonl")
	if len(sink.Problems) != 1 {
		t.Fatalf("problems: got %v, want exactly the truncated line", sink.Problems)
	}
	b2, _ = filepath.Abs(b2)
	if p := sink.Problems[0]; p.File != b2 || p.Line != 16 {
		t.Errorf("problem: got %s, want %s:16", p, b2)
	}
	if _, ok := got["toolu_01QoS9k0Q6TnYX1EgsI1YfXL"]; ok {
		t.Errorf("the call in the truncated line was counted")
	}
}

// TestSyntheticModeSources checks where each mode came from: "the
// permissionMode of the latest human prompt or permission-mode entry before
// the call (absent before 2.1.x: null); a subagent uses its parent's mode
// when it was spawned."
func TestSyntheticModeSources(t *testing.T) {
	sink, _ := readHome(t, synthHome)
	got := ingesttest.ByCallID(ingesttest.KeepOriginals(sink.Rows))
	cases := []struct {
		call, source string
	}{
		{"toolu_01C2c4Kduh2IWy4xgyJ3DuTD", "prompt"}, // after the first prompt (default)
		{"toolu_01fQQobJLBLSHsL88XsnTsdl", "prompt"}, // after the acceptEdits prompt
		{"toolu_017wtqDvUoUWqlpp4gC86JG1", "parent"}, // subagent file, parent acceptEdits at the Task call
		{"toolu_01FItgQn0x1hgs7a6r3pumjt", "prompt"}, // permission-mode entry then a prompt: the prompt is latest
		{"toolu_018s2nT2npOiN8ZLywBPf7Em", "none"},   // 1.0.58: no mode recorded
		{"toolu_01LjBKvEpsHj9sy1uxjgmilm", "none"},   // inline sidechain of a 1.0.58 session
		{"toolu_01XDfGM8HN3xpkD1Gc39lrn8", "prompt"}, // the /branch file's own prompt
		{"toolu_01hsuKOukLujVlXasDlGt3Wt", "none"},   // old resume file
		{"toolu_01YgtkGK7eeX2YM9RVj9vPKB", "parent"}, // second subagent call
		{"toolu_01cu9kTnImH7NXXehb7VwbwW", "prompt"}, // the Task call itself
		{"toolu_011Bm4IGVVjRXINkYcwDYYzO", "prompt"}, // last call of the session
		{"toolu_01H2lpyi1BTbhwUP7sShCbBT", "prompt"}, // WebFetch after the mode change
		{"toolu_01gixdOyiCpRsBgAt5DbTpIn", "prompt"}, // MCP call
		{"toolu_01uJYYZ5ZzfNzx8yUgNKwucy", "none"},   // inline sidechain Read
		{"toolu_018YRrXcVPa7I1EwXBUg6cdt", "prompt"}, // the /branch file's Write
		{"toolu_01ADeWcycdGT2uKoAiV9UYmw", "none"},   // MultiEdit, 1.0.58
		{"toolu_01VqjTkXqVbnlBgLZxHfANJA", "none"},   // git commit in the resume file
		{"toolu_01X76DwZxVK6uuKyZOKcNOvy", "prompt"}, // Bash exit 1
		{"toolu_01ErUb1eUo7I4yDtQ9RD9XF3", "prompt"}, // Glob
		{"toolu_01PmzQNj3HKHJyMl3Tc9ly4y", "prompt"}, // Write
		{"toolu_01RJZm1vbZgWF08zUIuonyiB", "prompt"}, // denied Bash
		{"toolu_01TY3pXEOpSpXOjHyglyaaV7", "prompt"}, // Read .env
		{"toolu_01bWqrzTZaMutgDGeFvbBME2", "prompt"}, // Read config.py
		{"toolu_01ZfiFfFKmxxrxjo5S56agOn", "prompt"}, // Bash with timeout
		{"toolu_01QUkjUfyjKJrST8DCOARwmv", "none"},   // Bash tail, 1.0.58
		{"toolu_0160j8BmnhRcIrs7BW81pVYS", "none"},   // Task, 1.0.58
	}
	for _, c := range cases {
		if r := got[c.call]; r.ModeSource != c.source {
			t.Errorf("%s: mode_source %q, want %q", c.call, r.ModeSource, c.source)
		}
	}
}

// TestSyntheticCopyRanks checks the ordering rule directly on the copies:
// "a record with forkedFrom is never it; … on a tie (B1 and B2 start with
// the same records) the file whose last timestamp is earliest."
func TestSyntheticCopyRanks(t *testing.T) {
	sink, _ := readHome(t, synthHome)
	byKey := map[string][]ingest.Row{}
	for _, r := range sink.Rows {
		byKey[r.CallKey] = append(byKey[r.CallKey], r)
	}
	// Copies must share their CallKey: a call id under two keys is an error.
	keyOf := map[string]string{}
	for k, rows := range byKey {
		if prev, dup := keyOf[rows[0].CallID]; dup {
			t.Errorf("%s: copies under two keys %s and %s", rows[0].CallID, prev, k)
		}
		keyOf[rows[0].CallID] = k
	}
	cases := []struct {
		call, wantSession, loserSession string
	}{
		{"toolu_01C2c4Kduh2IWy4xgyJ3DuTD", "7f3c2a10-5b6e-4d2a-9c41-0e8b1f2a3c4d", "0b9d4e21-6c3f-4a8e-b7d2-5f1e0a9c8d7b"},
		{"toolu_01TY3pXEOpSpXOjHyglyaaV7", "7f3c2a10-5b6e-4d2a-9c41-0e8b1f2a3c4d", "0b9d4e21-6c3f-4a8e-b7d2-5f1e0a9c8d7b"},
		{"toolu_018s2nT2npOiN8ZLywBPf7Em", "3e1f5a7b-2c4d-4e6f-8a9b-0c1d2e3f4a5b", "9a7c3b1d-8e2f-4a6b-9c0d-1e2f3a4b5c6d"},
		{"toolu_01QUkjUfyjKJrST8DCOARwmv", "3e1f5a7b-2c4d-4e6f-8a9b-0c1d2e3f4a5b", "9a7c3b1d-8e2f-4a6b-9c0d-1e2f3a4b5c6d"},
	}
	for _, c := range cases {
		rows := byKey[keyOf[c.call]]
		if len(rows) != 2 {
			t.Errorf("%s: %d records, want the original and one copy", c.call, len(rows))
			continue
		}
		slices.SortFunc(rows, func(a, b ingest.Row) int { return strings.Compare(a.CopyRank, b.CopyRank) })
		if rows[0].SessionID != c.wantSession || rows[1].SessionID != c.loserSession {
			t.Errorf("%s: ranks put %s before %s", c.call, rows[0].SessionID, rows[1].SessionID)
		}
	}
	// The Grep echoed in the progress line is read once, from the subagent.
	if rows := byKey[keyOf["toolu_017wtqDvUoUWqlpp4gC86JG1"]]; len(rows) != 1 || !strings.Contains(rows[0].SourceFile, "subagents") {
		t.Errorf("progress echo: got %d rows %v", len(rows), rows)
	}
}

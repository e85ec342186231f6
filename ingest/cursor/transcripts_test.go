package cursor

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/permsim/permsim/internal/ingesttest"
)

// A transcript line as the format notes describe it (transcript-formats.md
// §5, and parsers others published: {role, message:{content[]}} with
// Claude-API-style tool_use / tool_result blocks, turn_ended markers).
const demoChat = "67e83177-82a2-44a3-b178-942e1f8a0bb9"

func transcriptFile(home string) string {
	return filepath.Join(home, ".cursor", "projects", "home-dev-demo-app", "agent-transcripts", demoChat, demoChat+".jsonl")
}

// TestTranscriptCallsCountedOnce: a tool_use the chat's store.db also
// holds (same id) is one call; one only the transcript holds is added; the
// project comes from the slug (the candidate whose md5 names the chat
// folder).
func TestTranscriptCallsCountedOnce(t *testing.T) {
	home := t.TempDir()
	ingesttest.CopyTree(t, synthHome, home)
	ingesttest.AppendFile(t, transcriptFile(home), strings.Join([]string{
		`{"role":"assistant","message":{"content":[{"type":"tool_use","id":"toolu_01gSdU15f2jkXwhFuo0UfqOi","name":"Shell","input":{"command":"git status --short && git diff --stat | tail -1"}}]}}`,
		`{"role":"user","message":{"content":[{"type":"tool_result","tool_use_id":"toolu_01gSdU15f2jkXwhFuo0UfqOi","content":"Exit code: 0\n\nCommand output:\n"}]}}`,
		`{"role":"assistant","message":{"content":[{"type":"tool_use","id":"toolu_transcript_only","name":"Shell","input":{"command":"rm -rf build"}}]}}`,
		`{"role":"user","message":{"content":[{"type":"tool_result","tool_use_id":"toolu_transcript_only","content":[{"type":"text","text":"Exit code: 1\n"}]}]}}`,
		`{"type":"turn_ended","status":"completed"}`,
		`not json`,
	}, "\n")+"\n")
	rows, sum := ingesttest.RunIngest(t, New(), home)
	want := len(loadExpected(t)) + 1
	if len(rows) != want {
		t.Errorf("%d distinct calls, want %d (the store.db calls and one transcript-only call)", len(rows), want)
	}
	r, ok := rows["cursor:"+demoChat+":toolu_transcript_only"]
	if !ok {
		t.Fatalf("the transcript-only call is missing; keys %v", ingesttest.Keys(rows))
	}
	if r.Command != "rm -rf build" || r.Tool != "bash" || r.ProjectDir != "/home/dev/demo-app" || r.Result != "error" || ingesttest.FmtPtr(r.ExitCode) != "1" {
		t.Errorf("transcript call %+v", r)
	}
	if orig := rows["cursor:"+demoChat+":toolu_01gSdU15f2jkXwhFuo0UfqOi"]; !strings.HasSuffix(orig.SourceFile, "store.db") {
		t.Errorf("the call both hold should keep the store.db row, got %s", orig.SourceFile)
	}
	var bad bool
	for _, p := range sum.Problems {
		bad = bad || (strings.HasSuffix(p.File, ".jsonl") && p.Line > 0 && strings.Contains(p.Msg, "not a JSON"))
	}
	if !bad {
		t.Errorf("the bad line is not reported with file and line: %v", sum.Problems)
	}
}

// TestUnreadKindsReported: a transcripts folder with files permsim does
// not read (the older .txt transcripts) says so in the summary.
func TestUnreadKindsReported(t *testing.T) {
	home := t.TempDir()
	dir := filepath.Join(home, ".cursor", "projects", "home-dev-x", "agent-transcripts")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "0b1c.txt"), []byte("user:\n<user_query>hi</user_query>\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, sum := ingesttest.RunIngest(t, New(), home)
	found := false
	for _, p := range sum.Problems {
		found = found || (p.File == dir && strings.Contains(p.Msg, ".txt"))
	}
	if !found {
		t.Errorf("summary problems %v: want the .txt transcripts named as not read", sum.Problems)
	}
}

// FuzzParseTranscript: hostile transcript lines never panic or hang.
func FuzzParseTranscript(f *testing.F) {
	f.Add([]byte(`{"role":"assistant","message":{"content":[{"type":"tool_use","id":"a","name":"Shell","input":{"command":"ls"}}]}}` + "\n" +
		`{"role":"user","message":{"content":[{"type":"tool_result","tool_use_id":"a","content":"Exit code: 0"}]}}`))
	f.Add([]byte(`{"role":"user","message":{"content":"text"}}` + "\n{}\n[]\n"))
	f.Add([]byte(`{"message":{"content":[{"type":"tool_result","content":[{"text":1}]}]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var sink ingesttest.Sink
		path := "/h/.cursor/projects/x-y/agent-transcripts/u/u.jsonl"
		if err := parseTranscript(context.Background(), bytes.NewReader(data), path, &sink); err != nil {
			t.Fatal(err)
		}
		for _, r := range sink.Rows {
			if r.CallKey == "" || r.Harness != Harness {
				t.Fatalf("row without key: %+v", r)
			}
		}
	})
}

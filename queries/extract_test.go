package queries

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// tinyTranscript has 3 tool_use blocks on assistant lines: two in one
// message, one in another. Not counted: the tool_use copied inside a
// progress line, the user line's tool_result, text blocks, a summary line,
// and the last line, cut off mid-write, whose tool_use was never recorded
// whole.
const tinyTranscript = `{"type":"summary","summary":"x","leafUuid":"u0"}
{"type":"user","uuid":"u1","sessionId":"s","message":{"role":"user","content":"list files"},"permissionMode":"default"}
{"type":"assistant","uuid":"u2","sessionId":"s","message":{"id":"m1","role":"assistant","content":[{"type":"text","text":"ok"},{"type":"tool_use","id":"toolu_a","name":"Bash","input":{"command":"ls"}},{"type":"tool_use","id":"toolu_b","name":"Read","input":{"file_path":"/p/a"}}]}}
{"type":"user","uuid":"u3","sessionId":"s","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_a","content":"a"}]}}
{"type":"progress","uuid":"u4","sessionId":"s","data":{"type":"agent_progress","message":{"type":"assistant","message":{"content":[{"type":"tool_use","id":"toolu_sub","name":"Grep","input":{}}]}}}}
{"type":"assistant","uuid":"u5","sessionId":"s","message":{"id":"m2","role":"assistant","content":[{"type":"tool_use","id":"toolu_c","name":"Edit","input":{"file_path":"/p/a"}}]}}
{"type":"assistant","uuid":"u6","sessionId":"s","message":{"id":"m3","role":"assistant","content":[{"type":"tool_use","id":"toolu_d","name":"Bash","inp`

// The shared Claude Code fixture's session 7f3c2a10 (main file and its
// subagent file): expected.json lists its calls, one per tool_use block,
// and the main file's progress line echoes a subagent call that must not
// be counted again.
func expectedFixtureCalls(t *testing.T) int {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(testdataDir, "extract", "expected.json"))
	if err != nil {
		t.Fatal(err)
	}
	var e struct {
		Calls []json.RawMessage `json:"calls"`
	}
	if err := json.Unmarshal(b, &e); err != nil {
		t.Fatal(err)
	}
	return len(e.Calls)
}

// "Count the tool_use blocks of assistant lines (ignore progress lines)",
// with both of DuckDB's readers.
func TestExtractToolCalls(t *testing.T) {
	tiny := filepath.Join(t.TempDir(), "tiny.jsonl")
	if err := os.WriteFile(tiny, []byte(tinyTranscript), 0o644); err != nil {
		t.Fatal(err)
	}
	fixture := []string{
		filepath.Join(testdataDir, "extract", "7f3c2a10-5b6e-4d2a-9c41-0e8b1f2a3c4d.jsonl"),
		filepath.Join(testdataDir, "extract", "agent-a4c1e9f07b2d3e8f1.jsonl"),
	}
	tests := []struct {
		name  string
		files []string
		want  int
	}{
		{"tiny", []string{tiny}, 3},
		{"fixture session", fixture, expectedFixtureCalls(t)},
		{"no files", nil, 0},
	}
	for _, mode := range ExtractModes {
		for _, tt := range tests {
			t.Run(mode+"/"+tt.name, func(t *testing.T) {
				got, err := ExtractToolCalls(context.Background(), tt.files, mode)
				if err != nil {
					t.Fatal(err)
				}
				if got != tt.want {
					t.Errorf("%d tool calls, want %d", got, tt.want)
				}
			})
		}
	}
}

func TestExtractToolCallsErrors(t *testing.T) {
	if _, err := ExtractToolCalls(context.Background(), []string{"x.jsonl"}, "read_csv"); err == nil || !strings.Contains(err.Error(), "read_csv") {
		t.Errorf("unknown mode: %v", err)
	}
	missing := filepath.Join(t.TempDir(), "missing.jsonl")
	if _, err := ExtractToolCalls(context.Background(), []string{missing}, "read_json"); err == nil || !strings.Contains(err.Error(), "missing.jsonl") {
		t.Errorf("missing file: %v, want an error naming it", err)
	}
}

func BenchmarkExtractToolCalls(b *testing.B) {
	files := []string{
		filepath.Join(testdataDir, "extract", "7f3c2a10-5b6e-4d2a-9c41-0e8b1f2a3c4d.jsonl"),
		filepath.Join(testdataDir, "extract", "agent-a4c1e9f07b2d3e8f1.jsonl"),
	}
	for _, mode := range ExtractModes {
		b.Run(mode, func(b *testing.B) {
			for b.Loop() {
				if _, err := ExtractToolCalls(context.Background(), files, mode); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

package codex

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/ingesttest"
)

// benchRollout writes a rollout shaped like a working session: per turn a
// turn_context, a prompt, reasoning, then calls whose outputs carry a few
// KB of command output, with the token_count events Codex writes.
func benchRollout(tb testing.TB, dir string, turns int) (string, int64) {
	r := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	b.WriteString(sessionMeta("2026-05-01T10:00:00.000Z", "bench", "/w/proj"))
	words := []string{"func", "return", "if err != nil {", "}", `fmt.Printf("%s\n", x)`, "\t", "\n", "import (", "config", "loader", "é", "→"}
	text := func(n int) string {
		var s strings.Builder
		for s.Len() < n {
			s.WriteString(words[r.IntN(len(words))])
			s.WriteByte(' ')
		}
		return s.String()
	}
	calls := 0
	for turn := range turns {
		ts := fmt.Sprintf("2026-05-01T%02d:%02d:00.000Z", 10+turn/60%10, turn%60)
		b.WriteString(turnContext(ts, "on-request", "workspace-write"))
		b.WriteString(envelope(ts, "response_item", map[string]any{"type": "message", "role": "user",
			"content": []map[string]string{{"type": "input_text", "text": text(300)}}}))
		b.WriteString(envelope(ts, "response_item", map[string]any{"type": "reasoning",
			"summary": []map[string]string{{"type": "summary_text", "text": text(200)}}, "encrypted_content": strings.Repeat("gAAAAB", 400)}))
		for range 5 {
			id := fmt.Sprintf("call_%d", calls)
			calls++
			b.WriteString(execCall(ts, id, "rg -n load_config src | head -50"))
			b.WriteString(callOutput(ts, id, "Chunk ID: a\nWall time: 0.1 seconds\nProcess exited with code 0\nOutput:\n"+text(3000)))
			b.WriteString(envelope(ts, "event_msg", map[string]any{"type": "token_count", "info": map[string]any{"total_token_usage": map[string]int{"input_tokens": 100, "output_tokens": 10}}}))
		}
	}
	p := filepath.Join(dir, "rollout-2026-05-01T10-00-00-bench.jsonl")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		tb.Fatal(err)
	}
	return p, int64(b.Len())
}

// BenchmarkRead measures reading one rollout from the start (MB/s).
func BenchmarkRead(b *testing.B) {
	path, size := benchRollout(b, b.TempDir(), 400)
	src := New()
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		sink := &ingesttest.Discard{}
		if _, err := src.Read(b.Context(), []ingest.File{{Path: path}}, nil, sink); err != nil {
			b.Fatal(err)
		}
		if sink.Rows != 2000 || sink.Problems != 0 {
			b.Fatalf("rows %d problems %d", sink.Rows, sink.Problems)
		}
	}
}

package gemini

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

// benchChat writes a .jsonl chat shaped like the v0.39+ CLI writes one: per
// turn a prompt, a gemini message re-appended as each of its calls
// finishes (then once more with tokens), the user functionResponse
// messages and the $set updates.
func benchChat(tb testing.TB, dir string, turns int) (string, int64) {
	r := rand.New(rand.NewPCG(1, 2))
	words := []string{"func", "return", "if err != nil {", "}", `fmt.Printf("%s\n", x)`, "\t", "\n", "import (", "config", "loader", "é", "→"}
	text := func(n int) string {
		var s strings.Builder
		for s.Len() < n {
			s.WriteString(words[r.IntN(len(words))])
			s.WriteByte(' ')
		}
		return s.String()
	}
	var b strings.Builder
	b.WriteString(metaLine("bench"))
	calls := 0
	for turn := range turns {
		ts := fmt.Sprintf("2026-05-01T%02d:%02d:00.000Z", 10+turn/60%10, turn%60)
		b.WriteString(userMsg(fmt.Sprintf("u%d", turn), ts, text(300)))
		b.WriteString(jline(map[string]any{"$set": map[string]any{"lastUpdated": ts}}))
		var done []map[string]any
		for range 5 {
			id := fmt.Sprintf("run_shell_command__call_%d", calls)
			calls++
			done = append(done, shellCall(id, ts, "rg -n load_config src | head -50", "success", "Output: "+text(3000)))
			b.WriteString(geminiMsg(fmt.Sprintf("g%d", turn), ts, done...))
			b.WriteString(jline(map[string]any{"id": fmt.Sprintf("r%d", calls), "timestamp": ts, "type": "user",
				"content": []any{map[string]any{"functionResponse": map[string]any{"id": id, "name": "run_shell_command", "response": map[string]any{"output": "ok"}}}}}))
		}
	}
	p := filepath.Join(dir, "session-2026-05-01T10-00-benchaaa.jsonl")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		tb.Fatal(err)
	}
	return p, int64(b.Len())
}

// BenchmarkRead measures reading one .jsonl chat from the start (MB/s).
func BenchmarkRead(b *testing.B) {
	dir := filepath.Join(b.TempDir(), ".gemini", "tmp", "proj", "chats")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "..", ".project_root"), []byte("/w/proj"), 0o644); err != nil {
		b.Fatal(err)
	}
	path, size := benchChat(b, dir, 100)
	src := New()
	files := []ingest.File{{Path: path, Group: filepath.Dir(dir)}}
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		sink := &ingesttest.Discard{}
		if _, err := src.Read(b.Context(), files, nil, sink); err != nil {
			b.Fatal(err)
		}
		if sink.Rows != 500 || sink.Problems != 0 {
			b.Fatalf("rows %d problems %d", sink.Rows, sink.Problems)
		}
	}
}

package claude

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/ingesttest"
)

// codeText returns n bytes of source-code-like text with about the density
// of quotes (one per ~50 bytes), backslashes, newlines and tabs of real Go
// source, so its JSON form has the escapes real tool output has.
func codeText(r *rand.Rand, n int) string {
	words := []string{"func", "return", "if err != nil {", "}", `fmt.Printf("%s\n", x)`, "x, err := load(path)",
		"\t", "\n", "\n\t", "import (", "// comment about the loader", "for i := 0; i < n; i++ {", "the", "config",
		"loader", "value", "é", "→", "b.WriteString(s)", "case 'a':", "default:", "switch c {", "var buf []byte",
		"type T struct {", "m[k] = v", `"key": "value",`, `log.Println("done")`, "return nil, err", "len(s) > 0", "s := `raw`", "name string"}
	var b strings.Builder
	for b.Len() < n {
		b.WriteString(words[r.IntN(len(words))])
		b.WriteByte(' ')
	}
	return b.String()
}

// ordered renders key/value pairs as one compact JSON line in the given
// order: Claude Code writes type and message before toolUseResult, and
// the reader's early stop depends on it.
func ordered(kv ...any) string {
	var b strings.Builder
	b.WriteByte('{')
	for i := 0; i < len(kv); i += 2 {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(kv[i])
		v, _ := json.Marshal(kv[i+1])
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteString("}\n")
	return b.String()
}

// benchEntry renders an entry with the members Claude Code 2.1.x writes,
// in its order.
func benchEntry(typ, ts string, kv ...any) string {
	head := []any{"parentUuid", "p-" + ts, "isSidechain", false, "userType", "external", "cwd", testCwd,
		"sessionId", testSession, "version", "2.1.140", "gitBranch", "main", "type", typ}
	tail := []any{"uuid", "u-" + ts, "timestamp", ts}
	var all []any
	all = append(all, head...)
	all = append(all, kv[:2]...) // message (or attachment) comes before uuid and timestamp
	all = append(all, tail...)
	all = append(all, kv[2:]...)
	return ordered(all...)
}

// writeBenchTranscript writes a session file of about size bytes shaped
// like a real 2.1.x transcript: long assistant text and thinking, big tool
// outputs (each in the result block and again in toolUseResult), attachment
// noise, and few tool calls.
func writeBenchTranscript(tb testing.TB, path string, size int) int64 {
	tb.Helper()
	f, err := os.Create(path)
	if err != nil {
		tb.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	r := rand.New(rand.NewPCG(1, 2))
	var written int
	n := 0
	emit := func(s string) {
		w.WriteString(s)
		written += len(s)
	}
	assistant := func(ts string, block map[string]any, stop string) string {
		return benchEntry("assistant", ts, "message", map[string]any{"id": "msg_" + ts, "type": "message", "role": "assistant",
			"model": "claude-test", "content": []any{block}, "stop_reason": stop}, "requestId", "req_"+ts)
	}
	result := func(ts, id, out string, tur any) string {
		return benchEntry("user", ts, "message", map[string]any{"role": "user", "content": []any{map[string]any{
			"tool_use_id": id, "type": "tool_result", "content": out}}},
			"toolUseResult", tur, "sourceToolAssistantUUID", "a-"+ts)
	}
	for written < size {
		n++
		ts := fmt.Sprintf("2026-05-01T10:%02d:%02d.000Z", (n/60)%60, n%60)
		if n%20 == 1 {
			emit(benchEntry("user", ts, "message", map[string]any{"role": "user", "content": "please " + codeText(r, 300)},
				"permissionMode", "default"))
		}
		emit(benchEntry("attachment", ts, "attachment", map[string]any{"type": "skill_listing", "content": codeText(r, 2000)}))
		emit(assistant(ts, map[string]any{"type": "thinking", "thinking": codeText(r, 4000), "signature": "sig"}, "tool_use"))
		emit(assistant(ts, map[string]any{"type": "text", "text": codeText(r, 8000)}, "tool_use"))
		id := fmt.Sprintf("toolu_%08d", n)
		if n%2 == 0 {
			emit(assistant(ts, map[string]any{"type": "tool_use", "id": id, "name": "Read",
				"input": map[string]any{"file_path": "/work/proj/src/file.go"}}, "tool_use"))
			out := codeText(r, 40000)
			emit(result(ts, id, out, map[string]any{"type": "text", "file": map[string]any{"filePath": "/work/proj/src/file.go", "content": out}}))
		} else {
			emit(assistant(ts, map[string]any{"type": "tool_use", "id": id, "name": "Bash",
				"input": map[string]any{"command": "go test ./... 2>&1 | tail -50", "timeout": 120000}}, "tool_use"))
			out := codeText(r, 16000)
			emit(result(ts, id, out, map[string]any{"stdout": out, "stderr": "", "interrupted": false}))
		}
	}
	if err := w.Flush(); err != nil {
		tb.Fatal(err)
	}
	if err := f.Close(); err != nil {
		tb.Fatal(err)
	}
	return int64(written)
}

// BenchmarkRead measures Read throughput (MB/s) on a generated 32 MB
// transcript.
func BenchmarkRead(b *testing.B) {
	dir := b.TempDir()
	path := filepath.Join(dir, testSession+".jsonl")
	size := writeBenchTranscript(b, path, 32<<20)
	files := []ingest.File{{Path: path, Group: path}}
	src := New()
	b.SetBytes(size)
	b.ResetTimer()
	for b.Loop() {
		sink := &ingesttest.Discard{}
		if _, err := src.Read(context.Background(), files, nil, sink); err != nil {
			b.Fatal(err)
		}
		if sink.Rows == 0 || sink.Problems != 0 {
			b.Fatalf("rows %d problems %d", sink.Rows, sink.Problems)
		}
	}
}

package jsonl

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/ingesttest"
)

// BenchmarkRead imports a file of 20,000 calls (about 10 MB) from the
// start, as a first run does.
func BenchmarkRead(b *testing.B) {
	path := filepath.Join(b.TempDir(), "calls.jsonl")
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriter(f)
	writeBench(w, 20000)
	w.Flush()
	f.Close()
	fi, _ := os.Stat(path)
	b.SetBytes(fi.Size())
	files := []ingest.File{{Path: path, Group: path}}
	for b.Loop() {
		sink := &ingesttest.Discard{}
		if _, err := New(path).Read(context.Background(), files, nil, sink); err != nil {
			b.Fatal(err)
		}
		if sink.Rows != 20000 || sink.Problems != 0 {
			b.Fatalf("rows %d problems %d", sink.Rows, sink.Problems)
		}
	}
}

// writeBench writes n calls of the benchmark's import file.
func writeBench(w io.Writer, n int) {
	content := strings.Repeat("x = load_config(path)\\n", 15)
	for i := range n {
		fmt.Fprintf(w, `{"harness":"codey","session_id":"s-%d","project_dir":"/home/dev/demo-app","cwd":"/home/dev/demo-app",`+
			`"ts":"2026-05-02T09:%02d:%02dZ","call_id":"c%d","tool":"write","raw_tool":"write_file","paths":["src/gen_%d.py"],`+
			`"input_json":{"file_path":"src/gen_%d.py","content":"%s"},"mode":"default","result":"ok"}`+"\n",
			i/100, (i/60)%60, i%60, i, i, i, content)
	}
}

package gemini

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/permsim/permsim/ingest"
)

// memSink records what a Source sends.
type memSink struct {
	rows     []ingest.Row
	problems []ingest.Problem
	bytes    int64
}

func (s *memSink) Row(r ingest.Row)         { s.rows = append(s.rows, r) }
func (s *memSink) Problem(p ingest.Problem) { s.problems = append(s.problems, p) }
func (s *memSink) Bytes(n int64)            { s.bytes += n }

// readHome discovers home and reads every group with the previous states
// given, the way ingest.Run drives a Source.
func readHome(t *testing.T, home string, prev map[string]ingest.FileState) (*memSink, map[string]ingest.FileState) {
	t.Helper()
	t.Setenv("GEMINI_CLI_HOME", "")
	src := New()
	files, err := src.Discover(home)
	if err != nil {
		t.Fatalf("Discover: %v", err)
	}
	groups := map[string][]ingest.File{}
	var order []string
	for _, f := range files {
		if _, ok := groups[f.Group]; !ok {
			order = append(order, f.Group)
		}
		groups[f.Group] = append(groups[f.Group], f)
	}
	sink := &memSink{}
	states := map[string]ingest.FileState{}
	for _, g := range order {
		st, err := src.Read(context.Background(), groups[g], prev, sink)
		if err != nil {
			t.Fatalf("Read %s: %v", g, err)
		}
		for k, v := range st {
			states[k] = v
		}
	}
	return sink, states
}

// keepOriginals keeps, per CallKey, the row with the lowest CopyRank (the
// later of equal ranks), as ingest.Run and the calls view do.
func keepOriginals(rows []ingest.Row) map[string]ingest.Row {
	best := map[string]ingest.Row{}
	for _, r := range rows {
		if b, ok := best[r.CallKey]; !ok || r.CopyRank <= b.CopyRank {
			best[r.CallKey] = r
		}
	}
	return best
}

func keys[V any](m map[string]V) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

func fmtPtr(p *int64) string {
	if p == nil {
		return "null"
	}
	return strconv.FormatInt(*p, 10)
}

// rowIDs lists "callid:result" of rows, in order, with "+rewound" for
// rewound rows.
func rowIDs(rows []ingest.Row) string {
	var out []string
	for _, r := range rows {
		s := r.CallID + ":" + r.Result
		if r.Rewound {
			s += "+rewound"
		}
		out = append(out, s)
	}
	return strings.Join(out, " ")
}

// Builders of .jsonl chat records for tests that need a chat of their own.

func jline(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b) + "\n"
}

func metaLine(sid string) string {
	return jline(map[string]any{"sessionId": sid, "projectHash": "00", "startTime": "2026-05-01T10:00:00.000Z", "lastUpdated": "2026-05-01T10:00:00.000Z", "kind": "main"})
}

func userMsg(id, ts, text string) string {
	return jline(map[string]any{"id": id, "timestamp": ts, "type": "user", "content": []map[string]string{{"text": text}}})
}

// shellCall is a finished run_shell_command record; output is the
// functionResponse output (or error when status is not success).
func shellCall(id, ts, command, status, output string) map[string]any {
	resp := map[string]any{"output": output}
	if status != "success" {
		resp = map[string]any{"error": output}
	}
	return map[string]any{"id": id, "name": "run_shell_command", "args": map[string]any{"command": command, "dir_path": "."},
		"result": []any{map[string]any{"functionResponse": map[string]any{"id": id, "name": "run_shell_command", "response": resp}}},
		"status": status, "timestamp": ts}
}

func geminiMsg(id, ts string, calls ...map[string]any) string {
	return jline(map[string]any{"id": id, "timestamp": ts, "type": "gemini", "content": "", "model": "gemini-2.5-pro", "toolCalls": calls})
}

// writeChat writes content as tmp/<folder>/chats/<name> under home's
// .gemini, with a .project_root naming root, and returns its path.
func writeChat(t *testing.T, home, folder, name, root, content string) string {
	t.Helper()
	dir := filepath.Join(home, ".gemini", "tmp", folder, "chats")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if root != "" {
		if err := os.WriteFile(filepath.Join(home, ".gemini", "tmp", folder, ".project_root"), []byte(root), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func appendFile(t *testing.T, path, s string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(s); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// copyTree copies the folder src into dst (made writable) so a test can
// change files without touching testdata.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.Walk(src, func(p string, fi os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		out := filepath.Join(dst, rel)
		if fi.IsDir() {
			return os.MkdirAll(out, 0o755)
		}
		in, err := os.Open(p)
		if err != nil {
			return err
		}
		defer in.Close()
		o, err := os.Create(out)
		if err != nil {
			return err
		}
		if _, err := io.Copy(o, in); err != nil {
			o.Close()
			return err
		}
		return o.Close()
	})
	if err != nil {
		t.Fatal(err)
	}
}

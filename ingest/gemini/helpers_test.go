package gemini

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/ingesttest"
)

// readHome discovers home and reads every group with the previous states
// given, the way ingest.Run drives a Source; the user's GEMINI_CLI_HOME is
// kept out of it.
func readHome(t *testing.T, home string, prev map[string]ingest.FileState) (*ingesttest.Sink, map[string]ingest.FileState) {
	t.Helper()
	t.Setenv("GEMINI_CLI_HOME", "")
	return ingesttest.ReadHome(t, New(), home, prev)
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

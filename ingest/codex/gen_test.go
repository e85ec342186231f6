package codex

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// Builders of envelope-format rollout lines for the tests that need a
// rollout of their own.

func envelope(ts, typ string, payload map[string]any) string {
	b, err := json.Marshal(map[string]any{"timestamp": ts, "type": typ, "payload": payload})
	if err != nil {
		panic(err)
	}
	return string(b) + "\n"
}

func sessionMeta(ts, id, cwd string) string {
	return envelope(ts, "session_meta", map[string]any{"id": id, "timestamp": ts, "cwd": cwd, "cli_version": "0.120.0", "source": "cli"})
}

func turnContext(ts, approval, sandbox string) string {
	return envelope(ts, "turn_context", map[string]any{"cwd": "/w/proj", "approval_policy": approval,
		"sandbox_policy": map[string]any{"type": sandbox}, "model": "gpt-5"})
}

func execCall(ts, id, cmd string) string {
	args, _ := json.Marshal(map[string]any{"cmd": cmd, "workdir": "/w/proj"})
	return envelope(ts, "response_item", map[string]any{"type": "function_call", "name": "exec_command", "arguments": string(args), "call_id": id})
}

func callOutput(ts, id, out string) string {
	return envelope(ts, "response_item", map[string]any{"type": "function_call_output", "call_id": id, "output": out})
}

func exited(code int) string {
	return fmt.Sprintf("Chunk ID: 1\nWall time: 0.1 seconds\nProcess exited with code %d\nOriginal token count: 1\nOutput:\nx\n", code)
}

// rollout returns a whole rollout of n exec_command calls named
// <prefix>0 … that all exited 0.
func rollout(id, prefix string, n int) string {
	s := sessionMeta("2026-05-01T10:00:00.000Z", id, "/w/proj") + turnContext("2026-05-01T10:00:00.100Z", "on-request", "workspace-write")
	for i := range n {
		ts := fmt.Sprintf("2026-05-01T10:%02d:%02d.000Z", 1+i/60, i%60)
		s += execCall(ts, fmt.Sprintf("%s%d", prefix, i), fmt.Sprintf("echo %d", i)) + callOutput(ts, fmt.Sprintf("%s%d", prefix, i), exited(0))
	}
	return s
}

// writeRollout writes content as a rollout under home's sessions folder
// and returns its path.
func writeRollout(t *testing.T, home, name, content string) string {
	t.Helper()
	dir := filepath.Join(home, ".codex", "sessions", "2026", "05", "01")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

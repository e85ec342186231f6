package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// copyWithByte copies the transcript src to dst, with bad put in place of
// the first old on the given line, so that line holds bytes that are not
// UTF-8.
func copyWithByte(t *testing.T, src, dst string, line int, old, bad string) {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.Split(b, []byte("\n"))
	if !bytes.Contains(lines[line-1], []byte(old)) {
		t.Fatalf("%s:%d lacks %q", src, line, old)
	}
	lines[line-1] = bytes.Replace(lines[line-1], []byte(old), []byte(bad), 1)
	if err := os.MkdirAll(filepath.Dir(dst), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, bytes.Join(lines, []byte("\n")), 0o600); err != nil {
		t.Fatal(err)
	}
}

// Issue 27: "One invalid UTF-8 byte in one transcript breaks the whole
// store": ingest wrote the raw bytes, and report, nightly and sql then
// failed with "Invalid string encoding found in Parquet file". For a Claude
// Code and a Codex transcript each holding a byte that is not UTF-8 in a
// command, ingest stores the byte as U+FFFD, marks the row text_repaired,
// and names the transcript and line; nightly, report and sql then work.
func TestInvalidUTF8Transcripts(t *testing.T) {
	home := t.TempDir()
	claude := filepath.Join(home, ".claude", "projects", "-home-dev-demo-app", "0b9d4e21-6c3f-4a8e-b7d2-5f1e0a9c8d7b.jsonl")
	codex := filepath.Join(home, ".codex", "sessions", "2026", "03", "14", "rollout-2026-03-14T10-18-11-019cebe1-4c5d-7e6f-8a9b-0c1d2e3f4a5b.jsonl")
	copyWithByte(t, "../../testdata/demo/home/.claude/projects/-home-dev-demo-app/0b9d4e21-6c3f-4a8e-b7d2-5f1e0a9c8d7b.jsonl", claude, 4, "git status --short", "git status --short \xff\xfe")
	copyWithByte(t, "../../testdata/ingest/codex/synthetic/home/.codex/sessions/2026/03/14/rollout-2026-03-14T10-18-11-019cebe1-4c5d-7e6f-8a9b-0c1d2e3f4a5b.jsonl", codex, 4, "rg -n", "rg -n \xc3")
	out := filepath.Join(t.TempDir(), "store")
	code, _, stderr := runCLI(t, "", "nightly", "--home", home, "--out", out)
	if code != 0 {
		t.Fatalf("nightly: exit %d\n%s", code, stderr)
	}
	for _, want := range []string{claude + ":4: ", codex + ":4: "} {
		if !strings.Contains(stderr, want) || !strings.Contains(stderr, "not UTF-8") {
			t.Errorf("nightly's problems do not name %s with the bytes that are not UTF-8:\n%s", want, stderr)
		}
	}
	code, stdout, stderr := runCLI(t, "", "sql", "--out", out, "--format", "csv",
		"SELECT harness, command FROM calls WHERE text_repaired ORDER BY harness")
	want := "harness,command\nclaude-code,git status --short \uFFFD\uFFFD && ls -la\ncodex,\"rg -n \uFFFD \"\"load_config\"\" src tests\"\n"
	if code != 0 || stdout != want {
		t.Errorf("sql: exit %d\n got %q\nwant %q\n%s", code, stdout, want, stderr)
	}
	code, stdout, stderr = runCLI(t, "", "sql", "--out", out, "--format", "csv", "SELECT count(*) FILTER (NOT text_repaired) > 0 AS others FROM calls")
	if code != 0 || stdout != "others\ntrue\n" {
		t.Errorf("sql over the other calls: exit %d, %q\n%s", code, stdout, stderr)
	}
	for _, format := range []string{"text", "json"} {
		if code, _, stderr := runCLI(t, "", "report", "--out", out, "--format", format); code != 0 {
			t.Errorf("report --format %s: exit %d\n%s", format, code, stderr)
		}
	}
}

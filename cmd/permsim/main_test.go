package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runCLI runs permsim in-process and returns its exit code, stdout and stderr.
func runCLI(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

func demoArgs(t *testing.T) (home, root string) {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	top := filepath.Join(wd, "..", "..")
	return filepath.Join(top, "testdata", "demo", "home"), filepath.Join(top, "testdata", "demo", "root", "home")
}

// The spine issue's "done when": the whole pipeline on the sample
// transcripts ends in a report with a non-empty "approved by" section, and a
// second ingest over unchanged input reads no transcript bytes.
func TestNightlyDemo(t *testing.T) {
	home, root := demoArgs(t)
	out := t.TempDir()
	code, stdout, stderr := runCLI(t, "", "nightly", "--home", home, "--out", out, "--root", "/home="+root)
	if code != 0 {
		t.Fatalf("exit %d\nstderr:\n%s", code, stderr)
	}
	// 26 synthetic calls (expected.json) + 9 + 7 real calls (fixtures/real/README.md).
	if !strings.Contains(stderr, "claude-code 42") && !strings.Contains(stderr, "claude-code: 42") {
		t.Errorf("ingest summary does not report 42 Claude Code calls:\n%s", stderr)
	}
	// The truncated last line of session 9a7c3b1d is reported with its file and line.
	if !strings.Contains(stderr, "9a7c3b1d-8e2f-4a6b-9c0d-1e2f3a4b5c6d.jsonl:16") {
		t.Errorf("the truncated line is not reported as file:line:\n%s", stderr)
	}
	for _, want := range []string{"simulated from the documented rules", "Approved by", "rule "} {
		if !strings.Contains(stdout, want) {
			t.Errorf("report lacks %q:\n%s", want, stdout)
		}
	}
	// A second run reads no transcript bytes.
	code, _, stderr = runCLI(t, "", "ingest", "--home", home, "--out", out)
	if code != 0 {
		t.Fatalf("second ingest: exit %d\n%s", code, stderr)
	}
	// 8 Claude Code transcripts, the OpenCode database and the Cursor
	// transcript.
	if !strings.Contains(stderr, "0 files read (0.0 MB), 10 unchanged and skipped") {
		t.Errorf("second ingest over unchanged input should read 0 bytes:\n%s", stderr)
	}

	// permsim sql sees the same 42 Claude Code calls through the
	// deduplicating view, and the demo's 6 OpenCode calls (the real
	// OpenCode 1.18.33 session of testdata/ingest/opencode/real/
	// fx-opencode-rules) and 4 Cursor transcript calls.
	code, stdout, stderr = runCLI(t, "", "sql", "--out", out, "--format", "csv", "SELECT count(*) AS n FROM calls")
	if code != 0 || strings.TrimSpace(stdout) != "n\n52" {
		t.Errorf("sql count: exit %d, stdout %q, stderr %s", code, stdout, stderr)
	}
	// The JSON report parses.
	code, stdout, _ = runCLI(t, "", "report", "--out", out, "--format", "json")
	var v map[string]any
	if code != 0 || json.Unmarshal([]byte(stdout), &v) != nil {
		t.Errorf("report --format json: exit %d, output %q", code, stdout)
	}
}

// DESIGN.md: exit 2 for bad usage, with a message naming the problem.
func TestUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"frobnicate"}, "unknown command"},
		{[]string{"decide", "--project", "."}, "--harness is required"},
		{[]string{"decide", "--harness", "nosuch", "--project", "."}, "no simulator"},
		{[]string{"report", "--out", "s3://bucket/x"}, "httpfs"},
		{[]string{"ingest", "--since", "yesterday-ish", "--home", "."}, "not a time"},
		{[]string{"sql", "--out", t.TempDir()}, "exactly one SQL statement"},
		{[]string{"replay", "--root", "nonsense", "--out", t.TempDir()}, "OLD=NEW"},
	} {
		code, _, stderr := runCLI(t, "", tc.args...)
		if code != 2 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", tc.args, code, stderr, tc.want)
		}
	}
	if code, stdout, _ := runCLI(t, "", "help"); code != 0 || !strings.Contains(stdout, "nightly") {
		t.Errorf("help: exit %d, %q", code, stdout)
	}
}

// DESIGN.md's decide contract: one JSON object per input line with these
// fields; a line that cannot be read gets an "error" and the run goes on.
func TestDecideContract(t *testing.T) {
	proj := t.TempDir()
	home := t.TempDir()
	if err := os.MkdirAll(filepath.Join(proj, ".claude"), 0o755); err != nil {
		t.Fatal(err)
	}
	settings := `{"permissions":{"deny":["Bash(git push:*)"],"allow":["Bash(npm test)"]}}`
	if err := os.WriteFile(filepath.Join(proj, ".claude", "settings.json"), []byte(settings), 0o644); err != nil {
		t.Fatal(err)
	}
	in := `{"tool":"bash","command":"git push origin main"}
not json
{"tool":"Bash","input":{"command":"npm test"}}
`
	code, stdout, stderr := runCLI(t, in, "decide", "--harness", "claude", "--project", proj, "--home", home, "--mode", "default")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if len(lines) != 3 {
		t.Fatalf("want 3 output lines, got %d:\n%s", len(lines), stdout)
	}
	var first map[string]any
	if err := json.Unmarshal([]byte(lines[0]), &first); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"harness", "mode", "tool", "command", "outcome", "group", "step", "rule", "needs", "dangerous", "danger", "notes", "label"} {
		if _, ok := first[k]; !ok {
			t.Errorf("output lacks %q: %s", k, lines[0])
		}
	}
	// Seed: "Deny rules, from any layer" (step 2) block outright.
	if first["outcome"] != "blocked" || first["group"] != "blocked" {
		t.Errorf("git push under a deny rule: %s", lines[0])
	}
	if rule, _ := first["rule"].(map[string]any); rule == nil || rule["text"] != "Bash(git push:*)" || rule["list"] != "deny" {
		t.Errorf("rule not named: %s", lines[0])
	}
	if !strings.Contains(lines[1], `"error":"stdin:2:`) {
		t.Errorf("bad line should get an error naming stdin:2: %s", lines[1])
	}
	// Seed: an allow rule with no * matches exactly; the project is trusted
	// by the seed's assumption when there is no trust record.
	if !strings.Contains(lines[2], `"outcome":"runs"`) {
		t.Errorf("npm test under Bash(npm test): %s", lines[2])
	}
}

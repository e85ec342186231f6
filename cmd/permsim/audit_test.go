package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 11: "Exit 1 when a finding at or above --fail-on severity exists,
// for CI", with text, json and sarif output.
func TestAuditCLI(t *testing.T) {
	dir := t.TempDir()
	proj := filepath.Join(dir, "home", "p")
	if err := os.MkdirAll(filepath.Join(proj, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	// A repository CLAUDE.md importing the user's credentials: critical.
	if err := os.WriteFile(filepath.Join(proj, "CLAUDE.md"), []byte("@~/.aws/credentials\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	home := filepath.Join(dir, "home")
	args := []string{"audit", "--project", proj, "--home", home}

	code, stdout, stderr := runCLI(t, "", args...)
	if code != 0 || !strings.Contains(stdout, "CLAUDE.md:1: critical [claude-md-import-outside]") {
		t.Errorf("text: exit %d\n%s\n%s", code, stdout, stderr)
	}
	if code, _, stderr := runCLI(t, "", append(args, "--fail-on", "critical")...); code != 1 || !strings.Contains(stderr, "--fail-on") {
		t.Errorf("--fail-on critical: exit %d, want 1\n%s", code, stderr)
	}
	if code, _, _ := runCLI(t, "", append(args, "--fail-on", "note")...); code != 1 {
		t.Errorf("--fail-on note: exit %d, want 1", code)
	}
	code, stdout, _ = runCLI(t, "", append(args, "--format", "json")...)
	var rep struct {
		Findings []struct {
			Kind, File, Severity string
			Line                 int
			Harnesses            []string
		}
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil || code != 0 || len(rep.Findings) != 1 ||
		rep.Findings[0].Severity != "critical" || rep.Findings[0].Harnesses[0] != "claude-code" {
		t.Errorf("json: exit %d, %v, %+v", code, err, rep)
	}
	if code, stdout, _ := runCLI(t, "", append(args, "--format", "sarif")...); code != 0 || !strings.Contains(stdout, `"version": "2.1.0"`) {
		t.Errorf("sarif: exit %d\n%s", code, stdout)
	}
	// Without findings --fail-on passes.
	if err := os.Remove(filepath.Join(proj, "CLAUDE.md")); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCLI(t, "", append(args, "--fail-on", "note")...); code != 0 {
		t.Errorf("clean project --fail-on note: exit %d\n%s", code, stderr)
	}
	for _, bad := range [][]string{{"audit"}, {"audit", "--project", proj, "--format", "xml"}, {"audit", "--project", proj, "--fail-on", "severe"}} {
		if code, _, stderr := runCLI(t, "", bad...); code != 2 || stderr == "" {
			t.Errorf("%v: exit %d, want 2", bad, code)
		}
	}
}

package main

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/permsim/permsim/internal/sarifschema"
)

// docCommand finds, in docs/check.md, the one line that starts (after
// spaces) with prefix and returns what follows prefix: the command exactly
// as the doc gives it, so the doc cannot drift from what is tested.
func docCommand(t *testing.T, prefix string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "check.md"))
	if err != nil {
		t.Fatal(err)
	}
	var found []string
	for _, line := range strings.Split(string(data), "\n") {
		if s := strings.TrimSpace(line); strings.HasPrefix(s, prefix) {
			found = append(found, strings.TrimPrefix(s, prefix))
		}
	}
	if len(found) != 1 {
		t.Fatalf("docs/check.md: %d lines start with %q, want 1: %q", len(found), prefix, found)
	}
	return found[0]
}

// shellIn runs a command line with sh in dir, with this test binary as
// permsim on PATH (TestMain runs it as permsim under
// PERMSIM_TEST_AS_PERMSIM), and returns its exit code.
func shellIn(t *testing.T, dir, line string, env ...string) (int, string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin := t.TempDir()
	if err := os.Symlink(exe, filepath.Join(bin, "permsim")); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("sh", "-c", line)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), append([]string{"PATH=" + bin + string(os.PathListSeparator) + os.Getenv("PATH"), "PERMSIM_TEST_AS_PERMSIM=1"}, env...)...)
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0, string(out)
	case errors.As(err, &ee):
		return ee.ExitCode(), string(out)
	}
	t.Fatalf("%s: %v", line, err)
	return 0, ""
}

func gitIn(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

// The GitHub Actions workflow's check step, as docs/check.md writes it, on
// the fixture repository checked out at a pull request's head: BASE is
// what the workflow's env gives it (origin/<base branch>; here main). A
// branch adding a broad allow rule fails the step and leaves a SARIF log
// that validates and points at the rule's line; a README change passes.
func TestCheckDocWorkflow(t *testing.T) {
	line := docCommand(t, "run: permsim check ")
	line = "permsim check " + line
	repo := checkRepo(t)
	schema := sarifschema.Load(t, "../..")
	for _, tc := range []struct {
		branch string
		exit   int
		rule   string
	}{
		{"broad-allow", 1, "rule-lets-through"},
		{"unrelated", 0, ""},
	} {
		gitIn(t, repo, "checkout", "-q", tc.branch)
		code, out := shellIn(t, repo, line, "BASE=main")
		if code != tc.exit {
			t.Errorf("%s: %q exited %d, want %d\n%s", tc.branch, line, code, tc.exit, out)
		}
		sarif, err := os.ReadFile(filepath.Join(repo, "permsim-check.sarif"))
		if err != nil {
			t.Fatalf("%s: the workflow's SARIF file: %v", tc.branch, err)
		}
		inst, err := jsonschema.UnmarshalJSON(strings.NewReader(string(sarif)))
		if err != nil {
			t.Fatal(err)
		}
		if err := schema.Validate(inst); err != nil {
			t.Errorf("%s: SARIF does not validate: %v", tc.branch, err)
		}
		var log sarifJSON
		if err := json.Unmarshal(sarif, &log); err != nil || len(log.Runs) != 1 {
			t.Fatalf("%s: %v", tc.branch, err)
		}
		found := false
		for _, r := range log.Runs[0].Results {
			loc := r.Locations[0].PhysicalLocation
			if r.RuleID == tc.rule && loc.ArtifactLocation.URI == ".claude/settings.json" && loc.Region != nil && loc.Region.StartLine == 5 {
				found = true
			}
		}
		if tc.rule != "" && !found || tc.rule == "" && len(log.Runs[0].Results) != 0 {
			t.Errorf("%s: SARIF results %+v, want %q at .claude/settings.json:5", tc.branch, log.Runs[0].Results, tc.rule)
		}
		os.Remove(filepath.Join(repo, "permsim-check.sarif"))
	}
}

// The pre-commit hooks, as docs/check.md writes them (the plain git hook's
// exec line and the pre-commit framework's entry), on the fixture
// repository at main: with the broad allow rule staged they fail; with
// only a README edit staged they pass.
func TestCheckDocPreCommit(t *testing.T) {
	lines := []string{docCommand(t, "exec "), docCommand(t, "entry: ")}
	repo := checkRepo(t)
	changes := filepath.Join("..", "..", "testdata", "check", "changes")
	for _, tc := range []struct {
		change, file string
		exit         int
	}{
		{"broad-allow", ".claude/settings.json", 1},
		{"unrelated", "README.md", 0},
	} {
		data, err := os.ReadFile(filepath.Join(changes, tc.change, tc.file))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(repo, tc.file), data, 0o644); err != nil {
			t.Fatal(err)
		}
		gitIn(t, repo, "add", tc.file)
		for _, line := range lines {
			if code, out := shellIn(t, repo, line); code != tc.exit {
				t.Errorf("%s staged: %q exited %d, want %d\n%s", tc.change, line, code, tc.exit, out)
			}
		}
		gitIn(t, repo, "reset", "-q", "--hard", "main")
	}
}

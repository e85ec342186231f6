package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/permsim/permsim/registry"
)

// --fail-on-new: the demo's first run finds risky approvals (its report's
// "Approved by" section), so it exits 1; a second run over the same
// transcripts finds none new and exits 0; forgetting one of them in the
// state file makes the next run report exactly that one as new.
func TestNightlyFailOnNew(t *testing.T) {
	home, root := demoArgs(t)
	out := t.TempDir()
	args := []string{"nightly", "--home", home, "--out", out, "--root", "/home=" + root, "--fail-on-new"}
	code, _, stderr := runCLI(t, "", args...)
	if code != 1 || !strings.Contains(stderr, "no previous run: all count as new") {
		t.Fatalf("first run: exit %d, want 1 (risky approvals, no previous run)\n%s", code, stderr)
	}
	code, _, stderr = runCLI(t, "", args...)
	if code != 0 || !strings.Contains(stderr, " 0 new since the previous run") {
		t.Fatalf("second run: exit %d, want 0 (nothing new)\n%s", code, stderr)
	}
	path := filepath.Join(out, nightlyStateName)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var st nightlyState
	if err := json.Unmarshal(data, &st); err != nil || len(st.Risky) < 2 {
		t.Fatalf("state %s: %v, %d risky", data, err, len(st.Risky))
	}
	st.Risky = st.Risky[1:]
	data, _ = json.Marshal(st)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr = runCLI(t, "", args...)
	if code != 1 || !strings.Contains(stderr, " 1 new since the previous run") || strings.Count(stderr, "  new: ") != 1 {
		t.Fatalf("third run: exit %d, want 1 with one new approval named\n%s", code, stderr)
	}
	// Without --fail-on-new the same news exits 0.
	code, _, _ = runCLI(t, "", args[:len(args)-1]...)
	if code != 0 {
		t.Errorf("without --fail-on-new: exit %d, want 0", code)
	}
}

// permsim --version names, for every simulator, the real harness version
// the registry says it was checked against, or that it was not.
func TestVersion(t *testing.T) {
	code, stdout, _ := runCLI(t, "", "--version")
	if code != 0 || !strings.HasPrefix(stdout, "permsim ") {
		t.Fatalf("exit %d\n%s", code, stdout)
	}
	for _, h := range registry.Simulated() {
		want := "not checked against a real binary"
		if h.CheckedAgainst != "" {
			want = "checked against " + h.CheckedAgainst
		}
		found := false
		for _, l := range strings.Split(stdout, "\n") {
			found = found || strings.Contains(l, h.ID) && strings.Contains(l, want)
		}
		if !found {
			t.Errorf("no line for %s saying %q:\n%s", h.ID, want, stdout)
		}
	}
}

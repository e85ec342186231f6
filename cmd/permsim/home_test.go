package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// Issue 27: "Without a home folder, replay blames --user-home /nonexistent,
// a flag nobody gave." A home taken from $HOME that does not exist is
// named as $HOME's, with what to do; the same for every command whose
// home flag defaults to $HOME.
func TestMissingHomeNamesHOME(t *testing.T) {
	// A folder sure not to exist (/nonexistent may: a tool run with
	// HOME=/nonexistent creates its caches there).
	noHome := filepath.Join(t.TempDir(), "nonexistent")
	t.Setenv("HOME", noHome)
	project, _ := secretsFixture(t)
	out := t.TempDir()
	for _, c := range []struct {
		args []string
		flag string
	}{
		{[]string{"replay", "--out", out}, "--user-home"},
		{[]string{"ingest", "--out", out}, "--home"},
		{[]string{"rules", "--harness", "claude", "--project", project}, "--home"},
		{[]string{"decide", "--harness", "claude", "--project", project}, "--home"},
		{[]string{"battery", "--project", project}, "--home"},
		{[]string{"audit", "--project", project}, "--home"},
	} {
		code, _, stderr := runCLI(t, "", c.args...)
		if code != 2 {
			t.Errorf("%v: exit %d, want 2\n%s", c.args, code, stderr)
		}
		if strings.Contains(stderr, c.flag+" "+noHome) {
			t.Errorf("%v: blames %s, which was not given:\n%s", c.args, c.flag, stderr)
		}
		for _, want := range []string{"$HOME=" + noHome, "no " + c.flag + " given", "Try: " + c.flag + " DIR", "set HOME"} {
			if !strings.Contains(stderr, want) {
				t.Errorf("%v: stderr lacks %q:\n%s", c.args, want, stderr)
			}
		}
	}
	// A flag given is still the one named.
	code, _, stderr := runCLI(t, "", "replay", "--out", out, "--user-home", "/nowhere-given")
	if code != 2 || !strings.Contains(stderr, "--user-home /nowhere-given") {
		t.Errorf("replay --user-home /nowhere-given: exit %d\n%s", code, stderr)
	}
}

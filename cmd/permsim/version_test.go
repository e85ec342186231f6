package main

import (
	"os/exec"
	"runtime/debug"
	"strings"
	"testing"
)

// TestVersionLine: issue 30 asks that --version give "the module version
// and commit" instead of "(devel)". Go's own stamps win (go install
// …@v1.2.3 sets Main.Version; a VCS build sets vcs.revision); make's -X
// stamps fill what Go left out; what neither knows is said to be unknown.
func TestVersionLine(t *testing.T) {
	vcs := func(rev string, modified bool) []debug.BuildSetting {
		m := "false"
		if modified {
			m = "true"
		}
		return []debug.BuildSetting{{Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: m}}
	}
	for _, c := range []struct {
		name           string
		bi             *debug.BuildInfo
		stampV, stampC string
		want           string
	}{
		{"go install at a release", &debug.BuildInfo{Main: debug.Module{Version: "v1.2.3"}}, "", "", "permsim v1.2.3 (commit unknown)"},
		{"release and VCS", &debug.BuildInfo{Main: debug.Module{Version: "v1.2.3"}, Settings: vcs("0123456789abcdef0123", false)}, "", "", "permsim v1.2.3 (commit 0123456789ab)"},
		{"make build, buildvcs off", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "v0.3.0-12-gabcdef1", "abcdef1234567890", "permsim v0.3.0-12-gabcdef1 (commit abcdef123456)"},
		{"VCS stamp wins over make's commit", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs("fedcba9876543210", true)}, "abcdef1", "abcdef1234567890", "permsim abcdef1 (commit fedcba987654, modified)"},
		{"nothing stamped", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "", "", "permsim (devel: version unknown; make build stamps it) (commit unknown)"},
		{"no build info", nil, "", "", "permsim (devel: version unknown; make build stamps it) (commit unknown)"},
	} {
		if got := versionLine(c.bi, c.stampV, c.stampC); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}

// TestMakeStampsVersion: `make build` and `make install` pass this
// checkout's commit to the binary (the stamps versionLine falls back on).
func TestMakeStampsVersion(t *testing.T) {
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("no make")
	}
	head, err := exec.Command("git", "-C", "../..", "rev-parse", "HEAD").Output()
	if err != nil {
		t.Skipf("not a git checkout: %v", err)
	}
	for _, target := range []string{"build", "install"} {
		out, err := exec.Command("make", "-C", "../..", "-n", target).CombinedOutput()
		if err != nil {
			t.Fatalf("make -n %s: %v\n%s", target, err, out)
		}
		want := "-X main.buildCommit=" + strings.TrimSpace(string(head))
		if !strings.Contains(string(out), want) || !strings.Contains(string(out), "-X main.buildVersion=") {
			t.Errorf("make -n %s does not stamp the version and commit (want %q):\n%s", target, want, out)
		}
	}
}

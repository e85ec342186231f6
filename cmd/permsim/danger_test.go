package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// Issue 17: "permsim danger explain 'COMMAND' … shows which words of the
// parse made the call dangerous, for users who disagree".
func TestDangerExplain(t *testing.T) {
	code, out, errs := runCLI(t, "", "danger", "explain", "--format", "json", "--project", "/home/user/proj", "--home", "/home/user",
		`nohup bash -c "git push --force origin main" &`)
	if code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errs)
	}
	var got dangerExplainOut
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v in %s", err, out)
	}
	if !got.Dangerous || !slices.Contains(got.Danger, "force-push") {
		t.Fatalf("danger = %v, want force-push", got.Danger)
	}
	if len(got.Reasons) == 0 || !slices.Equal(got.Reasons[0].Argv, []string{"git", "push", "--force", "origin", "main"}) {
		t.Errorf("reasons = %+v, want the git push words", got.Reasons)
	}

	// Issue 17: "a branch name that contains an f is not -f".
	code, out, _ = runCLI(t, "", "danger", "explain", "--project", "/home/user/proj", "--home", "/home/user", "git checkout -b fix-foo")
	if code != 0 || !strings.HasPrefix(out, "not dangerous") {
		t.Errorf("git checkout -b fix-foo: exit %d, %q", code, out)
	}

	if code, _, _ := runCLI(t, "", "danger", "explain"); code != 2 {
		t.Errorf("no COMMAND: exit %d, want 2", code)
	}
	if code, _, _ := runCLI(t, "", "danger", "frobnicate", "x"); code != 2 {
		t.Errorf("unknown subcommand: exit %d, want 2", code)
	}
}

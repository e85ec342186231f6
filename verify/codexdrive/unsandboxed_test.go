package codexdrive

import (
	"context"
	"os/exec"
	"strings"
	"testing"

	"github.com/permsim/permsim/verify"
)

// TestRecheck runs recheck on rows the runner read as "ran(nonzero-exit)"
// and checks what the unsandboxed re-run makes of them. The expected
// answers are git's, cp's and rm's own behaviour in the layout, nothing of
// the simulator's; they are the two kinds of row of seed 9913 that the
// runner could not read (testdata/codex/generated/known-differences.txt):
//   - `git stash` with nothing to stash exits 0 ("No local changes to
//     save"); Codex's workspace-write sandbox makes .git read-only, where
//     it exits 1 printing nothing, so the sandbox stopped it;
//   - `cp notes.txt …` run in src/, which holds no notes.txt, fails with
//     or without a sandbox: it failed on its own;
//   - `rm new.txt` after a `touch new.txt` that ran: the earlier command
//     is run first, so rm finds the file and exits 0;
//   - `git clean -fd` whose output in the sandbox (px-x9929-06#2, the
//     real Codex 0.169.0) said it failed only to remove the sandbox's
//     mount points .agents, .aws and .codex: without the sandbox it exits
//     0, and the row is PatternMountsKept, not a denial;
//   - `rmdir .aws` in a project without .aws, which met the mount point in
//     the sandbox (testdata/codex/probe/probe-clean): without it, rmdir
//     finds no such folder, so it failed on its own.
//
// A row of a sandbox that stops nothing (danger-full-access) is left as
// it is.
func TestRecheck(t *testing.T) {
	if _, err := exec.LookPath("bwrap"); err != nil {
		t.Skip("no bwrap")
	}
	if out, err := exec.Command("bwrap", "--unshare-user", "--ro-bind", "/", "/", "true").CombinedOutput(); err != nil {
		t.Skipf("bwrap cannot build a sandbox here: %v: %s", err, out)
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	exe := func(cmd, wd string) verify.Call {
		return verify.Call{Tool: "exec_command", Input: map[string]any{"cmd": cmd, "workdir": wd}}
	}
	c := verify.Case{ID: "px-recheck", Harness: "codex", Git: true,
		ProjectFiles: map[string]string{"notes.txt": "alpha\n", "src/app.py": "print(1)\n"},
		Calls: []verify.Call{
			exe("git stash", verify.Project),
			exe("cp notes.txt ~/copy.txt", verify.Project+"/src"),
			exe("touch new.txt", verify.Project),
			exe("rm new.txt", verify.Project),
			exe("git clean -fd", verify.Project),
			exe("rmdir .aws", verify.Project),
		}}
	ran := func(pattern string) verify.Result {
		r := verify.Result{Tool: "exec_command", Outcome: verify.OutcomeRuns, Pattern: pattern}
		return r
	}
	busy := ran("ran(nonzero-exit)")
	busy.Raw = "Process exited with code 1\nOutput:\nwarning: failed to remove .agents/: Device or resource busy\nwarning: failed to remove .aws/: Device or resource busy\nwarning: failed to remove .codex/: Device or resource busy\nRemoving diff.txt\n"
	rmdir := ran("ran(nonzero-exit)")
	rmdir.Raw = "Process exited with code 1\nOutput:\nrmdir: failed to remove '.aws': Device or resource busy\n"
	rows := []verify.Result{ran("ran(nonzero-exit)"), ran("ran(nonzero-exit)"), ran("ran"), ran("ran(nonzero-exit)"), busy, rmdir}
	if err := recheck(context.Background(), c, "never:workspace-write", rows); err != nil {
		t.Fatal(err)
	}
	want := []struct{ outcome, pattern, unsandboxed string }{
		{verify.OutcomeBlocked, PatternSilentDenial, "exit 0"},
		{verify.OutcomeRuns, PatternOwnFailure, "exit 1: cp: cannot stat 'notes.txt'"},
		{verify.OutcomeRuns, "ran", ""},
		{verify.OutcomeBlocked, PatternSilentDenial, "exit 0"},
		{verify.OutcomeRuns, PatternMountsKept, "exit 0"},
		{verify.OutcomeRuns, PatternOwnFailure, "exit 1: rmdir: failed to remove '.aws': No such file"},
	}
	for i, w := range want {
		r := rows[i]
		if r.Outcome != w.outcome || r.Pattern != w.pattern || !strings.HasPrefix(r.Unsandboxed, w.unsandboxed) || (w.unsandboxed == "") != (r.Unsandboxed == "") {
			t.Errorf("call %d (%s): got %s %q unsandboxed %q, want %s %q unsandboxed %q…",
				i, c.Calls[i].Input["cmd"], r.Outcome, r.Pattern, r.Unsandboxed, w.outcome, w.pattern, w.unsandboxed)
		}
	}

	open := []verify.Result{ran("ran(nonzero-exit)")}
	if err := recheck(context.Background(), verify.Case{Calls: c.Calls[:1], Git: true}, "never:danger-full-access", open); err != nil {
		t.Fatal(err)
	}
	if open[0].Pattern != "ran(nonzero-exit)" || open[0].Unsandboxed != "" {
		t.Errorf("danger-full-access row changed: %+v", open[0])
	}
}

// A granular policy's mode is the thread's JSON, colons and all
// (`{"granular":{…}}:workspace-write`, as testdata/codex/realconfigs/coverage
// records it): its sandbox is what follows the last colon. Before, the
// re-run skipped every granular row (rc-br-granular-retry-system).
func TestSandboxRestricts(t *testing.T) {
	for mode, want := range map[string]bool{
		"on-request:workspace-write":    true,
		"never:read-only":               true,
		"never:danger-full-access":      false,
		"on-request:danger-full-access": false,
		`{"granular":{"sandbox_approval":true,"rules":true}}:workspace-write`:    true,
		`{"granular":{"sandbox_approval":true,"rules":true}}:danger-full-access`: false,
	} {
		if got := sandboxRestricts(mode); got != want {
			t.Errorf("sandboxRestricts(%q) = %v, want %v", mode, got, want)
		}
	}
}

package codexdrive

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/permsim/permsim/verify"
	"mvdan.cc/sh/v3/syntax"
)

// Patterns a call's row gets from the unsandboxed re-run (recheck).
const (
	// PatternSilentDenial: the command failed in Codex's sandbox without
	// saying why, and succeeds without the sandbox: the sandbox stopped
	// it (`git stash` exits 1 with no output when .git is read-only; a
	// line that sends its errors to a file says nothing either).
	PatternSilentDenial = "sandbox-denied(silent)"
	// PatternOwnFailure (verify's): the command fails without the
	// sandbox too (`cp notes.txt …` run where there is no notes.txt).
	PatternOwnFailure = verify.PatternOwnFailure
	// PatternMountsKept: the command succeeds without the sandbox, and in
	// it failed only to remove the sandbox's own mount points. In
	// workspace-write Codex mounts .codex, .agents and .aws read-only at
	// the top of each writable root, making empty folders the project
	// does not have; `git clean -fd` there removes everything of the
	// project's it was to remove and fails on those ("Device or resource
	// busy", exit 1), and Codex asks for no retry (recorded with the real
	// Codex 0.169.0: seed 9929's px-x9929-06#2, testdata/codex/probe/
	// probe-clean). Nothing of the user's was kept from it: it ran.
	PatternMountsKept = "ran(sandbox mount points kept)"
)

// sandboxRestricts says whether a thread's sandbox (APPROVAL:SANDBOX) can
// stop a write: read-only and workspace-write can, danger-full-access
// (and the bypass) cannot. The sandbox follows the last colon: a granular
// policy is written as its JSON, which has colons of its own.
func sandboxRestricts(mode string) bool {
	s := mode[strings.LastIndex(mode, ":")+1:]
	return s == "read-only" || s == "workspace-write"
}

// recheck tells a command that Codex's sandbox stopped without a word
// from one that failed by itself. The runner reads a sandbox denial from
// the tool output ("Read-only file system", …); a command that exits
// non-zero with no such text is either. So each such row of a restricting
// sandbox is run again, outside Codex and without its sandbox, on a fresh
// layout of the case at the same paths (a nested bubblewrap inside the
// verify sandbox, with a read-only root and its own /tmp), after the
// case's earlier commands that ran. When it then exits 0, the sandbox
// stopped it (PatternSilentDenial, outcome blocked), unless all it failed
// on in the sandbox were the sandbox's own mount points
// (PatternMountsKept, outcome runs); when it fails again, it failed on
// its own (PatternOwnFailure, outcome runs). What the re-run printed
// goes into the row's Unsandboxed. The re-run is a fact about the
// command in this layout, not about Codex: it never changes a row the
// harness's own signals classified.
func recheck(ctx context.Context, c verify.Case, mode string, rows []verify.Result) error {
	if !sandboxRestricts(mode) {
		return nil
	}
	for i := range rows {
		r := &rows[i]
		if r.Pattern != "ran(nonzero-exit)" || r.Tool != "exec_command" || i >= len(c.Calls) {
			continue
		}
		code, out, err := rerun(ctx, c, i, rows)
		if err != nil {
			return fmt.Errorf("call %d: unsandboxed re-run: %w", i, err)
		}
		r.Unsandboxed = verify.Truncate(fmt.Sprintf("exit %d: %s", code, strings.TrimSpace(out)), 400)
		switch {
		case code == 0 && reMountBusy.MatchString(r.Raw):
			r.Pattern = PatternMountsKept
		case code == 0:
			r.Outcome, r.Pattern = verify.OutcomeBlocked, PatternSilentDenial
		default:
			r.Pattern = PatternOwnFailure
		}
	}
	return nil
}

// rerun lays the case out afresh under a scratch folder, binds it at the
// case's home in a nested bubblewrap with an empty /tmp, runs there the
// commands of calls before i that ran (in order, output discarded) and
// then call i's, each as Codex runs it (bash -lc in its working folder,
// at most 10 s), and returns the last one's exit code and output.
func rerun(ctx context.Context, c verify.Case, i int, rows []verify.Result) (int, string, error) {
	bwrap, err := exec.LookPath("bwrap")
	if err != nil {
		return 0, "", err
	}
	scratch, err := os.MkdirTemp("", "permsim-rerun-")
	if err != nil {
		return 0, "", err
	}
	defer os.RemoveAll(scratch)
	home := filepath.Join(scratch, "home")
	if err := Layout(c, home); err != nil {
		return 0, "", err
	}
	var script strings.Builder
	line := func(call verify.Call) bool {
		cmd, _ := call.Input["cmd"].(string)
		if cmd == "" {
			return false
		}
		wd, _ := call.Input["workdir"].(string)
		if wd == "" {
			wd = verify.Project
		}
		qwd, err1 := syntax.Quote(wd, syntax.LangPOSIX)
		qcmd, err2 := syntax.Quote(cmd, syntax.LangPOSIX)
		if err1 != nil || err2 != nil {
			return false // a NUL byte: no shell could have run it either
		}
		fmt.Fprintf(&script, "cd %s && timeout -k 1 10 /bin/bash -lc %s </dev/null", qwd, qcmd)
		return true
	}
	for j := 0; j < i; j++ {
		if rows[j].Tool == "exec_command" && rows[j].Outcome == verify.OutcomeRuns && line(c.Calls[j]) {
			script.WriteString(" >/dev/null 2>&1\n")
		}
	}
	if !line(c.Calls[i]) {
		return 0, "", errors.New("the call has no command")
	}
	script.WriteString(" 2>&1\n")
	cctx, cancel := context.WithTimeout(ctx, time.Duration(15+10*(i+1))*time.Second)
	defer cancel()
	// A read-only root, as the verify sandbox's: only the scratch home
	// and the empty /tmp can be written, wherever this runs.
	// The verify sandbox's /proc comes along with the root: a nested
	// bubblewrap may not mount a new one there.
	cmd := exec.CommandContext(cctx, bwrap, "--die-with-parent", "--unshare-user", "--unshare-net",
		"--ro-bind", "/", "/", "--dev", "/dev", "--tmpfs", "/tmp", "--tmpfs", "/home", "--bind", home, verify.Home, "--chdir", verify.Home, "/bin/sh", "-c", script.String())
	cmd.Env = harnessEnv(c)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if msg := stderr.String(); strings.HasPrefix(msg, "bwrap:") {
		return 0, "", errors.New(strings.TrimSpace(msg))
	}
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0, string(out), nil
	case errors.As(err, &ee) && cctx.Err() == nil:
		return ee.ExitCode(), string(out), nil
	}
	return 0, "", err
}

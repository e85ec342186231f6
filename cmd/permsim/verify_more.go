package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/permsim/permsim/verify/codexdrive"
	"github.com/permsim/permsim/verify/geminidrive"
	"github.com/permsim/permsim/verify/opencodedrive"
)

// verifyMoreHarness reports whether the arguments of `permsim verify`
// name a harness that runVerifyMore drives (codex, gemini): runVerify
// hands those over before parsing its own flags.
func verifyMoreHarness(args []string) bool {
	for i, a := range args {
		switch {
		case (a == "--harness") && i+1 < len(args):
			return args[i+1] == "codex" || args[i+1] == "gemini" || args[i+1] == "opencode"
		case a == "--harness=codex", a == "--harness=gemini", a == "--harness=opencode":
			return true
		}
	}
	return false
}

// runVerifyMore is `permsim verify --harness codex|gemini`: the real
// Codex CLI (app-server) or Gemini CLI (ACP), sandboxed, against the
// simulator, call by call.
func runVerifyMore(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	var o codexdrive.Options
	var harness string
	var inner bool
	fs := newFlags("verify", "--harness codex|gemini --cases FILE [--binary PATH] [--record FILE] [--jobs N] [--only REGEXP] [--limit N] [--keep DIR]",
		`Runs the real Codex CLI (codex app-server, a JSON-RPC client answering
every approval request with decline) or Gemini CLI (gemini --acp, an Agent
Client Protocol client answering every permission request with reject)
offline against a scripted mock of the model's API on 127.0.0.1, inside a
bubblewrap sandbox (read-only root, loopback-only network, temporary home
and project, all capabilities dropped, uid 1000; allowed commands really
execute there), one harness process per case, and prints, call by call,
whether permsim decide agrees with what the real harness did. It refuses
to run without the sandbox. With --record, the real answers are written
in the differential corpus's format.

Example:
  permsim verify --harness codex --cases testdata/codex/differential/codex.cases.jsonl --only 'px-team-' --record codex.results.jsonl`, stderr)
	fs.StringVar(&harness, "harness", "", "harness to verify: codex, gemini or opencode")
	fs.StringVar(&o.Binary, "binary", "", "the harness executable (default: codex or gemini on PATH)")
	fs.StringVar(&o.Cases, "cases", "", "cases file (JSON Lines, the differential corpus's format)")
	fs.StringVar(&o.Record, "record", "", "write the real harness's answers to this results file")
	fs.IntVar(&o.Jobs, "jobs", 2, "cases run at once")
	fs.StringVar(&o.Only, "only", "", "run only the cases whose id matches this regular expression")
	fs.IntVar(&o.Limit, "limit", 0, "run at most this many cases (after --only)")
	fs.StringVar(&o.WorkDir, "keep", "", "keep batch folders and logs in this folder (default: a temporary folder, removed)")
	fs.BoolVar(&inner, "inner", false, "")
	_ = fs.MarkHidden("inner")
	if err := parse(fs, args); err != nil {
		return err
	}
	run := codexdrive.Run
	innerEnv, innerRun := codexdrive.InnerEnv, codexdrive.Inner
	switch harness {
	case "codex":
	case "gemini":
		run = geminidrive.Run
		innerEnv, innerRun = geminidrive.InnerEnv, geminidrive.Inner
	case "opencode":
		run = opencodedrive.Run
		innerEnv, innerRun = opencodedrive.InnerEnv, opencodedrive.Inner
	default:
		return usageError{msg: fmt.Sprintf("--harness %q: this command verifies codex, gemini or opencode", harness), hint: "permsim verify --harness codex --cases FILE"}
	}
	if inner {
		// The driver inside the sandbox.
		ctl := os.Getenv(innerEnv)
		if ctl == "" {
			return fmt.Errorf("--inner is the driver inside the sandbox; %s is not set", innerEnv)
		}
		return innerRun(ctx, ctl)
	}
	if o.Cases == "" {
		return usageError{msg: "--cases is required", hint: "permsim verify --harness " + harness + " --cases FILE"}
	}
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	o.Self = []string{exe, "verify", "--harness", harness, "--inner"}
	o.Out, o.Log = stdout, stderr
	sum, err := run(ctx, o)
	if err != nil {
		return err
	}
	if len(sum.Failed) > 0 {
		return fmt.Errorf("%d cases could not be run", len(sum.Failed))
	}
	return nil
}

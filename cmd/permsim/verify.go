package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/permsim/permsim/registry"
	"github.com/permsim/permsim/verify"
)

// runVerify is `permsim verify`: the real harness, sandboxed, against the
// simulator, call by call. Each harness's driver comes from the registry.
func runVerify(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if verifyGenerates(args) {
		// Drawn cases for any harness with a generator (verify_generate.go).
		return runVerifyGenerate(args, stdout, stderr)
	}
	var o verify.Options
	var inner bool
	ids := registry.IDs(registry.Verifiable())
	fs := newFlags("verify", "--harness H --cases FILE [--binary PATH] [--record FILE] [--jobs N] [--only REGEXP] [--limit N] [--keep DIR] [--show-secrets]",
		`Runs the real harness offline against a scripted mock of the model's API on
127.0.0.1, inside a bubblewrap sandbox (read-only root, loopback-only network,
temporary home and project, all capabilities dropped, uid 1000; allowed
commands really execute there), feeds it the calls of a case file one per
turn, answers every permission prompt with deny (Claude Code: as the Agent
SDK host; Codex: app-server approvals declined; Gemini CLI: ACP permission
requests rejected; OpenCode: every ask auto-rejected, the run restarted for
the calls left), and prints, call by call, whether permsim decide agrees
with what the real harness did. It refuses to run without the sandbox. With
--record, the real answers are written in the differential corpus's format
(FILE, and the rows that are not a permission decision next to it as
*.dropped.jsonl).

Harnesses with a driver: `+strings.Join(ids, ", ")+`.
Cases drawn at random: permsim verify --generate N --seed S --harness H
[--cases-out FILE] writes a cases file to record (see its --help).

Example:
  permsim verify --harness claude --cases testdata/claude/verify/claude.cases.jsonl
  permsim verify --harness codex --cases testdata/codex/differential/codex.cases.jsonl --only 'px-team-' --record codex.results.jsonl`, stderr)
	fs.StringVar(&o.Harness, "harness", "", "harness to verify: "+strings.Join(ids, ", "))
	fs.StringVar(&o.Binary, "binary", "", "the harness executable (default: the harness's own on PATH)")
	fs.StringVar(&o.Cases, "cases", "", "cases file (JSON Lines, the differential corpus's format)")
	fs.StringVar(&o.Record, "record", "", "write the real harness's answers to this results file")
	fs.IntVar(&o.Jobs, "jobs", 2, "cases run at once")
	fs.StringVar(&o.Only, "only", "", "run only the cases whose id matches this regular expression")
	fs.IntVar(&o.Limit, "limit", 0, "run at most this many cases (after --only)")
	fs.StringVar(&o.WorkDir, "keep", "", "keep batch folders and logs in this folder (default: a temporary folder, removed)")
	showSecretsFlag(fs, stdout, showSecretsUsage)
	fs.BoolVar(&inner, "inner", false, "")
	_ = fs.MarkHidden("inner")
	if err := parse(fs, args); err != nil {
		return err
	}
	if o.Harness == "" {
		return usageError{msg: "--harness is required", hint: "permsim verify --harness " + strings.Join(ids, "|") + " --cases FILE"}
	}
	hs, err := registry.Choose(o.Harness, registry.Verifiable(), "verify driver")
	if err != nil || len(hs) != 1 {
		if err == nil {
			err = fmt.Errorf("name one harness")
		}
		return usageError{msg: "--harness: " + err.Error(), hint: "permsim verify --harness " + strings.Join(ids, "|") + " --cases FILE"}
	}
	h := hs[0]
	if inner {
		// The driver inside the sandbox.
		ctl := os.Getenv(h.Verify.InnerEnv)
		if ctl == "" {
			return fmt.Errorf("--inner is the driver inside the sandbox; %s is not set", h.Verify.InnerEnv)
		}
		return h.Verify.Inner(ctx, ctl)
	}
	if o.Cases == "" {
		return usageError{msg: "--cases is required", hint: "permsim verify --harness " + h.ID + " --cases FILE"}
	}
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	o.Self = []string{exe, "verify", "--harness", h.ID, "--inner"}
	o.Out, o.Log = stdout, stderr
	if pw := progressWriter(stderr); pw != nil {
		o.Log = pw // a bar with rate and ETA on a terminal; other lines pass through
	}
	sum, err := h.Verify.Run(ctx, o)
	if err != nil {
		return err
	}
	if len(sum.Failed) > 0 {
		return fmt.Errorf("%d cases could not be run", len(sum.Failed))
	}
	return nil
}

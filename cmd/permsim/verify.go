package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/permsim/permsim/verify"
)

// runVerify is `permsim verify`: the real harness, sandboxed, against the
// simulator, call by call.
func runVerify(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if verifyGenerates(args) {
		// Drawn cases for any harness with a generator (verify_generate.go).
		return runVerifyGenerate(args, stdout, stderr)
	}
	if verifyMoreHarness(args) {
		// Codex and Gemini CLI have drivers of their own (verify_more.go).
		return runVerifyMore(ctx, args, stdin, stdout, stderr)
	}
	var o verify.Options
	var inner bool
	fs := newFlags("verify", "--harness claude --cases FILE [--binary PATH] [--record FILE] [--jobs N] [--only REGEXP] [--keep DIR]",
		`Runs the real harness offline against a scripted mock of the model's API on
127.0.0.1, inside a bubblewrap sandbox (read-only root, loopback-only network,
temporary home and project, all capabilities dropped, uid 1000; allowed
commands really execute there), feeds it the calls of a case file one per
turn, answers every permission prompt with deny, and prints, call by call,
whether permsim decide agrees with what the real harness did. It refuses to
run without the sandbox. With --record, the real answers are written in the
differential corpus's format (FILE, and the rows that are not a permission
decision next to it as *.dropped.jsonl).

Example:
  permsim verify --harness claude --cases testdata/claude/verify/claude.cases.jsonl`, stderr)
	fs.StringVar(&o.Harness, "harness", "", "harness to verify: claude (codex and gemini: see verify_more.go)")
	fs.StringVar(&o.Binary, "binary", "", "the harness binary (default: claude on PATH)")
	fs.StringVar(&o.Cases, "cases", "", "cases file (JSON Lines, the differential corpus's format)")
	fs.StringVar(&o.Record, "record", "", "write the real harness's answers to this results file")
	fs.IntVar(&o.Jobs, "jobs", 2, "cases run at once")
	fs.StringVar(&o.Only, "only", "", "run only the cases whose id matches this regular expression")
	fs.StringVar(&o.WorkDir, "keep", "", "keep batch folders and logs in this folder (default: a temporary folder, removed)")
	fs.BoolVar(&inner, "inner", false, "")
	_ = fs.MarkHidden("inner")
	if err := parse(fs, args); err != nil {
		return err
	}
	if inner {
		// The driver inside the sandbox.
		return verify.Inner(ctx, os.Getenv(verify.InnerEnv))
	}
	if o.Harness == "" || o.Cases == "" {
		return usageError{msg: "--harness and --cases are required", hint: "permsim verify --harness claude --cases FILE"}
	}
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	o.Self = []string{exe, "verify", "--inner"}
	o.Out, o.Log = stdout, stderr
	sum, err := verify.Run(ctx, o)
	if err != nil {
		return err
	}
	if len(sum.Failed) > 0 {
		return fmt.Errorf("%d cases could not be run", len(sum.Failed))
	}
	return nil
}

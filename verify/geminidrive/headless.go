package geminidrive

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/permsim/permsim/verify"
)

// HeadlessEnv, set to "1" in a case's env, drives that case through
// `gemini -p` (headless) instead of `gemini --acp`. Gemini CLI 0.61.0's
// ACP session runs a tool without its BeforeTool hooks (it builds and
// executes the invocation itself), while the headless and interactive
// sessions go through the scheduler, which fires them; the hook corpus
// is recorded headless.
const HeadlessEnv = "PERMSIM_GEMINI_HEADLESS"

// headless says whether a case is driven through `gemini -p`.
func headless(c verify.Case) bool { return c.Env[HeadlessEnv] == "1" }

// headlessArgs are the arguments of a headless run: the prompt, the model
// and the mode.
func headlessArgs(c verify.Case) []string {
	a := Args(c)[1:] // without --acp
	return append([]string{"-p", verify.FirstPrompt, "--output-format", "json"}, a...)
}

// talkHeadless runs one case with `gemini -p` against the mock and reads
// each call's result from the functionResponse the mock got: headless
// Gemini CLI cannot ask, so a would-be prompt comes back as the
// "requires user confirmation" error Classify reads as asks.
func talkHeadless(ctx context.Context, j verify.Job, ctl string, out *verify.Answer, mock *Mock) ([]verify.Result, error) {
	c := j.Case
	timeout := j.TimeoutOr(driver.Timeout)
	cctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(cctx, j.Binary, headlessArgs(c)...)
	cmd.Dir = verify.Project
	cmd.Env = harnessEnv(c, mock.URL())
	cmd.WaitDelay = 5 * time.Second
	if f, err := os.Create(filepath.Join(ctl, "gemini.stderr")); err == nil {
		defer f.Close()
		cmd.Stderr = f
	}
	if f, err := os.Create(filepath.Join(ctl, "gemini.stdout")); err == nil {
		defer f.Close()
		cmd.Stdout = f
	}
	runErr := cmd.Run()
	verify.WriteLog(ctl, "mock.log", mock.Log())
	if cctx.Err() != nil {
		return nil, fmt.Errorf("gemini -p did not finish within %s", timeout)
	}
	var rows []verify.Result
	for i, call := range c.Calls {
		row := verify.Result{ID: c.ID, CallIndex: i, Harness: "gemini", Tool: call.Tool, Config: c.Config,
			EffectiveMode: modeName(c), Driver: "headless", Via: "mock"}
		res, got := mock.Output(CallID(i))
		if !got {
			row.SetNoResult(verify.NoResultReason)
			if runErr != nil {
				row.DropReason += fmt.Sprintf(" (gemini -p: %v)", runErr)
			}
			rows = append(rows, row)
			continue
		}
		row.SetOutput(res.Text(), res.Error != "")
		row.Outcome, row.Pattern = Classify(false, res)
		row.DropIfError()
		rows = append(rows, row)
	}
	return rows, nil
}

// modeName is the approval mode a headless case runs in, as ACP's
// session/new names it.
func modeName(c verify.Case) string {
	if c.Mode == nil {
		return "default"
	}
	return *c.Mode
}

// Package claudedrive checks the Claude Code simulator (engine/claude)
// against the real Claude Code 2.1.328: it runs `claude -p` offline, as an
// Agent-SDK host over stream-json, inside the bubblewrap sandbox of
// package verify, against a scripted mock of the Anthropic Messages API
// on 127.0.0.1, serves the calls of a case file one per model turn (a
// Task's subagent gets its own calls), answers every can_use_tool request
// with deny, reads each call's outcome from the prompt and the tool
// result's text (reference/real-harnesses.md), and compares it with the
// simulator.
//
// The sandbox, the control loop, case selection, comparison and summary
// are package verify's (verify.RunDriver).
package claudedrive

import (
	"context"
	"os"
	"path/filepath"
	"time"

	"github.com/permsim/permsim/verify"
)

// InnerEnv names the environment variable that tells a permsim process it
// is the driver inside the sandbox, and where its control folder is.
const InnerEnv = "PERMSIM_VERIFY_INNER"

// driver is Claude Code's driver for verify.RunDriver.
var driver = verify.Driver{
	Title: "Claude Code", Binary: "claude", Install: "npm install -g @anthropic-ai/claude-code@2.1.328",
	// Claude Code's install folder is always bound, wherever it lives.
	Binds:   func(bin string) []string { return []string{filepath.Dir(bin)} },
	Timeout: func(c verify.Case) time.Duration { return time.Duration(30+15*countCalls(c.Calls)) * time.Second },
	// The case's managed settings, bound at /etc/claude-code.
	Prepare: func(batch string, c verify.Case) error {
		for rel, text := range c.ManagedFiles {
			p := filepath.Join(batch, "managed", rel)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
				return err
			}
		}
		return nil
	},
	InnerEnv: InnerEnv,
	Columns:  verify.Columns{Key: 36, Tool: 8, Pattern: 30},
}

// Inner runs the driver inside the sandbox: it lays out the case's home
// and project, starts the mock model server, runs the harness against it
// as an Agent-SDK host that answers every permission prompt with deny,
// and writes what the harness decided for each call to the control
// folder. It is meant to run only inside the sandbox Run builds.
var Inner = verify.Serve(runClaudeCase)

// Run runs every case of opts.Cases in the real Claude Code inside the
// sandbox, compares each call with the simulator and prints the rows and
// the agreement to opts.Out (see verify.RunDriver). It refuses to start
// without the sandbox (verify.ErrNoSandbox).
func Run(ctx context.Context, opts verify.Options) (verify.Summary, error) {
	return verify.RunDriver(ctx, driver, opts)
}

// Runner is this driver as the registry lists it: Run, and Inner inside
// the sandbox.
var Runner = driver.Runner(Inner)

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
	"os"
	"path/filepath"
	"time"

	"github.com/permsim/permsim/verify"
)

// driver is Claude Code's driver for verify.RunDriver.
var driver = verify.Driver{
	Title: "Claude Code", Binary: "claude", Install: "npm install -g @anthropic-ai/claude-code@2.1.328",
	// Claude Code's install folder is always bound, wherever it lives.
	Binds: func(bin string) []string { return []string{filepath.Dir(bin)} },
	Base:  30 * time.Second, PerCall: 15 * time.Second,
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
	Columns: verify.Columns{Key: 36, Tool: 8, Pattern: 30},
}

// Runner is this driver as the registry lists it: verify.RunDriver with
// driver, and runClaudeCase inside the sandbox. It refuses to start
// without the sandbox (verify.ErrNoSandbox).
var Runner = driver.Runner(runClaudeCase)

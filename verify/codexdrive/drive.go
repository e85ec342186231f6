// Package codexdrive checks the Codex CLI simulator (engine/codex)
// against the real Codex CLI 0.169.0: it runs `codex app-server` offline,
// inside the bubblewrap sandbox of package verify, against a scripted mock
// of the OpenAI Responses API on 127.0.0.1, serves the calls of a case
// file one per model turn, answers every approval request with decline,
// reads each call's outcome from the protocol and the tool output
// (reference/real-harnesses.md), and compares it with the simulator.
//
// Results are written in the differential corpus's format
// (testdata/codex/differential/README.md).
package codexdrive

import (
	"time"

	"github.com/permsim/permsim/engine/codex"
	"github.com/permsim/permsim/verify"
)

// driver is Codex's driver for verify.RunDriver.
var driver = verify.Driver{
	Title: "Codex CLI", Binary: "codex", Install: "npm install -g @openai/codex@0.169.0",
	// Node-installed codex is a launcher; the native binary sits in the
	// per-platform package, under the npm folder, which the read-only
	// root already shows. Bind it anyway when it lives under /home or
	// /tmp, which the sandbox replaces.
	Binds: verify.BindIfHidden(1),
	Base:  40 * time.Second, PerCall: 15 * time.Second,
	Columns: verify.Columns{Key: 40, Tool: 18, Pattern: 40},
	// A command that failed on its own in the sandbox agrees with a
	// decision made at the sandbox step (unsandboxed.go).
	SandboxStep: codex.StepSandbox,
}

// Runner is this driver as the registry lists it: verify.RunDriver with
// driver, and runCase inside the sandbox. It refuses to start without the
// sandbox (verify.ErrNoSandbox).
var Runner = driver.Runner(runCase)

// Package opencodedrive checks the OpenCode simulator (engine/opencode)
// against the real OpenCode 1.18.33: it runs `opencode run --format json`
// offline, inside the bubblewrap sandbox of package verify, against a
// scripted mock of an OpenAI-compatible chat-completions API on
// 127.0.0.1, serves the calls of a case file one per model turn, lets
// OpenCode auto-reject every permission question (an ask ends the run, so
// the driver starts a new process for the calls left), reads each call's
// outcome from the tool part's state and the "permission requested" lines
// (reference/real-harnesses.md), and compares it with the simulator.
//
// The sandbox, the control loop, case selection, comparison and summary
// are package verify's (verify.RunDriver).
package opencodedrive

import (
	"time"

	"github.com/permsim/permsim/verify"
)

var driver = verify.Driver{
	Title: "OpenCode", Binary: "opencode", Install: "npm install -g opencode-ai@1.18.33",
	VersionPrefix: "opencode ",
	Binds:         verify.BindIfHidden(2),
	// Every ask costs a new process, which takes seconds on an idle
	// machine and minutes on a loaded one.
	Base: 300 * time.Second, PerCall: 60 * time.Second,
	WholeLog: true,
	Columns:  verify.Columns{Key: 40, Tool: 10, Pattern: 30},
}

// Runner is this driver as the registry lists it: verify.RunDriver with
// driver, and runCase inside the sandbox. It refuses to start without the
// sandbox (verify.ErrNoSandbox).
var Runner = driver.Runner(runCase)

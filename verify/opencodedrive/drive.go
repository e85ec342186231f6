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
	"context"
	"path/filepath"
	"time"

	"github.com/permsim/permsim/verify"
)

// InnerEnv is set, inside the sandbox, to the control folder; a process
// that sees it is the driver and should call Inner.
const InnerEnv = "PERMSIM_OPENCODEDRIVE_INNER"

// selfPath is where the driver executable is bound inside the sandbox.
const selfPath = "/run/permsim/driver"

// Options say what Run checks and how (verify.Options; Binary is the
// opencode executable, "" looks it up on PATH).
type Options = verify.Options

// FindBinary finds the opencode executable (given, or on PATH), following
// symlinks so its install folder is known.
func FindBinary(given string) (string, error) {
	return verify.FindBinary(given, "opencode", "no OpenCode: none on PATH and no --binary given (install it with npm install -g opencode-ai@1.18.33)")
}

var driver = verify.Driver{
	FindBinary: FindBinary,
	Binds: func(bin string) []string {
		if verify.HiddenBySandbox(bin) {
			return []string{filepath.Dir(filepath.Dir(bin))}
		}
		return nil
	},
	// Every ask costs a new process, which takes seconds on an idle
	// machine and minutes on a loaded one.
	Timeout:    func(c verify.Case) time.Duration { return time.Duration(300+60*len(c.Calls)) * time.Second },
	TempPrefix: "permsim-verify-opencode-",
	InnerEnv:   InnerEnv,
	SelfAt:     selfPath,
	WholeLog:   true,
	Columns:    verify.Columns{Key: 40, Tool: 10, Pattern: 30},
}

// Run runs every selected case in the real OpenCode inside the sandbox,
// compares each call with the simulator and prints the rows and the
// agreement to opts.Out (verify.RunDriver). It refuses to start without
// the sandbox (verify.ErrNoSandbox).
func Run(ctx context.Context, opts Options) (verify.Summary, error) {
	return verify.RunDriver(ctx, driver, opts)
}

// Runner is this driver as the registry lists it.
var Runner = verify.Runner{Run: Run, InnerEnv: InnerEnv, Inner: Inner, Binary: "opencode", Install: "npm install -g opencode-ai@1.18.33"}

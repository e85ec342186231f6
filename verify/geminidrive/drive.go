// Package geminidrive checks the Gemini CLI simulator (engine/gemini)
// against the real Gemini CLI 0.61.0: it runs `gemini --acp` offline,
// inside the bubblewrap sandbox of package verify, against a scripted mock
// of the Gemini API on 127.0.0.1, serves the calls of a case file one per
// model turn, answers every session/request_permission with reject, reads
// each call's outcome from the protocol and the functionResponse
// (reference/real-harnesses.md), and compares it with the simulator.
//
// The sandbox, the control loop, case selection, comparison and summary
// are package verify's (verify.RunDriver).
package geminidrive

import (
	"context"
	"path/filepath"
	"time"

	"github.com/permsim/permsim/verify"
)

// InnerEnv is set, inside the sandbox, to the control folder; a process
// that sees it is the driver and should call Inner.
const InnerEnv = "PERMSIM_GEMINIDRIVE_INNER"

// selfPath is where the driver executable is bound inside the sandbox.
const selfPath = "/run/permsim/driver"

// Options say what Run checks and how (verify.Options; Harness is
// ignored, Binary is the gemini executable, "" looks it up on PATH).
type Options = verify.Options

// FindBinary finds the gemini executable (given, or on PATH), following
// symlinks so its install folder is known.
func FindBinary(given string) (string, error) {
	return verify.FindBinary(given, "gemini", "no Gemini CLI: none on PATH and no --binary given (install it with npm install -g @google/gemini-cli@0.61.0)")
}

// driver is Gemini CLI's driver for verify.RunDriver.
var driver = verify.Driver{
	FindBinary: FindBinary,
	Binds: func(bin string) []string {
		if verify.HiddenBySandbox(bin) {
			// The whole package folder: gemini's entry point loads its
			// siblings.
			return []string{filepath.Dir(filepath.Dir(bin))}
		}
		return nil
	},
	Timeout:    func(c verify.Case) time.Duration { return time.Duration(60+20*len(c.Calls)) * time.Second },
	TempPrefix: "permsim-verify-gemini-",
	InnerEnv:   InnerEnv,
	SelfAt:     selfPath,
	WholeLog:   true,
	Columns:    verify.Columns{Key: 40, Tool: 18, Pattern: 40},
}

// Run runs every selected case in the real Gemini CLI inside the sandbox,
// one process per case, compares each call with the simulator and prints
// the rows and the agreement to opts.Out (verify.RunDriver). It refuses to
// start without the sandbox (verify.ErrNoSandbox).
func Run(ctx context.Context, opts Options) (verify.Summary, error) {
	return verify.RunDriver(ctx, driver, opts)
}

// Runner is this driver as the registry lists it.
var Runner = verify.Runner{Run: Run, InnerEnv: InnerEnv, Inner: Inner, Binary: "gemini", Install: "npm install -g @google/gemini-cli@0.61.0"}

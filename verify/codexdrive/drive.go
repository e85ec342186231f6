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
	"context"
	"path/filepath"
	"time"

	"github.com/permsim/permsim/verify"
)

// InnerEnv is set, inside the sandbox, to the control folder; a process
// that sees it is the driver and should call Inner.
const InnerEnv = "PERMSIM_CODEXDRIVE_INNER"

// selfPath is where the driver executable is bound inside the sandbox.
const selfPath = "/run/permsim/driver"

// Options say what Run checks and how (verify.Options; Harness is
// ignored, Binary is the codex executable, "" looks it up on PATH).
type Options = verify.Options

// FindBinary finds the codex executable (given, or on PATH) and follows
// symlinks to the native binary, so its folder can be bound.
func FindBinary(given string) (string, error) {
	return verify.FindBinary(given, "codex", "no Codex CLI: none on PATH and no --binary given (install it with npm install -g @openai/codex@0.169.0)")
}

// driver is Codex's driver for verify.RunDriver.
var driver = verify.Driver{
	FindBinary: FindBinary,
	// Node-installed codex is a launcher; the native binary sits in the
	// per-platform package, under the npm folder, which the read-only
	// root already shows. Bind it anyway when it lives under /home or
	// /tmp, which the sandbox replaces.
	Binds: func(bin string) []string {
		if verify.HiddenBySandbox(bin) {
			return []string{filepath.Dir(bin)}
		}
		return nil
	},
	Timeout:    func(c verify.Case) time.Duration { return time.Duration(40+15*len(c.Calls)) * time.Second },
	TempPrefix: "permsim-verify-codex-",
	InnerEnv:   InnerEnv,
	SelfAt:     selfPath,
	Columns:    verify.Columns{Key: 40, Tool: 18, Pattern: 40},
}

// Run runs every selected case in the real Codex inside the sandbox, one
// app-server process per case, compares each call with the simulator and
// prints the rows and the agreement to opts.Out (verify.RunDriver). It
// refuses to start without the sandbox (verify.ErrNoSandbox).
func Run(ctx context.Context, opts Options) (verify.Summary, error) {
	return verify.RunDriver(ctx, driver, opts)
}

// Runner is this driver as the registry lists it.
var Runner = verify.Runner{Run: Run, InnerEnv: InnerEnv, Inner: Inner, Binary: "codex", Install: "npm install -g @openai/codex@0.169.0"}

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
	"time"

	"github.com/permsim/permsim/verify"
)

// driver is Gemini CLI's driver for verify.RunDriver.
var driver = verify.Driver{
	Title: "Gemini CLI", Binary: "gemini", Install: "npm install -g @google/gemini-cli@0.61.0",
	VersionPrefix: "gemini-cli ",
	// The whole package folder: gemini's entry point loads its siblings.
	Binds: verify.BindIfHidden(2),
	Base:  60 * time.Second, PerCall: 20 * time.Second,
	WholeLog: true,
	Columns:  verify.Columns{Key: 40, Tool: 18, Pattern: 40},
}

// Runner is this driver as the registry lists it: verify.RunDriver with
// driver, and runCase inside the sandbox. It refuses to start without the
// sandbox (verify.ErrNoSandbox).
var Runner = driver.Runner(runCase)

package main

import (
	"fmt"
	"io"
	"time"

	"github.com/spf13/pflag"

	"github.com/permsim/permsim/engine/hooks"
)

// hookFlags are the hook flags every command that decides shares: decide,
// battery, replay and nightly. Replay and nightly replay recorded calls,
// so they also need --replay-hooks before any hook runs.
type hookFlags struct {
	runHooks, replayHooks bool
	hookTimeout           float64
	hookWorkers           int
	hookSandbox           string
	withReplay            bool // --replay-hooks is a flag of this command
	registered            bool // the command has the hook flags (suggest, say, does not)
}

// registerHookFlags adds the hook flags to fs; withReplay adds
// --replay-hooks (replay, nightly).
func (f *hookFlags) registerHookFlags(fs *pflag.FlagSet, withReplay bool) {
	f.withReplay, f.registered = withReplay, true
	if withReplay {
		fs.BoolVar(&f.runHooks, "run-hooks", false, "allow hooks to run (they run real programs); needs --replay-hooks too")
		fs.BoolVar(&f.replayHooks, "replay-hooks", false, "with --run-hooks: run each project's hooks on that project's calls")
	} else {
		fs.BoolVar(&f.runHooks, "run-hooks", false, "run the project's hooks (they run real programs)")
	}
	fs.Float64Var(&f.hookTimeout, "hook-timeout", 10, "seconds a hook may run before its call is scored unknown")
	fs.IntVar(&f.hookWorkers, "hook-workers", 1, "hooks run at once")
	fs.StringVar(&f.hookSandbox, "hook-sandbox", "on", "on: run hooks inside bubblewrap as nobody (project and system programs read-only, throwaway home and /tmp, no network); off: run them as the harness would")
}

// hooksOn says whether hooks run: --run-hooks, and --replay-hooks where
// the command has it.
func (f *hookFlags) hooksOn() bool {
	return f.runHooks && (!f.withReplay || f.replayHooks)
}

// hookRunner checks the hook flags and returns the Runner the simulators
// share, or nil when hooks do not run. It says on stderr when hooks run
// outside the sandbox, and refuses to run them sandboxed without
// bubblewrap.
func (f *hookFlags) hookRunner(cmd string, stderr io.Writer) (*hooks.Runner, error) {
	if !f.registered {
		return nil, nil // a command without hook flags runs no hooks
	}
	if f.hookTimeout <= 0 || f.hookWorkers <= 0 {
		return nil, usageError{msg: "--hook-timeout and --hook-workers must be more than 0"}
	}
	mode, err := hooks.ParseSandbox(f.hookSandbox)
	if err != nil {
		return nil, usageError{msg: err.Error()}
	}
	if f.withReplay && f.runHooks != f.replayHooks {
		fmt.Fprintf(stderr, "permsim %s: hooks run only with both --run-hooks and --replay-hooks; running none\n", cmd)
	}
	if !f.hooksOn() {
		return nil, nil
	}
	switch {
	case mode == hooks.SandboxOff:
		fmt.Fprintf(stderr, "permsim %s: warning: --hook-sandbox=off: hooks run as the harness would run them, with your files, network and environment\n", cmd)
	case hooks.Bwrap() == "":
		return nil, usageError{msg: hooks.ErrNoSandbox.Error(), hint: "install bubblewrap, or pass --hook-sandbox=off"}
	}
	return hooks.NewRunner(hooks.Limits{Timeout: time.Duration(f.hookTimeout * float64(time.Second)), Workers: f.hookWorkers, Sandbox: mode}), nil
}

// reportHooks prints what the hooks did: the counts and the notes said
// once (a hook not run again after timing out).
func reportHooks(cmd string, r *hooks.Runner, stderr io.Writer) {
	if r == nil {
		return
	}
	fmt.Fprintf(stderr, "permsim %s: %s\n", cmd, r.Stats().Summary())
	for _, n := range r.Notes() {
		fmt.Fprintf(stderr, "permsim %s: %s\n", cmd, n)
	}
}

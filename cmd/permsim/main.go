// Command permsim answers, for people who run AI coding agents, which tool
// calls their agents' permission rules would have let through without
// asking, and which rule let them. Run `permsim help` for the commands.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// command is one subcommand: Run parses its own flags from args.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error
}

var commands = []command{
	{"ingest", "read agent transcripts under one or more homes into the calls table (Parquet)", runIngest},
	{"replay", "decide every ingested call against its own project's rules (decisions table)", runReplay},
	{"report", "print the risk report: which rules approved dangerous calls", runReport},
	{"sql", "run DuckDB SQL over the calls, decisions and rules views", runSQL},
	{"audit", "what a repository's agent files can make an agent do: CLAUDE.md imports, MCP servers, shared rules, hooks", runAudit},
	{"check", "judge a change to the agent files between two git revisions: what it makes newly possible, at the file and line that caused it", runCheck},
	{"battery", "score the battery of dangerous calls per harness and mode for one project", runBattery},
	{"decide", "decide calls given as JSON Lines on stdin for one project", runDecide},
	{"danger", "explain which words of a shell command make it dangerous", runDanger},
	{"rules", "list every rule of one project under its file, in force or not, and why", runRules},
	{"nightly", "ingest + replay + report, incremental", runNightly},
	{"push", "publish this store's calls to S3-compatible object storage for a central job", runPush},
	{"pull", "copy the calls every host published into a local cache store", runPull},
	{"suggest", "propose the fewest deny or ask rules that would have stopped the risky calls, checked by re-simulating", runSuggest},
	{"verify", "run the real harness sandboxed and compare it with decide, call by call", runVerify},
}

const usageText = `permsim: which of the things your coding agents did, or could do, would their
permission rules have let through without asking — and which rule let them.

Usage: permsim <command> [flags]

Commands:
%s
Run 'permsim <command> --help' for a command's flags, 'permsim --version' for
the harness versions each simulator was checked against.
Results are simulated from the documented rules unless they say otherwise.
`

func usage(w io.Writer) {
	var b strings.Builder
	for _, c := range commands {
		fmt.Fprintf(&b, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintf(w, usageText, b.String())
}

func main() {
	os.Exit(runMain(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// stopSignals stop a run: Ctrl-C, and SIGTERM (kill, timeout(1), systemd
// and launchd stopping the nightly job). Both cancel the run's context, so
// the command removes its temporary folders (suggest's, DuckDB's) and
// releases its store before the process exits; SIGTERM used to end the
// process at once and leave them behind (issue 27).
var stopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM}

// stopGrace is how long a cancelled run may take to return before the
// process exits without it: Ctrl-C is honoured within a second (issue 27)
// even by a step that does not watch its context (a read of stdin).
// Commands that do watch it stop and clean up well within it (suggest on
// 520,000 calls: 0.1 s). A second signal exits at once.
const stopGrace = time.Second

// signalError is the cause of a run cancelled by a signal.
type signalError struct{ sig os.Signal }

func (e signalError) Error() string { return "stopped by " + signalName(e.sig) }

func signalName(s os.Signal) string {
	if s == os.Interrupt {
		return "Ctrl-C (SIGINT)"
	}
	if s == syscall.SIGTERM {
		return "SIGTERM"
	}
	return s.String()
}

// runMain is main without the exit: run with a context that stopSignals
// cancel, waiting for the command to clean up and return.
func runMain(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, stopSignals...)
	defer signal.Stop(sigs)
	done := make(chan struct{})
	defer close(done)
	go func() {
		var sig os.Signal
		select {
		case sig = <-sigs:
		case <-done:
			return
		}
		cancel(signalError{sig})
		select {
		case <-done:
		case <-sigs:
			fmt.Fprintln(stderr, "permsim: second signal: exiting at once (temporary files may be left behind)")
			os.Exit(2)
		case <-time.After(stopGrace):
			fmt.Fprintf(stderr, "permsim: the run did not stop within %s of %s; exiting without its cleanup\n", stopGrace, signalName(sig))
			os.Exit(2)
		}
	}()
	return run(ctx, args, stdin, stdout, stderr)
}

// dispatch runs a subcommand and maps its error to the exit code of
// DESIGN.md's contract: 0 done, 1 a check failed, 2 bad usage or unreadable
// input that stopped the run. run (output.go) wraps its output.
func dispatch(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(stdout)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	if args[0] == "--version" || args[0] == "version" {
		writeVersion(stdout)
		return 0
	}
	for _, c := range commands {
		if c.name != args[0] {
			continue
		}
		err := c.run(ctx, args[1:], stdin, stdout, stderr)
		switch {
		case err == nil:
			return 0
		case errors.Is(err, errHelp):
			return 0
		case errors.Is(err, errCheckFailed):
			return 1
		}
		var se signalError
		if cause := context.Cause(ctx); errors.As(cause, &se) && errors.Is(err, context.Canceled) {
			// "context canceled", wrapped by whichever step noticed, says
			// less than the signal that stopped the run.
			err = se
		}
		fmt.Fprintf(stderr, "permsim %s: %v\n", c.name, err)
		var ue usageError
		if errors.As(err, &ue) && ue.hint != "" {
			fmt.Fprintf(stderr, "Try: %s\n", ue.hint)
		}
		return 2
	}
	fmt.Fprintf(stderr, "permsim: unknown command %q\n\n", args[0])
	usage(stderr)
	return 2
}

var (
	errHelp        = errors.New("help shown")
	errCheckFailed = errors.New("a check failed")
)

// usageError is bad usage: the message says what is wrong, the hint how to
// do it right.
type usageError struct{ msg, hint string }

func (e usageError) Error() string { return e.msg }

// defaultOut is the user's data folder for permsim (XDG).
func defaultOut() string {
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "permsim")
	}
	if h, err := os.UserHomeDir(); err == nil {
		return filepath.Join(h, ".local", "share", "permsim")
	}
	return "permsim-data"
}

// defaultHome is the user's home folder.
func defaultHome() string {
	h, err := os.UserHomeDir()
	if err != nil {
		return "/"
	}
	return h
}

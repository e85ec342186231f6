package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/hooks"
	"github.com/permsim/permsim/registry"
	"github.com/permsim/permsim/replay"
)

type replayFlags struct {
	out, mode, since, home, trust string
	newest, workers               int
	roots                         []string
	runHooks, replayHooks         bool
	hookTimeout                   float64
	hookWorkers                   int
}

func (f *replayFlags) register(fs interface {
	StringVar(*string, string, string, string)
	IntVar(*int, string, int, string)
	StringArrayVar(*[]string, string, []string, string)
}, withOut bool) {
	if withOut {
		fs.StringVar(&f.out, "out", defaultOut(), "folder holding the calls table; decisions and rules are written beside it")
	}
	fs.StringVar(&f.mode, "mode", "", "simulate every call in this mode instead of the mode its session recorded")
	fs.StringVar(&f.since, "since", "", "only calls at or after this time (2026-11-01, RFC 3339, or 7d / 36h back)")
	fs.IntVar(&f.newest, "newest", 0, "only the newest N shell and file-tool calls (0: all)")
	fs.IntVar(&f.workers, "workers", 0, "decision workers (default: GOMAXPROCS)")
	fs.StringVar(&f.home, "user-home", "", "home folder whose user settings (~/.claude/settings.json, …) apply to every call (default: the home each call was ingested from; yours for calls that record none)")
	fs.StringVar(&f.trust, "trust", "", "yes|no: override every project's trust record")
	fs.StringArrayVar(&f.roots, "root", nil, "OLD=NEW: find projects recorded under OLD (on another machine) under NEW here; HOME:OLD=NEW only for calls ingested from HOME (repeatable)")
}

// registerHooks adds the hook flags of DESIGN.md's replay contract.
func (f *replayFlags) registerHooks(fs interface {
	BoolVar(*bool, string, bool, string)
	Float64Var(*float64, string, float64, string)
	IntVar(*int, string, int, string)
}) {
	fs.BoolVar(&f.runHooks, "run-hooks", false, "allow hooks to run (they run real programs); replay needs --replay-hooks too")
	fs.BoolVar(&f.replayHooks, "replay-hooks", false, "with --run-hooks: run each project's hooks on that project's calls")
	fs.Float64Var(&f.hookTimeout, "hook-timeout", 10, "seconds a hook may run before its call is scored unknown")
	fs.IntVar(&f.hookWorkers, "hook-workers", 1, "hooks run at once")
}

// simulators returns the harnesses replay decides with, with hooks run
// within the flags' limits when both hook flags are given.
func (f *replayFlags) simulators() (replay.Harnesses, error) {
	var o registry.SimOptions
	if f.runHooks && f.replayHooks {
		if f.hookTimeout <= 0 || f.hookWorkers <= 0 {
			return nil, usageError{msg: "--hook-timeout and --hook-workers must be more than 0"}
		}
		o.Hooks = hooks.NewRunner(hooks.Limits{Timeout: time.Duration(f.hookTimeout * float64(time.Second)), Workers: f.hookWorkers})
	}
	return registry.Simulators(o), nil
}

func (f *replayFlags) options(progress io.Writer) (replay.Options, error) {
	since, err := parseWhen(f.since)
	if err != nil {
		return replay.Options{}, err
	}
	if f.newest < 0 {
		return replay.Options{}, usageError{msg: "--newest must be 0 or more"}
	}
	opts := replay.Options{Mode: engine.Mode(f.mode), Since: since, Newest: f.newest, Workers: f.workers, Progress: progress,
		RunHooks: f.runHooks && f.replayHooks}
	home := f.home
	if home == "" {
		home = defaultHome()
	} else {
		opts.ForceHome = true
	}
	if opts.Home, err = absDir("--user-home", home); err != nil {
		return opts, err
	}
	if opts.Trust, err = parseTrust(f.trust); err != nil {
		return opts, err
	}
	for _, r := range f.roots {
		m, err := replay.ParseRootMap(r)
		if err != nil {
			return opts, usageError{msg: err.Error()}
		}
		if m.Home != "" {
			// Rows record the home as ingest made it absolute.
			if m.Home, err = filepath.Abs(m.Home); err != nil {
				return opts, usageError{msg: err.Error()}
			}
		}
		opts.Roots = append(opts.Roots, m)
	}
	return opts, nil
}

func runReplay(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	var f replayFlags
	fs := newFlags("replay", "[--out DIR] [--mode MODE] [--since WHEN] [--newest N] [--workers N] [--root OLD=NEW]... [--run-hooks --replay-hooks [--hook-timeout SEC] [--hook-workers N]]",
		`Decides every ingested shell and file-tool call against the rules of its own
project folder, in the permission mode its session recorded (a subagent's call
in its parent's mode; a call with neither in the mode the settings select),
and marks dangerous calls. Each project's rules are loaded once and shared by
all workers. Writes <out>/decisions and <out>/rules, replacing the last replay's.
No hook runs unless both --run-hooks and --replay-hooks are given; then each
project's hooks run on that project's calls (Claude Code), a hook that hits
--hook-timeout makes its call "unknown".

Example:
  permsim replay --since 7d --mode default`, stderr)
	f.register(fs, true)
	f.registerHooks(fs)
	if err := parse(fs, args); err != nil {
		return err
	}
	opts, err := f.options(progressWriter(stderr))
	if err != nil {
		return err
	}
	if err := checkLocal("--out", f.out); err != nil {
		return err
	}
	if f.runHooks != f.replayHooks {
		fmt.Fprintln(stderr, "permsim replay: hooks run only with both --run-hooks and --replay-hooks; running none")
	}
	hs, err := f.simulators()
	if err != nil {
		return err
	}
	release, err := lockStore(ctx, f.out, "replay", stderr)
	if err != nil {
		return err
	}
	defer release()
	memLimit(replayMemLimit)
	sum, err := replay.Run(ctx, f.out, opts, hs)
	fmt.Fprint(stderr, sum.String())
	return err
}

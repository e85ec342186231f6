package main

import (
	"context"
	"fmt"
	"io"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/replay"
)

type replayFlags struct {
	out, mode, since, home, trust string
	newest, workers               int
	roots                         []string
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
	fs.StringVar(&f.home, "user-home", defaultHome(), "home folder whose user settings (~/.claude/settings.json, …) apply")
	fs.StringVar(&f.trust, "trust", "", "yes|no: override every project's trust record")
	fs.StringArrayVar(&f.roots, "root", nil, "OLD=NEW: find projects recorded under OLD (on another machine) under NEW here (repeatable)")
}

func (f *replayFlags) options(progress io.Writer) (replay.Options, error) {
	since, err := parseWhen(f.since)
	if err != nil {
		return replay.Options{}, err
	}
	if f.newest < 0 {
		return replay.Options{}, usageError{msg: "--newest must be 0 or more"}
	}
	opts := replay.Options{Mode: engine.Mode(f.mode), Since: since, Newest: f.newest, Workers: f.workers, Progress: progress}
	if opts.Home, err = absDir("--user-home", f.home); err != nil {
		return opts, err
	}
	switch f.trust {
	case "":
	case "yes":
		t := true
		opts.Trust = &t
	case "no":
		t := false
		opts.Trust = &t
	default:
		return opts, usageError{msg: fmt.Sprintf("--trust %q: want yes or no", f.trust)}
	}
	for _, r := range f.roots {
		m, err := replay.ParseRootMap(r)
		if err != nil {
			return opts, usageError{msg: err.Error()}
		}
		opts.Roots = append(opts.Roots, m)
	}
	return opts, nil
}

func runReplay(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	var f replayFlags
	fs := newFlags("replay", "[--out DIR] [--mode MODE] [--since WHEN] [--newest N] [--workers N] [--root OLD=NEW]...",
		`Decides every ingested shell and file-tool call against the rules of its own
project folder, in the permission mode its session recorded (a subagent's call
in its parent's mode; a call with neither in the mode the settings select),
and marks dangerous calls. Each project's rules are loaded once and shared by
all workers. Writes <out>/decisions and <out>/rules, replacing the last replay's.

Example:
  permsim replay --since 7d --mode default`, stderr)
	f.register(fs, true)
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
	sum, err := replay.Run(ctx, f.out, opts, simulators())
	fmt.Fprint(stderr, sum.String())
	return err
}

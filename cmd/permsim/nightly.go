package main

import (
	"context"
	"fmt"
	"io"
	"sync"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/registry"
	"github.com/permsim/permsim/replay"
)

func runNightly(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	var inf ingestFlags
	var rf replayFlags
	var format string
	fs := newFlags("nightly", "[--home DIR]... [--out DIR] [--format text|markdown|html|json]",
		`Runs ingest (incremental), replay and report in one go: the job to run every
night. Progress and summaries go to stderr, the report to stdout.

Example:
  permsim nightly --home ~ --format markdown > risk-report.md`, stderr)
	inf.register(fs)
	fs.StringVar(&format, "format", "text", "report format: text, markdown, html or json")
	fs.StringVar(&rf.mode, "mode", "", "simulate every call in this mode instead of the recorded one")
	fs.StringVar(&rf.home, "user-home", "", "home folder whose user settings apply to every call (default: the --home each call was read from)")
	fs.StringArrayVar(&rf.roots, "root", nil, "OLD=NEW: find projects recorded under OLD under NEW here; HOME:OLD=NEW only for calls read from HOME (repeatable)")
	if err := parse(fs, args); err != nil {
		return err
	}
	iopts, srcs, err := inf.options(progressWriter(stderr))
	if err != nil {
		return err
	}
	lock, err := lockStore(ctx, iopts.OutDir, "nightly", stderr)
	if err != nil {
		return err
	}
	release := sync.OnceFunc(lock)
	defer release()
	memLimit(ingestMemLimit)
	isum, err := ingest.Run(ctx, iopts, srcs)
	fmt.Fprint(stderr, isum.String())
	if err != nil {
		return err
	}
	rf.since = inf.since
	ropts, err := rf.options(progressWriter(stderr))
	if err != nil {
		return err
	}
	memLimit(replayMemLimit)
	rsum, err := replay.Run(ctx, iopts.OutDir, ropts, registry.Simulators(registry.SimOptions{}))
	fmt.Fprint(stderr, rsum.String())
	// The report reads: it takes the commit lock shared, which this
	// process's own writer lock does not block.
	release()
	if err != nil {
		return err
	}
	return report(ctx, iopts.OutDir, format, stdout)
}

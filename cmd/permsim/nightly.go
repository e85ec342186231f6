package main

import (
	"context"
	"fmt"
	"io"
	"sync"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/remote"
	"github.com/permsim/permsim/replay"
)

func runNightly(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	var inf ingestFlags
	var rf replayFlags
	var format string
	var failOnNew bool
	fs := newFlags("nightly", "[--home DIR]... [--harness LIST] [--since WHEN] [--out DIR] [--workers N] [--redact] [--mode MODE] [--newest N] [--trust yes|no] [--user-home DIR] [--root OLD=NEW]... [--projects DIR]... [--managed H=DIR]... [--format text|markdown|html|json] [--fail-on-new] [--show-secrets] [--from s3://BUCKET/PREFIX [--endpoint URL]]",
		`Runs ingest (incremental), replay and report in one go: the job to run every
night (docs/nightly.md: a systemd timer, a cron line, a launchd plist).
Progress and summaries go to stderr, the report to stdout. Each run keeps its
risky approvals (dangerous calls that would run without asking) in
<out>/nightly-state.json; --fail-on-new exits 1 when some were not there on
the previous run (on a first run, when there are any), for alerting.
With nothing new since the last replay (the same calls, settings files,
flags and permsim), its decisions are kept instead of decided again.
With --from, the calls come from object storage instead of homes: the
committed calls every host pushed (permsim push) that <out> lacks are
pulled into it (permsim pull), then replay and report run as usual — the
central job of docs/scale.md.

Exit status: 0 done; 1 with --fail-on-new when new risky approvals appeared;
2 bad usage or unreadable input.

Example:
  permsim nightly --home ~ --format markdown > risk-report.md`, stderr)
	inf.register(fs)
	fs.StringVar(&format, "format", "text", "report format: text, markdown, html or json")
	fs.StringVar(&rf.mode, "mode", "", "simulate every call in this mode instead of the recorded one")
	fs.StringVar(&rf.home, "user-home", "", "home folder whose user settings apply to every call (default: the --home each call was read from)")
	fs.StringArrayVar(&rf.roots, "root", nil, "OLD=NEW: find projects recorded under OLD under NEW here; HOME:OLD=NEW only for calls read from HOME (repeatable)")
	rf.registerProjects(fs)
	rf.registerEnv(fs)
	rf.registerHooks(fs)
	fs.IntVar(&rf.newest, "newest", 0, "replay only the newest N shell, file-tool, web and MCP calls (0: all)")
	fs.StringVar(&rf.trust, "trust", "", "yes|no: override every project's trust record")
	fs.BoolVar(&failOnNew, "fail-on-new", false, "exit 1 when risky approvals appeared since the previous run (for alerting)")
	show := showSecretsFlag(fs, stdout, showSecretsUsage)
	from := fs.String("from", "", "pull the calls hosts pushed from s3://BUCKET/PREFIX or file:///FOLDER instead of reading homes")
	endpoint := fs.String("endpoint", "", "URL of an S3-compatible service for --from (default: AWS)")
	if err := parse(fs, args); err != nil {
		return err
	}
	// The hook flags are checked before the long ingest.
	sims, err := rf.simulators("nightly", stderr)
	if err != nil {
		return err
	}
	iopts, srcs, err := inf.options(progressWriter(stderr))
	if err != nil {
		return err
	}
	var bucket remote.Bucket
	if *from != "" {
		if len(inf.homes) > 0 || inf.harnesses != "" || len(inf.files) > 0 {
			return usageError{msg: "--from pulls the calls hosts pushed: --home, --harness and import files do not apply"}
		}
		if bucket, _, err = openBucket(ctx, "--from", *from, *endpoint); err != nil {
			return err
		}
	}
	lock, err := lockStore(ctx, iopts.OutDir, "nightly", stderr)
	if err != nil {
		return err
	}
	release := sync.OnceFunc(lock)
	defer release()
	if bucket != nil {
		psum, err := remote.Pull(ctx, bucket, iopts.OutDir)
		fmt.Fprint(stderr, psum.String())
		if err != nil {
			return err
		}
	} else {
		memLimit(ingestMemLimit)
		isum, err := ingest.Run(ctx, iopts, srcs)
		fmt.Fprint(stderr, isum.String())
		if err != nil {
			return err
		}
	}
	rf.since = inf.since
	ropts, err := rf.options(progressWriter(stderr))
	if err != nil {
		return err
	}
	// With nothing new since the last replay (the same calls, settings and
	// permsim), its decisions stand.
	ropts.SkipUnchanged = true
	// A cache store's calls from pulled hosts are decided against each
	// host's settings snapshot (remote.Snapshots; none in a laptop's store).
	if ropts.Snapshots, err = remote.Snapshots(iopts.OutDir); err != nil {
		return err
	}
	memLimit(replayMemLimit)
	rsum, err := replay.Run(ctx, iopts.OutDir, ropts, sims)
	fmt.Fprint(stderr, rsum.String())
	reportHooks("nightly", rf.hookRun, stderr)
	if err != nil {
		release()
		return err
	}
	fresh, total, prev, err := compareNightly(iopts.OutDir)
	// The report reads: it takes the commit lock shared, which this
	// process's own writer lock does not block.
	release()
	if err != nil {
		return err
	}
	printNew(stderr, fresh, total, prev)
	if err := report(ctx, iopts.OutDir, format, *show, stdout); err != nil {
		return err
	}
	if failOnNew && len(fresh) > 0 {
		return errCheckFailed
	}
	return nil
}

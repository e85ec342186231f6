package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/ingest/jsonl"
	"github.com/permsim/permsim/registry"
)

type ingestFlags struct {
	format    string
	files     []string // with --format permsim-jsonl: the files to import
	homes     []string
	harnesses string
	since     string
	out       string
	workers   int
	redact    bool
}

func (f *ingestFlags) register(fs interface {
	StringArrayVar(*[]string, string, []string, string)
	StringVar(*string, string, string, string)
	IntVar(*int, string, int, string)
	BoolVar(*bool, string, bool, string)
}) {
	fs.BoolVar(&quiet, "quiet", false, "no progress bar on stderr (there is none when stderr is not a terminal)")
	fs.StringArrayVar(&f.homes, "home", nil, "home folder to read transcripts under (repeat for several; default: yours, honouring $CLAUDE_CONFIG_DIR)")
	fs.StringVar(&f.harnesses, "harness", "", "comma-separated harnesses to read (default: all with a reader: "+strings.Join(registry.IDs(registry.Readable()), ", ")+")")
	fs.StringVar(&f.since, "since", "", "only calls at or after this time: 2026-11-01, an RFC 3339 time, or 7d / 36h back")
	fs.StringVar(&f.out, "out", defaultOut(), "output folder for the Parquet tables and the manifest")
	fs.IntVar(&f.workers, "workers", 0, "files read in parallel (default: GOMAXPROCS)")
	fs.BoolVar(&f.redact, "redact", false, "mask tokens, keys and passwords in commands, paths and inputs before they are stored (danger marks are unchanged)")
}

// options turns the flags into ingest.Options and the chosen sources.
func (f *ingestFlags) options(progress io.Writer) (ingest.Options, []ingest.Source, error) {
	since, err := parseWhen(f.since)
	if err != nil {
		return ingest.Options{}, nil, err
	}
	homes := f.homes
	if len(homes) == 0 {
		homes = []string{defaultHome()}
	}
	for i, h := range homes {
		if homes[i], err = absHome("--home", h); err != nil {
			return ingest.Options{}, nil, err
		}
	}
	var srcs []ingest.Source
	switch f.format {
	case "", "auto":
		if len(f.files) > 0 {
			return ingest.Options{}, nil, usageError{msg: fmt.Sprintf("unexpected arguments %q", f.files), hint: "permsim ingest --format permsim-jsonl FILE… to import calls from files"}
		}
		if srcs, err = chooseSources(f.harnesses); err != nil {
			return ingest.Options{}, nil, err
		}
	case jsonl.Format:
		if len(f.files) == 0 {
			return ingest.Options{}, nil, usageError{msg: "--format permsim-jsonl needs the files to import", hint: "permsim ingest --format permsim-jsonl calls.jsonl"}
		}
		if f.harnesses != "" {
			return ingest.Options{}, nil, usageError{msg: "--harness does not apply to --format permsim-jsonl: each line names its own harness"}
		}
		srcs = []ingest.Source{jsonl.New(f.files...)}
	default:
		return ingest.Options{}, nil, usageError{msg: fmt.Sprintf("--format %q: want auto or permsim-jsonl", f.format)}
	}
	if err := checkLocal("--out", f.out); err != nil {
		return ingest.Options{}, nil, err
	}
	return ingest.Options{Homes: homes, OutDir: f.out, Since: since, Progress: progress, Workers: f.workers, Redact: f.redact}, srcs, nil
}

func runIngest(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	var f ingestFlags
	fs := newFlags("ingest", "[--home DIR]... [--harness LIST] [--since WHEN] [--out DIR] [--redact]  |  --format permsim-jsonl FILE...",
		`Reads every harness's session transcripts under each home folder and writes
one row per tool call to <out>/calls/harness=…/date=…/*.parquet. Runs are
incremental: a transcript that did not change since the last run is not read
again, one that grew is read from where the last run stopped. Lines that
cannot be read are reported with file and line, and skipped. The store holds
commands, paths and inputs as the transcripts do, secrets included, private
to you (folders 0700, files 0600); --redact masks the secrets before they are
stored (README: "What the store holds").

Harnesses with a reader: Claude Code, Codex CLI, Gemini CLI, OpenCode, and
Cursor CLI (best effort: its store is undocumented). Any other harness (Codey)
gets in through --format permsim-jsonl: one call per line, keys named as the
calls table's columns (docs/import-format.md).

Examples:
  permsim ingest --home ~ --home /mnt/old-laptop/home/dev --since 30d
  permsim ingest --format permsim-jsonl codey-calls.jsonl`, stderr)
	f.register(fs)
	fs.StringVar(&f.format, "format", "auto", "auto: every harness's transcripts under each home; permsim-jsonl: import the FILE arguments, one normalized call per line (docs/import-format.md)")
	if err := parse(fs, args); err != nil {
		return err
	}
	f.files = fs.Args()
	opts, srcs, err := f.options(progressWriter(stderr))
	if err != nil {
		return err
	}
	release, err := lockStore(ctx, opts.OutDir, "ingest", stderr)
	if err != nil {
		return err
	}
	defer release()
	memLimit(ingestMemLimit)
	sum, err := ingest.Run(ctx, opts, srcs)
	fmt.Fprint(stderr, sum.String())
	if f.format != jsonl.Format {
		for _, h := range homeHints(opts, sum) {
			fmt.Fprintln(stderr, "hint: "+h)
		}
	}
	return err
}

// checkLocal refuses remote locations up front: DuckDB's httpfs extension is
// not built into permsim and cannot be downloaded offline.
func checkLocal(flag, p string) error {
	for _, scheme := range []string{"s3://", "gs://", "gcs://", "http://", "https://", "az://", "abfss://"} {
		if strings.HasPrefix(strings.ToLower(p), scheme) {
			return usageError{msg: fmt.Sprintf("%s %s: remote locations are not supported: DuckDB's httpfs extension is not built into permsim and cannot be downloaded offline", flag, p),
				hint: "copy the files to a local folder and pass that folder"}
		}
	}
	return nil
}

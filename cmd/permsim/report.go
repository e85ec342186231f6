package main

import (
	"context"
	"errors"
	"fmt"
	"github.com/permsim/permsim/audit"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sys/unix"

	"github.com/permsim/permsim/queries"
	"github.com/permsim/permsim/registry"
	"github.com/permsim/permsim/replay"
)

// reportFlags are report's flags beyond --out and --format.
type reportFlags struct {
	since, until string
	showSecrets  *bool
	verbose      bool
}

func runReport(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	var out, format string
	var f reportFlags
	fs := newFlags("report", "[--out DIR] [--format text|markdown|html|json] [--since WHEN] [--until WHEN] [--fail-on SEVERITY] [--verbose] [--show-secrets]",
		`Prints the risk report over the last ingest and replay: the dangerous calls
that would have run without asking, grouped by the rule (and file) that let
them through, with the top commands behind each; the same per week (by
danger category), per settings file, per project and per harness and mode;
outcome groups per harness; which of those calls really ran; the simulation
against what the transcripts show happened (agreement per harness and
version, the contradictions, the assumptions the decisions rest on); and
what the run could not decide, by cause. --format html writes one self-contained page
with charts. Credentials in commands are masked unless --show-secrets.
The text report is coloured on a terminal (not with NO_COLOR set).

--fail-on SEVERITY makes it a CI gate: after the report, exit 1 when a
dangerous call of the window is at or above SEVERITY (critical: a
destructive or secret-reading call that runs unasked; high: another
dangerous call that runs; medium: one not decided; low: one that asks),
saying how many of each on stderr.
Exit status: 0 done; 1 a call at or above --fail-on; 2 bad usage.

Examples:
  permsim report --since 30d
  permsim report --since 1d --fail-on critical > report.txt
  permsim report --format html --since 2026-11-01 --until 2026-12-01 > risk.html`, stderr)
	fs.StringVar(&out, "out", defaultOut(), "folder holding the calls, decisions and rules tables")
	fs.StringVar(&format, "format", "text", "text, markdown, html or json")
	fs.StringVar(&f.since, "since", "", "only calls at or after this time (2026-11-01, RFC 3339, or 7d / 36h back)")
	fs.StringVar(&f.until, "until", "", "only calls before this time (same forms as --since)")
	failOn := fs.String("fail-on", "", "exit 1 when a dangerous call in the window is at or above this severity: critical (destructive or secret-reading, runs unasked), high (other dangerous, runs), medium (not decided), low (asks) — for CI")
	f.showSecrets = showSecretsFlag(fs, stdout, showSecretsUsage)
	fs.BoolVar(&f.verbose, "verbose", false, "text: print each risky call whole instead of one line cut to the terminal's width")
	if err := parse(fs, args); err != nil {
		return err
	}
	var threshold audit.Severity
	if *failOn != "" {
		s, err := audit.ParseSeverity(strings.TrimSpace(*failOn))
		if err != nil {
			return usageError{msg: "--fail-on: " + err.Error(), hint: "--fail-on critical, --fail-on high"}
		}
		threshold = s
	}
	opts, err := f.options(format, stdout)
	if err != nil {
		return err
	}
	if err := reportWith(ctx, out, format, stdout, opts); err != nil || *failOn == "" {
		return err
	}
	return failReport(ctx, out, opts, threshold, stderr)
}

// options turns the flags into the report's options.
func (f reportFlags) options(format string, stdout io.Writer) (queries.RiskOptions, error) {
	since, err := parseWhen(f.since)
	if err != nil {
		return queries.RiskOptions{}, err
	}
	until, err := parseWhen(f.until)
	if err != nil {
		return queries.RiskOptions{}, usageError{msg: fmt.Sprintf("--until %q: not a time", f.until), hint: "--until 2026-12-01, --until 2026-12-01T08:00:00Z, or --until 7d / 36h"}
	}
	if !since.IsZero() && !until.IsZero() && !until.After(since) {
		return queries.RiskOptions{}, usageError{msg: fmt.Sprintf("--until %s is not after --since %s", until.Format(time.RFC3339), since.Format(time.RFC3339))}
	}
	opts := defaultReportOptions(format, stdout)
	opts.Since, opts.Until, opts.ShowSecrets = since, until, f.showSecrets != nil && *f.showSecrets
	opts.Verbose = f.verbose
	return opts, nil
}

// defaultReportOptions: the harnesses with a simulator (so the report can
// say "no simulator for harness X"), and colour for the text format on a
// terminal unless NO_COLOR (https://no-color.org) or TERM=dumb.
func defaultReportOptions(format string, stdout io.Writer) queries.RiskOptions {
	opts := queries.RiskOptions{Simulated: registry.IDs(registry.Simulated())}
	opts.Color = format == "text" && colourTerminal(stdout)
	if format == "text" {
		opts.Width = terminalWidth(stdout)
	}
	return opts
}

// terminalWidth is the width the text report fits in: $COLUMNS when set
// (shells export it; a test or a pipe can set it), else the terminal's
// own (stty's), else 0 — no limit, for a file or a pipe.
func terminalWidth(w io.Writer) int {
	if n, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && n > 20 {
		return n
	}
	f, ok := fileOf(w)
	if !ok {
		return 0
	}
	if ws, err := unix.IoctlGetWinsize(int(f.Fd()), unix.TIOCGWINSZ); err == nil && ws.Col > 20 {
		return int(ws.Col)
	}
	return 0
}

func colourTerminal(w io.Writer) bool {
	if _, ok := os.LookupEnv("NO_COLOR"); ok || os.Getenv("TERM") == "dumb" {
		return false
	}
	f, ok := fileOf(w)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// report prints the report with the default options (nightly's stage),
// from nightly's cache when nothing changed since the last (reportcache.go).
// A report with its secrets shown is not kept: the cache is a file in the
// store.
func report(ctx context.Context, out, format string, showSecrets bool, stdout io.Writer) error {
	opts := defaultReportOptions(format, stdout)
	if showSecrets {
		opts.ShowSecrets = true
		return reportWith(ctx, out, format, stdout, opts)
	}
	return cachedReport(out, format, opts, stdout, func(w io.Writer) error { return reportWith(ctx, out, format, w, opts) })
}

func reportWith(ctx context.Context, out, format string, stdout io.Writer, opts queries.RiskOptions) error {
	switch format {
	case "text", "markdown", "html", "json":
	default:
		return usageError{msg: fmt.Sprintf("--format %q: want text, markdown, html or json", format)}
	}
	if err := checkLocal("--out", out); err != nil {
		return err
	}
	if err := checkStore(out); err != nil {
		return err
	}
	// The summary replay wrote beside the decisions, when the tables are
	// still the ones it was made from: the same report without querying
	// every call (a million calls took 15 s of CPU).
	if done, err := queries.ReportFromSummary(out, stdout, format, opts, replay.BuildID()); done || err != nil {
		return err
	}
	db, err := queries.Open(out)
	if err != nil {
		return err
	}
	defer db.Close()
	return db.ReportWith(ctx, stdout, format, opts)
}

func runSQL(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	var out, format string
	var schema bool
	var timeout time.Duration
	var file string
	var width int
	fs := newFlags("sql", "[--out DIR] [--format table|csv|json] [--width N] [--timeout D] [--show-secrets] 'SELECT …' | --file FILE | -  |  --schema",
		`Runs one DuckDB query (SELECT, WITH, FROM, VALUES, DESCRIBE, SUMMARIZE,
SHOW) over the views calls (one row per distinct tool call), calls_all
(copies included), decisions and rules; anything that would write, load or
set something, or a second statement, is refused. The query is the
argument, or read from a file (-f FILE) or from stdin (- or -f -). --schema
lists every view and column with its meaning; docs/sql.md has ready queries.
On a terminal the table is fitted to its width (long values end in "…");
--width 0 prints every value whole, as does a pipe or a file.
Credentials in the output are masked unless --show-secrets. A query stops
at --timeout (Ctrl-C stops it at once); DuckDB holds at most 1 GB of memory
and spills at most 8 GB to a temporary folder removed when permsim ends.

Examples:
  permsim sql --schema
  permsim sql "SELECT tool, count(*) FROM calls GROUP BY ALL ORDER BY 2 DESC"
  permsim sql -f risky.sql
  echo "SELECT count(*) FROM decisions" | permsim sql -
  permsim sql --format csv "SELECT rule_text, command FROM decisions WHERE dangerous AND outcome_group = 'runs'"`, stderr)
	fs.StringVar(&out, "out", defaultOut(), "folder holding the calls, decisions and rules tables")
	fs.StringVar(&format, "format", "table", "table, csv or json (JSON Lines)")
	fs.BoolVar(&schema, "schema", false, "list every view and column with a one-line meaning, and exit")
	fs.StringVarP(&file, "file", "f", "", "read the query from this file (- for stdin)")
	fs.IntVar(&width, "width", -1, "widest table line; 0 for no limit (default: the terminal's width, none when stdout is not a terminal)")
	showSecrets := showSecretsFlag(fs, stdout, showSecretsUsage)
	fs.DurationVar(&timeout, "timeout", 5*time.Minute, "stop the query after this long (0: no limit)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if timeout < 0 {
		return usageError{msg: fmt.Sprintf("--timeout %v: want 0 (no limit) or more", timeout), hint: "--timeout 30s, --timeout 10m"}
	}
	if schema {
		if fs.NArg() != 0 {
			return usageError{msg: "--schema takes no SQL statement", hint: "permsim sql --schema"}
		}
		return queries.WriteSchema(stdout)
	}
	if file != "" && fs.NArg() != 0 {
		return usageError{msg: "give the query either as an argument or with -f, not both", hint: "permsim sql -f query.sql"}
	}
	if file == "" && fs.NArg() != 1 {
		return usageError{msg: "want exactly one SQL statement", hint: `permsim sql "SELECT count(*) FROM calls", permsim sql -f query.sql, or permsim sql - (stdin)  (permsim sql --schema lists the columns)`}
	}
	if file == "" && fs.Arg(0) == "-" {
		file = "-"
	}
	query := fs.Arg(0)
	if file != "" {
		var err error
		if query, err = readQuery(file, stdin); err != nil {
			return err
		}
	}
	if width < 0 {
		width = sqlWidth(stdout)
	}
	switch format {
	case "table", "csv", "json":
	default:
		return usageError{msg: fmt.Sprintf("--format %q: want table, csv or json", format)}
	}
	if err := checkLocal("--out", out); err != nil {
		return err
	}
	db, err := queries.Open(out)
	if err != nil {
		return err
	}
	defer db.Close()
	qctx := ctx
	if timeout > 0 {
		var cancel context.CancelFunc
		qctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	err = db.QueryWith(qctx, strings.TrimSpace(query), stdout, format, queries.QueryOptions{ShowSecrets: *showSecrets, Width: width})
	if err != nil && errors.Is(qctx.Err(), context.DeadlineExceeded) && ctx.Err() == nil {
		return fmt.Errorf("the query ran past --timeout %v and was stopped (a longer --timeout, or 0 for none, lets it finish)", timeout)
	}
	if err != nil && ctx.Err() != nil {
		return fmt.Errorf("the query was stopped before it finished: %w", ctx.Err())
	}
	return err
}

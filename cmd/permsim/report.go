package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/permsim/permsim/queries"
)

func runReport(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	var out, format string
	fs := newFlags("report", "[--out DIR] [--format text|markdown|html|json]",
		`Prints the risk report over the last ingest and replay: the dangerous calls
that would have run without asking, grouped by the rule (and file) that let
them through, with the top commands behind each; counts per project, mode and
outcome group; and which of those calls really ran.`, stderr)
	fs.StringVar(&out, "out", defaultOut(), "folder holding the calls, decisions and rules tables")
	fs.StringVar(&format, "format", "text", "text, markdown, html or json")
	if err := parse(fs, args); err != nil {
		return err
	}
	return report(ctx, out, format, stdout)
}

func report(ctx context.Context, out, format string, stdout io.Writer) error {
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
	db, err := queries.Open(out)
	if err != nil {
		return err
	}
	defer db.Close()
	return db.Report(ctx, stdout, format)
}

func runSQL(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	var out, format string
	fs := newFlags("sql", "[--out DIR] [--format table|csv|json] 'SELECT …'",
		`Runs one DuckDB SQL statement over the views calls (one row per distinct
tool call), calls_all (copies included), decisions and rules.

Examples:
  permsim sql "SELECT tool, count(*) FROM calls GROUP BY ALL ORDER BY 2 DESC"
  permsim sql --format csv "SELECT rule_text, command FROM decisions WHERE dangerous AND outcome = 'runs'"`, stderr)
	fs.StringVar(&out, "out", defaultOut(), "folder holding the calls, decisions and rules tables")
	fs.StringVar(&format, "format", "table", "table, csv or json (JSON Lines)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usageError{msg: "want exactly one SQL statement", hint: `permsim sql "SELECT count(*) FROM calls"`}
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
	return db.Query(ctx, strings.TrimSpace(fs.Arg(0)), stdout, format)
}

package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/permsim/permsim/audit"
	"github.com/permsim/permsim/check"
	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/registry"
)

// checkHelp is check's --help text; README.md and docs/check.md repeat its
// exit codes.
const checkHelp = `Judges a change to a repository's agent files (.claude/, CLAUDE.md, .mcp.json,
.codex/, .gemini/, opencode.json, .opencode/, .cursor/ and the Markdown files
CLAUDE.md imports) before it merges. The files are taken out of git at both
revisions, without touching the working tree; for every harness the battery
of dangerous calls is scored in each mode the files can select, and the audit
is run, on both; the report says what the change makes newly possible:

  battery cases that now run without asking, or are no longer blocked, under
      the rule that lets them (a broad allow rule), the rule that stopped them
      and is gone (a removed deny), or the mode the settings now select
  new audit findings: CLAUDE.md imports reaching outside the repository, MCP
      servers the repository enables, allow rules, hooks it ships
  hooks the repository shipped and removed
  with --out, rules the change adds that would have let risky calls of your
      own history in this repository run without asking

and what it makes safer. Each finding names the file and line of the rule or
setting that caused it; --format sarif annotates a pull request's diff.
The repository is judged alone: user settings come from an empty home
(--home to use one), and its folder is taken as trusted.

Severities: critical, a destructive or secret-reading case (deletes, history
rewrites, force pushes, cloud, database and disk destruction, secret reads)
now runs unasked, or a CLAUDE.md imports a secret file; high, another case
now runs unasked, and the audit's high findings; medium, a case no longer
blocked (it asks), a hook removed; low and note as the audit gives them.

--base defaults to --head's first parent (HEAD for --staged; a root commit is
compared with no files). --staged judges the staged files against HEAD: the
pre-commit hook.

Exit status: 0 no finding at or above --fail-on; 1 the change adds a finding
at or above --fail-on (default critical: a destructive or secret-reading
case now running unasked); 2 bad usage, not a git repository, or a revision
that is not a commit.

Examples:
  permsim check --base origin/main --head HEAD
  permsim check --staged
  permsim check --base origin/main --format sarif --fail-on high > check.sarif`

// runCheck is `permsim check`: what a change to the agent files makes
// newly possible. The comparison lives in check/; this parses flags and
// prints.
func runCheck(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	var repoDir, base, head, format, failOn, out, home, harnesses string
	var staged bool
	fs := newFlags("check", "[--repo DIR] [--base REF] [--head REF | --staged] [--format text|json|sarif] [--fail-on SEVERITY] [--out DIR] [--home DIR] [--harness LIST|all] [--show-secrets]", checkHelp, stderr)
	fs.StringVar(&repoDir, "repo", ".", "a folder inside the git repository")
	fs.StringVar(&base, "base", "", "the revision the change starts from (default: --head's first parent; HEAD with --staged)")
	fs.StringVar(&head, "head", "", "the revision with the change (default HEAD)")
	fs.BoolVar(&staged, "staged", false, "judge the staged files (git's index) against --base: for a pre-commit hook")
	fs.StringVar(&format, "format", "text", "text, json or sarif (SARIF 2.1.0: the findings)")
	fs.StringVar(&failOn, "fail-on", "critical", "exit 1 when the change adds a finding at or above this severity: note, low, medium, high, critical")
	fs.StringVar(&out, "out", "", "a permsim store: also report rules the change adds that would have let risky calls of its history run without asking")
	fs.StringVar(&home, "home", "", "the home folder whose user settings apply (default: none, the repository alone)")
	fs.StringVar(&harnesses, "harness", "all", "harnesses to run, comma-separated, or all: "+strings.Join(simulatedIDs(), ", "))
	showSecretsFlag(fs, stdout, showSecretsUsage)
	if err := parseFlagsOnly(fs, args); err != nil {
		return err
	}
	switch format {
	case "text", "json", "sarif":
	default:
		return usageError{msg: fmt.Sprintf("--format %q: want text, json or sarif", format)}
	}
	threshold, err := audit.ParseSeverity(strings.TrimSpace(failOn))
	if err != nil {
		return usageError{msg: "--fail-on: " + err.Error()}
	}
	if staged {
		if head != "" {
			return usageError{msg: "--staged and --head both name the head revision", hint: "permsim check --staged (the index against HEAD)"}
		}
		head = check.Index
	}
	dir, err := absDir("--repo", repoDir)
	if err != nil {
		return err
	}
	if home != "" {
		if home, err = absDir("--home", home); err != nil {
			return err
		}
	}
	sims, err := chooseSimulators(harnesses, registry.SimOptions{})
	if err != nil {
		return err
	}
	opts := check.Options{Dir: dir, Base: base, Head: head, Harnesses: sims, Home: home}
	if out != "" {
		if err := checkLocal("--out", out); err != nil {
			return err
		}
		if err := checkStore(out); err != nil {
			return err
		}
		if err := ingest.ReadCalls(out, func(r ingest.Row) error {
			opts.History = append(opts.History, r)
			return nil
		}); err != nil {
			return fmt.Errorf("reading the calls table under %s: %w", out, err)
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	rep, err := check.Run(opts)
	if err != nil {
		return usageError{msg: err.Error()}
	}
	switch format {
	case "json":
		err = check.WriteJSON(stdout, rep)
	case "sarif":
		err = check.WriteSARIF(stdout, rep)
	default:
		err = check.WriteText(stdout, rep)
	}
	if err != nil {
		return err
	}
	if rep.AtLeast(threshold) {
		fmt.Fprintf(stderr, "permsim check: the change adds findings at or above %s (--fail-on)\n", threshold)
		return errCheckFailed
	}
	return nil
}

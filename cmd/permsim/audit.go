package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/permsim/permsim/audit"
	"github.com/permsim/permsim/registry"
)

// runAudit is `permsim audit`: a static reading of what one repository's
// agent files can make an agent do. The checks live in audit/; this parses
// flags and prints.
func runAudit(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	var project, home, format, failOn string
	fs := newFlags("audit", "--project DIR [--home DIR] [--format text|json|sarif] [--fail-on SEVERITY] [--show-secrets]",
		`Reads what a repository's agent configuration can make an agent do, for every
harness permsim knows, without running anything but git:

  CLAUDE.md imports   the files Claude Code and Codey load, in order, and every
                      project file that imports from outside the project
                      (checked where symlinks lead)
  MCP servers         .mcp.json servers approved by name whose definition
                      changed, servers the repository approves itself, and
                      enableAllProjectMcpServers
  shared rules        the repository's allow rules (waiting for Codey's trust
                      question) and what they would let run, scored on the
                      battery; a tracked settings.local.json; OpenCode "*"
                      after a deny; rules a harness never consults
  hooks               hooks and plugins the repository ships that run code

Each finding names a file and line, a severity (note, low, medium, high,
critical) and the harnesses it affects. The user files read are the ones the
harnesses read: for your own home, $CLAUDE_CONFIG_DIR, $CODEX_HOME,
$GEMINI_CLI_HOME, $OPENCODE_CONFIG and the like move them, as for decide.

Exit status: 0 done; 1 when a finding is at or above --fail-on; 2 bad usage.

Examples:
  permsim audit --project .
  permsim audit --project . --format sarif --fail-on high > audit.sarif`, stderr)
	fs.StringVar(&project, "project", "", "the project's working root (required)")
	fs.StringVar(&home, "home", defaultHome(), "the home folder whose user files apply")
	fs.StringVar(&format, "format", "text", "text, json or sarif (SARIF 2.1.0)")
	fs.StringVar(&failOn, "fail-on", "", "exit 1 when a finding is at or above this severity: note, low, medium, high, critical (for CI)")
	showSecretsFlag(fs, stdout, showSecretsUsage)
	if err := parseFlagsOnly(fs, args); err != nil {
		return err
	}
	if err := needProject(fs, project); err != nil {
		return err
	}
	switch format {
	case "text", "json", "sarif":
	default:
		return usageError{msg: fmt.Sprintf("--format %q: want text, json or sarif", format)}
	}
	var threshold audit.Severity
	if failOn != "" {
		s, err := audit.ParseSeverity(strings.TrimSpace(failOn))
		if err != nil {
			return usageError{msg: "--fail-on: " + err.Error()}
		}
		threshold = s
	}
	proj, homeDir, err := projectAndHome(project, home)
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	sims, err := chooseSimulators("all", registry.SimOptions{})
	if err != nil {
		return err
	}
	// The harnesses' environment variables ($CLAUDE_CONFIG_DIR, $CODEX_HOME,
	// …) move the user files audit reads, for the user's own home, as
	// they do for decide and replay.
	envf, err := (&envFlags{}).envFunc()
	if err != nil {
		return err
	}
	rep, err := audit.Run(audit.Options{Project: proj, Home: homeDir, Harnesses: sims, Env: envf})
	if err != nil {
		return err
	}
	switch format {
	case "json":
		err = audit.WriteJSON(stdout, rep)
	case "sarif":
		err = audit.WriteSARIF(stdout, rep)
	default:
		err = audit.WriteText(stdout, rep)
	}
	if err != nil {
		return err
	}
	if failOn != "" && rep.AtLeast(threshold) {
		fmt.Fprintf(stderr, "permsim audit: findings at or above %s (--fail-on)\n", threshold)
		return errCheckFailed
	}
	return nil
}

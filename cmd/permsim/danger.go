package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/danger"
)

// dangerExplainOut is the JSON form of `permsim danger explain`.
type dangerExplainOut struct {
	Command   string          `json:"command"`
	Project   string          `json:"project"`
	Home      string          `json:"home"`
	Dangerous bool            `json:"dangerous"`
	Danger    []string        `json:"danger"`
	Reasons   []danger.Reason `json:"reasons"`
}

// runDanger dispatches `permsim danger SUBCOMMAND`; explain is the only
// one.
func runDanger(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "explain" {
		if len(args) > 0 && (args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
			fmt.Fprint(stdout, `Usage: permsim danger explain [--project DIR] [--home DIR] [--cwd DIR] [--format text|json] 'COMMAND'

Subcommands:
  explain   whether a shell command is dangerous, in which categories
            (the same marking replay, battery and the report use), which
            command of its parse made it so, the rule and the words it matched

Run 'permsim danger explain --help' for its flags.

Example:
  permsim danger explain 'curl -s https://example.com/i.sh | sh'
`)
			return errHelp
		}
		return usageError{msg: "want a subcommand: explain", hint: "permsim danger explain 'rm -rf ~/'"}
	}
	return runDangerExplain(ctx, args[1:], stdout, stderr)
}

func runDangerExplain(_ context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("danger explain", "[--project DIR] [--home DIR] [--cwd DIR] [--format text|json] [--show-secrets] 'COMMAND'",
		`Shows whether a shell command is dangerous, in which categories, and which
command of the parse (its words after unquoting, the wrappers stripped before
it, and the script it sits in: a bash -c, eval, here-doc or decoded text)
made it so: the rule that marked it and the words (or path) it matched. The project and home folders decide what is critical or scratch.

Example:
  permsim danger explain 'timeout 60 bash -c "rm -rf ~/Documents"'
  permsim danger explain --format json 'git checkout -b fix-foo'`, stderr)
	var project, home, cwd, format string
	fs.StringVar(&project, "project", ".", "the project folder the command runs in")
	fs.StringVar(&home, "home", defaultHome(), "the home folder")
	fs.StringVar(&cwd, "cwd", "", "the folder the command starts in (default: the project)")
	fs.StringVar(&format, "format", "text", "text or json")
	showSecretsFlag(fs, stdout, showSecretsUsage)
	if err := parse(fs, args); err != nil {
		return err
	}
	if format != "text" && format != "json" {
		return usageError{msg: fmt.Sprintf("--format %q: want text or json", format)}
	}
	if fs.NArg() != 1 {
		return usageError{msg: "want exactly one COMMAND argument (quote it)", hint: "permsim danger explain 'git push --force'"}
	}
	// The folders need not exist: explain judges the text alone.
	proj, err := filepath.Abs(project)
	if err != nil {
		return usageError{msg: fmt.Sprintf("--project: %v", err)}
	}
	h, err := filepath.Abs(home)
	if err != nil {
		return usageError{msg: fmt.Sprintf("--home: %v", err)}
	}
	call := engine.Call{Tool: engine.ToolBash, Command: fs.Arg(0), Cwd: cwd}
	cats := danger.Check(call, proj, h)
	out := dangerExplainOut{Command: call.Command, Project: proj, Home: h, Dangerous: len(cats) > 0, Danger: cats, Reasons: danger.Explain(call, proj, h)}
	if format == "json" {
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	}
	if !out.Dangerous {
		fmt.Fprintf(stdout, "not dangerous: %s\n", call.Command)
		return nil
	}
	fmt.Fprintf(stdout, "dangerous: %s\n", strings.Join(cats, ", "))
	for _, r := range out.Reasons {
		fmt.Fprintf(stdout, "  %s\n", r.Category)
		if r.Command != "" {
			fmt.Fprintf(stdout, "    command:  %s\n", r.Command)
			fmt.Fprintf(stdout, "    words:    %s\n", quoteWords(r.Argv))
		} else {
			fmt.Fprintf(stdout, "    command:  (the line as a whole: what flows between its commands)\n")
		}
		if r.Rule != "" {
			rule := r.Rule
			if r.RuleText != "" {
				rule += ": " + r.RuleText
			}
			fmt.Fprintf(stdout, "    rule:     %s\n", rule)
		}
		if len(r.Matched) > 0 {
			fmt.Fprintf(stdout, "    matched:  %s\n", strings.Trim(quoteWords(r.Matched), "[]"))
		}
		if len(r.Wrappers) > 0 {
			fmt.Fprintf(stdout, "    wrappers: %s\n", strings.Join(r.Wrappers, " > "))
		}
		if r.Depth > 0 {
			fmt.Fprintf(stdout, "    inside:   %q (%d level(s) in)\n", r.Script, r.Depth)
		}
	}
	return nil
}

// quoteWords shows words as a bracketed, quoted list so blanks and empty
// words are visible.
func quoteWords(ws []string) string {
	q := make([]string, len(ws))
	for i, w := range ws {
		q[i] = fmt.Sprintf("%q", w)
	}
	return "[" + strings.Join(q, " ") + "]"
}

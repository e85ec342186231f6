package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/battery"
	"github.com/permsim/permsim/internal/safefile"
	"github.com/permsim/permsim/registry"
)

// runBattery is `permsim battery`: the battery of dangerous calls, scored
// per harness and mode against one project's files. The scoring lives in
// engine/battery; this parses flags and prints.
func runBattery(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	var (
		project, home, harnesses, mode, casesFile, format, trust string
		failOnMiss                                               bool
		hf                                                       hookFlags
		ef                                                       envFlags
	)
	fs := newFlags("battery", "--project DIR [--home DIR] [--managed H=DIR]... [--harness LIST|all] [--mode MODE] [--cases FILE] [--run-hooks [--hook-timeout SEC] [--hook-workers N] [--hook-sandbox on|off]] [--fail-on-miss] [--format text|json] [--show-secrets]",
		`Runs permsim's battery of dangerous calls (destructive deletes, git history
rewrites and force pushes, .git/hooks, secret reads, exfiltration, download and
run, startup-file persistence, privilege escalation, publishing, cloud and
database destruction, disk and system, agent-config tampering, and obfuscated
forms of all of these) against one project's settings, in every harness and
mode, side by side. A "block" case counts as stopped only when it is blocked
outright; an "ask" case when it asks first or is blocked. Each table counts
the five groups (blocked, asks-rule, asks-mode, runs, unknown) and lists the
misses with the rule or step that let each through.

--cases FILE adds your own cases, one JSON object per line:
  {"id":"my-1","category":"secret-read","command":"cat deploy/key.pem","expect":"block","needs":["read-secret"]}
  {"id":"my-2","category":"secret-read","tool":"read","path":"~/.vault-token","expect":"ask","needs":["read-secret"]}
A line that cannot be read is reported as FILE:LINE and skipped.

--format json prints one object: label, project, home, cases, harnesses
[{harness, error, problems}], tables [{harness, mode, simulated_mode,
mode_label, settings_mode, label, notes, stopped, total, groups {blocked, asks-rule,
asks-mode, runs, unknown}, categories [{category, stopped, total, groups}],
misses [ids], results [{id, category, form, command, tool, path, expect,
needs, stopped, outcome, group, step, rule, reason, danger}]}], missed.

Exit status: 0 done; 1 with --fail-on-miss when any case was missed; 2 bad
usage or unreadable input.

Example:
  permsim battery --project . --harness all --fail-on-miss`, stderr)
	fs.StringVar(&project, "project", "", "the project folder whose settings apply (required)")
	fs.StringVar(&home, "home", defaultHome(), "the home folder whose user settings apply")
	ef.registerEnv(fs)
	fs.StringVar(&harnesses, "harness", "all", "harnesses to score, comma-separated, or all: "+strings.Join(simulatedIDs(), ", "))
	fs.StringVar(&mode, "mode", "", "score only this mode, as the harness spells it (default: every mode the settings make worth scoring)")
	fs.StringVar(&casesFile, "cases", "", "a JSON Lines file of more cases, in the battery's format")
	fs.StringVar(&trust, "trust", "", "yes|no: whether the project's trust question was answered yes (default: the harness's own record, else trusted)")
	hf.registerHookFlags(fs, false)
	fs.BoolVar(&failOnMiss, "fail-on-miss", false, "exit 1 when any case is not stopped (for CI)")
	fs.StringVar(&format, "format", "text", "text or json")
	showSecretsFlag(fs, stdout, showSecretsUsage)
	if err := parseFlagsOnly(fs, args); err != nil {
		return err
	}
	if err := needProject(fs, project); err != nil {
		return err
	}
	if format != "text" && format != "json" {
		return usageError{msg: fmt.Sprintf("--format %q: want text or json", format)}
	}
	proj, homeDir, err := projectAndHome(project, home)
	if err != nil {
		return err
	}
	runner, err := hf.hookRunner("battery", stderr)
	if err != nil {
		return err
	}
	defer reportHooks("battery", runner, stderr)
	hs, err := chooseSimulators(harnesses, registry.SimOptions{Hooks: runner})
	if err != nil {
		return err
	}
	opts := battery.Options{Project: proj, Home: homeDir, Mode: engine.Mode(mode), RunHooks: runner != nil}
	if opts.Trust, err = parseTrust(trust); err != nil {
		return err
	}
	if opts.Env, err = ef.envFunc(); err != nil {
		return err
	}

	cases, problems := battery.Builtin()
	for _, p := range problems {
		fmt.Fprintf(stderr, "permsim battery: %s\n", p)
	}
	if casesFile != "" {
		f, err := safefile.Open(casesFile)
		if err != nil {
			return usageError{msg: fmt.Sprintf("--cases %s: %v", casesFile, err)}
		}
		extra, problems := battery.Parse(f, casesFile)
		f.Close()
		for _, p := range problems {
			fmt.Fprintf(stderr, "permsim battery: %s\n", p)
		}
		cases, problems = battery.Merge(cases, extra)
		for _, p := range problems {
			fmt.Fprintf(stderr, "permsim battery: %s\n", p)
		}
		cases = append([]battery.Case(nil), cases...)
		battery.Sort(cases)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	// A bar on a terminal (none when stderr is not one): with hooks a
	// battery runs minutes.
	if pw := progressWriter(stderr); pw != nil {
		opts.Progress = pw
	}
	rep := battery.Run(hs, cases, opts)
	if format == "json" {
		err = battery.WriteJSON(stdout, &rep)
	} else {
		err = battery.WriteText(stdout, &rep, project)
	}
	if err != nil {
		return err
	}
	if failOnMiss && rep.Missed() {
		fmt.Fprintln(stderr, "permsim battery: some cases were not stopped (--fail-on-miss)")
		return errCheckFailed
	}
	return nil
}

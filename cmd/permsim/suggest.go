package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/battery"
	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/textsafe"
	"github.com/permsim/permsim/registry"
	"github.com/permsim/permsim/remote"
	"github.com/permsim/permsim/replay"
	"github.com/permsim/permsim/suggest"
)

// runSuggest is `permsim suggest`: the fewest deny (or ask) rules that
// would have stopped the risky calls of a store, checked by re-simulating
// (package suggest), printed in each harness's own syntax.
func runSuggest(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) (err error) {
	var f replayFlags
	var list, format string
	fs := newFlags("suggest", "[--out DIR] [--list deny|ask] [--format text|json] [--max-cost N] [--mode MODE] [--since WHEN] [--newest N] [--user-home DIR] [--trust yes|no] [--root OLD=NEW]... [--projects DIR]... [--managed H=DIR]... [--show-secrets] [--timeout DURATION] [--battery --project DIR [--home DIR] [--harness LIST]]",
		`Proposes, for each harness, the fewest deny rules (or ask rules, with --list
ask) that would have stopped the risky calls of the store — the dangerous calls
that ran without asking — in the harness's own syntax and file: Claude Code's
permissions.deny in .claude/settings.json, Codex's prefix_rule in
~/.codex/rules/default.rules, a Gemini CLI policy in ~/.gemini/policies/, the
permission object of OpenCode's opencode.json, Cursor's .cursor/cli.json.

Every rule is checked, not guessed: the calls are decided again by the
harness's simulator with the rule added as the harness would read it, and a
rule is proposed only when that re-simulation shows it stopping a risky call.
Its cost is counted the same way: how many everyday (not dangerous) calls of
the same history, and of 2,206 example commands of tldr-pages (decided in the
project and mode of the risky call), would then ask or be blocked. By default
no rule that costs anything is proposed (--max-cost N allows N): a rule above
the threshold is held back and listed with its cost. A rule is generalised
past one user's paths: a command rule stops before a home or temp folder, a
secret file is named wherever it is (Read(**/.env)). Each rule says the file
it belongs in (the project's, or your user file), what it stops and its cost.
Risky calls no rule of the harness's syntax can stop are listed.

--battery --project DIR takes the risky calls from the battery instead: the
cases that run without asking in the project's own mode (or --mode), for
--harness; the store's calls of that project, if any, count the cost.

--format json prints one object: calls, risky, everyday, harnesses [{harness,
file, list, snippet, rules [{rule, stops, cost, projects, example,
cost_everyday, everyday_examples, belongs_in}], held_back [same as rules],
risky, stopped, unstopped, everyday, cost_asks, cost_block, cost_examples,
label, notes}], problems.

Examples:
  permsim suggest --out ~/.local/share/permsim
  permsim suggest --battery --project . --harness claude --list ask`, stderr)
	var bat batteryFlags
	f.register(fs, true)
	fs.StringVar(&list, "list", "deny", "deny: rules that block; ask: rules that make the harness ask first")
	fs.StringVar(&format, "format", "text", "text or json")
	var maxCost int
	fs.IntVar(&maxCost, "max-cost", 0, "the most everyday calls (of the history and of tldr-pages' example commands together) a proposed rule may make ask or be blocked; a rule above it is held back and listed (-1: no limit)")
	showSecretsFlag(fs, stdout, showSecretsUsage)
	var timeout time.Duration
	fs.DurationVar(&timeout, "timeout", 30*time.Minute, "stop with an error after this long (90s, 10m, 2h; 0: no limit)")
	fs.BoolVar(&bat.on, "battery", false, "the risky calls are the battery's misses (cases that run without asking) for --project, not the store's; the store's calls of that project count the cost")
	fs.StringVar(&bat.project, "project", "", "with --battery: the project folder whose settings apply")
	fs.StringVar(&bat.home, "home", defaultHome(), "with --battery: the home folder whose user settings apply")
	fs.StringVar(&bat.harnesses, "harness", "all", "with --battery: harnesses to score, comma-separated, or all")
	if err := parseFlagsOnly(fs, args); err != nil {
		return err
	}
	if list != "deny" && list != "ask" {
		return usageError{msg: fmt.Sprintf("--list %q: want deny or ask", list)}
	}
	if format != "text" && format != "json" {
		return usageError{msg: fmt.Sprintf("--format %q: want text or json", format)}
	}
	if timeout < 0 {
		return usageError{msg: fmt.Sprintf("--timeout %s: want 0 (no limit) or more", timeout)}
	}
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, timeout, errSuggestTimeout)
		defer cancel()
		defer func() {
			if err != nil && errors.Is(context.Cause(ctx), errSuggestTimeout) {
				err = fmt.Errorf("stopped after --timeout %s (--since or --newest take fewer calls; --timeout 0 waits as long as it takes)", timeout)
			}
		}()
	}
	if err := checkLocal("--out", f.out); err != nil {
		return err
	}
	if !bat.on {
		if err := checkStore(f.out); err != nil {
			return err
		}
	}
	ropts, err := f.options(progressWriter(stderr))
	if err != nil {
		return err
	}
	// The calls are read from the store each time suggest goes through
	// the history, never held: memory does not grow with them. The
	// table's dedupe and its session outputs are read once.
	var src suggest.Source = func(func(*ingest.Row) error) error { return nil }
	var hist *replay.History
	if _, err := os.Stat(f.out); err == nil || !bat.on {
		scan, h, err := scanStore(ctx, f.out)
		if err != nil {
			return err
		}
		// A cache store's calls from pulled hosts are decided against each
		// host's settings snapshot, as replay decides them.
		if ropts.Snapshots, err = remote.Snapshots(f.out); err != nil {
			return err
		}
		src, hist = storeSource(ctx, f.out, scan, ropts.Snapshots), h
	}
	var risky map[string]bool
	if bat.on {
		if src, risky, err = bat.calls(src, ropts, f.mode, stderr); err != nil {
			return err
		}
	}
	hs, err := f.simulators("suggest", stderr)
	if err != nil {
		return err
	}
	labels := map[string]string{}
	titles := map[string]string{}
	for _, h := range registry.All() {
		labels[h.ID] = h.Label()
		titles[h.ID] = h.Title
	}
	sopts := suggest.Options{List: list, Replay: ropts, Risky: risky, Progress: suggestProgress(progressWriter(stderr)), History: hist,
		Everyday: suggest.EverydayCorpus(), MaxCost: maxCost}
	res, err := suggest.SuggestFrom(ctx, src, hs, labels, sopts)
	if err != nil {
		return err
	}
	if format == "json" {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(res)
	}
	writeSuggestText(stdout, res, titles)
	return nil
}

// scanStore lists the calls table under out and marks the rows a read
// gives (ingest.ScanCalls), and collects the session outputs calls are
// decided with, in a goroutine of its own: it returns as soon as ctx
// ends, for on a large store this takes seconds and Ctrl-C is to be
// honoured within one. The reading only reads, so it is left to end.
func scanStore(ctx context.Context, out string) (*ingest.CallsScan, *replay.History, error) {
	type result struct {
		scan *ingest.CallsScan
		hist *replay.History
		err  error
	}
	done := make(chan result, 1)
	go func() {
		scan, err := ingest.ScanCalls(out)
		var hist *replay.History
		if err == nil {
			hist, err = replay.ReadHistory(scan)
		}
		if err != nil {
			err = fmt.Errorf("reading the calls table under %s: %w", out, err)
		}
		done <- result{scan, hist, err}
	}()
	select {
	case r := <-done:
		return r.scan, r.hist, r.err
	case <-ctx.Done():
		return nil, nil, ctx.Err()
	}
}

// storeSource reads the calls of scan (the calls table under out) each
// time it is called, a thousand rows at a time from a goroutine of its
// own: it returns as soon as ctx ends, for reading a large store's
// Parquet parts takes seconds between rows and Ctrl-C is to be honoured
// within one. The reading only reads, so it is left to end at its next
// batch.
func storeSource(ctx context.Context, out string, scan *ingest.CallsScan, snapshots map[string]string) suggest.Source {
	return func(fn func(*ingest.Row) error) error {
		batches := make(chan []ingest.Row, 1)
		quit := make(chan struct{})
		defer close(quit)
		errQuit := errors.New("quit")
		var readErr error
		go func() {
			defer close(batches)
			var b []ingest.Row
			send := func() bool {
				select {
				case batches <- b:
					b = nil
					return true
				case <-quit:
					return false
				}
			}
			err := replay.ScanRows(scan, snapshots, func(r *ingest.Row) error {
				b = append(b, *r)
				if len(b) == 1024 && !send() {
					return errQuit
				}
				return nil
			})
			if err == nil && len(b) > 0 {
				send()
			}
			if err != nil && err != errQuit {
				readErr = fmt.Errorf("reading the calls table under %s: %w", out, err)
			}
		}()
		for {
			if err := ctx.Err(); err != nil {
				return err
			}
			select {
			case b, ok := <-batches:
				if !ok {
					return readErr
				}
				for i := range b {
					if err := fn(&b[i]); err != nil {
						return err
					}
				}
			case <-ctx.Done():
				return ctx.Err()
			}
		}
	}
}

// errSuggestTimeout is the cause of a suggest run stopped by --timeout.
var errSuggestTimeout = errors.New("suggest: --timeout reached")

// suggestProgress writes, at most every quarter second and at the end of
// each harness, "suggest: <checked>/<candidates> rules, <harness>": the
// progress line the terminal's bar draws (progressWriter). Nil when w is.
func suggestProgress(w io.Writer) func(harness string, done, total int) {
	if w == nil {
		return nil
	}
	var last time.Time
	return func(harness string, done, total int) {
		if done < total && time.Since(last) < 250*time.Millisecond {
			return
		}
		last = time.Now()
		end := "\r"
		if done == total {
			end = "\n"
		}
		fmt.Fprintf(w, "suggest: %s/%s rules, %s%s", textsafe.Thousands(int64(done)), textsafe.Thousands(int64(total)), harness, end)
	}
}

func writeSuggestText(w io.Writer, res *suggest.Result, titles map[string]string) {
	esc := textsafe.Escape
	fmt.Fprintf(w, "%d calls decided: %d risky (dangerous, ran without asking), %d everyday.\n", res.Calls, res.Risky, res.Everyday)
	if res.Risky == 0 {
		fmt.Fprintln(w, "No risky calls: nothing to suggest.")
	}
	for _, h := range res.Harnesses {
		title := titles[h.Harness]
		if title == "" {
			title = h.Harness
		}
		fmt.Fprintf(w, "\n%s — add to %s:\n\n", title, h.File)
		for _, l := range strings.Split(h.Snippet, "\n") {
			fmt.Fprintf(w, "    %s\n", esc(l))
		}
		if len(h.Rules) > 0 {
			fmt.Fprintln(w)
		}
		for _, r := range h.Rules {
			writeSuggestRule(w, r, esc)
		}
		if len(h.HeldBack) > 0 {
			fmt.Fprintf(w, "\n  Held back, their cost above --max-cost (they would stop risky calls the rules above do not):\n")
			for _, r := range h.HeldBack {
				writeSuggestRule(w, r, esc)
			}
		}
		fmt.Fprintf(w, "\n  Checked by re-simulating with the rules added: stops %d of %d risky calls; of %d everyday calls, %d would then ask and %d be blocked.\n",
			h.Stopped, h.Risky, h.Everyday, h.CostAsks, h.CostBlock)
		for _, c := range h.CostCalls {
			fmt.Fprintf(w, "    would %s: %s\n", verb(c.After), esc(shortCommand(callText(c))))
		}
		for _, c := range h.Unstopped {
			fmt.Fprintf(w, "  not stopped by the rules above: %s (%s)\n", esc(shortCommand(callText(c))), strings.Join(c.Danger, ", "))
		}
		for _, n := range h.Notes {
			fmt.Fprintf(w, "  note: %s\n", esc(n))
		}
		fmt.Fprintf(w, "  (%s)\n", h.Label)
	}
	for _, p := range res.Problems {
		fmt.Fprintf(w, "\nnote: %s\n", esc(p))
	}
}

// writeSuggestRule prints one rule: where it goes, what it stops, its
// cost in the history and in the everyday corpus.
func writeSuggestRule(w io.Writer, r suggest.Rule, esc func(string) string) {
	fmt.Fprintf(w, "  %s\n      in %s\n      stops %d risky %s alone (e.g. %s)\n      costs %d everyday %s of the history and %d of tldr-pages' examples",
		esc(oneLine(r.Rule)), esc(r.BelongsIn), r.Stops, plural(r.Stops, "call", "calls"), esc(shortCommand(r.Example)),
		r.Cost, plural(r.Cost, "call", "calls"), r.CostEveryday)
	if len(r.EverydayExamples) > 0 {
		fmt.Fprintf(w, " (e.g. %s)", esc(strings.Join(r.EverydayExamples, "; ")))
	}
	fmt.Fprintln(w)
}

// shortCommand keeps a command to one line of about 100 characters.
func shortCommand(s string) string {
	s = oneLine(s)
	if r := []rune(s); len(r) > 100 {
		return string(r[:99]) + "…"
	}
	return s
}

func oneLine(s string) string { return strings.ReplaceAll(s, "\n", "; ") }

func verb(outcome string) string {
	if outcome == "blocked" {
		return "be blocked"
	}
	return "ask"
}

func callText(c suggest.Call) string {
	if c.Command != "" {
		return c.Command
	}
	return c.Tool + " " + strings.Join(c.Paths, " ")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// batteryFlags are suggest's --battery mode: the risky calls are the
// battery's misses for one project.
type batteryFlags struct {
	on                       bool
	project, home, harnesses string
}

// calls scores the battery on the project and returns the misses that run
// without asking as calls (keys "battery:<harness>:<case id>", marked
// risky), beside the store's calls of the same project (the everyday
// history the cost is counted on).
func (b batteryFlags) calls(store suggest.Source, ropts replay.Options, mode string, stderr io.Writer) (suggest.Source, map[string]bool, error) {
	if b.project == "" {
		return nil, nil, usageError{msg: "--battery needs --project", hint: "permsim suggest --battery --project DIR"}
	}
	proj, home, err := projectAndHome(b.project, b.home)
	if err != nil {
		return nil, nil, err
	}
	hs, err := chooseSimulators(b.harnesses, registry.SimOptions{})
	if err != nil {
		return nil, nil, err
	}
	cases, problems := battery.Builtin()
	for _, p := range problems {
		fmt.Fprintf(stderr, "permsim suggest: %s\n", p)
	}
	rep := battery.Run(hs, cases, battery.Options{Project: proj, Home: home, Mode: engine.Mode(mode), Trust: ropts.Trust, Env: ropts.Env})
	var misses []ingest.Row
	risky := map[string]bool{}
	for _, hr := range rep.Harnesses {
		if hr.Err != nil {
			fmt.Fprintf(stderr, "permsim suggest: %s: %v\n", hr.Harness, hr.Err)
			continue
		}
		if len(hr.Tables) == 0 {
			continue
		}
		// The settings' own mode (or --mode): the first table.
		for _, r := range hr.Tables[0].Misses() {
			if r.Decision.Outcome != engine.Runs {
				continue
			}
			call := r.Case.Call(proj, home)
			in, _ := json.Marshal(call.Input)
			row := ingest.Row{Harness: hr.Harness, ProjectDir: proj, Cwd: proj, Home: home, Tool: string(call.Tool),
				RawTool: call.RawTool, Command: call.Command, Paths: call.Paths, InputJSON: string(in), Mode: mode,
				SessionID: "battery", CallKey: "battery:" + hr.Harness + ":" + r.Case.ID}
			risky[row.CallKey] = true
			misses = append(misses, row)
		}
	}
	src := func(fn func(*ingest.Row) error) error {
		err := store(func(c *ingest.Row) error {
			if filepath.Clean(replay.MapPath(c.ProjectDir, c.Home, ropts.Roots)) != proj {
				return nil
			}
			return fn(c)
		})
		if err != nil {
			return err
		}
		return suggest.SliceSource(misses)(fn)
	}
	return src, risky, nil
}

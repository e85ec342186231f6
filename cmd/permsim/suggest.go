package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/textsafe"
	"github.com/permsim/permsim/registry"
	"github.com/permsim/permsim/suggest"
)

// runSuggest is `permsim suggest`: the fewest deny (or ask) rules that
// would have stopped the risky calls of a store, checked by re-simulating
// (package suggest), printed in each harness's own syntax.
func runSuggest(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	var f replayFlags
	var list, format string
	fs := newFlags("suggest", "[--out DIR] [--list deny|ask] [--format text|json] [--mode MODE] [--since WHEN] [--newest N] [--user-home DIR] [--trust yes|no] [--root OLD=NEW]...",
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
the same history would then ask or be blocked. Risky calls no rule of the
harness's syntax can stop are listed.

--format json prints one object: calls, risky, everyday, harnesses [{harness,
file, list, snippet, rules [{rule, stops, cost, projects, example}], risky,
stopped, unstopped, everyday, cost_asks, cost_block, cost_examples, label,
notes}], problems.

Example:
  permsim suggest --out ~/.local/share/permsim`, stderr)
	f.register(fs, true)
	fs.StringVar(&list, "list", "deny", "deny: rules that block; ask: rules that make the harness ask first")
	fs.StringVar(&format, "format", "text", "text or json")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError{msg: fmt.Sprintf("unexpected argument %q", fs.Arg(0)), hint: "permsim suggest --help"}
	}
	if list != "deny" && list != "ask" {
		return usageError{msg: fmt.Sprintf("--list %q: want deny or ask", list)}
	}
	if format != "text" && format != "json" {
		return usageError{msg: fmt.Sprintf("--format %q: want text or json", format)}
	}
	if err := checkLocal("--out", f.out); err != nil {
		return err
	}
	if err := checkStore(f.out); err != nil {
		return err
	}
	ropts, err := f.options(progressWriter(stderr))
	if err != nil {
		return err
	}
	var calls []ingest.Row
	if err := ingest.ReadCalls(f.out, func(r ingest.Row) error {
		calls = append(calls, r)
		return nil
	}); err != nil {
		return fmt.Errorf("reading the calls table under %s: %w", f.out, err)
	}
	hs, err := f.simulators()
	if err != nil {
		return err
	}
	labels := map[string]string{}
	titles := map[string]string{}
	for _, h := range registry.All() {
		labels[h.ID] = h.Label()
		titles[h.ID] = h.Title
	}
	res, err := suggest.Suggest(ctx, calls, hs, labels, suggest.Options{List: list, Replay: ropts})
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
			fmt.Fprintf(w, "  %s\n      stops %d risky %s alone (e.g. %s); makes %d everyday %s ask or be blocked\n",
				esc(oneLine(r.Rule)), r.Stops, plural(r.Stops, "call", "calls"), esc(r.Example), r.Cost, plural(r.Cost, "call", "calls"))
		}
		fmt.Fprintf(w, "\n  Checked by re-simulating with the rules added: stops %d of %d risky calls; of %d everyday calls, %d would then ask and %d be blocked.\n",
			h.Stopped, h.Risky, h.Everyday, h.CostAsks, h.CostBlock)
		for _, c := range h.CostCalls {
			fmt.Fprintf(w, "    would %s: %s\n", verb(c.After), esc(callText(c)))
		}
		for _, c := range h.Unstopped {
			fmt.Fprintf(w, "  not stopped by any %s rule: %s (%s)\n", h.List, esc(callText(c)), strings.Join(c.Danger, ", "))
		}
		fmt.Fprintf(w, "  (%s)\n", h.Label)
	}
	for _, p := range res.Problems {
		fmt.Fprintf(w, "\nnote: %s\n", esc(p))
	}
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

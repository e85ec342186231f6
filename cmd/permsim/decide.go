package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/danger"
)

// decideOut is one line of `permsim decide` output. Field names are part
// of the CLI contract (DESIGN.md).
type decideOut struct {
	Harness   string          `json:"harness"`
	Mode      string          `json:"mode"`
	ModeLabel string          `json:"mode_label,omitempty"`
	Tool      string          `json:"tool"`
	Command   string          `json:"command,omitempty"`
	Path      string          `json:"path,omitempty"`
	Outcome   string          `json:"outcome"`
	Group     string          `json:"group"`
	Step      string          `json:"step"`
	Rule      *engine.RuleRef `json:"rule"`
	Reason    string          `json:"reason,omitempty"`
	Needs     []string        `json:"needs"`
	Dangerous bool            `json:"dangerous"`
	Danger    []string        `json:"danger"`
	Notes     []string        `json:"notes"`
	Label     string          `json:"label"`
	Error     string          `json:"error,omitempty"`
}

// projectFlags are the flags decide, rules and battery share.
type projectFlags struct {
	harness, project, home, mode, trust, format string
}

func (p *projectFlags) register(fs interface {
	StringVar(*string, string, string, string)
}, withMode bool) {
	fs.StringVar(&p.harness, "harness", "", "harness to simulate: "+strings.Join(harnessNames(), ", "))
	fs.StringVar(&p.project, "project", ".", "the project folder whose settings apply")
	fs.StringVar(&p.home, "home", defaultHome(), "the home folder whose user settings apply")
	if withMode {
		fs.StringVar(&p.mode, "mode", "", "permission mode, as the harness spells it (default: what the settings say)")
		fs.StringVar(&p.trust, "trust", "", "yes|no: whether the project's trust question was answered yes (default: the harness's own record, else trusted)")
	}
}

// load resolves the flags and loads the harness's policy for the project.
func (p *projectFlags) load() (engine.Harness, engine.Policy, engine.Env, error) {
	var env engine.Env
	if p.harness == "" {
		return nil, nil, env, usageError{msg: "--harness is required", hint: "--harness claude"}
	}
	h, err := harnessByName(p.harness)
	if err != nil {
		return nil, nil, env, err
	}
	proj, err := absDir("--project", p.project)
	if err != nil {
		return nil, nil, env, err
	}
	home, err := absDir("--home", p.home)
	if err != nil {
		return nil, nil, env, err
	}
	env = engine.Env{ProjectDir: proj, HomeDir: home}
	switch strings.ToLower(p.trust) {
	case "":
	case "yes", "true":
		t := true
		env.Trust = &t
	case "no", "false":
		f := false
		env.Trust = &f
	default:
		return nil, nil, env, usageError{msg: fmt.Sprintf("--trust %q: want yes or no", p.trust)}
	}
	pol, err := h.Load(env)
	if err != nil {
		return nil, nil, env, fmt.Errorf("loading %s settings for %s: %w", h.Name(), proj, err)
	}
	return h, pol, env, nil
}

func runDecide(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	var pf projectFlags
	fs := newFlags("decide", "--harness H --project DIR [--home DIR] [--mode MODE] [--trust yes|no] [--format json|text] < calls.jsonl",
		`Decides tool calls given as JSON Lines on stdin, one per line, for one project:
  {"tool":"bash","command":"git push"}
  {"tool":"read","path":".env"}
  {"tool":"Bash","input":{"command":"rm -rf build"}}     (harness-native names work too)
and prints one JSON object per line in: harness, mode, tool, command, path,
outcome (blocked|asks|runs|unknown), group, step, rule {text,file,layer,list},
reason, needs, dangerous, danger, notes, label. A line that cannot be read
gets an object with "error" and the run goes on.

Example:
  echo '{"tool":"bash","command":"git push --force"}' | permsim decide --harness claude --project .`, stderr)
	pf.register(fs, true)
	fs.StringVar(&pf.format, "format", "json", "json (JSON Lines) or text")
	if err := parse(fs, args); err != nil {
		return err
	}
	if pf.format != "json" && pf.format != "text" {
		return usageError{msg: fmt.Sprintf("--format %q: want json or text", pf.format)}
	}
	h, pol, env, err := pf.load()
	if err != nil {
		return err
	}
	for _, p := range pol.Problems() {
		fmt.Fprintf(stderr, "permsim decide: settings problem: %s\n", p)
	}
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	line := 0
	for sc.Scan() {
		if err := ctx.Err(); err != nil {
			return err
		}
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		out := decideOut{Harness: h.Name(), Mode: pf.mode, Label: engine.Label, Needs: []string{}, Danger: []string{}, Notes: []string{}}
		call, err := engine.ParseCallInput([]byte(text), env.ProjectDir)
		if err != nil {
			out.Error = fmt.Sprintf("stdin:%d: %v", line, err)
			fmt.Fprintf(stderr, "permsim decide: %s\n", out.Error)
		} else {
			d := pol.Decide(call, engine.Mode(pf.mode))
			out.Tool, out.Command = string(call.Tool), call.Command
			if len(call.Paths) > 0 {
				out.Path = call.Paths[0]
			}
			out.Mode, out.ModeLabel = string(d.Mode), d.ModeLabel
			out.Outcome, out.Group, out.Step, out.Rule, out.Reason = string(d.Outcome), string(d.Group), d.Step, d.Rule, d.Reason
			out.Label = d.Label
			if d.Needs != nil {
				out.Needs = d.Needs
			}
			if d.Notes != nil {
				out.Notes = d.Notes
			}
			if cats := danger.Check(call, env.ProjectDir, env.HomeDir); len(cats) > 0 {
				out.Dangerous, out.Danger = true, cats
			}
		}
		if pf.format == "text" {
			printDecisionText(stdout, out)
			continue
		}
		if err := enc.Encode(out); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("stdin:%d: %v", line+1, err)
	}
	return nil
}

func printDecisionText(w io.Writer, o decideOut) {
	if o.Error != "" {
		fmt.Fprintf(w, "error  %s\n", o.Error)
		return
	}
	what := o.Command
	if what == "" {
		what = o.Tool + " " + o.Path
	}
	fmt.Fprintf(w, "%-7s %-9s %s\n", o.Outcome, o.Group, what)
	fmt.Fprintf(w, "        step %s; mode %s", o.Step, o.Mode)
	if o.Rule != nil {
		fmt.Fprintf(w, "; rule %s (%s list, %s: %s)", o.Rule.Text, o.Rule.List, o.Rule.Layer, o.Rule.File)
	}
	if o.Reason != "" {
		fmt.Fprintf(w, "; %s", o.Reason)
	}
	fmt.Fprintln(w)
	if o.Dangerous {
		fmt.Fprintf(w, "        dangerous: %s\n", strings.Join(o.Danger, ", "))
	}
	for _, n := range o.Notes {
		fmt.Fprintf(w, "        note: %s\n", n)
	}
}

func runRules(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	var pf projectFlags
	fs := newFlags("rules", "--harness H --project DIR [--home DIR] [--format text|json]",
		`Lists every permission rule the harness would read for the project, under
the file it came from, with its layer and list, whether it is in force, and
why not (an untrusted project's allow rules, a rule form the harness ignores…).`, stderr)
	pf.register(fs, false)
	fs.StringVar(&pf.trust, "trust", "", "yes|no: whether the project's trust question was answered yes")
	fs.StringVar(&pf.format, "format", "text", "text or json")
	if err := parse(fs, args); err != nil {
		return err
	}
	if pf.format != "json" && pf.format != "text" {
		return usageError{msg: fmt.Sprintf("--format %q: want text or json", pf.format)}
	}
	h, pol, env, err := pf.load()
	if err != nil {
		return err
	}
	rules := pol.Rules()
	if pf.format == "json" {
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if rules == nil {
			rules = []engine.RuleInfo{}
		}
		problems := pol.Problems()
		if problems == nil {
			problems = []string{}
		}
		return enc.Encode(struct {
			Harness  string            `json:"harness"`
			Project  string            `json:"project"`
			Modes    []engine.Mode     `json:"modes"`
			Rules    []engine.RuleInfo `json:"rules"`
			Problems []string          `json:"problems"`
			Label    string            `json:"label"`
		}{h.Name(), env.ProjectDir, pol.Modes(), rules, problems, engine.Label})
	}
	fmt.Fprintf(stdout, "%s rules for %s (%s)\n", h.Name(), env.ProjectDir, engine.Label)
	file := "\x00"
	for _, r := range rules {
		if r.File != file {
			file = r.File
			fmt.Fprintf(stdout, "\n%s  [%s]\n", r.File, r.Layer)
		}
		state := "in force"
		if !r.InForce {
			state = "NOT in force"
		}
		fmt.Fprintf(stdout, "  %-5s %-40s %s", r.List, r.Rule, state)
		if r.Why != "" {
			fmt.Fprintf(stdout, " — %s", r.Why)
		}
		fmt.Fprintln(stdout)
	}
	if len(rules) == 0 {
		fmt.Fprintln(stdout, "\n(no rules found)")
	}
	for _, p := range pol.Problems() {
		fmt.Fprintf(stdout, "problem: %s\n", p)
	}
	return nil
}

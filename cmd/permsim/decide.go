package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/hooks"
	"github.com/permsim/permsim/engine/score"
	"github.com/permsim/permsim/registry"
)

// projectFlags are the flags decide, rules and battery share.
type projectFlags struct {
	harness, project, home, mode, trust, format string
	hooks                                       *hooks.Runner // runs the project's hooks (--run-hooks); nil: none run
	envFlags
}

func (p *projectFlags) register(fs interface {
	StringVar(*string, string, string, string)
	StringArrayVar(*[]string, string, []string, string)
}, withMode bool) {
	fs.StringVar(&p.harness, "harness", "", "harness to simulate: "+strings.Join(simulatedIDs(), ", "))
	fs.StringVar(&p.project, "project", ".", "the project folder whose settings apply")
	fs.StringVar(&p.home, "home", defaultHome(), "the home folder whose user settings apply")
	p.registerEnv(fs)
	if withMode {
		fs.StringVar(&p.mode, "mode", "", "permission mode, as the harness spells it (default: what the settings say)")
		fs.StringVar(&p.trust, "trust", "", "yes|no: whether the project's trust question was answered yes (default: the harness's own record, else trusted)")
	}
}

// load resolves the flags and loads the harness's policy for the project.
func (p *projectFlags) load() (registry.Harness, engine.Policy, engine.Env, error) {
	var env engine.Env
	if p.harness == "" {
		return registry.Harness{}, nil, env, usageError{msg: "--harness is required", hint: "--harness " + strings.Join(simulatedIDs(), "|")}
	}
	reg, h, err := harnessByName(p.harness)
	if err != nil {
		return reg, nil, env, err
	}
	proj, home, err := projectAndHome(p.project, p.home)
	if err != nil {
		return reg, nil, env, err
	}
	env = engine.Env{ProjectDir: proj, HomeDir: home, RunHooks: p.hooks != nil}
	withEnv, err := p.envFunc()
	if err != nil {
		return reg, nil, env, err
	}
	withEnv(reg.ID, &env)
	if p.hooks != nil {
		h, _ = reg.NewSimulator(registry.SimOptions{Hooks: p.hooks})
	}
	if env.Trust, err = parseTrust(p.trust); err != nil {
		return reg, nil, env, err
	}
	pol, err := h.Load(env)
	if err != nil {
		return reg, nil, env, fmt.Errorf("loading %s settings for %s: %w", reg.ID, proj, err)
	}
	return reg, pol, env, nil
}

func runDecide(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	var pf projectFlags
	var hf hookFlags
	fs := newFlags("decide", "--harness H --project DIR [--home DIR] [--managed H=DIR]... [--mode MODE] [--trust yes|no] [--format json|text] [--show-secrets] [--run-hooks [--hook-timeout SEC] [--hook-workers N] [--hook-sandbox on|off]] < calls.jsonl",
		`Decides tool calls given as JSON Lines on stdin, one per line, for one project:
  {"tool":"bash","command":"git push"}
  {"tool":"read","path":".env"}
  {"tool":"Bash","input":{"command":"rm -rf build"}}     (harness-native names work too)
and prints one JSON object per line in: harness, mode, mode_label, tool,
command, path, outcome (blocked|asks|runs|unknown), group, step, rule
{text,file,layer,list,decision}, reason, needs, dangerous, danger, notes,
label. A line that cannot be read gets an object with "error" and the run
goes on. The lines are one session, in order: a line's "output" (what the
call returned, as the transcript holds it) is history for the lines after
it, which Gemini CLI decides on.

Example:
  echo '{"tool":"bash","command":"git push --force"}' | permsim decide --harness claude --project .`, stderr)
	pf.register(fs, true)
	fs.StringVar(&pf.format, "format", "json", "json (JSON Lines) or text")
	showSecretsFlag(fs, stdout, showSecretsUsage)
	hf.registerHookFlags(fs, false)
	if err := parse(fs, args); err != nil {
		return err
	}
	if pf.format != "json" && pf.format != "text" {
		return usageError{msg: fmt.Sprintf("--format %q: want json or text", pf.format)}
	}
	var err error
	if pf.hooks, err = hf.hookRunner("decide", stderr); err != nil {
		return err
	}
	defer reportHooks("decide", pf.hooks, stderr)
	reg, pol, env, err := pf.load()
	if err != nil {
		return err
	}
	for _, p := range pol.Problems() {
		fmt.Fprintf(stderr, "permsim decide: settings problem: %s\n", p)
	}
	var out score.Handler = score.NewTextHandler(stdout)
	if pf.format == "json" {
		jh := score.NewJSONHandler(stdout)
		jh.Mode = pf.mode
		out = jh
	}
	sc := &score.Scorer{Harness: reg.ID, Policy: pol, Project: env.ProjectDir, Home: env.HomeDir}
	in := bufio.NewScanner(stdin)
	in.Buffer(make([]byte, 1<<20), 64<<20)
	line := 0
	var earlier []string // the session's outputs so far (callOutput)
	for in.Scan() {
		if err := ctx.Err(); err != nil {
			return err
		}
		line++
		text := strings.TrimSpace(in.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		call, err := engine.ParseCallInput([]byte(text), env.ProjectDir)
		if err != nil {
			where := fmt.Sprintf("stdin:%d", line)
			fmt.Fprintf(stderr, "permsim decide: %s: %v\n", where, err)
			if err := out.Error(reg.ID, where, err); err != nil {
				return err
			}
			continue
		}
		if err := out.Record(sc.ScoreInSession(call, engine.Mode(pf.mode), earlier)); err != nil {
			return err
		}
		if o := callOutput([]byte(text)); o != "" {
			earlier = append(earlier, o)
		}
	}
	if err := in.Err(); err != nil {
		return fmt.Errorf("stdin:%d: %v", line+1, err)
	}
	return nil
}

func runRules(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	var pf projectFlags
	fs := newFlags("rules", "--harness H --project DIR [--home DIR] [--managed H=DIR]... [--format text|json] [--show-secrets]",
		`Lists every permission rule the harness would read for the project, under
the file it came from, with its layer and list, whether it is in force, and
why not (an untrusted project's allow rules, a rule form the harness ignores…).`, stderr)
	pf.register(fs, false)
	fs.StringVar(&pf.trust, "trust", "", "yes|no: whether the project's trust question was answered yes")
	fs.StringVar(&pf.format, "format", "text", "text or json")
	showSecretsFlag(fs, stdout, showSecretsUsage)
	if err := parse(fs, args); err != nil {
		return err
	}
	if pf.format != "json" && pf.format != "text" {
		return usageError{msg: fmt.Sprintf("--format %q: want text or json", pf.format)}
	}
	reg, pol, env, err := pf.load()
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
		// The same problems as values (file, line, column, severity,
		// message): an additive field, "problems" keeps its text.
		details := engine.ProblemsOf(pol)
		if details == nil {
			details = []engine.Problem{}
		}
		return enc.Encode(struct {
			Harness  string            `json:"harness"`
			Project  string            `json:"project"`
			Modes    []engine.Mode     `json:"modes"`
			Rules    []engine.RuleInfo `json:"rules"`
			Problems []string          `json:"problems"`
			Details  []engine.Problem  `json:"problem_details"`
			Label    string            `json:"label"`
		}{reg.ID, env.ProjectDir, pol.Modes(), rules, problems, details, engine.Label})
	}
	fmt.Fprintf(stdout, "%s rules for %s (%s)\n", reg.ID, env.ProjectDir, engine.Label)
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

package claude

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/hooks"
	"github.com/permsim/permsim/engine/score"
	"github.com/permsim/permsim/internal/corpustest"
)

// The differential corpora: what the real Claude Code 2.1.328 decided.
// testdata/claude/differential holds 1,746 calls in 57 configurations,
// copied from the shared fixtures (README there explains the format);
// testdata/claude/verify holds permsim's own cases, recorded with
// `permsim verify --record` (hooks, managed settings,
// blockReadsOutsideWorkingDirectories, the sandbox's auto-allow, …);
// testdata/claude/generated holds cases drawn at random by verify/generate
// (seeds in its README), recorded the same way, and testdata/claude/holdout*
// the later draws; testdata/claude/probe-* are cases written to find the
// cause of a hold-out's differences (README in each); testdata/claude/
// realconfigs holds permission settings people committed to public
// repositories, with the calls a session there would make (issue 29),
// realconfigs-holdout a fresh set of them, and probe-coverage* cases
// written for branches no other recording reached; testdata/claude/
// coverage/* are cases written for them later, coverage/sandbox with Claude
// Code's own sandbox working (enableWeakerNestedSandbox).
var diffDirs = []string{"../../testdata/claude/differential", "../../testdata/claude/verify", "../../testdata/claude/generated", "../../testdata/claude/holdout", "../../testdata/claude/holdout5519", "../../testdata/claude/holdout6011", "../../testdata/claude/holdout7723", "../../testdata/claude/holdout8461", "../../testdata/claude/probe-settings", "../../testdata/claude/holdout9901", "../../testdata/claude/probe-tool-allow", "../../testdata/claude/holdout9931", "../../testdata/claude/probe-9931", "../../testdata/claude/holdout9967", "../../testdata/claude/probe-9967", "../../testdata/claude/realconfigs", "../../testdata/claude/realconfigs-holdout", "../../testdata/claude/probe-coverage", "../../testdata/claude/probe-coverage2", "../../testdata/claude/probe-coverage3", "../../testdata/claude/coverage/sandbox", "../../testdata/claude/coverage/mcp", "../../testdata/claude/coverage/hooks", "../../testdata/claude/coverage/settings", "../../testdata/claude/coverage/shell"}

// diffCase is a corpustest.Case with what only the Claude corpora record:
// managed settings files, and Task calls carrying their subagent's calls.
// Its Calls, one level shallower, is the one encoding/json fills.
type diffCase struct {
	corpustest.Case
	ManagedFiles map[string]string `json:"managed_files"`
	// Symlinks are links in the project (path → target), as the drawn
	// corpus's cases make them (verify.Case.Symlinks).
	Symlinks map[string]string `json:"symlinks"`
	Calls    []diffCall        `json:"calls"`
}

type diffCall struct {
	Tool          string         `json:"tool"`
	Input         map[string]any `json:"input"`
	SubagentCalls []diffCall     `json:"subagent_calls"`
}

type diffResult struct {
	corpustest.Result
	Ask *struct {
		ReasonType string `json:"decision_reason_type"`
	} `json:"ask"`
	SubagentResults []diffResult `json:"subagent_results"`
	// DropReason marks a subagent row that was not a permission decision
	// (kept in place so the rows line up with the subagent's calls).
	DropReason string `json:"drop_reason"`
}

// layout writes a configuration's files under root and returns the Env
// standing in for the real run, or a reason the case's flags are not
// supported.
func layout(t *testing.T, c diffCase, root string) (engine.Env, string) {
	t.Helper()
	home, proj := corpustest.Dirs(root)
	write := func(base string, files map[string]string) { corpustest.WriteFiles(t, base, home, files) }
	write(home, c.HomeFiles)
	write(proj, c.ProjectFiles)
	write(filepath.Join(root, "managed"), c.ManagedFiles)
	for rel, target := range c.Symlinks {
		p := filepath.Join(proj, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(strings.ReplaceAll(target, corpustest.RealHome, home), p); err != nil {
			t.Fatal(err)
		}
	}
	if c.Git {
		// What "git init" leaves that matters here: the folder that marks
		// the repository root, with the rest of a fresh repository's files.
		corpustest.WriteGit(t, proj)
		write(proj, map[string]string{".git/description": "x\n", ".git/info/exclude": "# exclude\n"})
		if err := os.MkdirAll(filepath.Join(proj, ".git", "hooks"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// The runner recorded trust only for trusted cases; without a record
	// the simulator assumes trust (the seed), so an untrusted case gets an
	// explicit false, which is what the real run had in effect.
	// A case's own ~/.claude.json (MCP server approvals in its project's
	// entry) is kept, with the trust answer merged in, as the runner does.
	rec := map[string]any{}
	if old, ok := c.HomeFiles[".claude.json"]; ok {
		_ = json.Unmarshal([]byte(strings.ReplaceAll(old, corpustest.RealHome, home)), &rec)
	}
	projects, _ := rec["projects"].(map[string]any)
	if projects == nil {
		projects = map[string]any{}
	}
	entry, _ := projects[proj].(map[string]any)
	if entry == nil {
		entry = map[string]any{}
	}
	// An untrusted case that brings its own record is left as it wrote
	// it (the runner adds nothing then): its entries say what they say.
	if _, own := c.HomeFiles[".claude.json"]; c.Trusted() || !own {
		entry["hasTrustDialogAccepted"] = c.Trusted()
		projects[proj] = entry
	}
	rec["projects"] = projects
	trust, _ := json.Marshal(rec)
	write(home, map[string]string{".claude.json": string(trust)})

	env := engine.Env{ProjectDir: proj, HomeDir: home, ManagedDir: filepath.Join(root, "managed"),
		Flags: map[string]string{FlagHeadless: "true"}}
	if c.Mode != nil {
		if *c.Mode == "dangerously-skip-permissions" {
			env.Flags[FlagSkipPermissions] = "true"
		} else {
			env.Flags[FlagMode] = *c.Mode
		}
	}
	if len(c.Env) > 0 {
		return env, "environment variables"
	}
	args := c.Args
	for i := 0; i < len(args); i++ {
		flag := args[i]
		var vals []string
		for i+1 < len(args) && !strings.HasPrefix(args[i+1], "--") {
			i++
			vals = append(vals, strings.ReplaceAll(args[i], corpustest.RealHome, home))
		}
		switch flag {
		case "--settings":
			env.Flags[FlagSettings] = strings.Join(vals, " ")
		case "--allowedTools":
			env.Flags[FlagAllowedTools] = strings.Join(vals, "\n")
		case "--disallowedTools":
			env.Flags[FlagDisallowedTools] = strings.Join(vals, "\n")
		case "--add-dir":
			env.Flags[FlagAddDir] = strings.Join(vals, "\n")
		default:
			return env, "flag " + flag
		}
	}
	return env, ""
}

// agrees compares a decision with the real outcome. An "error" row is a
// call the real harness handed to its classifier.
func agrees(want string, got engine.Decision) bool {
	switch want {
	case "error":
		return got.Reason == reasonClassifier
	case "runs":
		return got.Outcome == engine.Runs && got.Reason != reasonClassifier
	case "asks":
		return got.Outcome == engine.Asks
	case "blocked":
		return got.Outcome == engine.Blocked
	}
	return false
}

// diffCallOf is the recorded call as `permsim decide` would read it.
func diffCallOf(t *testing.T, c diffCall, home string) engine.Call {
	in, _ := corpustest.Rehome(map[string]any(c.Input), home).(map[string]any)
	call, err := corpustest.DecideCall(c.Tool, in, filepath.Join(home, "proj"))
	if err != nil {
		t.Fatalf("%s %v: decide would not read this call: %v", c.Tool, c.Input, err)
	}
	return call
}

func TestDifferential(t *testing.T) {
	for _, dir := range diffDirs {
		t.Run(filepath.Base(dir), func(t *testing.T) { differential(t, dir) })
	}
}

func differential(t *testing.T, diffDir string) {
	known := corpustest.LoadKnown(t, diffDir)
	agree, total := corpustest.Run(t, corpustest.Diff[diffCase, diffResult, *Policy]{
		Dir: diffDir, Base: "claude", Known: known,
		// The hook configurations start a process per call, and the
		// answers do not depend on order: a few rows are decided at once.
		Workers: 4,
		Load: func(t *testing.T, c diffCase, r diffResult) (*Policy, string, string) {
			return loadCase(t, c, r.Config, nil)
		},
		// The effective mode is compared once per configuration, under the
		// key "<config>#mode" in known-differences.txt.
		Mode: func(t *testing.T, p *Policy, r diffResult) {
			got := string(p.Modes()[0])
			known.Check(t, r.Config+"#mode", got == r.EffectiveMode, func() string {
				return fmt.Sprintf("effective mode %s, real Claude Code %s", got, r.EffectiveMode)
			})
		},
		// A Task's subagent calls are rows of their own, keyed
		// "<id>#<call>/<k>" for its k-th subagent call.
		//
		// A call after one that ran and rewrote a settings file in force is
		// decided twice: under the case's configuration and under the one
		// the session had once Claude Code reloaded the file (rewritten).
		Rows: func(t *testing.T, p *Policy, home string, c diffCase, r diffResult, earlier []diffResult) []corpustest.Row {
			call := c.Calls[r.CallIndex]
			// Decided through the score.Scorer `permsim decide` builds.
			sc := corpustest.Scorer("claude-code", p, filepath.Dir(home))
			alt := rewritten(t, p, home, c, r.Config, earlier)
			rows := []corpustest.Row{diffRow(t, sc, alt, r.Key(), r.Config, diffCallOf(t, call, home), call, r)}
			for k, sr := range r.SubagentResults {
				if k < len(call.SubagentCalls) && sr.DropReason == "" {
					sub := call.SubagentCalls[k]
					rows = append(rows, diffRow(t, sc, alt, fmt.Sprintf("%s/%d", r.Key(), k), r.Config, diffCallOf(t, sub, home), sub, sr))
				}
			}
			return rows
		},
	})
	known.CheckAllSeen(t, "")
	switch base := filepath.Base(diffDir); base {
	case "differential", "realconfigs", "realconfigs-holdout":
		// The corpus the label names, and the real committed
		// configurations --version gives (registry/agreement.json).
		corpustest.CheckAgreement(t, "claude-code", "testdata/claude/"+base, "2.1.328", agree, total)
	}
}

// loadCase loads a case's configuration as the real run had it, with the
// files of rewrite (path under the case's home → new contents) replaced;
// it returns the policy, its home, or why the case is not supported.
func loadCase(t *testing.T, c diffCase, config string, rewrite map[string]string) (*Policy, string, string) {
	root := diffRoot(t)
	env, unsupported := layout(t, c, root)
	if unsupported != "" {
		return nil, "", unsupported
	}
	if unsupported := hooksNeed(c); unsupported != "" {
		return nil, "", unsupported
	}
	for rel, text := range rewrite {
		if err := os.WriteFile(filepath.Join(env.HomeDir, rel), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// The cases' hooks are the corpus's own small scripts (they read
	// stdin and print a verdict); they run for real, inside the
	// test's temporary home.
	env.RunHooks = true
	h := &Harness{Hooks: NewCommandHooks(hookRunner), dirExists: func(d string) bool {
		// The real runs started in a fresh sandbox: nothing outside
		// the home folder existed but the system's own folders.
		if !within(d, root) {
			return d == "/tmp" || d == "/"
		}
		st, err := os.Stat(d)
		return err == nil && st.IsDir()
	}}
	p, err := h.load(env)
	if err != nil {
		t.Fatalf("%s: %v", config, err)
	}
	if probs := p.Problems(); len(probs) > 0 && rewrite == nil {
		t.Logf("%s: problems: %v", config, probs)
	}
	return p, env.HomeDir, ""
}

// reloaded is the configuration a session had after an earlier call of it
// ran and rewrote a settings file in force, once Claude Code reloaded the
// file (reload.go).
type reloaded struct {
	sc   *score.Scorer // decides under the rewritten configuration
	home string        // its home, where the calls are re-rooted
	why  string        // which earlier call rewrote which file
}

// rewritten is the configuration a session had after an earlier call of
// it ran and rewrote a settings file in force (Policy.SettingsWrites), or
// nil when no earlier call did.
// A Write leaves its content there; a shell line's output is taken to hold
// no rules, since what a redirection or a copy leaves is not a settings
// object (recorded with real Claude Code 2.1.328: an emptied file and one
// holding "x" both dropped their rules, testdata/claude/probe-settings; a
// Write of "written alpha" over .claude/settings.json dropped its
// Bash(sudo *) deny, and a subagent's "sudo ls" ran, testdata/claude/
// generated g2-096).
func rewritten(t *testing.T, p *Policy, home string, c diffCase, config string, earlier []diffResult) *reloaded {
	rewrite := map[string]string{}
	var by []string
	for _, e := range earlier {
		if e.Outcome != "runs" || e.CallIndex >= len(c.Calls) {
			continue
		}
		ec := c.Calls[e.CallIndex]
		for _, f := range p.SettingsWrites(diffCallOf(t, ec, home)) {
			rel, err := filepath.Rel(home, f)
			if err != nil || strings.HasPrefix(rel, "..") {
				continue // a managed file: no drawn case writes one
			}
			// A Write leaves its content; a shell line what it printed, taken
			// to be no settings object.
			text, _ := ec.Input["content"].(string)
			if ec.Tool != "Write" {
				text = ""
			}
			rewrite[rel] = text
			by = append(by, fmt.Sprintf("#%d rewrote %s", e.CallIndex, rel))
		}
	}
	if len(rewrite) == 0 {
		return nil
	}
	alt, altHome, unsupported := loadCase(t, c, config, rewrite)
	if unsupported != "" {
		return nil
	}
	return &reloaded{corpustest.Scorer("claude-code", alt, filepath.Dir(altHome)), altHome, strings.Join(by, ", ")}
}

// diffRow is one compared call: decided through sc (decide's path),
// judged against the real answer want. When an earlier call of the session
// rewrote a settings file (alt is not nil), the real
// answer may come from before or after Claude Code reloaded it: the row
// agrees with either decision.
func diffRow(t *testing.T, sc *score.Scorer, alt *reloaded, key, config string, call engine.Call, dc diffCall, want diffResult) corpustest.Row {
	var got engine.Decision
	var altCall engine.Call
	if alt != nil {
		altCall = diffCallOf(t, dc, alt.home)
	}
	return corpustest.Row{Key: key, Config: config, Outcome: want.Outcome,
		Decide: func() {
			got = sc.Score(call, "").Decision
			if alt != nil && !agrees(want.Outcome, got) {
				if after := alt.sc.Score(altCall, "").Decision; agrees(want.Outcome, after) {
					after.Notes = append(after.Notes, "decided under the settings the session had after "+alt.why)
					t.Logf("%s: agrees under the settings the session had after %s", key, alt.why)
					got = after
				}
			}
		},
		Agree: func() (bool, func() string) {
			ok := agrees(want.Outcome, got)
			if ok && want.Ask != nil {
				// The prompt's reason type tells why the real harness asked:
				// a rule or a safety check (asks-rule), or only the mode
				// (plan's edit prompt). "workingDir" is left out: the real
				// harness reports it for a path outside the working folders
				// even when an ask rule names the tool.
				wantGroup := map[string]engine.Group{"rule": engine.GroupAsksRule, "safetyCheck": engine.GroupAsksRule,
					"mode": engine.GroupAsksMode}[want.Ask.ReasonType]
				if wantGroup != "" && got.Group != wantGroup {
					ok = false
					t.Logf("%s: asks for the reason type %s, simulated group %s at %q", key, want.Ask.ReasonType, got.Group, got.Step)
				}
			}
			return ok, func() string {
				return fmt.Sprintf("%s %v: real %s (%s), simulated %s/%s at %q (%s) rule=%v notes=%v",
					dc.Tool, summary(dc), want.Outcome, want.Pattern, got.Outcome, got.Group, got.Step, got.Reason, got.Rule, got.Notes)
			}
		}}
}

// hookRunner runs the corpus's hooks for every configuration of the test.
var hookRunner = hooks.NewRunner(hooks.Limits{Timeout: 10 * time.Second, Workers: 4})

// hooksNeed names what a case's hooks need that this machine lacks
// (their interpreter), or "" when they can run.
func hooksNeed(c diffCase) string {
	for name, text := range c.HomeFiles {
		if !strings.HasSuffix(name, "settings.json") || !strings.Contains(text, `"hooks"`) {
			continue
		}
		if strings.Contains(text, "python3 ") {
			if _, err := exec.LookPath("python3"); err != nil {
				return "hooks need python3"
			}
		}
	}
	return ""
}

// diffRoot makes a folder for one configuration's home that is not under
// /tmp: the corpus's rules name /tmp (Read(//tmp/**)), and a home inside it
// would match them.
func diffRoot(t *testing.T) string {
	t.Helper()
	for _, base := range []string{os.Getenv("PERMSIM_TEST_ROOT"), os.TempDir(), "/var/tmp"} {
		if base == "" || within(filepath.Clean(base), "/tmp") {
			continue
		}
		dir, err := os.MkdirTemp(base, "permsim-claude-")
		if err != nil {
			continue
		}
		t.Cleanup(func() { os.RemoveAll(dir) })
		return dir
	}
	t.Skip("needs a temporary folder outside /tmp (set PERMSIM_TEST_ROOT)")
	return ""
}

func summary(c diffCall) string {
	for _, k := range []string{"command", "file_path", "notebook_path", "url", "query", "subagent_type"} {
		if v, ok := c.Input[k]; ok {
			return fmt.Sprintf("%q", v)
		}
	}
	return fmt.Sprint(c.Input)
}

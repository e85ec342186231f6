package gemini

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/internal/corpustest"
)

// The differential corpus: what the real Gemini CLI 0.61.0 decided through
// ACP for 530 calls in 25 configurations (testdata/gemini/differential,
// copied from the shared fixtures; its README explains the format).
const diffDir = "../../testdata/gemini/differential"

type diffResult struct {
	corpustest.Result
	Raw string `json:"raw"`
}

// layout writes a configuration's files under root and returns the Env
// standing in for the real run, or a reason the case's flags are not
// supported.
func layout(t *testing.T, c corpustest.Case, root string) (engine.Env, string) {
	t.Helper()
	home, proj := corpustest.Dirs(root)
	write := func(base string, files map[string]string) { corpustest.WriteFiles(t, base, home, files) }
	write(home, c.HomeFiles)
	write(proj, c.ProjectFiles)
	if c.Git {
		corpustest.WriteGit(t, proj)
	}
	// What the runner wrote for a trusted case (README, "trust per harness").
	if c.Trusted() {
		rec, _ := json.Marshal(map[string]string{proj: "TRUST_FOLDER"})
		write(home, map[string]string{".gemini/trustedFolders.json": string(rec)})
	}
	env := engine.Env{ProjectDir: proj, HomeDir: home, ManagedDir: filepath.Join(root, "etc-gemini-cli"), Flags: map[string]string{}}
	// An untrusted case is untrusted, unless it brings its own
	// trustedFolders.json, which then decides, as it did for the real run
	// (the runner writes a record only for a trusted case).
	if _, own := c.HomeFiles[".gemini/trustedFolders.json"]; !c.Trusted() && !own {
		f := false
		env.Trust = &f
	}
	if c.Mode != nil {
		if *c.Mode == "--yolo" {
			env.Flags[FlagYolo] = "true"
		} else if strings.HasPrefix(*c.Mode, "-") {
			return env, "mode flags " + *c.Mode
		} else {
			env.Flags[FlagMode] = *c.Mode
		}
	}
	vars := map[string]string{}
	for k, v := range c.Env {
		switch {
		case k == "PERMSIM_GEMINI_HEADLESS" && v == "1":
			// The case was driven through `gemini -p` (verify/geminidrive's
			// HeadlessEnv): the headless front end.
			env.Flags[FlagHeadless] = "true"
		case k == "GEMINI_CLI_HOME" || k == "GEMINI_CLI_SYSTEM_SETTINGS_PATH" || k == "GEMINI_CLI_SYSTEM_DEFAULTS_PATH" ||
			k == "GEMINI_CLI_TRUSTED_FOLDERS_PATH" || k == "GEMINI_CLI_TRUST_WORKSPACE" || k == "GEMINI_RESTRICTED_MODE":
			// Read as permsim reads the user's environment.
			vars[k] = strings.ReplaceAll(v, corpustest.RealHome, home)
		default:
			return env, "environment variable " + k
		}
	}
	FromEnviron(func(k string) string { return vars[k] }, &env)
	for i := 0; i < len(c.Args); i++ {
		flag := c.Args[i]
		if i+1 >= len(c.Args) {
			return env, "flag " + flag + " without a value"
		}
		i++
		val := strings.ReplaceAll(c.Args[i], corpustest.RealHome, home)
		switch flag {
		case "--admin-policy":
			env.Flags[FlagAdminPolicy] = val
		case "--policy":
			env.Flags[FlagPolicy] = val
		case "--allowed-tools":
			env.Flags[FlagAllowedTools] = val
		case "--approval-mode":
			env.Flags[FlagMode] = val
		case "--include-directories":
			env.Flags[FlagIncludeDirectories] = val
		default:
			return env, "flag " + flag
		}
	}
	return env, ""
}

func TestDifferential(t *testing.T) {
	known := corpustest.LoadKnown(t, diffDir)
	agree, total := diffCorpus(t, diffDir, "gemini", known, 0.98, true)
	known.CheckAllSeen(t, "")
	corpustest.CheckAgreement(t, "gemini", "testdata/gemini/differential", "0.61.0", agree, total)
}

// genDir holds corpora drawn at random by verify/generate and recorded
// with the real Gemini CLI 0.61.0 through ACP: gemini-s<SEED>.cases.jsonl
// and .results.jsonl, one pair per seed (README.md there says how).
const genDir = "../../testdata/gemini/generated"

func TestDifferentialGenerated(t *testing.T) {
	// The target for drawn corpora: 99% by outcome, over all of them together.
	corpustest.RunDrawn(t, genDir, 0.99, func(t *testing.T, dir, base string, known *corpustest.Known) (int, int) {
		return diffCorpus(t, dir, base, known, 0, true)
	})
}

// diffCorpus compares every row of dir/<base>.results.jsonl with the
// simulator and fails a row that differs and is not in known, and a
// corpus whose agreement is under min (0: no minimum); it returns the
// agreeing and compared rows. A problem reading a configuration fails the
// corpus when problemsFail, and is logged otherwise (a committed file may
// hold rules Gemini CLI refuses: the rows tell whether the simulator
// refuses them as it does).
func diffCorpus(t *testing.T, dir, base string, known *corpustest.Known, min float64, problemsFail bool) (int, int) {
	return corpustest.Run(t, corpustest.Diff[corpustest.Case, diffResult, *Policy]{
		Dir: dir, Base: base, Known: known, Min: min,
		Load: func(t *testing.T, c corpustest.Case, r diffResult) (*Policy, string, string) {
			env, unsupported := layout(t, c, t.TempDir())
			if unsupported != "" {
				return nil, "", unsupported
			}
			p, err := load(env, nil)
			if err != nil {
				t.Fatalf("%s: %v", r.Config, err)
			}
			if probs := p.Problems(); len(probs) > 0 {
				if problemsFail {
					t.Errorf("%s: problems reading the configuration: %v", r.Config, probs)
				} else {
					t.Logf("%s: problems reading the configuration: %v", r.Config, probs)
				}
			}
			return p, env.HomeDir, ""
		},
		Mode: func(t *testing.T, p *Policy, r diffResult) {
			// A headless run reports the --approval-mode it was given
			// (auto_edit), not the session's mode id (autoEdit).
			want := r.EffectiveMode
			if want == "auto_edit" {
				want = string(ModeAutoEdit)
			}
			if got := string(p.Modes()[0]); got != want {
				t.Errorf("%s: effective mode %s, real Gemini CLI %s", r.Config, got, r.EffectiveMode)
			}
		},
		Rows: func(t *testing.T, p *Policy, home string, c corpustest.Case, r diffResult, session []diffResult) []corpustest.Row {
			dc := c.Calls[r.CallIndex]
			in, _ := corpustest.Rehome(dc.Input, home).(map[string]any)
			// The session's earlier results, as the harness kept them:
			// Gemini CLI asks before a command built from earlier command
			// output.
			var earlier []string
			for _, prev := range session {
				earlier = append(earlier, prev.Raw)
			}
			return []corpustest.Row{{Key: r.Key(), Config: r.Config, Outcome: r.Outcome, Agree: func() (bool, func() string) {
				// Decided the way `permsim decide` decides it, history included.
				call, err := corpustest.DecideCall(dc.Tool, in, env0(home))
				if err != nil {
					t.Fatalf("%s: decide would not read this call: %v", r.Key(), err)
				}
				got := corpustest.Scorer("gemini", p, filepath.Dir(home)).ScoreInSession(call, "", earlier).Decision
				agree := string(got.Outcome) == r.Outcome
				if agree && r.Outcome == "blocked" && got.Step != patternStep(r.Pattern, got.Step) {
					// Right outcome, wrong reason: the real harness refused
					// at another stage than the simulator did.
					t.Logf("%s: blocked by %s in the real run, simulated at %q", r.Key(), r.Pattern, got.Step)
					agree = false
				}
				return agree, func() string {
					return fmt.Sprintf("%s %s: real %s (%s), simulated %s at %q (%s) rule=%v",
						dc.Tool, summary(dc), r.Outcome, r.Pattern, got.Outcome, got.Step, got.Reason, got.Rule)
				}
			}}}
		},
	})
}

// patternStep is the step a blocked row's pattern names: the registry, the
// path checks, or (for a policy deny) whatever policy step decided.
func patternStep(pattern, got string) string {
	switch {
	case strings.HasPrefix(pattern, "tool-excluded"):
		return stepRegistry
	case pattern == "outside-workspace":
		return stepWorkspace
	case pattern == "plan-mode(path)":
		return stepPlanPath
	case strings.HasPrefix(pattern, "policy-deny") && got[0] >= '3':
		return got
	}
	return "a policy step"
}

func summary(c corpustest.Call) string {
	for _, k := range []string{"command", "file_path", "dir_path", "pattern", "query", "prompt"} {
		if v, ok := c.Input[k]; ok {
			return fmt.Sprintf("%q", v)
		}
	}
	return fmt.Sprint(c.Input)
}

// env0 is the project folder of a configuration laid out with its home
// at home (corpustest.Dirs).
func env0(home string) string { return filepath.Join(home, "proj") }

package codex

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/shell"
	"github.com/permsim/permsim/internal/corpustest"
)

// The differential corpora: what the real Codex 0.169.0 decided for 528
// tool calls through `codex app-server` in 19 configurations, and for 129
// argument lists through `codex execpolicy check` (the rules layer alone).
// testdata/codex/differential holds copies of the shared fixtures; its
// README explains the format.
const diffDir = "../../testdata/codex/differential"

type diffResult struct {
	corpustest.Result
	Argv     []string `json:"argv"`
	Decision *string  `json:"decision"`
	Ask      *struct {
		Reason string `json:"reason"`
	} `json:"ask"`
	// HarnessVersion is the Codex version that answered (verify --record
	// writes it): the row is decided as that version. The corpora recorded
	// before it was written have none, and are decided as the newest.
	HarnessVersion string `json:"harness_version"`
}

// patternOwnFailure is the pattern the driver gives a command that failed
// in the sandbox without saying why and fails without it too
// (verify/codexdrive.PatternOwnFailure, as the results files spell it;
// engine packages do not import verify).
const patternOwnFailure = "ran(nonzero-exit, fails without the sandbox too)"

// wantStep is the step of Codex's order that the real harness's signal
// points at: the pattern of the tool result, and for a command prompt the
// reason Codex gave ("… requires approval by policy" comes from a prompt
// rule, "command failed; retry without sandbox?" from the sandbox). An
// empty step leaves the row's reason unchecked.
func wantStep(r diffResult) string {
	switch {
	case strings.HasPrefix(r.Pattern, "execpolicy-forbidden"), strings.HasPrefix(r.Pattern, "approval-required"),
		r.Pattern == "granular-policy-rejected":
		return stepRules
	case r.Pattern == "builtin-rm-guard":
		return stepRmGuard
	case strings.HasPrefix(r.Pattern, "sandbox-denied"):
		return stepSandbox
	case strings.HasPrefix(r.Pattern, "escalation-request"):
		return stepEscalation
	case strings.HasPrefix(r.Pattern, "patch-needs-approval"), r.Pattern == "item/fileChange/requestApproval":
		return stepPatch
	case r.Pattern == "item/commandExecution/requestApproval" && r.Ask != nil:
		switch {
		case strings.Contains(r.Ask.Reason, "requires approval"):
			return stepRules
		case strings.Contains(r.Ask.Reason, "retry without sandbox"):
			return stepSandbox
		}
	}
	return ""
}

// diffRoot makes a folder for one configuration that is not under /tmp:
// /tmp is a writable root of Codex's workspace-write sandbox, and a home
// inside it would make "outside the project" writable.
func diffRoot(t testing.TB) string {
	t.Helper()
	for _, base := range []string{os.Getenv("PERMSIM_TEST_ROOT"), os.TempDir(), "/var/tmp"} {
		if base == "" || shell.Within(filepath.Clean(base), "/tmp") {
			continue
		}
		dir, err := os.MkdirTemp(base, "permsim-codex-")
		if err != nil {
			continue
		}
		t.Cleanup(func() { os.RemoveAll(dir) })
		return dir
	}
	t.Skip("needs a temporary folder outside /tmp (set PERMSIM_TEST_ROOT)")
	return ""
}

// layout writes a configuration's files under root, records trust the way
// the runner did (appending [projects."<proj>"] trust_level to the user's
// config.toml), and returns the Env standing in for the real run.
func layout(t testing.TB, c corpustest.Case, root string) engine.Env {
	t.Helper()
	home, proj := corpustest.Dirs(root)
	corpustest.WriteFiles(t, home, home, c.HomeFiles)
	corpustest.WriteFiles(t, proj, home, c.ProjectFiles)
	if err := os.MkdirAll(proj, 0o755); err != nil {
		t.Fatal(err)
	}
	if c.Git {
		corpustest.WriteGit(t, proj)
		corpustest.WriteFiles(t, proj, home, map[string]string{".git/description": "x\n", ".git/info/exclude": "# exclude\n"})
		if err := os.MkdirAll(filepath.Join(proj, ".git", "hooks"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	env := engine.Env{ProjectDir: proj, HomeDir: home, ManagedDir: filepath.Join(root, "system"), Flags: map[string]string{}}
	if c.Trust != nil {
		level := "untrusted"
		if *c.Trust {
			level = "trusted"
		}
		cfg := filepath.Join(home, ".codex", "config.toml")
		old, _ := os.ReadFile(cfg)
		text := string(old)
		if text != "" && !strings.HasSuffix(text, "\n") {
			text += "\n"
		}
		text += fmt.Sprintf("\n[projects.%q]\ntrust_level = %q\n", proj, level)
		corpustest.WriteFiles(t, home, home, map[string]string{".codex/config.toml": text})
	}
	if c.Mode != nil {
		env.Flags[FlagMode] = *c.Mode
	}
	if t := c.Env["TMPDIR"]; t != "" {
		// The runner passed the case's environment to Codex: its $TMPDIR
		// is the session's (`permsim decide --flag tmpdir=…`).
		env.Flags[FlagTmpdir] = corpustest.Rehome(t, home).(string)
	}
	return env
}

func TestDifferentialAppServer(t *testing.T) {
	known := corpustest.LoadKnown(t, diffDir)
	agree, total := appServerCorpus(t, diffDir, "codex", known, 0.98, true)
	known.CheckAllSeen(t, "px-")
	corpustest.CheckAgreement(t, "codex", "testdata/codex/differential", "0.169.0", agree, total)
}

// genDir holds corpora drawn at random by verify/generate and recorded
// with the real Codex 0.169.0 through app-server: codex-s<SEED>.cases.jsonl
// and .results.jsonl, one pair per seed (README.md there says how).
const genDir = "../../testdata/codex/generated"

func TestDifferentialGenerated(t *testing.T) {
	// The target for drawn Codex corpora: 99.5% by outcome, over all of them together.
	corpustest.RunDrawn(t, genDir, 0.995, func(t *testing.T, dir, base string, known *corpustest.Known) (int, int) {
		// A drawn configuration may hold a file Codex cannot use (a
		// prefix_rule whose match example fails disables the whole
		// file): its problems are logged, and the rows tell whether the
		// simulator treats it as the real Codex did.
		return appServerCorpus(t, dir, base, known, 0, false)
	})
}

// appServerCorpus compares every row of dir/<base>.results.jsonl with the
// simulator and fails a row that differs and is not in known, and a
// corpus whose agreement is under min (0: no minimum); it returns the
// agreeing and compared rows.
//
// A case started in a mode of its own (the runner's mode flag) is decided
// twice: by a policy loaded with that flag, and by one loaded without it
// and given the mode per call (`permsim decide --mode`), which Codex's
// session flag stands for as well; both must give the recorded outcome.
func appServerCorpus(t *testing.T, dir, base string, known *corpustest.Known, min float64, problemsFail bool) (int, int) {
	// perCall holds, by home folder, the policy loaded without the
	// case's mode flag.
	perCall := map[string]*Policy{}
	return corpustest.Run(t, corpustest.Diff[corpustest.Case, diffResult, *Policy]{
		Dir: dir, Base: base, Known: known, Min: min,
		Load: func(t *testing.T, c corpustest.Case, r diffResult) (*Policy, string, string) {
			env := layout(t, c, diffRoot(t))
			if c.Mode != nil {
				bare := env
				bare.Flags = map[string]string{}
				for k, v := range env.Flags {
					if k != FlagMode {
						bare.Flags[k] = v
					}
				}
				// Its problems are the other policy's, checked there.
				pc, err := load(bare, nil)
				if err != nil {
					t.Fatalf("%s: %v", r.Config, err)
				}
				perCall[env.HomeDir] = pc
			}
			return loadChecked(t, env, r.Config, problemsFail), env.HomeDir, ""
		},
		Mode: func(t *testing.T, p *Policy, r diffResult) {
			want, err := parseMode(r.EffectiveMode)
			if err != nil {
				t.Fatalf("%s: effective mode %q: %v", r.Config, r.EffectiveMode, err)
			}
			if got := p.Modes()[0]; got != modeString(*want.approval, want.sandbox) {
				t.Errorf("%s: mode %s, real Codex %s", r.Config, got, r.EffectiveMode)
			}
		},
		Rows: func(t *testing.T, p *Policy, home string, c corpustest.Case, r diffResult, _ []diffResult) []corpustest.Row {
			call := c.Calls[r.CallIndex]
			in, _ := corpustest.Rehome(call.Input, home).(map[string]any)
			return []corpustest.Row{{Key: r.Key(), Config: r.Config, Outcome: r.Outcome, Agree: func() (bool, func() string) {
				// Decided the way `permsim decide` reads and scores the call.
				sc := corpustest.Scorer("codex", p, filepath.Dir(home))
				dcall, err := corpustest.DecideCall(call.Tool, in, sc.Project)
				if err != nil {
					t.Fatalf("%s: decide would not read this call: %v", r.Key(), err)
				}
				dcall.Version = r.HarnessVersion
				got := sc.Score(dcall, "").Decision
				ok := agreesWith(t, r, got)
				how := ""
				if p2 := perCall[home]; ok && p2 != nil && c.Mode != nil {
					sc2 := corpustest.Scorer("codex", p2, filepath.Dir(home))
					got = sc2.Score(dcall, engine.Mode(*c.Mode)).Decision
					ok = agreesWith(t, r, got)
					how = fmt.Sprintf(" (given the mode %q per call)", *c.Mode)
				}
				return ok, func() string {
					return fmt.Sprintf("%s %s: real %s (%s), simulated%s %s/%s at %q (%s) rule=%v needs=%v notes=%v",
						call.Tool, summary(call), r.Outcome, r.Pattern, how, got.Outcome, got.Group, got.Step, got.Reason, got.Rule, got.Needs, got.Notes)
				}
			}}}
		},
	})
}

// agreesWith says whether the simulated decision got agrees with the
// recorded row r: the same outcome, at the step the real signal points at.
func agreesWith(t *testing.T, r diffResult, got engine.Decision) bool {
	ok := string(got.Outcome) == r.Outcome
	if r.Pattern == patternOwnFailure {
		// The command failed on its own, also without the sandbox (the
		// driver's unsandboxed re-run): the row shows Codex let it start
		// in the sandbox without asking, and nothing of what the sandbox
		// would have done with it. A decision made at the sandbox step (a
		// write refused, a retry outside it asked for) agrees with that as
		// well as "runs" does.
		ok = ok || got.Step == stepSandbox
	}
	if step := wantStep(r); ok && step != "" && got.Step != step {
		ok = false
		t.Logf("%s: the real signal %s points at step %q, simulated %q", r.Key(), r.Pattern, step, got.Step)
	}
	return ok
}

// probeDir holds hand-written probes recorded with the real Codex 0.169.0,
// each settling one question a drawn row raised (its README).
const probeDir = "../../testdata/codex/probe"

// TestDifferentialProbes replays every probe; each row must agree.
func TestDifferentialProbes(t *testing.T) {
	known := corpustest.LoadKnown(t, probeDir)
	bases, err := filepath.Glob(filepath.Join(probeDir, "*.results.jsonl"))
	if err != nil || len(bases) == 0 {
		t.Fatalf("no probes in %s (%v)", probeDir, err)
	}
	for _, b := range bases {
		base := strings.TrimSuffix(filepath.Base(b), ".results.jsonl")
		t.Run(base, func(t *testing.T) { appServerCorpus(t, probeDir, base, known, 1, true) })
	}
	known.CheckAllSeen(t, "px-")
}

// loadChecked loads the policy for env and fails the test on an error,
// and on a problem reading configuration's files when problemsFail (else
// it logs the problem).
func loadChecked(t *testing.T, env engine.Env, config string, problemsFail bool) *Policy {
	t.Helper()
	p, err := load(env, nil)
	if err != nil {
		t.Fatalf("%s: %v", config, err)
	}
	if probs := p.Problems(); len(probs) > 0 {
		if !problemsFail {
			t.Logf("%s: problems (expected of a drawn file Codex cannot use): %v", config, probs)
			return p
		}
		t.Errorf("%s: problems: %v", config, probs)
	}
	return p
}

func TestDifferentialExecpolicy(t *testing.T) {
	known := corpustest.LoadKnown(t, diffDir)
	outcomes := map[string]string{decisionForbidden: "blocked", decisionPrompt: "asks", decisionAllow: "runs", "": "unmatched"}
	corpustest.Run(t, corpustest.Diff[corpustest.Case, diffResult, *Policy]{
		Dir: diffDir, Base: "codex-execpolicy", Known: known, Min: 0.98,
		Load: func(t *testing.T, c corpustest.Case, r diffResult) (*Policy, string, string) {
			// `check` was given the user's rules, and the project's when
			// the case is trusted: the same files Codex reads.
			c.Trust = boolPtr(c.Trust != nil && *c.Trust)
			env := layout(t, c, diffRoot(t))
			return loadChecked(t, env, r.Config, true), env.HomeDir, ""
		},
		Rows: func(t *testing.T, p *Policy, _ string, _ corpustest.Case, r diffResult, _ []diffResult) []corpustest.Row {
			if len(r.Argv) == 0 {
				t.Fatalf("%s: no argv", r.Key())
			}
			return []corpustest.Row{{Key: r.Key(), Config: r.Config, Outcome: r.Outcome, Agree: func() (bool, func() string) {
				got := p.Check(r.Argv, false)
				return outcomes[got.Decision] == r.Outcome, func() string {
					return fmt.Sprintf("%q: real %s, simulated %q (%v)", r.Argv, r.Outcome, got.Decision, got.Matches)
				}
			}}}
		},
	})
	known.CheckAllSeen(t, "pp-")
}

func boolPtr(b bool) *bool { return &b }

func summary(c corpustest.Call) string {
	for _, k := range []string{"cmd", "command", "input"} {
		if v, ok := c.Input[k]; ok {
			s := fmt.Sprintf("%q", v)
			if len(s) > 120 {
				s = s[:120] + "…"
			}
			return s
		}
	}
	return fmt.Sprint(c.Input)
}

// BenchmarkDecide decides every call of the app-server corpus in its own
// configuration.
func BenchmarkDecide(b *testing.B) {
	cases := corpustest.LoadCases(b, diffDir, "codex.cases.jsonl")
	type job struct {
		p    *Policy
		call engine.Call
	}
	var jobs []job
	policies := map[string]*Policy{}
	for _, c := range cases {
		p, ok := policies[c.Config]
		if !ok {
			var err error
			if p, err = load(layout(b, c, diffRoot(b)), nil); err != nil {
				b.Fatal(err)
			}
			policies[c.Config] = p
		}
		for _, call := range c.Calls {
			jobs = append(jobs, job{p, engine.Call{Tool: engine.NormalizeTool(call.Tool), RawTool: call.Tool, Input: call.Input}})
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		j := jobs[i%len(jobs)]
		j.p.Decide(j.call, "")
	}
}

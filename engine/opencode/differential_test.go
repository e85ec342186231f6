package opencode

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/internal/corpustest"
)

// The differential corpus: what the real OpenCode 1.18.33 decided for
// the calls of testdata/opencode (recorded with `permsim verify --harness
// opencode`; README.md there says how).
const diffDir = "../../testdata/opencode"

// layout writes a case's files under root and returns the Env standing in
// for the real run, or what the simulator does not support.
func layout(t *testing.T, c corpustest.Case, root string) (engine.Env, string) {
	t.Helper()
	home, proj := corpustest.Dirs(root)
	corpustest.WriteFiles(t, home, home, c.HomeFiles)
	// Outside git OpenCode's file patterns are relative to "/", so a
	// config can spell the home without its leading slash: move those too.
	pf := map[string]string{}
	for k, v := range c.ProjectFiles {
		pf[k] = strings.ReplaceAll(v, `"`+strings.TrimPrefix(corpustest.RealHome, "/")+"/", `"`+strings.TrimPrefix(home, "/")+"/")
	}
	corpustest.WriteFiles(t, proj, home, pf)
	if c.Git {
		corpustest.WriteGit(t, proj)
	}
	env := engine.Env{ProjectDir: proj, HomeDir: home}
	// The case's variables as the harness read them (FromEnviron, as
	// verify/opencodedrive.SimEnv reads them), over the XDG_CONFIG_HOME the
	// driver gives OpenCode.
	for k := range c.Env {
		if !caseVars[k] {
			return env, "environment variable " + k
		}
	}
	FromEnviron(func(k string) string {
		if v, ok := c.Env[k]; ok {
			return strings.ReplaceAll(v, corpustest.RealHome, home)
		}
		if k == "XDG_CONFIG_HOME" {
			return filepath.Join(home, ".config")
		}
		return ""
	}, &env)
	if env.Flags == nil {
		env.Flags = map[string]string{}
	}
	if c.Mode != nil && *c.Mode != "" {
		env.Flags[FlagAgent] = *c.Mode
	}
	if len(c.Args) > 0 {
		return env, "arguments"
	}
	return env, ""
}

// caseVars are the variables a recorded case may set: the ones OpenCode
// reads its configuration from (FromEnviron) and the ones that change
// nothing permsim decides (as verify/opencodedrive's simVars).
var caseVars = map[string]bool{"XDG_CONFIG_HOME": true, "OPENCODE_CONFIG": true, "OPENCODE_CONFIG_DIR": true,
	"OPENCODE_CONFIG_CONTENT": true, "OPENCODE_PERMISSION": true, "OPENCODE_DISABLE_PROJECT_CONFIG": true,
	// Only makes OpenCode offer websearch and codesearch, which permsim
	// decides as offered.
	"OPENCODE_ENABLE_EXA": true}

func TestDifferential(t *testing.T) {
	known := corpustest.LoadKnown(t, diffDir)
	agree, total := diffCorpus(t, diffDir, "opencode", known, 0.99, true)
	corpustest.CheckAgreement(t, "opencode", "testdata/opencode", "1.18.33", agree, total)
	known.CheckAllSeen(t, "")
}

// diffCorpus compares every row of dir/<base>.results.jsonl with the
// simulator, fails a row that differs and is not in known and a corpus
// whose agreement is under min (0: no minimum), and returns the agreeing
// and compared rows. A problem reading a configuration fails the corpus
// when problemsFail, and is logged otherwise (a committed file may hold
// keys OpenCode ignores: the rows tell whether the simulator does too).
func diffCorpus(t *testing.T, dir, base string, known *corpustest.Known, min float64, problemsFail bool) (int, int) {
	return corpustest.Run(t, corpustest.Diff[corpustest.Case, corpustest.Result, *Policy]{
		Dir: dir, Base: base, Known: known, Min: min, PerCase: true,
		Load: func(t *testing.T, c corpustest.Case, r corpustest.Result) (*Policy, string, string) {
			env, unsupported := layout(t, c, t.TempDir())
			if unsupported != "" {
				return nil, "", unsupported
			}
			p, err := load(env)
			if err != nil {
				t.Fatalf("%s: %v", r.ID, err)
			}
			if probs := p.Problems(); len(probs) > 0 {
				if problemsFail {
					t.Errorf("%s: problems reading the configuration: %v", r.ID, probs)
				} else {
					t.Logf("%s: problems reading the configuration: %v", r.ID, probs)
				}
			}
			return p, env.HomeDir, ""
		},
		Mode: func(t *testing.T, p *Policy, r corpustest.Result) {
			// "(default)": the run had no --agent and OpenCode does not
			// report the agent it picked.
			if got := string(p.Modes()[0]); r.EffectiveMode != "(default)" && got != r.EffectiveMode {
				t.Errorf("%s: agent %s, real OpenCode %s", r.ID, got, r.EffectiveMode)
			}
		},
		Rows: func(t *testing.T, p *Policy, home string, c corpustest.Case, r corpustest.Result, _ []corpustest.Result) []corpustest.Row {
			dc := c.Calls[r.CallIndex]
			in, _ := corpustest.Rehome(dc.Input, home).(map[string]any)
			return []corpustest.Row{{Key: r.Key(), Config: r.Config, Outcome: r.Outcome, Agree: func() (bool, func() string) {
				got := p.Decide(engine.Call{RawTool: dc.Tool, Tool: engine.NormalizeTool(dc.Tool), Input: in}, "")
				return string(got.Outcome) == r.Outcome, func() string {
					return fmt.Sprintf("%s %v: real %s (%s), simulated %s at %q (%s)", dc.Tool, dc.Input, r.Outcome, r.Pattern, got.Outcome, got.Step, got.Reason)
				}
			}}}
		},
	})
}

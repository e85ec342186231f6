package opencode

import (
	"fmt"
	"strings"
	"testing"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/internal/corpustest"
)

// The differential corpus: what the real OpenCode 1.18.33 decided for
// the calls of testdata/opencode (recorded with `permsim verify --harness
// opencode`; README.md there says how).
const diffDir = "../../testdata/opencode"

type diffResult struct {
	ID            string `json:"id"`
	CallIndex     int    `json:"call_index"`
	Config        string `json:"config"`
	Outcome       string `json:"outcome"`
	Pattern       string `json:"pattern"`
	EffectiveMode string `json:"effective_mode"`
}

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
	env := engine.Env{ProjectDir: proj, HomeDir: home, Flags: map[string]string{}}
	if c.Mode != nil && *c.Mode != "" {
		env.Flags[FlagAgent] = *c.Mode
	}
	for k, v := range c.Env {
		v = strings.ReplaceAll(v, corpustest.RealHome, home)
		switch k {
		case "OPENCODE_CONFIG":
			env.Flags[FlagConfig] = v
		case "OPENCODE_PERMISSION":
			env.Flags[FlagPermission] = v
		default:
			return env, "environment variable " + k
		}
	}
	if len(c.Args) > 0 {
		return env, "arguments"
	}
	return env, ""
}

func TestDifferential(t *testing.T) {
	cases := corpustest.LoadCases(t, diffDir, "opencode.cases.jsonl")
	results := corpustest.ReadJSONL[diffResult](t, diffDir, "opencode.results.jsonl")
	known := corpustest.LoadKnown(t, diffDir)
	var scores corpustest.Scores
	policies := map[string]*Policy{}
	homes := map[string]string{}
	skipped := map[string]int{}
	for _, r := range results {
		c, ok := cases[r.ID]
		if !ok {
			t.Fatalf("result %s#%d has no case", r.ID, r.CallIndex)
		}
		p, loaded := policies[r.ID]
		if !loaded {
			env, unsupported := layout(t, c, t.TempDir())
			if unsupported != "" {
				skipped[unsupported]++
				continue
			}
			var err error
			if p, err = load(env); err != nil {
				t.Fatalf("%s: %v", r.ID, err)
			}
			if probs := p.Problems(); len(probs) > 0 {
				t.Errorf("%s: problems reading the configuration: %v", r.ID, probs)
			}
			// "(default)": the run had no --agent and OpenCode does not
			// report the agent it picked.
			if got := string(p.Modes()[0]); r.EffectiveMode != "(default)" && got != r.EffectiveMode {
				t.Errorf("%s: agent %s, real OpenCode %s", r.ID, got, r.EffectiveMode)
			}
			policies[r.ID] = p
			homes[r.ID] = env.HomeDir
		}
		dc := c.Calls[r.CallIndex]
		in, _ := corpustest.Rehome(dc.Input, homes[r.ID]).(map[string]any)
		got := p.Decide(engine.Call{RawTool: dc.Tool, Tool: engine.NormalizeTool(dc.Tool), Input: in}, "")
		agree := string(got.Outcome) == r.Outcome
		scores.Add(r.Config, r.Outcome, agree)
		known.Check(t, fmt.Sprintf("%s#%d", r.ID, r.CallIndex), agree, func() string {
			return fmt.Sprintf("%s %v: real %s (%s), simulated %s at %q (%s)", dc.Tool, dc.Input, r.Outcome, r.Pattern, got.Outcome, got.Step, got.Reason)
		})
	}
	known.CheckAllSeen(t, "")
	agree, total := scores.Log(t)
	t.Logf("all: %d/%d rows agree; %d known differences; skipped: %v", agree, total, known.Len(), skipped)
	if total == 0 || float64(agree) < 0.99*float64(total) {
		t.Errorf("agreement %d/%d is under the 99%% target", agree, total)
	}
}

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
	ID            string `json:"id"`
	CallIndex     int    `json:"call_index"`
	Config        string `json:"config"`
	Outcome       string `json:"outcome"`
	Pattern       string `json:"pattern"`
	EffectiveMode string `json:"effective_mode"`
	Raw           string `json:"raw"`
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
	if !c.Trusted() {
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
	if len(c.Env) > 0 {
		return env, "environment variables"
	}
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
		default:
			return env, "flag " + flag
		}
	}
	return env, ""
}

func TestDifferential(t *testing.T) {
	known := corpustest.LoadKnown(t, diffDir)
	diffCorpus(t, diffDir, "gemini", known, 0.98)
	known.CheckAllSeen(t, "")
}

// genDir holds corpora drawn at random by verify/generate and recorded
// with the real Gemini CLI 0.61.0 through ACP: gemini-s<SEED>.cases.jsonl
// and .results.jsonl, one pair per seed (README.md there says how).
const genDir = "../../testdata/gemini/generated"

func TestDifferentialGenerated(t *testing.T) {
	names, err := filepath.Glob(filepath.Join(genDir, "*.results.jsonl"))
	if err != nil || len(names) == 0 {
		t.Skipf("no generated corpora in %s yet: %v", genDir, err)
	}
	known := corpustest.LoadKnown(t, genDir)
	agree, total := 0, 0
	for _, n := range names {
		base := strings.TrimSuffix(filepath.Base(n), ".results.jsonl")
		t.Run(base, func(t *testing.T) {
			a, n := diffCorpus(t, genDir, base, known, 0)
			agree, total = agree+a, total+n
		})
	}
	known.CheckAllSeen(t, "")
	// The target for drawn corpora: 99% by outcome, over all of
	// them together (one seed's few hundred rows are too few to judge).
	t.Logf("all generated corpora: %d/%d rows agree (%.2f%%)", agree, total, 100*float64(agree)/float64(max(total, 1)))
	if float64(agree) < 0.99*float64(total) {
		t.Errorf("agreement %d/%d is under the 99%% target", agree, total)
	}
}

// diffCorpus compares every row of dir/<base>.results.jsonl with the
// simulator and fails a row that differs and is not in known, and a
// corpus whose agreement is under min (0: no minimum); it returns the
// agreeing and compared rows.
func diffCorpus(t *testing.T, dir, base string, known *corpustest.Known, min float64) (int, int) {
	cases := corpustest.LoadCases(t, dir, base+".cases.jsonl")
	results := corpustest.ReadJSONL[diffResult](t, dir, base+".results.jsonl")
	raws := map[string]string{}
	for _, r := range results {
		raws[fmt.Sprintf("%s#%d", r.ID, r.CallIndex)] = r.Raw
	}
	var scores corpustest.Scores
	policies := map[string]*Policy{}
	homes := map[string]string{}
	skipped := map[string]int{}
	for _, r := range results {
		c, ok := cases[r.ID]
		if !ok {
			t.Fatalf("result %s#%d has no case", r.ID, r.CallIndex)
		}
		p, loaded := policies[r.Config]
		if !loaded {
			env, unsupported := layout(t, c, t.TempDir())
			if unsupported != "" {
				skipped[unsupported]++
				continue
			}
			var err error
			if p, err = load(env, nil); err != nil {
				t.Fatalf("%s: %v", r.Config, err)
			}
			if probs := p.Problems(); len(probs) > 0 {
				t.Errorf("%s: problems reading the configuration: %v", r.Config, probs)
			}
			if got := string(p.Modes()[0]); got != r.EffectiveMode {
				t.Errorf("%s: effective mode %s, real Gemini CLI %s", r.Config, got, r.EffectiveMode)
			}
			policies[r.Config] = p
			homes[r.Config] = env.HomeDir
		}
		dc := c.Calls[r.CallIndex]
		in, _ := corpustest.Rehome(dc.Input, homes[r.Config]).(map[string]any)
		// The session's earlier results, as the harness kept them: Gemini
		// CLI asks before a command built from earlier command output.
		var earlier []string
		for i := 0; i < r.CallIndex; i++ {
			if prev, ok := raws[fmt.Sprintf("%s#%d", r.ID, i)]; ok {
				earlier = append(earlier, prev)
			}
		}
		got := p.DecideInSession(engine.Call{RawTool: dc.Tool, Input: in}, "", earlier)
		agree := string(got.Outcome) == r.Outcome
		if agree && r.Outcome == "blocked" && got.Step != patternStep(r.Pattern, got.Step) {
			// Right outcome, wrong reason: the real harness refused at
			// another stage than the simulator did.
			t.Logf("%s#%d: blocked by %s in the real run, simulated at %q", r.ID, r.CallIndex, r.Pattern, got.Step)
			agree = false
		}
		scores.Add(r.Config, r.Outcome, agree)
		known.Check(t, fmt.Sprintf("%s#%d", r.ID, r.CallIndex), agree, func() string {
			return fmt.Sprintf("%s %s: real %s (%s), simulated %s at %q (%s) rule=%v",
				dc.Tool, summary(dc), r.Outcome, r.Pattern, got.Outcome, got.Step, got.Reason, got.Rule)
		})
	}
	agree, total := scores.Log(t)
	t.Logf("all: %d/%d rows agree (%.1f%%); %d known differences; skipped configurations: %v", agree, total, 100*float64(agree)/float64(max(total, 1)), known.Len(), skipped)
	if total == 0 || float64(agree) < min*float64(total) {
		t.Errorf("agreement %d/%d is under the %.0f%% target", agree, total, 100*min)
	}
	return agree, total
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

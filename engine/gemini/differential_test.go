package gemini

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/permsim/permsim/engine"
)

// The differential corpus: what the real Gemini CLI 0.61.0 decided through
// ACP for 530 calls in 25 configurations (testdata/gemini/differential,
// copied from the shared fixtures; its README explains the format).
const diffDir = "../../testdata/gemini/differential"

type diffCase struct {
	ID           string            `json:"id"`
	Config       string            `json:"config"`
	Git          bool              `json:"git"`
	Mode         *string           `json:"mode"`
	Trust        bool              `json:"trust"`
	HomeFiles    map[string]string `json:"home_files"`
	ProjectFiles map[string]string `json:"project_files"`
	Args         []string          `json:"args"`
	Env          map[string]string `json:"env"`
	Calls        []diffCall        `json:"calls"`
}

type diffCall struct {
	Tool  string         `json:"tool"`
	Input map[string]any `json:"input"`
}

type diffResult struct {
	ID            string `json:"id"`
	CallIndex     int    `json:"call_index"`
	Config        string `json:"config"`
	Outcome       string `json:"outcome"`
	Pattern       string `json:"pattern"`
	EffectiveMode string `json:"effective_mode"`
}

// realHome is the home folder every path in the corpus is written under.
const realHome = "/home/user"

func readJSONL[T any](t *testing.T, name string) []T {
	t.Helper()
	f, err := os.Open(filepath.Join(diffDir, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []T
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for n := 1; sc.Scan(); n++ {
		var v T
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatalf("%s:%d: %v", name, n, err)
		}
		out = append(out, v)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// knownDifferences reads known-differences.txt: "<id>#<call>\t<reason>".
func knownDifferences(t *testing.T) map[string]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(diffDir, "known-differences.txt"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for i, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSpace(line); line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, reason, ok := strings.Cut(line, "\t")
		if !ok || strings.TrimSpace(reason) == "" {
			t.Fatalf("known-differences.txt:%d: want <id>#<call>\\t<reason>", i+1)
		}
		out[key] = reason
	}
	return out
}

// rehome rewrites /home/user to the test's home folder in every string.
func rehome(v any, home string) any {
	switch x := v.(type) {
	case string:
		return strings.ReplaceAll(x, realHome, home)
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = rehome(e, home)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = rehome(e, home)
		}
		return out
	}
	return v
}

// layout writes a configuration's files under root and returns the Env
// standing in for the real run, or a reason the case's flags are not
// supported.
func layout(t *testing.T, c diffCase, root string) (engine.Env, string) {
	t.Helper()
	home := filepath.Join(root, "home")
	proj := filepath.Join(home, "proj")
	write := func(base string, files map[string]string) {
		for rel, text := range files {
			p := filepath.Join(base, rel)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(strings.ReplaceAll(text, realHome, home)), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	write(home, c.HomeFiles)
	write(proj, c.ProjectFiles)
	if c.Git {
		write(proj, map[string]string{".git/HEAD": "ref: refs/heads/main\n", ".git/config": "[core]\n"})
	}
	// What the runner wrote for a trusted case (README, "trust per harness").
	if c.Trust {
		rec, _ := json.Marshal(map[string]string{proj: "TRUST_FOLDER"})
		write(home, map[string]string{".gemini/trustedFolders.json": string(rec)})
	}
	env := engine.Env{ProjectDir: proj, HomeDir: home, ManagedDir: filepath.Join(root, "etc-gemini-cli"), Flags: map[string]string{}}
	if !c.Trust {
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
		val := strings.ReplaceAll(c.Args[i], realHome, home)
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
	cases := map[string]diffCase{}
	for _, c := range readJSONL[diffCase](t, "gemini.cases.jsonl") {
		cases[c.ID] = c
	}
	results := readJSONL[diffResult](t, "gemini.results.jsonl")
	known := knownDifferences(t)
	seenKnown := map[string]bool{}

	type tally struct{ agree, total int }
	byConfig := map[string]*tally{}
	byOutcome := map[string]*tally{}
	var configOrder []string
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
			if p, err = load(env); err != nil {
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
			byConfig[r.Config] = &tally{}
			configOrder = append(configOrder, r.Config)
		}
		dc := c.Calls[r.CallIndex]
		in, _ := rehome(dc.Input, homes[r.Config]).(map[string]any)
		got := p.Decide(engine.Call{RawTool: dc.Tool, Input: in}, "")
		agree := string(got.Outcome) == r.Outcome
		if agree && r.Outcome == "blocked" && got.Step != patternStep(r.Pattern, got.Step) {
			// Right outcome, wrong reason: the real harness refused at
			// another stage than the simulator did.
			t.Logf("%s#%d: blocked by %s in the real run, simulated at %q", r.ID, r.CallIndex, r.Pattern, got.Step)
			agree = false
		}
		key := fmt.Sprintf("%s#%d", r.ID, r.CallIndex)
		byConfig[r.Config].total++
		if byOutcome[r.Outcome] == nil {
			byOutcome[r.Outcome] = &tally{}
		}
		byOutcome[r.Outcome].total++
		if agree {
			byConfig[r.Config].agree++
			byOutcome[r.Outcome].agree++
		}
		_, isKnown := known[key]
		seenKnown[key] = true
		switch {
		case !agree && !isKnown:
			t.Errorf("%s %s %s: real %s (%s), simulated %s at %q (%s) rule=%v",
				key, dc.Tool, summary(dc), r.Outcome, r.Pattern, got.Outcome, got.Step, got.Reason, got.Rule)
		case agree && isKnown:
			t.Errorf("%s is listed in known-differences.txt but now agrees (%s); remove the line", key, r.Outcome)
		}
	}
	for key := range known {
		if !seenKnown[key] {
			t.Errorf("known-differences.txt names %s, which is not a compared row", key)
		}
	}
	var agree, total int
	for _, name := range configOrder {
		tl := byConfig[name]
		agree += tl.agree
		total += tl.total
		t.Logf("%-28s %3d/%3d agree", name, tl.agree, tl.total)
	}
	var outs []string
	for o := range byOutcome {
		outs = append(outs, o)
	}
	sort.Strings(outs)
	for _, o := range outs {
		t.Logf("outcome %-8s %4d/%4d agree", o, byOutcome[o].agree, byOutcome[o].total)
	}
	t.Logf("all: %d/%d rows agree; %d known differences; skipped configurations: %v", agree, total, len(known), skipped)
	if total == 0 || float64(agree) < 0.98*float64(total) {
		t.Errorf("agreement %d/%d is under the 98%% target", agree, total)
	}
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

func summary(c diffCall) string {
	for _, k := range []string{"command", "file_path", "dir_path", "pattern", "query", "prompt"} {
		if v, ok := c.Input[k]; ok {
			return fmt.Sprintf("%q", v)
		}
	}
	return fmt.Sprint(c.Input)
}

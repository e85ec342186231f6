package codex

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
	"github.com/permsim/permsim/engine/shell"
)

// The differential corpora: what the real Codex 0.169.0 decided for 528
// tool calls through `codex app-server` in 19 configurations, and for 129
// argument lists through `codex execpolicy check` (the rules layer alone).
// testdata/codex/differential holds copies of the shared fixtures; its
// README explains the format.
const diffDir = "../../testdata/codex/differential"

type diffCase struct {
	ID           string            `json:"id"`
	Config       string            `json:"config"`
	Git          bool              `json:"git"`
	Mode         *string           `json:"mode"`
	Trust        *bool             `json:"trust"`
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
	ID            string   `json:"id"`
	CallIndex     int      `json:"call_index"`
	Config        string   `json:"config"`
	Outcome       string   `json:"outcome"`
	Pattern       string   `json:"pattern"`
	EffectiveMode string   `json:"effective_mode"`
	Argv          []string `json:"argv"`
	Decision      *string  `json:"decision"`
	Ask           *struct {
		Reason string `json:"reason"`
	} `json:"ask"`
}

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

// realHome is the home folder every path in the corpus is written under.
const realHome = "/home/user"

func readJSONL[T any](t testing.TB, name string) []T {
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
func layout(t testing.TB, c diffCase, root string) engine.Env {
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
	if err := os.MkdirAll(proj, 0o755); err != nil {
		t.Fatal(err)
	}
	if c.Git {
		write(proj, map[string]string{
			".git/HEAD": "ref: refs/heads/main\n", ".git/config": "[core]\n", ".git/description": "x\n",
			".git/info/exclude": "# exclude\n",
		})
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
		write(home, map[string]string{".codex/config.toml": text})
	}
	if c.Mode != nil {
		env.Flags[FlagMode] = *c.Mode
	}
	return env
}

type tally struct{ agree, total int }

func (t *tally) add(ok bool) {
	t.total++
	if ok {
		t.agree++
	}
}

// checkKnown fails a row that differs and is not listed, and a listed row
// that agrees.
func checkKnown(t *testing.T, known map[string]string, seen map[string]bool, key string, ok bool, detail func() string) {
	t.Helper()
	_, isKnown := known[key]
	seen[key] = true
	switch {
	case !ok && !isKnown:
		t.Errorf("%s: %s", key, detail())
	case ok && isKnown:
		t.Errorf("%s is listed in known-differences.txt but now agrees; remove the line", key)
	}
}

func TestDifferentialAppServer(t *testing.T) {
	cases := map[string]diffCase{}
	for _, c := range readJSONL[diffCase](t, "codex.cases.jsonl") {
		cases[c.ID] = c
	}
	results := readJSONL[diffResult](t, "codex.results.jsonl")
	known := knownDifferences(t)
	seen := map[string]bool{}
	byConfig := map[string]*tally{}
	byOutcome := map[string]*tally{}
	var order []string
	policies := map[string]*Policy{}
	homes := map[string]string{}
	for _, r := range results {
		c, ok := cases[r.ID]
		if !ok {
			t.Fatalf("result %s#%d has no case", r.ID, r.CallIndex)
		}
		p, loaded := policies[r.Config]
		if !loaded {
			env := layout(t, c, diffRoot(t))
			var err error
			if p, err = load(env); err != nil {
				t.Fatalf("%s: %v", r.Config, err)
			}
			if probs := p.Problems(); len(probs) > 0 {
				t.Errorf("%s: problems: %v", r.Config, probs)
			}
			want, err := parseMode(r.EffectiveMode)
			if err != nil {
				t.Fatalf("%s: effective mode %q: %v", r.Config, r.EffectiveMode, err)
			}
			if got := p.Modes()[0]; got != modeString(*want.approval, want.sandbox) {
				t.Errorf("%s: mode %s, real Codex %s", r.Config, got, r.EffectiveMode)
			}
			policies[r.Config], homes[r.Config] = p, env.HomeDir
			byConfig[r.Config] = &tally{}
			order = append(order, r.Config)
		}
		call := c.Calls[r.CallIndex]
		in, _ := rehome(call.Input, homes[r.Config]).(map[string]any)
		got := p.Decide(engine.Call{Tool: engine.NormalizeTool(call.Tool), RawTool: call.Tool, Input: in}, "")
		ok = string(got.Outcome) == r.Outcome
		if step := wantStep(r); ok && step != "" && got.Step != step {
			ok = false
			t.Logf("%s#%d: the real signal %s points at step %q, simulated %q", r.ID, r.CallIndex, r.Pattern, step, got.Step)
		}
		byConfig[r.Config].add(ok)
		if byOutcome[r.Outcome] == nil {
			byOutcome[r.Outcome] = &tally{}
		}
		byOutcome[r.Outcome].add(ok)
		checkKnown(t, known, seen, fmt.Sprintf("%s#%d", r.ID, r.CallIndex), ok, func() string {
			return fmt.Sprintf("%s %s: real %s (%s), simulated %s/%s at %q (%s) rule=%v needs=%v notes=%v",
				call.Tool, summary(call), r.Outcome, r.Pattern, got.Outcome, got.Group, got.Step, got.Reason, got.Rule, got.Needs, got.Notes)
		})
	}
	for key := range known {
		if strings.HasPrefix(key, "px-") && !seen[key] {
			t.Errorf("known-differences.txt names %s, which is not a compared row", key)
		}
	}
	report(t, order, byConfig, byOutcome)
}

func TestDifferentialExecpolicy(t *testing.T) {
	cases := map[string]diffCase{}
	for _, c := range readJSONL[diffCase](t, "codex-execpolicy.cases.jsonl") {
		cases[c.ID] = c
	}
	results := readJSONL[diffResult](t, "codex-execpolicy.results.jsonl")
	known := knownDifferences(t)
	seen := map[string]bool{}
	byConfig := map[string]*tally{}
	byOutcome := map[string]*tally{}
	var order []string
	policies := map[string]*Policy{}
	outcomes := map[string]string{decisionForbidden: "blocked", decisionPrompt: "asks", decisionAllow: "runs", "": "unmatched"}
	for _, r := range results {
		c, ok := cases[r.ID]
		if !ok {
			t.Fatalf("result %s#%d has no case", r.ID, r.CallIndex)
		}
		p, loaded := policies[r.Config]
		if !loaded {
			// `check` was given the user's rules, and the project's when
			// the case is trusted: the same files Codex reads.
			c.Trust = boolPtr(c.Trust != nil && *c.Trust)
			env := layout(t, c, diffRoot(t))
			var err error
			if p, err = load(env); err != nil {
				t.Fatalf("%s: %v", r.Config, err)
			}
			if probs := p.Problems(); len(probs) > 0 {
				t.Errorf("%s: problems: %v", r.Config, probs)
			}
			policies[r.Config] = p
			byConfig[r.Config] = &tally{}
			order = append(order, r.Config)
		}
		if len(r.Argv) == 0 {
			t.Fatalf("%s#%d: no argv", r.ID, r.CallIndex)
		}
		got := p.Check(r.Argv, false)
		ok = outcomes[got.Decision] == r.Outcome
		byConfig[r.Config].add(ok)
		if byOutcome[r.Outcome] == nil {
			byOutcome[r.Outcome] = &tally{}
		}
		byOutcome[r.Outcome].add(ok)
		checkKnown(t, known, seen, fmt.Sprintf("%s#%d", r.ID, r.CallIndex), ok, func() string {
			return fmt.Sprintf("%q: real %s, simulated %q (%v)", r.Argv, r.Outcome, got.Decision, got.Matches)
		})
	}
	for key := range known {
		if strings.HasPrefix(key, "pp-") && !seen[key] {
			t.Errorf("known-differences.txt names %s, which is not a compared row", key)
		}
	}
	report(t, order, byConfig, byOutcome)
}

func boolPtr(b bool) *bool { return &b }

func report(t *testing.T, order []string, byConfig, byOutcome map[string]*tally) {
	var agree, total int
	for _, name := range order {
		tl := byConfig[name]
		agree += tl.agree
		total += tl.total
		t.Logf("%-32s %3d/%3d agree", name, tl.agree, tl.total)
	}
	var outs []string
	for o := range byOutcome {
		outs = append(outs, o)
	}
	sort.Strings(outs)
	for _, o := range outs {
		t.Logf("outcome %-9s %4d/%4d agree", o, byOutcome[o].agree, byOutcome[o].total)
	}
	t.Logf("all: %d/%d rows agree (%.1f%%)", agree, total, 100*float64(agree)/float64(max(total, 1)))
	if total > 0 && float64(agree) < 0.98*float64(total) {
		t.Errorf("agreement %d/%d is below the 98%% target", agree, total)
	}
}

func summary(c diffCall) string {
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
	cases := map[string]diffCase{}
	for _, c := range readJSONL[diffCase](b, "codex.cases.jsonl") {
		cases[c.ID] = c
	}
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
			if p, err = load(layout(b, c, diffRoot(b))); err != nil {
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

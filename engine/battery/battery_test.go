package battery_test

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/battery"
	"github.com/permsim/permsim/engine/danger"
)

// Issue #6, done when: "Every battery case is marked dangerous by
// engine/danger in its category; a table test runs all of them". The
// cases are decided for two different project and home folders, so no
// case depends on where the tester's own files happen to be. Six cases the
// battery once had (git rebase main, git rebase -i HEAD~10, two git commit
// --amend, git gc --prune=now --aggressive, git replace) left it in round
// 10 of issue 30: the danger labelling rules
// (testdata/danger/independent/README.md) call an agent's amend or rebase
// of its own local commits, a prune of dangling objects and a replace ref
// everyday, so they are no dangerous case (testdata/battery/README.md).
func TestEveryCaseIsDangerous(t *testing.T) {
	cases, problems := battery.Builtin()
	if len(problems) > 0 {
		t.Fatalf("the embedded battery has bad lines:\n%v", problems)
	}
	for _, loc := range []struct{ project, home string }{
		{"/home/user/proj", "/home/user"},
		{"/Users/dev/src/github.com/acme/app", "/Users/dev"},
	} {
		for _, c := range cases {
			got := danger.Check(c.Call(loc.project, loc.home), loc.project, loc.home)
			if !slices.Contains(got, c.DangerCategory()) {
				t.Errorf("%s (%s): danger.Check(%q) = %v, want it to include %s", c.ID, c.Source, c.What(), got, c.DangerCategory())
			}
		}
	}
}

// Issue #6: "≥ 300 cases in categories: destructive deletes, git
// discard/history rewrite/force push, .git/hooks and git config, secret
// reads (shell and file tools), network exfiltration, download-and-execute,
// persistence in shell startup files, privilege escalation, package
// publishing, cloud and database destruction, disk/system, agent-config
// tampering, and obfuscated forms (quoting, $IFS, wrappers, xargs/find
// -exec, bash -c, eval, base64 into a shell, interpreters)".
func TestBuiltinCoversTheIssue(t *testing.T) {
	cases, _ := battery.Builtin()
	if len(cases) < 300 {
		t.Fatalf("%d cases, want at least 300", len(cases))
	}
	perCat := map[string]int{}
	forms := map[string]int{}
	fileTools := map[string]int{}
	for _, c := range cases {
		perCat[c.Category]++
		if c.Category == battery.Obfuscated {
			forms[c.Form]++
		}
		if c.Tool != "" {
			fileTools[c.Category]++
		}
		if !slices.Contains(danger.Categories, c.DangerCategory()) {
			t.Errorf("%s: %q is not a category danger.Check reports", c.ID, c.DangerCategory())
		}
	}
	for _, cat := range battery.Categories {
		if perCat[cat] < 10 {
			t.Errorf("category %s has %d cases, want at least 10", cat, perCat[cat])
		}
		t.Logf("%-26s %3d", cat, perCat[cat])
	}
	for _, f := range []string{"quoting", "ifs", "wrapper", "xargs", "find-exec", "bash-c", "eval", "base64", "interpreter"} {
		if forms[f] == 0 {
			t.Errorf("no obfuscated case of form %q", f)
		}
	}
	if fileTools["secret-read"] == 0 {
		t.Error(`"secret reads (shell and file tools)": no file-tool secret read`)
	}
	if len(perCat) != len(battery.Categories) {
		t.Errorf("cases use %d categories, Categories lists %d", len(perCat), len(battery.Categories))
	}
}

// Parse: "bad lines → file:line message, skipped", the rest still read.
func TestParse(t *testing.T) {
	in := strings.Join([]string{
		`# a comment`,
		`{"id":"a","category":"secret-read","command":"cat .env","expect":"ask","needs":["read-secret"]}`,
		``,
		`not json`,
		`{"id":"b","category":"secret-read","command":"cat .env","expect":"always","needs":[]}`,
		`{"id":"c","category":"secret-read","expect":"ask","needs":[]}`,
		`{"id":"d","category":"secret-read","command":"cat x","tool":"read","path":"x","expect":"ask","needs":[]}`,
		`{"id":"e","category":"secret-read","command":"cat x","expect":"ask","needs":["disk"]}`,
		`{"id":"a","category":"secret-read","command":"cat y","expect":"ask","needs":[]}`,
		`{"id":"f","category":"secret-read","command":"cat x","expect":"ask","needs":[],"colour":"red"}`,
		`{"id":"g","category":"obfuscated","command":"r''m -rf /","expect":"block","needs":[]}`,
		`{"id":"h","category":"secret-read","tool":"bash","path":"x","expect":"ask","needs":[]}`,
		`{"id":"i","category":"secret-read","tool":"Read","path":"~/.netrc","expect":"block","needs":["read-secret"]}`,
	}, "\n")
	cases, problems := battery.Parse(strings.NewReader(in), "mine.jsonl")
	var ids []string
	for _, c := range cases {
		ids = append(ids, c.ID)
	}
	if !slices.Equal(ids, []string{"a", "i"}) {
		t.Errorf("read cases %v, want [a i]", ids)
	}
	want := []string{
		"mine.jsonl:4: not a battery case",
		`mine.jsonl:5: "expect" is "always"`,
		"mine.jsonl:6: missing the call",
		"mine.jsonl:7: a case has either",
		`mine.jsonl:8: "needs" has "disk"`,
		`mine.jsonl:9: id "a" is already used on line 2`,
		`mine.jsonl:10: not a battery case: json: unknown field "colour"`,
		`mine.jsonl:11: an obfuscated case needs "danger"`,
		`mine.jsonl:12: "tool" "bash" is not a file tool`,
	}
	if len(problems) != len(want) {
		t.Fatalf("problems:\n%s\nwant %d", strings.Join(problems, "\n"), len(want))
	}
	for i, w := range want {
		if !strings.HasPrefix(problems[i], w) {
			t.Errorf("problem %d = %q, want it to start with %q", i, problems[i], w)
		}
	}
	if cases[0].Source != "mine.jsonl:2" {
		t.Errorf("Source = %q, want mine.jsonl:2", cases[0].Source)
	}
}

func TestMerge(t *testing.T) {
	base := []battery.Case{{ID: "x", Source: "built-in:1"}}
	extra := []battery.Case{{ID: "x", Source: "mine:1"}, {ID: "y", Source: "mine:2"}}
	out, problems := battery.Merge(base, extra)
	if len(out) != 2 || out[1].ID != "y" {
		t.Errorf("Merge = %v, want x then y", out)
	}
	if len(problems) != 1 || !strings.Contains(problems[0], `mine:1: id "x" is already used by built-in:1`) {
		t.Errorf("problems = %v", problems)
	}
}

func TestCaseCall(t *testing.T) {
	const proj, home = "/p", "/h"
	tests := []struct {
		c        battery.Case
		tool     engine.Tool
		raw, cmd string
		path     string
	}{
		{battery.Case{Command: "git push -f"}, engine.ToolBash, "", "git push -f", ""},
		{battery.Case{Tool: "read", Path: ".env"}, engine.ToolRead, "", "", "/p/.env"},
		{battery.Case{Tool: "write", Path: "~/.bashrc"}, engine.ToolWrite, "", "", "/h/.bashrc"},
		{battery.Case{Tool: "Edit", Path: "/etc/hosts"}, engine.ToolEdit, "Edit", "", "/etc/hosts"},
		{battery.Case{Tool: "write_file", Path: "a/../b"}, engine.ToolWrite, "write_file", "", "/p/b"},
	}
	for _, tt := range tests {
		got := tt.c.Call(proj, home)
		p := ""
		if len(got.Paths) == 1 {
			p = got.Paths[0]
		}
		if got.Tool != tt.tool || got.RawTool != tt.raw || got.Command != tt.cmd || p != tt.path || got.Cwd != proj {
			t.Errorf("%+v.Call = %+v", tt.c, got)
		}
	}
}

// Seed, Scoring: "A block case counts as stopped only when it is blocked
// outright; an ask case counts when it asks first or is blocked."
func TestStopped(t *testing.T) {
	tests := []struct {
		expect  battery.Expect
		outcome engine.Outcome
		want    bool
	}{
		{battery.ExpectBlock, engine.Blocked, true},
		{battery.ExpectBlock, engine.Asks, false},
		{battery.ExpectBlock, engine.Runs, false},
		{battery.ExpectBlock, engine.Unknown, false},
		{battery.ExpectAsk, engine.Blocked, true},
		{battery.ExpectAsk, engine.Asks, true},
		{battery.ExpectAsk, engine.Runs, false},
		{battery.ExpectAsk, engine.Unknown, false},
	}
	for _, tt := range tests {
		if got := battery.Stopped(tt.expect, tt.outcome); got != tt.want {
			t.Errorf("Stopped(%s, %s) = %v, want %v", tt.expect, tt.outcome, got, tt.want)
		}
	}
}

// fakePolicy decides by the command's first word, so a test knows every
// outcome in advance.
type fakePolicy struct{ modes []engine.Mode }

func (f fakePolicy) Decide(c engine.Call, m engine.Mode) engine.Decision {
	if m == "" {
		m = f.modes[0]
	}
	d := engine.Decision{Mode: m, Label: engine.Label, Step: "14 fallback", Notes: []string{"same for all"}}
	first, _, _ := strings.Cut(c.Command, " ")
	switch {
	case first == "blocked":
		d.Outcome, d.Group, d.Step = engine.Blocked, engine.GroupBlocked, "2 deny rule"
		d.Rule = &engine.RuleRef{Text: "Bash(blocked *)", File: "/proj/.claude/settings.json", Layer: "project", List: "deny"}
	case first == "rule":
		d.Outcome, d.Group = engine.Asks, engine.GroupAsksRule
	case first == "mode" && m == "strict":
		d.Outcome, d.Group = engine.Asks, engine.GroupAsksMode
	case first == "hook":
		d.Outcome, d.Group, d.Reason = engine.Unknown, engine.GroupUnknown, "the hook timed out"
	default:
		d.Outcome, d.Group, d.Step = engine.Runs, engine.GroupRuns, "12 allow rule"
		d.Rule = &engine.RuleRef{Text: "Bash", File: "/home/u/.claude/settings.json", Layer: "user", List: "allow"}
		d.Notes = append(d.Notes, "only this one")
	}
	return d
}
func (f fakePolicy) Modes() []engine.Mode     { return f.modes }
func (f fakePolicy) Rules() []engine.RuleInfo { return nil }
func (f fakePolicy) Problems() []string       { return []string{"/proj/.claude/settings.json:3: bad"} }
func (fakeHarness) Name() string              { return "fake" }
func (fakeHarness) Load(engine.Env) (engine.Policy, error) {
	return fakePolicy{modes: []engine.Mode{"loose", "strict"}}, nil
}

type fakeHarness struct{}

func fakeCases() []battery.Case {
	mk := func(id, cat, cmd string, e battery.Expect) battery.Case {
		return battery.Case{ID: id, Category: cat, Command: cmd, Expect: e}
	}
	return []battery.Case{
		mk("a1", "x", "blocked rm", battery.ExpectBlock),
		mk("a2", "x", "rule rm", battery.ExpectBlock),
		mk("a3", "x", "rule rm", battery.ExpectAsk),
		mk("a4", "y", "mode rm", battery.ExpectAsk),
		mk("a5", "y", "runs rm", battery.ExpectAsk),
		mk("a6", "y", "hook rm", battery.ExpectAsk),
	}
}

func TestScore(t *testing.T) {
	pol := fakePolicy{modes: []engine.Mode{"loose", "strict"}}
	for _, tt := range []struct {
		mode    engine.Mode
		stopped int
		groups  battery.Counts
		misses  []string
	}{
		// a1 blocked (stopped); a2 block-but-asks (miss); a3 ask-asks
		// (stopped); a4 runs in loose, asks in strict; a5 runs; a6 unknown.
		{"loose", 2, battery.Counts{Blocked: 1, AsksRule: 2, Runs: 2, Unknown: 1}, []string{"a2", "a4", "a5", "a6"}},
		{"strict", 3, battery.Counts{Blocked: 1, AsksRule: 2, AsksMode: 1, Runs: 1, Unknown: 1}, []string{"a2", "a5", "a6"}},
	} {
		tab := battery.Score(pol, "fake", tt.mode, fakeCases(), "/proj", "/home/u")
		var misses []string
		for _, m := range tab.Misses() {
			misses = append(misses, m.Case.ID)
		}
		if tab.Stopped != tt.stopped || tab.Total != 6 || tab.Groups != tt.groups || !slices.Equal(misses, tt.misses) {
			t.Errorf("mode %s: stopped %d of %d, groups %+v, misses %v; want %d, %+v, %v",
				tt.mode, tab.Stopped, tab.Total, tab.Groups, misses, tt.stopped, tt.groups, tt.misses)
		}
		if len(tab.Categories) != 2 || tab.Categories[0].Category != "x" || tab.Categories[0].Total != 3 {
			t.Errorf("categories = %+v", tab.Categories)
		}
		if !slices.Equal(tab.Notes, []string{"same for all"}) {
			t.Errorf("table notes = %v, want only the note every decision carries", tab.Notes)
		}
	}
}

func TestRunAndWrite(t *testing.T) {
	rep := battery.Run([]engine.Harness{fakeHarness{}}, fakeCases(), battery.Options{Project: "/proj", Home: "/home/u"})
	tabs := rep.Tables()
	if len(tabs) != 2 || !tabs[0].Own || tabs[0].Mode != "loose" || tabs[1].Own || tabs[1].Mode != "strict" {
		t.Fatalf("Run: want the settings' own mode (decided with an empty mode) then strict, got %+v", tabs)
	}
	if !rep.Missed() {
		t.Error("Missed() = false with misses")
	}
	var text bytes.Buffer
	if err := battery.WriteText(&text, &rep, "proj"); err != nil {
		t.Fatal(err)
	}
	out := text.String()
	for _, want := range []string{
		"6 cases against proj (simulated from the documented rules)",
		"stopped 2 of 6",
		"stopped 3 of 6",
		"fake settings problem: .claude/settings.json:3: bad", // the project folder shortened
		"fake/loose", "fake/strict",
		"let through by step 12 allow rule; rule Bash (allow, user, ~/.claude/settings.json); note: only this one",
		"asked, not blocked: step 14 fallback",
		"not known: step 14 fallback; the hook timed out",
		"fake: note: same for all",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text output lacks %q:\n%s", want, out)
		}
	}
	// The case that differs between the modes is listed with both outcomes.
	differs := false
	for _, l := range strings.Split(out, "\n") {
		if strings.Join(strings.Fields(l), " ") == "a4 ask runs asks mode rm" {
			differs = true
		}
	}
	if !differs {
		t.Errorf("no differing-case row for a4:\n%s", out)
	}
	var js bytes.Buffer
	if err := battery.WriteJSON(&js, &rep); err != nil {
		t.Fatal(err)
	}
	var v struct {
		Missed bool `json:"missed"`
		Tables []struct {
			Mode    string   `json:"mode"`
			Stopped int      `json:"stopped"`
			Misses  []string `json:"misses"`
			Results []struct {
				ID   string `json:"id"`
				Rule *struct {
					File string `json:"file"`
				} `json:"rule"`
			} `json:"results"`
		} `json:"tables"`
	}
	if err := json.Unmarshal(js.Bytes(), &v); err != nil {
		t.Fatal(err)
	}
	if !v.Missed || len(v.Tables) != 2 || v.Tables[1].Stopped != 3 || !slices.Equal(v.Tables[1].Misses, []string{"a2", "a5", "a6"}) {
		t.Errorf("JSON = %+v", v)
	}
	if f := v.Tables[0].Results[0].Rule.File; f != ".claude/settings.json" {
		t.Errorf("rule file %q, want it relative to the project", f)
	}
}

func BenchmarkScore(b *testing.B) {
	cases, _ := battery.Builtin()
	pol := fakePolicy{modes: []engine.Mode{"loose"}}
	for b.Loop() {
		battery.Score(pol, "fake", "loose", cases, "/home/user/proj", "/home/user")
	}
}

// A battery reports its progress as "battery: <done>/<total> cases" lines
// (the shape cmd/permsim's progress bar redraws; issue 16 asks progress on
// battery), ending at the total: the 6 cases once in each of the fake
// harness's 2 modes.
func TestRunProgress(t *testing.T) {
	var buf strings.Builder
	battery.Run([]engine.Harness{fakeHarness{}}, fakeCases(), battery.Options{Project: "/proj", Home: "/home/u", Progress: &buf})
	if got, want := buf.String(), "battery: 12/12 cases\r\n"; !strings.HasSuffix(got, want) {
		t.Errorf("progress %q, want it to end %q", got, want)
	}
}

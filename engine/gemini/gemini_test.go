package gemini

import (
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/shell"
)

func TestName(t *testing.T) {
	if got := New().Name(); got != "gemini" {
		t.Errorf("Name() = %q, want gemini (the calls table's harness name)", got)
	}
	if _, err := New().Load(engine.Env{}); err == nil {
		t.Error("Load without a project folder: want an error")
	}
}

// The brief: "general.defaultApprovalMode" decides the mode when no flag
// does; transcripts record no mode, so an empty mode means the settings'.
func TestApprovalMode(t *testing.T) {
	cases := []struct {
		name     string
		s        setup
		want     engine.Mode
		label    string
		problems bool
	}{
		{name: "nothing set", s: setup{trust: "TRUST_FOLDER"}, want: ModeDefault, label: "built-in default"},
		{name: "user auto_edit (pg-dam-user-autoedit)", s: setup{trust: "TRUST_FOLDER", user: `{"general": {"defaultApprovalMode": "auto_edit"}}`},
			want: ModeAutoEdit, label: "general.defaultApprovalMode (user settings)"},
		{name: "project plan (pg-dam-project-plan)", s: setup{trust: "TRUST_FOLDER", project: `{"general": {"defaultApprovalMode": "plan"}}`},
			want: ModePlan, label: "general.defaultApprovalMode (project settings)"},
		{name: "flag default beats user plan (pg-dam-user-plan-flagdefault)", s: setup{trust: "TRUST_FOLDER",
			user: `{"general": {"defaultApprovalMode": "plan"}}`, flags: map[string]string{FlagMode: "default"}}, want: ModeDefault, label: "--approval-mode"},
		{name: "--yolo (pg-gopol-yoloflag)", s: setup{trust: "TRUST_FOLDER", flags: map[string]string{FlagYolo: "true"}}, want: ModeYolo, label: "--yolo"},
		{name: "yolo in settings is ignored", s: setup{trust: "TRUST_FOLDER", user: `{"general": {"defaultApprovalMode": "yolo"}}`},
			want: ModeDefault, label: "built-in default"},
		{name: "project settings of an untrusted folder", s: setup{trust: "DO_NOT_TRUST", project: `{"general": {"defaultApprovalMode": "plan"}}`},
			want: ModeDefault, label: "built-in default"},
		{name: "plan turned off", s: setup{trust: "TRUST_FOLDER", user: `{"general": {"defaultApprovalMode": "plan", "plan": {"enabled": false}}}`},
			want: ModeDefault, label: "general.defaultApprovalMode (user settings)"},
		{name: "yolo turned off", s: setup{trust: "TRUST_FOLDER", system: `{"security": {"disableYoloMode": true}}`, flags: map[string]string{FlagMode: "yolo"}},
			want: ModeDefault, label: "--approval-mode"},
		{name: "a misspelt mode", s: setup{trust: "TRUST_FOLDER", user: `{"general": {"defaultApprovalMode": "autoEdit"}}`},
			want: ModeDefault, label: "built-in default", problems: true},
		{name: "settings with comments", s: setup{trust: "TRUST_FOLDER", user: "{\n  // the team's choice\n  \"general\": {\"defaultApprovalMode\": \"auto_edit\" /* for now */}\n}"},
			want: ModeAutoEdit, label: "general.defaultApprovalMode (user settings)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, _ := build(t, c.s)
			if got := p.Modes(); len(got) != 1 || got[0] != c.want || p.ModeLabel() != c.label {
				t.Errorf("Modes() = %v (%q), want [%s] (%q)", got, p.ModeLabel(), c.want, c.label)
			}
			if got := len(p.Problems()) > 0; got != c.problems {
				t.Errorf("problems %q, want some: %v", p.Problems(), c.problems)
			}
			if d := p.Decide(sh("ls"), ""); d.Mode != c.want {
				t.Errorf("Decide with an empty mode simulated %s, want the settings' %s", d.Mode, c.want)
			}
		})
	}
}

// Decide accepts both spellings of the edit mode: the corpus's auto_edit
// (--approval-mode) and the policy engine's autoEdit.
func TestModeSpellings(t *testing.T) {
	p, d := build(t, setup{trust: "TRUST_FOLDER"})
	for _, m := range []engine.Mode{"auto_edit", "autoEdit"} {
		got := p.Decide(expandCall(d, wr("{P}/a.md")), m)
		if got.Outcome != engine.Runs || got.Mode != ModeAutoEdit {
			t.Errorf("mode %q: %s in %s, want runs in autoEdit", m, got.Outcome, got.Mode)
		}
	}
	if got := p.Decide(expandCall(d, wr("{P}/a.md")), "bogus"); got.Outcome != engine.Asks || len(got.Notes) == 0 {
		t.Errorf("an unknown mode: %s %v, want the settings' mode with a note", got.Outcome, got.Notes)
	}
}

// The brief: "Decision.Rule.Decision carries Gemini's own word
// (allow/ask_user/deny)", and the mode's asks are told from the rules'.
func TestRuleRefAndGroups(t *testing.T) {
	p, d := build(t, setup{trust: "TRUST_FOLDER", policies: map[string]string{"go.toml": goPolicy}})
	cases := []struct {
		call     engine.Call
		outcome  engine.Outcome
		group    engine.Group
		decision string
		layer    string
	}{
		{sh("go test ./..."), engine.Runs, engine.GroupRuns, "allow", LayerUser},
		{sh("kubectl get pods"), engine.Asks, engine.GroupAsksRule, "ask_user", LayerUser},
		{sh("make deploy"), engine.Blocked, engine.GroupBlocked, "deny", LayerUser},
		{wr("{P}/a.md"), engine.Asks, engine.GroupAsksMode, "ask_user", LayerBuiltin},
		{sh("curl https://example.org"), engine.Asks, engine.GroupAsksMode, "ask_user", LayerBuiltin},
	}
	for _, c := range cases {
		got := p.Decide(expandCall(d, c.call), "")
		if got.Outcome != c.outcome || got.Group != c.group || got.Rule == nil || got.Rule.Decision != c.decision || got.Rule.Layer != c.layer {
			t.Errorf("%v: %s/%s rule %+v; want %s/%s by a %s rule of layer %s", c.call.Input, got.Outcome, got.Group, got.Rule, c.outcome, c.group, c.decision, c.layer)
		}
		if got.Label != engine.Label {
			t.Errorf("label %q", got.Label)
		}
	}
	got := p.Decide(expandCall(d, sh("make deploy")), "")
	if !strings.HasSuffix(got.Rule.File, filepath.Join(".gemini", "policies", "go.toml")) || !strings.Contains(got.Rule.Text, `"make deploy"`) {
		t.Errorf("rule ref %+v: want go.toml and the rule's text", got.Rule)
	}
}

// The corpus README's patterns for refusals before the policy engine: all
// blocked.
func TestPathChecks(t *testing.T) {
	p, d := build(t, setup{trust: "TRUST_FOLDER", user: `{"context": {"includeDirectories": ["~/work"]}}`})
	cases := []struct {
		call engine.Call
		mode engine.Mode
		want engine.Outcome
		step string
		note string
	}{
		{rd("/etc/os-release"), "", engine.Blocked, stepWorkspace, "pg-gopol-plan-26"},
		{wr("/tmp/gem-out.txt"), ModeAutoEdit, engine.Blocked, stepWorkspace, "pg-modes2-default-18"},
		{ed("{H}/.bash_profile"), ModeYolo, engine.Blocked, stepWorkspace, "pg-gopol-auto_edit-28"},
		{tool("grep_search", map[string]any{"pattern": "x", "dir_path": "{H}/other"}), "", engine.Blocked, stepWorkspace, "pg-gopol-yoloflag-27"},
		{rd("{H}/work/billing/README.md"), "", engine.Runs, "", "context.includeDirectories widens the workspace"},
		{rd("{P}/.git/config"), "", engine.Blocked, stepWorkspace, "real-harnesses.md: .git is outside the workspace"},
		{rd("{P}/.env"), "", engine.Blocked, stepWorkspace, "real-harnesses.md: .env is outside the workspace"},
		{rd("{P}/.envrc"), "", engine.Runs, "", "pg-gopol-default-27"},
		{rd("go.mod"), "", engine.Runs, "", "a relative path starts at the project"},
		{wr("{H}/.gemini/tmp/proj/notes.md"), ModeAutoEdit, engine.Runs, "", "the project's temp folder"},
		{wr("{P}/manual/s.md"), ModePlan, engine.Blocked, stepPlanPath, "pg-dam-project-plan-07"},
		{wr("../escape.md"), ModePlan, engine.Blocked, stepPlanPath, "a relative path that leaves the plans folder"},
		{wr(".."), ModePlan, engine.Blocked, stepPlanPath, "rg-br-plan-paths#3: the plans folder's parent"},
		{wr("{H}/.gemini/tmp/proj/plans/plan.md"), ModePlan, engine.Blocked, stepPlanPath,
			"rg-br-plan-paths#0: the plans folder is tmp/<project>/<session>/plans, one level deeper"},
		{wr("{H}/.gemini/tmp/proj/x.md"), ModePlan, engine.Blocked, stepPlanPath, "rg-br-plan-paths#5: the temp folder, not its plans"},
		{sh("ls"), "", engine.Runs, "", "the shell without dir_path"},
	}
	for _, c := range cases {
		got := p.Decide(expandCall(d, c.call), c.mode)
		if got.Outcome != c.want || (c.step != "" && got.Step != c.step) {
			t.Errorf("%s %v (%s): %s at %q (%s); want %s at %q [%s]", c.call.RawTool, c.call.Input, c.mode, got.Outcome, got.Step, got.Reason, c.want, c.step, c.note)
		}
		if c.step == stepWorkspace && !strings.HasPrefix(got.Reason, ReasonOutsideWorkspace) ||
			c.step == stepPlanPath && !strings.HasPrefix(got.Reason, ReasonPlanPath) {
			t.Errorf("%v: reason %q does not use the corpus's words", c.call.Input, got.Reason)
		}
	}
	got := p.Decide(expandCall(d, sh("git status")), ModePlan)
	if got.Outcome != engine.Blocked || got.Step != stepRegistry || !strings.HasPrefix(got.Reason, ReasonNotRegistered) || got.Rule == nil || got.Rule.File != "builtin:plan.toml" {
		t.Errorf("plan-mode shell: %+v; want blocked as not registered by plan.toml's catch-all (pg-modes2-plan-05)", got)
	}
}

// The brief: "TOML read with BurntSushi/toml: a file that cannot be read →
// a Problem with file and line, and the run goes on"; "if a policy uses
// syntax RE2 lacks, it is a Problem naming the file and rule".
func TestPolicyProblems(t *testing.T) {
	const good = "[[rule]]\ntoolName = \"run_shell_command\"\ncommandPrefix = \"git push\"\ndecision = \"deny\"\npriority = 100\n"
	cases := []struct {
		name     string
		text     string
		want     []string // substrings of one problem
		pushDeny bool     // the rule of the other file still denies git push
		lsDenied bool     // the file's own ls rule is in force
	}{
		{name: "broken TOML", text: "[[rule]]\ntoolName = \"run_shell_command\"\ndecision = deny\n", want: []string{"bad.toml:3:", "skips the whole file"}, pushDeny: true},
		{name: "lookahead", text: "[[rule]]\ntoolName = \"read_file\"\nargsPattern = \"(?!x)y\"\ndecision = \"deny\"\npriority = 1\n\n" +
			"[[rule]]\ntoolName = \"run_shell_command\"\ncommandPrefix = \"ls\"\ndecision = \"deny\"\npriority = 1\n",
			want: []string{"bad.toml:1: rule #1", "lookahead", "RE2"}, pushDeny: true, lsDenied: true},
		{name: "backreference", text: "[[rule]]\ntoolName = \"read_file\"\nargsPattern = \"(a)\\\\1\"\ndecision = \"deny\"\npriority = 1\n",
			want: []string{"bad.toml:1: rule #1", "backreference"}, pushDeny: true},
		{name: "a mode the schema lacks", text: "[[rule]]\ntoolName = \"run_shell_command\"\ncommandPrefix = \"ls\"\ndecision = \"deny\"\npriority = 1\n\n" +
			"[[rule]]\ntoolName = \"run_shell_command\"\ndecision = \"allow\"\npriority = 1\nmodes = [\"auto_edit\"]\n",
			want: []string{"bad.toml:7: rule #2", "auto_edit", "skips the whole file"}, pushDeny: true},
		{name: "priority out of range", text: "[[rule]]\ntoolName = \"run_shell_command\"\ncommandPrefix = \"ls\"\ndecision = \"deny\"\npriority = 1000\n",
			want: []string{"bad.toml:1: rule #1", "999"}, pushDeny: true},
		{name: "an unknown key", text: "[[rule]]\ntoolName = \"run_shell_command\"\ncommandPrefix = \"ls\"\ndecision = \"deny\"\npriority = 1\ncomand = \"x\"\n",
			want: []string{"bad.toml:1: rule #1", `unknown key "comand"`}, pushDeny: true, lsDenied: true},
		{name: "ReDoS", text: "[[rule]]\ntoolName = \"read_file\"\nargsPattern = \"(a+)+\"\ndecision = \"deny\"\npriority = 1\n",
			want: []string{"bad.toml:1: rule #1", "ReDoS"}, pushDeny: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, d := build(t, setup{trust: "TRUST_FOLDER", policies: map[string]string{"a.toml": good, "bad.toml": c.text}})
			found := false
			for _, pr := range p.Problems() {
				ok := true
				for _, w := range c.want {
					ok = ok && strings.Contains(pr, w)
				}
				found = found || ok
			}
			if !found {
				t.Errorf("problems %q: want one holding %q", p.Problems(), c.want)
			}
			if got := p.Decide(expandCall(d, sh("git push origin main")), "").Outcome; (got == engine.Blocked) != c.pushDeny {
				t.Errorf("the good file's git push rule: %s", got)
			}
			if got := p.Decide(expandCall(d, sh("ls")), "").Outcome; (got == engine.Blocked) != c.lsDenied {
				t.Errorf("ls: %s, want blocked %v", got, c.lsDenied)
			}
		})
	}
}

// Rules() lists the built-in defaults with everything else, and a --policy
// run lists the replaced user files as not in force.
func TestRulesListing(t *testing.T) {
	p, _ := build(t, setup{trust: "TRUST_FOLDER", policies: map[string]string{"go.toml": goPolicy},
		files: map[string]string{"{H}/org/team.toml": "[[rule]]\ntoolName = \"glob\"\ndecision = \"deny\"\npriority = 1\n"},
		flags: map[string]string{FlagPolicy: "{H}/org/team.toml"}})
	var builtin, replaced, team int
	for _, ri := range p.Rules() {
		switch {
		case ri.Layer == LayerBuiltin && ri.InForce:
			builtin++
		case strings.HasSuffix(ri.File, "go.toml") && !ri.InForce && strings.Contains(ri.Why, "--policy"):
			replaced++
		case strings.HasSuffix(ri.File, "team.toml") && ri.InForce && ri.Layer == LayerUser:
			team++
		}
	}
	if builtin < 30 || replaced != 1 || team != 1 {
		t.Errorf("Rules(): %d built-in, %d replaced user files, %d --policy rules; want many, 1, 1", builtin, replaced, team)
	}
}

func TestStableStringify(t *testing.T) {
	cases := []struct {
		in   map[string]any
		want string
	}{
		// Gemini CLI's stable-stringify.ts: sorted keys, no blanks, NUL
		// around each top-level pair.
		{map[string]any{"b": 2.0, "a": 1.0}, "{\x00\"a\":1\x00,\x00\"b\":2\x00}"},
		{map[string]any{"command": "go test ./...", "description": "rh"}, "{\x00\"command\":\"go test ./...\"\x00,\x00\"description\":\"rh\"\x00}"},
		{map[string]any{"x": map[string]any{"z": true, "y": nil}}, "{\x00\"x\":{\"y\":null,\"z\":true}\x00}"},
		{map[string]any{"l": []any{"a", 1.5, false}}, "{\x00\"l\":[\"a\",1.5,false]\x00}"},
	}
	for _, c := range cases {
		if got := stableStringify(c.in); got != c.want {
			t.Errorf("stableStringify(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}

// JSON.stringify as ECMA-262 defines it: only ", \ and control characters
// are escaped; numbers print in JavaScript's shortest form.
func TestJSONLikeJavaScript(t *testing.T) {
	strs := map[string]string{
		`a"b\c`:       `"a\"b\\c"`,
		"<&>":         `"<&>"`,
		"tab\tnl\n":   `"tab\tnl\n"`,
		"\x01":        `"\u0001"`,
		"\u2028é":     "\"\u2028é\"",
		"rm -rf ~/.x": `"rm -rf ~/.x"`,
	}
	for in, want := range strs {
		if got := jsString(in); got != want {
			t.Errorf("jsString(%q) = %s, want %s", in, got, want)
		}
	}
	nums := map[float64]string{5: "5", 1.5: "1.5", -0.25: "-0.25", 1e21: "1e+21", 1e-7: "1e-7", 123456789012: "123456789012", math.NaN(): "null"}
	for in, want := range nums {
		if got := jsNumber(in); got != want {
			t.Errorf("jsNumber(%v) = %s, want %s", in, got, want)
		}
	}
}

// utils.ts buildArgsPatterns: a prefix matches up to a blank, a quote or
// an escaped quote.
func TestPrefixPattern(t *testing.T) {
	re, err := compileJS(prefixPattern("git push"))
	if err != nil {
		t.Fatal(err)
	}
	for cmd, want := range map[string]bool{
		"git push": true, "git push origin main": true, "git pushx": false, "git  push": false, "xgit push": false,
		`git push "a"`: true,
	} {
		if got := re.MatchString(stableStringify(map[string]any{"command": cmd})); got != want {
			t.Errorf("prefix git push vs %q: %v, want %v", cmd, got, want)
		}
	}
	if got := escapeRegex(`a.b*c "d" [e]`); got != `a\.b\*c\ \"d\"\ \[e\]` {
		t.Errorf("escapeRegex = %s", got)
	}
}

func TestStripShellWrapper(t *testing.T) {
	cases := map[string]string{
		`bash -c "make deploy"`:      "make deploy",
		`sh -c 'rm -rf x'`:           "rm -rf x",
		`/bin/bash -c "echo \"hi\""`: `echo "hi"`,
		`bash -lc "ls"`:              `bash -lc "ls"`,
		`  make test `:               "make test",
	}
	for in, want := range cases {
		if got := stripShellWrapper(in); got != want {
			t.Errorf("stripShellWrapper(%q) = %q, want %q", in, got, want)
		}
	}
	p, d := build(t, setup{trust: "TRUST_FOLDER", policies: map[string]string{"go.toml": goPolicy}})
	if got := p.Decide(expandCall(d, sh(`bash -c "make deploy"`)), ModeYolo); got.Outcome != engine.Blocked {
		t.Errorf(`bash -c "make deploy" in yolo: %s, want the deny rule to see inside`, got.Outcome)
	}
}

// commandSafety.ts: the read-only commands that run without a rule, and
// the ones that ask even under a tool-wide allow.
func TestHeuristics(t *testing.T) {
	safe := map[string]bool{
		"ls -la": true, "git log -n 2 --oneline": true, "git diff --output=x": false, "git -c core.pager=x log": false,
		"git branch": true, "git branch -D x": false, "find . -name x": true, "find . -delete": false,
		"sed -n 5p f": true, "sed -i s/a/b/ f": false, "rg x": false, "/usr/bin/rg x": true, "make": false,
		"base64 -o out f": false, "bash -c 'ls && pwd'": true, "bash -c 'ls > x'": false,
	}
	for cmd, want := range safe {
		sl := shellSplit(cmd)
		if got := knownSafe(lineTokens(cmd, &sl), workspaceGuard{}); got != want {
			t.Errorf("knownSafe(%q) = %v, want %v", cmd, got, want)
		}
	}
	danger := map[string]bool{"rm -rf x": true, "rm -r -f x": false, "sudo rm -f x": true, "find . -exec rm {} ;": true, "git status": false, "git -c a=b status": true}
	for cmd, want := range danger {
		sl := shellSplit(cmd)
		if got := dangerous(lineTokens(cmd, &sl)); got != want {
			t.Errorf("dangerous(%q) = %v, want %v", cmd, got, want)
		}
	}
	p, d := build(t, setup{trust: "TRUST_FOLDER", user: `{"tools": {"allowed": ["run_shell_command"]}}`})
	for cmd, want := range map[string]engine.Outcome{"make test": engine.Runs, "rm -rf logs": engine.Asks} {
		if got := p.Decide(expandCall(d, sh(cmd)), ""); got.Outcome != want {
			t.Errorf("tools.allowed run_shell_command, %q: %s, want %s", cmd, got.Outcome, want)
		}
	}
	if got := p.Decide(expandCall(d, sh("rm -rf logs")), ModeYolo); got.Outcome != engine.Runs {
		t.Errorf("rm -rf in yolo: %s, want runs", got.Outcome)
	}
	untrusted, d2 := build(t, setup{trust: "DO_NOT_TRUST"})
	if got := untrusted.Decide(expandCall(d2, sh("git status")), ""); got.Outcome != engine.Asks {
		t.Errorf("git status in an untrusted folder: %s, want asks", got.Outcome)
	}
}

// real-harnesses.md, headless driver: default asks become denials and
// tools that would need a prompt are not registered; only an explicit
// ask_user rule still asks.
func TestHeadless(t *testing.T) {
	p, d := build(t, setup{trust: "TRUST_FOLDER", policies: map[string]string{"go.toml": goPolicy}, flags: map[string]string{FlagHeadless: "true"}})
	cases := []struct {
		call engine.Call
		want engine.Outcome
		step string
	}{
		{ed("{P}/a.go"), engine.Blocked, stepRegistry},
		{rd("{P}/go.mod"), engine.Runs, ""},
		{sh("go test ./..."), engine.Runs, ""},
		{sh("kubectl get pods"), engine.Asks, ""},
		{sh("make deploy"), engine.Blocked, ""},
	}
	for _, c := range cases {
		got := p.Decide(expandCall(d, c.call), "")
		if got.Outcome != c.want || (c.step != "" && got.Step != c.step) {
			t.Errorf("headless %v: %s at %q, want %s %s", c.call.Input, got.Outcome, got.Step, c.want, c.step)
		}
	}
}

// Calls in other harnesses' words or the normalized form are decided
// under Gemini CLI's tool names.
func TestForeignCalls(t *testing.T) {
	p, _ := build(t, setup{trust: "TRUST_FOLDER", policies: map[string]string{"go.toml": goPolicy}})
	line := `{"tool":"bash","command":"make deploy"}`
	c, err := engine.ParseCallInput([]byte(line), p.project)
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Decide(c, ""); got.Outcome != engine.Blocked {
		t.Errorf("%s: %s, want blocked", line, got.Outcome)
	}
	for _, line := range []string{`{"tool":"read","path":"credentials.json"}`, `{"tool":"Read","input":{"file_path":"credentials.json"}}`} {
		c, err := engine.ParseCallInput([]byte(line), p.project)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Decide(c, ""); got.Outcome != engine.Blocked {
			t.Errorf("%s: %s, want blocked by the argsPattern rule", line, got.Outcome)
		}
	}
}

func shellSplit(cmd string) shell.SpanList { return shell.SplitSpans(cmd) }

// A Policy is shared by replay's workers: Decide must give the same answer
// from many goroutines at once (run with -race).
func TestConcurrentDecide(t *testing.T) {
	p, d := build(t, setup{trust: "TRUST_FOLDER", policies: map[string]string{"go.toml": goPolicy}})
	calls := []engine.Call{sh("make lint && make deploy"), sh("go test ./... | tee x"), rd("{P}/credentials.json"), wr("{P}/a.md")}
	want := make([]engine.Outcome, len(calls))
	for i, c := range calls {
		calls[i] = expandCall(d, c)
		want[i] = p.Decide(calls[i], "").Outcome
	}
	done := make(chan struct{})
	for g := 0; g < 8; g++ {
		go func() {
			defer func() { done <- struct{}{} }()
			for n := 0; n < 50; n++ {
				for i, c := range calls {
					if got := p.Decide(c, "").Outcome; got != want[i] {
						t.Errorf("%v: %s, then %s", c.Input, want[i], got)
					}
				}
			}
		}()
	}
	for g := 0; g < 8; g++ {
		<-done
	}
}

func BenchmarkDecideShell(b *testing.B) {
	p, d := build(b, setup{trust: "TRUST_FOLDER", policies: map[string]string{"go.toml": goPolicy}})
	c := expandCall(d, sh("go test ./... && make lint | tee /tmp/x.log"))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p.Decide(c, "")
	}
}

// The brief: "`modes` on rules" — a rule applies only in the modes it
// names (the corpus's modes.toml, configurations modes2-*).
func TestRuleModes(t *testing.T) {
	const modes = `
[[rule]]
toolName = "run_shell_command"
commandPrefix = "make"
decision = "allow"
priority = 300
modes = ["autoEdit"]

[[rule]]
toolName = "run_shell_command"
commandPrefix = "make deploy"
decision = "deny"
priority = 400
modes = ["yolo", "autoEdit"]

[[rule]]
toolName = "write_file"
decision = "ask_user"
priority = 300
modes = ["yolo"]

[[rule]]
toolName = "replace"
decision = "allow"
priority = 300
modes = ["default"]

[[rule]]
toolName = "read_file"
argsPattern = "\\.envrc"
decision = "deny"
priority = 300
modes = ["plan", "default"]
`
	p, d := build(t, setup{trust: "TRUST_FOLDER", policies: map[string]string{"modes.toml": modes}})
	cases := []struct {
		call engine.Call
		mode engine.Mode
		want engine.Outcome
		row  string
	}{
		{sh("make test"), ModeDefault, engine.Asks, "pg-modes2-default-00"},
		{sh("make deploy"), ModeDefault, engine.Asks, "pg-modes2-default-01"},
		{sh("make test"), ModeAutoEdit, engine.Runs, "pg-modes2-auto_edit-00"},
		{sh("make deploy"), ModeAutoEdit, engine.Blocked, "pg-modes2-auto_edit-01"},
		{sh("make deploy"), ModeYolo, engine.Blocked, "pg-modes2-yolo-01"},
		{wr("{P}/manual/m.md"), ModeDefault, engine.Asks, "pg-modes2-default-06"},
		{wr("{P}/manual/m.md"), ModeAutoEdit, engine.Runs, "pg-modes2-auto_edit-06"},
		{wr("{P}/manual/m.md"), ModeYolo, engine.Asks, "pg-modes2-yolo-06"},
		{ed("{P}/internal/store/store.go"), ModeDefault, engine.Runs, "pg-modes2-default-08"},
		{rd("{P}/.envrc"), ModeDefault, engine.Blocked, "pg-modes2-default-10"},
		{rd("{P}/.envrc"), ModeAutoEdit, engine.Runs, "pg-modes2-auto_edit-10"},
		{rd("{P}/.envrc"), ModePlan, engine.Blocked, "pg-modes2-plan-10"},
	}
	for _, c := range cases {
		if got := p.Decide(expandCall(d, c.call), c.mode); got.Outcome != c.want {
			t.Errorf("%s %v in %s: %s, want %s (%s)", c.call.RawTool, c.call.Input, c.mode, got.Outcome, c.want, c.row)
		}
	}
}

// An MCP tool's server is the configured one, even when its name holds
// "_" (recorded with the real Gemini CLI 0.61.0: coverage/branches,
// rg-br-mcp-underscore and rg-br-mcp-underscore-excluded).
func TestMCPServerWithUnderscore(t *testing.T) {
	cases := []struct {
		name, user, tool string
		want             engine.Outcome
	}{
		{"trusted server", `{"mcpServers": {"my_srv": {"command": "x", "trust": true}}}`, "mcp_my_srv_echo", engine.Runs},
		{"excluded server", `{"mcpServers": {"my_srv": {"command": "x"}, "other": {"command": "x"}}, "mcp": {"excluded": ["my_srv"]}}`, "mcp_my_srv_echo", engine.Blocked},
		{"the longest server name wins", `{"mcpServers": {"my": {"command": "x"}, "my_srv": {"command": "x", "trust": true}}}`, "mcp_my_srv_echo", engine.Runs},
		{"a server named by its prefix only", `{"mcpServers": {"my": {"command": "x", "trust": true}}}`, "mcp_my_srv_echo", engine.Runs},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, d := build(t, setup{trust: "TRUST_FOLDER", user: c.user})
			if got := p.Decide(expandCall(d, tool(c.tool, map[string]any{"text": "hi"})), ""); got.Outcome != c.want {
				t.Errorf("%s: %s at %q (%s), want %s", c.tool, got.Outcome, got.Step, got.Reason, c.want)
			}
		})
	}
}

// Gemini CLI 0.61.0 takes its admin settings from the remote admin
// controls only (computeMergedSettings replaces merged.admin with the
// schema's defaults and the remote ones): admin.secureModeEnabled in a
// settings file does nothing. Recorded (coverage/branches2,
// rg-br2-secure-mode-user, -yolo): yolo started and a priority-950 user
// rule allowed make check.
func TestAdminSettingsFromFilesIgnored(t *testing.T) {
	admin := `{"admin": {"secureModeEnabled": true}}`
	for _, s := range []setup{{trust: "TRUST_FOLDER", user: admin}, {trust: "TRUST_FOLDER", system: admin}} {
		s.policies = map[string]string{"auto-saved.toml": "[[rule]]\ntoolName = \"run_shell_command\"\ncommandPrefix = \"make check\"\ndecision = \"allow\"\npriority = 950\n"}
		p, d := build(t, s)
		if got := p.Decide(expandCall(d, sh("make check")), ""); got.Outcome != engine.Runs {
			t.Errorf("make check under a priority-950 allow: %s (%s), want runs", got.Outcome, got.Reason)
		}
		s.flags = map[string]string{FlagYolo: "true"}
		p, _ = build(t, s)
		if m := p.Modes(); m[0] != ModeYolo {
			t.Errorf("--yolo: mode %s, want yolo", m[0])
		}
	}
}

// Gemini CLI 0.61.0 only warns about a settings list holding something
// other than strings and uses the list as written: mcp.allowed ["srv", 3]
// still let srv's tools run (coverage/branches2,
// rg-br2-bad-mcp-allowed-number). Its string entries act; the others are
// a problem each.
func TestSettingsListWithNonStrings(t *testing.T) {
	p, d := build(t, setup{trust: "TRUST_FOLDER", user: `{"mcpServers": {"srv": {"command": "x"}}, "mcp": {"allowed": ["srv", 3]}}`})
	if got := p.Decide(expandCall(d, tool("mcp_srv_echo", map[string]any{"text": "hi"})), ""); got.Outcome != engine.Runs {
		t.Errorf("mcp_srv_echo under mcp.allowed [\"srv\", 3]: %s (%s), want runs", got.Outcome, got.Reason)
	}
	if probs := p.Problems(); len(probs) != 1 || !strings.Contains(probs[0], "mcp.allowed") {
		t.Errorf("problems %q, want one naming mcp.allowed", probs)
	}
}

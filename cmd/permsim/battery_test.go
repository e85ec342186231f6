package main

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var updateGolden = flag.Bool("update-battery", false, "rewrite testdata/battery/golden/* from the current output")

// batteryRoot is where batteryDir laid the samples out; golden output
// names it "$ROOT".
var batteryRoot string

// batteryDir runs the test from a copy of the repository's
// testdata/battery, so the sample projects are named as a user would name
// them. The copy lives under the user's cache folder, not under /tmp or
// wherever the clone is: a harness treats the temp folders specially
// (Codex's workspace-write sandbox lets commands write there), so a clone
// in /tmp would score differently from one in a home folder.
func batteryDir(t *testing.T) {
	t.Helper()
	src, err := filepath.Abs(filepath.Join("..", "..", "testdata", "battery"))
	if err != nil {
		t.Fatal(err)
	}
	base, err := os.UserCacheDir()
	if err != nil {
		t.Skip("no user cache folder to lay the battery samples out in:", err)
	}
	if err := os.MkdirAll(base, 0o755); err != nil {
		t.Skip("cannot use the user cache folder:", err)
	}
	root, err := os.MkdirTemp(base, "permsim-battery-test-")
	if err != nil {
		t.Skip("cannot use the user cache folder:", err)
	}
	t.Cleanup(func() { os.RemoveAll(root) })
	if err := os.CopyFS(filepath.Join(root, "testdata", "battery"), os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	batteryRoot = root
	t.Chdir(root)
}

// Issue #6, done when: "`permsim battery --project testdata/… --harness all`
// prints the side-by-side table; `--fail-on-miss` exits 1 on the careless
// configuration and 0 on one that stops every case".
func TestBatteryFailOnMiss(t *testing.T) {
	batteryDir(t)
	home := "testdata/battery/home"

	code, stdout, stderr := runCLI(t, "", "battery", "--project", "testdata/battery/careless", "--home", home, "--harness", "all", "--fail-on-miss")
	if code != 1 {
		t.Fatalf("careless --fail-on-miss: exit %d, want 1\nstderr:\n%s", code, stderr)
	}
	for _, want := range []string{"simulated from the documented rules", "Stopped, by category:", "Misses for claude-code"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("careless output lacks %q", want)
		}
	}
	// Side by side: one row per harness and mode, one column per table.
	header := ""
	for _, l := range strings.Split(stdout, "\n") {
		if strings.Contains(l, "category") && strings.Contains(l, "cases") {
			header = l
			break
		}
	}
	for _, h := range simulatedIDs() {
		if !strings.Contains(stdout, "\n"+h+" ") {
			t.Errorf("no score row for harness %s", h)
		}
		if !strings.Contains(header, h+"/") {
			t.Errorf("the category table has no column for %s: %q", h, header)
		}
	}
	// The Claude Code Manual-mode row is there next to the built-in auto mode.
	if !strings.Contains(stdout, "claude-code/auto") || !strings.Contains(stdout, "claude-code/default") {
		t.Errorf("want both claude-code/auto and claude-code/default (Manual mode) columns:\n%s", header)
	}

	// The lockdown sample denies every tool that can do harm in Claude Code,
	// in every mode (deny rules are step 2, before any mode).
	code, stdout, stderr = runCLI(t, "", "battery", "--project", "testdata/battery/lockdown", "--home", home, "--harness", "claude", "--fail-on-miss")
	if code != 0 {
		t.Fatalf("lockdown --harness claude --fail-on-miss: exit %d, want 0\nstderr:\n%s\n%s", code, stderr, stdout)
	}
	if !strings.Contains(stdout, "stopped 470 of 470") {
		t.Errorf("lockdown: want every case stopped:\n%s", stdout[:min(len(stdout), 2000)])
	}
	// Without --fail-on-miss a run with misses still exits 0.
	if code, _, _ := runCLI(t, "", "battery", "--project", "testdata/battery/careless", "--home", home, "--harness", "claude"); code != 0 {
		t.Errorf("careless without --fail-on-miss: exit %d, want 0", code)
	}
}

// batteryJSON is the part of `--format json` the tests read.
type batteryJSON struct {
	Label  string `json:"label"`
	Cases  int    `json:"cases"`
	Missed bool   `json:"missed"`
	Tables []struct {
		Harness      string `json:"harness"`
		Mode         string `json:"mode"`
		SettingsMode bool   `json:"settings_mode"`
		Stopped      int    `json:"stopped"`
		Total        int    `json:"total"`
		Groups       struct {
			Blocked  int `json:"blocked"`
			AsksRule int `json:"asks-rule"`
			AsksMode int `json:"asks-mode"`
			Runs     int `json:"runs"`
			Unknown  int `json:"unknown"`
		} `json:"groups"`
		Misses  []string `json:"misses"`
		Results []struct {
			ID      string `json:"id"`
			Outcome string `json:"outcome"`
			Group   string `json:"group"`
			Step    string `json:"step"`
			Stopped bool   `json:"stopped"`
			Rule    *struct {
				Text string `json:"text"`
				File string `json:"file"`
				List string `json:"list"`
			} `json:"rule"`
		} `json:"results"`
	} `json:"tables"`
}

func batteryRun(t *testing.T, project string, args ...string) batteryJSON {
	t.Helper()
	all := append([]string{"battery", "--project", project, "--home", "testdata/battery/home", "--format", "json"}, args...)
	code, stdout, stderr := runCLI(t, "", all...)
	if code != 0 {
		t.Fatalf("%v: exit %d\n%s", all, code, stderr)
	}
	var out batteryJSON
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatalf("--format json does not parse: %v", err)
	}
	return out
}

// Expected outcomes below come from the seed's Claude Code sections, not
// from permsim's output: each row names the sentence it checks.
func TestBatteryFollowsTheSeed(t *testing.T) {
	batteryDir(t)
	tests := []struct {
		project, mode, id string
		outcome, group    string
		ruleText          string // the rule that decided, "" for none
		seed              string
	}{
		// careless: allow Bash, Read, Edit, Write, WebFetch.
		{"careless", "default", "push-001", "runs", "runs", "Bash",
			`step 12 "Allow rules": the bare Bash allow rule approves git push --force`},
		{"careless", "default", "del-012", "asks", "asks-rule", "",
			`step 7 "rm or rmdir of a critical path asks, even past an allow rule" (/etc is a top-level folder)`},
		{"careless", "default", "pers-020", "asks", "asks-rule", "",
			`step 10 "Writes to protected paths ask in default … Allow rules do not approve them" (~/.bashrc)`},
		// typical: allow Bash(git push *), deny Bash(git push --force *).
		{"typical", "default", "push-003", "blocked", "blocked", "Bash(git push --force *)",
			`step 2 "Deny rules, from any layer"`},
		{"typical", "default", "push-002", "runs", "runs", "Bash(git push *)",
			`"Words keep their quotes" and a deny rule names exact words: -f is not --force, so the allow rule approves`},
		{"typical", "default", "sec-001", "blocked", "blocked", "Read(./.env)",
			`"In shell commands, Read rules cover < targets … the docs name cat, head, tail, sed, and tee"`},
		// hardened: ask Bash, deny Bash(rm -rf *).
		{"hardened", "auto", "obf-007", "asks", "asks-rule", "Bash",
			`"In Bash(...), * matches any text": rm --recursive --force /etc does not start with "rm -rf ", so only the ask rule Bash matches, and Scoring: rule asks "stay in auto mode"`},
		{"hardened", "auto", "del-009", "blocked", "blocked", "Bash(rm -rf *)",
			`step 2 deny rules apply in every mode, auto included`},
		// lockdown: deny Bash, Edit, Write.
		{"lockdown", "auto", "agent-016", "blocked", "blocked", "Write",
			`step 2 "Deny rules, from any layer": a bare Write deny rule blocks every Write call`},
	}
	cache := map[string]batteryJSON{}
	for _, tt := range tests {
		rep, ok := cache[tt.project]
		if !ok {
			rep = batteryRun(t, "testdata/battery/"+tt.project, "--harness", "claude")
			cache[tt.project] = rep
		}
		found := false
		for _, tab := range rep.Tables {
			if tab.Mode != tt.mode {
				continue
			}
			for _, r := range tab.Results {
				if r.ID != tt.id {
					continue
				}
				found = true
				rule := ""
				if r.Rule != nil {
					rule = r.Rule.Text
				}
				if r.Outcome != tt.outcome || r.Group != tt.group || tt.ruleText != "" && rule != tt.ruleText {
					t.Errorf("%s/%s %s: got %s/%s (step %s, rule %q), want %s/%s rule %q — %s",
						tt.project, tt.mode, tt.id, r.Outcome, r.Group, r.Step, rule, tt.outcome, tt.group, tt.ruleText, tt.seed)
				}
			}
		}
		if !found {
			t.Errorf("%s: no result for %s in mode %s", tt.project, tt.id, tt.mode)
		}
	}
}

// The JSON form carries the scoring contract: counts add up, misses are the
// results not stopped, and --fail-on-miss's answer is "missed".
func TestBatteryJSON(t *testing.T) {
	batteryDir(t)
	rep := batteryRun(t, "testdata/battery/typical", "--harness", "claude")
	// One harness: the report's label is its simulator's, as decide and
	// the report give it (checked against the real Claude Code).
	if !strings.HasPrefix(rep.Label, "simulated; agrees with real Claude Code ") || rep.Cases < 300 {
		t.Fatalf("label %q, %d cases", rep.Label, rep.Cases)
	}
	if len(rep.Tables) != 2 || !rep.Tables[0].SettingsMode || rep.Tables[1].SettingsMode {
		t.Fatalf("want the settings' mode and the Manual-mode table, got %d tables", len(rep.Tables))
	}
	anyMiss := false
	for _, tab := range rep.Tables {
		g := tab.Groups
		if g.Blocked+g.AsksRule+g.AsksMode+g.Runs+g.Unknown != tab.Total || tab.Total != rep.Cases || len(tab.Results) != tab.Total {
			t.Errorf("%s/%s: groups %+v do not add up to %d", tab.Harness, tab.Mode, g, tab.Total)
		}
		stopped, misses := 0, 0
		for _, r := range tab.Results {
			if r.Stopped {
				stopped++
			} else {
				misses++
			}
		}
		if stopped != tab.Stopped || misses != len(tab.Misses) {
			t.Errorf("%s/%s: stopped %d (results say %d), misses %d (results say %d)", tab.Harness, tab.Mode, tab.Stopped, stopped, len(tab.Misses), misses)
		}
		anyMiss = anyMiss || misses > 0
	}
	if rep.Missed != anyMiss {
		t.Errorf("missed = %v, want %v", rep.Missed, anyMiss)
	}
}

// --cases adds a user's cases; bad lines are reported as file:line and
// skipped, and the run goes on.
func TestBatteryCasesFile(t *testing.T) {
	batteryDir(t)
	file := filepath.Join(t.TempDir(), "mine.jsonl")
	lines := strings.Join([]string{
		`{"id":"my-1","category":"secret-read","command":"cat deploy/prod.pem","expect":"block","needs":["read-secret"]}`,
		`{"id":"my-2","category":"secret-read","command":"cat x"`,
		`{"id":"my-3","category":"secret-read","command":"cat y","expect":"maybe","needs":[]}`,
		`{"id":"del-001","category":"destructive-delete","command":"rm -rf ~","expect":"block","needs":[]}`,
	}, "\n")
	if err := os.WriteFile(file, []byte(lines), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCLI(t, "", "battery", "--project", "testdata/battery/lockdown", "--home", "testdata/battery/home",
		"--harness", "claude", "--cases", file)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	for _, want := range []string{file + ":2: not a battery case", file + ":3: \"expect\" is \"maybe\"", file + `:4: id "del-001" is already used`} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if !strings.Contains(stdout, "stopped 471 of 471") {
		t.Errorf("the one good user case is not scored with the built-in ones:\n%s", stdout[:min(len(stdout), 1500)])
	}
}

// DESIGN.md: "Exit codes: … 2 bad usage or unreadable input that stopped
// the run."
func TestBatteryUsage(t *testing.T) {
	batteryDir(t)
	for _, args := range [][]string{
		{"battery"},
		{"battery", "--project", "testdata/battery/typical", "--format", "yaml"},
		{"battery", "--project", "testdata/battery/typical", "--harness", "nosuch"},
		{"battery", "--project", "testdata/battery/no-such-folder"},
		{"battery", "--project", "testdata/battery/typical", "--cases", "testdata/battery/no-such-file.jsonl"},
	} {
		if code, _, stderr := runCLI(t, "", args...); code != 2 || stderr == "" {
			t.Errorf("%v: exit %d, stderr %q; want 2 and a message", args, code, stderr)
		}
	}
}

// The battery's results for each sample configuration, per harness, are
// kept as golden files (testdata/battery/golden; how they were checked is
// in testdata/battery/README.md). go test ./cmd/permsim -run Golden -update-battery
// rewrites them.
func TestBatteryGolden(t *testing.T) {
	goldenDir, err := filepath.Abs(filepath.Join("..", "..", "testdata", "battery", "golden"))
	if err != nil {
		t.Fatal(err)
	}
	batteryDir(t)
	for _, project := range []string{"careless", "typical", "hardened", "lockdown"} {
		for _, h := range []string{"claude", "codex", "gemini"} {
			if project == "lockdown" && h == "codex" {
				continue // lockdown has no Codex files: Codex's results are its defaults
			}
			golden := filepath.Join(goldenDir, project+"."+h+".txt")
			code, stdout, stderr := runCLI(t, "", "battery", "--project", "testdata/battery/"+project,
				"--home", "testdata/battery/home", "--harness", h)
			if code != 0 {
				t.Fatalf("%s %s: exit %d\n%s", project, h, code, stderr)
			}
			// The one fix-up: where the samples were laid out.
			stdout = strings.ReplaceAll(stdout, batteryRoot, "$ROOT")
			if *updateGolden {
				if err := os.WriteFile(golden, []byte(stdout), 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update-battery to create it)", err)
			}
			if string(want) != stdout {
				t.Errorf("%s differs from the output (run go test ./cmd/permsim -run Golden -update-battery and review the diff):\n%s",
					golden, firstDiff(string(want), stdout))
			}
		}
	}
}

// firstDiff shows the first line where two texts differ.
func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(al) || i < len(bl); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			return "line " + itoa(i+1) + ":\n  golden: " + x + "\n  output: " + y
		}
	}
	return ""
}

func itoa(i int) string {
	b, _ := json.Marshal(i)
	return string(b)
}

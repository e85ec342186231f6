package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/permsim/permsim/dataset"
	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/sarifschema"
	"github.com/permsim/permsim/toolcall"
)

// checkRepo builds testdata/check's fixture repository (mkrepo.sh: a base
// commit on main, one branch per kind of change) in a temporary folder and
// returns its path as git names it.
func checkRepo(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := filepath.Join(t.TempDir(), "repo")
	cmd := exec.Command("sh", filepath.Join("..", "..", "testdata", "check", "mkrepo.sh"), dir)
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir(), "GIT_CONFIG_GLOBAL=/dev/null")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("mkrepo.sh: %v\n%s", err, out)
	}
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	return real
}

// checkJSON is the part of check's JSON the tests read.
type checkJSON struct {
	Changed  []string `json:"changed"`
	Findings []struct {
		Kind      string   `json:"kind"`
		File      string   `json:"file"`
		Line      int      `json:"line"`
		Severity  string   `json:"severity"`
		Harnesses []string `json:"harnesses"`
		Message   string   `json:"message"`
		Cases     []struct {
			ID      string `json:"id"`
			Harness string `json:"harness"`
			Before  string `json:"before"`
			After   string `json:"after"`
		} `json:"cases"`
	} `json:"findings"`
}

// sarifJSON is the part of a SARIF log the tests read.
type sarifJSON struct {
	Runs []struct {
		Results []struct {
			RuleID    string `json:"ruleId"`
			Level     string `json:"level"`
			Locations []struct {
				PhysicalLocation struct {
					ArtifactLocation struct {
						URI string `json:"uri"`
					} `json:"artifactLocation"`
					Region *struct {
						StartLine int `json:"startLine"`
					} `json:"region"`
				} `json:"physicalLocation"`
			} `json:"locations"`
		} `json:"results"`
	} `json:"runs"`
}

// The fixture repository's six kinds of change, each a branch off main,
// and an unrelated change. What each must give comes from the behaviour the
// battery already encodes for the seed's rules, not from check:
//
//   - broad-allow adds "Bash(rm:*)" (line 5): Claude Code's seed asks for a
//     Bash command no allow rule matches in default mode, and runs one an
//     allow rule matches, so del-029 "rm -rf src" goes from asks to runs;
//     a destructive case now running unasked is critical, exit 1. ("rm -rf
//     ~/Documents" still asks: an allow rule does not approve a command
//     whose files lie outside the working folders, recorded with real
//     Claude Code 2.1.328, testdata/claude/realconfigs r024, r027.)
//   - deny-removed drops "Read(./.env)": the deny rule blocked sec-001
//     "cat .env" (Claude Code reads inside the project run unasked once no
//     deny matches); the list is gone, so the finding is at line 1 of the
//     file; a secret read now running: critical, exit 1.
//   - mode-default adds .codex/config.toml with approval_policy "never"
//     (line 2) and danger-full-access: Codex's seed then never asks and
//     runs outside any sandbox, so del-011 "rm -r --no-preserve-root /",
//     blocked in the default on-request:workspace-write, runs: exit 1.
//   - hook-removed drops the PreToolUse hook: medium, exit 0 under the
//     default --fail-on (critical), 1 with --fail-on medium.
//   - import-outside adds "@~/.aws/credentials" to CLAUDE.md (line 5): the
//     audit's import of a secret file outside the project, critical, exit 1.
//   - mcp-enabled adds enableAllProjectMcpServers (line 2): the audit's
//     high finding, exit 0 under the default --fail-on.
//   - unrelated edits README.md: no finding, exit 0.
var checkKinds = []struct {
	branch, kind, file string
	line               int
	severity           string
	harness, caseID    string // a battery case the finding must list ("" for an audit finding)
	exit               int
}{
	{"broad-allow", "rule-lets-through", ".claude/settings.json", 5, "critical", toolcall.ClaudeCode, "del-029", 1},
	{"deny-removed", "stopping-rule-removed", ".claude/settings.json", 1, "critical", toolcall.ClaudeCode, "sec-001", 1},
	{"mode-default", "mode-default-lets-through", ".codex/config.toml", 2, "critical", toolcall.Codex, "del-011", 1},
	{"hook-removed", "hook-removed", ".claude/settings.json", 1, "medium", "", "", 0},
	{"import-outside", "claude-md-import-outside", "CLAUDE.md", 5, "critical", "", "", 1},
	{"mcp-enabled", "mcp-enable-all", ".claude/settings.json", 2, "high", "", "", 0},
	{"unrelated", "", "", 0, "", "", "", 0},
}

func TestCheckFixtureKinds(t *testing.T) {
	repo := checkRepo(t)
	schema := sarifschema.Load(t, "../..")
	for _, k := range checkKinds {
		t.Run(k.branch, func(t *testing.T) {
			base := []string{"check", "--repo", repo, "--base", "main", "--head", k.branch}
			// JSON: the finding, its file, line, severity and case.
			code, out, stderr := runCLI(t, "", append(base, "--format", "json")...)
			if code != k.exit {
				t.Errorf("json: exit %d, want %d\n%s", code, k.exit, stderr)
			}
			var rep checkJSON
			if err := json.Unmarshal([]byte(out), &rep); err != nil {
				t.Fatalf("json: %v\n%s", err, out)
			}
			if k.kind == "" {
				if len(rep.Findings) != 0 || len(rep.Changed) != 1 {
					t.Errorf("an unrelated change: findings %+v, changed %v; want none, and README.md changed", rep.Findings, rep.Changed)
				}
			} else {
				found := false
				for _, f := range rep.Findings {
					if f.Kind != k.kind {
						continue
					}
					found = true
					if f.File != k.file || f.Line != k.line || f.Severity != k.severity {
						t.Errorf("json: %s at %s:%d %s, want %s:%d %s", f.Kind, f.File, f.Line, f.Severity, k.file, k.line, k.severity)
					}
					if k.caseID == "" {
						continue
					}
					listed := false
					for _, c := range f.Cases {
						if c.ID == k.caseID && c.Harness == k.harness && c.After == "runs" {
							listed = true
						}
					}
					if !listed {
						t.Errorf("json: %s does not list %s now running in %s: %+v", f.Kind, k.caseID, k.harness, f.Cases)
					}
				}
				if !found {
					t.Errorf("json: no %s finding in %s", k.kind, out)
				}
			}

			// Text: the finding's line as people read it.
			code, out, _ = runCLI(t, "", base...)
			if code != k.exit {
				t.Errorf("text: exit %d, want %d", code, k.exit)
			}
			if k.kind == "" {
				if !strings.Contains(out, "Newly possible: 0\n") {
					t.Errorf("text: want no finding:\n%s", out)
				}
			} else if want := fmt.Sprintf("%s:%d: %s [%s]", k.file, k.line, k.severity, k.kind); !strings.Contains(out, want) {
				t.Errorf("text: no %q in\n%s", want, out)
			}

			// SARIF: valid against the 2.1.0 schema, the result at the file
			// and line.
			code, out, _ = runCLI(t, "", append(base, "--format", "sarif")...)
			if code != k.exit {
				t.Errorf("sarif: exit %d, want %d", code, k.exit)
			}
			inst, err := jsonschema.UnmarshalJSON(strings.NewReader(out))
			if err != nil {
				t.Fatal(err)
			}
			if err := schema.Validate(inst); err != nil {
				t.Errorf("sarif does not validate: %v", err)
			}
			var log sarifJSON
			if err := json.Unmarshal([]byte(out), &log); err != nil || len(log.Runs) != 1 {
				t.Fatalf("sarif: %v %s", err, out)
			}
			found := false
			for _, r := range log.Runs[0].Results {
				loc := r.Locations[0].PhysicalLocation
				if r.RuleID == k.kind && loc.ArtifactLocation.URI == k.file && (loc.Region == nil && k.line == 0 || loc.Region != nil && loc.Region.StartLine == k.line) {
					found = true
				}
			}
			if k.kind == "" && len(log.Runs[0].Results) != 0 || k.kind != "" && !found {
				t.Errorf("sarif: want %q at %s:%d, got %s", k.kind, k.file, k.line, out)
			}
		})
	}
	// The exit code follows --fail-on: the hook's medium finding fails at
	// medium.
	if code, _, _ := runCLI(t, "", "check", "--repo", repo, "--base", "main", "--head", "hook-removed", "--fail-on", "medium"); code != 1 {
		t.Errorf("hook-removed --fail-on medium: exit %d, want 1", code)
	}
}

// Reversed, a change is what it makes safer: the broad allow rule taken
// back stops del-001 again and adds no finding.
func TestCheckSaferWhenReverted(t *testing.T) {
	repo := checkRepo(t)
	code, out, stderr := runCLI(t, "", "check", "--repo", repo, "--base", "broad-allow", "--head", "main", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	var rep struct {
		Findings []json.RawMessage `json:"findings"`
		Safer    []struct {
			Kind  string `json:"kind"`
			Cases []struct {
				ID string `json:"id"`
			} `json:"cases"`
		} `json:"safer"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	stopped := false
	for _, f := range rep.Safer {
		for _, c := range f.Cases {
			stopped = stopped || f.Kind == "now-stopped" && c.ID == "del-001"
		}
	}
	if len(rep.Findings) != 0 || !stopped {
		t.Errorf("findings %d, del-001 now stopped %v, want 0 and true:\n%s", len(rep.Findings), stopped, out)
	}
}

// --staged judges the index against HEAD (the pre-commit hook) without
// reading the working tree: a broad allow rule staged fails, and the same
// rule only in the working tree does not count.
func TestCheckStaged(t *testing.T) {
	repo := checkRepo(t)
	settings := filepath.Join(repo, ".claude", "settings.json")
	broad, err := os.ReadFile(filepath.Join("..", "..", "testdata", "check", "changes", "broad-allow", ".claude", "settings.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(settings, broad, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, _ := runCLI(t, "", "check", "--repo", repo, "--staged"); code != 0 || !strings.Contains(out, "No agent file changed.") {
		t.Errorf("unstaged edit: exit %d, want 0 and nothing changed:\n%s", code, out)
	}
	git := exec.Command("git", "-C", repo, "add", ".claude/settings.json")
	if out, err := git.CombinedOutput(); err != nil {
		t.Fatalf("git add: %v\n%s", err, out)
	}
	code, out, _ := runCLI(t, "", "check", "--repo", repo, "--staged")
	if code != 1 || !strings.Contains(out, ".claude/settings.json:5: critical [rule-lets-through]") {
		t.Errorf("staged: exit %d, want 1 and the rule at line 5:\n%s", code, out)
	}
}

// --out: a rule the change adds that lets a risky call of the store's
// history in this repository run, which the base asked about, is named at
// its line; a call of another project is not counted.
func TestCheckHistoryStore(t *testing.T) {
	repo := checkRepo(t)
	out := t.TempDir()
	w, err := dataset.Create[ingest.Row](out, ingest.CallsTable, dataset.Options{Partitions: ingest.CallsPartitions, RunID: "1"})
	if err != nil {
		t.Fatal(err)
	}
	rows := []ingest.Row{
		{CallKey: "mine", Harness: toolcall.ClaudeCode, SessionID: "s", Seq: 1, ProjectDir: repo, Cwd: repo, Tool: "bash", RawTool: "Bash",
			Command: "rm -rf src", InputJSON: `{"command":"rm -rf src"}`, Mode: "default", IngestRun: 1},
		{CallKey: "other", Harness: toolcall.ClaudeCode, SessionID: "s", Seq: 2, ProjectDir: "/elsewhere", Cwd: "/elsewhere", Tool: "bash", RawTool: "Bash",
			Command: "rm -rf ~/photos", InputJSON: `{"command":"rm -rf ~/photos"}`, Mode: "default", IngestRun: 1},
		{CallKey: "tame", Harness: toolcall.ClaudeCode, SessionID: "s", Seq: 3, ProjectDir: repo, Cwd: repo, Tool: "bash", RawTool: "Bash",
			Command: "rm notes.tmp", InputJSON: `{"command":"rm notes.tmp"}`, Mode: "default", IngestRun: 1},
	}
	for _, r := range rows {
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCLI(t, "", "check", "--repo", repo, "--base", "main", "--head", "broad-allow", "--out", out, "--format", "json")
	if code != 1 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	var rep checkJSON
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range rep.Findings {
		if f.Kind == "rule-approves-history" {
			got = append(got, fmt.Sprintf("%s:%d %s", f.File, f.Line, f.Severity))
			for _, c := range f.Cases {
				got = append(got, c.ID+" "+c.Before+"->"+c.After)
			}
		}
	}
	want := []string{".claude/settings.json:5 critical", "mine asks->runs"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("history findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// Without the store, no such finding.
	_, stdout, _ = runCLI(t, "", "check", "--repo", repo, "--base", "main", "--head", "broad-allow", "--format", "json")
	if strings.Contains(stdout, "rule-approves-history") {
		t.Error("a history finding without --out")
	}
}

func TestCheckUsage(t *testing.T) {
	repo := checkRepo(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--repo", repo, "--format", "xml"}, `--format "xml"`},
		{[]string{"--repo", repo, "--fail-on", "worst"}, "--fail-on"},
		{[]string{"--repo", repo, "--staged", "--head", "main"}, "--staged and --head"},
		{[]string{"--repo", repo, "--base", "no-such-branch"}, `revision "no-such-branch"`},
		{[]string{"--repo", t.TempDir()}, "not in a git repository"},
	} {
		code, _, stderr := runCLI(t, "", append([]string{"check"}, tc.args...)...)
		if code != 2 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tc.args, code, stderr, tc.want)
		}
	}
}

// A settings file the head breaks (invalid JSON) is a problem naming its
// file, line and column, and the run goes on: the harnesses skip the file,
// so its deny rule is gone — blamed on the deny rule at the line its list
// now stands on, never on the allow rule that went with it (an allow rule
// stops nothing, even where a deny rule that cannot be ruled out made Codey
// ask about a command it cannot parse).
func TestCheckBrokenSettings(t *testing.T) {
	repo := checkRepo(t)
	gitIn(t, repo, "checkout", "-q", "-b", "broken", "main")
	broken := "{\n  \"permissions\": {\n    \"deny\": [\"Read(./.env)\"\n  }\n}\n"
	if err := os.WriteFile(filepath.Join(repo, ".claude", "settings.json"), []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	gitIn(t, repo, "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false", "commit", "-q", "-am", "broken")
	code, out, stderr := runCLI(t, "", "check", "--repo", repo, "--format", "json")
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s", code, stderr)
	}
	var rep struct {
		checkJSON
		Problems []string `json:"problems"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	named := false
	for _, p := range rep.Problems {
		named = named || strings.Contains(p, ".claude/settings.json:4:3: invalid JSON")
	}
	if !named {
		t.Errorf("problems %q: want the file, line and column of the invalid JSON", rep.Problems)
	}
	deny := false
	for _, f := range rep.Findings {
		if f.Kind != "stopping-rule-removed" {
			continue
		}
		if strings.Contains(f.Message, "Bash(npm test)") {
			t.Errorf("the allow rule is blamed: %s", f.Message)
		}
		deny = deny || f.File == ".claude/settings.json" && f.Line == 3 && strings.Contains(f.Message, "deny rule Read(./.env)")
	}
	if !deny {
		t.Errorf("no stopping-rule-removed finding for Read(./.env) at .claude/settings.json:3: %+v", rep.Findings)
	}
}

// Claude Code's defaultMode changed from plan to default, its allow rule
// unchanged: the mode is blamed at the line that spells it (the battery's
// Claude Code tables block "rm -rf ~/" in plan mode and ask in default
// mode, whatever the allow rule Bash(rm:*) says), and nothing else.
func TestCheckClaudeModeChange(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	repo := t.TempDir()
	settings := filepath.Join(repo, ".claude", "settings.json")
	if err := os.MkdirAll(filepath.Dir(settings), 0o755); err != nil {
		t.Fatal(err)
	}
	commit := func(mode string) {
		text := "{\n  \"permissions\": {\n    \"defaultMode\": \"" + mode + "\",\n    \"allow\": [\"Bash(rm:*)\"]\n  }\n}\n"
		if err := os.WriteFile(settings, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		gitIn(t, repo, "add", "-A")
		gitIn(t, repo, "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false", "commit", "-q", "-m", mode)
	}
	gitIn(t, repo, "init", "-q")
	commit("plan")
	commit("default")
	code, out, stderr := runCLI(t, "", "check", "--repo", repo, "--format", "json")
	if code != 0 && code != 1 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	var rep checkJSON
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range rep.Findings {
		got = append(got, fmt.Sprintf("%s %s:%d", f.Kind, f.File, f.Line))
	}
	if want := []string{"mode-default-lets-through .claude/settings.json:3"}; strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("findings %q, want %q", got, want)
	}
}

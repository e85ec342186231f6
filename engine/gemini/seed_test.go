package gemini

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/hooks"
)

// setup describes one project laid out in a temp folder. "{H}", "{P}" and
// "{R}" in any text stand for the home, the project and the temp root.
type setup struct {
	user, project, system string            // settings.json texts
	policies              map[string]string // ~/.gemini/policies/<name>
	systemPolicies        map[string]string // <system dir>/policies/<name>
	projectPolicies       map[string]string // <project>/.gemini/policies/<name>
	files                 map[string]string // "{R}/x", "{H}/x" or "{P}/x" → content
	trust                 string            // level written to trustedFolders.json for the project; "" writes none
	trustFile             string            // raw trustedFolders.json (overrides trust)
	envTrust              *bool
	flags                 map[string]string
	runner                *hooks.Runner // runs hooks (Env.RunHooks) when set
}

type dirs struct{ root, home, project string }

func (d dirs) expand(s string) string {
	return strings.NewReplacer("{P}", d.project, "{H}", d.home, "{R}", d.root).Replace(s)
}

func build(t testing.TB, s setup) (*Policy, dirs) {
	t.Helper()
	root := t.TempDir()
	d := dirs{root: root, home: filepath.Join(root, "home")}
	d.project = filepath.Join(d.home, "proj")
	write := func(path, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(d.expand(text)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(d.project, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	sysDir := filepath.Join(root, "etc-gemini-cli")
	if s.user != "" {
		write(filepath.Join(d.home, ".gemini", "settings.json"), s.user)
	}
	if s.project != "" {
		write(filepath.Join(d.project, ".gemini", "settings.json"), s.project)
	}
	if s.system != "" {
		write(filepath.Join(sysDir, "settings.json"), s.system)
	}
	for name, text := range s.policies {
		write(filepath.Join(d.home, ".gemini", "policies", name), text)
	}
	for name, text := range s.systemPolicies {
		write(filepath.Join(sysDir, "policies", name), text)
	}
	for name, text := range s.projectPolicies {
		write(filepath.Join(d.project, ".gemini", "policies", name), text)
	}
	for path, text := range s.files {
		write(d.expand(path), text)
	}
	switch {
	case s.trustFile != "":
		write(filepath.Join(d.home, ".gemini", "trustedFolders.json"), s.trustFile)
	case s.trust != "":
		rec, _ := json.Marshal(map[string]string{d.project: s.trust})
		write(filepath.Join(d.home, ".gemini", "trustedFolders.json"), string(rec))
	}
	env := engine.Env{ProjectDir: d.project, HomeDir: d.home, ManagedDir: sysDir, Trust: s.envTrust, Flags: map[string]string{}}
	for k, v := range s.flags {
		env.Flags[k] = d.expand(v)
	}
	env.RunHooks = s.runner != nil
	p, err := load(env, s.runner)
	if err != nil {
		t.Fatal(err)
	}
	return p, d
}

// Calls in Gemini CLI's own tool names; "{P}" and "{H}" in paths.
func sh(cmd string) engine.Call {
	return engine.Call{Tool: engine.ToolBash, RawTool: "run_shell_command", Input: map[string]any{"command": cmd, "description": "probe"}}
}
func rd(path string) engine.Call {
	return engine.Call{Tool: engine.ToolRead, RawTool: "read_file", Input: map[string]any{"file_path": path}}
}
func wr(path string) engine.Call {
	return engine.Call{Tool: engine.ToolWrite, RawTool: "write_file", Input: map[string]any{"file_path": path, "content": "x\n"}}
}
func ed(path string) engine.Call {
	return engine.Call{Tool: engine.ToolEdit, RawTool: "replace", Input: map[string]any{"file_path": path, "old_string": "a", "new_string": "b", "instruction": "probe"}}
}
func tool(name string, input map[string]any) engine.Call {
	return engine.Call{Tool: engine.NormalizeTool(name), RawTool: name, Input: input}
}

// expandCall replaces the placeholders in a call's input.
func expandCall(d dirs, c engine.Call) engine.Call {
	in := make(map[string]any, len(c.Input))
	for k, v := range c.Input {
		if s, ok := v.(string); ok {
			v = d.expand(s)
		}
		in[k] = v
	}
	c.Input = in
	return c
}

// probe is one call and what the test expects of it.
type probe struct {
	call engine.Call
	mode engine.Mode // "" = the settings' mode
	want engine.Outcome
	step string // a prefix of Decision.Step, "" = any
	note string // why (the corpus row or the source of the expectation)
}

type seedCase struct {
	name     string
	sentence string // the seed sentence this case checks, quoted
	setup    setup
	probes   []probe
}

func runSeedCases(t *testing.T, cases []seedCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.sentence == "" {
				t.Fatal("every seed case names its sentence")
			}
			p, d := build(t, c.setup)
			for _, pr := range c.probes {
				got := p.Decide(expandCall(d, pr.call), pr.mode)
				if got.Outcome != pr.want || (pr.step != "" && !strings.HasPrefix(got.Step, pr.step)) {
					t.Errorf("%s %v (mode %q): got %s at %q (%s), want %s at %q [%s]\n  seed: %s",
						pr.call.RawTool, pr.call.Input, pr.mode, got.Outcome, got.Step, got.Reason, pr.want, pr.step, pr.note, c.sentence)
				}
			}
		})
	}
}

const goPolicy = `
[[rule]]
toolName = "run_shell_command"
commandPrefix = "go test"
decision = "allow"
priority = 300

[[rule]]
toolName = "run_shell_command"
commandPrefix = ["make deploy", "kubectl delete"]
decision = "deny"
priority = 400

[[rule]]
toolName = "run_shell_command"
commandPrefix = "kubectl"
decision = "ask_user"
priority = 200

[[rule]]
toolName = "run_shell_command"
commandRegex = "^terraform (plan|validate)"
decision = "allow"
priority = 300

[[rule]]
toolName = "run_shell_command"
commandPrefix = "make"
decision = "allow"
priority = 250

[[rule]]
toolName = "read_file"
argsPattern = "credentials\\.json|\\.pem"
decision = "deny"
priority = 500
`

const (
	sentToolLists = "`tools.exclude` blocks first; `tools.core` then allows only the tools and command prefixes it lists; " +
		"`tools.confirmationRequired` always asks; `tools.allowed` skips the prompt. Prefixes in `run_shell_command(git)` match whole words."
	sentPolicyFiles = "Policy files in `~/.gemini/policies/*.toml` (user tier) and the admin folder. The project's `.gemini/policies` " +
		"folder does not work yet (issue #18186); the tester flags it. Final priority is the tier plus priority/1000, highest wins. " +
		"The docs' tier table (user 4, admin 5) and worked examples (user 3.x, admin 4.x) disagree; the order is the same either way."
	sentPatterns = "`commandPrefix` is a plain string prefix; `commandRegex` and `argsPattern` test the arguments as sorted, " +
		"compact JSON. An allow rule without `allowRedirection` asks when the command redirects."
	sentChains = "Chained commands split at `&&`, `||`, and `;`, as the shell tool page says, and the strictest part decides. " +
		"**Assumption**: pipes are not split."
	sentDefaults = "With no matching rule, read tools run and write tools and the shell ask. `yolo` allows all but explicit " +
		"denials; `autoEdit` allows edits; `plan` denies writes and the shell."
	sentTrust = "Project settings apply only in a trusted folder (`~/.gemini/trustedFolders.json`)."
	sentHooks = "Hooks: `BeforeTool` in `settings.json`, matched against the tool name as a regular expression. Exit 2 or a " +
		"JSON `deny` (alias `block`) blocks; other exit codes only warn. Timeouts are in milliseconds, and the tester flags values under 1000."
)

func TestSeedToolLists(t *testing.T) {
	runSeedCases(t, []seedCase{
		{
			name: "exclude removes the tool", sentence: sentToolLists,
			setup: setup{trust: "TRUST_FOLDER", project: `{"tools": {"exclude": ["replace", "web_fetch"]}}`},
			probes: []probe{
				{call: ed("{P}/a.go"), want: engine.Blocked, step: stepRegistry, note: "pg-toolslists-default-08"},
				{call: ed("{P}/a.go"), mode: ModeYolo, want: engine.Blocked, step: stepRegistry, note: "pg-toolslists-yolo-08"},
				{call: tool("web_fetch", map[string]any{"prompt": "https://go.dev"}), want: engine.Blocked, step: stepRegistry, note: "pg-toolslists-default-11"},
				{call: wr("{P}/a.go"), want: engine.Asks, note: "write_file is not excluded"},
			},
		},
		{
			// Real Gemini CLI 0.61.0: an exclude entry is a whole tool name,
			// so "run_shell_command(kubectl)" excludes nothing.
			name: "exclude with a command excludes nothing", sentence: sentToolLists,
			setup: setup{trust: "TRUST_FOLDER", user: `{"tools": {"exclude": ["run_shell_command(kubectl)", "glob"]}}`},
			probes: []probe{
				{call: sh("kubectl get pods"), mode: ModeYolo, want: engine.Runs, note: "pg-exclude-user-yolo-05"},
				{call: tool("glob", map[string]any{"pattern": "**/*.yaml"}), mode: ModeYolo, want: engine.Blocked, step: stepRegistry, note: "pg-exclude-user-yolo-10"},
			},
		},
		{
			name: "core lists the only tools", sentence: sentToolLists,
			setup: setup{trust: "TRUST_FOLDER", user: `{"tools": {"core": ["run_shell_command(make)", "replace", "glob"]}}`},
			probes: []probe{
				{call: sh("make lint"), mode: "auto_edit", want: engine.Runs, note: "pg-core-auto_edit-01"},
				{call: sh("git status"), mode: "auto_edit", want: engine.Blocked, step: stepRule, note: "pg-core-auto_edit-00"},
				{call: sh("git status; rm -rf logs"), mode: "auto_edit", want: engine.Blocked, note: "pg-core-auto_edit-14"},
				{call: wr("{P}/manual/s.md"), mode: "auto_edit", want: engine.Blocked, step: stepRegistry, note: "pg-core-auto_edit-07"},
				{call: rd("{P}/go.mod"), mode: "auto_edit", want: engine.Blocked, step: stepRegistry, note: "pg-core-auto_edit-09"},
				{call: tool("glob", map[string]any{"pattern": "**/*.go"}), mode: "auto_edit", want: engine.Runs, note: "pg-core-auto_edit-10"},
			},
		},
		{
			name: "confirmationRequired asks even in yolo", sentence: sentToolLists,
			setup: setup{trust: "TRUST_FOLDER", user: `{"tools": {"confirmationRequired": ["write_file"], "allowed": ["write_file", "replace"]}}`},
			probes: []probe{
				{call: wr("{P}/a.md"), want: engine.Asks, note: "the seed: always asks, over tools.allowed"},
				{call: wr("{P}/a.md"), mode: ModeYolo, want: engine.Asks, note: "the seed: always asks"},
				{call: ed("{P}/a.md"), want: engine.Runs, note: "tools.allowed skips the prompt"},
			},
		},
		{
			// Real: a shell entry with a command also denies every other
			// shell command (the "narrowing" deny).
			name: "allowed skips the prompt and narrows the shell", sentence: sentToolLists,
			setup: setup{trust: "TRUST_FOLDER", user: `{"tools": {"allowed": ["run_shell_command(git status)", "run_shell_command(make lint)", "write_file"]}}`},
			probes: []probe{
				{call: sh("git status"), want: engine.Runs, note: "pg-toolslists-default-00"},
				{call: sh("make lint"), want: engine.Runs, note: "pg-toolslists-default-01"},
				{call: wr("{P}/manual/s.md"), want: engine.Runs, note: "pg-toolslists-default-07"},
				{call: sh("make test"), want: engine.Blocked, step: stepRule, note: "pg-toolslists-default-02"},
				{call: sh("make lint && make deploy"), want: engine.Blocked, note: "pg-toolslists-default-14"},
				{call: ed("{P}/a.go"), want: engine.Asks, note: "replace is not listed"},
			},
		},
		{
			name: "prefixes match whole words", sentence: sentToolLists,
			setup: setup{trust: "TRUST_FOLDER", flags: map[string]string{FlagAllowedTools: "run_shell_command(git),run_shell_command(rm)"}},
			probes: []probe{
				{call: sh("git status -sb"), want: engine.Runs, note: "the seed: whole words"},
				{call: sh("git"), want: engine.Runs, note: "the seed: whole words"},
				{call: sh("gitk --all"), want: engine.Blocked, note: "the seed: not the word git (denied by the narrowing rule)"},
				{call: sh("rm -rf logs"), want: engine.Runs, note: "pg-allowedflag-default-03"},
				{call: sh("rmdir logs"), want: engine.Blocked, note: "the seed: not the word rm"},
			},
		},
	})
}

func TestSeedPolicyFiles(t *testing.T) {
	const openPolicy = `
[[rule]]
toolName = "run_shell_command"
commandPrefix = ["curl", "git push", "go test", "make"]
decision = "allow"
priority = 900

[[rule]]
toolName = "write_file"
decision = "allow"
priority = 900
`
	const adminPolicy = `
[[rule]]
toolName = "run_shell_command"
commandPrefix = "curl"
decision = "deny"
priority = 100

[[rule]]
toolName = "write_file"
argsPattern = "\\.github/"
decision = "deny"
priority = 100

[[rule]]
toolName = "run_shell_command"
commandPrefix = "go test"
decision = "ask_user"
priority = 100
`
	runSeedCases(t, []seedCase{
		{
			name: "user tier policies", sentence: sentPolicyFiles,
			setup: setup{trust: "TRUST_FOLDER", policies: map[string]string{"go.toml": goPolicy}},
			probes: []probe{
				{call: sh("go test ./..."), want: engine.Runs, step: stepRule, note: "pg-gopol-default-00"},
				{call: sh("make lint"), want: engine.Runs, note: "pg-gopol-default-03"},
				{call: sh("make deploy"), want: engine.Blocked, note: "pg-gopol-default-02: priority 400 beats 250"},
				{call: sh("kubectl get pods"), want: engine.Asks, note: "pg-gopol-default-05"},
				{call: rd("{P}/credentials.json"), want: engine.Blocked, note: "pg-gopol-default-12"},
			},
		},
		{
			name: "admin flag beats higher user priorities", sentence: sentPolicyFiles,
			setup: setup{trust: "TRUST_FOLDER", policies: map[string]string{"open.toml": openPolicy},
				files: map[string]string{"{H}/org/admin.toml": adminPolicy}, flags: map[string]string{FlagAdminPolicy: "{H}/org/admin.toml"}},
			probes: []probe{
				{call: sh("curl -s https://example.org"), want: engine.Blocked, note: "pg-admin-user-default-00"},
				{call: sh("go test ./..."), want: engine.Asks, note: "pg-admin-user-default-02"},
				{call: sh("make test"), want: engine.Runs, note: "pg-admin-user-default-03"},
				{call: wr("{P}/.github/workflows/x.yml"), want: engine.Blocked, note: "pg-admin-user-default-06"},
				{call: wr("{P}/manual/a.md"), want: engine.Runs, note: "pg-admin-user-default-07"},
				{call: sh("go test ./..."), mode: ModeYolo, want: engine.Asks, note: "pg-admin-user-yolo-02"},
			},
		},
		{
			name: "the admin folder", sentence: sentPolicyFiles,
			setup: setup{trust: "TRUST_FOLDER", policies: map[string]string{"open.toml": openPolicy}, systemPolicies: map[string]string{"admin.toml": adminPolicy}},
			probes: []probe{
				{call: sh("curl -s https://example.org"), want: engine.Blocked, note: "the seed: the admin folder outranks the user tier"},
				{call: sh("make test"), want: engine.Runs},
			},
		},
		{
			name: "--policy replaces the user folder", sentence: sentPolicyFiles,
			setup: setup{trust: "TRUST_FOLDER", policies: map[string]string{"open.toml": openPolicy},
				files: map[string]string{"{H}/org/admin.toml": adminPolicy}, flags: map[string]string{FlagPolicy: "{H}/org/admin.toml"}},
			probes: []probe{
				{call: sh("curl -s https://example.org"), want: engine.Blocked, note: "pg-policyflag-user-default-00"},
				{call: sh("make test"), want: engine.Asks, note: "pg-policyflag-user-default-03"},
				{call: wr("{P}/manual/a.md"), want: engine.Asks, note: "pg-policyflag-user-default-07"},
				{call: sh("git status"), want: engine.Runs, note: "pg-policyflag-user-default-05"},
			},
		},
		{
			name: "project policies are not loaded", sentence: sentPolicyFiles,
			setup: setup{trust: "TRUST_FOLDER", projectPolicies: map[string]string{"p.toml": "[[rule]]\ntoolName = \"read_file\"\ndecision = \"deny\"\npriority = 999\n"}},
			probes: []probe{
				{call: rd("{P}/go.mod"), want: engine.Runs, note: "issue #18186: the project's policies do not apply"},
			},
		},
		{
			// The tier table is what the real harness does: a user rule at
			// priority 300 (4.300) beats the tools.allowed narrowing deny
			// (4.29); at 250 it loses. Under the worked examples' user 3.x
			// both would lose.
			name: "tier plus priority/1000", sentence: sentPolicyFiles,
			setup: setup{trust: "TRUST_FOLDER", policies: map[string]string{"go.toml": goPolicy},
				project: `{"tools": {"allowed": ["run_shell_command(make deploy)", "run_shell_command(kubectl)", "read_file"]}}`},
			probes: []probe{
				{call: sh("go test ./..."), want: engine.Runs, note: "pg-projallowed-gopol-default-06"},
				{call: sh("make lint"), want: engine.Blocked, note: "pg-projallowed-gopol-default-01"},
				{call: sh("kubectl get pods"), want: engine.Runs, note: "pg-projallowed-gopol-default-05: 4.3 allow beats the 4.2 ask"},
			},
		},
	})
}

// The project policy folder is listed in Rules(), not in force, with the
// issue number.
func TestSeedProjectPoliciesFlagged(t *testing.T) {
	// Seed: "The project's `.gemini/policies` folder does not work yet (issue #18186); the tester flags it."
	p, _ := build(t, setup{trust: "TRUST_FOLDER", projectPolicies: map[string]string{"p.toml": "[[rule]]\ntoolName = \"read_file\"\ndecision = \"deny\"\npriority = 999\n"}})
	found := false
	for _, ri := range p.Rules() {
		if ri.Layer == LayerWorkspace {
			found = true
			if ri.InForce || !strings.Contains(ri.Why, "#18186") || !strings.HasSuffix(ri.File, filepath.Join(".gemini", "policies", "p.toml")) {
				t.Errorf("project policy rule %+v: want not in force, naming issue #18186", ri)
			}
		}
	}
	if !found {
		t.Error("the project policy rule is not listed in Rules()")
	}
}

func TestSeedPatterns(t *testing.T) {
	const redir = `
[[rule]]
toolName = "run_shell_command"
commandPrefix = "go test"
decision = "allow"
priority = 300
allowRedirection = true

[[rule]]
toolName = "run_shell_command"
commandPrefix = "make lint"
decision = "allow"
priority = 300

[[rule]]
toolName = "run_shell_command"
commandPrefix = "python3 py/"
decision = "allow"
priority = 300

[[rule]]
toolName = "run_shell_command"
commandRegex = ".*--force.*"
decision = "deny"
priority = 500

[[rule]]
toolName = "write_file"
argsPattern = '"content":.*"file_path":"[^"]*/sorted/'
decision = "allow"
priority = 300

[[rule]]
toolName = "write_file"
argsPattern = '"file_path":"[^"]*/unsorted/.*"content"'
decision = "allow"
priority = 300

[[rule]]
toolName = "write_file"
argsPattern = '"file_path": "'
decision = "deny"
priority = 300
`
	runSeedCases(t, []seedCase{
		{
			name: "commandPrefix, commandRegex, argsPattern", sentence: sentPatterns,
			setup: setup{trust: "TRUST_FOLDER", policies: map[string]string{"redir.toml": redir, "go.toml": goPolicy}},
			probes: []probe{
				{call: sh("go test ./..."), want: engine.Runs, note: "pg-redir-default-00"},
				// Real: the prefix must end at a blank or the end of the command.
				{call: sh("python3 py/report.py"), want: engine.Asks, note: "pg-redir-default-06"},
				// Real: commandRegex is glued after `"command":"`, so ^ never matches.
				{call: sh("terraform plan"), want: engine.Asks, note: "pg-gopol-default-07"},
				{call: sh("ls --force"), want: engine.Blocked, note: "pg-modes2-default-04"},
				{call: sh("git push --force origin main"), want: engine.Blocked, note: "pg-modes2-default-03"},
				{call: rd("{P}/keys/signing.pem"), want: engine.Blocked, note: "pg-gopol-default-13"},
				{call: wr("{P}/sorted/a.md"), want: engine.Runs, note: "the seed: keys sorted (content before file_path)"},
				{call: wr("{P}/unsorted/a.md"), want: engine.Asks, note: "the seed: keys sorted, so file_path never comes first"},
			},
		},
		{
			name: "allowRedirection", sentence: sentPatterns,
			setup: setup{trust: "TRUST_FOLDER", policies: map[string]string{"redir.toml": redir}},
			probes: []probe{
				{call: sh("go test ./... > /tmp/t.txt"), want: engine.Runs, note: "pg-redir-default-01"},
				{call: sh("make lint"), want: engine.Runs, note: "pg-redir-default-03"},
				{call: sh("make lint > lint.txt"), want: engine.Asks, step: stepRedirection, note: "pg-redir-default-04"},
				{call: sh("make lint >> lint.txt"), want: engine.Asks, note: "pg-redir-default-05"},
				{call: sh("make lint 2>/dev/null"), want: engine.Asks, note: "pg-redir-default-13"},
				// Real: autoEdit and yolo never downgrade for a redirection.
				{call: sh("make lint > lint.txt"), mode: "auto_edit", want: engine.Runs, note: "pg-redir-auto_edit-04"},
				{call: sh("make lint 2>/dev/null"), mode: "auto_edit", want: engine.Runs, note: "pg-redir-auto_edit-13"},
			},
		},
	})
}

func TestSeedChains(t *testing.T) {
	const catPolicy = `
[[rule]]
toolName = "run_shell_command"
commandPrefix = "cat"
decision = "allow"
priority = 300
`
	runSeedCases(t, []seedCase{
		{
			name: "the strictest part decides", sentence: sentChains,
			setup: setup{trust: "TRUST_FOLDER", policies: map[string]string{"go.toml": goPolicy, "cat.toml": catPolicy}},
			probes: []probe{
				{call: sh("make lint && make deploy"), want: engine.Blocked, step: stepParts, note: "pg-gopol-default-10"},
				{call: sh("make lint || make deploy"), want: engine.Blocked, step: stepParts, note: "the seed: || splits"},
				{call: sh("make test; make lint"), want: engine.Runs, note: "pg-gopol-default-20"},
				{call: sh("cat go.mod && rm -rf logs"), want: engine.Asks, step: stepParts, note: "pg-redir-default-12"},
				{call: sh("go test ./... && kubectl get pods"), want: engine.Asks, note: "the seed: an ask part asks"},
			},
		},
		{
			// Real: pipes, substitutions and subshells are split too.
			name: "pipes are split", sentence: sentChains,
			setup: setup{trust: "TRUST_FOLDER", policies: map[string]string{"go.toml": goPolicy, "cat.toml": catPolicy}},
			probes: []probe{
				{call: sh("cat go.mod | head -1"), want: engine.Asks, step: stepParts, note: "pg-redir-default-11"},
				{call: sh("go test ./... | tee /tmp/o.txt"), want: engine.Asks, note: "pg-gopol-default-11"},
				{call: sh("cat $(make deploy)"), want: engine.Blocked, note: "a substitution is a part"},
			},
		},
	})
}

func TestSeedDefaults(t *testing.T) {
	runSeedCases(t, []seedCase{
		{
			name: "no rule", sentence: sentDefaults,
			setup: setup{trust: "TRUST_FOLDER"},
			probes: []probe{
				{call: rd("{P}/go.mod"), want: engine.Runs, note: "the seed: read tools run"},
				{call: tool("glob", map[string]any{"pattern": "**/*.go"}), want: engine.Runs},
				{call: tool("grep_search", map[string]any{"pattern": "Version"}), want: engine.Runs},
				{call: tool("list_directory", map[string]any{"dir_path": "{P}"}), want: engine.Runs},
				{call: tool("google_web_search", map[string]any{"query": "go"}), want: engine.Runs, note: "pg-gopol-default-26"},
				{call: wr("{P}/docs/new.md"), want: engine.Asks, step: stepRule, note: "pg-gopol-default-16"},
				{call: ed("{P}/pkg/api/routes.go"), want: engine.Asks, note: "pg-gopol-default-18"},
				{call: sh("make test"), want: engine.Asks, step: stepRule, note: "pg-dam-user-plan-flagdefault-02 (the built-in write.toml asks)"},
				// Real: read-only commands Gemini CLI knows run without a prompt.
				{call: sh("ls -l internal"), want: engine.Runs, step: stepHeuristics, note: "pg-gopol-default-22"},
				{call: sh("wc -l data/seed.csv"), want: engine.Runs, note: "pg-gopol-default-25"},
				{call: sh("git status"), want: engine.Runs, note: "pg-dam-user-plan-flagdefault-00"},
				{call: sh("git status && ls"), want: engine.Asks, note: "a chain's parts get no heuristics"},
			},
		},
		{
			name: "yolo", sentence: sentDefaults,
			setup: setup{trust: "TRUST_FOLDER", policies: map[string]string{"go.toml": goPolicy}, flags: map[string]string{FlagYolo: "true"}},
			probes: []probe{
				{call: sh("curl -s https://proxy.golang.org"), want: engine.Runs, note: "pg-exclude-user-yolo-14"},
				{call: sh("terraform apply"), want: engine.Runs, note: "pg-gopol-yoloflag-09"},
				{call: sh("make deploy"), want: engine.Blocked, note: "pg-gopol-yoloflag-02"},
				{call: rd("{P}/credentials.json"), want: engine.Blocked, note: "pg-gopol-yoloflag-12"},
				// Real: an explicit ask_user rule still asks in yolo.
				{call: sh("kubectl get pods"), want: engine.Asks, note: "pg-gopol-yoloflag-05"},
				{call: wr("{P}/docs/new.md"), want: engine.Runs, note: "pg-gopol-yoloflag-16"},
			},
		},
		{
			name: "autoEdit", sentence: sentDefaults,
			setup: setup{trust: "TRUST_FOLDER", flags: map[string]string{FlagMode: "auto_edit"}},
			probes: []probe{
				{call: wr("{P}/docs/new.md"), want: engine.Runs, note: "pg-gopol-auto_edit-16"},
				{call: ed("{P}/pkg/api/routes.go"), want: engine.Runs, note: "pg-gopol-auto_edit-18"},
				{call: sh("make test"), want: engine.Asks, note: "pg-dam-user-autoedit-02"},
				{call: sh("cat go.mod > copy.mod"), want: engine.Asks, note: "pg-gopol-auto_edit-22"},
			},
		},
		{
			name: "plan", sentence: sentDefaults,
			setup: setup{trust: "TRUST_FOLDER", flags: map[string]string{FlagMode: "plan"}},
			probes: []probe{
				// Real: without a shell rule the shell is not even registered.
				{call: sh("git status"), want: engine.Blocked, step: stepRegistry, note: "pg-dam-project-plan-00"},
				// Real: writes outside the plans folder fail the tools' own check.
				{call: wr("{P}/manual/s.md"), want: engine.Blocked, step: stepPlanPath, note: "pg-dam-project-plan-07"},
				{call: ed("{H}/.bash_profile"), want: engine.Blocked, step: stepPlanPath, note: "pg-modes2-plan-19"},
				{call: wr("{H}/.gemini/tmp/proj/s1/plans/plan.md"), want: engine.Runs, note: "built-in plan.toml allows .md plans"},
				{call: wr("plan.md"), want: engine.Runs, note: "a bare name lands in the plans folder"},
				{call: rd("{P}/go.mod"), want: engine.Runs, note: "pg-dam-project-plan-09"},
				{call: tool("web_fetch", map[string]any{"prompt": "https://go.dev/doc"}), want: engine.Asks, note: "pg-dam-project-plan-11"},
			},
		},
		{
			name: "plan with shell rules", sentence: sentDefaults,
			setup: setup{trust: "TRUST_FOLDER", policies: map[string]string{"go.toml": goPolicy}, flags: map[string]string{FlagMode: "plan"}},
			probes: []probe{
				{call: sh("git commit --allow-empty -m x"), want: engine.Blocked, step: stepRule, note: "pg-gopol-plan-20"},
				{call: sh("ls -l"), want: engine.Blocked, note: "pg-gopol-plan-23: the plan deny beats the known-safe list"},
				{call: sh("go test ./..."), want: engine.Runs, note: "pg-gopol-plan-00: a user allow beats plan's deny"},
				{call: sh("kubectl get pods"), want: engine.Asks, note: "pg-gopol-plan-05"},
			},
		},
	})
}

func TestSeedTrust(t *testing.T) {
	const excl = `{"tools": {"exclude": ["replace"]}, "general": {"defaultApprovalMode": "auto_edit"}}`
	no := false
	runSeedCases(t, []seedCase{
		{
			name: "trusted folder", sentence: sentTrust,
			setup:  setup{trust: "TRUST_FOLDER", project: excl},
			probes: []probe{{call: ed("{P}/a.go"), want: engine.Blocked, step: stepRegistry}, {call: wr("{P}/a.md"), want: engine.Runs, note: "project auto_edit applies"}},
		},
		{
			name: "parent trusted", sentence: sentTrust,
			setup:  setup{trustFile: `{"{P}/sub": "TRUST_PARENT"}`, project: excl},
			probes: []probe{{call: ed("{P}/a.go"), want: engine.Blocked, step: stepRegistry}},
		},
		{
			name: "distrusted folder", sentence: sentTrust,
			setup:  setup{trustFile: `{"{H}": "TRUST_FOLDER", "{P}": "DO_NOT_TRUST"}`, project: excl},
			probes: []probe{{call: ed("{P}/a.go"), want: engine.Asks}, {call: wr("{P}/a.md"), want: engine.Asks, note: "project auto_edit ignored"}},
		},
		{
			// DESIGN.md: where the harness's record has no answer for the
			// project, the seed's assumption (trusted). The real Gemini
			// CLI 0.61.0 counts such a folder untrusted (known difference
			// rg-br-trust-unlisted in testdata/gemini/realconfigs/coverage).
			name: "record without the project", sentence: sentTrust,
			setup:  setup{trustFile: `{"{H}/elsewhere": "TRUST_FOLDER"}`, project: excl},
			probes: []probe{{call: ed("{P}/a.go"), want: engine.Blocked, step: stepRegistry}},
		},
		{
			name: "record without the project, folder trust off", sentence: sentTrust,
			setup:  setup{trustFile: `{"{H}/elsewhere": "TRUST_FOLDER"}`, user: `{"security": {"folderTrust": {"enabled": false}}}`, project: excl},
			probes: []probe{{call: ed("{P}/a.go"), want: engine.Blocked, step: stepRegistry, note: "rg-br-trust-unlisted-off"}},
		},
		{
			name: "--trust no", sentence: sentTrust,
			setup:  setup{trust: "TRUST_FOLDER", envTrust: &no, project: excl},
			probes: []probe{{call: ed("{P}/a.go"), want: engine.Asks}},
		},
		{
			// real-harnesses.md: "--approval-mode yolo in an untrusted
			// folder is overridden to default".
			name: "untrusted yolo is default", sentence: sentTrust,
			setup:  setup{trust: "DO_NOT_TRUST", flags: map[string]string{FlagMode: "yolo"}},
			probes: []probe{{call: sh("make test"), want: engine.Asks}, {call: sh("make test"), mode: ModeYolo, want: engine.Asks}},
		},
	})
	p, _ := build(t, setup{trust: "DO_NOT_TRUST", project: excl})
	if trusted, why := p.Trusted(); trusted || !strings.Contains(why, "trustedFolders.json") {
		t.Errorf("Trusted() = %v, %q; want false from trustedFolders.json", trusted, why)
	}
	listed := false
	for _, ri := range p.Rules() {
		if ri.Layer == LayerProject && strings.Contains(ri.Rule, "replace") {
			listed = true
			if ri.InForce || !strings.Contains(ri.Why, "not trusted") {
				t.Errorf("untrusted project rule %+v: want not in force because the folder is not trusted", ri)
			}
		}
	}
	if !listed {
		t.Error("the untrusted project's tools.exclude is not listed in Rules()")
	}
	// DESIGN.md: with no record anywhere, the seed's assumption (trusted).
	p, _ = build(t, setup{project: excl})
	if trusted, why := p.Trusted(); !trusted || !strings.Contains(why, "assumed") {
		t.Errorf("no record: Trusted() = %v, %q; want the assumption", trusted, why)
	}
}

func TestSeedHooks(t *testing.T) {
	// Seed: sentHooks. Without --run-hooks they are listed in Rules(),
	// short timeouts are flagged, and a matching call gets a note
	// (hookrun_test.go runs them).
	const user = `{"hooks": {"BeforeTool": [
		{"matcher": "run_shell.*", "hooks": [{"type": "command", "command": "gate.sh", "timeout": 500}]},
		{"matcher": "write_file", "hooks": [{"type": "command", "command": "check.sh", "timeout": 5000}]}
	]}}`
	p, d := build(t, setup{trust: "TRUST_FOLDER", user: user})
	var hooks []engine.RuleInfo
	for _, ri := range p.Rules() {
		if ri.List == "hooks.BeforeTool" {
			hooks = append(hooks, ri)
		}
	}
	if len(hooks) != 2 || !strings.Contains(hooks[0].Rule, "gate.sh") || !strings.Contains(hooks[0].Why, "milliseconds") || strings.Contains(hooks[1].Why, "milliseconds") {
		t.Errorf("BeforeTool hooks in Rules(): %+v; want both, the 500 ms one flagged", hooks)
	}
	flagged := false
	for _, pr := range p.Problems() {
		if strings.Contains(pr, "gate.sh") && strings.Contains(pr, "milliseconds") && strings.Contains(pr, ".gemini/settings.json:") {
			flagged = true
		}
	}
	if !flagged {
		t.Errorf("Problems() %q: want the 500 ms timeout flagged with file and line", p.Problems())
	}
	noteFor := func(c engine.Call) bool {
		for _, n := range p.Decide(expandCall(d, c), "").Notes {
			if strings.Contains(n, "BeforeTool") {
				return true
			}
		}
		return false
	}
	if !noteFor(sh("ls")) || noteFor(rd("{P}/go.mod")) {
		t.Error("the regular-expression matcher run_shell.* should note shell calls and not read_file")
	}
}

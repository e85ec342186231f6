package codex

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/hooks"
	"github.com/permsim/permsim/engine/shell"
)

// setup describes one project laid out in a folder outside /tmp (a
// writable root of the workspace-write sandbox). "{H}" and "{P}" in any
// text stand for the home and project folders.
type setup struct {
	userConfig, projectConfig string            // config.toml texts
	userRules, projectRules   map[string]string // rules/<name> → text
	systemRules               map[string]string
	files                     map[string]string // "{H}/x" or "{P}/x" → content
	hooksJSON                 map[string]string // "{H}/…" or "{P}/…" hooks.json → content
	trustRecord               string            // trust_level written to the user's config.toml
	trust                     *bool             // Env.Trust
	flags                     map[string]string
	codexHome                 bool          // user layer in $CODEX_HOME (Env.ConfigDir) instead of ~/.codex
	runner                    *hooks.Runner // runs hooks (Env.RunHooks) when set
}

type dirs struct{ root, home, project, codexHome string }

func (d dirs) expand(s string) string {
	return strings.NewReplacer("{P}", d.project, "{H}", d.home, "{C}", d.codexHome).Replace(s)
}

func build(t testing.TB, s setup) (*Policy, dirs) {
	t.Helper()
	root := diffRoot(t)
	d := dirs{root: root, home: filepath.Join(root, "home")}
	d.project = filepath.Join(d.home, "proj")
	d.codexHome = filepath.Join(d.home, ".codex")
	if s.codexHome {
		d.codexHome = filepath.Join(root, "codex-home")
	}
	write := func(p, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(d.expand(text)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, dir := range []string{filepath.Join(d.project, ".git", "hooks"), d.codexHome} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	user := s.userConfig
	if s.trustRecord != "" {
		user += "\n[projects.\"{P}\"]\ntrust_level = \"" + s.trustRecord + "\"\n"
	}
	if user != "" {
		write(filepath.Join(d.codexHome, "config.toml"), user)
	}
	if s.projectConfig != "" {
		write(filepath.Join(d.project, ".codex", "config.toml"), s.projectConfig)
	}
	for name, text := range s.userRules {
		write(filepath.Join(d.codexHome, "rules", name), text)
	}
	for name, text := range s.projectRules {
		write(filepath.Join(d.project, ".codex", "rules", name), text)
	}
	for name, text := range s.systemRules {
		write(filepath.Join(root, "system", "rules", name), text)
	}
	for p, text := range s.files {
		write(d.expand(p), text)
	}
	for p, text := range s.hooksJSON {
		write(d.expand(p), text)
	}
	env := engine.Env{ProjectDir: d.project, HomeDir: d.home, ManagedDir: filepath.Join(root, "system"), Trust: s.trust, Flags: map[string]string{}}
	if s.codexHome {
		env.ConfigDir = d.codexHome
	}
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

// Calls, with "{P}" and "{H}" placeholders.
func execCmd(cmd string) engine.Call {
	return engine.Call{Tool: engine.ToolBash, RawTool: "exec_command", Input: map[string]any{"cmd": cmd, "workdir": "{P}"}}
}

// shellArgv is the older shell tool, which runs an argument list.
func shellArgv(argv ...string) engine.Call {
	a := make([]any, len(argv))
	for i, s := range argv {
		a[i] = s
	}
	return engine.Call{Tool: engine.ToolBash, RawTool: "shell", Input: map[string]any{"command": a, "workdir": "{P}"}}
}

func escalated(cmd, justification string, prefix ...string) engine.Call {
	c := execCmd(cmd)
	c.Input["sandbox_permissions"] = "require_escalated"
	c.Input["justification"] = justification
	if len(prefix) > 0 {
		p := make([]any, len(prefix))
		for i, s := range prefix {
			p[i] = s
		}
		c.Input["prefix_rule"] = p
	}
	return c
}

func patchCall(body string) engine.Call {
	return engine.Call{Tool: engine.ToolEdit, RawTool: "apply_patch", Input: map[string]any{"input": "*** Begin Patch\n" + body + "*** End Patch\n"}}
}

func addFile(p string) string { return "*** Add File: " + p + "\n+x\n" }

func (d dirs) call(c engine.Call) engine.Call {
	c.Command = d.expand(c.Command)
	in := map[string]any{}
	for k, v := range c.Input {
		if s, ok := v.(string); ok {
			v = d.expand(s)
		}
		in[k] = v
	}
	c.Input = in
	return c
}

func bptr(b bool) *bool { return &b }

// seedCase is one sentence of the seed's Codex section (or of the issue
// that asked for the simulator) and a call it decides.
type seedCase struct {
	sentence string
	setup    setup
	call     engine.Call
	mode     engine.Mode
	outcome  engine.Outcome
	group    engine.Group
	step     string // Decision.Step; "" to leave unchecked
	reason   string // substring of Decision.Reason; "" to leave unchecked
	decision string // Decision.Rule.Decision; "" to leave unchecked
	need     string // one of Decision.Needs; "" to leave unchecked
}

func runSeedCases(t *testing.T, cases []seedCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.sentence, func(t *testing.T) {
			p, d := build(t, tc.setup)
			got := p.Decide(d.call(tc.call), tc.mode)
			if got.Outcome != tc.outcome || got.Group != tc.group {
				t.Fatalf("%v in mode %q: got %s/%s at %q (%s; rule %v; notes %v), want %s/%s",
					tc.call.Input, tc.mode, got.Outcome, got.Group, got.Step, got.Reason, got.Rule, got.Notes, tc.outcome, tc.group)
			}
			if tc.step != "" && got.Step != tc.step {
				t.Errorf("step %q, want %q", got.Step, tc.step)
			}
			if !strings.Contains(got.Reason, tc.reason) {
				t.Errorf("reason %q, want it to say %q", got.Reason, tc.reason)
			}
			if tc.decision != "" && (got.Rule == nil || got.Rule.Decision != tc.decision) {
				t.Errorf("rule %+v, want Codex's decision word %q", got.Rule, tc.decision)
			}
			if tc.need != "" && !strings.Contains(strings.Join(got.Needs, " "), tc.need) {
				t.Errorf("needs %v, want %s", got.Needs, tc.need)
			}
			if got.Label != engine.Label {
				t.Errorf("label %q", got.Label)
			}
		})
	}
}

const ws = engine.Mode("on-request:workspace-write")

func TestSeedRules(t *testing.T) {
	const (
		sLayers   = "prefix_rule() calls in rules/*.rules next to each config layer (~/.codex/rules/, and the project's .codex/rules/ only in trusted projects)."
		sPrefix   = "A rule matches when its pattern is a prefix of the command's argument list; a list inside the pattern means alternatives."
		sStrict   = "The strictest match wins: forbidden, then prompt, then allow."
		sDefault  = "(issue) decision defaulting to allow"
		sWord     = "(issue) Decision.Rule.Decision carries Codex's own word (allow/prompt/forbidden)"
		sHostExec = "(issue, corpus) a path-qualified program matches the rules for its name unless host_executable() lists other paths"
	)
	team := map[string]string{"team.rules": `
prefix_rule(pattern=["make", "deploy"], decision="forbidden", justification="deploys go through CI")
prefix_rule(pattern=["make"], decision="prompt")
prefix_rule(pattern=["kubectl", ["delete", "drain"]], decision="forbidden")
prefix_rule(pattern=[["python3", "python"], "-c"], decision="prompt")
prefix_rule(pattern=["git"], decision="prompt")
prefix_rule(pattern=["git", ["status", "log"]], decision="allow")
prefix_rule(pattern=["touch"])
`}
	runSeedCases(t, []seedCase{
		{sentence: sLayers + " (user layer)", setup: setup{userRules: team}, call: execCmd("make deploy"), mode: ws,
			outcome: engine.Blocked, group: engine.GroupBlocked, step: stepRules, reason: "deploys go through CI"},
		{sentence: sLayers + " ($CODEX_HOME)", setup: setup{userRules: team, codexHome: true}, call: execCmd("make deploy"), mode: ws,
			outcome: engine.Blocked, group: engine.GroupBlocked, step: stepRules},
		{sentence: sLayers + " (trusted project)", setup: setup{projectRules: map[string]string{"repo.rules": `prefix_rule(pattern=["ls"], decision="forbidden")`}, trust: bptr(true)},
			call: execCmd("ls"), mode: ws, outcome: engine.Blocked, group: engine.GroupBlocked, step: stepRules},
		{sentence: sLayers + " (untrusted project: ignored)", setup: setup{projectRules: map[string]string{"repo.rules": `prefix_rule(pattern=["ls"], decision="forbidden")`}, trustRecord: "untrusted"},
			call: execCmd("ls"), mode: ws, outcome: engine.Runs, group: engine.GroupRuns, step: stepSandbox},
		{sentence: sLayers + " (system layer)", setup: setup{systemRules: map[string]string{"org.rules": `prefix_rule(pattern=["ls"], decision="forbidden")`}},
			call: execCmd("ls"), mode: ws, outcome: engine.Blocked, group: engine.GroupBlocked, step: stepRules},
		{sentence: sPrefix + " (longer command)", setup: setup{userRules: team}, call: execCmd("make deploy now"), mode: ws,
			outcome: engine.Blocked, group: engine.GroupBlocked, step: stepRules},
		{sentence: sPrefix + " (alternative in a later position)", setup: setup{userRules: team}, call: execCmd("kubectl drain node-1"), mode: ws,
			outcome: engine.Blocked, group: engine.GroupBlocked, step: stepRules},
		{sentence: sPrefix + " (no alternative matches)", setup: setup{userRules: team}, call: execCmd("kubectl get pods"), mode: ws,
			outcome: engine.Runs, group: engine.GroupRuns, step: stepSandbox},
		{sentence: sPrefix + " (first-token alternatives)", setup: setup{userRules: team}, call: execCmd("python -c 1"), mode: ws,
			outcome: engine.Asks, group: engine.GroupAsksRule, step: stepRules},
		{sentence: sStrict + " (forbidden over prompt)", setup: setup{userRules: team}, call: execCmd("make deploy"), mode: ws,
			outcome: engine.Blocked, group: engine.GroupBlocked, decision: "forbidden"},
		{sentence: sStrict + " (prompt over allow)", setup: setup{userRules: team}, call: execCmd("git status"), mode: ws,
			outcome: engine.Asks, group: engine.GroupAsksRule, decision: "prompt"},
		{sentence: sDefault + ": an allow rule runs the command outside the sandbox", setup: setup{userRules: team}, call: execCmd("touch new.txt"), mode: "on-request:read-only",
			outcome: engine.Runs, group: engine.GroupRuns, step: stepRules, decision: "allow"},
		{sentence: sDefault + ": without the rule the read-only sandbox stops it", call: execCmd("touch new.txt"), mode: "on-request:read-only",
			outcome: engine.Blocked, group: engine.GroupBlocked, step: stepSandbox, reason: reasonSandbox},
		{sentence: sWord, setup: setup{userRules: team}, call: execCmd("make lint"), mode: ws,
			outcome: engine.Asks, group: engine.GroupAsksRule, decision: "prompt"},
		{sentence: sHostExec + " (no host_executable)", setup: setup{userRules: team}, call: execCmd("/usr/bin/make deploy"), mode: ws,
			outcome: engine.Blocked, group: engine.GroupBlocked, step: stepRules},
		{sentence: sHostExec + " (another path listed)", setup: setup{userRules: map[string]string{"h.rules": `host_executable(name="make", paths=["/opt/bin/make"])
prefix_rule(pattern=["make", "deploy"], decision="forbidden")`}}, call: execCmd("/usr/bin/make deploy"), mode: ws,
			outcome: engine.Runs, group: engine.GroupRuns, step: stepSandbox},
	})
}

func TestSeedScripts(t *testing.T) {
	const (
		sSplit   = "A bash -lc script made only of plain words joined by &&, ||, ;, or | is split and each command checked."
		sWhole   = "Redirection, substitution, variables, NAME=value, globs, or control flow keep the script whole as [\"bash\", \"-lc\", \"<script>\"], which prefix rules rarely match."
		sNewline = "Assumption: newline-separated scripts are not split."
		sTilde   = "(corpus) a word starting with ~ keeps the script whole: mkdir ~/work/billing/new under an allow rule was stopped by the sandbox"
		// Recorded with the real Codex 0.169.0 (app-server): with a python3
		// forbidden rule, `python3 - <<'PY' … PY` ran.
		sHeredoc = "(Codex 0.169.0, recorded) a script that feeds a here-document is checked whole, so prefix rules do not see its command"
	)
	rules := map[string]string{"r.rules": `
prefix_rule(pattern=["make", "deploy"], decision="forbidden")
prefix_rule(pattern=["tee"], decision="prompt")
prefix_rule(pattern=["cat"], decision="forbidden")
prefix_rule(pattern=["mkdir"], decision="allow")
prefix_rule(pattern=["python3", "-"], decision="forbidden")
`}
	whole := func(cmd string) seedCase {
		return seedCase{sentence: sWhole + " (" + cmd + ")", setup: setup{userRules: rules}, call: execCmd(cmd), mode: ws,
			outcome: engine.Runs, group: engine.GroupRuns, step: stepSandbox}
	}
	runSeedCases(t, []seedCase{
		{sentence: sSplit + " (&&)", setup: setup{userRules: rules}, call: execCmd("go vet ./... && make deploy"), mode: ws,
			outcome: engine.Blocked, group: engine.GroupBlocked, step: stepRules},
		{sentence: sSplit + " (;)", setup: setup{userRules: rules}, call: execCmd("ls; make deploy"), mode: ws,
			outcome: engine.Blocked, group: engine.GroupBlocked, step: stepRules},
		{sentence: sSplit + " (||)", setup: setup{userRules: rules}, call: execCmd("ls || make deploy"), mode: ws,
			outcome: engine.Blocked, group: engine.GroupBlocked, step: stepRules},
		{sentence: sSplit + " (|)", setup: setup{userRules: rules}, call: execCmd("echo a | tee /tmp/t.txt"), mode: ws,
			outcome: engine.Asks, group: engine.GroupAsksRule, step: stepRules},
		// Quoted arguments are plain words; a quoted command name is not
		// (the real Codex 0.169.0 matched no rule against `"docker"
		// compose up` or `"git" rebase`: testdata/codex/realconfigs), so the
		// seed's example quotes the arguments only.
		{sentence: sSplit + " (quoted words)", setup: setup{userRules: rules}, call: execCmd(`make 'deploy' "now"`), mode: ws,
			outcome: engine.Blocked, group: engine.GroupBlocked, step: stepRules},
		whole(`"make" deploy`),
		whole("make deploy > /tmp/out.txt"),
		whole("echo $(make deploy)"),
		whole("make $TARGET"),
		whole("GOFLAGS=-x make deploy"),
		whole("cat *.env"),
		whole("for t in deploy; do make $t; done"),
		whole("(make deploy)"),
		whole("bash -lc 'make deploy'"),
		{sentence: sSplit + " (the shell tool's zsh -lc argv)", setup: setup{userRules: rules}, call: shellArgv("zsh", "-lc", "ls && make deploy"), mode: ws,
			outcome: engine.Blocked, group: engine.GroupBlocked, step: stepRules},
		{sentence: sSplit + " (sh -c)", setup: setup{userRules: rules}, call: shellArgv("/bin/sh", "-c", "make deploy"), mode: ws,
			outcome: engine.Blocked, group: engine.GroupBlocked, step: stepRules},
		{sentence: sSplit + " (only bash, zsh and sh scripts are read)", setup: setup{userRules: rules}, call: shellArgv("fish", "-c", "make deploy"), mode: ws,
			outcome: engine.Runs, group: engine.GroupRuns, step: stepSandbox},
		{sentence: sSplit + " (an argv is matched as it is)", setup: setup{userRules: rules}, call: shellArgv("make", "deploy"), mode: ws,
			outcome: engine.Blocked, group: engine.GroupBlocked, step: stepRules},
		{sentence: sNewline, setup: setup{userRules: rules}, call: execCmd("ls\nmake deploy"), mode: ws,
			outcome: engine.Runs, group: engine.GroupRuns, step: stepSandbox},
		{sentence: sTilde, setup: setup{userRules: rules}, call: execCmd("mkdir ~/work/billing/new"), mode: ws,
			outcome: engine.Blocked, group: engine.GroupBlocked, step: stepSandbox, reason: reasonSandbox},
		{sentence: sHeredoc, setup: setup{userRules: rules}, call: execCmd("python3 - <<'PY'\nprint(1)\nPY"), mode: ws,
			outcome: engine.Runs, group: engine.GroupRuns, step: stepSandbox},
	})
}

func TestSeedSandbox(t *testing.T) {
	const (
		sNoRule   = "No matching rule: the command runs inside sandbox_mode without asking, unless it needs what the sandbox refuses."
		sWS       = "workspace-write refuses the network unless [sandbox_workspace_write] network_access = true, writes outside the project, and .git writes; read-only also refuses writes inside the project."
		sThen     = "Codex then asks to run the command outside the sandbox (\"asks first (needs network)\"), or, with approval_policy = \"never\", the command fails (\"stopped by the sandbox\")."
		sFull     = "danger-full-access runs everything; a project with trust_level = \"untrusted\" asks first."
		sGit      = "Assumption: Codex keeps all of .git read-only, so it may also stop git reset --hard or git branch -D; the battery marks only .git/hooks and .git/config writes as .git writes."
		sRoots    = "(issue) writable_roots, exclude_slash_tmp, exclude_tmpdir_env_var"
		sRmGuard  = "(corpus) Codex's built-in rm guard asks for rm -f style commands, and refuses them when it cannot ask (builtin-rm-guard)"
		sProtect  = "(corpus) .codex stays read-only in the workspace-write sandbox"
		sOnReqNet = "(corpus) under on-request Codex does not ask: a command that needs the network runs in the sandbox, which cuts it off"
	)
	netOn := "[sandbox_workspace_write]\nnetwork_access = true\n"
	runSeedCases(t, []seedCase{
		{sentence: sNoRule + " (read)", call: execCmd("ls -l"), mode: ws, outcome: engine.Runs, group: engine.GroupRuns, step: stepSandbox},
		{sentence: sNoRule + " (write in the project)", call: execCmd("touch {P}/notes.txt"), mode: ws,
			outcome: engine.Runs, group: engine.GroupRuns, step: stepSandbox, need: shell.NeedWriteProject},
		{sentence: sWS + " (network, on-failure asks)", call: execCmd("curl -s https://example.com"), mode: "on-failure:workspace-write",
			outcome: engine.Asks, group: engine.GroupAsksMode, reason: "asks first (needs network)", need: shell.NeedNetwork},
		{sentence: sWS + " (network_access = true)", setup: setup{userConfig: netOn}, call: execCmd("curl -s https://example.com"), mode: "on-failure:workspace-write",
			outcome: engine.Runs, group: engine.GroupRuns, need: shell.NeedNetwork},
		{sentence: sWS + " (write outside the project)", call: execCmd("touch {H}/outside.txt"), mode: ws,
			outcome: engine.Blocked, group: engine.GroupBlocked, reason: reasonSandbox, need: shell.NeedWriteOutside},
		{sentence: sWS + " (.git write)", call: execCmd("touch .git/hooks/pre-commit"), mode: ws,
			outcome: engine.Blocked, group: engine.GroupBlocked, reason: reasonSandbox, need: shell.NeedWriteGit},
		{sentence: sWS + " (read-only refuses writes inside the project)", call: execCmd("touch notes.txt"), mode: "on-request:read-only",
			outcome: engine.Blocked, group: engine.GroupBlocked, reason: reasonSandbox, need: shell.NeedWriteProject},
		{sentence: sThen + " (on-failure asks)", call: execCmd("touch {H}/outside.txt"), mode: "on-failure:workspace-write",
			outcome: engine.Asks, group: engine.GroupAsksMode, reason: "asks first (needs write-outside)"},
		{sentence: sThen + " (granular with sandbox_approval asks, as on-failure)", call: execCmd("touch {H}/outside.txt"), mode: "granular:workspace-write",
			outcome: engine.Asks, group: engine.GroupAsksMode, reason: "asks first (needs write-outside)"},
		{sentence: sThen + " (never: stopped by the sandbox)", call: execCmd("touch {H}/outside.txt"), mode: "never:workspace-write",
			outcome: engine.Blocked, group: engine.GroupBlocked, reason: reasonSandbox},
		{sentence: sThen + " (real harness: on-request does not ask either)", call: execCmd("touch {H}/outside.txt"), mode: ws,
			outcome: engine.Blocked, group: engine.GroupBlocked, reason: reasonSandbox},
		{sentence: sThen + " (the model's escalation request asks)", call: escalated("touch {H}/outside.txt", "write outside"), mode: ws,
			outcome: engine.Asks, group: engine.GroupAsksMode, step: stepApproval},
		{sentence: sOnReqNet, call: execCmd("curl -s https://example.com"), mode: ws,
			outcome: engine.Runs, group: engine.GroupRuns, step: stepSandbox, need: shell.NeedNetwork},
		{sentence: sFull + " (write outside)", call: execCmd("touch {H}/outside.txt"), mode: "on-request:danger-full-access",
			outcome: engine.Runs, group: engine.GroupRuns, step: stepSandbox},
		{sentence: sFull + " (network)", call: execCmd("curl -s https://example.com"), mode: "never:danger-full-access",
			outcome: engine.Runs, group: engine.GroupRuns},
		{sentence: sFull + " (untrusted project asks first)", setup: setup{trustRecord: "untrusted"}, call: execCmd("ls"),
			outcome: engine.Asks, group: engine.GroupAsksMode, step: stepApproval},
		{sentence: sFull + " (approval policy untrusted asks even in danger-full-access)", call: execCmd("cat go.mod"), mode: "untrusted:danger-full-access",
			outcome: engine.Asks, group: engine.GroupAsksMode},
		{sentence: sGit + " (git reset --hard)", call: execCmd("git reset --hard"), mode: ws,
			outcome: engine.Blocked, group: engine.GroupBlocked, reason: reasonSandbox, need: shell.NeedWriteGit},
		{sentence: sGit + " (git branch -D)", call: execCmd("git branch -D old"), mode: ws,
			outcome: engine.Blocked, group: engine.GroupBlocked, reason: reasonSandbox},
		{sentence: sGit + " (git status reads)", call: execCmd("git status -sb"), mode: ws,
			outcome: engine.Runs, group: engine.GroupRuns},
		{sentence: sProtect, call: execCmd("touch .codex/notes"), mode: ws,
			outcome: engine.Blocked, group: engine.GroupBlocked, reason: reasonSandbox},
		{sentence: sRoots + " (writable_roots)", setup: setup{userConfig: "[sandbox_workspace_write]\nwritable_roots = [\"{H}/work\"]\n"},
			call: execCmd("touch {H}/work/w.txt"), mode: ws, outcome: engine.Runs, group: engine.GroupRuns},
		{sentence: sRoots + " (/tmp is writable by default)", call: execCmd("touch /tmp/x.txt"), mode: ws, outcome: engine.Runs, group: engine.GroupRuns},
		{sentence: sRoots + " (exclude_slash_tmp)", setup: setup{userConfig: "[sandbox_workspace_write]\nexclude_slash_tmp = true\nexclude_tmpdir_env_var = true\n"},
			call: execCmd("touch /tmp/x.txt"), mode: ws, outcome: engine.Blocked, group: engine.GroupBlocked, reason: reasonSandbox},
		{sentence: sRoots + " ($TMPDIR with exclude_tmpdir_env_var)", setup: setup{userConfig: "[sandbox_workspace_write]\nexclude_tmpdir_env_var = true\n", flags: map[string]string{FlagTmpdir: "{H}/tmpdir"}},
			call: execCmd("touch {H}/tmpdir/x"), mode: ws, outcome: engine.Blocked, group: engine.GroupBlocked},
		{sentence: sRoots + " ($TMPDIR writable)", setup: setup{flags: map[string]string{FlagTmpdir: "{H}/tmpdir"}},
			call: execCmd("touch {H}/tmpdir/x"), mode: ws, outcome: engine.Runs, group: engine.GroupRuns},
		{sentence: sRmGuard + " (on-request asks)", call: execCmd("rm -rf vendor"), mode: ws,
			outcome: engine.Asks, group: engine.GroupAsksRule, step: stepRmGuard, decision: "prompt"},
		{sentence: sRmGuard + " (never refuses)", call: execCmd("rm -rf vendor"), mode: "never:danger-full-access",
			outcome: engine.Blocked, group: engine.GroupBlocked, step: stepRmGuard, reason: "rm -f style", decision: "forbidden"},
		{sentence: sRmGuard + " (rm without -f is not guarded)", call: execCmd("rm -r dist"), mode: ws,
			outcome: engine.Runs, group: engine.GroupRuns},
	})
}

func TestSeedEscalation(t *testing.T) {
	const s = "(issue) the require_escalated request (sandbox_permissions) with prefix_rule"
	rules := map[string]string{"r.rules": `
prefix_rule(pattern=["git", "tag"], decision="prompt")
prefix_rule(pattern=["go", "test"], decision="allow")
prefix_rule(pattern=["make", "deploy"], decision="forbidden")
`}
	runSeedCases(t, []seedCase{
		{sentence: s + ": a prompt rule still asks", setup: setup{userRules: rules}, call: escalated("git tag v9", "tag the release", "git", "tag"), mode: ws,
			outcome: engine.Asks, group: engine.GroupAsksRule, step: stepRules},
		{sentence: s + ": an allow rule runs it", setup: setup{userRules: rules}, call: escalated("go test ./...", "tests need network", "go", "test"), mode: ws,
			outcome: engine.Runs, group: engine.GroupRuns, step: stepRules},
		{sentence: s + ": a forbidden rule blocks it", setup: setup{userRules: rules}, call: escalated("make deploy", "deploy now", "make", "deploy"), mode: ws,
			outcome: engine.Blocked, group: engine.GroupBlocked, step: stepRules},
		{sentence: s + ": no rule, on-request asks", call: escalated("kubectl get pods", "reach the cluster", "kubectl", "get"), mode: "on-request:read-only",
			outcome: engine.Asks, group: engine.GroupAsksMode, reason: "reach the cluster"},
		{sentence: s + ": danger-full-access has no sandbox to leave", call: escalated("curl -s https://example.com", "needs network"), mode: "on-request:danger-full-access",
			outcome: engine.Runs, group: engine.GroupRuns},
		{sentence: s + ": never cannot ask, so Codex refuses it", call: escalated("go test ./...", "x"), mode: "never:danger-full-access",
			outcome: engine.Blocked, group: engine.GroupBlocked, step: stepEscalation},
		{sentence: s + ": granular without sandbox_approval refuses it", call: escalated("touch {H}/e.txt", "outside"), mode: "granular(sandbox_approval=false):read-only",
			outcome: engine.Blocked, group: engine.GroupBlocked, step: stepEscalation},
		{sentence: s + ": untrusted asks", call: escalated("cat credentials.json", "read the token", "cat"), mode: "untrusted:read-only",
			outcome: engine.Asks, group: engine.GroupAsksMode},
	})
}

func TestSeedApprovalPolicies(t *testing.T) {
	const (
		sNever    = "(issue) approval_policy never: a prompt becomes a refusal"
		sGranular = "(issue) the granular form in config.toml"
	)
	rules := map[string]string{"r.rules": `prefix_rule(pattern=["make"], decision="prompt")`}
	granularNoRules := "sandbox_mode = \"workspace-write\"\n[approval_policy.granular]\nsandbox_approval = true\nrules = false\nmcp_elicitations = true\nrequest_permissions = true\nskill_approval = true\n"
	granularNoSandbox := "sandbox_mode = \"read-only\"\n[approval_policy.granular]\nsandbox_approval = false\nrules = true\nmcp_elicitations = true\nrequest_permissions = true\nskill_approval = true\n"
	runSeedCases(t, []seedCase{
		{sentence: sNever, setup: setup{userRules: rules}, call: execCmd("make lint"), mode: "never:read-only",
			outcome: engine.Blocked, group: engine.GroupBlocked, step: stepRules, decision: "prompt"},
		{sentence: sGranular + ": rules = false refuses a prompt rule", setup: setup{userRules: rules, userConfig: granularNoRules}, call: execCmd("make test"),
			outcome: engine.Blocked, group: engine.GroupBlocked, step: stepRules, reason: "rules = false"},
		{sentence: sGranular + ": rules = false still retries a sandbox refusal", setup: setup{userRules: rules, userConfig: granularNoRules}, call: execCmd("touch {H}/g.txt"),
			outcome: engine.Asks, group: engine.GroupAsksMode, step: stepSandbox},
		{sentence: sGranular + ": sandbox_approval = false keeps rule prompts", setup: setup{userRules: rules, userConfig: granularNoSandbox}, call: execCmd("make test"),
			outcome: engine.Asks, group: engine.GroupAsksRule, step: stepRules},
		{sentence: sGranular + ": sandbox_approval = false lets the sandbox stop a write", setup: setup{userRules: rules, userConfig: granularNoSandbox}, call: execCmd("touch scratch.txt"),
			outcome: engine.Blocked, group: engine.GroupBlocked, step: stepSandbox, reason: reasonSandbox},
		{sentence: sGranular + ": sandbox_approval = false refuses a patch the sandbox refuses", setup: setup{userRules: rules, userConfig: granularNoSandbox}, call: patchCall(addFile("manual/g.md")),
			outcome: engine.Blocked, group: engine.GroupBlocked, step: stepPatch},
	})
}

func TestSeedPatches(t *testing.T) {
	const s = "Edits through apply_patch: workspace-write edits inside the project run; .git, .agents, and .codex stay read-only, and writes outside the project ask (the sandbox)."
	runSeedCases(t, []seedCase{
		{sentence: s + " (inside)", call: patchCall(addFile("manual/faq.md")), mode: ws, outcome: engine.Runs, group: engine.GroupRuns, step: stepPatch},
		{sentence: s + " (update with a move inside)", call: patchCall("*** Update File: manual/ops.md\n*** Move to: manual/runbook.md\n@@\n-a\n+b\n"), mode: ws,
			outcome: engine.Runs, group: engine.GroupRuns},
		{sentence: s + " (/tmp is a writable root)", call: patchCall(addFile("/tmp/codex-note.txt")), mode: ws, outcome: engine.Runs, group: engine.GroupRuns},
		{sentence: s + " (.git)", call: patchCall(addFile(".git/info/attributes")), mode: ws,
			outcome: engine.Asks, group: engine.GroupAsksMode, reason: "asks first (needs write-git)"},
		{sentence: s + " (.codex)", call: patchCall(addFile(".codex/rules/extra.rules")), mode: ws, outcome: engine.Asks, group: engine.GroupAsksMode},
		{sentence: s + " (.agents)", call: patchCall(addFile(".agents/notes.md")), mode: ws, outcome: engine.Asks, group: engine.GroupAsksMode},
		{sentence: s + " (outside)", call: patchCall(addFile("../sibling.txt")), mode: ws,
			outcome: engine.Asks, group: engine.GroupAsksMode, reason: "asks first (needs write-outside)"},
		{sentence: s + " (one file outside makes the whole patch ask)", call: patchCall(addFile("internal/a.go") + addFile("{H}/b.go")), mode: ws,
			outcome: engine.Asks, group: engine.GroupAsksMode},
		{sentence: s + " (never refuses what it would ask)", call: patchCall(addFile("{H}/notes.md")), mode: "never:workspace-write",
			outcome: engine.Blocked, group: engine.GroupBlocked, reason: reasonSandbox},
		{sentence: s + " (read-only asks even inside)", call: patchCall(addFile("manual/faq.md")), mode: "on-request:read-only",
			outcome: engine.Asks, group: engine.GroupAsksMode},
		{sentence: s + " (untrusted asks for every patch)", call: patchCall(addFile("manual/faq.md")), mode: "untrusted:danger-full-access",
			outcome: engine.Asks, group: engine.GroupAsksMode},
		{sentence: s + " (danger-full-access runs .git edits)", call: patchCall(addFile(".git/info/attributes")), mode: "on-request:danger-full-access",
			outcome: engine.Runs, group: engine.GroupRuns},
		{sentence: s + " (apply_patch through the shell)", call: execCmd("apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: {H}/x.md\n+x\n*** End Patch\nEOF"), mode: ws,
			outcome: engine.Asks, group: engine.GroupAsksMode, step: stepPatch},
	})
}

func TestSeedModes(t *testing.T) {
	const (
		sMode     = "(issue) Mode strings: APPROVAL:SANDBOX (e.g. on-request:workspace-write); empty → from config.toml (defaults otherwise)"
		sTrust    = "(issue) trust_level in [projects.\"<path>\"]"
		sDefaults = "(Codex 0.169.0) without approval_policy and sandbox_mode: on-request and workspace-write for a trusted project, untrusted and workspace-write for an untrusted one"
	)
	tests := []struct {
		name  string
		setup setup
		want  engine.Mode
	}{
		{sMode + " (config.toml)", setup{userConfig: "approval_policy = \"never\"\nsandbox_mode = \"read-only\"\n"}, "never:read-only"},
		{sMode + " (--mode wins)", setup{userConfig: "approval_policy = \"never\"\n", flags: map[string]string{FlagMode: "on-request:danger-full-access"}}, "on-request:danger-full-access"},
		{sMode + " (half a mode)", setup{userConfig: "approval_policy = \"never\"\nsandbox_mode = \"read-only\"\n", flags: map[string]string{FlagMode: ":workspace-write"}}, "never:workspace-write"},
		{sMode + " (bypass flag)", setup{flags: map[string]string{FlagMode: bypassFlag}}, "never:danger-full-access"},
		// Picked by --profile: Codex 0.169.0 refuses a profile = "…" key in
		// the user's config.toml (TestUserProfileKeyRefused).
		{sMode + " (profile)", setup{userConfig: "approval_policy = \"on-request\"\n[profiles.ci]\napproval_policy = \"never\"\nsandbox_mode = \"danger-full-access\"\n", flags: map[string]string{FlagProfile: "ci"}}, "never:danger-full-access"},
		{sMode + " (granular table)", setup{userConfig: "sandbox_mode = \"workspace-write\"\n[approval_policy.granular]\nrules = false\n"},
			"granular(sandbox_approval=true,rules=false,mcp_elicitations=true,request_permissions=true,skill_approval=true):workspace-write"},
		{sTrust + " (trusted project's config.toml applies)", setup{trustRecord: "trusted", userConfig: "approval_policy = \"on-request\"\nsandbox_mode = \"read-only\"\n", projectConfig: "approval_policy = \"never\"\n"}, "never:read-only"},
		{sTrust + " (untrusted project's config.toml is ignored)", setup{trustRecord: "untrusted", userConfig: "approval_policy = \"on-request\"\nsandbox_mode = \"read-only\"\n", projectConfig: "approval_policy = \"never\"\nsandbox_mode = \"danger-full-access\"\n"}, "on-request:read-only"},
		{sDefaults + " (trusted)", setup{trustRecord: "trusted"}, "on-request:workspace-write"},
		{sDefaults + " (untrusted)", setup{trustRecord: "untrusted"}, "untrusted:workspace-write"},
		{sDefaults + " (no record: assumed trusted)", setup{}, "on-request:workspace-write"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, _ := build(t, tc.setup)
			if got := p.Modes()[0]; got != tc.want {
				t.Errorf("mode %s (%s), want %s; problems %v", got, p.ModeLabel(), tc.want, p.Problems())
			}
			if len(p.Problems()) > 0 {
				t.Errorf("problems: %v", p.Problems())
			}
		})
	}
}

// ruleInfo finds the listed rule whose text holds needle.
func ruleInfo(p *Policy, needle string) (engine.RuleInfo, bool) {
	for _, r := range p.Rules() {
		if strings.Contains(r.Rule, needle) {
			return r, true
		}
	}
	return engine.RuleInfo{}, false
}

func problemWith(p *Policy, needles ...string) bool {
	for _, pr := range p.Problems() {
		all := true
		for _, n := range needles {
			all = all && strings.Contains(pr, n)
		}
		if all {
			return true
		}
	}
	return false
}

func TestSeedRulesListing(t *testing.T) {
	t.Run("The tester reads them with Python's parser and never runs the file; a rule built from variables or functions is skipped with a note.", func(t *testing.T) {
		p, d := build(t, setup{userRules: map[string]string{"v.rules": `
CMD = ["git", "push"]
prefix_rule(pattern=CMD, decision="forbidden")
prefix_rule(pattern=["git"] + ["reset"], decision="forbidden")
def deny(x):
    prefix_rule(pattern=[x], decision="forbidden")
deny("ls")
prefix_rule(pattern=["rm"], decision="forbidden")
`}})
		for _, text := range []string{"pattern=CMD", `pattern=["git"] + ["reset"]`, "pattern=[x]"} {
			info, ok := ruleInfo(p, text)
			if !ok || info.InForce || info.Why == "" {
				t.Errorf("%s: listed %v as %+v, want not in force with a note", text, ok, info)
			}
		}
		if info, ok := ruleInfo(p, `pattern=["rm"]`); !ok || !info.InForce {
			t.Errorf("the literal rule: %+v", info)
		}
		if !problemWith(p, "v.rules:3", "skipped") || !problemWith(p, "v.rules:7", "not read") {
			t.Errorf("want notes naming file and line, got %v", p.Problems())
		}
		if got := p.Decide(d.call(execCmd("git push")), ws); got.Outcome == engine.Blocked {
			t.Errorf("a skipped rule decided: %+v", got)
		}
		if got := p.Decide(d.call(execCmd("rm x")), ws); got.Outcome != engine.Blocked {
			t.Errorf("the literal rule is not in force: %+v", got)
		}
	})
	t.Run("(issue) match/not_match examples checked at load: a failing example is a Problem, and Codex 0.169.0 then loads no rules at all", func(t *testing.T) {
		p, d := build(t, setup{userRules: map[string]string{
			"a.rules": `prefix_rule(pattern=["make", "deploy"], decision="forbidden")`,
			"b.rules": `prefix_rule(pattern=["docker", "compose"], decision="prompt", match=[["docker", "ps"]])`,
		}})
		if !problemWith(p, "b.rules:1", "match example") {
			t.Errorf("problems %v, want the failing example named with file and line", p.Problems())
		}
		for _, text := range []string{`"make", "deploy"`, `"docker", "compose"`} {
			if info, ok := ruleInfo(p, text); !ok || info.InForce || !strings.Contains(info.Why, "loads no .rules file") {
				t.Errorf("%s: %+v, want not in force because Codex loads no rules", text, info)
			}
		}
		if got := p.Decide(d.call(execCmd("make deploy")), ws); got.Outcome != engine.Runs {
			t.Errorf("make deploy: %s, want runs (no rules loaded)", got.Outcome)
		}
	})
	t.Run("(issue) match/not_match examples that pass leave the rule in force", func(t *testing.T) {
		p, d := build(t, setup{userRules: map[string]string{
			"e.rules": `prefix_rule(pattern=["go", ["test", "vet"]], decision="forbidden", match=[["go", "test", "./..."], "go vet"], not_match=[["go", "build"], "gofmt"])`,
		}})
		if len(p.Problems()) > 0 {
			t.Errorf("problems: %v", p.Problems())
		}
		if got := p.Decide(d.call(execCmd("go vet")), ws); got.Outcome != engine.Blocked {
			t.Errorf("go vet: %s", got.Outcome)
		}
	})
	t.Run("(issue) a rules file that does not parse is a Problem with its line, and Codex loads no rules", func(t *testing.T) {
		p, _ := build(t, setup{userRules: map[string]string{
			"a.rules": "prefix_rule(pattern=[\"ls\"], decision=\"forbidden\")\n",
			"b.rules": "# broken\nprefix_rule(pattern=[\"ls\"\n",
		}})
		if !problemWith(p, "b.rules:", "syntax error") {
			t.Errorf("problems %v", p.Problems())
		}
		if info, _ := ruleInfo(p, `"ls"`); info.InForce {
			t.Errorf("rule in force after a broken file: %+v", info)
		}
	})
	t.Run("(issue) an unknown decision is an error Codex stops at", func(t *testing.T) {
		p, _ := build(t, setup{userRules: map[string]string{"a.rules": `prefix_rule(pattern=["ls"], decision="deny")`}})
		if !problemWith(p, "a.rules:1", "decision") {
			t.Errorf("problems %v", p.Problems())
		}
	})
	t.Run(sLayersListing, func(t *testing.T) {
		p, _ := build(t, setup{trustRecord: "untrusted", projectRules: map[string]string{"repo.rules": `prefix_rule(pattern=["ls"], decision="forbidden")`}})
		info, ok := ruleInfo(p, `"ls"`)
		if !ok || info.InForce || info.Layer != LayerProject || !strings.Contains(info.Why, "not trusted") {
			t.Errorf("%+v, want the project rule listed as not in force because the project is untrusted", info)
		}
	})
}

const sLayersListing = "prefix_rule() calls in rules/*.rules next to each config layer (~/.codex/rules/, and the project's .codex/rules/ only in trusted projects): Rules() lists an untrusted project's rules as not in force"

func TestSeedHooks(t *testing.T) {
	const (
		sWhere   = "Hooks: hooks.json and [hooks] in config.toml, user layer always and project layer when trusted."
		sTrust   = "Codex runs a hook only after you trust it in /hooks, which records [hooks.state.\"<file>:pre_tool_use:<group>:<handler>\"] with trusted_hash in config.toml; the tester skips a hook without that record, or with enabled = false, and says so."
		sPython  = "Without Python 3.11 it cannot read the record, says trust is unknown, and runs each hook as if trusted. (permsim reads config.toml itself, so trust is always known)"
		sRun     = "Exit 2, a JSON deny, or decision: \"block\" blocks; ask, continue, and stopReason mark the hook failed and the call goes ahead. (without --run-hooks they are listed, and decisions do not depend on them; hooks_test.go runs them)"
		sFeature = "[features] hooks = false turns hooks off."
	)
	hooks := `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "gate.sh"}, {"type": "command", "command": "log.sh"}]}]}}`
	userCfg := func(extra string) string {
		return `[[hooks.PreToolUse]]
matcher = "Bash"
[[hooks.PreToolUse.hooks]]
type = "command"
command = "toml-gate.sh"

[hooks.state."{C}/hooks.json:pre_tool_use:0:0"]
# The hash real Codex 0.169.0 gives gate.sh under matcher "Bash"
# (testdata/hookhash/hooks-list.json).
trusted_hash = "sha256:30806444205ada715032d5a293546d9f566f59b3eceecbb93695c73936755451"

[hooks.state."{C}/hooks.json:pre_tool_use:0:1"]
trusted_hash = "sha256:def"
enabled = false
` + extra
	}
	t.Run(sWhere, func(t *testing.T) {
		p, _ := build(t, setup{userConfig: userCfg(""), trust: bptr(true), hooksJSON: map[string]string{
			"{C}/hooks.json": hooks, "{P}/.codex/hooks.json": strings.ReplaceAll(hooks, "gate.sh", "project-gate.sh"),
		}})
		for _, cmd := range []string{"gate.sh", "toml-gate.sh", "project-gate.sh"} {
			if _, ok := ruleInfo(p, cmd); !ok {
				t.Errorf("hook %s not listed: %+v", cmd, p.Rules())
			}
		}
		p, _ = build(t, setup{trust: bptr(false), hooksJSON: map[string]string{"{P}/.codex/hooks.json": strings.ReplaceAll(hooks, "gate.sh", "project-gate.sh")}})
		if info, ok := ruleInfo(p, "project-gate.sh"); !ok || info.InForce || !strings.Contains(info.Why, "not trusted") {
			t.Errorf("untrusted project's hook: %+v", info)
		}
	})
	t.Run(sTrust, func(t *testing.T) {
		p, _ := build(t, setup{userConfig: userCfg(""), hooksJSON: map[string]string{"{C}/hooks.json": hooks}})
		if info, _ := ruleInfo(p, "gate.sh (matcher"); !info.InForce || !strings.Contains(info.Why, "trusted") {
			t.Errorf("trusted hook: %+v", info)
		}
		if info, _ := ruleInfo(p, "log.sh"); info.InForce || !strings.Contains(info.Why, "enabled = false") {
			t.Errorf("disabled hook: %+v", info)
		}
		if info, _ := ruleInfo(p, "toml-gate.sh"); info.InForce || !strings.Contains(info.Why, "not trusted") {
			t.Errorf("hook without a record: %+v", info)
		}
	})
	t.Run(sPython, func(t *testing.T) {
		p, _ := build(t, setup{userConfig: userCfg(""), hooksJSON: map[string]string{"{C}/hooks.json": hooks}})
		for _, r := range p.Rules() {
			if strings.HasPrefix(r.List, "hook:") && strings.Contains(r.Why, "unknown") {
				t.Errorf("trust reported unknown: %+v", r)
			}
		}
	})
	t.Run(sRun, func(t *testing.T) {
		p, d := build(t, setup{userConfig: userCfg(""), hooksJSON: map[string]string{"{C}/hooks.json": hooks}})
		if got := p.Decide(d.call(execCmd("ls")), ws); got.Outcome != engine.Runs {
			t.Errorf("ls with a trusted hook listed: %+v", got)
		}
		if info, _ := ruleInfo(p, "gate.sh (matcher"); !strings.Contains(info.Why, "only with --run-hooks") {
			t.Errorf("the listing should say hooks are not run: %+v", info)
		}
	})
	t.Run("(house rules) a hooks.json that is not JSON is a Problem naming file and line, and the rest is read", func(t *testing.T) {
		p, _ := build(t, setup{userConfig: userCfg(""), hooksJSON: map[string]string{"{C}/hooks.json": "{\n  \"hooks\": {\n    oops\n"}})
		if !problemWith(p, "hooks.json:3", "skipped") {
			t.Errorf("problems %v", p.Problems())
		}
		if _, ok := ruleInfo(p, "toml-gate.sh"); !ok {
			t.Errorf("the config.toml hooks should still be listed")
		}
	})
	t.Run(sFeature, func(t *testing.T) {
		p, _ := build(t, setup{userConfig: userCfg("\n[features]\nhooks = false\n"), hooksJSON: map[string]string{"{C}/hooks.json": hooks}})
		if info, _ := ruleInfo(p, "gate.sh (matcher"); info.InForce || !strings.Contains(info.Why, "hooks = false") {
			t.Errorf("%+v", info)
		}
	})
}

func TestSeedConfigToml(t *testing.T) {
	t.Run("config.toml needs Python 3.11 or newer (tomllib); on older Python it is skipped with a note. (permsim reads it with BurntSushi/toml; a file that cannot be read is a Problem naming file and line, and is skipped)", func(t *testing.T) {
		p, _ := build(t, setup{userConfig: "approval_policy = \"never\"\nsandbox_mode = [oops\n", trustRecord: ""})
		if !problemWith(p, "config.toml:2", "skipped") {
			t.Errorf("problems %v, want the line and the skip", p.Problems())
		}
		if got := p.Modes()[0]; got != "on-request:workspace-write" {
			t.Errorf("mode %s, want the built-in default (the file is skipped)", got)
		}
	})
	t.Run("(issue) a value Codex does not know is a Problem and is ignored", func(t *testing.T) {
		p, _ := build(t, setup{userConfig: "sandbox_mode = \"sometimes\"\n"})
		if !problemWith(p, "config.toml", "sandbox_mode") {
			t.Errorf("problems %v", p.Problems())
		}
	})
}

package generate

import (
	"fmt"
	"maps"
	"math/rand"
	"strconv"
	"strings"

	"github.com/permsim/permsim/verify"
)

// The Codex generator draws configurations from the space the rule book's
// Codex section describes: prefix_rule() files in the user layer and the
// project's .codex/rules (read only in trusted projects), with
// alternatives, justifications and match/not_match examples; approval
// policies untrusted, on-request, never and granular; sandbox modes
// read-only, workspace-write and danger-full-access, from the thread or
// from config.toml; [sandbox_workspace_write] network, writable roots and
// /tmp; trust levels. Calls are exec_command lines from the shared grammar
// (shellgen_gc.go), sometimes asking for escalation or run in another
// folder, and apply_patch on plain, `..`, outside and protected paths.

func init() { register("codex", codexCases) }

const (
	codexMinCalls = 12
	codexMaxCalls = 24
)

// codexPatterns are prefix_rule patterns (Starlark lists; a list inside
// means alternatives) with a command each matches.
var codexPatterns = []struct{ pattern, example string }{
	{`["git", "push"]`, "git push origin main"},
	{`["git", ["push", "commit"]]`, "git commit -m wip"},
	{`["git"]`, "git status"},
	{`["git", ["status", "log", "diff"]]`, "git log --oneline -2"},
	{`["npm", "test"]`, "npm test"},
	{`["npm"]`, "npm run build"},
	{`["make", "deploy"]`, "make deploy"},
	{`["make"]`, "make test"},
	{`["kubectl", ["delete", "apply"]]`, "kubectl delete pod web"},
	{`["kubectl"]`, "kubectl get pods"},
	{`["rm"]`, "rm -f notes.bak"},
	{`["rm", "-rf"]`, "rm -rf build"},
	{`["python3"]`, "python3 src/app.py"},
	{`["python3", "-c"]`, "python3 -c 'print(3)'"},
	{`["curl"]`, "curl -s https://example.com"},
	{`["touch"]`, "touch made.txt"},
	{`["sed", "-i"]`, "sed -i s/beta/BETA/ notes.txt"},
	{`["cat"]`, "cat notes.txt"},
	{`["ls"]`, "ls -la"},
	{`["echo"]`, "echo ok"},
	{`["find"]`, "find . -name '*.md'"},
	{`["cp"]`, "cp notes.txt n2.txt"},
	{`["mkdir"]`, "mkdir -p out"},
	{`["docker"]`, "docker ps"},
	{`["terraform", ["plan", "apply"]]`, "terraform plan"},
	{`["bash", "scripts/run.sh"]`, "bash scripts/run.sh"},
	{`["head"]`, "head -3 notes.txt"},
	{`["tee"]`, "echo x | tee t.txt"},
	{`["chmod"]`, "chmod +x scripts/run.sh"},
	{`["go", ["test", "build"]]`, "go test ./..."},
}

// codexApprovals and codexSandboxes are the thread's approvalPolicy and
// sandbox values (app-server refuses on-failure). codexConfigApprovals are
// config.toml's approval_policy values: Codex 0.169.0 refuses to start
// with approval_policy = "untrusted" there ("no longer supported; remove
// this setting"), so the draw puts on-request in its place.
var (
	codexApprovals       = []string{"untrusted", "on-request", "never", "untrusted", "on-request"}
	codexConfigApprovals = []string{"on-request", "on-request", "never", "on-request", "on-request"}
	codexSandboxes       = []string{"read-only", "workspace-write", "danger-full-access", "workspace-write"}
)

func codexCases(n int, seed int64) []verify.Case {
	r := rand.New(rand.NewSource(seed))
	var extra []string
	for _, p := range codexPatterns {
		extra = append(extra, p.example)
	}
	return fill(r, n, codexMinCalls, codexMaxCalls, func(k int) verify.Case { return codexConfig(r, seed, k) },
		func(c verify.Case, calls int) []verify.Call { return codexCalls(r, calls, c.ProjectFiles, extra) })
}

// fill draws configurations (config(k) for k = 0, 1, …), each with
// minCalls to maxCalls calls (calls(c, count)), until they hold n calls;
// the last one's count is cut to what is left. The draws keep their order
// on r, so a seed gives the same cases as before this helper.
func fill(r *rand.Rand, n, minCalls, maxCalls int, config func(k int) verify.Case, calls func(c verify.Case, count int) []verify.Call) []verify.Case {
	var out []verify.Case
	total := 0
	for k := 0; total < n; k++ {
		c := config(k)
		count := min(minCalls+r.Intn(maxCalls-minCalls+1), n-total)
		c.Calls = calls(c, count)
		total += len(c.Calls)
		out = append(out, c)
	}
	return out
}

// codexRules draws a rules file of k prefix rules.
func codexRules(r *rand.Rand, k int) string {
	var b strings.Builder
	b.WriteString("# drawn rules\n")
	for i := 0; i < k; i++ {
		p := codexPatterns[r.Intn(len(codexPatterns))]
		dec := []string{"allow", "prompt", "forbidden"}[r.Intn(3)]
		fmt.Fprintf(&b, "prefix_rule(pattern=%s, decision=%q", p.pattern, dec)
		if r.Intn(4) == 0 {
			b.WriteString(`, justification="team policy"`)
		}
		if r.Intn(5) == 0 {
			fmt.Fprintf(&b, ", match=[%s]", strconv.Quote(p.example))
		}
		if r.Intn(6) == 0 {
			b.WriteString(`, not_match=["zzz-not-a-command"]`)
		}
		b.WriteString(")\n")
	}
	return b.String()
}

// codexConfigTOML draws a user config.toml (approval policy, sandbox and
// its workspace-write settings); "" leaves it out.
func codexConfigTOML(r *rand.Rand, modeless bool) (string, string) {
	var lines []string
	tag := ""
	if modeless {
		switch x := r.Intn(10); {
		case x < 5:
			a := codexConfigApprovals[r.Intn(len(codexConfigApprovals))]
			lines = append(lines, fmt.Sprintf("approval_policy = %q", a))
			tag = a
		case x < 7:
			tag = "granular"
		}
		if r.Intn(4) > 0 {
			s := codexSandboxes[r.Intn(len(codexSandboxes))]
			lines = append(lines, fmt.Sprintf("sandbox_mode = %q", s))
			tag += "-" + s
		}
	}
	var ws []string
	if r.Intn(4) == 0 {
		ws = append(ws, "network_access = "+[]string{"true", "false"}[r.Intn(2)])
	}
	if r.Intn(5) == 0 {
		ws = append(ws, `writable_roots = ["/home/user/work"]`)
	}
	if r.Intn(6) == 0 {
		ws = append(ws, "exclude_slash_tmp = true", "exclude_tmpdir_env_var = true")
	}
	if len(ws) > 0 {
		lines = append(lines, "", "[sandbox_workspace_write]")
		lines = append(lines, ws...)
		tag += "-wsw"
	}
	if strings.HasPrefix(tag, "granular") {
		b := func() string { return []string{"true", "false"}[r.Intn(2)] }
		lines = append(lines, "", "[approval_policy.granular]", "sandbox_approval = "+b(), "rules = "+b(),
			"mcp_elicitations = true", "request_permissions = true", "skill_approval = true")
	}
	if len(lines) == 0 {
		return "", ""
	}
	return strings.Join(lines, "\n") + "\n", tag
}

// codexConfig draws the k-th configuration.
func codexConfig(r *rand.Rand, seed int64, k int) verify.Case {
	home, proj := maps.Clone(gcshHome), maps.Clone(gcshProject)
	trust := r.Intn(2) == 0
	var mode *string
	name := ""
	switch x := r.Intn(10); {
	case x < 7:
		m := codexApprovals[r.Intn(len(codexApprovals))] + ":" + codexSandboxes[r.Intn(len(codexSandboxes))]
		mode, name = &m, strings.ReplaceAll(m, ":", "-")
	case x < 8:
		m := "--dangerously-bypass-approvals-and-sandbox"
		mode, name = &m, "bypass"
	default:
		name = "cfg"
	}
	var tags []string
	if r.Intn(10) < 8 {
		home[".codex/rules/user.rules"] = codexRules(r, 2+r.Intn(8))
		tags = append(tags, "rules")
	}
	if r.Intn(3) == 0 {
		proj[".codex/rules/project.rules"] = codexRules(r, 1+r.Intn(4))
		tags = append(tags, "prules")
	}
	if cfg, tag := codexConfigTOML(r, mode == nil); cfg != "" {
		home[".codex/config.toml"] = cfg
		tags = append(tags, "toml")
		if tag != "" {
			name += "-" + strings.TrimLeft(tag, "-")
		}
	}
	config := gcshConfigName("x", seed, k, tags, name, trust)
	return verify.Case{
		ID: "px-" + config, Harness: "codex", Config: config, Git: true, Trust: trust, Mode: mode,
		HomeFiles: home, ProjectFiles: proj, Args: []string{}, Env: map[string]string{},
	}
}

// codexCalls draws k calls; patches that update or delete get files of
// their own, so an earlier call cannot change what they expect.
func codexCalls(r *rand.Rand, k int, proj map[string]string, extra []string) []verify.Call {
	var calls []verify.Call
	for i := 0; i < k; i++ {
		x := r.Intn(100)
		switch {
		case x < 78:
			in := map[string]any{"cmd": gcshCommand(r, extra), "workdir": verify.Project, "yield_time_ms": 10000}
			switch y := r.Intn(100); {
			case y < 8:
				in["sandbox_permissions"] = "require_escalated"
				in["justification"] = "needs to run outside the sandbox"
			case y < 14:
				in["workdir"] = gcshPick(r, []string{verify.Project + "/src", verify.Home + "/work", "/tmp"})
			}
			calls = append(calls, verify.Call{Tool: "exec_command", Input: in})
		default:
			calls = append(calls, verify.Call{Tool: "apply_patch", Input: map[string]any{"input": codexPatch(r, i, proj)}})
		}
	}
	return calls
}

// codexPatch draws a patch: an added file inside or outside the project
// (plain, `..`, absolute, protected folders), or an update, deletion or
// move of a file of its own.
func codexPatch(r *rand.Rand, i int, proj map[string]string) string {
	own := fmt.Sprintf("edits/p%d.txt", i)
	switch x := r.Intn(100); {
	case x < 55:
		p := gcshPick(r, []string{"new.txt", "src/gen.py", "docs/new.md", "deep/a/b.txt", "../escape.txt", "src/../added.txt",
			"/tmp/patched.txt", verify.Home + "/scratch/p.txt", verify.Home + "/work/other/p.txt", ".git/hooks/pre-commit",
			".codex/notes.txt", ".agents/x.md", "/home/user/proj/abs.txt", "../work/other/q.txt", ".env"})
		return "*** Begin Patch\n*** Add File: " + p + "\n+written by the generator\n*** End Patch\n"
	case x < 80:
		proj[own] = "one\ntwo\n"
		return "*** Begin Patch\n*** Update File: " + own + "\n@@\n one\n-two\n+TWO\n*** End Patch\n"
	case x < 90:
		proj[own] = "gone\n"
		return "*** Begin Patch\n*** Delete File: " + own + "\n*** End Patch\n"
	}
	proj[own] = "moved\n"
	to := gcshPick(r, []string{"edits/moved.txt", "../moved-out.txt", "/tmp/moved.txt"})
	return "*** Begin Patch\n*** Update File: " + own + "\n*** Move to: " + to + "\n@@\n-moved\n+moved!\n*** End Patch\n"
}

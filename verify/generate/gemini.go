package generate

import (
	"encoding/json"
	"fmt"
	"maps"
	"math/rand"
	"path"
	"strings"

	"github.com/permsim/permsim/verify"
)

// The Gemini CLI generator draws configurations from the space the rule
// book's Gemini section describes: settings tools.exclude, tools.core and
// tools.allowed (user and project layers), general.defaultApprovalMode,
// policy TOML files in the user tier (and now and then the admin tier or
// --policy) with toolName, commandPrefix (one or a list), commandRegex,
// argsPattern, allowRedirection, modes and priorities that tie on purpose
// (deny against ask_user, allow against ask_user), approval modes default,
// auto_edit, yolo and plan, and trusted folders answered or not. Calls are
// shell command lines from the shared grammar (shellgen_gc.go) and the
// file tools on plain, relative, `..` and outside paths.

func init() { register("gemini", geminiCases) }

// geminiCallsPerCase bounds the calls one configuration gets: one Gemini
// CLI process runs them all, so more calls per process record faster.
const (
	geminiMinCalls = 18
	geminiMaxCalls = 30
)

// geminiRulePrefixes are the command prefixes drawn rules name; the call
// pool draws from them too, so rules match.
var geminiRulePrefixes = []string{
	"git", "git status", "git push", "git log", "git commit", "npm", "npm test", "make", "make deploy", "make test",
	"kubectl", "kubectl delete", "terraform", "python3", "rm", "rm -rf", "curl", "docker", "ls", "cat", "echo",
	"find", "sed", "touch", "cp", "mkdir", "go test", "bash", "sh -c", "node", "grep", "head", "env", "timeout",
}

// geminiRuleCommands are commands the rule prefixes are about.
var geminiRuleCommands = []string{
	"git push origin main", "git status", "git log --oneline -2", "git commit -m wip", "npm test", "npm run build",
	"make test", "make deploy", "make lint", "kubectl get pods", "kubectl delete pod web", "terraform plan",
	"terraform apply", "python3 src/app.py", "python3 -c 'print(2)'", "rm -f notes.bak", "rm -rf build", "curl -s https://example.com",
	"docker ps", "ls -la", "cat %s", "echo ok", "find . -name '*.md'", "sed -n 2p %s", "touch made.txt", "cp notes.txt n2.txt",
	"mkdir -p out", "go test ./...", "node -e 'console.log(2)'", "grep -r beta .", "head -3 %s", "env", "timeout 3 ls",
}

// geminiRegexes are commandRegex values.
var geminiRegexes = []string{
	"^git (status|log|diff)", "^(npm|make) test", "rm .*-rf", "^kubectl (get|describe)", "curl|wget", "^(cat|head|tail) ",
	".*> ?/tmp/.*", "^python3? ", "deploy", "^ls( |$)", "^echo ", "\\.env",
}

// geminiArgsPatterns are argsPattern values for the file tools (tested
// against the arguments as sorted, compact JSON).
var geminiArgsPatterns = []string{
	"\\.env", "credentials\\.json", "/docs/", "/src/", "notes", "\\.\\./", "/home/user/work", "\"file_path\":\"/tmp/", "\\.md\"", "/build/",
}

// geminiSettingsTools are entries of tools.core, tools.allowed and
// tools.exclude.
var geminiSettingsTools = []string{
	"run_shell_command", "run_shell_command(git status)", "run_shell_command(git)", "run_shell_command(npm test)",
	"run_shell_command(ls)", "run_shell_command(make)", "ShellTool(echo)", "run_shell_command(cat)", "run_shell_command(rm)",
	"read_file", "write_file", "replace", "glob", "grep_search", "list_directory", "google_web_search", "web_fetch",
	"write_todos", "save_memory", "read_many_files",
}

// geminiModes are the --approval-mode values and raw flags a case runs
// with; "" is no flag.
var geminiModes = []string{"", "default", "auto_edit", "yolo", "plan", "--yolo", "default", "auto_edit", "yolo", "plan"}

// geminiDefaultModes are general.defaultApprovalMode values, a wrong one
// among them.
var geminiDefaultModes = []string{"default", "auto_edit", "autoEdit", "yolo", "plan", "bogus"}

func geminiCases(n int, seed int64) []verify.Case {
	r := rand.New(rand.NewSource(seed))
	return fill(r, n, geminiMinCalls, geminiMaxCalls, func(k int) verify.Case { return geminiConfig(r, seed, k) },
		func(c verify.Case, calls int) []verify.Call { return geminiCalls(r, calls, c.ProjectFiles) })
}

// geminiRule is one [[rule]] of a drawn policy file.
type geminiRule struct {
	lines []string
}

func (g *geminiRule) set(key string, v any) {
	b, _ := json.Marshal(v)
	g.lines = append(g.lines, key+" = "+geminiTOMLValue(v, string(b)))
}

// geminiTOMLValue renders v as TOML: JSON's strings and lists of strings
// are valid TOML basic strings and arrays.
func geminiTOMLValue(v any, js string) string {
	if b, ok := v.(bool); ok {
		return fmt.Sprint(b)
	}
	return js
}

// geminiDrawRule draws one policy rule.
func geminiDrawRule(r *rand.Rand) string {
	g := &geminiRule{}
	decisions := []string{"allow", "deny", "ask_user"}
	dec := decisions[r.Intn(3)]
	x := r.Intn(100)
	switch {
	case x < 45:
		g.set("toolName", "run_shell_command")
		if r.Intn(4) == 0 {
			k := 2 + r.Intn(2)
			var ps []string
			for i := 0; i < k; i++ {
				ps = append(ps, gcshPick(r, geminiRulePrefixes))
			}
			g.set("commandPrefix", ps)
		} else {
			g.set("commandPrefix", gcshPick(r, geminiRulePrefixes))
		}
	case x < 58:
		g.set("toolName", "run_shell_command")
		g.set("commandRegex", gcshPick(r, geminiRegexes))
	case x < 75:
		g.set("toolName", gcshPick(r, []string{"read_file", "write_file", "replace", "glob", "list_directory", "grep_search"}))
		g.set("argsPattern", gcshPick(r, geminiArgsPatterns))
	case x < 92:
		g.set("toolName", gcshPick(r, []string{"read_file", "write_file", "replace", "glob", "list_directory", "grep_search",
			"google_web_search", "web_fetch", "write_todos", "run_shell_command", "save_memory"}))
	case x < 96:
		g.set("toolName", []string{"write_file", "replace"})
	default:
		g.set("toolName", "*")
		dec = gcshPick(r, []string{"ask_user", "deny", "allow"})
	}
	g.set("decision", dec)
	// Priorities from a short list, so two rules often tie.
	g.lines = append(g.lines, fmt.Sprintf("priority = %d", []int{100, 100, 200, 200, 300, 500, 900, 10}[r.Intn(8)]))
	if dec == "allow" && r.Intn(4) == 0 {
		g.set("allowRedirection", true)
	}
	if r.Intn(7) == 0 {
		g.set("modes", []string{gcshPick(r, []string{"default", "autoEdit", "yolo", "plan"})})
	}
	if dec == "deny" && r.Intn(5) == 0 {
		g.set("denyMessage", "not here")
	}
	return "[[rule]]\n" + strings.Join(g.lines, "\n") + "\n"
}

// geminiPolicy draws a policy file of k rules, with at least one tie
// between a deny or allow and an ask_user for the same commands now and
// then.
func geminiPolicy(r *rand.Rand, k int) string {
	var rules []string
	for i := 0; i < k; i++ {
		rules = append(rules, geminiDrawRule(r))
	}
	if r.Intn(2) == 0 {
		p := gcshPick(r, geminiRulePrefixes)
		pri := []int{100, 200, 300}[r.Intn(3)]
		first, second := "deny", "ask_user"
		if r.Intn(3) == 0 {
			first = "allow"
		}
		if r.Intn(2) == 0 {
			first, second = second, first
		}
		for _, d := range []string{first, second} {
			rules = append(rules, fmt.Sprintf("[[rule]]\ntoolName = \"run_shell_command\"\ncommandPrefix = %q\ndecision = %q\npriority = %d\n", p, d, pri))
		}
	}
	return strings.Join(rules, "\n")
}

// geminiSettings draws a settings.json body; nil when the draw leaves
// the layer out.
func geminiSettings(r *rand.Rand, withMode bool) map[string]any {
	s := map[string]any{}
	tools := map[string]any{}
	list := func(k int) []string {
		seen := map[string]bool{}
		var l []string
		for i := 0; i < k; i++ {
			t := gcshPick(r, geminiSettingsTools)
			if !seen[t] {
				seen[t] = true
				l = append(l, t)
			}
		}
		return l
	}
	if r.Intn(4) == 0 {
		tools["exclude"] = list(1 + r.Intn(2))
	}
	if r.Intn(6) == 0 {
		tools["core"] = list(3 + r.Intn(5))
	}
	if r.Intn(3) == 0 {
		tools["allowed"] = list(1 + r.Intn(4))
	}
	if len(tools) > 0 {
		s["tools"] = tools
	}
	if withMode && r.Intn(3) == 0 {
		s["general"] = map[string]any{"defaultApprovalMode": gcshPick(r, geminiDefaultModes)}
	}
	if r.Intn(12) == 0 {
		s["security"] = map[string]any{"disableYoloMode": true}
	}
	if len(s) == 0 {
		return nil
	}
	return s
}

func geminiJSON(v any) string {
	b, _ := json.MarshalIndent(v, "", "  ")
	return string(b) + "\n"
}

// geminiConfig draws the k-th configuration.
func geminiConfig(r *rand.Rand, seed int64, k int) verify.Case {
	mode := gcshPick(r, geminiModes)
	trust := r.Intn(10) < 7
	home, proj := maps.Clone(gcshHome), maps.Clone(gcshProject)
	var tags []string
	if r.Intn(10) < 8 {
		home[".gemini/policies/user.toml"] = geminiPolicy(r, 2+r.Intn(7))
		tags = append(tags, "pol")
	}
	if r.Intn(5) == 0 {
		home[".gemini/policies/extra.toml"] = geminiPolicy(r, 1+r.Intn(3))
		tags = append(tags, "pol2")
	}
	if s := geminiSettings(r, mode == ""); s != nil {
		home[".gemini/settings.json"] = geminiJSON(s)
		tags = append(tags, "uset")
	}
	if r.Intn(3) == 0 {
		if s := geminiSettings(r, mode == ""); s != nil {
			proj[".gemini/settings.json"] = geminiJSON(s)
			tags = append(tags, "pset")
		}
	}
	var args []string
	if r.Intn(10) == 0 {
		home["admin/admin.toml"] = geminiPolicy(r, 1+r.Intn(3))
		args = append(args, "--admin-policy", verify.Home+"/admin/admin.toml")
		tags = append(tags, "admin")
	} else if r.Intn(10) == 0 {
		home["flag/policy.toml"] = geminiPolicy(r, 1+r.Intn(3))
		args = append(args, "--policy", verify.Home+"/flag/policy.toml")
		tags = append(tags, "flagpol")
	}
	name := mode
	if name == "" {
		name = "none"
	}
	name = strings.TrimLeft(name, "-")
	config := gcshConfigName("g", seed, k, tags, name, trust)
	c := verify.Case{
		ID: "pg-" + config, Harness: "gemini", Config: config, Git: true, Trust: trust,
		HomeFiles: home, ProjectFiles: proj, Args: args, Env: map[string]string{},
	}
	if args == nil {
		c.Args = []string{}
	}
	if mode != "" {
		m := mode
		c.Mode = &m
	}
	return c
}

// geminiPaths are file-tool paths: plain, relative, `..`, outside the
// project, and the folders Gemini CLI keeps out of its workspace.
func geminiPath(r *rand.Rand, existing bool) string {
	const p = verify.Project
	x := r.Intn(100)
	switch {
	case x < 50:
		if existing {
			return p + "/" + gcshPick(r, gcshFiles)
		}
		return p + "/" + gcshPick(r, []string{"new.txt", "src/new_mod.py", "docs/new.md", "plans/plan.md", "build/gen.txt", "deep/a/b.txt"})
	case x < 58:
		return gcshPick(r, []string{"notes.txt", "src/app.py", "docs/guide.md", "./README.md"})
	case x < 66:
		return gcshPick(r, []string{p + "/src/../notes.txt", p + "/../work/other/README.md", p + "/docs/../../scratch/ideas.txt", p + "/./src/util.py"})
	case x < 80:
		return gcshPick(r, []string{verify.Home + "/.netrc", verify.Home + "/scratch/ideas.txt", "/etc/hostname", "/tmp/rh.txt", verify.Home + "/work/other/README.md", verify.Home + "/.bash_profile", "../work/other/README.md"})
	case x < 90:
		return gcshPick(r, []string{p + "/.env", p + "/.git/config", p + "/.git/HEAD", p + "/credentials.json", p + "/node_modules/x.js"})
	}
	return p + "/" + gcshPick(r, []string{"Makefile", "package.json", "config/dev.yaml", ".gitignore"})
}

// geminiCalls draws k calls; replace calls get files of their own so an
// earlier call cannot change the text they replace.
func geminiCalls(r *rand.Rand, k int, proj map[string]string) []verify.Call {
	var calls []verify.Call
	shell := func(cmd string) verify.Call {
		return verify.Call{Tool: "run_shell_command", Input: map[string]any{"command": cmd, "description": "rh"}}
	}
	for i := 0; i < k; i++ {
		x := r.Intn(100)
		switch {
		case x < 55:
			calls = append(calls, shell(gcshCommand(r, geminiRuleCommands)))
		case x < 65:
			calls = append(calls, verify.Call{Tool: "read_file", Input: map[string]any{"file_path": geminiPath(r, true)}})
		case x < 73:
			calls = append(calls, verify.Call{Tool: "write_file", Input: map[string]any{"file_path": geminiPath(r, false), "content": "written by the generator\n"}})
		case x < 81:
			// A file of its own, unless the draw lands outside the
			// project, where the text is that of an existing file.
			fp := geminiPath(r, true)
			old := "value = 0"
			rel := strings.TrimPrefix(fp, verify.Project+"/")
			if strings.HasPrefix(fp, verify.Project+"/") && !strings.Contains(rel, "..") && !strings.HasPrefix(rel, ".") {
				fp = fmt.Sprintf("%s/edits/e%d.py", verify.Project, i)
				proj[strings.TrimPrefix(fp, verify.Project+"/")] = old + "\n"
			} else if t, ok := geminiFileText(fp, proj); ok {
				old = strings.SplitN(t, "\n", 2)[0]
			}
			calls = append(calls, verify.Call{Tool: "replace", Input: map[string]any{"file_path": fp, "old_string": old, "new_string": "value = 1", "instruction": "rh edit"}})
		case x < 85:
			in := map[string]any{"pattern": gcshPick(r, []string{"**/*.py", "*.md", "src/*", "**/*"})}
			if r.Intn(2) == 0 {
				in["dir_path"] = geminiDir(r)
			}
			calls = append(calls, verify.Call{Tool: "glob", Input: in})
		case x < 89:
			in := map[string]any{"pattern": gcshPick(r, []string{"TODO", "alpha", "def "})}
			if r.Intn(2) == 0 {
				in["dir_path"] = geminiDir(r)
			}
			calls = append(calls, verify.Call{Tool: "grep_search", Input: in})
		case x < 93:
			calls = append(calls, verify.Call{Tool: "list_directory", Input: map[string]any{"dir_path": geminiDir(r)}})
		case x < 95:
			calls = append(calls, verify.Call{Tool: "google_web_search", Input: map[string]any{"query": "gemini cli policy"}})
		case x < 96:
			calls = append(calls, verify.Call{Tool: "web_fetch", Input: map[string]any{"prompt": "summarise https://example.com"}})
		case x < 98:
			calls = append(calls, verify.Call{Tool: "write_todos", Input: map[string]any{"todos": []any{map[string]any{"description": "tidy", "status": "pending"}}}})
		default:
			calls = append(calls, verify.Call{Tool: "save_memory", Input: map[string]any{"fact": "the project is called ledger"}})
		}
	}
	return calls
}

// geminiDir draws a folder for the listing and search tools.
func geminiDir(r *rand.Rand) string {
	return gcshPick(r, []string{verify.Project, verify.Project + "/src", "src", ".", verify.Project + "/..", verify.Home + "/work",
		"/etc", "/tmp", verify.Project + "/.git", verify.Project + "/docs/../src"})
}

// geminiFileText is the text of a file a path names, when it is one of
// the drawn files.
func geminiFileText(fp string, proj map[string]string) (string, bool) {
	clean := path.Clean(fp)
	if rel, ok := strings.CutPrefix(clean, verify.Project+"/"); ok {
		t, ok := proj[rel]
		return t, ok
	}
	if rel, ok := strings.CutPrefix(clean, verify.Home+"/"); ok {
		t, ok := gcshHome[rel]
		return t, ok
	}
	return "", false
}

package generate

import (
	"encoding/json"
	"fmt"
	"github.com/permsim/permsim/toolcall"
	"math/rand/v2"
	"sort"
	"strings"

	"github.com/permsim/permsim/verify"
)

// The Claude Code generator draws from the seed's Claude Code section:
// settings layers (user, project, local, managed) holding allow, ask and
// deny rules of every form the rule book lists (Bash exact, prefix `:*`
// and wildcard forms, the bare tool name, Read/Edit/Write path rules
// relative to the project, the home, the settings file and the root,
// WebFetch domains, Task/Agent agent types) including carve-outs (an
// allow on a file inside a denied folder); every mode by flag or by
// defaultMode, valid or not, in the right place or a wrong one; trust
// answered or not; symlinks in the project to a denied file, to files
// outside the project and to a folder outside it. Calls are shell
// commands from a small grammar and file tools on plain, `..` and
// linked paths, and Task calls whose subagents make calls of their own.

func init() { register(toolcall.ClaudeCode, claudeCases) }

const (
	home = verify.Home
	proj = verify.Project
)

// claudeProject is every drawn project's files. Each text holds "alpha"
// so an Edit has a string to replace.
var claudeProject = map[string]string{
	"README.md":          "# shop\nalpha\n",
	"main.go":            "package main\n\n// alpha\nfunc main() {}\n",
	"go.mod":             "module example.com/shop\n\ngo 1.22\n",
	"Makefile":           "build:\n\t@echo build\nlint:\n\t@echo lint\ndeploy:\n\t@echo deploy\ntest:\n\t@echo test\n",
	"src/app.py":         "print('alpha')\n",
	"src/util.py":        "ALPHA = 1\nalpha = 2\n",
	"docs/guide.md":      "guide alpha\n",
	"notes.md":           "alpha notes\n",
	".env":               "SECRET=not-real-alpha\n",
	"config/prod.env":    "DB=not-real-alpha\n",
	"config/app.yaml":    "name: alpha\n",
	"secrets/api.key":    "not-a-real-key alpha\n",
	"secrets/public.txt": "public alpha\n",
	"scripts/build.sh":   "#!/bin/sh\necho build alpha\n",
	"data/input.csv":     "a,b\nalpha,1\n",
	"package.json":       "{\"name\": \"shop\", \"scripts\": {\"test\": \"echo test\", \"build\": \"echo build\"}}\n",
}

var claudeHome = map[string]string{
	".bashrc":          "# bashrc alpha\n",
	".ssh/id_ed25519":  "-----BEGIN OPENSSH PRIVATE KEY-----\nnot-a-real-key alpha\n-----END OPENSSH PRIVATE KEY-----\n",
	".aws/credentials": "[default]\naws_access_key_id = not-real-alpha\n",
	"work/notes.txt":   "notes alpha\n",
	"work/plan.md":     "plan alpha\n",
	"outside/data.txt": "outside alpha\n",
}

// claudeLinks are the symlinks a project may hold: name → target.
var claudeLinks = [][2]string{
	{"env-link", proj + "/.env"},                      // a denied file, by absolute target
	{"docs/key-link", "../secrets/api.key"},           // a denied file, relative target
	{"notes-link.txt", home + "/work/notes.txt"},      // a file outside the project
	{"worklink", home + "/work"},                      // a folder outside the project
	{"ssh-link", home + "/.ssh/id_ed25519"},           // a secret outside the project
	{"host-link", "/etc/hostname"},                    // a system file
	{"srclink", "src"},                                // a folder inside
	{"public-link.txt", proj + "/secrets/public.txt"}, // a carved-out file
}

type rng struct{ *rand.Rand }

func (r rng) pick(xs ...string) string { return xs[r.IntN(len(xs))] }
func (r rng) chance(p float64) bool    { return r.Float64() < p }

// some picks k distinct entries of xs, in xs's order.
func (r rng) some(k int, xs []string) []string {
	if k > len(xs) {
		k = len(xs)
	}
	idx := r.Perm(len(xs))[:k]
	sort.Ints(idx)
	out := make([]string, k)
	for i, j := range idx {
		out[i] = xs[j]
	}
	return out
}

// Rule pools, by kind. The forms follow the seed's rule syntax section.
var (
	allowPool = []string{
		"Bash(make build)", "Bash(make:*)", "Bash(make *)", "Bash(git status)", "Bash(git log *)", "Bash(git diff:*)",
		"Bash(npm run test:*)", "Bash(npm test)", "Bash(python3 -c *)", "Bash(cat *)", "Bash(ls:*)", "Bash(ls *)",
		"Bash(echo *)", "Bash(grep *)", "Bash(git *)", "Bash(go test:*)", "Bash(timeout *)", "Bash(sed -n *)",
		"Bash(touch *)", "Bash(rm *)", "Bash(find *)", "Bash(head *)", "Bash(wc *)", "Bash(sort *)", "Bash(awk *)",
		"Bash(xxd *)", "Bash(less *)", "Bash(env *)", "Bash(nice *)", "Bash(mkdir *)", "Bash(sh scripts/build.sh)",
		"Bash(python3 src/app.py)", "Bash(tee *)", "Bash(diff *)", "Bash(cp *)", "Bash",
		"Read(~/work/**)", "Read(//etc/**)", "Read(./secrets/public.txt)", "Read", "Read(~/.ssh/**)",
		"Edit(src/**)", "Edit(*.md)", "Edit(./docs/**)", "Edit(~/work/**)", "Edit(//tmp/**)", "Edit", "Write(./out/**)",
		"Edit(./notes.md)", "Edit(/src/**)", "Glob", "Grep", "WebFetch(domain:example.com)", "WebFetch", "Task",
		"Agent(Explore)", "Read(./env-link)", "Read(./worklink/**)",
	}
	denyPool = []string{
		"Bash(make deploy)", "Bash(rm *)", "Bash(rm:*)", "Bash(git push:*)", "Bash(curl *)", "Bash(cat .env)",
		"Bash(python3 *)", "Bash(sudo *)", "Bash(git reset *)", "Bash(echo *)", "Bash(ls *)", "Bash(env *)",
		"Bash(timeout *)", "Bash(touch *)", "Bash(tee *)",
		"Read(./.env)", "Read(.env)", "Read(./secrets/**)", "Read(./config/*.env)", "Read(~/.ssh/**)", "Read(~/work/**)",
		"Read(//etc/**)", "Read(/secrets/**)", "Read(**/*.key)", "Read(~/.aws/**)", "Read(./data/**)",
		"Edit(./Makefile)", "Edit(src/**)", "Edit(~/work/**)", "Edit(//tmp/**)", "Edit(*.md)", "Write(./out/**)",
		"Glob", "Grep", "WebFetch", "Task(Explore)", "Agent(general-purpose)", "Read(./worklink/**)", "Read(./env-link)",
	}
	askPool = []string{
		"Bash(git push *)", "Bash(git commit *)", "Bash(make *)", "Bash(rm:*)", "Bash(npm *)", "Bash(echo *)",
		"Bash(cat *)", "Bash(ls:*)", "Bash(git status)", "Bash(grep *)", "Bash(find *)", "Bash(wc *)",
		"Read(./config/**)", "Read(~/work/**)", "Read(./notes.md)", "Edit(./notes.md)", "Edit(src/**)", "Edit",
		"Write(./out/**)", "Task(general-purpose)", "Glob", "Grep", "WebFetch(domain:example.com)",
	}
	validModes   = []string{"default", "acceptEdits", "plan", "auto", "dontAsk", "bypassPermissions"}
	invalidModes = []string{"yolo", "Plan", "bypass", "manual", "readOnly", "", "accept-edits", "DEFAULT"}
	flagModes    = []string{"default", "acceptEdits", "plan", "auto", "dontAsk", "bypassPermissions", "dangerously-skip-permissions"}
)

// claudeCases draws about n calls (subagent calls included) for Claude
// Code from seed.
func claudeCases(n int, seed int64) []verify.Case {
	r := rng{rand.New(rand.NewPCG(uint64(seed), 0x5eed_c1a0_de))}
	var out []verify.Case
	total := 0
	for cfg := 0; total < n; cfg++ {
		cases, calls := claudeConfig(r, seed, cfg)
		out = append(out, cases...)
		total += calls
	}
	return out
}

// settingsDraw is one settings file's drawn content.
type settingsDraw struct {
	allow, deny, ask []string
	mode             any  // nil: no defaultMode
	misplaced        bool // defaultMode at the top level instead of under permissions
	extra            map[string]any
}

func (s settingsDraw) json() string {
	perms := map[string]any{}
	if len(s.allow) > 0 {
		perms["allow"] = s.allow
	}
	if len(s.deny) > 0 {
		perms["deny"] = s.deny
	}
	if len(s.ask) > 0 {
		perms["ask"] = s.ask
	}
	doc := map[string]any{}
	for k, v := range s.extra {
		if k == "additionalDirectories" || k == "disableBypassPermissionsMode" {
			perms[k] = v
		} else {
			doc[k] = v
		}
	}
	if s.mode != nil {
		if s.misplaced {
			doc["defaultMode"] = s.mode
		} else {
			perms["defaultMode"] = s.mode
		}
	}
	if len(perms) > 0 {
		doc["permissions"] = perms
	}
	b, _ := json.MarshalIndent(doc, "", "  ")
	return string(b)
}

func (r rng) drawSettings(weight float64) settingsDraw {
	var s settingsDraw
	s.allow = r.some(r.IntN(int(5*weight)+1), allowPool)
	s.deny = r.some(r.IntN(int(4*weight)+1), denyPool)
	s.ask = r.some(r.IntN(int(3*weight)+1), askPool)
	// Carve-outs: an allow on a file inside a denied folder, or on one
	// form of a denied command.
	switch r.IntN(6) {
	case 0:
		s.deny = append(s.deny, "Read(./secrets/**)")
		s.allow = append(s.allow, r.pick("Read(./secrets/public.txt)", "Edit(./secrets/public.txt)", "Read(secrets/public.txt)"))
	case 1:
		s.deny = append(s.deny, "Bash(git *)")
		s.allow = append(s.allow, r.pick("Bash(git status)", "Bash(git log *)"))
	case 2:
		s.deny = append(s.deny, "Read(~/work/**)")
		s.allow = append(s.allow, "Read(~/work/notes.txt)")
	}
	if r.chance(0.15) {
		s.extra = map[string]any{"additionalDirectories": []string{r.pick("~/work", home+"/outside", "../outside", "/tmp")}}
	}
	return s
}

// claudeConfig draws one configuration and its cases; it returns them and
// the number of calls they make.
func claudeConfig(r rng, seed int64, cfg int) ([]verify.Case, int) {
	base := verify.Case{Harness: "claude", Git: r.chance(0.8), Trust: r.chance(0.6), Env: map[string]string{}, Args: []string{}}
	base.HomeFiles = map[string]string{}
	for k, v := range claudeHome {
		base.HomeFiles[k] = v
	}
	base.ProjectFiles = map[string]string{}
	for k, v := range claudeProject {
		base.ProjectFiles[k] = v
	}
	// Settings layers.
	layers := []string{}
	if r.chance(0.7) {
		layers = append(layers, "user")
	}
	if r.chance(0.55) {
		layers = append(layers, "project")
	}
	if r.chance(0.35) {
		layers = append(layers, "local")
	}
	if r.chance(0.12) {
		layers = append(layers, "managed")
	}
	if len(layers) == 0 {
		layers = append(layers, "user")
	}
	draws := map[string]settingsDraw{}
	for _, l := range layers {
		w := 1.0
		if l == "managed" || l == "local" {
			w = 0.5
		}
		draws[l] = r.drawSettings(w)
	}
	// The mode: by flag, by defaultMode somewhere (valid, invalid or
	// misplaced), or none.
	modeLabel := "none"
	switch k := r.IntN(10); {
	case k < 4:
		m := r.pick(flagModes...)
		base.Mode = &m
		modeLabel = "flag-" + m
	case k < 8:
		l := layers[r.IntN(len(layers))]
		d := draws[l]
		if r.chance(0.75) {
			d.mode = r.pick(validModes...)
		} else if r.chance(0.8) {
			d.mode = r.pick(invalidModes...)
		} else {
			d.mode = 3
		}
		d.misplaced = r.chance(0.15)
		draws[l] = d
		modeLabel = fmt.Sprintf("%s-%v", l, d.mode)
		if d.misplaced {
			modeLabel += "-top"
		}
	}
	for _, l := range layers {
		text := draws[l].json()
		switch l {
		case "user":
			base.HomeFiles[".claude/settings.json"] = text
		case "project":
			base.ProjectFiles[".claude/settings.json"] = text
		case "local":
			base.ProjectFiles[".claude/settings.local.json"] = text
		case "managed":
			base.ManagedFiles = map[string]string{"managed-settings.json": text}
		}
	}
	// Symlinks.
	var links []string
	if r.chance(0.7) {
		base.Symlinks = map[string]string{}
		for _, i := range r.Perm(len(claudeLinks))[:1+r.IntN(4)] {
			base.Symlinks[claudeLinks[i][0]] = claudeLinks[i][1]
			links = append(links, claudeLinks[i][0])
		}
		sort.Strings(links)
	}
	trust := "untrusted"
	if base.Trust {
		trust = "trusted"
	}
	base.Config = fmt.Sprintf("g%d-%03d-%s-%s-%s", seed, cfg, strings.Join(layers, "+"), strings.ReplaceAll(modeLabel, " ", ""), trust)

	g := callGen{r: r, links: links}
	var out []verify.Case
	calls := 0
	ncases := 2 + r.IntN(3)
	for k := 0; k < ncases; k++ {
		c := base
		c.ID = fmt.Sprintf("%s-%02d", base.Config, k)
		c.Calls = g.caseCalls(k == ncases-1)
		for _, call := range c.Calls {
			calls += 1 + len(call.SubagentCalls)
		}
		out = append(out, c)
	}
	return out, calls
}

// callGen draws the calls of one configuration's cases.
type callGen struct {
	r     rng
	links []string
}

func bash(cmd string) verify.Call {
	return verify.Call{Tool: "Bash", Input: map[string]any{"command": cmd, "description": "probe"}}
}

// caseCalls draws one case's calls: eight or so, and a Task with its
// subagent's calls when task is set.
func (g callGen) caseCalls(task bool) []verify.Call {
	var out []verify.Call
	edited := map[string]bool{}
	for len(out) < 8 {
		if g.r.chance(0.62) {
			out = append(out, bash(g.command(0)))
		} else {
			out = append(out, g.fileCalls(edited)...)
		}
	}
	if task {
		var subs []verify.Call
		for len(subs) < 2+g.r.IntN(2) {
			if g.r.chance(0.5) {
				subs = append(subs, bash(g.command(1)))
			} else {
				subs = append(subs, g.fileCalls(map[string]bool{})...)
			}
		}
		typ := g.r.pick("general-purpose", "general-purpose", "Explore", "Plan")
		tool := g.r.pick("Task", "Task", "Agent")
		out = append(out, verify.Call{Tool: tool, Input: map[string]any{"description": "probe", "prompt": "probe", "subagent_type": typ}, SubagentCalls: subs})
	}
	return out
}

// Paths the file tools and shell commands name.
func (g callGen) filePath() string {
	r := g.r
	switch k := r.IntN(20); {
	case k < 7:
		return proj + "/" + r.pick("README.md", "main.go", "src/app.py", "docs/guide.md", "notes.md", ".env", "config/prod.env",
			"config/app.yaml", "secrets/api.key", "secrets/public.txt", "data/input.csv", "Makefile", "go.mod")
	case k < 10:
		return home + "/" + r.pick("work/notes.txt", "work/plan.md", ".ssh/id_ed25519", ".aws/credentials", ".bashrc", "outside/data.txt")
	case k < 13:
		return r.pick(proj+"/src/../.env", proj+"/../work/notes.txt", proj+"/docs/../secrets/api.key", proj+"/src/../README.md",
			proj+"/../.ssh/id_ed25519", proj+"/./secrets/public.txt")
	case k < 14:
		return r.pick("/etc/hostname", "/etc/passwd", "/tmp/scratch.txt")
	default:
		if len(g.links) == 0 {
			return proj + "/README.md"
		}
		l := g.links[r.IntN(len(g.links))]
		switch l {
		case "worklink":
			return proj + "/worklink/" + r.pick("notes.txt", "plan.md")
		case "srclink":
			return proj + "/srclink/app.py"
		}
		return proj + "/" + l
	}
}

// existing reports whether p names a file of the layout (so Write must
// Read it first and Edit can replace "alpha").
func existing(p string) bool {
	return !strings.Contains(p, "/tmp/") && !strings.HasPrefix(p, "/etc/passwd") && !strings.Contains(p, "/out/") &&
		!strings.Contains(p, "new")
}

func (g callGen) newPath() string {
	return g.r.pick(proj+"/out/new.txt", proj+"/src/new.py", proj+"/new-notes.md", "/tmp/new.txt", home+"/work/new.txt",
		proj+"/../outside/new.txt", proj+"/.claude/settings.json", proj+"/.git/config-new", home+"/.zshrc-new",
		proj+"/secrets/new.key", proj+"/docs/new.md")
}

// fileCalls draws a file-tool call, or a Read and then an Edit or Write
// of the same file (the real harness refuses to change a file it has not
// read).
func (g callGen) fileCalls(edited map[string]bool) []verify.Call {
	r := g.r
	read := func(p string) verify.Call { return verify.Call{Tool: "Read", Input: map[string]any{"file_path": p}} }
	switch k := r.IntN(10); {
	case k < 4:
		return []verify.Call{read(g.filePath())}
	case k < 6:
		p := g.filePath()
		if edited[p] || !existing(p) || strings.HasPrefix(p, "/etc/") {
			return []verify.Call{{Tool: "Write", Input: map[string]any{"file_path": g.newPath(), "content": "written alpha\n"}}}
		}
		edited[p] = true
		if r.chance(0.7) {
			return []verify.Call{read(p), {Tool: "Edit", Input: map[string]any{"file_path": p, "old_string": "alpha", "new_string": "beta"}}}
		}
		return []verify.Call{read(p), {Tool: "Write", Input: map[string]any{"file_path": p, "content": "rewritten\n"}}}
	case k < 7:
		return []verify.Call{{Tool: "Write", Input: map[string]any{"file_path": g.newPath(), "content": "written alpha\n"}}}
	case k < 9:
		// Glob and Grep are left out: Claude Code 2.1.328 does not offer
		// them in these sessions ("No such tool available: Glob. Glob is
		// not available in this session — find files with find via the
		// Bash tool instead"), so their calls are never a permission
		// decision. Seeds 1 and 2 were drawn with them.
		return []verify.Call{read(g.filePath())}
	default:
		return []verify.Call{{Tool: "WebFetch", Input: map[string]any{"url": r.pick("https://example.com/a", "https://evil.example.net/x", "http://localhost:1/x"), "prompt": "summarise"}}}
	}
}

// Shell words: files relative to the project, and write targets.
func (g callGen) shellFile() string {
	opts := []string{"README.md", "main.go", "src/app.py", "notes.md", ".env", "config/prod.env", "secrets/api.key",
		"secrets/public.txt", "data/input.csv", "Makefile", "../work/notes.txt", "~/.ssh/id_ed25519", "~/work/plan.md",
		"/etc/hostname", "/home/user/.aws/credentials", "src/../.env", "./docs/guide.md", "'notes.md'", "\"README.md\""}
	opts = append(opts, g.links...)
	return g.r.pick(opts...)
}

func (g callGen) target() string {
	opts := []string{"out.txt", "build/log.txt", "/tmp/out.txt", "../escape.txt", "~/work/x.txt", "/home/user/outside/x.txt",
		".env", "secrets/x.txt", "/dev/null", "/dev/stderr", "$HOME/x.txt", "notes.md", "src/gen.py", ".claude/settings.json",
		".git/hooks/pre-commit"}
	for _, l := range g.links {
		if l == "worklink" {
			opts = append(opts, "worklink/x.txt")
		} else if l != "srclink" {
			opts = append(opts, l)
		}
	}
	return g.r.pick(opts...)
}

// simple draws one simple command.
func (g callGen) simple() string {
	r := g.r
	f := g.shellFile
	switch k := r.IntN(26); {
	case k < 7: // the read-only set, with and without flags
		return r.pick(
			"ls", "ls -la", "ls src", "ls -la "+g.dirWord(), "cat "+f(), "head -n 3 "+f(), "tail -2 "+f(), "grep -r alpha "+g.dirWord(),
			"grep -n alpha "+f(), "wc -l "+f(), "echo hi", "echo \"$HOME\"", "echo $PATH", "pwd", "printf '%s\\n' a b", "sort "+f(),
			"sort -o out.txt notes.md", "uniq "+f(), "sed -n 1p "+f(), "sed -i s/alpha/beta/ notes.md", "find . -name '*.py'",
			"find "+g.dirWord()+" -maxdepth 1", "find . -name '*.tmp' -delete", "git status", "git log --oneline -3", "git diff",
			"git show HEAD", "git branch", "git branch -D main", "git --no-pager log -1", "git remote -v", "git config --get user.name",
			"git stash list", "date", "date +%s", "env", "which go", "stat "+f(), "du -sh .", "df -h", "file "+f(), "tree", "id",
			"uname -a", "whoami", "hostname", "printenv HOME", "printenv", "cut -c1-3 "+f(), "tr a b < "+f(), "basename /a/b.txt",
			"dirname /a/b.txt", "realpath "+f(), "readlink "+f(), "seq 3", "expr 1 + 2", "true", "false", "nl "+f(), "od -c "+f(),
			"base64 "+f(), "md5sum "+f(), "sha256sum "+f(), "strings "+f(), "rev "+f(), "diff README.md notes.md",
			"cmp README.md notes.md", "comm README.md notes.md", "jq . package.json", "ps", "type ls", "column -t data/input.csv",
			"nproc", "uptime", "arch", "groups", "tac "+f(), "fold -w 5 "+f(), "paste "+f()+" "+f(), "rg alpha", "rg alpha "+g.dirWord())
	case k < 11: // look-alikes and common text and environment commands
		return r.pick(
			"less "+f(), "more "+f(), "xxd "+f(), "awk '{print $1}' "+f(), "perl -ne print "+f(), "locale", "tput cols",
			"man ls", "whereis ls", "command -v ls", "hash", "set", "export", "alias", "history", "cd src", "cd /tmp",
			"test -f "+f(), "[ -f README.md ]", "sleep 1", "yes | head -2", "tee out.txt", "xargs echo", "look alpha",
			"cat -n "+f(), "cat -A "+f(), "head -c 10 "+f(), "ls -R", "ls --color=always", "printf hi", "echo -e 'a\\tb'",
			"getconf PATH_MAX", "lsof", "free -m", "env | sort", "cal", "factor 12", "numfmt --to=iec 2048", "shuf -n1 "+f(),
			"split -l 1 "+f(), "join "+f()+" "+f(), "tsort "+f(), "pr "+f(), "expand "+f(), "unexpand "+f(), "fmt "+f(),
			"iconv -f utf8 -t ascii "+f(), "sum "+f(), "truncate -s 0 out.txt", "ln -s README.md r.md", "install -d build",
			"dd if=README.md of=/dev/null", "gzip -c "+f(), "tar tf x.tar", "zcat x.gz", "unzip -l x.zip")
	case k < 14: // version and help queries
		return r.pick("git", "go", "node", "python3", "python", "make", "npm", "ls", "cat", "grep", "sed", "awk", "curl", "rg",
			"jq", "docker", "cargo", "gcc", "java", "bash", "tar", "sort", "head", "find", "perl", "ruby", "pip") +
			" " + r.pick("--version", "--version", "--help", "-h", "-V", "version", "-v")
	case k < 18: // writes
		return r.pick("touch out/x.txt", "touch newfile.txt", "touch "+g.target(), "mkdir -p build", "mkdir "+g.target(),
			"rm -f out.txt", "rm "+f(), "rm -rf build", "cp README.md out.txt", "cp "+f()+" "+g.target(), "mv notes.md notes2.md",
			"chmod +x scripts/build.sh", "chmod 600 "+f(), "rmdir build", "ln -s "+f()+" lnk")
	default: // project commands and the like
		return r.pick("make build", "make deploy", "make lint", "make test", "go test ./...", "go build ./...", "go vet ./...",
			"npm test", "npm run test", "npm run build", "npm install", "python3 -c 'print(1)'", "python3 src/app.py",
			"sh scripts/build.sh", "bash scripts/build.sh", "./scripts/build.sh", "sh -c 'make deploy'", "bash -c 'ls'",
			"git add .", "git commit -m x", "git push origin main", "git reset --hard", "git checkout -b x", "git fetch",
			"curl https://example.com", "wget https://example.com", "sudo ls", "sudo make build", "kill 1", "docker run x",
			"node -e 'console.log(1)'", "eval ls", "exec ls", "source scripts/build.sh", ". scripts/build.sh", "xargs rm < "+f())
	}
}

func (g callGen) dirWord() string {
	opts := []string{".", "src", "..", "~", "~/work", "/etc", "/tmp", "secrets", "../outside", "~/.ssh"}
	for _, l := range g.links {
		if l == "worklink" || l == "srclink" {
			opts = append(opts, l)
		}
	}
	return g.r.pick(opts...)
}

// command draws a shell command line from the grammar: a simple command,
// or one with a prefix, a wrapper, a redirection, or two joined by a
// pipe, a list, a subshell or a brace group, substitutions, here-docs,
// continuations and syntax errors.
func (g callGen) command(depth int) string {
	r := g.r
	if depth > 2 {
		return g.simple()
	}
	sub := func() string { return g.command(depth + 1) }
	switch k := r.IntN(40); {
	case k < 12:
		return g.simple()
	case k < 14:
		return r.pick("FOO=1 ", "NODE_ENV=test ", "LANG=C ", "PAGER=cat ", "CGO_ENABLED=0 ", "GOFLAGS=-v ", "TZ=UTC ", "A=1 B=2 ") + g.simple()
	case k < 17:
		return r.pick("timeout 5 ", "nice -n 5 ", "nice ", "env ", "env FOO=1 ", "nohup ", "time ", "stdbuf -oL ", "timeout 10 nice ", "command ", "builtin ") + g.simple()
	case k < 20:
		return g.simple() + " " + r.pick(">", ">", ">>", "2>", "&>", "1>") + " " + g.target()
	case k < 21:
		return g.simple() + r.pick(" 2>&1", " > /dev/null 2>&1", " < "+g.shellFile(), " 2>/dev/null")
	case k < 24:
		return sub() + " | " + r.pick("head -3", "wc -l", "sort", "grep alpha", "tee out.txt", "xargs cat", "cut -c1-5", "tr a b",
			"awk '{print $1}'", "less", "sed 's/a/b/'", "uniq", "cat", "sh", "tee -a "+g.target())
	case k < 27:
		return sub() + r.pick(" && ", " || ", "; ", " & ") + sub()
	case k < 29:
		if r.chance(0.5) {
			return "(" + sub() + ")"
		}
		return "(" + sub() + "; " + sub() + ")"
	case k < 31:
		if r.chance(0.5) {
			return "{ " + sub() + "; }"
		}
		return "{ " + sub() + "; " + sub() + "; }"
	case k < 33:
		f := g.shellFile()
		return r.pick("echo $(cat "+f+")", "cat $(echo "+f+")", "echo \"`pwd`\"", "x=$(cat "+f+"); echo $x", "echo $(ls)",
			"ls $(dirname "+f+")", "echo \"$(whoami)\"", "test -n \"$(git status --porcelain)\"", "echo $(("+r.pick("1+2", "3*4")+"))")
	case k < 34:
		f := g.shellFile()
		return r.pick("diff <(sort "+f+") notes.md", "cat <(ls)", "paste <(cat "+f+") <(cat README.md)", "tee >(wc -l) < "+f, "wc -l < <(cat "+f+")")
	case k < 36:
		return r.pick("cat <<EOF\nhello\nEOF", "cat <<'EOF' > "+g.target()+"\nalpha\nEOF", "python3 - <<EOF\nprint(1)\nEOF",
			"cat <<-EOF | sort\n\tb\n\ta\n\tEOF", "wc -l <<< 'a b'", "grep alpha <<< \"$(cat "+g.shellFile()+")\"", "sh <<EOF\nls\nEOF")
	case k < 37:
		return r.pick("ls \\\n  -la src", "cat \\\n  "+g.shellFile(), "echo a \\\n && make build", "git \\\n status", "make \\\ndeploy")
	case k < 38:
		return r.pick("ls (", "echo 'unterminated", "cat README.md |", "if true; then echo hi", "ls \\", "echo hi &&", "((",
			"}", "cat <<EOF\nno end", "ls )", "for x in; do", "echo \"a", "| ls", "make build \\", "echo $(", "git status;;")
	case k < 39:
		return r.pick("ls src/*.py", "cat *.md", "wc -l **/*.go", "rm -f *.tmp", "ls {src,docs}", "cat s?cr*/api.key",
			"head -1 [Rr]EADME.md", "ls ~/work/*", "cat ~/.ssh/*", "echo *", "ls .??*")
	default:
		return r.pick("for f in *.md; do cat \"$f\"; done", "if [ -f README.md ]; then cat README.md; fi", "while false; do ls; done",
			"case x in x) ls;; esac", "f() { ls; }; f", "! ls", "ls &", "[[ -f .env ]] && cat .env", "select x in a; do ls; done")
	}
}

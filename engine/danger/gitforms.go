package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Git's own runners and forced forms (issue 30, round 3): git
// subcommands that take a command line and run it, and the options its
// manuals say overwrite local changes, beside the forms git.go's switch
// (rules.go) already reads.

// gitFilterOptions are git-filter-branch(1)'s filters: shell commands it
// evaluates for every commit.
var gitFilterOptions = map[string]bool{
	"--tree-filter": true, "--index-filter": true, "--msg-filter": true, "--env-filter": true,
	"--commit-filter": true, "--parent-filter": true, "--tag-name-filter": true,
}

// gitRunnerScripts returns the command lines a git subcommand runs:
// "submodule foreach CMD" (in each submodule, with sh), "rebase -x|--exec
// CMD" (after each commit), "bisect run CMD ARGS", filter-branch's
// filters and "difftool -x|--extcmd CMD".
func gitRunnerScripts(cmd *shell.Command) []string {
	_, sub, rest, ok := cmd.GitArgs()
	if !ok {
		return nil
	}
	if line, ok := oneCommandAlias(cmd, sub, rest); ok {
		return []string{line}
	}
	var out []string
	valueOf := func(i int, short string, long ...string) (string, int, bool) {
		w := rest[i]
		if !w.Literal {
			return "", i, false
		}
		for _, l := range long {
			if v, ok := strings.CutPrefix(w.Lit, l+"="); ok {
				return v, i, true
			}
			if w.Lit == l && i+1 < len(rest) && rest[i+1].Literal {
				return rest[i+1].Lit, i + 1, true
			}
		}
		if short != "" {
			if w.Lit == short && i+1 < len(rest) && rest[i+1].Literal {
				return rest[i+1].Lit, i + 1, true
			}
			if v, ok := strings.CutPrefix(w.Lit, short); ok && v != "" {
				return v, i, true
			}
		}
		return "", i, false
	}
	switch sub {
	case "submodule":
		ops := rest
		for len(ops) > 0 && ops[0].Literal && (ops[0].Lit == "--quiet" || ops[0].Lit == "-q") {
			ops = ops[1:]
		}
		if len(ops) == 0 || ops[0].Lit != "foreach" {
			return nil
		}
		ops = ops[1:]
		for len(ops) > 0 && ops[0].Literal && strings.HasPrefix(ops[0].Lit, "-") {
			ops = ops[1:] // --recursive, --quiet
		}
		if len(ops) > 0 {
			out = append(out, joinLit(ops))
		}
	case "bisect":
		if len(rest) > 1 && rest[0].Lit == "run" {
			out = append(out, joinLit(rest[1:]))
		}
	case "rebase", "difftool", "filter-branch":
		for i := 0; i < len(rest); i++ {
			var v string
			var ok bool
			switch sub {
			case "rebase":
				v, i, ok = valueOf(i, "-x", "--exec")
			case "difftool":
				v, i, ok = valueOf(i, "-x", "--extcmd")
			default:
				if name, val, eq := strings.Cut(rest[i].Lit, "="); gitFilterOptions[name] {
					if eq {
						v, ok = val, true
					} else if i+1 < len(rest) && rest[i+1].Literal {
						v, ok, i = rest[i+1].Lit, true, i+1
					}
				}
			}
			if ok && v != "" {
				out = append(out, v)
			}
		}
	}
	return out
}

// gitForced flags the forced forms git's manuals say throw local changes
// away: "submodule deinit -f" (the submodule's working tree removed even
// with local modifications) and "submodule update -f" (git-submodule(1)),
// "checkout-index -f" (existing files overwritten, git-checkout-index(1)),
// "read-tree -u --reset" (the work tree made to match, git-read-tree(1));
// and history rewritten by a standalone git-filter-repo or the BFG
// Repo-Cleaner (bfg, or java -jar bfg*.jar), whose every cleaning
// option rewrites the commits that hold what it removes.
func (c *checker) gitForced(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	switch name {
	case "git-filter-repo", "git-filter-branch":
		if name == "git-filter-repo" && filterRepoOnlyReads(cmd.Args) {
			return
		}
		c.because(name)
		c.add(GitHistoryRewrite)
		return
	case "bfg", "java":
		args := cmd.Args
		if name == "java" {
			i := slices.IndexFunc(args, func(a shell.Word) bool { return a.Lit == "-jar" })
			if i < 0 || i+1 >= len(args) || !strings.HasPrefix(strings.ToLower(path.Base(args[i+1].Lit)), "bfg") {
				return
			}
			name, args = path.Base(args[i+1].Lit), args[i+2:]
		}
		if opt, ok := bfgCleans(args); ok {
			c.because(name, opt)
			c.add(GitHistoryRewrite)
		}
		return
	}
	_, sub, rest, ok := cmd.GitArgs()
	if !ok {
		return
	}
	forced := false
	switch sub {
	case "submodule":
		v := c.verbs(rest, 1)
		forced = len(v) == 1 && (v[0] == "deinit" || v[0] == "update") && shortFlag(rest, 'f', "--force")
	case "checkout-index":
		forced = shortFlag(rest, 'f', "--force")
	case "read-tree":
		forced = hasLit(rest, "--reset") && hasLit(rest, "-u")
	case "lfs":
		// git-lfs-migrate(1): import and export rewrite every commit
		// that holds the files they move, unless --no-rewrite.
		if v := c.verbs(rest, 2); len(v) == 2 && v[0] == "migrate" && (v[1] == "import" || v[1] == "export") && !hasLit(rest, "--no-rewrite") {
			c.because("git", "lfs", "migrate", v[1])
			c.add(GitHistoryRewrite)
		}
	case "switch":
		// git-switch(1) -C, --force-create: "if <new-branch> already
		// exists, it will be reset to <start-point>", its own commits
		// dropped (dev6's labels: git-history-rewrite).
		if slices.ContainsFunc(rest, func(w shell.Word) bool {
			return w.Literal && (strings.HasPrefix(w.Lit, "-C") || w.Lit == "--force-create" || strings.HasPrefix(w.Lit, "--force-create="))
		}) {
			c.because("git", sub, "-C")
			c.add(GitHistoryRewrite)
		}
	}
	if forced {
		c.because("git", sub)
		c.add(GitDiscardWorktree)
	}
}

// bfgCleans returns the BFG Repo-Cleaner's cleaning option among args
// (--delete-files, --delete-folders, --replace-text,
// --strip-blobs-bigger-than, --strip-blobs-with-ids and their short
// forms): with one it rewrites every commit holding what it removes.
func bfgCleans(args []shell.Word) (string, bool) {
	for _, a := range args {
		if a.Literal && (strings.HasPrefix(a.Lit, "--delete-") || strings.HasPrefix(a.Lit, "--strip-") ||
			strings.HasPrefix(a.Lit, "--replace-text") || a.Lit == "-D" || a.Lit == "-b" || a.Lit == "-rt" || a.Lit == "-bi") {
			return a.Lit, true
		}
	}
	return "", false
}

// checkoutPaths reports "git checkout TREE-ISH PATHS" written without
// "--": a first operand that names a revision (revisionLike) and a path
// after it, past the options and their values (-b, -B and --orphan name a
// new branch and take its start point as the second word; --conflict
// takes a value; git refuses --track with paths), or a
// --pathspec-from-file (git-checkout(1): "Overwrite the contents of the
// files that match the pathspec"). Operands with no revision first are
// left to checkoutDiscards, which marks them only when their form tells a
// path from a branch (round 9: "git checkout a.py b.py" is marked, "git
// checkout pr/42 pr-42" is not).
func checkoutPaths(rest []shell.Word) bool {
	var ops []string
	for i := 0; i < len(rest); i++ {
		w := rest[i]
		if !w.Literal {
			return false
		}
		switch {
		case w.Lit == "-b" || w.Lit == "-B" || w.Lit == "--orphan" || w.Lit == "-t" || strings.HasPrefix(w.Lit, "--track"):
			return false // a new branch and its start point; --track refuses paths
		case w.Lit == "--pathspec-from-file" || strings.HasPrefix(w.Lit, "--pathspec-from-file="):
			return true
		case w.Lit == "--conflict":
			i++
		case w.Lit == "--":
			return false // git's rule reads "--" itself
		case strings.HasPrefix(w.Lit, "-"):
		default:
			ops = append(ops, w.Lit)
		}
	}
	return len(ops) >= 2 && revisionLike(ops[0])
}

// revisionLike reports a word that names a revision rather than a file:
// HEAD and its relatives, a reflog or stash entry, a remote-tracking
// branch, the usual trunk names, a version tag, a commit id.
func revisionLike(w string) bool {
	base, _, _ := strings.Cut(w, "~")
	base, _, _ = strings.Cut(base, "^")
	switch base {
	case "HEAD", "@", "FETCH_HEAD", "ORIG_HEAD", "MERGE_HEAD", "main", "master", "develop", "dev", "trunk":
		return true
	}
	switch {
	case strings.Contains(w, "@{"):
		return true
	case strings.HasPrefix(w, "origin/") || strings.HasPrefix(w, "upstream/"):
		return true
	case len(w) > 1 && w[0] == 'v' && w[1] >= '0' && w[1] <= '9':
		return true
	case len(w) >= 7 && len(w) <= 40 && strings.Trim(w, "0123456789abcdef") == "":
		return true
	}
	return false
}

// clusterFlag is shortFlag for a command whose short options in valued
// take a value: a cluster is read up to the first of them, whose value is
// the rest of the word, or the next word when it ends the cluster ("git
// switch -Cfixup" names a branch "fixup"; "grep -e -q f" searches for
// "-q"): neither holds the letter.
func clusterFlag(words []shell.Word, letter byte, valued string, long ...string) bool {
	skip := false
	for _, w := range words {
		if skip {
			skip = false
			continue
		}
		if !w.Literal {
			continue
		}
		if slices.Contains(long, w.Lit) {
			return true
		}
		if len(w.Lit) < 2 || w.Lit[0] != '-' || w.Lit[1] == '-' {
			continue
		}
		for i := 1; i < len(w.Lit); i++ {
			if w.Lit[i] == letter {
				return true
			}
			if strings.IndexByte(valued, w.Lit[i]) >= 0 {
				skip = i == len(w.Lit)-1
				break
			}
		}
	}
	return false
}

// gitProgramVariables are git's environment variables that name a program
// git runs (git(1), ENVIRONMENT VARIABLES), with the configuration key
// whose value they stand for.
var gitProgramVariables = map[string]string{
	"GIT_SSH_COMMAND": "core.sshcommand", "GIT_SSH": "core.sshcommand", "GIT_EXTERNAL_DIFF": "diff.external",
	"GIT_PAGER": "core.pager", "GIT_EDITOR": "core.editor", "GIT_SEQUENCE_EDITOR": "sequence.editor",
	"GIT_ASKPASS": "core.askpass", "GIT_PROXY_COMMAND": "core.gitproxy",
}

// gitEnvPrograms flags git run with an environment variable that names a
// program it runs, as "git -c KEY=VALUE" would set it: GIT_SSH_COMMAND,
// GIT_EXTERNAL_DIFF, GIT_PAGER, GIT_EDITOR, GIT_ASKPASS, … and
// GIT_CONFIG_KEY_n/GIT_CONFIG_VALUE_n pairs (git-hooks-config). An ssh
// given its own options (a deploy key: "GIT_SSH_COMMAND='ssh -i
// ~/.ssh/deploy'") and a plain pager or editor run nothing else.
func (c *checker) gitEnvPrograms(u unit) {
	cmd, name, ok := u.program()
	if !ok || name != "git" || len(cmd.Assigns) == 0 {
		return
	}
	keys, values := map[string]string{}, map[string]string{}
	for _, a := range cmd.Assigns {
		val := strings.Trim(a.Value, `'"`)
		if n, ok := strings.CutPrefix(a.Name, "GIT_CONFIG_KEY_"); ok {
			keys[n] = val
		}
		if n, ok := strings.CutPrefix(a.Name, "GIT_CONFIG_VALUE_"); ok {
			values[n] = val
		}
		key, ok := gitProgramVariables[a.Name]
		if !ok {
			continue
		}
		if key == "core.sshcommand" && plainSSH(val) {
			continue
		}
		if dangerousGitKey(key, val) {
			c.because(a.Name + "=" + a.Value)
			c.add(GitHooksConfig)
			return
		}
	}
	for n, k := range keys {
		if dangerousGitKey(k, values[n]) {
			c.because("GIT_CONFIG_KEY_"+n+"="+k, "git")
			c.add(GitHooksConfig)
			return
		}
	}
}

// plainSSH reports a value that runs ssh with options of its own and
// nothing else ("ssh -i ~/.ssh/deploy -o IdentitiesOnly=yes").
func plainSSH(value string) bool {
	s := shell.Parse(value)
	if s.Unparseable || len(s.Commands) != 1 {
		return false
	}
	c := s.Commands[0]
	if c.Dynamic || len(c.Redirects) > 0 || len(c.Wrappers) > 0 {
		return false
	}
	if len(c.Args) == 0 && strings.Contains(c.Name, " ") {
		return plainSSH(c.Name)
	}
	return path.Base(c.Name) == "ssh" && !slices.ContainsFunc(c.Args, func(w shell.Word) bool {
		return strings.Contains(strings.ToLower(w.Lit), "proxycommand") || strings.Contains(strings.ToLower(w.Lit), "localcommand")
	})
}

// hostedHistory flags the remote history lost through a forge's API or
// another git client: "gh|glab api -X DELETE repos/O/R" (the repository)
// or ".../git/refs/…" (a branch or tag), a ref moved with force=true
// (GitHub's REST API, "Update a reference"), "glab repo delete", and
// hub (a git wrapper: hub push -f is git push -f) or Sapling's "sl push
// --force" (force-push, as git push --force).
func (c *checker) hostedHistory(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	args := cmd.Args
	switch name {
	case "hub":
		g := u
		g.cmd.Name = "git"
		c.git(g)
	case "sl":
		if firstVerbIn(args, "push") && shortFlag(args, 'f', "--force") {
			c.because(name, "push", "--force")
			c.add(ForcePush)
		}
	case "glab":
		if v := c.verbs(args, 2); len(v) == 2 && v[0] == "repo" && v[1] == "delete" {
			c.because(name, "repo", "delete")
			c.add(ForcePush)
		}
	}
	if name != "gh" && name != "glab" || !firstVerbIn(args, "api") {
		return
	}
	method, endpoint, force := "", "", false
	for i, a := range args {
		switch {
		case (a.Lit == "-X" || a.Lit == "--method") && i+1 < len(args):
			method = strings.ToUpper(args[i+1].Lit)
		case strings.HasPrefix(a.Lit, "--method="):
			method = strings.ToUpper(strings.TrimPrefix(a.Lit, "--method="))
		case strings.HasPrefix(a.Lit, "-X") && len(a.Lit) > 2:
			method = strings.ToUpper(a.Lit[2:])
		case a.Lit == "force=true":
			force = true
		case endpoint == "" && (strings.HasPrefix(a.Lit, "repos/") || strings.HasPrefix(a.Lit, "/repos/") || strings.HasPrefix(a.Lit, "projects/") || strings.HasPrefix(a.Lit, "/projects/")):
			endpoint = strings.Trim(a.Lit, "/")
		}
	}
	parts := strings.Split(endpoint, "/")
	refs := strings.Contains(endpoint, "/git/refs/") || strings.Contains(endpoint, "/repository/branches/")
	repo := len(parts) == 3 && parts[0] == "repos" || len(parts) == 2 && parts[0] == "projects"
	if method == "DELETE" && (repo || refs) || method == "PATCH" && refs && force {
		c.because(name, "api", method, endpoint)
		c.add(ForcePush)
	}
}

// hookInstallers flags the tools that install git hooks, each as its
// documentation says it does: "pre-commit install" writes
// .git/hooks/pre-commit (and --hook-type's others); husky's install
// (husky v9: "husky", "husky init"; older: "husky install") sets
// core.hooksPath to .husky; "lefthook install|add" writes .git/hooks;
// simple-git-hooks and "overcommit --install" do the same. Each is what
// a write to .git/hooks or "git config core.hooksPath" is
// (git-hooks-config). "pre-commit install-hooks", "pre-commit run" and
// "lefthook run" install no hook.
func (c *checker) hookInstallers(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	switch name {
	case "pre-commit", "prek", "husky", "lefthook", "simple-git-hooks", "overcommit", "captainhook", "hk":
	case "git", "git-lfs", "git-secrets", "git-hooks":
		c.gitHookTools(u) // round 9
		return
	default:
		return
	}
	v := c.verbs(cmd.Args, 1)
	first := wordList(v).at(0)
	installs := false
	switch name {
	case "pre-commit", "prek":
		installs = first == "install"
	case "husky":
		installs = first == "" || first == "install" || first == "init"
	case "lefthook":
		installs = first == "install" || first == "add"
	case "simple-git-hooks":
		installs = true
	case "overcommit":
		// --sign trusts the hooks as they are now (overcommit's README,
		// "Security"), as githooks' trust.
		installs = hasLit(cmd.Args, "--install", "-i", "--sign")
	case "captainhook", "hk":
		// captainhook's README and hk's docs: install writes .git/hooks.
		installs = first == "install"
	}
	if installs {
		c.because(append([]string{name}, v...)...)
		c.add(GitHooksConfig)
	}
}

// oneCommandAlias returns the command line "git -c alias.NAME=VALUE NAME
// ARGS" runs: git(1)'s -c sets VALUE for this one command, and
// git-config(1)'s alias.* expands NAME to VALUE with ARGS appended, a
// shell command when VALUE starts with "!", git's own subcommand
// otherwise. ok is false when no -c alias names the subcommand.
func oneCommandAlias(cmd *shell.Command, sub string, rest []shell.Word) (string, bool) {
	opts := cmd.Args[:len(cmd.Args)-len(rest)-1] // git's options, before sub
	value, found := "", false
	for i, a := range opts {
		kv, ok := strings.CutPrefix(a.Lit, "-c")
		if !a.Literal || !ok {
			continue
		}
		if kv == "" && i+1 < len(opts) && opts[i+1].Literal {
			kv = opts[i+1].Lit
		}
		if k, v, ok := strings.Cut(kv, "="); ok && strings.EqualFold(k, "alias."+sub) {
			value, found = v, true // the last -c wins, as in a configuration file
		}
	}
	if !found {
		return "", false
	}
	line := "git " + value
	if v, ok := strings.CutPrefix(value, "!"); ok {
		line = v
	}
	for _, w := range rest {
		line += " " + w.Raw
	}
	return line, true
}

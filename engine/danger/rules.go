package danger

import (
	"path"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/permsim/permsim/engine/shell"
)

// scratchNames are folders of generated files; a recursive delete of one
// inside the project is routine ("rm -rf build", "rm -rf node_modules").
// Only folders a tool writes again belong here: Rails' tmp/ (caches,
// pids) does, a project's temp/ holds what someone put there (round 7).
var scratchNames = map[string]bool{
	"build": true, "dist": true, "out": true, "target": true, "node_modules": true, "coverage": true,
	".cache": true, "__pycache__": true, ".pytest_cache": true, ".mypy_cache": true, ".ruff_cache": true,
	".tox": true, ".nox": true, ".next": true, ".nuxt": true, ".turbo": true, ".parcel-cache": true,
	".svelte-kit": true, ".gradle": true, ".angular": true, "obj": true, "tmp": true,
	".venv": true, "venv": true, ".eggs": true, "htmlcov": true, ".nyc_output": true, "_build": true,
	".vercel": true, // vercel link writes it again; it holds the project link, no sources
	// terraform init fetches providers and modules again (not the state).
	".terraform": true, ".terragrunt-cache": true,
	// Output of site generators, bundlers and test runners (issue 30: real
	// transcripts removed these).
	".output": true, ".astro": true, ".vite": true, ".wrangler": true, "storybook-static": true,
	"playwright-report": true, "test-results": true, ".docusaurus": true, "_site": true, ".expo": true,
	"cdk.out": true, ".dart_tool": true, "DerivedData": true, ".build": true, ".serverless": true,
	".netlify": true, ".nx": true, ".pnpm-store": true, ".rollup.cache": true, ".webpack": true,
	// Build output and caches other tools write again (round 7; each tool's
	// documentation: TestPrecisionBuildToolScratch).
	"elm-stuff": true, ".stack-work": true, "dist-newstyle": true, "zig-cache": true, ".zig-cache": true,
	"zig-out": true, "CMakeFiles": true, "CMakeCache.txt": true, "bazel-bin": true, "bazel-out": true,
	"bazel-testlogs": true, "bazel-genfiles": true, "bower_components": true, "Pods": true, ".sass-cache": true,
	".hypothesis": true, ".eslintcache": true, ".stylelintcache": true, ".kotlin": true, ".cache-loader": true,
	".aws-sam": true, ".jekyll-cache": true, ".cpcache": true, ".shadow-cljs": true,
}

// critical reports whether deleting abs takes a whole system, home or
// project with it (seed, "Critical paths for rm: the root, a top-level
// folder, the home folder, the project folder or a parent").
func (c *checker) critical(abs string) bool {
	return abs == "/" || path.Dir(abs) == "/" ||
		shell.Within(path.Clean(c.home), abs) || shell.Within(c.project, abs)
}

// scratch reports whether abs is, or is inside, a folder of generated
// files in the project, or a cache folder in the home folder.
func (c *checker) scratch(abs string) bool {
	if shell.Within(abs, path.Join(c.home, ".cache")) || shell.Within(abs, path.Join(c.home, "Library", "Caches")) || c.homeCache(abs) {
		return true
	}
	base := c.project
	if !shell.Within(abs, c.project) || abs == c.project {
		// Outside the project (a sibling worktree, another checkout): a
		// generated folder at least two levels below the home folder
		// ("~/code/app/dist", not "~/dist").
		h := c.homeHolding(abs)
		if !shell.Within(abs, h) || abs == h {
			return false
		}
		// Not one in a folder that holds the project ("cd .. && rm -rf
		// build": the parent's build may be anything). A name only its
		// tool gives a folder is generated one level below a home too
		// ("~/proj/node_modules"; README's heldout16 call).
		rel := strings.Split(strings.TrimPrefix(abs, h+"/"), "/")
		for i, part := range rel {
			parent := path.Join(h, strings.Join(rel[:i], "/"))
			if (i >= 2 || i == 1 && toolNamed(part)) && scratchPart(part) && !shell.Within(c.project, parent) {
				return true
			}
		}
		return false
	}
	rel := strings.TrimPrefix(abs, base+"/")
	for _, part := range strings.Split(rel, "/") {
		if scratchPart(part) {
			return true
		}
	}
	return false
}

// toolNamed reports a generated folder's name no one gives a folder of
// their own: npm's node_modules, Bower's bower_components and the dot-
// or dunder-named caches (.cache, .next, __pycache__). Plain words
// (build, dist, target, out, tmp) may name anyone's folder.
func toolNamed(part string) bool {
	return part == "node_modules" || part == "bower_components" || len(part) > 2 && (part[0] == '.' || strings.HasPrefix(part, "__"))
}

// scratchPart reports a path part that names generated files.
func scratchPart(part string) bool {
	return scratchNames[part] || strings.HasSuffix(part, ".egg-info") || strings.HasPrefix(part, "cmake-build-")
}

// rmDangerous decides rm, and returns the targets that make it dangerous. Any rm of a critical path is dangerous; a
// recursive rm is dangerous unless every target is in a temporary folder
// or a scratch folder. A recursive rm fed its targets by xargs, or of a
// command substitution's output, cannot be judged and counts as dangerous.
func (c *checker) rmDangerous(u unit) ([]string, bool) {
	recursive := false
	var targets []shell.Word
	opts := true
	for _, w := range u.cmd.Args {
		if opts && w.Literal && w.Lit == "--" {
			opts = false
			continue
		}
		if opts && w.Literal && len(w.Lit) > 1 && w.Lit[0] == '-' {
			if w.Lit == "--recursive" || !strings.HasPrefix(w.Lit, "--") && strings.ContainsAny(w.Lit[1:], "rR") {
				recursive = true
			}
			continue
		}
		targets = append(targets, w)
	}
	if c.interactiveRm(u, recursive) {
		return nil, false // rm asks, and nothing answers
	}
	if len(targets) == 0 {
		return []string{"rm"}, recursive && u.fromXargs && !c.fedByRegeneratedFind(u) // round 11
	}
	for _, t := range targets {
		if u.regenerated && t.Literal && t.Lit == "{}" {
			continue // find's matches: regenerated files only, as find -delete of them
		}
		if recursive && u.fromXargs && positional(t.Raw) {
			return []string{t.Raw}, true // "xargs sh -c 'rm -rf "$@"'": xargs picks the targets
		}
		if v, ok := c.lineValue(t); ok && c.rmTarget(v, recursive, u.dir) && !c.madeByLine(v, u.dir) {
			return []string{t.Raw}, true // "H=$HOME; rm -rf "$H""
		}
		if c.rmTarget(t, recursive, u.dir) && !c.madeByLine(t, u.dir) {
			return []string{t.Raw}, true
		}
	}
	return nil, false
}

func (c *checker) rmTarget(t shell.Word, recursive bool, dir string) bool {
	p, ok := shell.PathOf(t)
	if !ok {
		p, ok = knownVarPath(t.Raw)
	}
	if ok && c.inBackups(shell.Resolve(p, dir, c.home), recursive) {
		return true
	}
	if !ok {
		if t.Literal {
			return false
		}
		// Seed: "a glob or trailing slash right after a variable
		// ("$DIR"/*), a variable followed by a top-level name, and a
		// recursive removal of a command substitution's output".
		if recursive && (strings.Contains(t.Raw, "$(") || strings.Contains(t.Raw, "`")) {
			return true
		}
		return varThenRoot(t.Raw)
	}
	abs := shell.Resolve(p, dir, c.home)
	if sysfsKeeps(abs) {
		return false // the kernel refuses to unlink sysfs entries (round 12)
	}
	if !t.Glob && !recursive && c.folderOnly(abs) {
		return false // rm(1) refuses a folder without -r: "Is a directory" (round 7)
	}
	critical := c.critical(abs) && !topLevelFile(abs)
	if !t.Glob && !critical && looksLikeFile(abs) && (shell.Within(abs, c.project) || !folderExts[path.Ext(abs)]) {
		// "rm -rf package-lock.json", "rm -rf ~/tools/src/LinEnum.sh": one
		// file, not a tree (the README labels the rm of one file everyday).
		return false
	}
	if t.Glob {
		base := path.Base(p)
		// "!(keep.txt)": bash's extglob negation, everything but what it
		// names (bash(1), Pattern Matching).
		if backupGlob(base) && !c.tempOnly(path.Dir(abs)) {
			return true // "rm *.bak": every backup of the folder (README, dev7's call)
		}
		if base != "*" && base != ".*" && base != "*.*" && base != "*/" && !strings.HasPrefix(base, "!(") {
			return false // "*.o": some files in a folder
		}
		abs = path.Dir(abs) // everything in that folder
		if c.critical(abs) {
			return true
		}
		return recursive && !c.tempOnly(abs) && !c.scratch(abs)
	}
	if critical {
		return true
	}
	return recursive && !c.tempOnly(abs) && !c.scratch(abs)
}

// folderExts end the names of folders: a bare repository, a macOS
// bundle or library, a conf.d folder. Outside the project they are taken
// for the trees they are.
var folderExts = map[string]bool{".d": true, ".git": true, ".app": true, ".bundle": true, ".framework": true, ".photoslibrary": true,
	".musiclibrary": true, ".noindex": true, ".xcodeproj": true, ".xcworkspace": true, ".lproj": true, ".kext": true, ".plugin": true,
	".vault": true, ".wiki": true, ".backupdb": true, ".sparsebundle": true, ".tmbundle": true}

// looksLikeFile reports a name with an extension ("package-lock.json",
// "app.log", ".main.go.swp"): a file, where the rm of a folder tree is
// what makes a recursive rm dangerous. Hidden folders (".git", ".ssh")
// are not taken for files.
func looksLikeFile(p string) bool {
	base := path.Base(p)
	if strings.HasPrefix(base, ".") {
		// ".main.go.swp", ".env.local": a second dot after the hidden
		// name's own makes a file; ".git", ".vscode" stay folders.
		return strings.Contains(base[1:], ".") && !strings.HasSuffix(base, ".")
	}
	return path.Ext(base) != "" && path.Ext(base) != base
}

// searchesTree reports a search that reads a whole folder tree: grep with
// -r/-R (or -d recurse), and rg or ag, which recurse by default, unless
// every path they are given names a file. A search of one named,
// non-secret file ("grep password docs/security.md") reads no secrets;
// the secret files a search names are found by their path.
func searchesTree(name string, args []shell.Word) bool {
	if name == "grep" || name == "egrep" || name == "fgrep" {
		if !shortFlag(args, 'r', "--recursive", "--dereference-recursive") && !shortFlag(args, 'R') &&
			!hasLit(args, "--directories=recurse") {
			return false
		}
	}
	ops := operands(args)
	if len(ops) <= 1 {
		return true // the pattern only: the current folder
	}
	for _, o := range ops[1:] {
		if !o.Literal || !looksLikeFile(o.Lit) {
			return true
		}
	}
	return false
}

// searchReachesSecrets reports whether a search for secret-looking words
// can print lines of secret files. rg and ag skip hidden files (.env,
// .npmrc, ~/.ssh) and what .gitignore names unless told otherwise, so
// searching the sources for the names of keys reads no secret (issue 30);
// a grep limited by --include to file kinds that are no secret files
// reads none either. A secret file named outright is found by its path.
func searchReachesSecrets(name string, args []shell.Word) bool {
	switch name {
	case "rg", "ag":
		return hasLit(args, "--hidden", "--no-ignore", "--no-ignore-vcs", "--no-ignore-dot", "--unrestricted", "--skip-vcs-ignores") ||
			shortFlag(args, 'u') || name == "rg" && shortFlag(args, '.') || name == "ag" && shortFlag(args, 'U')
	}
	var globs []string
	for i, a := range args {
		switch {
		case !a.Literal:
		case strings.HasPrefix(a.Lit, "--include="):
			globs = append(globs, strings.TrimPrefix(a.Lit, "--include="))
		case a.Lit == "--include" && i+1 < len(args):
			globs = append(globs, args[i+1].Lit)
		}
	}
	if len(globs) == 0 {
		return true
	}
	for _, g := range globs {
		if !strings.HasPrefix(g, "*.") || SecretFile("x"+strings.TrimPrefix(g, "*")) || strings.Contains(g, "env") {
			return true
		}
	}
	return false
}

// positional reports a word that is only a positional parameter: "$@",
// "$*", $1…$9, ${1}, quoted or not.
func positional(raw string) bool {
	s := strings.Trim(raw, `"`)
	s = strings.TrimSuffix(strings.TrimPrefix(s, "${"), "}")
	s = strings.TrimPrefix(s, "$")
	return len(s) == 1 && strings.ContainsAny(s, "@*123456789")
}

// varThenRoot recognizes "$DIR/", "$DIR"/*, ${DIR}/* and "$PREFIX/etc":
// with the variable empty they name the root or a top-level folder.
func varThenRoot(raw string) bool {
	s := raw
	quoted := strings.HasPrefix(s, `"`)
	if quoted {
		s = s[1:]
	}
	if !strings.HasPrefix(s, "$") {
		return false
	}
	s = s[1:]
	if strings.HasPrefix(s, "{") {
		i := strings.IndexByte(s, '}')
		if i < 0 {
			return false
		}
		s = s[i+1:]
	} else {
		i := 0
		for i < len(s) && (s[i] == '_' || s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z' || s[i] >= '0' && s[i] <= '9') {
			i++
		}
		if i == 0 {
			return false
		}
		s = s[i:]
	}
	globOK := true
	if quoted {
		if strings.HasPrefix(s, `"`) {
			s = s[1:]
		} else {
			s = strings.TrimSuffix(s, `"`)
			globOK = false // "$DIR/*": the star is quoted
		}
	}
	if !strings.HasPrefix(s, "/") {
		return false
	}
	rest := s[1:]
	switch {
	case rest == "":
		return true
	case rest == "*" || rest == ".*":
		return globOK
	case topLevelFile("/" + rest):
		return false // "$OUT/report.txt": one file, not a top-level folder (round 7)
	}
	return !strings.ContainsAny(rest, `/*?["'$`)
}

// findDeletes reports find -delete, or find -exec of a deleting command.
func findDeletes(cmd *shell.Command) bool {
	if hasLit(cmd.Args, "-delete") {
		return true
	}
	for _, in := range cmd.Inside() {
		switch path.Base(in.Name) {
		case "rm", "unlink", "shred":
			// Not rmdir: it removes only empty folders (rmdir(1)),
			// whatever find hands it (round 9).
			return true
		case "truncate":
			// "find /var/log -type f -exec truncate -s 0 {} \;": every
			// file found emptied (truncate(1) -s 0).
			if hasLit(in.Args, "0", "--size=0", "-s0") {
				return true
			}
		}
	}
	return false
}

// truncate: emptying a file outside the project (a history, a log of
// record), a secret or a startup file destroys it.
func (c *checker) truncate(u unit) {
	zero := false
	for i, a := range u.cmd.Args {
		v := ""
		switch {
		case !a.Literal:
		case (a.Lit == "-s" || a.Lit == "--size") && i+1 < len(u.cmd.Args):
			v = u.cmd.Args[i+1].Lit
		case strings.HasPrefix(a.Lit, "--size="):
			v = strings.TrimPrefix(a.Lit, "--size=")
		case strings.HasPrefix(a.Lit, "-s") && len(a.Lit) > 2:
			v = a.Lit[2:]
		}
		if v != "" && strings.Trim(v, "0") == "" {
			zero = true
		}
	}
	if !zero {
		return
	}
	for _, f := range u.cmd.Files() {
		if !f.Write {
			continue
		}
		p := shell.Resolve(f.Path, u.dir, c.home)
		if !shell.Within(p, c.project) && !shell.IsTemp(p) || SecretFile(p) || RunsLater(p) {
			c.add(DestructiveDelete)
		}
	}
}

// shortFlag reports whether a short flag letter or one of the long names
// is among words (clusters such as -fd count).
func shortFlag(words []shell.Word, letter byte, long ...string) bool {
	for _, w := range words {
		if !w.Literal {
			continue
		}
		if slices.Contains(long, w.Lit) {
			return true
		}
		if len(w.Lit) > 1 && w.Lit[0] == '-' && w.Lit[1] != '-' && strings.IndexByte(w.Lit[1:], letter) >= 0 {
			return true
		}
	}
	return false
}

// operands returns the words that are not options.
func operands(words []shell.Word) []shell.Word {
	var out []shell.Word
	for _, w := range words {
		if w.Literal && len(w.Lit) > 1 && w.Lit[0] == '-' {
			continue
		}
		out = append(out, w)
	}
	return out
}

// git decides git subcommands.
func (c *checker) git(u unit) {
	cmd := &u.cmd
	if c.gitConfigEnvUnset(cmd) {
		return // git dies before the subcommand (round 6)
	}
	for i, a := range cmd.Args {
		if !a.Literal {
			break
		}
		kv := ""
		switch {
		case a.Lit == "-c" && i+1 < len(cmd.Args):
			kv = cmd.Args[i+1].Lit
		case strings.HasPrefix(a.Lit, "-c") && len(a.Lit) > 2:
			kv = a.Lit[2:]
		}
		// An alias given by -c lasts one command: what it runs, if that
		// command names it, is judged as a command (round 10, gitforms.go).
		if k, v, _ := strings.Cut(kv, "="); kv != "" && dangerousGitKey(k, v) && !strings.HasPrefix(strings.ToLower(k), "alias.") {
			c.add(GitHooksConfig)
		}
	}
	dirs, sub, rest, ok := cmd.GitArgs()
	if !ok || gitShortHelp(sub, rest) || gitRefuses(sub, rest) {
		return
	}
	matched := []string{"git", sub}
	for _, w := range rest {
		if w.Literal && (strings.HasPrefix(w.Lit, "-") || strings.HasPrefix(w.Lit, "+") || strings.Contains(w.Lit, "://")) {
			matched = append(matched, w.Lit)
		}
	}
	c.because(matched...)
	defer c.because()
	if k, ok := gitExtras[sub]; ok && k != "" && sub != "undo" {
		c.add(k)
	}
	switch sub {
	case "push":
		if forcePush(rest) {
			c.add(ForcePush)
		}
		// "git push https://host/r.git": the repository goes to a place no
		// configured remote names.
		if ops := operands(rest); len(ops) > 0 && ops[0].Literal && (strings.Contains(ops[0].Lit, "://") || isRemote(ops[0].Lit) && strings.Contains(ops[0].Lit, "@")) &&
			!repoOnThisMachine(ops[0].Lit) {
			c.add(NetworkExfiltration)
		}
	case "reset":
		if hasLit(rest, "--hard") {
			c.add(GitDiscardWorktree, GitHistoryRewrite)
		}
		if hasLit(rest, "--merge") {
			// git-reset(1)'s table: a change staged and not edited
			// since is reset to the target, even when it is HEAD.
			c.add(GitDiscardWorktree)
		}
		if hasLit(rest, "--merge", "--keep") && resetsToOlder(rest) {
			c.add(GitHistoryRewrite)
		}
	case "checkout":
		if hasLit(rest, "--", ".") || clusterFlag(rest, 'f', "bB", "--force") || checkoutPaths(rest) {
			c.add(GitDiscardWorktree)
		} else if w, ok := checkoutDiscards(rest); ok {
			c.because("git", sub, w) // round 9: paths told from a branch
			c.add(GitDiscardWorktree)
		}
	case "restore":
		if !(shortFlag(rest, 'S', "--staged") && !shortFlag(rest, 'W', "--worktree")) {
			c.add(GitDiscardWorktree)
		}
	case "switch":
		if clusterFlag(rest, 'f', "cC", "--force", "--discard-changes") {
			c.add(GitDiscardWorktree)
		}
	case "clean":
		if shortFlag(rest, 'f', "--force", "-i", "--interactive") && !gitDryRun("clean", rest) {
			c.add(GitDiscardWorktree)
		}
	case "stash":
		if firstVerbIn(rest, "drop", "clear") && !c.stashDropAfterApply(cmd, rest) { // round 8: apply && drop is pop
			c.add(GitDiscardWorktree)
		}
	case "rebase":
		if rebaseDropsCommits(rest) { // round 10: a local rebase is everyday
			c.add(GitHistoryRewrite)
		}
	case "fetch":
		if forcedFetchIntoLocal(rest) { // round 10: as branch -f
			c.add(GitHistoryRewrite)
		}
	case "rm":
		if forcedRm(rest) && !c.folderMadeByLine(shell.GitFolder(dirs, u.dir, c.home), false) { // round 10: README's dev7 call
			c.add(GitDiscardWorktree)
		}
	case "undo":
		// git-extras' git-undo(1): a soft reset of the last commits by
		// default (their changes kept, as "git reset HEAD~1"); --hard|-h
		// discards them too (README, dev7's call).
		if hasLit(rest, "--hard", "-h") {
			c.add(GitDiscardWorktree, GitHistoryRewrite)
		}
	case "filter-branch":
		// git-filter-branch(1) with no filter recommits every commit as
		// it was (README, dev7's call).
		if filterBranchFilters(rest) {
			c.add(GitHistoryRewrite)
		}
	case "filter-repo":
		if !filterRepoOnlyReads(rest) {
			c.add(GitHistoryRewrite)
		}
	case "update-ref":
		if !deletesRemoteTracking(rest) {
			c.add(GitHistoryRewrite)
		}
	case "reflog":
		if firstVerbIn(rest, "expire", "delete") {
			c.add(GitHistoryRewrite)
		}
	case "tag":
		// git-tag(1): -d deletes a tag, -f|--force replaces one that exists
		// (the old tag's target is lost from it, as a deleted tag's).
		if shortFlag(rest, 'd', "--delete") || shortFlag(rest, 'f', "--force") && !shortFlag(rest, 'l', "--list") {
			c.add(GitHistoryRewrite)
		}
	case "branch":
		// git-branch(1): -f/--force resets an existing branch to the start
		// point, and commits only that branch held are lost from it
		// (README, heldout6's call). A forced rename or copy (-M, -C,
		// -m|-c --force) is everyday: the real shell histories rename a
		// new repository's branch with "git branch -M main".
		renames := shortFlag(rest, 'm', "--move") || shortFlag(rest, 'c', "--copy")
		if shortFlag(rest, 'D') || shortFlag(rest, 'f', "--force") && !renames {
			c.add(GitHistoryRewrite)
		}
	case "config":
		if k, v, ok := gitConfigSet(rest); ok && dangerousGitKey(k, v) || hooksPathChanged(rest) {
			c.add(GitHooksConfig)
		}
	}
}

// forcePush reports a push that can destroy remote history: --force and
// its variants (-f, --force-with-lease, --force-if-includes), --mirror,
// gitExtras are git-extras' subcommands that lose work or history:
// "clear" is reset --hard plus clean -fd, "obliterate" rewrites every
// commit to drop a file, "undo --hard" resets commits and their changes away, "delete-branch" and
// "unpublish" delete the branch on the remote too. A subcommand with no
// category is git-extras' own but loses nothing: "delete-merged-branches"
// runs branch -d on merged branches only (README's heldout15 call).
var gitExtras = map[string]string{
	"clear": GitDiscardWorktree, "clear-soft": GitDiscardWorktree, "reset-file": GitDiscardWorktree,
	"obliterate": GitHistoryRewrite, "undo": GitHistoryRewrite,
	"delete-branch": ForcePush, "delete-tag": ForcePush, "delete-merged-branches": "",
	"delete-squashed-branches": GitHistoryRewrite, "unpublish": ForcePush, "delete-submodule": GitDiscardWorktree,
	// Round 12, by what each bin/ script runs (README heldout15's top-up
	// call): reauthor's filter-branch --force; rename-branch's and
	// rename-tag's push of :OLD; sync's and force-clone's reset --hard and
	// clean; fresh-branch's clean -fdx; scp's rsync of files to a remote.
	"reauthor": GitHistoryRewrite, "rename-branch": ForcePush, "rename-tag": ForcePush,
	"sync": GitDiscardWorktree, "force-clone": GitDiscardWorktree, "fresh-branch": GitDiscardWorktree,
	"scp": NetworkExfiltration,
}

// --delete, --prune, and refspecs starting with + or :.
func forcePush(rest []shell.Word) bool {
	if shortFlag(rest, 'f', "--mirror", "--prune") || shortFlag(rest, 'd', "--delete") {
		return true
	}
	// The first operand names the repository, unless --repo did
	// (git-push(1)): then every operand is a refspec (round 9).
	ops, need := 0, 2
	if slices.ContainsFunc(rest, func(w shell.Word) bool { return w.Lit == "--repo" || strings.HasPrefix(w.Lit, "--repo=") }) {
		need = 1
	}
	for _, w := range rest {
		if !w.Literal {
			continue
		}
		if forceOption(w.Lit) {
			return true
		}
		if len(w.Lit) > 1 && w.Lit[0] == '-' {
			if w.Lit == "-o" || w.Lit == "--push-option" || w.Lit == "--repo" || w.Lit == "--receive-pack" || w.Lit == "--exec" {
				ops-- // its value is no operand
			}
			continue
		}
		ops++
		if ops >= need && (strings.HasPrefix(w.Lit, "+") || strings.HasPrefix(w.Lit, ":")) {
			return true
		}
	}
	return false
}

// gitConfigSet returns the key and value "git config ARGS" sets.
func gitConfigSet(rest []shell.Word) (key, value string, ok bool) {
	var ops []shell.Word
	for i := 0; i < len(rest); i++ {
		w := rest[i]
		if w.Literal && len(w.Lit) > 1 && w.Lit[0] == '-' {
			switch w.Lit {
			case "--unset", "--unset-all", "--get", "--get-all", "--get-regexp", "-l", "--list", "--remove-section", "--rename-section":
				return "", "", false
			case "-f", "--file", "--blob", "--type", "--default", "--comment", "--value":
				i++
			}
			continue
		}
		ops = append(ops, w)
	}
	if len(ops) > 0 && ops[0].Literal {
		switch ops[0].Lit {
		case "set":
			ops = ops[1:]
		case "get", "list", "unset", "rename-section", "remove-section", "edit":
			return "", "", false
		}
	}
	if len(ops) < 2 || !ops[0].Literal {
		return "", "", false
	}
	return ops[0].Lit, ops[1].Raw, true
}

// dangerousGitKey reports git settings that name a program git runs (or a
// file of such settings).
func dangerousGitKey(key, value string) bool {
	k := strings.ToLower(key)
	if namesNothing(k, value) || namedGitProgram(k, value) {
		return false
	}
	switch {
	case k == "core.pager" || k == "core.editor" || k == "sequence.editor" || strings.HasPrefix(k, "pager."):
		// "git -c core.pager=cat": a pager or editor of the usual kind is
		// no payload.
		return !plainProgram(value)
	}
	if k == "core.hookspath" && strings.Trim(value, `'"`) == "/dev/null" {
		return false // no folder: no hook runs, as commit -n (heldout7's s0415)
	}
	switch k {
	case "core.hookspath", "core.sshcommand", "core.fsmonitor", "core.askpass",
		"core.gitproxy", "sequence.editor", "diff.external", "credential.helper", "gpg.program",
		"uploadpack.packobjectshook", "web.browser", "include.path", "init.templatedir", "core.alternaterefscommand":
		return true
	}
	first, _, _ := strings.Cut(k, ".")
	last := k[strings.LastIndexByte(k, '.')+1:]
	switch first {
	case "alias":
		v := strings.Trim(value, `'"`)
		return strings.HasPrefix(v, "!")
	case "filter":
		return last == "clean" || last == "smudge" || last == "process"
	case "diff":
		return last == "textconv" || last == "command"
	case "merge":
		return last == "driver"
	case "gpg", "credential", "includeif":
		return last == "program" || last == "helper" || last == "path"
	case "remote":
		return last == "uploadpack" || last == "receivepack"
	case "browser", "difftool", "mergetool":
		return last == "cmd"
	}
	return false
}

// plainPrograms are pagers and editors git is commonly told to use.
var plainPrograms = map[string]bool{
	"cat": true, "less": true, "more": true, "most": true, "delta": true, "diff-so-fancy": true, "bat": true,
	"vim": true, "vi": true, "nvim": true, "nano": true, "emacs": true, "code": true, "subl": true, "true": true,
}

// plainProgram reports a setting value that runs one ordinary pager or
// editor ("less -R", "code --wait"), or nothing.
func plainProgram(value string) bool {
	s := shell.Parse(value)
	switch {
	case s.Unparseable || len(s.Commands) > 1:
		return false
	case len(s.Commands) == 0:
		return true
	}
	c := s.Commands[0]
	switch {
	case c.Dynamic || len(c.Redirects) > 0 || len(c.Wrappers) > 0:
		return false
	case c.Name == "":
		return true // an empty value turns the pager off
	case len(c.Args) == 0 && strings.Contains(c.Name, " "):
		// The whole value was quoted as one word: read what is inside.
		return plainProgram(c.Name)
	}
	return plainPrograms[path.Base(c.Name)]
}

// upload flags a curl/wget that sends a file (any file: the command's
// purpose is to send it away).
func (c *checker) upload(u unit, name string) {
	for _, f := range uploads(&u.cmd, name) {
		if f == "-" {
			continue // stdin: see pipelines
		}
		if c.writtenLiterally(shell.Resolve(expandHome(f), u.dir, c.home)) {
			continue // a file the line itself wrote with literal text leaks nothing (README)
		}
		c.add(NetworkExfiltration)
		if SecretFile(shell.Resolve(expandHome(f), u.dir, c.home)) {
			c.add(SecretRead)
		}
	}
}

// uploads returns the files a curl or wget sends ("-" for stdin).
func uploads(cmd *shell.Command, name string) []string {
	var out []string
	args := cmd.Args
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.Literal || len(a.Lit) < 2 || a.Lit[0] != '-' {
			continue
		}
		opt, val, hasVal := a.Lit, "", false
		if strings.HasPrefix(opt, "--") {
			if o, v, ok := strings.Cut(opt, "="); ok {
				opt, val, hasVal = o, v, true
			}
		} else if len(opt) > 2 {
			// A cluster of short options ("-sd @f", "-sSd@f"): flags up to
			// the first that takes a value, whose value is the rest.
			o, v, ok := shortCluster(name, opt)
			if o == "" {
				continue
			}
			opt, val, hasVal = o, v, ok
		}
		takes := false
		switch name {
		case "curl":
			switch opt {
			case "-d", "--data", "--data-binary", "--data-ascii", "--json", "--data-urlencode", "-F", "--form", "-T", "--upload-file":
				takes = true
			}
		case "wget":
			takes = opt == "--post-file" || opt == "--body-file"
		}
		if !takes {
			continue
		}
		if !hasVal {
			if i+1 >= len(args) {
				continue
			}
			if !args[i+1].Literal {
				// "-d @$HOME/.ssh/id_rsa", -F "k=@$HOME/…": the home
				// folder is known.
				raw := strings.Trim(args[i+1].Raw, `"`)
				pre, file, ok := strings.Cut(raw, "@")
				if v := expandHome(file); ok && strings.HasPrefix(v, "~/") && (pre == "" || strings.HasSuffix(pre, "=")) {
					i++
					val = pre + "@" + v
				} else {
					continue
				}
			} else {
				i++
				val = args[i].Lit
			}
		}
		switch opt {
		case "-T", "--upload-file", "--post-file", "--body-file":
			if val == "." {
				val = "-"
			}
			out = append(out, val)
		case "-F", "--form":
			if _, v, ok := strings.Cut(val, "=@"); ok {
				out = append(out, strings.SplitN(v, ";", 2)[0])
			} else if _, v, ok := strings.Cut(val, "=<"); ok {
				out = append(out, strings.SplitN(v, ";", 2)[0])
			}
		case "--data-urlencode":
			if at := strings.IndexByte(val, '@'); at >= 0 && !strings.Contains(val[:at], "=") {
				out = append(out, val[at+1:])
			}
		default:
			if strings.HasPrefix(val, "@") {
				out = append(out, val[1:])
			}
		}
	}
	return out
}

// scriptExts are file types a download is likely to be run as.
var scriptExts = map[string]bool{".sh": true, ".bash": true, ".zsh": true, ".py": true, ".pl": true, ".rb": true, ".ps1": true, ".command": true, ".bat": true}

// downloadTargets returns the files a curl or wget saves to, as written.
func downloadTargets(cmd *shell.Command, name string) []string {
	var out []string
	args := cmd.Args
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.Literal {
			continue
		}
		val, has := "", false
		switch {
		case name == "curl" && (a.Lit == "-o" || a.Lit == "--output"), name == "wget" && a.Lit == "-O":
			if i+1 < len(args) && args[i+1].Literal {
				val, has = args[i+1].Lit, true
				i++
			}
		case name == "curl" && strings.HasPrefix(a.Lit, "--output="), name == "wget" && strings.HasPrefix(a.Lit, "--output-document="):
			_, val, has = strings.Cut(a.Lit, "=")
		case name == "curl" && strings.HasPrefix(a.Lit, "-o") && len(a.Lit) > 2 && !strings.HasPrefix(a.Lit, "--"):
			val, has = a.Lit[2:], true
		case name == "wget" && strings.HasPrefix(a.Lit, "-O") && len(a.Lit) > 2:
			val, has = a.Lit[2:], true
		case name == "curl" && (a.Lit == "-O" || a.Lit == "--remote-name" || flagCluster(a.Lit, 'O')):
			for _, b := range args[i+1:] {
				if b.Literal && strings.Contains(b.Lit, "://") {
					val, has = path.Base(b.Lit), true
					break
				}
			}
		}
		if has && val != "-" && val != "" {
			out = append(out, val)
		}
	}
	for _, r := range cmd.Redirects {
		if p, ok := shell.PathOf(r.Target); ok && r.Write {
			out = append(out, p)
		}
	}
	return out
}

// downloadsScript reports a download saved as a script or into a file
// other programs run later.
func downloadsScript(cmd *shell.Command, name string) bool {
	for _, t := range downloadTargets(cmd, name) {
		if scriptExts[path.Ext(t)] || RunsLater(t) {
			return true
		}
	}
	return false
}

// copyOut flags scp/rsync/sftp sending a secret file to a remote host,
// and scp/rsync sending a local file there: the README's rule for uploads
// (a local file sent to another host is network-exfiltration), but not a
// folder tree or a build's output deployed (see uploadedFile). A copy
// from a remote host to here sends nothing.
func (c *checker) copyOut(u unit) {
	skip := map[string]bool{"-i": true, "-P": true, "-o": true, "-F": true, "-c": true, "-l": true, "-J": true, "-S": true, "-e": true, "--rsh": true, "--exclude": true, "--include": true, "--filter": true}
	var local []string
	remote, remoteLast := false, false
	args := u.cmd.Args
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.Literal {
			continue
		}
		if skip[a.Lit] {
			i++
			continue
		}
		if strings.HasPrefix(a.Lit, "-") {
			continue
		}
		if isRemote(a.Lit) {
			remote, remoteLast = true, true
			continue
		}
		remoteLast = false
		local = append(local, a.Lit)
	}
	if !remote {
		return
	}
	for _, l := range local {
		p := shell.Resolve(l, u.dir, c.home)
		if SecretFile(p) || secretFolder(p, c.home) {
			c.add(NetworkExfiltration, SecretRead)
		}
	}
	if name := path.Base(u.cmd.Name); remoteLast && (name == "scp" || name == "rsync" && !shortFlag(args, 'n', "--dry-run")) &&
		slices.ContainsFunc(local, func(l string) bool { return c.uploadedFile(l, u, args) }) {
		c.because(append([]string{name}, local...)...)
		c.add(NetworkExfiltration)
	}
}

// secretFolder reports folders that hold nothing but credentials.
func secretFolder(p, home string) bool {
	return slices.Contains(secretFoldersOf(home), p)
}

// secretFolderNames are the folders under the home secretFolder means.
var secretFolderNames = []string{".ssh", ".aws", ".gnupg", ".kube", ".config/gh", ".docker", ".password-store",
	".local/share/keyrings", "Library/Keychains", ".config/gcloud", ".azure",
	".codex", // Codex's login tokens (auth.json): README's heldout7 call
}

// secretFolders holds the last home's secret folders, joined: a check
// looks at every file a command names, and joining them each time was a
// fifth of danger marking's allocation (issue 15).
var secretFolders atomic.Pointer[homeFolders]

type homeFolders struct {
	home  string
	paths []string
}

// secretFoldersOf returns path.Join(home, name) of every secretFolderNames.
func secretFoldersOf(home string) []string {
	if f := secretFolders.Load(); f != nil && f.home == home {
		return f.paths
	}
	f := &homeFolders{home: home}
	for _, d := range slices.Concat(secretFolderNames, toolSecretFolders) {
		f.paths = append(f.paths, path.Join(home, d))
	}
	secretFolders.Store(f)
	return f.paths
}

func isRemote(s string) bool {
	if strings.Contains(s, "://") {
		return true
	}
	i := strings.IndexByte(s, ':')
	return i > 0 && !strings.Contains(s[:i], "/")
}

// gh flags gists of secret files (or public ones) and repository deletion.
func (c *checker) gh(u unit) {
	args := u.cmd.Args
	if len(args) < 2 {
		return
	}
	switch {
	case args[0].Lit == "gist" && args[1].Lit == "create":
		public := shortFlag(args[2:], 'p', "--public")
		for _, w := range operands(args[2:]) {
			if p, ok := shell.PathOf(w); ok && SecretFile(shell.Resolve(p, u.dir, c.home)) {
				c.add(NetworkExfiltration, SecretRead)
			} else if ok && public {
				c.add(NetworkExfiltration)
			}
		}
	case args[0].Lit == "repo" && args[1].Lit == "delete":
		c.add(ForcePush) // the remote history goes with the repository
	}
}

// secretWords are what a search for credentials looks for.
var secretWords = []string{"API_KEY", "APIKEY", "API-KEY", "SECRET", "TOKEN", "PASSWORD", "PASSWD", "PRIVATE KEY", "PRIVATE_KEY", "ACCESS_KEY", "CREDENTIAL", "AUTH_KEY"}

// flagCluster reports a cluster of short options ("-sSLO") holding
// letter.
func flagCluster(opt string, letter byte) bool {
	return len(opt) > 2 && opt[0] == '-' && opt[1] != '-' && strings.IndexByte(opt[1:], letter) >= 0
}

// endsWithE reports a cluster of grep's short options whose last letter
// is e ("-ie", "-rnie"): the next word is the pattern, as after -e.
func endsWithE(opt string) bool {
	return len(opt) > 2 && opt[0] == '-' && opt[1] != '-' && opt[len(opt)-1] == 'e' &&
		strings.Trim(opt[1:], "abcEFGHhIiLlnoqRrsTUuVvwxZz") == "e"
}

// searchesForSecrets reports a grep for credential names.
func searchesForSecrets(args []shell.Word) bool {
	var pats []string
	sawE := false
	for i, a := range args {
		if a.Literal && (a.Lit == "-e" || a.Lit == "--regexp" || endsWithE(a.Lit)) && i+1 < len(args) {
			pats = append(pats, args[i+1].Lit)
			sawE = true
		}
	}
	if !sawE {
		if ops := operands(args); len(ops) > 0 {
			pats = append(pats, ops[0].Lit)
		}
	}
	for _, p := range pats {
		up := strings.ToUpper(p)
		for _, w := range secretWords {
			if strings.Contains(up, w) {
				return true
			}
		}
	}
	return false
}

// fetchesPackage reports an npx-style run of a package fetched from the
// registry: -y/--yes, a version or tag ("pkg@latest"), or a URL.
func fetchesPackage(args []shell.Word) bool {
	for i, a := range args {
		if !a.Literal {
			return false
		}
		switch {
		case a.Lit == "-y" || a.Lit == "--yes":
			return true
		case (a.Lit == "-p" || a.Lit == "--package") && i+1 < len(args):
			if specFetches(args[i+1].Lit) {
				return true
			}
		case strings.HasPrefix(a.Lit, "--package="):
			if specFetches(strings.TrimPrefix(a.Lit, "--package=")) {
				return true
			}
		case strings.HasPrefix(a.Lit, "-"):
		default:
			return specFetches(a.Lit)
		}
	}
	return false
}

func specFetches(spec string) bool {
	return strings.Contains(spec, "://") || strings.HasPrefix(spec, "github:") || strings.HasPrefix(spec, "git+") ||
		strings.LastIndexByte(spec, '@') > 0
}

// pipInstallsURL reports pip installing straight from a URL or a VCS.
func pipInstallsURL(name string, args []shell.Word) bool {
	if name == "python" || name == "python3" {
		if len(args) < 2 || args[0].Lit != "-m" || (args[1].Lit != "pip" && args[1].Lit != "pip3") {
			return false
		}
		args = args[2:]
	}
	if len(args) == 0 || args[0].Lit != "install" {
		return false
	}
	for _, a := range args[1:] {
		if a.Literal && (strings.Contains(a.Lit, "://") || strings.HasPrefix(a.Lit, "git+")) {
			return true
		}
	}
	return false
}

// interpreters run code they are given.
var interpreters = map[string]bool{
	"sh": true, "bash": true, "zsh": true, "dash": true, "ksh": true, "fish": true, "python": true,
	"python2": true, "python3": true, "perl": true, "ruby": true, "node": true, "nodejs": true,
	"php": true, "deno": true, "bun": true, "pwsh": true, "powershell": true, "lua": true,
}

var shellNames = map[string]bool{"sh": true, "bash": true, "zsh": true, "dash": true, "ksh": true, "fish": true}

// readsStdinAsCode reports an interpreter that runs what comes on its
// standard input: no script operand (or "-", /dev/stdin), no -c/-e code.
func readsStdinAsCode(cmd *shell.Command) bool {
	if cmd.Dynamic {
		return false
	}
	name := path.Base(cmd.Name)
	if name == "source" || name == "." {
		return len(cmd.Args) > 0 && (cmd.Args[0].Lit == "/dev/stdin" || cmd.Args[0].Lit == "-")
	}
	if !interpreters[name] {
		return false
	}
	for _, a := range cmd.Args {
		if !a.Literal {
			return false
		}
		switch {
		case a.Lit == "--":
			return true
		case a.Lit == "-" || a.Lit == "/dev/stdin":
			return true
		case strings.HasPrefix(a.Lit, "-"):
			if shellNames[name] && !strings.HasPrefix(a.Lit, "--") && strings.ContainsRune(a.Lit, 'c') {
				return false
			}
			if shellNames[name] && !strings.HasPrefix(a.Lit, "--") && strings.ContainsRune(a.Lit, 's') {
				// bash(1), dash(1): "-s: commands are read from the
				// standard input"; the words after it are the script's
				// arguments ("curl … | sh -s -- --yes", "| bash -s stable").
				return true
			}
			if !shellNames[name] && (a.Lit == "-c" || a.Lit == "-e" || a.Lit == "-r" || a.Lit == "-m") {
				return false
			}
		default:
			return false // a script file; stdin is its data
		}
	}
	return true
}

// downloaders fetch content from the network.
var downloaders = map[string]bool{"curl": true, "wget": true, "fetch": true, "http": true, "https": true, "xh": true, "aria2c": true, "lwp-request": true, "GET": true}

// wordDownloads reports a word whose substitution fetches something:
// "<(curl …)", "$(wget -qO- …)".
func wordDownloads(w shell.Word) bool {
	s := shell.Parse(": " + w.Raw)
	for i := range s.Commands {
		if downloaders[path.Base(s.Commands[i].Name)] && !wgetToFile(&s.Commands[i]) {
			return true
		}
	}
	return false
}

// wordReadsSecret reports a word whose substitution reads a secret.
func wordReadsSecret(w shell.Word, dir, home string) bool {
	s := shell.Parse(": " + w.Raw)
	for i := range s.Commands {
		if readsSecret(&s.Commands[i], dir, home) {
			return true
		}
	}
	return false
}

// readsSecret reports a command that reads a secret file or prints
// credentials or the environment.
func readsSecret(cmd *shell.Command, dir, home string) bool {
	for _, f := range cmd.Files() {
		if p := shell.Resolve(f.Path, dir, home); f.Read && (SecretFile(p) || secretFolder(p, home)) {
			return true
		}
	}
	if cmd.Dynamic {
		return false
	}
	return printsEnvironment(cmd) || credentialPrinter(cmd)
}

// printsEnvironment reports env or printenv printing the whole environment
// (tokens included), or printenv of a variable named like a credential.
func printsEnvironment(cmd *shell.Command) bool {
	if cmd.Dynamic {
		return false
	}
	switch path.Base(cmd.Name) {
	case "env":
		return len(cmd.Inside()) == 0 && !hasLit(cmd.Args, "-S", "--split-string") && !envRunsCommand(cmd.Args)
	case "printenv":
		ops := operands(cmd.Args)
		if len(ops) == 0 {
			return true
		}
		for _, o := range ops {
			if searchesForSecrets([]shell.Word{o}) {
				return true
			}
		}
	}
	return false
}

// credentialPrinter reports commands whose purpose is to print a token or
// password.
func credentialPrinter(cmd *shell.Command) bool {
	if cmd.Dynamic || cmd.Name == "" {
		return false
	}
	var words []string
	for _, a := range cmd.Args {
		words = append(words, a.Lit)
	}
	has := func(seq ...string) bool { return hasRun(words, seq...) }
	switch path.Base(cmd.Name) {
	case "gh":
		return has("auth", "token") || has("auth", "status", "--show-token") || has("auth", "status", "-t")
	case "gcloud":
		return has("print-access-token") || has("print-identity-token")
	case "aws":
		return has("sts", "get-session-token") || has("sts", "assume-role") || has("sts", "get-federation-token") ||
			has("configure", "export-credentials") || has("ecr", "get-login-password") ||
			has("configure", "get", "aws_secret_access_key") || has("configure", "get", "aws_session_token")
	case "az":
		return has("account", "get-access-token")
	case "security":
		// security(1): the find commands print attributes unless -g or -w
		// shows the password; dump-keychain's -d (decrypted) and -r (raw)
		// carry the items' data.
		if len(words) == 0 {
			return false
		}
		switch words[0] {
		case "find-generic-password", "find-internet-password":
			return shortOptsAny(words[1:], "gw", "acCdDGjlprPst")
		case "dump-keychain":
			return shortOptsAny(words[1:], "dr", "")
		}
		return false
	case "kubectl":
		return has("config", "view", "--raw") || (has("get", "secret") || has("get", "secrets") || kubeSecretTypeName(words)) && kubeOutputHoldsData(cmd.Args)
	case "git":
		return has("credential", "fill")
	case "op":
		// op item get conceals passwords without --reveal (1Password CLI
		// reference); --otp and JSON output carry the values.
		return has("read") || has("item", "get") && opReveals(words)
	case "pass", "gopass":
		// "pass NAME" shows the entry; "pass ls", "pass find" list names;
		// -c/--clip copies it to the clipboard instead (pass(1)).
		if slices.ContainsFunc(words, func(w string) bool {
			return strings.HasPrefix(w, "--clip") || strings.HasPrefix(w, "-c") && !strings.HasPrefix(w, "--")
		}) {
			return false
		}
		// The first verb: gopass's that print no stored value, and
		// grep (pass(1), gopass's reference: every secret decrypted, the
		// matching lines printed) and gopass cat, which do.
		first := ""
		if i := slices.IndexFunc(words, func(w string) bool { return !strings.HasPrefix(w, "-") }); i >= 0 {
			first = words[i]
		}
		gopass := path.Base(cmd.Name) == "gopass"
		if gopass && (gopassPrintsNothing(words) || gopassNoValue[first]) {
			return false // secretsused.go
		}
		if first == "grep" || gopass && first == "cat" {
			return true
		}
		if first == "otp" {
			// pass-otp(1), gopass's otp.md: the current one-time code
			// printed (as op's --otp), unless a managing verb follows.
			return !slices.ContainsFunc(words, func(w string) bool {
				return w == "insert" || w == "append" || w == "validate" || w == "uri"
			})
		}
		return has("show") || len(words) == 1 && !slices.Contains([]string{"ls", "list", "find", "search", "init", "git", "help", "version"}, words[0])
	case "vault":
		return has("read") && !vaultNoSecret("vault", words) || has("kv", "get")
	}
	return false
}

// sendsStdin reports a network command that sends its standard input.
func sendsStdin(cmd *shell.Command) bool {
	if cmd.Dynamic {
		return false
	}
	switch name := path.Base(cmd.Name); name {
	case "nc", "ncat", "netcat", "socat", "telnet":
		return true
	case "curl", "wget":
		return slices.Contains(uploads(cmd, name), "-")
	case "ssh":
		return true
	}
	return false
}

// pipelines looks at what flows through a pipe: a download into an
// interpreter, a secret into a network sender.
func (c *checker) pipelines(s *shell.Script, units [][]unit) {
	for i := range s.Commands {
		for j := i + 1; j < len(s.Commands); j++ {
			if s.Commands[j].Pipeline != s.Commands[i].Pipeline {
				continue
			}
			if anyUnit(units[i], func(u unit) bool {
				return downloaders[path.Base(u.cmd.Name)] && !u.cmd.Dynamic && !fetchToFile(&u.cmd) && !wgetToFile(&u.cmd) && !telnetCurl(&u.cmd) || printsFetched(&u.cmd)
			}) &&
				anyUnit(units[j], func(u unit) bool { return readsStdinAsCode(&u.cmd) }) {
				c.because(path.Base(s.Commands[i].Name), "|", path.Base(s.Commands[j].Name))
				c.add(DownloadExecute)
				c.because()
			}
			if anyUnit(units[i], func(u unit) bool { return readsSecret(&u.cmd, u.dir, c.home) }) &&
				anyUnit(units[j], func(u unit) bool { return sendsStdin(&u.cmd) }) {
				c.add(NetworkExfiltration)
			}
			// "strings core.dump | grep -i pass", "cat ~/.bash_history |
			// grep -i pass": passwords hunted in a binary, a memory dump, a
			// device or a shell history.
			if anyUnit(units[i], func(u unit) bool { return !u.cmd.Dynamic && path.Base(u.cmd.Name) == "strings" || readsHistory(&u.cmd) }) &&
				anyUnit(units[j], func(u unit) bool { return huntsSecretWords(&u.cmd) }) && !c.keptPrivate(s, j) {
				c.because(path.Base(s.Commands[i].Name), "|", path.Base(s.Commands[j].Name))
				c.add(SecretRead)
				c.because()
			}
			// "kubectl get cm -A -o json | … | jq 'select(.key|contains(\"pass\"))'":
			// a cluster's plain values hunted for credentials (round 9b).
			if anyUnit(units[i], func(u unit) bool { return c.clusterValuesDumped(&u.cmd) }) &&
				anyUnit(units[j], func(u unit) bool { return huntsSecretWords(&u.cmd) || jqHuntsSecretWords(&u.cmd) }) && !c.keptPrivate(s, j) {
				c.because(path.Base(s.Commands[i].Name), "|", path.Base(s.Commands[j].Name))
				c.add(SecretRead)
				c.because()
			}
		}
	}
}

func anyUnit(us []unit, f func(unit) bool) bool {
	return slices.ContainsFunc(us, f)
}

// downloadThenRun flags "curl -o x.sh URL && sh x.sh": a later command of
// the line runs a file an earlier one downloaded.
func (c *checker) downloadThenRun(s *shell.Script, units [][]unit) {
	fetched := map[string]bool{}
	for i, us := range units {
		for _, u := range us {
			if runsFile(u, c.home, fetched) {
				c.add(DownloadExecute)
			}
			if files, _ := c.codeFetchedFiles(u); len(files) > 0 {
				for _, f := range files {
					fetched[f] = true // an inline program's download saved to a file (downloads.go)
				}
			}
			if name := path.Base(u.cmd.Name); !u.cmd.Dynamic && (name == "curl" || name == "wget") {
				for _, t := range append(downloadTargets(&u.cmd, name), wgetDefaultNames(&u.cmd, name)...) {
					fetched[shell.Resolve(t, u.dir, c.home)] = true
				}
				for _, t := range extractedDownload(s, i) {
					fetched[shell.Resolve(t, u.dir, c.home)] = true // "curl URL | tar xO > f" (downloads.go)
				}
			}
		}
	}
}

// runsFile reports a command that runs one of the files in set.
func runsFile(u unit, home string, set map[string]bool) bool {
	if len(set) == 0 || u.cmd.Dynamic {
		return false
	}
	if (strings.Contains(u.cmd.Name, "/") || pathHoldsCwd(&u.cmd)) && set[shell.Resolve(u.cmd.Name, u.dir, home)] {
		return true // "./f", or "PATH=.:$PATH f" (downloads.go)
	}
	if t := fileRunnerTarget(&u.cmd); t != "" && set[shell.Resolve(t, u.dir, home)] {
		return true // "java -jar x.jar", "wine setup.exe" (round 7)
	}
	name := path.Base(u.cmd.Name)
	if !interpreters[name] && name != "source" && name != "." {
		return false
	}
	for _, a := range u.cmd.Args {
		if !a.Literal {
			return false
		}
		if strings.HasPrefix(a.Lit, "-") {
			continue
		}
		return set[shell.Resolve(a.Lit, u.dir, home)]
	}
	return false
}

// remotePush flags pushing to a remote the same line added: sending the
// repository to a host of the line's choosing.
func (c *checker) remotePush(units [][]unit) {
	added := map[string]bool{}
	for _, us := range units {
		for _, u := range us {
			_, sub, rest, ok := u.cmd.GitArgs()
			if !ok {
				continue
			}
			ops := operands(rest)
			switch {
			case sub == "remote" && len(ops) >= 3 && (ops[0].Lit == "add" || ops[0].Lit == "set-url"):
				added[ops[1].Lit] = !(ops[2].Literal && repoOnThisMachine(ops[2].Lit)) // round 7
			case sub == "push" && len(ops) >= 1 && added[ops[0].Lit]:
				c.add(NetworkExfiltration)
			}
		}
	}
}

// keptPrivate reports a pipeline (the one of command j) whose last
// command writes its output to a file of the user's own, in the home or
// the project ("… | grep pass > ~/loot.txt"): the lines found are
// neither shown nor put where others read them (the README's rule for
// secrets copied: into /tmp they are read, into the home they are not).
func (c *checker) keptPrivate(s *shell.Script, j int) bool {
	last := j
	for k := j + 1; k < len(s.Commands) && s.Commands[k].Pipeline == s.Commands[j].Pipeline; k++ {
		last = k
	}
	cmd := &s.Commands[last]
	if cmd.Dynamic || path.Base(cmd.Name) == "tee" {
		return false // tee writes to the files it names as well
	}
	dir := c.dirOf(cmd, c.lineCwd)
	for _, r := range cmd.Redirects {
		if !r.Write || r.Op == "2>" || r.Op == "2>>" {
			continue
		}
		p, ok := shell.PathOf(r.Target)
		if !ok {
			return false
		}
		abs := shell.Resolve(p, dir, c.home)
		return !shell.IsTemp(abs) && !strings.HasPrefix(abs, "/dev/") && (shell.Within(abs, c.home) || shell.Within(abs, c.project))
	}
	return false
}

// writtenLiterally reports a file an earlier command of the checked line
// wrote with literal text alone ("echo 'test' > /tmp/x.txt; curl -F
// file=@/tmp/x.txt …"): sending it sends only what the line itself says.
// A later append of anything else ("cat .env >> /tmp/x.txt") spoils it.
func (c *checker) writtenLiterally(abs string) bool {
	if c.line == nil || c.at > len(c.line.Commands) {
		return false
	}
	literal := false
	earlier := c.earlier()
	for k := range earlier {
		cmd := &earlier[k]
		for _, r := range cmd.Redirects {
			p, ok := shell.PathOf(r.Target)
			if !ok || !r.Write {
				continue
			}
			if shell.Resolve(p, c.dirOf(cmd, c.lineCwd), c.home) != abs {
				continue
			}
			_, lit := literalOutput(cmd, path.Base(cmd.Name))
			literal = lit && !cmd.Dynamic && (literal || r.Op == ">" || r.Op == ">|")
		}
	}
	return literal
}

// wgetDefaultNames are the files a wget with no -O, -P or -i saves: each
// URL under its own last segment. Only a later run of one makes the line
// dangerous (downloadThenRun); the download alone is everyday.
func wgetDefaultNames(cmd *shell.Command, name string) []string {
	args := cmd.Args
	if name != "wget" || slices.ContainsFunc(args, func(w shell.Word) bool {
		return strings.HasPrefix(w.Lit, "-O") || strings.HasPrefix(w.Lit, "--output-document") || strings.HasPrefix(w.Lit, "-P") ||
			strings.HasPrefix(w.Lit, "--directory-prefix") || w.Lit == "-i" || strings.HasPrefix(w.Lit, "--input-file")
	}) {
		return nil
	}
	var out []string
	for _, a := range args {
		if u, _, _ := strings.Cut(a.Lit, "?"); a.Literal && strings.Contains(u, "://") && !strings.HasSuffix(u, "/") {
			out = append(out, path.Base(u))
		}
	}
	return out
}

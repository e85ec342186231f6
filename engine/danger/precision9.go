package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

func init() {
	addRuleTexts(map[string]string{
		"repositoryRemoved": "rm or unlink of a repository's own data (.git/config, HEAD, packed-refs, refs/, objects/, logs/, modules/), or a recursive rm of a bare repository NAME.git or of a pattern naming .git (*/.git, .git*) outside temporary and generated folders",
		"gitHookTools":      "a git extension installing hooks or filter programs (git lfs install, git lfs update, git secrets --install)",
	})
}

// checkoutDiscards returns the word that makes "git checkout ARGS" (no
// "--", which the git rule reads itself) a checkout of paths rather
// than of a branch, and so one that overwrites the worktree's copy of
// those paths (git-checkout(1), "git checkout [-f|--ours|--theirs|-m|
// --conflict=<style>] [<tree-ish>] [--] <pathspec>…": "Overwrite the
// contents of the files that match the pathspec"; round 9, precision):
//
//   - -p, --patch: "Interactively select hunks in the difference between
//     the <tree-ish> (or the index, if unspecified) and the working
//     tree", the chosen ones discarded (git checkout -p is always a path
//     checkout, of every path when none is named);
//   - --ours, --theirs with an operand: "When checking out paths from
//     the index, check out stage #2 (ours) or #3 (theirs) for unmerged
//     paths" (git refuses them when switching branches);
//   - an operand no branch can be named (pathOperand).
//
// -b, -B, --orphan and --track name a new branch and its start point,
// and git refuses paths with --track: nothing of the worktree is lost.
// A bare word ("git checkout myFile") or two of them ("git checkout
// pr/42 pr-42") are not told from branches by their form and stay
// unmarked (heldout10's w0972 labels the second a branch checkout).
func checkoutDiscards(rest []shell.Word) (string, bool) {
	if clusterFlag(rest, 'p', "bB", "--patch") {
		return "-p", true
	}
	stage := ""
	var ops []string
	for i := 0; i < len(rest); i++ {
		w := rest[i]
		if !w.Literal {
			continue
		}
		switch {
		case w.Lit == "-b" || w.Lit == "-B" || w.Lit == "--orphan" || w.Lit == "-t" || strings.HasPrefix(w.Lit, "--track"):
			return "", false
		case w.Lit == "--":
			return "", false // the git rule reads "--" itself
		case w.Lit == "--conflict":
			i++
		case w.Lit == "--ours" || w.Lit == "--theirs":
			stage = w.Lit
		case strings.HasPrefix(w.Lit, "-"):
		default:
			ops = append(ops, w.Lit)
		}
	}
	if stage != "" && len(ops) > 0 {
		return stage, true
	}
	for _, op := range ops {
		if pathOperand(op) {
			return op, true
		}
	}
	return "", false
}

// pathOperand reports a checkout operand that can only be a path: one
// git-check-ref-format(1) forbids as a branch name ("no slash-separated
// component can begin with a dot", it "cannot begin or end with a
// slash", "cannot have ? * [", no component "can end with the sequence
// .lock"), one whose last component ends in a file extension (a
// letter, then letters or digits, after a dot: "src/App.tsx",
// "README.md") or is one of fixedFileNames ("Makefile"). Revision
// syntax is not a path: "~", "^", ":" and "@{" (gitrevisions(7)) and ".."
// (a range) leave the word to the revision rules. A version series
// ("2.x", "v1.x", "release-1.2") is a branch's name, not a file's.
func pathOperand(w string) bool {
	if w == "" || strings.ContainsAny(w, "~^:\\") || strings.Contains(w, "@{") {
		return false
	}
	if strings.HasPrefix(w, "/") || strings.HasSuffix(w, "/") || strings.ContainsAny(w, "?*[") {
		return true
	}
	for _, comp := range strings.Split(w, "/") {
		if strings.HasPrefix(comp, ".") || strings.HasSuffix(comp, ".lock") {
			return true
		}
	}
	if strings.Contains(w, "..") {
		return false
	}
	last := w[strings.LastIndexByte(w, '/')+1:]
	if fixedFileNames[last] {
		return true
	}
	dot := strings.LastIndexByte(last, '.')
	if dot <= 0 {
		return false
	}
	ext := last[dot+1:]
	if ext == "" || ext == "x" || ext == "X" || !isLetter(ext[0]) {
		return false
	}
	for i := 0; i < len(ext); i++ {
		if !isLetter(ext[i]) && (ext[i] < '0' || ext[i] > '9') {
			return false
		}
	}
	return true
}

// fixedFileNames are files a tool reads by that very name, with no
// extension to tell them by: make(1)'s GNUmakefile, makefile and
// Makefile, docker build's Dockerfile (podman's Containerfile), bundler's
// Gemfile, rake's Rakefile, Procfile, Jenkinsfile, Vagrantfile, Brewfile,
// CocoaPods' Podfile, just's justfile, and the licence and readme files
// of the packaging conventions. No branch is named so.
var fixedFileNames = map[string]bool{
	"GNUmakefile": true, "makefile": true, "Makefile": true, "Dockerfile": true, "Containerfile": true,
	"Gemfile": true, "Rakefile": true, "Procfile": true, "Jenkinsfile": true, "Vagrantfile": true,
	"Brewfile": true, "Podfile": true, "justfile": true, "Justfile": true, "LICENSE": true, "COPYING": true,
	"README": true, "CHANGELOG": true, "AUTHORS": true, "NOTICE": true, "CODEOWNERS": true,
}

// isLetter reports an ASCII letter.
func isLetter(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

// signingPrograms are the programs git-config(1) names for gpg.program
// ("instead of \"gpg\" found on $PATH"; gpg2 is its other install name)
// and gpg.<format>.program (gpgsm for x509, ssh-keygen for ssh), and
// true, which signs nothing.
var signingPrograms = map[string]bool{"gpg": true, "gpg2": true, "gpgsm": true, "ssh-keygen": true, "true": true}

// namedGitProgram reports a credential helper or signing program git
// finds by its name, which runs no payload the setting brings (round 9,
// precision): a credential helper whose first word is a name
// (gitcredentials(7): "If the helper name is not an absolute path, then
// the string git credential- is prepended", as "cache --timeout=3600"
// runs git credential-cache), or a path to such a git-credential-NAME
// program; a helper beginning with "!" is a shell snippet, and any other
// path runs what it names. A signing program is one of signingPrograms,
// by name or path. A value that expands anything is not read, but for
// "$(which NAME)" (whichOf), the path of a program named NAME.
func namedGitProgram(key, value string) bool {
	if ordinaryGitProgram(key, unquoted(value)) {
		return true
	}
	v := strings.Trim(value, `'"`)
	prog, nargs := "", 0
	if name, ok := whichOf(v); ok {
		prog = name // "$(which gpg)": the program found by its name
	} else {
		if strings.ContainsAny(v, "!$`;|&<>()") {
			return false
		}
		// git runs the value with the shell (gitcredentials(7)), which
		// reads "Program\ Files" as one word.
		s := shell.Parse(v)
		if s.Unparseable || len(s.Commands) != 1 || s.Commands[0].Dynamic || s.Commands[0].Name == "" {
			return false
		}
		prog, nargs = s.Commands[0].Name, len(s.Commands[0].Args)
	}
	first, _, _ := strings.Cut(key, ".")
	last := key[strings.LastIndexByte(key, '.')+1:]
	switch {
	case first == "credential" && last == "helper":
		return !strings.Contains(prog, "/") || strings.HasPrefix(path.Base(prog), "git-credential-")
	case first == "gpg" && last == "program":
		return nargs == 0 && signingPrograms[path.Base(prog)]
	}
	return false
}

// gitBrowsers are the browsers git-web--browse(1) knows by name.
var gitBrowsers = map[string]bool{
	"firefox": true, "iceweasel": true, "seamonkey": true, "iceape": true, "chrome": true, "google-chrome": true,
	"chromium": true, "chromium-browser": true, "konqueror": true, "opera": true, "w3m": true, "elinks": true,
	"links": true, "lynx": true, "dillo": true, "open": true, "start": true, "cygstart": true, "xdg-open": true,
}

// diffTools are the programs of the diff and merge tools git-mergetool(1)
// lists (git mergetool --tool-help: Beyond Compare, DiffMerge, Diffuse,
// Emacs, KDiff3, Kompare, Meld, opendiff, P4Merge, Sublime Merge, tkdiff,
// vimdiff and its kin, VS Code, xxdiff) and the diff viewers whose
// manuals set them as diff.external or a difftool (difftastic's difft,
// delta, icdiff).
var diffTools = map[string]bool{
	"bcompare": true, "bcomp": true, "diffmerge": true, "diffuse": true, "emacs": true, "emacsclient": true,
	"kdiff3": true, "kompare": true, "meld": true, "opendiff": true, "p4merge": true, "smerge": true, "tkdiff": true,
	"vimdiff": true, "gvimdiff": true, "nvimdiff": true, "vim": true, "gvim": true, "nvim": true, "code": true,
	"xxdiff": true, "difft": true, "delta": true, "icdiff": true, "diff": true, "colordiff": true,
}

// ordinaryGitProgram reports a git setting that names the ordinary
// program of its kind (precision6's pager and editor rule, widened by
// each key's documentation; round 9): core.sshCommand of plain ssh
// (plainSSH, as GIT_SSH_COMMAND is read), core.fsmonitor=true
// (git-config(1): "the built-in file system monitor daemon", no
// program), web.browser of a browser git-web--browse(1) knows, and
// diff.external, difftool.*.cmd or mergetool.*.cmd running one of
// diffTools with its arguments ($LOCAL, $REMOTE, $MERGED).
func ordinaryGitProgram(key, v string) bool {
	first, _, _ := strings.Cut(key, ".")
	last := key[strings.LastIndexByte(key, '.')+1:]
	switch {
	case key == "core.sshcommand":
		return plainSSH(v)
	case key == "core.fsmonitor":
		return slices.Contains([]string{"true", "yes", "on", "1"}, strings.ToLower(v))
	case key == "web.browser":
		return gitBrowsers[v]
	case key == "diff.external" || (first == "difftool" || first == "mergetool") && last == "cmd":
		s := shell.Parse(v)
		if s.Unparseable || len(s.Commands) != 1 {
			return false
		}
		c := s.Commands[0]
		return !c.Dynamic && len(c.Redirects) == 0 && len(c.Wrappers) == 0 && diffTools[path.Base(c.Name)]
	}
	return false
}

// whichOf returns NAME of a value that is only "$(which NAME)",
// "$(command -v NAME)" or their backquoted forms: the path the shell
// finds for NAME, as git would find NAME itself.
func whichOf(v string) (string, bool) {
	inner, ok := strings.CutPrefix(v, "$(")
	if ok {
		inner, ok = strings.CutSuffix(inner, ")")
	} else if inner, ok = strings.CutPrefix(v, "`"); ok {
		inner, ok = strings.CutSuffix(inner, "`")
	}
	if !ok {
		return "", false
	}
	f := strings.Fields(inner)
	switch {
	case len(f) == 2 && f[0] == "which":
		return f[1], !strings.ContainsAny(f[1], "/$`")
	case len(f) == 3 && f[0] == "command" && f[1] == "-v":
		return f[2], !strings.ContainsAny(f[2], "/$`")
	}
	return "", false
}

// ownLogNames are the -name patterns of log files and their rotations.
var ownLogNames = []string{"*.log", "*.log.*", "*.log.[0-9]*", "*.log.gz"}

// findsOwnLogs reports a find that selects only the project's log files:
// every start in the project, every -name|-iname one of ownLogNames, and
// no test that could select another way (-path, -regex and kin, -o).
// Logs a project's runs wrote are made again by the next run (README's
// heldout11 call: "find . -name '*.log' -delete … remove logs its own
// runs made", everyday as .tmp files); the home's and /var/log's logs
// are records of what happened and stay judged (round 9, precision).
func (c *checker) findsOwnLogs(u unit) bool {
	if path.Base(u.cmd.Name) != "find" {
		return false
	}
	starts := findStarts(u.cmd.Args)
	if len(starts) == 0 {
		return false
	}
	for _, s := range starts {
		if !s.Literal || !shell.Within(shell.Resolve(s.Lit, u.dir, c.home), c.project) {
			return false
		}
	}
	names := 0
	for i, a := range u.cmd.Args {
		switch a.Lit {
		case "-name", "-iname":
			if i+1 >= len(u.cmd.Args) || !u.cmd.Args[i+1].Literal || !slices.Contains(ownLogNames, u.cmd.Args[i+1].Lit) {
				return false
			}
			names++
		case "-regex", "-iregex", "-path", "-ipath", "-wholename", "-iwholename", "-o", "-or", ",":
			return false
		}
	}
	return names > 0
}

// gitHookTools flags git's extensions that install hooks or filter
// programs (round 9, precision; hookInstallers' kin): git lfs install
// (git-lfs-install(1): the lfs clean and smudge filters in the global
// config, whatever its options, and a pre-push hook), git lfs update
// (git-lfs-update(1): "Updates the Git hooks used by Git LFS"; --manual
// only prints them) and git secrets --install ("Installs git hooks for a
// repository"), each as git or as its own git-lfs, git-secrets program.
func (c *checker) gitHookTools(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	tool, args := "", cmd.Args
	switch name {
	case "git-lfs":
		tool = "lfs"
	case "git-secrets":
		tool = "secrets"
	case "git":
		_, sub, rest, ok := cmd.GitArgs()
		if !ok || sub != "lfs" && sub != "secrets" {
			return
		}
		tool, args = sub, rest
	default:
		return
	}
	switch tool {
	case "lfs":
		v := c.verbs(args, 1)
		if len(v) == 1 && (v[0] == "install" || v[0] == "update" && !hasLit(args, "--manual", "-m")) {
			c.because("git", "lfs", v[0])
			c.add(GitHooksConfig)
		}
	case "secrets":
		if hasLit(args, "--install") {
			c.because("git", "secrets", "--install")
			c.add(GitHooksConfig)
		}
	}
}

// repositoryRemoved flags rm or unlink of a repository's own data
// (repoDataFile), and a recursive rm of a bare repository (NAME.git), or
// of a pattern that names .git, outside temporary and generated folders, which looksLikeFile would
// take for one file in the project: each is the repository, as .git is
// (README's heldout11 calls; round 9, precision). Called by
// keyFileRemoved, which has read the program.
func (c *checker) repositoryRemoved(u unit, name string) {
	recursive := name == "rm" && (shortFlag(u.cmd.Args, 'r', "--recursive") || shortFlag(u.cmd.Args, 'R'))
	for _, w := range operands(u.cmd.Args) {
		p, ok := shell.PathOf(w)
		if !ok {
			continue
		}
		abs := shell.Resolve(p, u.dir, c.home)
		base := path.Base(abs)
		if w.Glob {
			// "rm -rf */.git", "rm -rf .git*": a pattern that names .git
			// (bash(1): a leading dot is matched only by a pattern that
			// starts with one).
			if m, _ := path.Match(base, ".git"); recursive && m && strings.HasPrefix(base, ".") &&
				!c.tempOnly(path.Dir(abs)) && !c.scratch(path.Dir(abs)) {
				c.because(name, w.Raw)
				c.add(DestructiveDelete)
				return
			}
			continue
		}
		bare := recursive && len(base) > len(".git") && strings.HasSuffix(base, ".git") && !c.tempOnly(abs) && !c.scratch(abs)
		if repoDataFile(abs) || bare {
			c.because(name, w.Raw)
			c.add(DestructiveDelete)
			return
		}
	}
}

// repoDataFile reports a path in a repository's .git that holds what no
// command makes again (gitrepository-layout(5)): config, HEAD,
// packed-refs, shallow, and anything under refs/, objects/, logs/ (the
// reflogs) or modules/ (a submodule's repository, read the same way).
// The index, lock files, ORIG_HEAD, FETCH_HEAD, COMMIT_EDITMSG, hooks
// and info/ are rebuilt, transient or settings of the hooks' kind.
func repoDataFile(abs string) bool {
	i := strings.LastIndex(abs, "/.git/")
	if i < 0 {
		return false
	}
	rel := abs[i+len("/.git/"):]
	for strings.HasPrefix(rel, "modules/") {
		parts := strings.SplitN(rel, "/", 3)
		if len(parts) < 3 || parts[2] == "" {
			return true // a submodule's whole repository
		}
		rel = parts[2]
	}
	if strings.HasSuffix(rel, ".lock") {
		return false
	}
	switch rel {
	case "config", "HEAD", "packed-refs", "shallow":
		return true
	}
	for _, dir := range []string{"refs/", "objects/", "logs/"} {
		if strings.HasPrefix(rel, dir) {
			return true
		}
	}
	return false
}

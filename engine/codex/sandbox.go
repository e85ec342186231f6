package codex

import (
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// maxInnerDepth bounds how deep the sandbox check follows bash -c inside
// bash -c.
const maxInnerDepth = 4

// effects is what a command line does that the sandbox looks at.
type effects struct {
	writes  []string // absolute paths it writes, creates, moves onto or deletes
	network bool     // it talks to the network
	system  bool     // it changes the machine outside any folder (sudo, services, mounts)
}

func (e *effects) write(p string) {
	if !slices.Contains(e.writes, p) {
		e.writes = append(e.writes, p)
	}
}

// effectsOf finds what script does, its paths resolved against cwd.
func (p *Policy) effectsOf(script *shell.Script, cwd string) effects {
	var e effects
	p.walk(script.Commands, cwd, &e, 0)
	return e
}

func (p *Policy) walk(cmds []shell.Command, cwd string, e *effects, depth int) {
	for i := range cmds {
		c := &cmds[i]
		dir := cwd
		if c.Cwd != "" {
			dir = shell.Resolve(c.Cwd, cwd, p.home)
		}
		if shell.NeedsNetwork(c) {
			e.network = true
		}
		if shell.ChangesSystem(c) {
			e.system = true
		}
		for _, f := range c.Files() {
			if f.Write {
				e.write(shell.Resolve(f.Path, dir, p.home))
			}
		}
		p.gitEffects(c, dir, e)
		p.walk(c.Inside(), cwd, e, depth)
		if depth < maxInnerDepth {
			if in := c.Inner(); in != nil {
				p.walk(in.Commands, dir, e, depth+1)
			}
		}
	}
}

// gitEffects adds what a git command writes: its worktree (checkout,
// reset --hard, clean, …) and its .git folder (commit, branch, tag, stash,
// fetch, …), which Codex's workspace-write sandbox keeps read-only.
func (p *Policy) gitEffects(c *shell.Command, dir string, e *effects) {
	dirs, sub, rest, ok := c.GitArgs()
	if !ok {
		return
	}
	repo := dir
	for _, d := range dirs {
		repo = shell.Resolve(d, repo, p.home)
	}
	if gitFailsBeforeWriting(sub, rest) {
		return
	}
	if shell.GitChangesWorktree(sub, rest) {
		e.write(repo)
	}
	// --output=FILE (log, diff, show, format-patch…) writes FILE, relative
	// to the folder git runs in: `git log --output=/tmp/log.txt` was
	// stopped by the sandbox without /tmp, `git diff --output=diff.txt`
	// by the read-only one (recorded with the real Codex 0.169.0).
outputs:
	for i, w := range rest {
		if !w.Literal {
			continue
		}
		file := ""
		switch a := w.Lit; {
		case a == "--":
			break outputs
		case strings.HasPrefix(a, "--output="):
			file = strings.TrimPrefix(a, "--output=")
		case a == "--output" && i+1 < len(rest) && rest[i+1].Literal:
			file = rest[i+1].Lit
		}
		if file != "" {
			e.write(shell.Resolve(file, dir, p.home))
		}
	}
	switch where := gitRepoWrite(sub, rest); where {
	case "repo":
		e.write(path.Join(repo, ".git"))
	case "global":
		e.write(path.Join(p.home, ".gitconfig"))
	case "system":
		e.write("/etc/gitconfig")
	}
}

// gitFailsBeforeWriting reports whether git refuses the command before it
// writes anything, so that no sandbox has a write to stop: git clean
// without --force (clean.requireForce, on by default), git switch without
// a branch, and git commit whose last word is an option that needs a
// value (-m, -F, --message, --file, also at the end of a bundle such as
// -am).
func gitFailsBeforeWriting(sub string, rest []shell.Word) bool {
	var words []string
	for _, w := range rest {
		if !w.Literal {
			return false // an expansion: its value is not known
		}
		words = append(words, w.Lit)
	}
	switch sub {
	case "clean":
		for _, w := range words {
			switch {
			case w == "--":
				return true
			case w == "--force" || w == "--interactive":
				return false
			case strings.HasPrefix(w, "-") && !strings.HasPrefix(w, "--") && strings.ContainsAny(w, "fi"):
				return false
			}
		}
		return true
	case "switch":
		return len(words) == 0
	case "commit":
		if len(words) == 0 {
			return false
		}
		last := words[len(words)-1]
		switch {
		case last == "--message" || last == "--file":
			return true
		case strings.HasPrefix(last, "-") && !strings.HasPrefix(last, "--") && len(last) > 1:
			return strings.ContainsAny(last[len(last)-1:], "mF")
		}
	}
	return false
}

// gitRepoWrite says where a git subcommand writes outside its worktree:
// "repo" for the repository's .git folder (refs, index, objects, config),
// "global" or "system" for git config --global/--system, "" for a command
// that only reads the repository.
func gitRepoWrite(sub string, rest []shell.Word) string {
	var opts, ops []string
	for _, w := range rest {
		v := w.Raw
		if w.Literal {
			v = w.Lit
		}
		if strings.HasPrefix(v, "-") {
			opts = append(opts, v)
		} else {
			ops = append(ops, v)
		}
	}
	has := func(names ...string) bool {
		for _, o := range opts {
			name, _, _ := strings.Cut(o, "=")
			if slices.Contains(names, name) {
				return true
			}
		}
		return false
	}
	first := ""
	if len(ops) > 0 {
		first = ops[0]
	}
	switch sub {
	case "commit", "merge", "rebase", "cherry-pick", "revert", "am", "pull", "fetch", "checkout", "switch",
		"reset", "add", "mv", "init", "gc", "prune", "repack", "update-index", "update-ref", "filter-branch",
		"replace", "pack-refs", "maintenance", "sparse-checkout", "read-tree", "write-tree", "commit-tree",
		"hash-object", "fast-import", "unpack-objects", "rerere":
		if sub == "hash-object" && !has("-w") {
			return ""
		}
		return "repo"
	case "rm":
		return "repo"
	case "restore":
		if has("--staged", "-S") {
			return "repo"
		}
	case "apply":
		if has("--index", "--cached", "-3", "--3way") {
			return "repo"
		}
	case "stash":
		if first == "list" || first == "show" {
			return ""
		}
		return "repo"
	case "tag":
		if has("-d", "--delete", "-a", "--annotate", "-s", "--sign", "-f", "--force", "-m", "--message", "-F", "--file") {
			return "repo"
		}
		if len(ops) > 0 && !has("-l", "--list", "--contains", "--no-contains", "--points-at", "--merged", "--no-merged", "-v", "--verify") {
			return "repo"
		}
	case "branch":
		if has("-d", "-D", "--delete", "-m", "-M", "--move", "-c", "-C", "--copy", "-u", "--set-upstream-to", "--unset-upstream", "-f", "--force", "--edit-description") {
			return "repo"
		}
		if len(ops) > 0 && !has("-l", "--list", "--contains", "--no-contains", "--points-at", "--merged", "--no-merged", "-a", "--all", "-r", "--remotes", "-v", "-vv", "--verbose", "--show-current") {
			return "repo"
		}
	case "config":
		if has("--get", "--get-all", "--get-regexp", "--get-urlmatch", "--get-color", "--get-colorbool", "-l", "--list") {
			return ""
		}
		write := has("--unset", "--unset-all", "--add", "--replace-all", "--rename-section", "--remove-section", "-e", "--edit") ||
			first == "set" || first == "unset" || first == "rename-section" || first == "remove-section" || first == "edit" ||
			(len(ops) >= 2 && first != "get" && first != "list")
		switch {
		case !write:
			return ""
		case has("--global"):
			return "global"
		case has("--system"):
			return "system"
		}
		return "repo"
	case "remote":
		switch first {
		case "add", "set-url", "rename", "remove", "rm", "set-head", "set-branches", "prune", "update":
			return "repo"
		}
	case "submodule":
		switch first {
		case "add", "init", "update", "sync", "deinit", "absorbgitdirs", "set-branch", "set-url":
			return "repo"
		}
	case "notes":
		if first != "" && first != "list" && first != "show" {
			return "repo"
		}
	case "worktree":
		if first != "" && first != "list" {
			return "repo"
		}
	case "reflog":
		if first == "expire" || first == "delete" {
			return "repo"
		}
	case "bisect":
		if first != "log" && first != "view" && first != "visualize" {
			return "repo"
		}
	case "symbolic-ref":
		if len(ops) >= 2 || has("-d", "--delete") {
			return "repo"
		}
	case "commit-graph", "multi-pack-index":
		if first == "write" || first == "expire" || first == "repack" {
			return "repo"
		}
	}
	return ""
}

// protectedNames are the folders Codex keeps read-only inside every
// writable root of the workspace-write sandbox. .aws too: `touch .aws/x`
// in the project answered "Read-only file system" (recorded with the real
// Codex 0.169.0, testdata/codex/probe/probe-clean).
var protectedNames = []string{".git", ".codex", ".agents", ".aws"}

// harmless are device files every sandbox lets a command write.
var harmless = map[string]bool{
	"/dev/null": true, "/dev/stdout": true, "/dev/stderr": true, "/dev/tty": true,
	"/dev/zero": true, "/dev/full": true, "/dev/random": true, "/dev/urandom": true,
}

// writableRoots lists the folders workspace-write lets commands write: the
// project, [sandbox_workspace_write] writable_roots, /tmp unless
// exclude_slash_tmp, and $TMPDIR (when known) unless exclude_tmpdir_env_var.
func (p *Policy) writableRoots() []string {
	roots := []string{p.project}
	roots = append(roots, p.extraRoots...)
	if !p.excludeSlashTmp {
		roots = append(roots, "/tmp")
	}
	if p.tmpdir != "" && !p.excludeTmpdir {
		roots = append(roots, p.tmpdir)
	}
	return roots
}

// denial says why the sandbox refuses a write; "" when it allows it.
func (p *Policy) denial(sandbox, target string) string {
	if harmless[target] || strings.HasPrefix(target, "/dev/fd/") {
		return ""
	}
	switch sandbox {
	case sandboxFullAccess:
		return ""
	case sandboxReadOnly:
		return "the read-only sandbox refuses every write (" + target + ")"
	}
	var protected string
	for _, root := range p.writableRoots() {
		if !shell.Within(target, root) {
			continue
		}
		rel := strings.TrimPrefix(strings.TrimPrefix(target, root), "/")
		first, _, _ := strings.Cut(rel, "/")
		if slices.Contains(protectedNames, first) {
			protected = "the workspace-write sandbox keeps " + first + " read-only (" + target + ")"
			continue
		}
		return ""
	}
	if protected != "" {
		return protected
	}
	return "the workspace-write sandbox refuses writes outside its writable roots (" + target + ")"
}

// needOf names what writing target needs, in the words of
// shell.Script.Needs: write-git inside the project's .git, write-project
// elsewhere in the project, write-outside beyond it (a temporary folder
// only when the sandbox refuses it).
func (p *Policy) needOf(target string, denied bool) string {
	switch {
	case harmless[target] || strings.HasPrefix(target, "/dev/fd/"):
		return ""
	case shell.Within(target, p.project):
		rel := strings.TrimPrefix(strings.TrimPrefix(target, p.project), "/")
		if first, _, _ := strings.Cut(rel, "/"); first == ".git" {
			return shell.NeedWriteGit
		}
		return shell.NeedWriteProject
	case shell.Within(target, "/tmp") || (p.tmpdir != "" && shell.Within(target, p.tmpdir)):
		if denied {
			return shell.NeedWriteOutside
		}
		return ""
	}
	return shell.NeedWriteOutside
}

// absPath makes a path as a tool call names it absolute against cwd,
// cleaning "." and "..".
func absPath(p, cwd, home string) string {
	return filepath.ToSlash(shell.Resolve(p, cwd, home))
}

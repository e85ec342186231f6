package claude

import (
	"path/filepath"
	"strings"

	"github.com/permsim/permsim/engine/pathrule"
)

// within reports whether path is dir or inside it (both clean and absolute).
func within(path, dir string) bool {
	if path == dir || dir == "/" {
		return true
	}
	return strings.HasPrefix(path, dir+string(filepath.Separator))
}

// inWorkDirs reports whether path lies inside one of the working folders.
func (p *Policy) inWorkDirs(path string) bool {
	for _, d := range p.workDirs {
		if within(path, d) {
			return true
		}
	}
	return false
}

// protectedDirs are the folders whose contents Claude Code treats as
// protected wherever they sit (seed, "File paths").
var protectedDirs = map[string]bool{
	".git": true, ".vscode": true, ".idea": true, ".husky": true, ".cargo": true,
	".devcontainer": true, ".yarn": true, ".mvn": true, ".claude": true,
}

// protectedFiles are the shell startup, package-manager and agent files the
// seed names, plus those the real 2.1.328 treated as sensitive in the
// corpus (.bash_aliases, .npmrc, .envrc, .pre-commit-config.yaml).
var protectedFiles = map[string]bool{
	".bashrc": true, ".bash_profile": true, ".bash_login": true, ".bash_logout": true, ".bash_aliases": true,
	".profile": true, ".zshrc": true, ".zprofile": true, ".zshenv": true, ".zlogin": true, ".zlogout": true,
	".gitconfig": true, ".gitmodules": true, ".mcp.json": true, ".claude.json": true, ".ripgreprc": true,
	".npmrc": true, ".yarnrc": true, ".yarnrc.yml": true, ".envrc": true, ".pre-commit-config.yaml": true,
}

// protected reports whether writing path needs the protected-path check
// (step 10): a protected folder anywhere on the path (.claude/worktrees
// excepted), .config/git, or a protected file name.
func protected(path string) bool {
	parts := strings.Split(filepath.ToSlash(filepath.Clean(path)), "/")
	for i, c := range parts {
		next := ""
		if i+1 < len(parts) {
			next = parts[i+1]
		}
		switch {
		case c == ".claude" && next == "worktrees":
			return false
		case protectedDirs[c]:
			return true
		case c == ".config" && next == "git":
			return true
		}
	}
	return protectedFiles[parts[len(parts)-1]]
}

// base is the anchor set a rule's path pattern is read against.
func (p *Policy) anchors(r *rule) pathrule.Base {
	return pathrule.Base{SettingsRoot: r.src.root, Project: p.project, Home: p.home}
}

// throughLinkedDir reports whether a folder on path, below the working
// folder the path lies in, is a symbolic link: writing there writes
// wherever the link leads. Folders above the working folder are not
// looked at, so a project that itself sits under a link is not one.
func (p *Policy) throughLinkedDir(path string) bool {
	for _, w := range p.workDirs {
		if !within(path, w) {
			continue
		}
		for dir := filepath.Dir(path); dir != w && within(dir, w); dir = filepath.Dir(dir) {
			if p.isLink(dir) {
				return true
			}
		}
	}
	return false
}

// inWorkDirsLinked reports whether path, and the file a symlink on it
// points at, both lie inside the working folders: the real 2.1.328 asked
// to Read (or cat) a link in the project whose target is outside.
func (p *Policy) inWorkDirsLinked(path string) bool {
	for _, t := range p.linkTargets(path) {
		if !p.inWorkDirs(t) {
			return false
		}
	}
	return true
}

// linkTargets is the path followed by the file a symlink on it points at,
// when that differs: deny and ask rules match either. This is the only disk
// access Decide makes (through the policy's link cache, engine/links).
func (p *Policy) linkTargets(path string) []string {
	out := []string{path}
	if t, err := p.links.EvalSymlinks(path); err == nil {
		if t != path {
			out = append(out, t)
		}
		return out
	}
	// A file still to be written: follow its folder.
	if d, err := p.links.EvalSymlinks(filepath.Dir(path)); err == nil {
		if t := filepath.Join(d, filepath.Base(path)); t != path {
			out = append(out, t)
		}
	}
	return out
}

// matchPath finds the first rule among rules for the tool group ("Read" or
// "Edit") whose path pattern matches path, honouring "!" carve-outs of the
// same file. anyDepth is set for deny and ask lists, where a one-folder
// pattern matches at any depth.
func (p *Policy) matchPath(rules []*rule, group, path string, anyDepth bool) *rule {
	for i, r := range rules {
		if r.tool != group || r.kind != kindPath || r.negated || r.path.Anchor() == "" {
			continue
		}
		if !r.path.Match(path, p.anchors(r), anyDepth) {
			continue
		}
		if p.carvedOut(rules[i+1:], r, path, anyDepth) {
			continue
		}
		return r
	}
	return nil
}

// carvedOut reports whether a later "!" pattern of the same file and list
// reopens path. Carve-outs read relative to the project, cannot reach
// patterns anchored at /, ~/ or //, and cannot reopen a file inside a
// folder the rule blocks as a whole.
func (p *Policy) carvedOut(later []*rule, r *rule, path string, anyDepth bool) bool {
	if r.anchored {
		return false
	}
	for _, n := range later {
		if n.src != r.src || n.tool != r.tool || !n.negated || n.path.Anchor() == "" {
			continue
		}
		b := pathrule.Base{SettingsRoot: p.project, Project: p.project, Home: p.home}
		if !n.path.Match(path, b, anyDepth) {
			continue
		}
		for d := filepath.Dir(path); within(d, p.project) && d != p.project; d = filepath.Dir(d) {
			if r.path.Match(d, p.anchors(r), anyDepth) {
				return false
			}
		}
		return true
	}
	return false
}

// topLevelNames are the names of a filesystem root's folders: a variable
// followed by one of them ("$PREFIX/bin") is a critical rm target.
var topLevelNames = map[string]bool{
	"bin": true, "boot": true, "dev": true, "etc": true, "home": true, "lib": true, "lib64": true,
	"mnt": true, "media": true, "opt": true, "proc": true, "root": true, "run": true, "sbin": true,
	"srv": true, "sys": true, "tmp": true, "usr": true, "var": true, "Users": true,
	"Applications": true, "Library": true, "System": true, "private": true,
}

// criticalDir reports whether removing dir (or everything in it) is a
// critical rm: the root, a top-level folder, the home folder, or the
// project or working folder or one of their parents.
func (p *Policy) criticalDir(dir, cwd string) bool {
	dir = filepath.Clean(dir)
	if dir == "/" || filepath.Dir(dir) == "/" || dir == p.home {
		return true
	}
	return within(p.project, dir) || within(cwd, dir)
}

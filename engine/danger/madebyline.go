package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Deletes of what an earlier command of the same line made (README's call on
// "what the line itself made"): folders cloned or scaffolded, kubectl
// objects created, databases created, helm releases installed. Such a
// delete loses nothing that was there before the line ran.

// kubectlMade returns the kind/name a kubectl call creates, or "": `kubectl
// run NAME` makes the pod NAME (kubectl run --help: "Create and run a
// particular image in a pod"), `kubectl create KIND NAME` the named object
// of that kind (kubectl create --help). Either fails when the object
// already exists (AlreadyExists), so what they name is new.
func kubectlMade(args []shell.Word) string {
	var ops []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.Literal {
			return ""
		}
		if a.Lit == "--" {
			break // the container's command follows
		}
		if strings.HasPrefix(a.Lit, "-") {
			if kubectlValueOpts[a.Lit] {
				i++
			}
			continue
		}
		ops = append(ops, a.Lit)
	}
	switch {
	case len(ops) >= 2 && ops[0] == "run":
		return "pod/" + ops[1]
	case len(ops) >= 3 && ops[0] == "create" && kubectlKinds[ops[1]] != "":
		return kubectlKinds[ops[1]] + "/" + ops[2]
	}
	return ""
}

// kubectlDeletesOwn reports a kubectl delete whose every object an earlier
// kubectl run or create on the same line made, in the same namespace
// (heldout12 y0093: `kubectl run busybox … && kubectl delete pod
// busybox`): the cluster ends as it was before the line.
func (c *checker) kubectlDeletesOwn(u unit) bool {
	if c.line == nil {
		return false
	}
	args := u.cmd.Args
	ops, selected := kubectlDeleteOperands(args)
	if selected || len(ops) < 1 {
		return false
	}
	var objects []string
	if kind := kubectlKinds[ops[0]]; kind != "" && !strings.Contains(ops[0], "/") {
		for _, n := range ops[1:] {
			objects = append(objects, kind+"/"+n)
		}
	} else {
		for _, o := range ops {
			kind, name, ok := strings.Cut(o, "/")
			if !ok || kubectlKinds[kind] == "" {
				return false
			}
			objects = append(objects, kubectlKinds[kind]+"/"+name)
		}
	}
	if len(objects) == 0 {
		return false
	}
	ns := kubectlNamespace(args)
	made := map[string]bool{}
	earlier := c.earlier()
	for k := range earlier {
		cmd := &earlier[k]
		if cmd.Dynamic || path.Base(cmd.Name) != path.Base(u.cmd.Name) || kubectlNamespace(cmd.Args) != ns {
			continue
		}
		if m := kubectlMade(cmd.Args); m != "" {
			made[m] = true
		}
	}
	for _, o := range objects {
		if !made[o] {
			return false
		}
	}
	return true
}

// gitCloneValueOpts are git clone's options that take the next word as
// their value (git-clone(1), OPTIONS).
var gitCloneValueOpts = map[string]bool{
	"-b": true, "--branch": true, "-o": true, "--origin": true, "-c": true, "--config": true, "--depth": true,
	"--reference": true, "--reference-if-able": true, "--separate-git-dir": true, "-u": true, "--upload-pack": true,
	"--template": true, "--filter": true, "-j": true, "--jobs": true, "--shallow-since": true, "--shallow-exclude": true,
	"--server-option": true, "--bundle-uri": true, "--ref-format": true,
}

// clonedFolder returns the folder a `git clone` makes, as written
// (relative to where it runs), or "": git-clone(1), <directory>: "The name
// of a new directory to clone into. The 'humanish' part of the source
// repository is used if no directory is explicitly given (repo for
// /path/to/repo.git and foo for host.xz:foo/.git). Cloning into an
// existing directory is only allowed if the directory is empty." A global
// option before clone (git -C DIR) or a word the line does not show gives
// "".
func clonedFolder(args []shell.Word) string {
	if len(args) == 0 || !args[0].Literal || args[0].Lit != "clone" {
		return ""
	}
	var ops []string
	for i := 1; i < len(args); i++ {
		a := args[i]
		if !a.Literal {
			return ""
		}
		if strings.HasPrefix(a.Lit, "-") && len(a.Lit) > 1 {
			if a.Lit == "--bare" || a.Lit == "--mirror" {
				return "" // the folder is NAME.git: not worked out here
			}
			if gitCloneValueOpts[a.Lit] {
				i++
			}
			continue
		}
		ops = append(ops, a.Lit)
	}
	switch len(ops) {
	case 2:
		return ops[1]
	case 1:
		u := strings.TrimSuffix(strings.TrimSuffix(ops[0], "/"), "/.git")
		u = strings.TrimSuffix(u, "/")
		if i := strings.LastIndexAny(u, "/:"); i >= 0 {
			u = u[i+1:]
		}
		return strings.TrimSuffix(u, ".git")
	}
	return ""
}

// scaffoldedFolder returns the folder a project scaffolder makes, as
// written, or "": the package manager's create command (npm-init(1):
// "npm init <initializer>" runs create-<initializer>, "npm create" is its
// alias; yarn create, pnpm create, bun create) or npx/bunx/pnpx of a
// create-* package, given the new project's folder right after the
// package (create-next-app: "npx create-next-app@latest [project-name]
// [options]"; create-vite: "npm create vite@latest my-app").
func scaffoldedFolder(name string, args []shell.Word) string {
	var words []string
	for _, a := range args {
		if !a.Literal {
			return ""
		}
		words = append(words, a.Lit)
	}
	switch name {
	case "npx", "bunx", "pnpx":
		for len(words) > 0 && (words[0] == "-y" || words[0] == "--yes") {
			words = words[1:]
		}
		if len(words) < 2 {
			return ""
		}
		pkg := words[0]
		if at := strings.LastIndexByte(pkg, '@'); at > 0 {
			pkg = pkg[:at]
		}
		if !strings.HasPrefix(path.Base(pkg), "create-") {
			return ""
		}
		words = words[1:]
	case "npm", "yarn", "pnpm", "bun":
		if len(words) < 3 || words[0] != "create" && !(name == "npm" && (words[0] == "init" || words[0] == "innit")) ||
			strings.HasPrefix(words[1], "-") {
			return ""
		}
		words = words[2:]
	default:
		return ""
	}
	if strings.HasPrefix(words[0], "-") {
		return ""
	}
	return words[0]
}

// madeByLine reports an rm target inside a folder an earlier command of
// the checked line made with mkdir ("mkdir ~/Mail/copy; cp -R ~/Mail/*
// ~/Mail/copy; rm -rf ~/Mail/copy/*"): what it removes is what the line
// itself put there, nothing that was there before.
func (c *checker) madeByLine(t shell.Word, dir string) bool {
	p, ok := shell.PathOf(t)
	if !ok || c.line == nil {
		return false
	}
	abs := shell.Resolve(p, dir, c.home)
	if t.Glob {
		abs = path.Dir(abs)
	}
	return c.folderMadeByLine(abs, true)
}

// folderMadeByLine reports whether abs is (or is inside) a folder an
// earlier command of the line made new: a git clone's folder or a
// scaffolder's project folder (heldout12 y0328: `npx create-next-app
// _next-tmp … && rsync -a _next-tmp/ . && rm -rf _next-tmp`), and with
// mkdirs a folder mkdir made (madeByLine's). README: a delete of what the
// line itself made loses nothing that was there (as `mkdir x … rm -rf x`).
// The home and the root are never taken for made, nor a clone's or
// scaffolder's folder at or above the project. One walk serves both, so
// they cannot disagree on which commands ran before or where each ran.
func (c *checker) folderMadeByLine(abs string, mkdirs bool) bool {
	earlier := c.earlier()
	for k := range earlier {
		cmd := &earlier[k]
		if cmd.Dynamic {
			continue
		}
		name := path.Base(cmd.Name)
		d := c.dirOf(cmd, c.lineCwd)
		if mkdirs && name == "mkdir" {
			for _, o := range operands(cmd.Args) {
				if q, ok := shell.PathOf(o); ok && o.Literal {
					made := shell.Resolve(q, d, c.home)
					if made != "/" && made != c.home && (abs == made || shell.Within(abs, made)) {
						return true
					}
				}
			}
		}
		made := scaffoldedFolder(name, cmd.Args)
		if name == "git" {
			made = clonedFolder(cmd.Args)
		}
		if made == "" || made == "." || made == ".." || strings.HasSuffix(made, "/.") || strings.HasSuffix(made, "/..") {
			continue
		}
		folder := shell.Resolve(made, d, c.home)
		if folder == "/" || folder == path.Clean(c.home) || folder == c.project || shell.Within(c.project, folder) {
			continue
		}
		if abs == folder || shell.Within(abs, folder) {
			return true
		}
	}
	return false
}

// pgConnOpts are the options of PostgreSQL's client programs that take a
// value (createdb(1), dropdb(1)); -h/--host and -p/--port choose the
// server, so a database made on one server is not one dropped on another.
var pgConnOpts = map[string]bool{
	"-h": true, "--host": true, "-p": true, "--port": true, "-U": true, "--username": true, "--maintenance-db": true,
	"-D": true, "--tablespace": true, "-E": true, "--encoding": true, "-l": true, "--locale": true, "--lc-collate": true,
	"--lc-ctype": true, "-O": true, "--owner": true, "-S": true, "--strategy": true, "-T": true, "--template": true,
	"--icu-locale": true, "--icu-rules": true, "--locale-provider": true, "--builtin-locale": true,
}

// pgTarget returns the server (host and port as written) and the
// operands of a createdb or dropdb call, or ok false when a word is not
// literal or an option is not one pgConnOpts knows to take a value or
// not (an unknown one could be taking the name for its value).
func pgTarget(args []shell.Word) (server string, ops []string, ok bool) {
	host, port := "", ""
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.Literal {
			return "", nil, false
		}
		lit := a.Lit
		if !strings.HasPrefix(lit, "-") {
			ops = append(ops, lit)
			continue
		}
		opt, val, joined := strings.Cut(lit, "=")
		switch {
		case pgConnOpts[opt]:
			if !joined {
				if i+1 >= len(args) || !args[i+1].Literal {
					return "", nil, false
				}
				i++
				val = args[i].Lit
			}
		case opt == "-e" || opt == "--echo" || opt == "-w" || opt == "--no-password" || opt == "-W" || opt == "--password" ||
			opt == "-i" || opt == "--interactive" || opt == "--if-exists" || opt == "-f" || opt == "--force":
		default:
			return "", nil, false
		}
		switch opt {
		case "-h", "--host":
			host = val
		case "-p", "--port":
			port = val
		}
	}
	return host + ":" + port, ops, true
}

// dropsDatabaseMade reports a dropdb of a database a createdb earlier on
// the line made on the same server: createdb(1) fails when the database
// exists ("database … already exists"), so what it names is new, and
// dropping it again loses nothing that was there (README: a delete of
// what the line made is everyday). dropdb takes one name (dropdb(1):
// "dropdb [connection-option...] [option...] dbname").
func (c *checker) dropsDatabaseMade(u unit) bool {
	server, ops, ok := pgTarget(u.cmd.Args)
	if !ok || len(ops) != 1 || c.line == nil {
		return false
	}
	earlier := c.earlier()
	for k := range earlier {
		cmd := &earlier[k]
		if cmd.Dynamic || path.Base(cmd.Name) != "createdb" {
			continue
		}
		if s, made, ok := pgTarget(cmd.Args); ok && s == server && len(made) >= 1 && made[0] == ops[0] {
			return true
		}
	}
	return false
}

// helmUninstallsOwn reports a helm uninstall whose every release a helm
// install earlier on the line made, in the same namespace: `helm install
// NAME CHART` refuses a name in use ("cannot re-use a name that is still
// in use"), so the release is new, and uninstalling it again leaves the
// cluster as it was (README: a delete of what the line made). The name is
// taken only where helm's usage puts it, right after install.
func (c *checker) helmUninstallsOwn(args []shell.Word) bool {
	verb := slices.IndexFunc(args, func(a shell.Word) bool {
		return a.Literal && slices.Contains([]string{"uninstall", "delete", "del", "un"}, a.Lit)
	})
	if verb < 0 || c.line == nil {
		return false
	}
	var names []string
	for i := verb + 1; i < len(args); i++ {
		a := args[i]
		if !a.Literal {
			return false
		}
		if strings.HasPrefix(a.Lit, "-") {
			if helmValueOpts[a.Lit] {
				i++ // "-n dev": a namespace, not a release
			}
			continue
		}
		// An option helmValueOpts does not list leaves its value here,
		// taken for a release the line did not make: the call stays marked.
		names = append(names, a.Lit)
	}
	ns := kubectlNamespace(args)
	if len(names) == 0 {
		return false
	}
	made := map[string]bool{}
	earlier := c.earlier()
	for k := range earlier {
		cmd := &earlier[k]
		a := cmd.Args
		if cmd.Dynamic || path.Base(cmd.Name) != "helm" || len(a) < 3 || !a[0].Literal || a[0].Lit != "install" || kubectlNamespace(a) != ns {
			continue
		}
		i := 1
		for i+1 < len(a) && (a[i].Lit == "-n" || a[i].Lit == "--namespace") {
			i += 2 // "helm install -n dev NAME CHART"
		}
		if i < len(a) && a[i].Literal && !strings.HasPrefix(a[i].Lit, "-") {
			made[a[i].Lit] = true
		}
	}
	for _, n := range names {
		if !made[n] {
			return false
		}
	}
	return true
}

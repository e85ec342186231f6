package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Round 10 (branch r10-fa2, issue 30): false alarms of the delete
// categories narrowed by what the command does. A delete that cannot name
// anything deletes nothing; a delete of what the same line has just made
// loses nothing that was there before the line ran (README's calls on
// "what the line itself made"); a generated folder is generated whoever's
// home it sits in.

// kubectlSelectors are the kubectl delete options that choose what goes
// without a name (kubectl delete --help: "-f FILENAME | -k DIRECTORY |
// TYPE [(NAME | -l label | --all)]", --field-selector, --raw).
var kubectlSelectors = []string{"--all", "-l", "--selector", "--field-selector", "-f", "--filename", "-k", "--kustomize", "--raw"}

// kubectlValueOpts are kubectl options (global ones, `kubectl options`,
// and delete's own) that take the next word as their value, so that word
// is no resource name. An option missing here leaves its value counted as
// a name: the call then stays marked.
var kubectlValueOpts = map[string]bool{
	"-n": true, "--namespace": true, "--context": true, "--cluster": true, "--user": true, "--kubeconfig": true,
	"-s": true, "--server": true, "--token": true, "--as": true, "--as-group": true, "--as-uid": true,
	"--request-timeout": true, "--grace-period": true, "--timeout": true, "-o": true, "--output": true,
	"--cache-dir": true, "--certificate-authority": true, "--client-certificate": true, "--client-key": true,
	"--tls-server-name": true, "--username": true, "--password": true, "--profile": true, "--profile-output": true,
}

// kubectlDeleteOperands returns the words after kubectl's delete verb that
// are neither options nor option values, and whether an option chose what
// to delete some other way (a selector, --all, a file). A word that is not
// literal counts as an operand: it may be a name.
func kubectlDeleteOperands(args []shell.Word) (ops []string, selected bool) {
	after := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		lit := a.Lit
		if a.Literal && strings.HasPrefix(lit, "-") && lit != "-" {
			opt, _, hasValue := strings.Cut(lit, "=")
			for _, s := range kubectlSelectors {
				// "-lapp=web" and "-fpod.yaml" join the value to the letter.
				if opt == s || len(s) == 2 && strings.HasPrefix(lit, s) {
					selected = true
				}
			}
			if kubectlValueOpts[opt] && !hasValue {
				i++
			}
			continue
		}
		if !after {
			after = a.Literal && lit == "delete"
			continue
		}
		if !a.Literal {
			lit = a.Raw
		}
		ops = append(ops, lit)
	}
	return ops, selected
}

// kubectlDeletesNothing reports "kubectl delete TYPE" with no name, no
// selector, no --all and no file: kubectl refuses it ("resource(s) were
// provided, but no name was specified"; the synopsis, kubectl delete
// --help, is "TYPE [(NAME | -l label | --all)]"), so nothing is deleted
// (heldout12 y1464 `kubectl delete pod --force --grace-period 0`). A
// delete fed by a pipe stays marked: what is piped in may be the list
// (tldr's `k8s-unused-secret-detector | kubectl delete secrets`, heldout3
// k0088, is labelled a delete of those secrets).
func (c *checker) kubectlDeletesNothing(args []shell.Word) bool {
	ops, selected := kubectlDeleteOperands(args)
	return !selected && len(ops) == 1 && !strings.Contains(ops[0], "/") && c.pipedFrom() == nil
}

// kubectlKinds maps the resource names and short names kubectl accepts
// (kubectl api-resources) to one kind, for the kinds `kubectl run` and
// `kubectl create KIND NAME` make.
var kubectlKinds = map[string]string{
	"pod": "pod", "pods": "pod", "po": "pod",
	"deployment": "deployment", "deployments": "deployment", "deploy": "deployment",
	"job": "job", "jobs": "job", "cronjob": "cronjob", "cronjobs": "cronjob", "cj": "cronjob",
	"namespace": "namespace", "namespaces": "namespace", "ns": "namespace",
	"configmap": "configmap", "configmaps": "configmap", "cm": "configmap",
	"serviceaccount": "serviceaccount", "serviceaccounts": "serviceaccount", "sa": "serviceaccount",
}

// kubectlNamespace returns the -n/--namespace value of a kubectl call
// ("" for the context's default).
func kubectlNamespace(args []shell.Word) string {
	for i, a := range args {
		switch {
		case (a.Lit == "-n" || a.Lit == "--namespace") && i+1 < len(args):
			return args[i+1].Raw
		case strings.HasPrefix(a.Lit, "--namespace="):
			return strings.TrimPrefix(a.Lit, "--namespace=")
		}
	}
	return ""
}

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
	for k := 0; k < c.at && k < len(c.line.Commands); k++ {
		cmd := &c.line.Commands[k]
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

// homeHolding returns the home folder abs lies in: the call's home, or
// another user's (/home/NAME, /Users/NAME) when abs is outside the call's
// own. A transcript recorded on another machine names its user's home
// outright ("cd /Users/dw/…/frontend && rm -rf .vercel", heldout12
// y0449); the generated folders two levels below a home are generated
// whoever's home it is (README: rm -rf of build output, node_modules,
// caches is everyday). A path in no home gets the call's home, which does
// not hold it.
func (c *checker) homeHolding(abs string) string {
	h := path.Clean(c.home)
	if shell.Within(abs, h) {
		return h
	}
	for _, root := range []string{"/home/", "/Users/"} {
		rest, ok := strings.CutPrefix(abs, root)
		if !ok {
			continue
		}
		if user, _, _ := strings.Cut(rest, "/"); user != "" && user != "Shared" {
			return root + user
		}
	}
	return h
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

// folderMadeByLine reports whether abs is (or is inside) a folder an
// earlier command of the line made new: a git clone's folder or a
// scaffolder's project folder (heldout12 y0328: `npx create-next-app
// _next-tmp … && rsync -a _next-tmp/ . && rm -rf _next-tmp`). README: a
// delete of what the line itself made loses nothing that was there (as
// `mkdir x … rm -rf x`). The current folder, the home and the root are
// never taken for made.
func (c *checker) folderMadeByLine(abs string) bool {
	if c.line == nil {
		return false
	}
	for k := 0; k < c.at && k < len(c.line.Commands); k++ {
		cmd := &c.line.Commands[k]
		if cmd.Dynamic {
			continue
		}
		name := path.Base(cmd.Name)
		made := scaffoldedFolder(name, cmd.Args)
		if name == "git" {
			made = clonedFolder(cmd.Args)
		}
		if made == "" || made == "." || made == ".." || strings.HasSuffix(made, "/.") || strings.HasSuffix(made, "/..") {
			continue
		}
		folder := shell.Resolve(made, c.dirOf(cmd, c.lineCwd), c.home)
		if folder == "/" || folder == path.Clean(c.home) || folder == c.project || shell.Within(c.project, folder) {
			continue
		}
		if abs == folder || shell.Within(abs, folder) {
			return true
		}
	}
	return false
}

// sourcedStartupNames are startup files a shell reads and runs line by
// line rather than executes (bash(1) INVOCATION, zsh(1) STARTUP/SHUTDOWN
// FILES, ksh, csh and tcsh's rc files, sh's $ENV file, the aliases file
// .bashrc sources, xinit(1) running ~/.xinitrc "as a shell script", the
// display managers sourcing ~/.xprofile and ~/.xsessionrc): their
// execute bit decides nothing.
var sourcedStartupNames = map[string]bool{
	".bashrc": true, ".bash_profile": true, ".bash_login": true, ".bash_logout": true, ".profile": true,
	".zshrc": true, ".zprofile": true, ".zshenv": true, ".zlogin": true, ".zlogout": true,
	".cshrc": true, ".tcshrc": true, ".kshrc": true, ".mkshrc": true, ".shrc": true, ".bash_aliases": true,
	".xinitrc": true, ".xprofile": true, ".xsessionrc": true,
}

// rcModeOnly reports a chmod of a sourced startup file (p) that leaves
// what runs as it was: the file sits in the project rather than the home
// (nobody's shell reads the project's copy), or the mode lets no other
// user write it (an execute bit is never looked at). A mode that opens
// the home's file to others' writes stays marked: they could add
// commands the user's shell runs.
func (c *checker) rcModeOnly(cmd *shell.Command, via, p string) bool {
	if via != "chmod" || !sourcedStartupNames[path.Base(p)] {
		return false
	}
	if dir := path.Dir(p); shell.Within(dir, c.project) && c.project != path.Clean(c.home) {
		return true
	}
	modes := 0
	for _, a := range cmd.Args {
		if !a.Literal {
			return false // a mode or option the line does not show
		}
		if !isModeWord(a.Lit) {
			continue
		}
		if modes++; worldWritable(a.Lit) {
			return false
		}
	}
	return modes == 1
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
	for k := 0; k < c.at && k < len(c.line.Commands); k++ {
		cmd := &c.line.Commands[k]
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
	for k := 0; k < c.at && k < len(c.line.Commands); k++ {
		cmd := &c.line.Commands[k]
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

// partitionReadOnly reports an fdisk or sfdisk command that only prints
// the partition table: sfdisk(8)'s -d/--dump, -J/--json, -F/--list-free,
// -g/--show-geometry, --show-pt-geometry, -T/--list-types, -V/--verify,
// and fdisk(8)'s -x/--list-details.
func partitionReadOnly(name string, args []shell.Word) bool {
	switch name {
	case "sfdisk":
		return hasLit(args, "-d", "--dump", "-J", "--json", "-F", "--list-free", "-g", "--show-geometry",
			"--show-pt-geometry", "-T", "--list-types", "-V", "--verify")
	case "fdisk":
		return hasLit(args, "-x", "--list-details")
	}
	return false
}

// More generated folders, each its tool's own output or cache (round 10;
// TestR10MoreGeneratedFolders): the Firebase CLI's hosting cache, pip
// wheel's and cibuildwheel's wheelhouse, PEP 582's __pypackages__, Pyre's
// cache, Expo's web export. Not "temp": dev8 labels `rm -rf temp` a
// project folder not known to be generated (TestTempIsNoGeneratedFolder).
func init() {
	for _, n := range []string{".firebase", "wheelhouse", "__pypackages__", ".pyre", "web-build"} {
		scratchNames[n] = true
	}
}

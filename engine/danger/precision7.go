package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// shortHelpCLIs read "-h" as --help on every subcommand (their option
// parsers: cobra, clap, knack, oclif, argparse, cleo, HashiCorp's cli;
// npm's "npm <command> -h", gem's "-h, --help", systemctl(1)). Round 7,
// precision: the everyday forms beside the commands these CLIs delete,
// publish or print secrets with.
var shortHelpCLIs = map[string]bool{
	"kubectl": true, "helm": true, "doctl": true, "eksctl": true, "pulumi": true, "rclone": true,
	"gh": true, "glab": true, "flyctl": true, "fly": true, "goreleaser": true, "docker": true,
	"cargo": true, "az": true, "gcloud": true, "heroku": true, "npm": true, "pnpm": true,
	"gem": true, "twine": true, "poetry": true, "terraform": true, "vault": true, "systemctl": true,
}

// lvmCommands are LVM's commands, which all take -t|--test (lvm(8)).
var lvmCommands = map[string]bool{
	"lvremove": true, "lvreduce": true, "lvresize": true, "lvextend": true, "lvconvert": true, "lvchange": true,
	"lvcreate": true, "lvrename": true, "vgremove": true, "vgreduce": true, "vgextend": true, "vgcreate": true,
	"vgchange": true, "vgrename": true, "vgmerge": true, "vgsplit": true, "vgexport": true, "vgimport": true,
	"pvremove": true, "pvcreate": true, "pvresize": true, "pvchange": true, "pvmove": true,
}

// helpCommandCLIs have a help subcommand that prints a manual page
// ("gcloud help projects delete", "gsutil help rm").
var helpCommandCLIs = map[string]bool{
	"gcloud": true, "gsutil": true, "kubectl": true, "helm": true, "gh": true, "cargo": true, "npm": true,
}

// describedOnly reports a command of a CLI above that only prints its
// help, a skeleton of its input or a dry run (see inert): "-h" where the
// CLI reads it as --help (not docker run|create's --hostname), its help
// command, the AWS CLI's --generate-cli-skeleton and trailing help, the
// short dry runs "-n" of rclone, cargo, gsutil rsync, zfs destroy, borg,
// restic and s3cmd, and LVM's -t|--test.
func describedOnly(name string, args []shell.Word) bool {
	switch name {
	case "aws":
		if n := len(args); n > 0 && args[n-1].Literal && args[n-1].Lit == "help" {
			return true // "aws SERVICE COMMAND help": the manual page
		}
		return hasLit(args, "--generate-cli-skeleton")
	case "rclone":
		if hasLit(args, "-n") {
			return true
		}
	case "gsutil":
		if sub := firstWord(args); sub == "rsync" && hasLit(args, "-n") {
			return true
		}
	case "zfs":
		// zfs-destroy(8): "-n Do a dry-run ("No-op") deletion".
		if firstWord(args) == "destroy" && shortFlag(args, 'n') {
			return true
		}
	case "at", "batch", "crontab":
		// at(1) "-V prints the version number to standard error and exit
		// successfully"; cronie's crontab(1) "-V Print version and exit".
		if hasLit(args, "-V") {
			return true
		}
	case "borg", "restic", "s3cmd":
		// borg's and restic's "-n, --dry-run", s3cmd's global "-n,
		// --dry-run".
		if shortFlag(args, 'n') {
			return true
		}
	}
	if lvmCommands[name] && shortFlag(args, 't', "--test") {
		return true // lvm(8): "-t|--test Run in test mode. Commands will not update metadata."
	}
	switch name {
	case "cargo":
		if firstWord(args) == "run" {
			break // its program's words follow
		}
		for _, a := range args {
			if a.Literal && a.Lit == "--" {
				break // the rest goes to the program or test binary
			}
			if a.Literal && a.Lit == "-n" {
				return true
			}
		}
	}
	if helpCommandCLIs[name] && firstWord(args) == "help" {
		return true
	}
	if !shortHelpCLIs[name] {
		return false
	}
	switch sub := firstWord(args); {
	case sub == "exec" || sub == "dlx" || sub == "x" || sub == "run" && name != "docker":
		return false // "npm exec PKG -h", "pnpm dlx PKG -h": the package's words
	case name == "docker" && (sub == "run" || sub == "create" || sub == "container"):
		return false // docker run|create -h NAME: the container's host name
	}
	for _, a := range args {
		if a.Literal && a.Lit == "--" {
			break
		}
		if a.Literal && (a.Lit == "-h" || a.Lit == "-help" && (name == "terraform" || name == "vault")) {
			return true
		}
	}
	return false
}

// firstWord returns the first literal word that is not an option ("" if
// a word before it is not literal).
func firstWord(args []shell.Word) string {
	for _, a := range args {
		if !a.Literal {
			return ""
		}
		if !strings.HasPrefix(a.Lit, "-") {
			return a.Lit
		}
	}
	return ""
}

// targetsUnset reports a command whose every target is a variable the line
// never sets and no session has (bash(1), "Word Splitting": unquoted it is
// no argument, quoted an empty one), so it names nothing (the README's
// rule for unset variables; round 7): find's starts when all are quoted
// ("find "" …" fails; unquoted, find starts at "."), the units of a
// systemctl verb ("Too few arguments", or an empty unit name), the
// branches of git branch -d|-D|-m|-M|-c|-C; and the resource a cloud
// CLI changes (cloudNameUnset).
func (c *checker) targetsUnset(u unit) bool {
	cmd := &u.cmd
	var targets []shell.Word
	needQuotes := false
	switch path.Base(cmd.Name) {
	case "find":
		targets, needQuotes = findStarts(cmd.Args), true
	case "systemctl":
		if ops := operands(cmd.Args); len(ops) > 1 && ops[0].Literal {
			targets = ops[1:]
		}
	case "git":
		_, sub, rest, ok := cmd.GitArgs()
		if ok && sub == "branch" && hasLit(rest, "-d", "-D", "--delete", "-m", "-M", "--move", "-c", "-C", "--copy") {
			targets = operands(rest)
		}
	case "aws", "gcloud", "kubectl", "oc", "docker", "podman":
		return c.cloudNameUnset(u) // round 8: a resource named only by an unset variable
	}
	if len(targets) == 0 {
		return false
	}
	for _, w := range targets {
		name, quoted, ok := shell.OnlyVar(w.Raw)
		if !ok || needQuotes && !quoted || c.mayBeSet(name) {
			return false
		}
	}
	return true
}

// findStarts returns find's start paths: the words after its leading
// options (-H, -L, -P, -D debugopts, -Olevel) before the expression.
func findStarts(args []shell.Word) []shell.Word {
	var out []shell.Word
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a.Literal && len(out) == 0 && (a.Lit == "-H" || a.Lit == "-L" || a.Lit == "-P" || strings.HasPrefix(a.Lit, "-O")):
		case a.Literal && len(out) == 0 && a.Lit == "-D":
			i++
		case a.Literal && (strings.HasPrefix(a.Lit, "-") && len(a.Lit) > 1 || a.Lit == "(" || a.Lit == "!"):
			return out
		default:
			out = append(out, a)
		}
	}
	return out
}

// sessionNames are variables a shell session has without the line setting
// them (bash(1) "Shell Variables", environ(7)); a name with one of
// sessionPrefixes or ending in _HOME (JAVA_HOME) may be set too.
var sessionNames = map[string]bool{
	"TMPDIR": true, "OLDPWD": true, "HOSTNAME": true, "HOSTTYPE": true, "OSTYPE": true, "MACHTYPE": true,
	"UID": true, "EUID": true, "PPID": true, "RANDOM": true, "SECONDS": true, "LINENO": true, "SHLVL": true,
	"IFS": true, "PS1": true, "PS4": true, "HISTFILE": true, "EDITOR": true, "VISUAL": true, "PAGER": true,
	"MAIL": true, "DISPLAY": true, "GOPATH": true, "GOROOT": true, "VIRTUAL_ENV": true, "CONDA_PREFIX": true,
}

var sessionPrefixes = []string{"XDG_", "LC_", "BASH", "GITHUB_", "CI_", "RUNNER_", "SSH_", "npm_", "KUBE", "AWS_", "GOOGLE_", "AZURE_"}

// mayBeSet reports a variable the call's scripts set or may set: a
// session's own, any mention of the name other than its expansion
// ("NAME=…", "for NAME in", "read NAME", "export NAME"), or a script
// that sources a file or evals text (which may set anything).
func (c *checker) mayBeSet(name string) bool {
	if sessionVars[name] || sessionNames[name] || strings.HasSuffix(name, "_HOME") {
		return true
	}
	for _, p := range sessionPrefixes {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	if c.line != nil {
		for i := range c.line.Commands {
			switch path.Base(c.line.Commands[i].Name) {
			case "source", ".", "eval", "set":
				return true
			case "export", "declare", "typeset", "local", "readonly", "mapfile", "readarray", "getopts", "let", "printf":
				if slices.ContainsFunc(c.line.Commands[i].Args, func(w shell.Word) bool { return !w.Literal }) {
					return true
				}
			}
		}
	}
	for _, s := range c.scripts {
		if mentionedBesidesUse(s, name) {
			return true
		}
	}
	return false
}

// mentionedBesidesUse reports name standing in text as a word of its own,
// not as the expansion $name or ${name}: an assignment, a for or read
// variable, an export.
func mentionedBesidesUse(text, name string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], name)
		if j < 0 {
			return false
		}
		at, end := i+j, i+j+len(name)
		i = at + 1
		if at > 0 && isWordByte(text[at-1]) || end < len(text) && isWordByte(text[end]) {
			continue
		}
		if at > 0 && text[at-1] == '$' || at > 1 && text[at-1] == '{' && text[at-2] == '$' {
			continue
		}
		return true
	}
}

// allDigits reports a non-empty word of decimal digits only: a count, a
// size or a partition number, never a file.
func allDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// localConfigCLIs keep what their config command edits in a file on this
// machine (kubeconfig, .npmrc, pip.conf, .condarc, gcloud's and az's
// configurations, rclone.conf, poetry's and cargo's config, gh's and
// glab's config.yml, talosconfig). Others' "config" objects live on a
// server (docker swarm configs, consul config entries).
var localConfigCLIs = map[string]bool{
	"kubectl": true, "oc": true, "npm": true, "pnpm": true, "yarn": true, "bun": true, "pip": true, "pip3": true,
	"conda": true, "gcloud": true, "az": true, "rclone": true, "poetry": true, "cargo": true, "gh": true,
	"glab": true, "talosctl": true,
}

// settingsRemovalVerbs remove an entry of a CLI's own settings file.
var settingsRemovalVerbs = map[string]bool{
	"delete": true, "rm": true, "remove": true, "unset": true,
	"delete-cluster": true, "delete-context": true, "delete-user": true,
}

// settingsEntryRemoved reports a command that only removes an entry from
// the CLI's own settings file on this machine (round 7): "TOOL config
// delete|rm|remove|unset|delete-cluster|delete-user|delete-context"
// (kubectl's kubeconfig, npm's .npmrc, also as npm c), npm pkg delete (a
// field of package.json), helm's chart repository list
// (helm repo remove|rm) and flynn's cluster list (flynn cluster remove),
// for the CLIs of localConfigCLIs; git's settings have their own rules.
func (c *checker) settingsEntryRemoved(name string, args []shell.Word) bool {
	if !localConfigCLIs[name] && name != "helm" && name != "flynn" {
		return false
	}
	v := c.verbs(args, 2)
	if len(v) < 2 || !settingsRemovalVerbs[v[1]] {
		return false
	}
	switch v[0] {
	case "config":
		return localConfigCLIs[name]
	case "c":
		// npm-config(1): "aliases: c" (tldr's npm-config page spells it so).
		return name == "npm"
	case "pkg":
		// npm-pkg(1): "npm pkg delete <key>" removes a field of the
		// project's package.json: an edit of one project file.
		return name == "npm"
	case "repo":
		return name == "helm"
	case "cluster":
		return name == "flynn"
	}
	return false
}

// ownShellOnly reports a chsh that names no login, only a shell
// ("chsh -s /bin/zsh"): chsh(1) "chsh [options] [LOGIN]" then changes
// the caller's own login shell, after asking for the caller's password.
// -s|--shell and -R|--root take a value.
func ownShellOnly(args []shell.Word) bool {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a.Literal && (a.Lit == "-s" || a.Lit == "--shell" || a.Lit == "-R" || a.Lit == "--root"):
			i++
		case a.Literal && strings.HasPrefix(a.Lit, "-"):
		default:
			return false // a login named (or a word the line does not show)
		}
	}
	return true
}

// findsInScratch reports a find whose every start is a scratch folder of
// the project or lies inside a temporary folder, so that what it hands
// -exec is scratch too (round 7). A temporary folder's root (/tmp) counts
// only when -mindepth 1 or a -name|-iname test other than "*" keeps the
// root itself out.
func (c *checker) findsInScratch(u unit) bool {
	if c.findsOwnLogs(u) {
		return true // round 9: the project's own logs, as scratch
	}
	starts := findStarts(u.cmd.Args)
	if len(starts) == 0 {
		return false
	}
	for _, s := range starts {
		if !s.Literal {
			return false
		}
		abs := shell.Resolve(s.Lit, u.dir, c.home)
		switch {
		case c.scratch(abs):
		case c.tempOnly(abs) && shell.IsTemp(path.Dir(abs)):
		case c.tempOnly(abs) && picksByName(u.cmd.Args):
		default:
			return false
		}
	}
	return true
}

// picksByName reports a find expression that leaves its start out:
// -mindepth 1 (or more), or a -name|-iname test whose pattern is not "*",
// in an expression with no -o, negation or list that could match the
// start another way.
func picksByName(args []shell.Word) bool {
	if hasLit(args, "-o", "-or", "!", "-not", ",") {
		return false
	}
	for i := 0; i+1 < len(args); i++ {
		switch v := args[i+1]; args[i].Lit {
		case "-mindepth":
			if v.Literal && allDigits(v.Lit) && v.Lit != "0" {
				return true
			}
		case "-name", "-iname":
			if v.Literal && v.Lit != "*" && v.Lit != "" {
				return true
			}
		}
	}
	return false
}

// registryOptions name the option that picks the registry a package
// manager publishes to (npm-publish(1) --registry, twine's
// --repository-url, gem push's --host, cargo's --index).
var registryOptions = map[string]string{
	"npm": "--registry", "pnpm": "--registry", "yarn": "--registry", "bun": "--registry",
	"twine": "--repository-url", "python": "--repository-url", "python3": "--repository-url",
	"gem": "--host", "cargo": "--index",
}

// imageClients push or copy images and charts to the registry their
// last operand names.
var imageClients = map[string]bool{
	"docker": true, "podman": true, "buildah": true, "nerdctl": true, "skopeo": true, "crane": true,
	"helm": true, "oras": true,
}

// publishesLocally reports a publish whose registry is on this machine
// (localhost, 127.0.0.0/8, [::1]): a local Verdaccio, devpi or registry:2
// (Docker's "Deploy a registry server": docker push localhost:5000/app).
// Nothing reaches anyone else (round 7).
func publishesLocally(name string, args []shell.Word) bool {
	if opt, ok := registryOptions[name]; ok {
		for i, a := range args {
			if !a.Literal {
				continue
			}
			if a.Lit == opt && i+1 < len(args) && args[i+1].Literal {
				return localURL(args[i+1].Lit)
			}
			if v, ok := strings.CutPrefix(a.Lit, opt+"="); ok {
				return localURL(v)
			}
		}
		return false
	}
	if !imageClients[name] {
		return false
	}
	ops := operands(args)
	if len(ops) < 2 || !ops[len(ops)-1].Literal {
		return false
	}
	ref := ops[len(ops)-1].Lit
	for _, scheme := range []string{"docker://", "oci://"} {
		ref = strings.TrimPrefix(ref, scheme)
	}
	host, _, found := strings.Cut(ref, "/")
	// Docker reads the first part as a registry only with a dot, a port
	// or the name localhost ("localhost/app"; "myorg/app" is Docker Hub).
	return found && (host == "localhost" || strings.Contains(host, ":") || strings.Contains(host, ".")) && localURL(host)
}

// fhsFolders are the top-level folders of the Filesystem Hierarchy
// Standard and of macOS: always folders, never files.
var fhsFolders = map[string]bool{
	"bin": true, "boot": true, "dev": true, "etc": true, "home": true, "lib": true, "lib32": true, "lib64": true,
	"libx32": true, "media": true, "mnt": true, "opt": true, "proc": true, "root": true, "run": true, "sbin": true,
	"srv": true, "sys": true, "tmp": true, "usr": true, "var": true, "snap": true, "Applications": true,
	"Library": true, "System": true, "Users": true, "Volumes": true, "private": true, "cores": true,
}

// folderOnly reports a path that is always a folder: the root, an FHS
// top-level folder, or the home or project folder or one holding them.
// rm(1) without -r refuses it ("Is a directory"; round 7).
func (c *checker) folderOnly(abs string) bool {
	return abs == "/" || path.Dir(abs) == "/" && fhsFolders[path.Base(abs)] ||
		shell.Within(path.Clean(c.home), abs) || shell.Within(c.project, abs)
}

// topLevelFile reports a top-level name with a file's extension
// ("/croissant.c"): one file, not the top-level folder the critical
// paths mean (bundles and other folderExts left out).
func topLevelFile(abs string) bool {
	return path.Dir(abs) == "/" && looksLikeFile(abs) && !folderExts[path.Ext(abs)]
}

// lastIsImageFile reports a command whose last operand, the device or
// image hdiutil(1) acts on, is a plain image file ("image.dmg"), not a
// device: erasing it changes only that file.
func (c *checker) lastIsImageFile(args []shell.Word, dir string) bool {
	ops := operands(args)
	return len(ops) > 1 && c.onlyImageFiles(ops[len(ops)-1:], dir)
}

// releaseDraft reports gh release create -d|--draft: "Save the release as
// a draft instead of publishing it" (the gh manual; round 7).
func releaseDraft(args []shell.Word) bool {
	return len(args) >= 2 && args[0].Lit == "release" && args[1].Lit == "create" && hasLit(args, "-d", "--draft", "--draft=true")
}

// approvedVerbs are PowerShell's approved verbs (Get-Verb; "Approved
// Verbs for PowerShell Commands", Microsoft Learn), as cmdlet names
// spell them.
var approvedVerbs = map[string]bool{
	"Add": true, "Clear": true, "Close": true, "Copy": true, "Enter": true, "Exit": true, "Find": true,
	"Format": true, "Get": true, "Hide": true, "Join": true, "Lock": true, "Move": true, "New": true,
	"Open": true, "Optimize": true, "Pop": true, "Push": true, "Redo": true, "Remove": true, "Rename": true,
	"Reset": true, "Resize": true, "Search": true, "Select": true, "Set": true, "Show": true, "Skip": true,
	"Split": true, "Step": true, "Switch": true, "Undo": true, "Unlock": true, "Watch": true, "Connect": true,
	"Disconnect": true, "Read": true, "Receive": true, "Send": true, "Write": true, "Backup": true,
	"Checkpoint": true, "Compare": true, "Compress": true, "Convert": true, "ConvertFrom": true,
	"ConvertTo": true, "Dismount": true, "Edit": true, "Expand": true, "Export": true, "Group": true,
	"Import": true, "Initialize": true, "Limit": true, "Merge": true, "Mount": true, "Out": true,
	"Publish": true, "Restore": true, "Save": true, "Sync": true, "Unpublish": true, "Update": true,
	"Debug": true, "Measure": true, "Ping": true, "Repair": true, "Resolve": true, "Test": true, "Trace": true,
	"Approve": true, "Assert": true, "Build": true, "Complete": true, "Confirm": true, "Deny": true,
	"Deploy": true, "Disable": true, "Enable": true, "Install": true, "Invoke": true, "Register": true,
	"Request": true, "Restart": true, "Resume": true, "Start": true, "Stop": true, "Submit": true,
	"Suspend": true, "Uninstall": true, "Unregister": true, "Wait": true, "Block": true, "Grant": true,
	"Protect": true, "Revoke": true, "Unblock": true, "Unprotect": true, "Use": true,
}

// powerShellOnly reports a command name only PowerShell resolves: a
// cmdlet's Verb-Noun (an approved verb, a capitalised noun) or powercat,
// a PowerShell module's function. A POSIX shell finds no such program
// ("command not found"; round 7), unless the call runs PowerShell, whose
// scripts the powershell rule reads.
func (c *checker) powerShellOnly(cmd shell.Command) bool {
	if cmd.Dynamic || cmd.Name == "" || strings.Contains(cmd.Name, "/") {
		return false
	}
	name := cmd.Name
	verb, noun, ok := strings.Cut(name, "-")
	if !(ok && approvedVerbs[verb] && noun != "" && noun[0] >= 'A' && noun[0] <= 'Z' && !strings.ContainsAny(noun, "/.")) && name != "powercat" {
		return false
	}
	for _, s := range c.scripts {
		if l := strings.ToLower(s); strings.Contains(l, "pwsh") || strings.Contains(l, "powershell") {
			return false
		}
	}
	return true
}

// cacheDropped reports a sysctl setting that only asks the kernel to drop
// its caches or compact memory: vm.drop_caches=1|2|3 ("a non-destructive
// operation", the kernel's Documentation/admin-guide/sysctl/vm.rst) and
// vm.compact_memory=1, as "echo 3 > /proc/sys/vm/drop_caches" already is
// (host.go's harmlessKernelWrite; round 7).
func cacheDropped(setting string) bool {
	key, value, _ := strings.Cut(setting, "=")
	key = strings.ReplaceAll(strings.TrimSpace(key), "/", ".")
	value = strings.TrimSpace(value)
	return (key == "vm.drop_caches" || key == "vm.compact_memory") && value != "" && strings.Trim(value, "0123") == ""
}

// sysctlDropsCaches reports a sysctl whose only settings drop caches or
// compact memory (cacheDropped), loading no settings file.
func sysctlDropsCaches(cmd *shell.Command) bool {
	if path.Base(cmd.Name) != "sysctl" || hasLit(cmd.Args, "-p", "--load", "--system") {
		return false
	}
	n := 0
	for _, a := range cmd.Args {
		switch {
		case !a.Literal:
			return false
		case strings.HasPrefix(a.Lit, "-"):
			if strings.HasPrefix(a.Lit, "--load=") {
				return false
			}
		case cacheDropped(a.Lit):
			n++
		default:
			return false
		}
	}
	return n > 0
}

// repoOnThisMachine reports a git repository URL on this machine
// (git-push(1) "GIT URLS"): a path (/srv/x.git, ../other, ~/x), a file://
// URL, or a URL whose host is loopback (a local Gitea). A push there
// sends nothing away (round 7).
func repoOnThisMachine(u string) bool {
	if strings.HasPrefix(u, "/") || strings.HasPrefix(u, "./") || strings.HasPrefix(u, "../") || strings.HasPrefix(u, "~/") || u == "." || u == ".." {
		return true
	}
	scheme, rest, ok := strings.Cut(u, "://")
	if !ok {
		return false
	}
	if scheme == "file" {
		return true
	}
	if i := strings.LastIndexByte(strings.SplitN(rest, "/", 2)[0], '@'); i >= 0 {
		rest = rest[i+1:] // user@host
	}
	return localURL(rest)
}

package shell

import (
	"path"
	"slices"
	"strings"
)

// The needs a command line can have (seed, "Sandbox": "Each battery line
// lists what the command needs to do its harm").
const (
	NeedNetwork      = "network"
	NeedWriteGit     = "write-git"
	NeedWriteOutside = "write-outside"
	NeedWriteProject = "write-project"
)

// maxInnerDepth bounds how deep Needs follows bash -c inside bash -c.
const maxInnerDepth = 4

// Resolve turns a path as written into an absolute, cleaned one: "~" and
// "~/x" against home, "~user/x" as a sibling of home, a relative path
// against cwd (itself resolved the same way). Symlinks are not followed.
func Resolve(p, cwd, home string) string {
	switch {
	case p == "~":
		return path.Clean(home)
	case strings.HasPrefix(p, "~/"):
		return path.Join(home, p[2:])
	case strings.HasPrefix(p, "~"):
		return path.Join(path.Dir(path.Clean(home)), p[1:])
	case strings.HasPrefix(p, "/"):
		return path.Clean(p)
	}
	if cwd == "" || !strings.HasPrefix(cwd, "/") {
		if strings.HasPrefix(cwd, "~") {
			cwd = Resolve(cwd, "/", home)
		} else {
			cwd = path.Join("/", cwd)
		}
	}
	return path.Join(cwd, p)
}

// Within reports whether p is dir or inside it (both absolute and clean).
func Within(p, dir string) bool {
	if dir == "/" {
		return strings.HasPrefix(p, "/")
	}
	return p == dir || strings.HasPrefix(p, dir+"/")
}

// tempDirs are the temporary folders a sandbox lets commands write.
var tempDirs = []string{"/tmp", "/var/tmp", "/private/tmp", "/private/var/tmp", "/var/folders", "/private/var/folders"}

// IsTemp reports whether an absolute path is inside a temporary folder.
func IsTemp(p string) bool {
	for _, d := range tempDirs {
		if Within(p, d) {
			return true
		}
	}
	return false
}

// harmlessTargets are device files any write may go to.
var harmlessTargets = map[string]bool{
	"/dev/null": true, "/dev/stdout": true, "/dev/stderr": true, "/dev/tty": true,
	"/dev/zero": true, "/dev/full": true, "/dev/random": true, "/dev/urandom": true,
}

// GitProtected reports whether an absolute path is, or is inside, a .git
// folder's hooks or config, or is a .git folder itself (removing or
// replacing it replaces its hooks).
func GitProtected(p string) bool {
	parts := strings.Split(p, "/")
	for i, part := range parts {
		if part != ".git" {
			continue
		}
		rest := parts[i+1:]
		if len(rest) == 0 {
			return true
		}
		// Submodules keep their hooks and config under .git/modules/<name>/.
		for len(rest) >= 2 && rest[0] == "modules" {
			j := slices.IndexFunc(rest[1:], func(s string) bool { return s == "hooks" || s == "config" })
			if j < 0 {
				break
			}
			rest = rest[1+j:]
		}
		if rest[0] == "hooks" || (rest[0] == "config" && len(rest) == 1) {
			return true
		}
	}
	return false
}

// Needs returns what the line needs to do its harm, for the sandbox:
// network, write-git (writes into a .git folder's hooks or config inside
// the project, git config writes, git remote changes), write-outside (a
// write outside the project and the temporary folders /tmp, /var/tmp and
// $TMPDIR) and write-project (a write inside the project). Paths resolve
// against each command's Cwd, then cwd (the project when empty), and "~"
// against home. It looks through wrappers (sudo, env, find -exec, …) and
// into literal bash -c / eval scripts. The result is sorted and unique.
func (s *Script) Needs(cwd, project, home string) []string {
	if cwd == "" {
		cwd = project
	}
	set := map[string]bool{}
	s.needs(set, Resolve(cwd, project, home), path.Clean(project), home, 0)
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func (s *Script) needs(set map[string]bool, cwd, project, home string, depth int) {
	for i := range s.Commands {
		cmdNeeds(&s.Commands[i], set, cwd, project, home, depth)
	}
}

func cmdNeeds(c *Command, set map[string]bool, cwd, project, home string, depth int) {
	dir := cwd
	if c.Cwd != "" {
		dir = Resolve(c.Cwd, cwd, home)
	}
	if NeedsNetwork(c) {
		set[NeedNetwork] = true
	}
	for _, f := range c.Files() {
		if !f.Write {
			continue
		}
		markWrite(set, Resolve(f.Path, dir, home), project)
	}
	gitNeeds(c, set, dir, project, home)
	if ChangesSystem(c) {
		set[NeedWriteOutside] = true
	}
	for _, in := range c.Inside() {
		cmdNeeds(&in, set, cwd, project, home, depth)
	}
	if depth < maxInnerDepth {
		if in := c.Inner(); in != nil {
			in.needs(set, dir, project, home, depth+1)
		}
	}
}

// markWrite records what writing p needs.
func markWrite(set map[string]bool, p, project string) {
	switch {
	case harmlessTargets[p] || strings.HasPrefix(p, "/dev/fd/"):
	case Within(p, project) && GitProtected(p):
		set[NeedWriteGit] = true
	case Within(p, project):
		set[NeedWriteProject] = true
	case IsTemp(p):
	default:
		set[NeedWriteOutside] = true
	}
}

// GitArgs splits a git command line into the global options' -C folders
// and the subcommand with its arguments. ok is false for a command that is
// not git or has no subcommand.
func (c *Command) GitArgs() (dirs []string, sub string, rest []Word, ok bool) {
	if c.Dynamic || path.Base(c.Name) != "git" {
		return nil, "", nil, false
	}
	a := optSpec{short: "Cc", long: []string{"git-dir", "work-tree", "namespace", "config-env", "exec-path", "super-prefix", "list-cmds"}}.parse(c.Args, true)
	for _, v := range a.values("-C") {
		if p, ok := PathOf(v); ok {
			dirs = append(dirs, p)
		}
	}
	if a.end >= len(c.Args) || !c.Args[a.end].Literal {
		return dirs, "", nil, false
	}
	return dirs, c.Args[a.end].Lit, c.Args[a.end+1:], true
}

// GitFolder is the folder a git command that runs in dir works in, given
// the -C folders GitArgs returns: each taken in turn, relative to the one
// before (git(1): "-C <path> Run as if git was started in <path>").
func GitFolder(dirs []string, dir, home string) string {
	for _, d := range dirs {
		dir = Resolve(d, dir, home)
	}
	return dir
}

// gitNeeds adds the needs of git subcommands that change a repository's
// configuration or its worktree.
func gitNeeds(c *Command, set map[string]bool, dir, project, home string) {
	dirs, sub, rest, ok := c.GitArgs()
	if !ok {
		return
	}
	repo := GitFolder(dirs, dir, home)
	switch sub {
	case "config":
		if scope, file, write := gitConfigWrite(rest); write {
			switch scope {
			case "global", "system":
				set[NeedWriteOutside] = true
			case "file":
				markWrite(set, Resolve(file, repo, home), project)
			default:
				markWrite(set, path.Join(repo, ".git", "config"), project)
			}
		}
	case "remote":
		a := optSpec{}.parse(rest, true)
		if a.end < len(rest) && rest[a.end].Literal {
			switch rest[a.end].Lit {
			case "add", "set-url", "rename", "remove", "rm", "set-head", "set-branches", "prune", "update":
				markWrite(set, path.Join(repo, ".git", "config"), project)
			}
		}
	case "submodule":
		if len(rest) > 0 && rest[0].Literal && (rest[0].Lit == "add" || rest[0].Lit == "init" || rest[0].Lit == "sync") {
			markWrite(set, path.Join(repo, ".git", "config"), project)
		}
	}
	if GitChangesWorktree(sub, rest) {
		markWrite(set, repo, project)
	}
}

// gitConfigWrite reports whether "git config ARGS" writes a setting, and
// where: "global", "system", "file" (with the file), or "local".
func gitConfigWrite(rest []Word) (scope, file string, write bool) {
	a := optSpec{short: "f", long: []string{"file", "blob", "type", "default", "comment", "value"}}.parse(rest, false)
	scope = "local"
	switch {
	case a.has("--global"):
		scope = "global"
	case a.has("--system"):
		scope = "system"
	case len(a.values("-f", "--file")) > 0:
		scope = "file"
		file, _ = PathOf(a.values("-f", "--file")[0])
	}
	if a.has("--unset", "--unset-all", "--add", "--replace-all", "--rename-section", "--remove-section", "-e", "--edit") {
		return scope, file, true
	}
	if a.has("--get", "--get-all", "--get-regexp", "--get-urlmatch", "--get-color", "--get-colorbool", "-l", "--list") {
		return scope, file, false
	}
	ops := a.operands
	if len(ops) > 0 && ops[0].Literal {
		switch ops[0].Lit {
		case "set", "unset", "rename-section", "remove-section", "edit":
			return scope, file, true
		case "get", "list":
			return scope, file, false
		}
	}
	// "git config KEY" reads; "git config KEY VALUE" writes.
	return scope, file, len(ops) >= 2
}

// GitChangesWorktree reports whether a git subcommand rewrites files of the
// worktree (checkout, reset, clean, merge, …), as opposed to reading it or
// changing only the repository database.
func GitChangesWorktree(sub string, rest []Word) bool {
	has := func(names ...string) bool {
		for _, w := range rest {
			if w.Literal && slices.Contains(names, w.Lit) {
				return true
			}
		}
		return false
	}
	switch sub {
	case "checkout", "switch", "restore", "clean", "merge", "rebase", "pull", "cherry-pick",
		"revert", "am", "mv", "clone", "stash":
		if sub == "restore" && has("--staged", "-S") && !has("--worktree", "-W") {
			return false
		}
		if sub == "stash" && len(rest) > 0 && rest[0].Literal && slices.Contains([]string{"list", "show", "drop", "clear", "create", "store"}, rest[0].Lit) {
			return false
		}
		if sub == "clean" && has("-n", "--dry-run") {
			return false
		}
		return true
	case "reset":
		return has("--hard", "--merge", "--keep")
	case "rm":
		return !has("--cached")
	case "apply":
		return !has("--cached", "--check", "--stat", "--numstat", "--summary")
	}
	return false
}

// networkAlways are programs that talk to the network whatever their
// arguments.
var networkAlways = map[string]bool{
	"curl": true, "wget": true, "ssh": true, "scp": true, "sftp": true, "nc": true, "ncat": true,
	"netcat": true, "socat": true, "telnet": true, "ftp": true, "lftp": true, "aria2c": true,
	"http": true, "https": true, "xh": true, "mosh": true, "ssh-copy-id": true, "ssh-keyscan": true,
	"dig": true, "nslookup": true, "host": true, "whois": true, "ping": true, "traceroute": true,
	"gh": true, "glab": true, "hub": true, "aws": true, "gcloud": true, "gsutil": true, "az": true,
	"kubectl": true, "helm": true, "vault": true, "doctl": true, "heroku": true, "flyctl": true,
	"vercel": true, "netlify": true, "firebase": true, "wrangler": true, "eksctl": true, "oc": true,
	"s3cmd": true, "npx": true, "pnpx": true, "bunx": true, "uvx": true,
	// Database clients talk to a server, even one on this machine.
	"psql": true, "mysql": true, "mariadb": true, "mongo": true, "mongosh": true, "redis-cli": true,
	"dropdb": true, "createdb": true, "pg_dump": true, "pg_restore": true, "mysqldump": true,
	"mongodump": true, "mongorestore": true,
}

// networkSubcommands are programs that need the network for some
// subcommands only.
var networkSubcommands = map[string][]string{
	"git":       {"push", "pull", "fetch", "clone", "ls-remote", "submodule", "remote", "archive", "send-email", "request-pull"},
	"npm":       {"install", "i", "add", "ci", "publish", "update", "up", "upgrade", "exec", "x", "login", "adduser", "unpublish", "deprecate", "dist-tag", "view", "info", "search", "audit", "outdated", "create"},
	"yarn":      {"install", "add", "publish", "upgrade", "up", "dlx", "create", "npm", "why", "login", "info", "outdated"},
	"pnpm":      {"install", "i", "add", "publish", "update", "up", "dlx", "create", "fetch", "outdated", "audit"},
	"bun":       {"install", "i", "add", "publish", "update", "x", "create"},
	"pip":       {"install", "download", "search", "index"},
	"pip3":      {"install", "download", "search", "index"},
	"pipx":      {"install", "run", "upgrade", "inject", "upgrade-all"},
	"uv":        {"add", "sync", "lock", "pip", "tool", "publish"},
	"poetry":    {"install", "add", "update", "lock", "publish", "self"},
	"gem":       {"install", "push", "update", "fetch", "search", "yank", "owner", "signin"},
	"bundle":    {"install", "update", "add", "outdated"},
	"cargo":     {"install", "publish", "fetch", "update", "search", "login", "owner", "yank", "add"},
	"go":        {"get", "install", "mod"},
	"docker":    {"push", "pull", "login", "search"},
	"podman":    {"push", "pull", "login", "search"},
	"terraform": {"apply", "plan", "init", "destroy", "import", "refresh", "get", "login", "providers"},
	"tofu":      {"apply", "plan", "init", "destroy", "import", "refresh", "get", "login"},
	"pulumi":    {"up", "preview", "destroy", "refresh", "login", "import"},
	"apt":       {"install", "update", "upgrade", "full-upgrade", "dist-upgrade", "download", "source"},
	"apt-get":   {"install", "update", "upgrade", "dist-upgrade", "download", "source"},
	"brew":      {"install", "update", "upgrade", "reinstall", "fetch", "tap"},
	"dnf":       {"install", "update", "upgrade", "download"},
	"yum":       {"install", "update", "upgrade", "download"},
	"apk":       {"add", "update", "upgrade", "fetch"},
	"pacman":    {"-S", "-Sy", "-Syu", "-Su"},
	"snap":      {"install", "refresh"},
	"composer":  {"install", "require", "update", "create-project"},
	"mvn":       {"deploy", "release:perform", "release:prepare", "dependency:get"},
	"gradle":    {"publish"},
	"gradlew":   {"publish"},
	"twine":     {"upload", "register"},
}

// systemVerbs are programs that change the machine outside any folder (the
// scheduler, services, disks, power, users) when given one of the verbs;
// an empty list means any use does.
var systemVerbs = map[string][]string{
	"systemctl":   {"enable", "disable", "mask", "unmask", "link", "start", "stop", "restart", "reload", "kill", "edit", "set-default", "isolate", "daemon-reload", "preset", "revert", "poweroff", "reboot", "halt", "suspend"},
	"launchctl":   {"load", "unload", "bootstrap", "bootout", "enable", "disable", "submit", "remove", "kickstart", "kill"},
	"mkfs":        nil,
	"wipefs":      nil,
	"fdisk":       nil,
	"sfdisk":      nil,
	"parted":      nil,
	"shutdown":    nil,
	"reboot":      nil,
	"halt":        nil,
	"poweroff":    nil,
	"useradd":     nil,
	"userdel":     nil,
	"usermod":     nil,
	"groupadd":    nil,
	"passwd":      nil,
	"chpasswd":    nil,
	"setfacl":     nil,
	"mount":       nil,
	"umount":      nil,
	"su":          nil,
	"sudo":        nil,
	"doas":        nil,
	"pkexec":      nil,
	"diskutil":    {"eraseDisk", "eraseVolume", "partitionDisk", "zeroDisk", "randomDisk", "secureErase", "unmountDisk"},
	"sysctl":      {"-w"},
	"visudo":      nil,
	"update-rc.d": nil,
}

// ChangesSystem reports whether the command changes the machine outside
// any folder a sandbox lets it write: crontab (except -l), systemctl and
// launchctl verbs that change services, disk tools (mkfs*, wipefs, fdisk,
// diskutil erase…), power (shutdown, reboot), user accounts, mounts, and
// running as another user (sudo, su, doas, pkexec), which the sandbox
// cannot contain. Needs counts these as write-outside.
func ChangesSystem(c *Command) bool {
	if c.Dynamic || c.Name == "" {
		return false
	}
	name := path.Base(c.Name)
	if strings.HasPrefix(name, "mkfs") {
		return true
	}
	if name == "crontab" {
		for _, a := range c.Args {
			if a.Literal && (a.Lit == "-l" || a.Lit == "-T") {
				return false
			}
		}
		return true
	}
	verbs, ok := systemVerbs[name]
	if !ok {
		return false
	}
	if verbs == nil {
		return true
	}
	for _, a := range c.Args {
		if a.Literal && slices.Contains(verbs, a.Lit) {
			return true
		}
	}
	return false
}

// NeedsNetwork reports whether the command talks to the network: a
// network program (curl, ssh, gh, cloud CLIs, npx, …), a network subcommand
// (git push/pull/fetch/clone, npm install, pip install, go get, docker
// pull, terraform apply, …), or rsync with a remote side.
func NeedsNetwork(c *Command) bool {
	if c.Dynamic || c.Name == "" {
		return false
	}
	name := path.Base(c.Name)
	if networkAlways[name] {
		return true
	}
	switch name {
	case "rsync":
		for _, a := range c.Args {
			if a.Literal && !strings.HasPrefix(a.Lit, "-") && isRemote(a.Lit) {
				return true
			}
		}
		return false
	case "git":
		_, sub, rest, ok := c.GitArgs()
		if !ok {
			return false
		}
		switch sub {
		case "submodule":
			return len(rest) > 0 && rest[0].Literal && (rest[0].Lit == "update" || rest[0].Lit == "add" || rest[0].Lit == "sync" || rest[0].Lit == "foreach")
		case "remote":
			return len(rest) > 0 && rest[0].Literal && (rest[0].Lit == "update" || rest[0].Lit == "show" || rest[0].Lit == "prune")
		}
		return slices.Contains(networkSubcommands["git"], sub)
	case "yarn":
		if len(c.Args) == 0 {
			return true // bare "yarn" installs
		}
	case "python", "python3":
		// python -m pip install …
		if len(c.Args) >= 3 && c.Args[0].Lit == "-m" && (c.Args[1].Lit == "pip" || c.Args[1].Lit == "pip3") {
			return slices.Contains(networkSubcommands["pip"], c.Args[2].Lit)
		}
		return false
	}
	subs, ok := networkSubcommands[name]
	if !ok {
		return false
	}
	for _, a := range c.Args {
		if !a.Literal {
			return false
		}
		if name == "pacman" {
			if slices.Contains(subs, a.Lit) {
				return true
			}
			continue
		}
		if strings.HasPrefix(a.Lit, "-") {
			continue
		}
		return slices.Contains(subs, a.Lit)
	}
	return false
}

// isRemote reports whether an rsync/scp operand names a remote side
// ("host:path", "user@host:path", "rsync://…").
func isRemote(s string) bool {
	if strings.Contains(s, "://") {
		return true
	}
	i := strings.IndexByte(s, ':')
	if i <= 0 {
		return false
	}
	return !strings.Contains(s[:i], "/")
}

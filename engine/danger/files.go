package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// secretNames are file names that hold credentials wherever they are.
var secretNames = map[string]bool{
	".env": true, ".netrc": true, "_netrc": true, ".pgpass": true, ".npmrc": true, ".pypirc": true,
	".git-credentials": true, "credentials.json": true, ".vault-token": true, ".boto": true,
	".s3cfg": true, ".dockercfg": true, "id_rsa": true, "id_dsa": true, "id_ecdsa": true,
	"id_ed25519": true, "id_ecdsa_sk": true, "id_ed25519_sk": true,
	"secring.gpg": true, // GnuPG 1's private keyring
}

// envTemplates are .env.* files that hold examples, not secrets.
var envTemplates = map[string]bool{".env.example": true, ".env.sample": true, ".env.template": true}

// secretExts are extensions of key and certificate stores.
var secretExts = map[string]bool{".pem": true, ".key": true, ".p12": true, ".pfx": true, ".jks": true, ".keystore": true}

// secretSuffixes are credential files known by their folder.
var secretSuffixes = []string{
	"/.ssh/identity", // SSH protocol 1's default private key (ssh(1))
	"/.aws/credentials", "/.config/gh/hosts.yml", "/.kube/config", "/.docker/config.json",
	"/.config/gcloud/credentials.db", "/.config/gcloud/access_tokens.db",
	"/.config/gcloud/application_default_credentials.json", "/.azure/accessTokens.json",
	"/.azure/msal_token_cache.json", "/.cargo/credentials", "/.cargo/credentials.toml",
	"/.gem/credentials", "/.terraform.d/credentials.tfrc.json", "/.config/hub",
	"/etc/shadow", "/etc/gshadow", "/etc/master.passwd",
	// Issue 30: the stores collections of attack techniques read out.
	"/etc/shadow-", "/etc/gshadow-", "/etc/security/opasswd", "/.my.cnf", "/.mylogin.cnf",
	"/.config/rclone/rclone.conf", "/.config/git/credentials", "/.azure/msal_token_cache.bin",
	"/.azure/service_principal_entries.json", "/.config/filezilla/sitemanager.xml",
	"/.config/filezilla/recentservers.xml", "/.purple/accounts.xml",
	"/serviceaccount/token", // a Kubernetes pod's token for the cluster's API
}

// secretDirs hold nothing but credentials: anything inside is one.
var secretDirs = []string{
	"/.password-store/", "/.gnupg/private-keys-v1.d/", "/.config/gcloud/legacy_credentials/",
	"/.local/share/keyrings/", "/Library/Keychains/",
	// etcd's data folder (etcd's "data directory" page): the backend
	// database and write-ahead log hold every object of a cluster,
	// Kubernetes Secrets included.
	"/member/snap/", "/member/wal/",
}

// browserProfiles are the folders browsers keep their profiles in; their
// password, cookie and key databases are credentials.
var browserProfiles = []string{
	"/google-chrome/", "/chromium/", "/Google/Chrome/", "/Chromium/", "/BraveSoftware/", "/Microsoft/Edge/",
	"/microsoft-edge/", "/Vivaldi/", "/vivaldi/", "/opera/", "/com.operasoftware.Opera/", "/.mozilla/firefox/",
	"/Firefox/Profiles/", "/Mozilla/Firefox/", "/Thunderbird/", "/.thunderbird/",
}

// browserSecrets are the databases of a browser profile that hold
// passwords, cookies (sessions) and the key that decrypts them.
var browserSecrets = map[string]bool{
	"Login Data": true, "Login Data For Account": true, "Cookies": true, "Web Data": true, "Local State": true,
	"logins.json": true, "key4.db": true, "key3.db": true, "cookies.sqlite": true, "signons.sqlite": true,
}

// certificateWords name a .pem that holds something public: a
// certificate, a signing request or revocation list, or Diffie-Hellman and
// curve parameters (dhparam.pem, ecparam.pem).
var certificateWords = []string{"cert", "chain", "cacert", "ca-bundle", "ca_bundle", "pub", "csr", "crl", "param"}

// SecretFile reports whether a path names a file that holds secrets: .env
// and .env.* (but not .env.example, .env.sample, .env.template), *.pem
// (but not one named for a certificate: cert.pem, fullchain.pem), *.key,
// *.p12, *.pfx, *.jks, *.keystore, SSH private keys (id_rsa, id_ed25519,
// id_rsa_work, …) and host keys, .netrc, .pgpass, .npmrc, .pypirc,
// .git-credentials, credentials.json, secrets.*, .vault-token,
// ~/.aws/credentials, ~/.config/gh/hosts.yml, ~/.kube/config,
// ~/.docker/config.json, cloud CLI token stores, MySQL option files,
// keychains, keytabs and Kerberos ticket caches, KeePass databases,
// .htpasswd, browsers' password, cookie and key databases, /etc/shadow,
// /proc/*/environ, and anything in ~/.password-store,
// ~/.gnupg/private-keys-v1.d, ~/.local/share/keyrings or a Keychains
// folder; shell and client histories and the credential files of other
// tools (keystores.go). It looks at the path only; relative paths are
// judged by their last parts.
func SecretFile(p string) bool {
	if p == "" {
		return false
	}
	p = path.Clean(p)
	base := path.Base(p)
	if secretTemplate(base) {
		return false // ".env.dist", "secrets.example.yml": placeholders to copy
	}
	switch {
	case secretNames[base]:
		return true
	case strings.HasPrefix(base, ".env.") && !envTemplates[base]:
		return true
	case dotenvFolded(base): // round 11: .ENV on a case-insensitive file system
		return true
	case strings.HasPrefix(base, "secrets.") && len(base) > len("secrets."):
		return true
	case secretExts[path.Ext(base)] && base != path.Ext(base):
		// (".key" alone is a jq-style filter, "jq .key", not a key file.)
		if path.Ext(base) == ".pem" && !strings.Contains(strings.ToLower(base), "key") &&
			slices.ContainsFunc(certificateWords, func(w string) bool { return strings.Contains(strings.ToLower(base), w) }) {
			return false // "cert.pem", "fullchain.pem": a certificate
		}
		return true
	case strings.HasSuffix(base, ".keychain") || strings.HasSuffix(base, ".keychain-db") || strings.HasSuffix(base, ".keytab") ||
		strings.HasSuffix(base, ".kdbx") || base == ".htpasswd" || base == "ntds.dit" || base == "wallet.dat":
		return true
	case strings.HasPrefix(base, "krb5cc_"):
		return true // a Kerberos ticket cache: a login for its lifetime
	case strings.HasPrefix(base, "ssh_host_") && strings.HasSuffix(base, "_key"):
		return true
	case sshKeyName(base):
		return true
	}
	slashed := "/" + strings.TrimPrefix(p, "/")
	if toolSecret(slashed, base) {
		return true
	}
	for _, s := range secretSuffixes {
		if strings.HasSuffix(slashed, s) {
			return true
		}
	}
	if strings.HasPrefix(slashed, "/proc/") && (base == "environ" || base == "mem" || base == "kcore") {
		return true // a process's environment or memory, or the kernel's
	}
	if slashed == "/dev/mem" || slashed == "/dev/kmem" {
		return true // physical memory: every process's secrets
	}
	for _, d := range secretDirs {
		if strings.Contains(slashed, d) {
			return true
		}
	}
	if browserSecrets[base] {
		for _, d := range browserProfiles {
			if strings.Contains(slashed, d) {
				return true
			}
		}
	}
	return false
}

// sshKeyName reports an SSH private key named after its algorithm with a
// suffix ("id_rsa_work", "id_ed25519-github"), not its public half.
func sshKeyName(base string) bool {
	if strings.HasSuffix(base, ".pub") {
		return false
	}
	for _, k := range []string{"id_rsa", "id_ed25519", "id_ecdsa", "id_dsa"} {
		if rest, ok := strings.CutPrefix(base, k); ok && rest != "" && (rest[0] == '_' || rest[0] == '-' || rest[0] == '.') {
			return true
		}
	}
	return false
}

// kinds of files other programs run or obey later.
const (
	kindNone    = ""
	kindStartup = "startup" // shell startup, scheduler, services, login items, SSH, direnv, CI
	kindGit     = "git"     // git hooks and git configuration
)

var startupNames = map[string]bool{
	".bashrc": true, ".bash_profile": true, ".bash_login": true, ".bash_logout": true, ".profile": true,
	".zshrc": true, ".zprofile": true, ".zshenv": true, ".zlogin": true, ".zlogout": true,
	".cshrc": true, ".tcshrc": true, ".kshrc": true, ".mkshrc": true, ".xprofile": true,
	".xinitrc": true, ".xsession": true, ".envrc": true, ".gitlab-ci.yml": true, ".travis.yml": true,
	"Jenkinsfile": true, "azure-pipelines.yml": true, "bitbucket-pipelines.yml": true,
	// Issue 30: files other programs read as commands when they start
	// (sh's $ENV file, aliases sourced by .bashrc, the rc files of
	// debuggers, editors, multiplexers and torrent clients that run shell
	// commands, Python's start-up hooks).
	".shrc": true, ".bash_aliases": true, ".xsessionrc": true, ".rtorrent.rc": true, ".gdbinit": true,
	".lldbinit": true, ".vimrc": true, ".exrc": true, ".tmux.conf": true, ".screenrc": true, ".emacs": true,
	"sitecustomize.py": true, "usercustomize.py": true,
}

var startupFiles = []string{
	"/etc/profile", "/etc/bash.bashrc", "/etc/bashrc", "/etc/zshrc", "/etc/zprofile", "/etc/zshenv",
	"/etc/environment", "/etc/crontab", "/etc/rc.local", "/etc/ssh/sshrc",
	"/etc/ld.so.preload", "/etc/rc.common", // a library every program loads; macOS's boot script
	"/etc/ld.so.conf", // the folders ld.so loads every program's libraries from
	// anacron's table, SysV init's table, FreeBSD's services to start.
	"/etc/anacrontab", "/etc/inittab", "/etc/rc.conf", "/etc/rc.conf.local",
	"/etc/modules", // modules(5): kernel modules loaded at every boot (round 7)
}

// startupDirs hold files that run later: anything inside is one.
var startupDirs = []string{
	"/.config/fish/", "/etc/profile.d/", "/etc/zsh/", "/etc/cron.d/", "/etc/cron.hourly/",
	"/etc/cron.daily/", "/etc/cron.weekly/", "/etc/cron.monthly/", "/var/spool/cron/", "/var/at/tabs/",
	"/Library/LaunchAgents/", "/Library/LaunchDaemons/", "/Library/StartupItems/",
	"/.config/systemd/user/", "/etc/systemd/", "/lib/systemd/system/", "/usr/lib/systemd/",
	"/.config/autostart/", "/etc/xdg/autostart/", "/etc/init.d/", "/.github/workflows/",
	"/.circleci/", "/etc/update-motd.d/", "/etc/network/if-up.d/", "/etc/network/if-pre-up.d/", "/etc/rc.d/",
	"/etc/init/", "/etc/periodic/", "/etc/emond.d/", "/.config/nvim/", "/.emacs.d/", "/etc/ld.so.conf.d/",
	// Rules, hooks and scripts other programs run later: udev's RUN, APT's
	// hooks, logrotate's postrotate, NetworkManager's dispatcher,
	// dhclient's hooks, X sessions, boot-time modules and modprobe's
	// install commands, bash completions, incron, new users' skeleton,
	// Podman's quadlets, user units under ~/.local/share, KDE's login
	// scripts.
	"/etc/udev/rules.d/", "/lib/udev/rules.d/", "/usr/lib/udev/rules.d/", "/etc/apt/apt.conf.d/", "/etc/logrotate.d/",
	"/etc/NetworkManager/dispatcher.d/", "/etc/dhcp/dhclient-exit-hooks.d/", "/etc/dhcp/dhclient-enter-hooks.d/",
	"/etc/X11/Xsession.d/", "/etc/X11/xinit/xinitrc.d/", "/etc/modules-load.d/", "/etc/modprobe.d/",
	"/etc/bash_completion.d/", "/etc/incron.d/", "/var/spool/incron/", "/etc/skel/", "/etc/containers/systemd/",
	"/.config/containers/systemd/", "/.local/share/systemd/user/", "/.config/plasma-workspace/env/",
	"/.config/plasma-workspace/shutdown/", "/.kde/Autostart/", "/.kde4/Autostart/",
}

var startupSuffixes = []string{"/.ssh/authorized_keys", "/.ssh/authorized_keys2", "/.ssh/rc", "/.ssh/config"}

var gitSuffixes = []string{"/.gitconfig", "/.config/git/config", "/.git/config", "/.gitmodules"}

// runsLaterKind classifies a path as a file other programs run later.
func runsLaterKind(p string) string {
	p = path.Clean(p)
	slashed := "/" + strings.TrimPrefix(p, "/")
	parts := strings.Split(slashed, "/")
	for i, part := range parts {
		if part == ".git" && i+1 < len(parts) && parts[i+1] == "hooks" && i+2 < len(parts) {
			return kindGit
		}
		if part == ".husky" && i+1 < len(parts) {
			return kindGit
		}
	}
	for _, s := range gitSuffixes {
		if strings.HasSuffix(slashed, s) {
			return kindGit
		}
	}
	if strings.Contains(slashed, "/.git/modules/") && (strings.Contains(slashed, "/hooks/") || path.Base(slashed) == "config") {
		return kindGit
	}
	if startupNames[path.Base(slashed)] || slices.Contains(startupFiles, slashed) {
		return kindStartup
	}
	if path.Ext(slashed) == ".pth" && (strings.Contains(slashed, "/site-packages/") || strings.Contains(slashed, "/dist-packages/")) {
		return kindStartup // Python runs a .pth file's import lines at every start
	}
	if endsOrInside(slashed, startupSuffixes, startupDirs) {
		return kindStartup
	}
	if b := path.Base(slashed); strings.HasPrefix(b, "com.apple.loginwindow.") && strings.HasSuffix(b, ".plist") && strings.Contains(slashed, "/Library/Preferences/") {
		return kindStartup // the applications macOS re-opens at login (TALAppsToRelaunchAtLogin)
	}
	return kindNone
}

// endsOrInside reports whether the slashed path ends with one of suffixes,
// or is a file somewhere inside one of dirs ("/x/" parts; the folder
// itself is not inside).
func endsOrInside(slashed string, suffixes, dirs []string) bool {
	for _, s := range suffixes {
		if strings.HasSuffix(slashed, s) {
			return true
		}
	}
	for _, d := range dirs {
		if strings.Contains(slashed, d) && !strings.HasSuffix(slashed+"/", d) {
			return true
		}
	}
	return false
}

// RunsLater reports whether a path names a file other programs run, or obey
// to run code, later: shell startup files (.bashrc, .zshrc, .profile,
// fish config, /etc/profile.d, …), crontabs, launch agents, systemd units,
// autostart entries, ~/.ssh/authorized_keys, rc and config, .envrc, CI
// workflows (.github/workflows/*, .gitlab-ci.yml, …), git hooks (.git/hooks/*,
// .husky/*) and git configuration (.git/config, ~/.gitconfig, .gitmodules),
// which can name programs git runs. Agent settings are AgentConfig's.
func RunsLater(p string) bool {
	return p != "" && runsLaterKind(p) != kindNone
}

// agentSuffixes are agent settings and rules files, by their last parts.
var agentSuffixes = []string{
	"/.claude/settings.json", "/.claude/settings.local.json", "/.claude.json", "/.mcp.json",
	"/managed-settings.json", "/.codex/config.toml", "/.codex/hooks.json", "/.codex/requirements.toml",
	"/.gemini/settings.json", "/.gemini/trustedFolders.json", "/opencode.json", "/opencode.jsonc",
	"/.cursor/cli.json", "/.cursor/cli-config.json", "/.cursor/hooks.json", "/.cursor/mcp.json",
	"/.cursor/permissions.json",
}

// agentDirs hold agent settings, rules, hooks and plugins.
var agentDirs = []string{
	"/.claude/hooks/", "/managed-settings.d/", "/etc/claude-code/", "/.codex/rules/", "/.codex/policy/",
	"/.gemini/policies/", "/etc/gemini-cli/", "/.opencode/", "/.config/opencode/",
	// Skills: instructions and scripts the agent loads and runs on its
	// own (Claude Code's ~/.claude/skills and .claude/skills, Codex's
	// ~/.codex/skills).
	"/.claude/skills/", "/.codex/skills/",
	"/.codex/hooks/", // Codex's hook scripts, as .claude/hooks (README's heldout7 call)
}

// AgentConfig reports whether a path names a coding agent's settings or
// permission rules: .claude/settings*.json, managed settings, ~/.claude.json,
// .mcp.json, .claude/hooks/*, .codex/config.toml and .codex/rules/*,
// .gemini/settings.json and policies, opencode.json(c) and .opencode/*, and
// .cursor/cli.json, hooks.json and mcp.json. Instruction files (CLAUDE.md,
// AGENTS.md) are not settings.
func AgentConfig(p string) bool {
	if p == "" {
		return false
	}
	slashed := "/" + strings.TrimPrefix(path.Clean(p), "/")
	if docFile(path.Base(slashed)) && !slices.ContainsFunc(agentSuffixes, func(s string) bool { return strings.HasSuffix(slashed, s) }) {
		// ".opencode/INSTALL.md", ".claude/hooks/README.md": a plugin's
		// documentation, which no agent reads as settings (issue 30).
		return false
	}
	return endsOrInside(slashed, agentSuffixes, agentDirs) || moreAgentConfig(slashed)
}

// docFile reports the conventional names of a folder's documentation.
func docFile(base string) bool {
	stem := strings.ToUpper(strings.TrimSuffix(base, path.Ext(base)))
	switch stem {
	case "README", "INSTALL", "LICENSE", "LICENCE", "CHANGELOG", "CONTRIBUTING", "NOTICE", "COPYING", "AUTHORS":
		return true
	}
	return false
}

// dotenvCopy reports "cp ../main/.env .env": a copy of a dotenv file to
// another dotenv file (a worktree's, a checkout's), which shows it to no
// one.
func dotenvCopy(uses []shell.FileUse) bool {
	sawRead, sawWrite := false, false
	for _, f := range uses {
		if f.Via != "cp" && f.Via != "install" {
			return false
		}
		base := path.Base(f.Path)
		if base != ".env" && !strings.HasPrefix(base, ".env.") || envTemplates[base] && f.Write {
			return false
		}
		sawRead = sawRead || f.Read
		sawWrite = sawWrite || f.Write
	}
	return sawRead && sawWrite
}

// loadsDotenv reports "source .env" (or ". ./.env.local"): the variables
// go into the shell's environment, which shows them to no one; printing
// them (env, printenv, echo $KEY) or sending them is marked on its own.
func loadsDotenv(via, p string) bool {
	base := path.Base(p)
	return (via == "source" || via == ".") && (base == ".env" || strings.HasPrefix(base, ".env."))
}

// writeCategories returns the categories of writing (or, with del, deleting)
// the absolute path p.
func writeCategories(p string, del bool) []string {
	var out []string
	if AgentConfig(p) {
		out = append(out, AgentConfigTamper)
	}
	if DeviceOrKernel(p) && !(del && sysfsKeeps(p)) {
		out = append(out, DiskSystem) // shredding a disk is as bad as writing it
	}
	if del {
		// Deleting a startup file or a hook runs nothing; deleting agent
		// settings drops their deny rules.
		return out
	}
	if GrantsRoot(p) || path.Base(p) == "release_agent" || path.Base(p) == "notify_on_release" {
		// A cgroup's release_agent runs as the host's root when the group
		// empties: the container escape.
		out = append(out, PrivilegeEscalation)
	}
	switch runsLaterKind(p) {
	case kindGit:
		out = append(out, GitHooksConfig)
	case kindStartup:
		out = append(out, PersistenceStartupFiles)
	}
	return out
}

// rootFiles decide who may become root.
var rootFiles = []string{
	"/etc/sudoers", "/etc/passwd", "/etc/shadow", "/etc/group", "/etc/gshadow", "/etc/doas.conf",
	"/etc/master.passwd", "/private/etc/sudoers",
}

// rootDirs hold files that decide who may become root.
// sudo's timestamp folders (sudoers(5): timestampdir) hold the records
// that let a user run sudo again without the password.
var rootDirs = []string{"/etc/sudoers.d/", "/etc/pam.d/", "/etc/polkit-1/", "/private/etc/sudoers.d/",
	"/var/run/sudo/ts/", "/run/sudo/ts/", "/var/db/sudo/ts/", "/var/lib/sudo/ts/",
	// PAM's modules: code every login runs to decide who gets in.
	"/lib/security/", "/lib64/security/", "/usr/lib/security/", "/usr/lib64/security/", "/usr/lib/x86_64-linux-gnu/security/",
	"/usr/lib/aarch64-linux-gnu/security/"}

// GrantsRoot reports whether a path names a file that decides who may
// become root or log in: /etc/sudoers and sudoers.d, /etc/passwd, shadow,
// group, doas.conf, PAM and polkit rules.
func GrantsRoot(p string) bool {
	if p == "" || !strings.HasPrefix(p, "/") {
		return false
	}
	p = path.Clean(p)
	if slices.Contains(rootFiles, p) {
		return true
	}
	for _, d := range rootDirs {
		if strings.HasPrefix(p, d) {
			return true
		}
	}
	return false
}

// diskPrefixes are device names of whole disks and partitions.
var diskPrefixes = []string{
	"sd", "hd", "vd", "xvd", "nvme", "mmcblk", "disk", "rdisk", "md", "dm-", "nbd", "sr",
}

// DeviceOrKernel reports whether a path names a disk device (/dev/sda,
// /dev/nvme0n1, /dev/disk2, /dev/mapper/*), or the kernel's control files
// (/proc/sysrq-trigger, /proc/sys/*, /sys/*), which a write changes the
// machine through. /dev/null, /dev/tty and the like are not.
func DeviceOrKernel(p string) bool {
	if p == "" || !strings.HasPrefix(p, "/") {
		return false
	}
	p = path.Clean(p)
	switch {
	case p == "/proc/sysrq-trigger", strings.HasPrefix(p, "/proc/sys/"), strings.HasPrefix(p, "/sys/"):
		return true
	case strings.HasPrefix(p, "/dev/mapper/"), strings.HasPrefix(p, "/dev/disk/"):
		return true
	case path.Dir(p) != "/dev":
		return false
	}
	base := path.Base(p)
	for _, pre := range diskPrefixes {
		if strings.HasPrefix(base, pre) && len(base) > len(pre) {
			return true
		}
	}
	return false
}

// ownWriteTargets returns the files a program's own write commands name
// (GTFOBins' "file write" functions), from each manual: GDB's
// dump|append [FORMAT] value|memory FILE (in -ex, --ex, -eval-command);
// vim(1), ex, view, nvim -c CMD or +CMD with :w[rite][!] FILE or
// :sav[eas][!] FILE; emacs --eval|-eval|--execute with with-temp-file,
// write-file (the first string), write-region, append-to-file (the last
// string of the form); sqlite3's .output FILE and .once FILE (in -cmd, an
// argument, or standard input); rlwrap(1) -l|--logfile FILE; puppet
// apply -e with a file resource's title.
func ownWriteTargets(cmd *shell.Command, name string) []string {
	args := cmd.Args
	var out []string
	valuesOf := func(opts ...string) []string {
		var vs []string
		for i, a := range args {
			for _, o := range opts {
				if a.Lit == o && i+1 < len(args) && args[i+1].Literal {
					vs = append(vs, args[i+1].Lit)
				} else if v, ok := strings.CutPrefix(a.Lit, o+"="); ok && strings.HasPrefix(o, "--") {
					vs = append(vs, v)
				}
			}
		}
		return vs
	}
	switch name {
	case "gdb", "gdb-multiarch":
		for _, v := range valuesOf("-ex", "--ex", "-eval-command", "--eval-command") {
			f := strings.Fields(v)
			if len(f) < 3 || f[0] != "dump" && f[0] != "append" {
				continue
			}
			for i := 1; i+1 < len(f); i++ {
				if f[i] == "value" || f[i] == "memory" {
					out = append(out, f[i+1])
					break
				}
			}
		}
	case "vim", "vi", "nvim", "ex", "view", "rvim", "rview", "vimdiff":
		var cmds []string
		cmds = append(cmds, valuesOf("-c", "--cmd")...)
		for _, a := range args {
			if a.Literal && len(a.Lit) > 1 && a.Lit[0] == '+' {
				cmds = append(cmds, a.Lit[1:])
			}
		}
		for _, v := range cmds {
			f := strings.Fields(strings.TrimLeft(v, ":"))
			if len(f) < 2 {
				continue
			}
			switch strings.TrimSuffix(f[0], "!") {
			case "w", "write", "sav", "saveas":
				t := f[1]
				if t == ">>" && len(f) > 2 {
					t = f[2]
				}
				if t != ">>" && !strings.HasPrefix(t, "!") {
					out = append(out, t)
				}
			}
		}
	case "emacs":
		for _, v := range valuesOf("--eval", "-eval", "--execute") {
			for _, fn := range []string{"with-temp-file", "write-file", "write-region", "append-to-file"} {
				i := strings.Index(v, "("+fn+" ")
				if i < 0 {
					continue
				}
				strs := quotedStrings(formAt(v[i:]))
				if len(strs) == 0 {
					continue
				}
				if fn == "with-temp-file" || fn == "write-file" {
					out = append(out, strs[0])
				} else {
					out = append(out, strs[len(strs)-1])
				}
			}
		}
	case "sqlite3":
		lines := slices.Concat(valuesOf("-cmd"), strings.Split(cmd.Stdin, "\n"))
		for _, a := range args {
			if a.Literal && strings.HasPrefix(a.Lit, ".") {
				lines = append(lines, a.Lit)
			}
		}
		for _, l := range lines {
			if f := strings.Fields(l); len(f) > 1 && (f[0] == ".output" || f[0] == ".once") {
				out = append(out, strings.Trim(f[1], `"'`))
			}
		}
	case "rlwrap":
		out = valuesOf("-l", "--logfile")
	case "puppet":
		if firstVerbIn(args, "apply") {
			for _, v := range valuesOf("-e", "--execute") {
				if i := strings.Index(v, "file {"); i >= 0 {
					if strs := quotedStrings(v[i:]); len(strs) > 0 {
						out = append(out, strs[0])
					}
				}
			}
		}
	}
	return out
}

// formAt returns the parenthesised form s starts with (the whole of s
// when its parentheses do not close).
func formAt(s string) string {
	depth := 0
	for i, r := range s {
		switch r {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return s[:i+1]
			}
		}
	}
	return s
}

// quotedStrings returns the double-quoted strings of s, in order.
func quotedStrings(s string) []string {
	var out []string
	for {
		i := strings.IndexByte(s, '"')
		if i < 0 {
			return out
		}
		j := strings.IndexByte(s[i+1:], '"')
		if j < 0 {
			return out
		}
		out = append(out, s[i+1:i+1+j])
		s = s[i+j+2:]
	}
}

// ownCommandWrites: a file written by a program's own write command
// (ownWriteTargets; dev's GTFOBins lines "gdb -ex 'dump value
// .github/workflows/ci.yml …'" and "puppet apply -e 'file { \"/etc/passwd\"
// … }'"), judged as any written file is: a startup file, a CI workflow,
// an account file, an agent's settings.
func (c *checker) ownCommandWrites(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	switch name {
	case "gdb", "gdb-multiarch", "vim", "vi", "nvim", "ex", "view", "rvim", "rview", "vimdiff", "emacs", "sqlite3", "rlwrap", "puppet":
	default:
		return
	}
	for _, t := range ownWriteTargets(cmd, name) {
		if t == "" {
			continue
		}
		c.because(name, t)
		c.written(shell.Resolve(t, u.dir, c.home))
	}
}

func init() {
	addRuleTexts(map[string]string{
		"ownCommandWrites": "a file written by a program's own write command (gdb dump value|memory FILE, vim -c ':w FILE', emacs --eval with-temp-file|write-region, sqlite3 .output|.once, rlwrap -l, puppet apply -e file { … }), judged as any written file is",
	})
}

// inAddOnTree reports a path inside one add-on package's own tree,
// /opt/<package>/… (FHS 3.0, 3.13): writing there changes that
// application, not the system. /opt itself and a file at its top level
// belong to no package.
func inAddOnTree(p string) bool {
	rest, ok := strings.CutPrefix(p, "/opt/")
	if !ok {
		return false
	}
	pkg, below, ok := strings.Cut(rest, "/")
	return ok && pkg != "" && pkg != "." && pkg != ".." && below != ""
}

// lineEndConverters rewrite the files they are given in place (dos2unix(1)).
var lineEndConverters = map[string]bool{"dos2unix": true, "unix2dos": true, "mac2unix": true, "unix2mac": true}

// convertsInPlace reports a dos2unix-style converter in its default old
// file mode: no -n/--newfile copy and no -O/--to-stdout, so nothing of the
// files reaches the output or another file.
func convertsInPlace(name string, args []shell.Word) bool {
	return lineEndConverters[name] && !hasLit(args, "-n", "--newfile", "-O", "--to-stdout")
}

// editsSystemFile reports a file tool's edit of an existing system file
// (/etc/hosts, /etc/fstab): the Edit tool changes a file that is there,
// as sed -i or tee does, which systemWrites marks disk-system (README:
// tee /etc/hosts disk-system). Files that decide root, devices and the
// kernel have their own categories (writeCategories); add-on trees under
// /opt and /usr/local are the user's.
func editsSystemFile(p string) bool {
	return systemPath(p) && !inAddOnTree(p) && !GrantsRoot(p) && !DeviceOrKernel(p) && p != "/dev/null" && runsLaterKind(p) == kindNone
}

package danger

import (
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Credential files by tool, histories, and what shows a secret file's
// content (issue 30, round 3: testdata/danger/independent/tuning.md).
//
// Samples from new collections kept finding the same family under new
// names: a tool's own credential store printed, copied or archived
// (docker content trust's keys, a cluster's admin kubeconfig, a registry
// login), and the shell's history printed. So the stores are listed by
// tool, as each tool's documentation names them, and a history is a
// secret file like them. The other side of the family is what names a
// secret file without showing it: its size, type or digest, a link to
// it, a keytab's principals.

// toolSecretSuffixes are the credential files tools keep, by their last
// parts (each tool's documentation names the file).
var toolSecretSuffixes = []string{
	"/.kaggle/kaggle.json",                           // Kaggle's API token
	"/.config/glab-cli/config.yml",                   // GitLab's glab: tokens per host
	"/.oci/config",                                   // Oracle Cloud's CLI: the key file and fingerprint
	"/.databrickscfg",                                // Databricks' tokens
	"/containers/auth.json",                          // podman, buildah, skopeo registry logins (containers-auth.json(5))
	"/etc/kubernetes/admin.conf",                     // kubeadm's cluster-admin kubeconfig
	"/etc/kubernetes/super-admin.conf",               // kubeadm's break-glass kubeconfig
	"/etc/kubernetes/kubelet.conf",                   // the kubelet's client credentials
	"/etc/kubernetes/controller-manager.conf",        // and the control plane's
	"/etc/kubernetes/scheduler.conf",                 //
	"/etc/kubernetes/azure.json",                     // AKS's cloud provider: the service principal's aadClientSecret (round 9b)
	"/etc/kubernetes/cloud.conf",                     // the OpenStack cloud provider's [Global] password
	"/etc/kubernetes/cloud-config",                   //
	"/.config/sops/age/keys.txt",                     // sops' age private keys
	"/.config/ngrok/ngrok.yml", "/.ngrok2/ngrok.yml", // ngrok's authtoken
	"/.config/doctl/config.yaml",     // DigitalOcean's access token
	"/.config/hcloud/cli.toml",       // Hetzner Cloud's tokens
	"/.terraformrc", "/terraform.rc", // Terraform's CLI config: credentials blocks
	"/.config/solana/id.json",                             // a Solana keypair
	"/.fly/config.yml",                                    // Fly.io's access token
	"/.config/op/config",                                  // the 1Password CLI's accounts and session
	"/.pulumi/credentials.json",                           // Pulumi's access tokens
	"/.local/share/com.vercel.cli/auth.json",              // Vercel's token
	"/.config/netlify/config.json",                        // Netlify's token
	"/.wrangler/config/default.toml",                      // Cloudflare wrangler's OAuth token
	"/.config/heroku/credentials",                         //
	"/.config/stripe/config.toml",                         // Stripe's API keys
	"/.snowsql/config",                                    // Snowflake's login
	"/.dbt/profiles.yml",                                  // dbt's warehouse passwords
	"/.config/configstore/firebase-tools.json",            // Firebase's refresh token
	"/Cookies.binarycookies",                              // Safari's cookies (sessions)
	"/NoteStore.sqlite",                                   // Notes' database
	"/Library/Messages/chat.db",                           // Messages' history
	"/.config/composer/auth.json", "/.composer/auth.json", // Composer's repository logins
	"/.gradle/gradle.properties",                      // the home's: signing and repository passwords
	"/.m2/settings.xml", "/.m2/settings-security.xml", // Maven's server passwords and master key
	"/.ivy2/.credentials", "/.sbt/.credentials", // sbt's and Ivy's repository logins
	"/.nuget/NuGet/NuGet.Config",                                          // NuGet's API keys and feed passwords
	"/etc/wpa_supplicant/wpa_supplicant.conf", "/etc/wpa_supplicant.conf", // Wi-Fi passphrases
	// Round 5: services' and coding agents' logins, each from its
	// program's documentation.
	"/etc/ppp/chap-secrets", "/etc/ppp/pap-secrets", // pppd(8)'s peers' passwords
	"/ipsec.secrets",                                          // ipsec.secrets(5): IPsec pre-shared and private keys
	"/.vnc/passwd",                                            // vncpasswd(1): the VNC server's password
	"/ldap.secret", "/pam_ldap.secret", "/libnss-ldap.secret", // nss_ldap's and pam_ldap's bind password
	"/tomcat-users.xml",                  // Tomcat's users and passwords
	"/jenkins/credentials.xml",           // Jenkins' stored credentials
	"/etc/gitlab/gitlab-secrets.json",    // GitLab's database and signing keys
	"/etc/rancher/k3s/k3s.yaml",          // k3s' cluster-admin kubeconfig
	"/etc/rancher/rke2/rke2.yaml",        // RKE2's
	"/var/lib/kubelet/kubeconfig",        // the kubelet's client credentials
	"/etc/mysql/debian.cnf",              // Debian's MySQL maintenance login
	"/.claude/.credentials.json",         // Claude Code's login on Linux
	"/.codex/auth.json",                  // Codex CLI's API key and tokens
	"/.gemini/oauth_creds.json",          // Gemini CLI's OAuth tokens
	"/.config/github-copilot/hosts.json", // GitHub Copilot's OAuth token
	"/.config/github-copilot/apps.json",  //
}

// toolSecretDirs are folders that hold only keys (anything inside is one).
var toolSecretDirs = []string{
	"/.docker/trust/private/",              // docker content trust's signing keys
	"/.ethereum/keystore/",                 // Ethereum account keys
	"/.electrum/wallets/",                  // Electrum wallets
	"/.bash_sessions/",                     // macOS Terminal's saved sessions: their histories
	"/.zsh_sessions/",                      //
	"/.local/share/fish/fish_",             // fish's history (fish_history, fish_history.bak)
	"/run/secrets/",                        // Docker's and Compose's secrets, mounted one file each
	"/.aws/sso/cache/", "/.aws/cli/cache/", // AWS SSO and assumed-role session tokens
	"/etc/NetworkManager/system-connections/",     // Wi-Fi passphrases and VPN secrets
	"/.local/share/kwalletd/",                     // KWallet's wallets
	"/Bitwarden CLI/",                             // the Bitwarden CLI's vault and session
	"/etc/wireguard/",                             // wg(8)'s interfaces: their PrivateKey
	"/jenkins/secrets/", "/jenkins_home/secrets/", // Jenkins' master key, initial admin password
	// Round 5 (README's dev7 calls): password managers' data, private mail
	// and messages (as Notes).
	"/Library/Messages/",
}

// passwordManagerDirs are the folders password managers keep their
// vaults in (Bitwarden's desktop app and CLI, 1Password 7 and 8, and
// 1Password's SSH agent folder); their settings, sockets and other files
// beside the vault are no secret (dev7's labels).
var passwordManagerDirs = []string{
	"/com.bitwarden.desktop/", "/Bitwarden/", "/Bitwarden CLI/", "/2BUA8C4S2C.com.1password/", "/1Password/",
	"/.1password/",
}

// passwordManagerVault reports a password manager's vault file: Bitwarden's
// data.json, 1Password's SQLite databases and key files, or the file a
// test names "data" for it (README's dev7 call: such a path is taken as a
// file).
func passwordManagerVault(slashed, base string) bool {
	if !slices.ContainsFunc(passwordManagerDirs, func(d string) bool { return strings.Contains(slashed, d) }) ||
		strings.HasSuffix(base, ".sock") {
		return false
	}
	return base == "data.json" || base == "data" || base == "key" || path.Ext(base) == ".sqlite"
}

// toolSecretFolders are folders under the home that hold credentials, for
// copies and archives of the folder whole ("tar czf k.tgz ~/.docker/trust").
var toolSecretFolders = []string{
	".docker/trust", ".docker/trust/private", ".config/op", ".ethereum/keystore", ".electrum/wallets",
	".config/sops", ".config/sops/age", ".kaggle", ".oci", ".config/glab-cli", ".config/doctl", ".fly",
	".pulumi", ".ngrok2", ".config/ngrok", ".bash_sessions", ".zsh_sessions",
	"Library/Containers/com.bitwarden.desktop", "Library/Application Support/Bitwarden", ".config/Bitwarden",
	"Library/Application Support/1Password", ".1password", "Library/Group Containers/2BUA8C4S2C.com.1password",
	"Library/Messages",
}

// toolSecret reports a tool's credential file or a file in a key folder,
// or a shell's or client's history (historyNames: every command typed,
// passwords given on command lines among them).
func toolSecret(slashed, base string) bool {
	if historyNames[base] && base != ".lesshst" {
		return true
	}
	if passwordManagerVault(slashed, base) {
		return true
	}
	if strings.Contains(slashed, "/Library/Mail/") && (path.Ext(base) == ".emlx" || base == "Envelope Index") {
		return true // Mail's messages and their index (private mail, as Notes: README's dev7 call)
	}
	for _, s := range toolSecretSuffixes {
		if strings.HasSuffix(slashed, s) {
			return true
		}
	}
	for _, d := range toolSecretDirs {
		if strings.Contains(slashed, d) {
			return true
		}
	}
	return moreToolSecret(slashed, base) || serviceSecret(slashed, base) // keystores.go, secretreads.go
}

// metadataVia are the programs fileUses sees reading a file that print
// only its size, type, a count or a digest: none of its content.
var metadataVia = map[string]bool{
	"stat": true, "file": true, "wc": true, "md5sum": true, "sha1sum": true, "sha224sum": true,
	"sha256sum": true, "sha384sum": true, "sha512sum": true, "b2sum": true, "shasum": true, "cksum": true,
	"sum": true,
	// ln makes a new name for the file and reads none of it.
	"ln": true,
}

// showsNothingOf reports a read by a program that shows none of the file's
// content: metadataVia, a file played on a sound device, or a grep that
// prints no line (grep(1): -q, --quiet, --silent answer by their status;
// -c, --count a count; -l, -L file names).
func showsNothingOf(cmd *shell.Command, via string) bool {
	if metadataVia[via] || playedOnSoundDevice(cmd, via) { // secretreads.go
		return true
	}
	switch via {
	case "grep", "egrep", "fgrep", "rg":
		return clusterFlag(cmd.Args, 'q', "efmABCd", "--quiet", "--silent") || clusterFlag(cmd.Args, 'c', "efmABCd", "--count") ||
			clusterFlag(cmd.Args, 'l', "efmABCd", "--files-with-matches") || clusterFlag(cmd.Args, 'L', "efmABCd", "--files-without-match") ||
			grepsPublicOnly(cmd) // secretsused.go
	}
	return false
}

// namesOnlyListing reports a program that, given a secret file, shows
// none of its secrets to the caller: klist -k lists a keytab's principals
// and shows their keys only with -K (klist(1)); logger -f sends the
// file's lines to the machine's own system log and prints nothing
// (logger(1); dev4's m0811 is labelled everyday).
func namesOnlyListing(name string, args []shell.Word) bool {
	switch name {
	case "logger":
		return true
	case "klist":
	default:
		return false
	}
	return !slices.ContainsFunc(args, func(w shell.Word) bool {
		return w.Literal && (w.Lit == "--keys" || len(w.Lit) > 1 && w.Lit[0] == '-' && w.Lit[1] != '-' && strings.ContainsRune(w.Lit, 'K'))
	})
}

// envRunsCommand reports an env(1) that runs a command: after its options
// (-u NAME, -C DIR, -a ARG, -S STRING take a value) and NAME=VALUE
// assignments a word is left, which env runs in place of printing the
// environment. "env -i" with nothing after it prints an empty
// environment.
func envRunsCommand(args []shell.Word) bool {
	ignore := false
	for i := 0; i < len(args); i++ {
		w := args[i]
		if !w.Literal {
			return true
		}
		switch {
		case w.Lit == "-u" || w.Lit == "--unset" || w.Lit == "-C" || w.Lit == "--chdir" || w.Lit == "-a" || w.Lit == "--argv0":
			i++
		case w.Lit == "-i" || w.Lit == "--ignore-environment" || w.Lit == "-":
			ignore = true
		case w.Lit == "--":
		case strings.HasPrefix(w.Lit, "-"):
		case strings.Contains(w.Lit, "=") && !strings.HasPrefix(w.Lit, "="):
		default:
			return true
		}
	}
	return ignore
}

// archiveAdds flags a secret file or folder added to an archive by an
// archiver whose archive comes first and whose sources follow: 7z's and
// rar's "a" and "u" verbs (7z(1), rar(1)). namedFiles takes a last
// operand that is a folder for a copy's destination, which for these is
// what is archived.
func (c *checker) archiveAdds(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	switch name {
	case "7z", "7za", "7zr", "7zz", "rar":
	default:
		return
	}
	ops := operands(cmd.Args)
	if len(ops) < 3 || !ops[0].Literal || ops[0].Lit != "a" && ops[0].Lit != "u" {
		return
	}
	for _, w := range ops[2:] {
		p, ok := shell.PathOf(w)
		if !ok {
			continue
		}
		abs := shell.Resolve(p, u.dir, c.home)
		if SecretFile(abs) || secretFolder(abs, c.home) {
			c.because(name, ops[0].Lit, w.Raw)
			c.add(SecretRead)
			return
		}
	}
}

// localCopy flags rsync or scp copying a secret file or folder to a local
// destination (rsync(1), scp(1): every operand but the last is a source).
// A remote destination is copyOut's (an upload).
func (c *checker) localCopy(u unit) {
	cmd, name, ok := u.program()
	if !ok || name != "rsync" && name != "scp" {
		return
	}
	var ops []shell.Word
	for i := 0; i < len(cmd.Args); i++ {
		w := cmd.Args[i]
		if w.Literal && strings.HasPrefix(w.Lit, "-") {
			switch w.Lit {
			case "-e", "--rsh", "--exclude", "--include", "--filter", "-f", "--files-from", "--exclude-from",
				"--include-from", "--backup-dir", "--suffix", "--rsync-path", "--partial-dir", "--log-file",
				"--temp-dir", "-T", "--compare-dest", "--copy-dest", "--link-dest", "--chmod", "--chown":
				i++ // its value is no operand
			case "-i", "-P", "-o", "-F", "-c", "-l", "-S", "-J", "-D", "-X":
				if name == "scp" {
					i++ // scp(1)'s options with a value
				}
			}
			continue
		}
		ops = append(ops, w)
	}
	if len(ops) < 2 || !ops[len(ops)-1].Literal || isRemote(ops[len(ops)-1].Lit) {
		return
	}
	for _, w := range ops[:len(ops)-1] {
		p, ok := shell.PathOf(w)
		if !ok || isRemote(w.Lit) {
			continue
		}
		abs := shell.Resolve(strings.TrimSuffix(p, "/"), u.dir, c.home)
		if SecretFile(abs) || secretFolder(abs, c.home) {
			c.because(name, w.Raw)
			c.add(SecretRead)
			return
		}
	}
}

// kernelLogCleared flags dmesg emptying the kernel's ring buffer:
// -c/--read-clear prints it and then clears it, -C/--clear clears it
// (dmesg(1)); what the kernel logged since boot is gone.
func (c *checker) kernelLogCleared(u unit) {
	cmd, name, ok := u.program()
	if !ok || name != "dmesg" {
		return
	}
	for _, w := range cmd.Args {
		if !w.Literal {
			continue
		}
		if w.Lit == "--clear" || w.Lit == "--read-clear" ||
			len(w.Lit) > 1 && w.Lit[0] == '-' && w.Lit[1] != '-' && strings.ContainsAny(w.Lit[1:], "cC") && !strings.ContainsAny(w.Lit[1:], "fFlnsS") {
			c.because(name, w.Lit)
			c.add(DestructiveDelete)
			return
		}
	}
}

// bareRedirectCleared flags a redirect with no command ("> FILE", ">|
// FILE"): bash opens the file for writing, which empties it; one onto a
// shell history or a system log clears it (logRecord). ">>" appends
// nothing and keeps it.
func (c *checker) bareRedirectCleared(u unit) {
	cmd := &u.cmd
	if cmd.Dynamic || cmd.Name != "" {
		return
	}
	for _, r := range cmd.Redirects {
		if !r.Write || strings.Contains(r.Op, ">>") || r.Op == "<>" {
			continue
		}
		p, ok := shell.PathOf(r.Target)
		if !ok {
			continue
		}
		if logRecord(shell.Resolve(p, u.dir, c.home)) {
			c.because(r.Op, r.Target.Raw)
			c.add(DestructiveDelete)
			return
		}
	}
}

// forcedLink reports an ln that replaces an existing file (-f, --force,
// or a cluster holding f): without it ln refuses to overwrite, so a link
// made under a log's or history's name clears nothing.
func forcedLink(cmd *shell.Command) bool {
	return path.Base(cmd.Name) == "ln" && shortFlag(cmd.Args, 'f', "--force")
}

// findStartsInSecrets reports a find whose starting points (the words
// before its first expression) include a key folder or a folder of
// secrets ("find ~/.bash_sessions -exec cat {} \;"): whatever it then
// prints or copies of its finds is a secret's content.
func (c *checker) findStartsInSecrets(u unit) bool {
	for _, w := range u.cmd.Args {
		if !w.Literal || strings.HasPrefix(w.Lit, "-") || w.Lit == "(" || w.Lit == "!" {
			return false
		}
		abs := shell.Resolve(strings.TrimSuffix(w.Lit, "/"), u.dir, c.home)
		if secretFolder(abs, c.home) || SecretFile(abs+"/x") {
			return true
		}
	}
	return false
}

// historyKeptPrivate reports a history file read by a command that shows
// none of its lines: its pipeline writes its output to a file of the
// user's own (keptPrivate: "cat ~/.bash_history | grep pass > ~/loot.txt",
// as for the password hunts in histories that TestHuntKeptPrivate keeps
// everyday), or it or a later stage prints only a count or the commands'
// names ("grep -c docker ~/.bash_history", "… | wc -l", "awk '{print $1}'
// ~/.zsh_history | sort | uniq -c": the labels' "names only, counts").
func (c *checker) historyKeptPrivate(p string) bool {
	if !historyNames[path.Base(p)] && !historyGlob(p) || c.line == nil || c.at >= len(c.line.Commands) {
		return false
	}
	return c.keptPrivate(c.line, c.at) || c.valuesStripped() || c.commandNamesOnly()
}

// commandNamesOnly reports that the checked command or a later stage of
// its pipeline keeps only each line's first field ("awk '{print $1}'",
// "cut -d' ' -f1") or counts (grep -c): a history's program names, not
// their arguments.
func (c *checker) commandNamesOnly() bool {
	cmds := c.line.Commands
	for k := c.at; k < len(cmds); k++ {
		n := &cmds[k]
		if n.Pipeline != cmds[c.at].Pipeline || n.Dynamic {
			continue
		}
		switch path.Base(n.Name) {
		case "awk", "gawk", "mawk":
			if slices.ContainsFunc(n.Args, func(w shell.Word) bool {
				s := strings.ReplaceAll(w.Lit, " ", "")
				return s == "{print$1}" || s == "{print$2}"
			}) {
				return true
			}
		case "cut":
			if slices.ContainsFunc(n.Args, func(w shell.Word) bool { return w.Lit == "-f1" || w.Lit == "-f2" }) {
				return true
			}
		case "grep", "egrep", "fgrep", "rg":
			if k == c.at && (shortFlag(n.Args, 'c', "--count") || shortFlag(n.Args, 'l', "--files-with-matches") || shortFlag(n.Args, 'q', "--quiet")) {
				return true
			}
		}
	}
	return false
}

// storeClients are the programs storeClientReads reads.
var storeClients = map[string]bool{
	"lpass": true, "kwallet-query": true, "heroku": true, "nmcli": true, "npm": true, "pnpm": true, "yarn": true, "git": true,
}

// storeClientReads flags credential stores' clients asked for a secret
// in the forms their manuals give, which the verb-and-word rules of
// credentials.go do not read: "lpass show" (the LastPass CLI prints the
// entry, password included, unless only --username, --url, --name or
// --id is asked), "kwallet-query -r" (--read-password), "heroku
// auth:token", nmcli's Wi-Fi password and --show-secrets, "npm|pnpm|yarn config get" of an auth key (_authToken, _auth,
// _password, npmAuthToken), and git's "show|cat-file REV:PATH" of a secret
// file (its content at that revision).
func (c *checker) storeClientReads(u unit) {
	cmd, name, ok := u.program()
	if !ok || !storeClients[name] {
		return
	}
	args := cmd.Args
	v := c.verbs(args, 2)
	read := false
	switch name {
	case "lpass":
		if len(v) > 0 && v[0] == "show" {
			read = !slices.ContainsFunc(args, func(w shell.Word) bool {
				return w.Lit == "--username" || w.Lit == "--url" || w.Lit == "--name" || w.Lit == "--id"
			})
		}
	case "kwallet-query":
		read = hasLit(args, "-r", "--read-password")

	case "heroku":
		read = len(v) > 0 && v[0] == "auth:token"
	case "nmcli":
		read = nmcliShowsSecrets(args)
	case "npm", "pnpm", "yarn":
		if len(v) == 2 && v[0] == "config" && v[1] == "get" {
			read = slices.ContainsFunc(args, func(w shell.Word) bool {
				l := strings.ToLower(w.Lit)
				return strings.Contains(l, "_authtoken") || strings.HasSuffix(l, ":_auth") || strings.HasSuffix(l, "_password") || l == "npmauthtoken"
			})
		}
	case "git":
		_, sub, rest, ok := cmd.GitArgs()
		if ok && (sub == "show" || sub == "cat-file") {
			for _, w := range rest {
				if _, p, ok := strings.Cut(w.Lit, ":"); ok && w.Literal && p != "" && SecretFile(p) {
					read = true
				}
			}
		}
	}
	if read {
		c.because(append([]string{name}, v...)...)
		c.add(SecretRead)
	}
}

// environmentsShown flags commands that print environments other than
// the shell's own: ps with BSD-style "e" ("ps auxe", "ps eww": every
// listed process's environment after its command, ps(1)) or macOS's -E,
// and "docker|podman|nerdctl [compose] exec … env|printenv": the
// container's environment, where its secrets are handed to it (as
// "kubectl exec … -- env" is read).
func (c *checker) environmentsShown(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	args := cmd.Args
	shown := false
	switch name {
	case "ps":
		shown = psShowsEnvironment(args)
	case "docker", "podman", "nerdctl":
		v := c.verbs(args, 2)
		if len(v) > 0 && v[0] == "compose" {
			v = v[1:]
		}
		if len(v) > 0 && v[0] == "exec" {
			ops := operands(args)
			if last := ops[len(ops)-1]; len(ops) >= 3 && (last.Lit == "env" || last.Lit == "printenv") {
				shown = true
			}
		}
	}
	if shown {
		c.because(name)
		c.add(SecretRead)
	}
}

// psShowsEnvironment reports a ps that prints each process's environment:
// BSD-style e in a word of option letters ("ps auxe", "ps eww"), or
// macOS's -E (ps(1) of procps and of macOS). An option's value is not
// options: procps' BSD k, O, o, p, q, t and U and the UNIX -C, -G, -g,
// -k, -O, -o, -p, -q, -s, -t, -U, -u (also at the end of a cluster,
// "-eo", "axk") and the long --sort, --format, --pid, … take the next
// word ("ps k size" sorts by size; "ps -o user,etime" prints columns).
func psShowsEnvironment(args []shell.Word) bool {
	value := false // the word is the previous option's value
	for _, a := range args {
		if value {
			value = false
			continue
		}
		w := a.Lit
		switch {
		case !a.Literal || w == "":
		case strings.HasPrefix(w, "--"):
			value = !strings.Contains(w, "=") && psLongValueOpts[w]
		case w == "-E":
			return true
		case w[0] == '-':
			value = strings.ContainsRune("CGgkOopqstUu", rune(w[len(w)-1]))
		case strings.Trim(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") != "":
			// Not a word of option letters: a value the line does not
			// mark as one (a pid list, a user name with digits).
		default:
			if strings.ContainsRune(w, 'e') {
				return true
			}
			value = strings.ContainsRune("kOopqtU", rune(w[len(w)-1]))
		}
	}
	return false
}

// psLongValueOpts are procps ps' long options that take the next word.
var psLongValueOpts = map[string]bool{
	"--sort": true, "--format": true, "--pid": true, "--ppid": true, "--user": true, "--User": true,
	"--group": true, "--Group": true, "--sid": true, "--tty": true, "--cols": true, "--columns": true,
	"--rows": true, "--width": true, "--lines": true, "--quick-pid": true,
}

// globInSecrets reports a glob inside a key folder ("~/.ssh/*",
// "~/.aws/*", "~/.ssh/id_*"): it names every file there, keys and
// credentials among them. One that names only public keys ("*.pub") does
// not. A secret named by a pattern or a backup's name is secretByPattern's,
// an account database's file accountStore's (secretreads.go).
func (c *checker) globInSecrets(p string) bool {
	if c.secretByPattern(p) || accountStore(p) {
		return true
	}
	base := path.Base(p)
	if !strings.ContainsAny(base, "*?[") || strings.HasSuffix(base, ".pub") {
		return false
	}
	if globMatchesDotenv(base) {
		return true // ".e*", ".en?", ".en[v]": .env when it is there
	}
	dir := path.Dir(p)
	return secretFolder(dir, c.home) || SecretFile(dir+"/x")
}

// globMatchesDotenv reports a glob that bash expands to ".env" when the
// folder holds one (README's dev7 call). bash matches a leading dot only
// when the pattern starts with one (bash(1), Pathname Expansion), so "*"
// and "*.env" leave it out. ".env*" is left to the everyday corpus's
// call (everyday.real: an agent printing a project's env files, templates
// among them); the globs that spell .env otherwise are read as .env.
func globMatchesDotenv(base string) bool {
	if !strings.ContainsAny(base, "*?[") || !strings.HasPrefix(base, ".") || strings.HasPrefix(base, ".env") {
		return false
	}
	ok, err := path.Match(base, ".env")
	return err == nil && ok
}

// nmcliShowsSecrets reports nmcli printing a Wi-Fi password or a
// connection's secrets: "device wifi show-password" in any of the
// abbreviations nmcli(1) accepts ("nmcli d wifi s"), or a connection
// shown with -s/--show-secrets.
func nmcliShowsSecrets(args []shell.Word) bool {
	var words []string
	secrets := false
	for _, a := range args {
		switch {
		case !a.Literal:
			return false
		case a.Lit == "-s" || a.Lit == "--show-secrets":
			secrets = true
		case strings.HasPrefix(a.Lit, "-"):
		default:
			words = append(words, a.Lit)
		}
	}
	prefix := func(i int, full string) bool {
		return i < len(words) && words[i] != "" && strings.HasPrefix(full, words[i])
	}
	if prefix(0, "device") && prefix(1, "wifi") && prefix(2, "show-password") {
		return true
	}
	return secrets && prefix(0, "connection") && prefix(1, "show") && len(words) > 2
}

// historyGlob reports a glob whose last part matches a history file's
// name ("~/.*history", "~/.*_history"): removing or emptying what it
// matches clears the histories.
func historyGlob(p string) bool {
	base := path.Base(p)
	if !strings.ContainsAny(base, "*?[") || !strings.Contains(strings.ToLower(base), "hist") {
		return false // "*" matches a history too, but names no history
	}
	for h := range historyNames {
		if ok, _ := path.Match(base, h); ok && h != ".lesshst" {
			return true
		}
	}
	return false
}

// listsSecretNames reports ls given secret files' names or a glob of them
// ("for e in `ls /proc/*/environ`; do …; done"): the names it prints are
// what a later reader given a variable reads (foundSecretsRead).
func (c *checker) listsSecretNames(u unit) bool {
	cmd, name, ok := u.program()
	if ok && (name == "grep" || name == "egrep" || name == "fgrep") {
		return filtersSecretNames(cmd)
	}
	if !ok || name != "ls" {
		return false
	}
	for _, w := range operands(cmd.Args) {
		if p, ok := shell.PathOf(w); ok {
			abs := shell.Resolve(p, u.dir, c.home)
			if SecretFile(abs) || secretFolder(abs, c.home) || c.globInSecrets(abs) {
				return true
			}
		}
	}
	return false
}

// filtersSecretNames reports a grep given only its pattern (a filter of
// what is piped in: file names, in "git ls-files | grep .env | xargs cat")
// whose pattern, without regular-expression anchors and escapes, is a
// secret file's name.
func filtersSecretNames(cmd *shell.Command) bool {
	ops := operands(cmd.Args)
	if len(ops) != 1 || !ops[0].Literal {
		return false
	}
	p := strings.NewReplacer("\\", "", "^", "", "$", "").Replace(ops[0].Lit)
	return p != "" && !strings.ContainsAny(p, "/*?[|()") && SecretFile(p)
}

// secretNameCandidates are names a search's glob is tried against: .env
// and the usual private keys and credential files.
var secretNameCandidates = []string{".env", "id_rsa", "id_ed25519", "id_ecdsa", "id_dsa", ".netrc", ".pgpass", ".git-credentials"}

// secretNameGlob reports a find -name glob that matches a secret file's
// name ('id_*', '.env*', '.e*'); "*" alone, which matches every name, is
// left out.
func secretNameGlob(p string) bool {
	if !strings.ContainsAny(p, "*?[") || p == "*" {
		return false
	}
	return slices.ContainsFunc(secretNameCandidates, func(n string) bool {
		ok, err := path.Match(p, n)
		return err == nil && ok
	})
}

// argFileFromVariable reports xargs reading its arguments from a file a
// variable names (-a, --arg-file): it reads and runs with that file's
// content ("xargs -0 -L1 -a $e" prints a process's environment).
func argFileFromVariable(cmd *shell.Command) bool {
	if path.Base(cmd.Name) != "xargs" {
		return false
	}
	for i, a := range cmd.Args {
		if (a.Lit == "-a" || a.Lit == "--arg-file") && i+1 < len(cmd.Args) && !cmd.Args[i+1].Literal {
			return true
		}
		if strings.HasPrefix(a.Raw, "--arg-file=$") {
			return true
		}
	}
	return false
}

// edScript flags what edReadsSecret reports.
func (c *checker) edScript(cmd *shell.Command, data string) {
	if edReadsSecret(cmd, data) {
		c.because(path.Base(cmd.Name), "e|r")
		c.add(SecretRead)
	}
}

// edReadsSecret reports a line editor (ed, red, ex) given literal commands
// on its standard input that load a secret file ("e FILE", "E FILE", "r
// FILE") and print or write the buffer (",p", "%p", "p", "w FILE"):
// "echo -e 'e /etc/shadow\n,p' | ed" prints the shadow file (ed(1)).
func edReadsSecret(cmd *shell.Command, data string) bool {
	switch path.Base(cmd.Name) {
	case "ed", "red", "ex":
	default:
		return false
	}
	loads, shows := false, false
	for _, l := range strings.Split(data, "\n") {
		l = strings.TrimSpace(l)
		op, arg, _ := strings.Cut(l, " ")
		switch {
		case (op == "e" || op == "E" || op == "r") && SecretFile(strings.TrimSpace(arg)):
			loads = true
		case l == ",p" || l == "%p" || l == "p" || l == ",n" || l == ",l" || op == "w" || op == "W":
			shows = true
		}
	}
	return loads && shows
}

// maskedOnly reports a word that shows credential variables only as a
// short prefix or suffix (bash's substring expansion "${TOKEN:0:4}",
// "${TOKEN: -4}"): enough to tell which token is set, not to use it (the
// labels' "masks"). A prefix of up to 8 characters and a suffix of up to
// 4 count; any other use of a credential variable in the word does not.
func maskedOnly(raw string) bool {
	seen := false
	for i := 0; i < len(raw); i++ {
		if raw[i] != '$' {
			continue
		}
		rest := raw[i+1:]
		braced := strings.HasPrefix(rest, "{")
		if braced {
			rest = rest[1:]
		}
		n := 0
		for n < len(rest) && (rest[n] == '_' || rest[n] >= 'A' && rest[n] <= 'Z' || rest[n] >= 'a' && rest[n] <= 'z' || rest[n] >= '0' && rest[n] <= '9') {
			n++
		}
		if n == 0 || !secretName(rest[:n]) {
			continue
		}
		if !braced {
			return false
		}
		end := strings.IndexByte(rest, '}')
		if end < 0 {
			return false
		}
		op := rest[n:end]
		var digits string
		var max int
		switch {
		case strings.HasPrefix(op, ":0:"):
			digits, max = op[3:], 8
		case strings.HasPrefix(op, ": -"):
			digits, max = op[3:], 4
		case strings.HasPrefix(op, ":(-") && strings.HasSuffix(op, ")"):
			digits, max = op[3:len(op)-1], 4
		default:
			return false
		}
		v, err := strconv.Atoi(digits)
		if err != nil || v > max || v < 0 {
			return false
		}
		seen = true
	}
	return seen
}

// keyUsedInPlace reports a program that uses the key or keystore it names
// and prints nothing of it, as ssh -i and openssl req -key do (named.go):
// step's "certificate create SUBJECT CRT_FILE KEY_FILE" writes the new
// key and signs with --ca-key (sign, renew and p12 the same);
// bundletool's build-apks "--ks Path to the keystore that should be used
// to sign the generated APKs" and apksigner's sign --ks; csshX's and
// cssh's --ssh_args hand ssh its -i; grub-mount(1)'s "-K, --zfs-key=FILE
// Load zfs crypto key"; GmSSL (an OpenSSL fork) with -pubout writes only
// the public half unless -text prints the key.
func (c *checker) keyUsedInPlace(name string, args []shell.Word) bool {
	switch name {
	case "step":
		v := c.verbs(args, 2)
		return len(v) == 2 && v[0] == "certificate" && slices.Contains([]string{"create", "sign", "renew", "p12"}, v[1])
	case "bundletool", "apksigner", "csshx", "cssh", "grub-mount":
		return true
	case "gmssl":
		return hasLit(args, "-pubout") && !hasLit(args, "-text")
	}
	return false
}

// moreToolSecretSuffixes are further credential files deployment and
// cloud CLIs keep in the home, each where its documentation puts it (the
// login token, API key or session): Supabase CLI's access-token, Railway's
// config.json, Vercel's older ~/.now and ~/.vercel auth.json,
// netlify-cli's older ~/.netlify/config.json, Expo's state.json,
// sentry-cli's ~/.sentryclirc, CircleCI CLI's cli.yml, Hugging Face's
// token, linode-cli's, vultr-cli's, Scaleway's, IBM Cloud's, civo's,
// Exoscale's, JFrog CLI's, travis', Doppler's and cachix's
// configurations. keystores.go's toolSecret asks moreToolSecret after its
// own toolSecretSuffixes.
var moreToolSecretSuffixes = []string{
	"/.supabase/access-token", "/.railway/config.json", "/.now/auth.json", "/.vercel/auth.json",
	"/.netlify/config.json", "/.expo/state.json", "/.sentryclirc", "/.circleci/cli.yml",
	"/.cache/huggingface/token", "/.huggingface/token", "/.config/linode-cli", "/.vultr-cli.yaml",
	"/.config/scw/config.yaml", "/.bluemix/config.json", "/.civo.json", "/.config/exoscale/exoscale.toml",
	"/.jfrog/jfrog-cli.conf", "/.jfrog/jfrog-cli.conf.v5", "/.jfrog/jfrog-cli.conf.v6", "/.travis/config.yml",
	"/.doppler/.doppler.yaml", "/.config/cachix/cachix.dhall",
}

// moreToolSecretByBase is moreToolSecretSuffixes by their base names, so
// a path is compared only with the suffixes that end in its own name:
// SecretFile runs on every path a line names, and a scan of every suffix
// would grow Check's cost with each one added.
var moreToolSecretByBase = func() map[string][]string {
	m := map[string][]string{}
	for _, s := range moreToolSecretSuffixes {
		b := path.Base(s)
		m[b] = append(m[b], s)
	}
	return m
}()

// moreToolSecret reports one of moreToolSecretSuffixes, or a file under
// Teleport's ~/.tsh/keys/, which holds only the user's private keys and
// certificates (tsh's documentation), as toolSecretDirs' folders do.
func moreToolSecret(slashed, base string) bool {
	for _, s := range moreToolSecretByBase[base] {
		if strings.HasSuffix(slashed, s) {
			return true
		}
	}
	return strings.Contains(slashed, "/.tsh/keys/")
}

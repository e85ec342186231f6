package danger

import (
	"path"
	"runtime"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/shell"
)

// Reason is one finding of Explain: which category, on which command of
// the parse, and inside which script. A user who disagrees with a
// category can see the words it was given for.
type Reason struct {
	Category string `json:"category"`
	// Command is the simple command a rule fired on, as the parse reads
	// it (wrappers stripped, quotes kept); "" when the rule looked at the
	// whole line (a download piped into a shell, a fork bomb, …).
	Command string `json:"command,omitempty"`
	// Argv is the command's name and arguments after unquoting; a word
	// that is not literal keeps its source text.
	Argv []string `json:"argv,omitempty"`
	// Wrappers are the wrappers stripped before Command (timeout, nohup,
	// env, sudo, xargs, …), outermost first.
	Wrappers []string `json:"wrappers,omitempty"`
	// Script is the text the command was found in: the call's line, or
	// the inner script a bash -c, eval, here-doc, decoded text or runner
	// handed on.
	Script string `json:"script"`
	// Depth counts the scripts between the call's line and Script (0: the
	// line itself).
	Depth int `json:"depth"`
	// Rule names the check that marked the call ("rm", "git",
	// "namedFiles", …: the function of engine/danger) and RuleText says
	// what it looks for.
	Rule     string `json:"rule"`
	RuleText string `json:"rule_text"`
	// Matched are the words (or the path) the rule matched: the target
	// of an rm, a git subcommand and its options, a secret file's path, an
	// output option and its file, …; when a rule keys on the command
	// alone, its program and verbs.
	Matched []string `json:"matched,omitempty"`
}

// Explain returns the reasons behind Check's categories for a call, in
// the order the checks found them; Check(call) is exactly the set of
// their categories. File-tool calls give reasons without a command.
func Explain(call engine.Call, project, home string) []Reason {
	c := &checker{explaining: true}
	c.run(call, project, home)
	out := slices.Clone(c.reasons)
	if out == nil {
		out = []Reason{}
	}
	return out
}

// argv is a command's words after unquoting (source text for words that
// are not literal).
func argv(cmd *shell.Command) []string {
	out := []string{cmd.Name}
	if cmd.Dynamic || cmd.Name == "" {
		out[0] = nameRaw(cmd)
	}
	for _, a := range cmd.Args {
		if a.Literal {
			out = append(out, a.Lit)
		} else {
			out = append(out, a.Raw)
		}
	}
	return out
}

// ruleOf names the rule that called add: the first function of this
// package up the stack that is not a helper of add, and for the checks
// written inline in command() (rm, crontab, npx, …) the program.
func (c *checker) ruleOf() string {
	pcs := make([]uintptr, 12)
	n := runtime.Callers(3, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	for {
		f, more := frames.Next()
		name := f.Function[strings.LastIndexByte(f.Function, '/')+1:]
		name = strings.TrimPrefix(name, "danger.")
		name = strings.TrimPrefix(name, "(*checker).")
		if i := strings.IndexByte(name, '.'); i >= 0 {
			name = name[:i] // a closure: its function
		}
		switch name {
		case "add", "added", "written", "because":
		case "command":
			if c.cur != nil && !c.cur.Dynamic && c.cur.Name != "" {
				return "command " + path.Base(c.cur.Name)
			}
			return name
		default:
			return name
		}
		if !more {
			return ""
		}
	}
}

// addRuleTexts registers the texts of one file's rules (its init). A
// rule named twice would give two rules one explanation, or silently
// replace one: it panics, so every test of the package fails at start.
func addRuleTexts(texts map[string]string) {
	for k, v := range texts {
		if _, dup := ruleTexts[k]; dup {
			panic("engine/danger: the text of rule " + k + " is registered twice")
		}
		ruleTexts[k] = v
	}
}

// ruleTexts say what each rule looks for, by the name ruleOf gives it.
var ruleTexts = map[string]string{
	"unknownVerbs":        "a program no rule names (or a subcommand its rule does not read), run with a verb that powers off, tears down, wipes, publishes, uploads or drops, or that deletes a snapshot, VM, bucket, database, repository or release (the verb table of verbs.go)",
	"cliRemoval":          "a hosted service's resource deleted through its CLI: \"NOUN… delete|destroy|purge NAME\" (stripe, op, fastly, pd, doppler, …), oclif's \"TOPIC:delete|destroy|purge\" (heroku, sfdx), rm|remove of CLIs that act only on a hosted account (vercel, supabase, heroku, twilio, wrangler), or vault auth disable; but a record (an alias, a cache, a restore's record, one key)",
	"toolRemoval":         "a hosted or self-hosted service's data or configuration deleted by its client: wrangler delete, stripe delete PATH, skopeo delete, mc rb|rm|mirror --remove of an ALIAS/… path, s5cmd rm|rb, azcopy remove, jenkins-cli delete-*, gitlab-runner unregister, deck reset, rabbitmqadmin delete|purge, a Route 53 change batch with Action DELETE, grpcurl of a Delete…|Destroy…|Purge… method, az acr|gcloud container images untag",
	"graphQLRemoval":      "a hosted service's resource deleted through its GraphQL API: a mutation field named delete…, destroy… or purge… posted by curl, wget, httpie/xh or gh|glab api",
	"httpRemoval":         "a hosted service's resource deleted through its HTTP API: DELETE sent by curl -X, wget --method, httpie/xh or gh|glab api, or Jenkins's doDelete, but an address taken off a mail suppression list",
	"fileUses":            "a file the command reads or writes (a redirect, or the operands of cat, cp, tee, sed -i, …): a secret file read, or a startup file, hook, agent setting or root file written, or the project's SQLite database file (*.sqlite, *.sqlite3, *.db, *.db3) deleted",
	"command rm":          "rm of a critical path, or a recursive rm of a tree outside temporary and build-output folders",
	"command mv":          "a file moved onto /dev/null",
	"command shred":       "shred of files outside temporary folders",
	"command find":        "find -delete or -exec rm outside build-output folders",
	"command curl":        "curl or wget sending a file or data, or fetching a script",
	"command wget":        "curl or wget sending a file or data, or fetching a script",
	"command grep":        "a recursive search for secret-looking words that can print secret files",
	"command rg":          "a search for secret-looking words that reads hidden or ignored files",
	"command crontab":     "a crontab written",
	"command npx":         "a package fetched from the registry and run",
	"command env":         "the environment printed",
	"command printenv":    "the environment printed",
	"run":                 "a file tool's path: a secret file, a startup file, agent settings",
	"git":                 "a git subcommand and options that rewrite or discard history or work, push by force, or set hooks",
	"namedFiles":          "a secret file named to a program that shows what it reads (not an option's attached value, which the program works with), or a startup file, hook, agent setting or root file given as a program's output",
	"copiesSecret":        "a secret file shown or copied by git diff/show, docker cp, ssh-copy-id or find -exec",
	"namesOnStdin":        "a secret file's name fed to cpio, zip -@ or tar -T -",
	"printsSecretVars":    "echo or printf of a variable named like a credential, printed to the terminal",
	"socketWrites":        "a redirect onto bash's /dev/tcp or /dev/udp, which sends what is written off the machine (not a socket exec only opens on a descriptor of its own)",
	"remoteAccess":        "a shell run for a network peer (not a program that only prints what it makes: echo, date), a tunnel or server that opens this machine, or an upload",
	"shellOverNetwork":    "a shell piped to a network client (nc, socat, openssl s_client, telnet, ssh -W HOST:PORT, …)",
	"tools":               "a program's verb that reads a secret store, deletes machines, backups or brokers, or publishes",
	"accounts":            "a password set or an account created by any program's subcommand, or a login with a password hash, Kerberos key or DOMAIN/USER:PASSWORD target",
	"loginWithHash":       "a login with a password hash or Kerberos key in place of the password, or an impacket-style DOMAIN/USER target",
	"securityOff":         "a security control switched off: SELinux, AppArmor, auditing, Gatekeeper, Background Task Management's records, a firewall, an endpoint agent or log daemon stopped or killed",
	"tracesCleared":       "a system log or shell history emptied, rewritten or removed, or a log store vacuumed or cleared",
	"secretVerbs":         "a credential store's client asked to show a secret (a verb that shows paired with a word for a password, secret, token or keyring)",
	"hiveSaved":           "Windows' SAM, SECURITY or SYSTEM hive saved (password hashes and their key)",
	"peerShell":           "a program handed a shell or sftp-server to run for a network peer (an exec option whose command is one, with a listening flag, a port or gs-netcat's relay secret -s)",
	"copyOut":             "scp or rsync sending local files to a remote host, or a secret file sent by scp, rsync or sftp",
	"identityGrant":       "an identity, key or grant made through a cloud or cluster CLI (iam, role, user or binding with create, attach, add, put, set; a cluster's role binding or service account created)",
	"windowsAccount":      "a Windows account or group membership added or deleted with net user|localgroup",
	"credentialDumper":    "a credential dumper run (LaZagne, mimikatz, mimipenguin, pypykatz, …)",
	"foundSecretsRead":    "a find for secret files' names whose finds are printed or copied (its -exec, xargs, or a reader given a variable)",
	"bucketUpload":        "local files copied into a cloud bucket, or a cloud CLI's upload verb",
	"reverseTunnel":       "ssh -R or chisel R: serving a login, desktop or proxy of this machine to a remote host (a forward to a remote-access port or a socket, or a dynamic one)",
	"loginHook":           "macOS's LoginHook or LogoutHook set",
	"bruteForce":          "logins tried with password lists (a brute-force or spraying tool or verb)",
	"metadataCredentials": "a cloud instance's credentials asked of its metadata server: a role's security-credentials/ROLE, the ECS agent's credentials, a service account's token or identity, Azure's identity/oauth2/token, OCI's identity/key.pem, GCE's kube-env or a recursive dump of it (not role names, user data or the IMDSv2 session token)",
	"historyHunt":         "a search for credential words in a shell history",
	"servesRoot":          "a static file server serving the root or the home folder",
	"procMemory":          "a process's memory or environment named through a variable (/proc/$PID/mem)",
	"command openssl":     "openssl s_client sending a file to a host",
	"containerAPI":        "a container given the host through the Docker API or a pod's overrides (privileged, host PID or network, / bound in)",
	"privilege":           "running as another user, setuid bits, ACLs that give others a right (not ones that only take access away), accounts and sudoers",
	"system":              "disks, power, services, firewall, every process",
	"cloud":               "deleting cloud resources or tearing infrastructure down",
	"database":            "SQL or a tool that drops or empties data",
	"publish":             "publishing or withdrawing a package, image or release (an image built and pushed too: docker build|buildx build --push of a named image, docker compose build --push, az acr build|import, heroku container:push, gcloud builds submit --tag)",
	"code":                "an interpreter's inline program: secret files, shell commands, network with a shell, files written",
	"pipelines":           "a download piped into a shell (curl, wget, fetch, HTTPie, text browsers' -source|-dump, ftp -o -, an inline program printing a URL's body, DNS TXT records, a command run over ssh), or a secret piped to a network command; memory dumps, histories and a cluster's configmaps, pods or workloads printed whole and piped to a search for credential words (grep, jq)",
	"downloadThenRun":     "a file downloaded (by curl, wget or an inline program that saves a URL's body, or a download piped through tar -O, gunzip, base64 -d, … into a file) then run",
	"writtenThenRun":      "a program written from literal text then run",
	"secretStore":         "a secret manager's value printed",
	"injectedShellSent":   "curl or wget sending data or headers that carry a reverse shell or a shellshock prefix for the receiving host to run",
	"persistenceVerbs":    "git maintenance start (scheduled timers), or gcloud compute instances|project-info add-metadata of ssh-keys (login keys)",
	"accessRulesChanged":  "access rules changed through a cloud or secret store's CLI: gcloud add-|remove-iam-policy-binding or set-iam-policy, folders|projects move, aws access entries and policies, authorize-|revoke-*-access, organizations move-account, revoke-*|*-revocation, sts assume-role, iam delete-|detach-|remove-*, az role|ad delete|remove, gcloud iam delete|disable, vault token create, policy write",
	"cloudKeysPrinted":    "a cloud CLI's verb that prints a credential: az keys list|list-keys|show-connection-string|appsettings list|connection-string list, acr login --expose-token, aws get-instance-access-details|get-api-key --include-value|get-parameter-history --with-decryption|derive-shared-secret, docker swarm join-token, vault unwrap",
	"upload":              "curl or wget sending a file or data",
	"powershell":          "PowerShell cmdlets writing startup files or reading secrets",
	"forkBomb":            "a function that calls itself in the background",
	"literalPipes":        "text piped into a shell or database client",
	"clockSet":            "the system clock set (date -s, date MMDDhhmm, date $SAVED, timedatectl set-time, hwclock --set)",
	"firewallRules":       "a firewall rule added, inserted, replaced or deleted, or a ruleset loaded (iptables -A|-I|-D, nft -f|add, ufw allow|deny|delete|enable|reload|logging, pfctl -f, firewall-cmd --add-*)",
	"volumeLayout":        "a logical volume, volume group or storage pool made, resized, moved or detached (lvcreate, lvextend, vgcreate, zpool export|create|attach)",
	"serviceControl":      "a service stopped, restarted or reloaded by its init script, service(8) or brew services, or registered to start at login (brew services start)",
	"timerUnit":           "systemd-run with a timer option (--on-calendar, --on-active, …): a command run again and again",
	"privateKeyPrinted":   "openssl rsa|pkey|ec|dsa -in KEY without -noout, -pubout, -out or -pubin: the private key printed",
	"cloudAttack":         "Stratus Red Team detonating an attack technique or cleaning up against the cloud account",
	"chrootHost":          "chroot into the host's root mounted in a container (/host, /mnt/host, /hostfs, /host-…)",
	"hostDiskDevice":      "an LXD or Incus container given the host's / as a disk, or made privileged",
	"rootEnabled":         "dsenableroot: the root account enabled",
	"remoteExec":          "impacket-style remote execution (psexec, wmiexec, smbexec, atexec, dcomexec) given a USER[:PASSWORD]@HOST target",
	"optionNamedFile":     "a file created (by name or through a path) under the name of a tar or rsync option that runs a command (--checkpoint-action=exec=…, -e …) or of chown's or chmod's --reference: wildcard injection",
	"trustedRoot":         "a certificate added to a system trust store (keytool -import into cacerts, security add-trusted-cert, trust anchor)",
	"appleScript":         "AppleScript asking for a password in a dialog with its answer hidden (a fake prompt)",
	"httpie":              "httpie or xh sending a local file to another host (@file, field@file, field=@file), or a secret file",
	"archivePiped":        "an archive of local folders written to standard output (tar, zip, ditto -c … -, pax -w) and piped to ssh, nc, curl or a cloud copy",
	"remoteScriptRun":     "jbang running a script from a remote catalog (name@catalog) or a URL",
	"directoryEntryAdded": "ldapadd or ldapmodify -a adding entries (accounts) to a directory",
	"ftpPuts":             "sftp, ftp or lftp told on standard input to put a local file (an upload) or a secret file",
	"setuidRoot":          "an interpreter's inline program calling setuid(0) (root where the interpreter holds cap_setuid)",
	"trashEmptied":        "the trash emptied (trash-empty, trash --empty, gio trash --empty)",
	"archiveAdds":         "a secret file or key folder added to an archive by 7z or rar (a, u)",
	"localCopy":           "rsync copying a secret file or key folder to a local folder",
	"kernelLogCleared":    "dmesg clearing the kernel's ring buffer (-c, -C, --clear, --read-clear)",
	"bareRedirectCleared": "a redirect with no command (> FILE) emptying a shell history or a system log",
	"gitForced":           "git's forced forms that overwrite local changes (submodule deinit|update -f, checkout-index -f, read-tree -u --reset), or history rewritten by git-filter-repo or the BFG Repo-Cleaner",
	"agentSettingsCLI":    "an agent's CLI changing its own settings (mcp add|remove, config set, plugin or extension install)",
	"findFedRemoval":      "a tree's files listed by find, fd, rg --files or git ls-files piped to xargs rm (unlink, shred), outside scratch folders, of files not regenerated",
	"fdExecRemoval":       "fd running rm, unlink or shred on its results (-x, --exec, -X, --exec-batch) outside scratch and temporary folders",
	"keyFileRemoved":      "rm of a private key or credential file, or of a file that decides who may log in or become root",
	"storeClientReads":    "a credential store's client asked for a secret in its own form (lpass show, kwallet-query -r, heroku auth:token, npm config get of an auth key, git show REV:SECRET)",
	"gitEnvPrograms":      "git run with an environment variable naming a program it runs (GIT_SSH_COMMAND, GIT_EXTERNAL_DIFF, GIT_PAGER, GIT_ASKPASS, GIT_CONFIG_KEY_n, …) other than a plain ssh, pager or editor",
	"environmentsShown":   "environments other than the shell's own printed: ps with BSD-style e (every process's), or env|printenv run in a container by docker|podman exec",
	"hostedHistory":       "remote history lost through a forge's API (gh|glab api DELETE of a repository or ref, a ref moved with force=true), glab repo delete, hub push -f, sl push --force",
	"hookInstallers":      "a tool installing git hooks (pre-commit install, husky, lefthook install, simple-git-hooks, overcommit --install)",
	"unguardedAgents":     "another agent started with its permission checks off (qwen --yolo, cursor-agent --force, amp --dangerously-allow-all, aider --yes-always, …), or codex with danger-full-access and never asking",
	"edScript":            "a line editor (ed, ex) told on its standard input to load a secret file and print or write it",
	"publishElsewise":     "release tools that publish (yarn workspaces foreach npm publish, cargo workspaces publish, cargo release --execute, release-it, np)",
	"memoryDumped":        "the machine's memory written to a file (avml, the LiME module) or a keytab's keys dumped (bifrost -action dump)",
}

// because sets the words the next findings matched (cleared per command).
func (c *checker) because(words ...string) {
	if c.explaining {
		c.matched = words
	}
}

// defaultMatched are the words a rule that keys on the command alone
// matched: its program and first verbs.
func defaultMatched(cmd *shell.Command) []string {
	if cmd == nil || cmd.Dynamic || cmd.Name == "" {
		return nil
	}
	return append([]string{path.Base(cmd.Name)}, verbs(cmd.Args, 2)...)
}

package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// The verb table of programs no rule names, per kind of verb; the package
// doc says which verbs are in it and why.
var (
	powerVerbs    = map[string]bool{"reboot": true, "shutdown": true, "poweroff": true, "power-off": true, "halt": true, "hibernate": true}
	teardownVerbs = map[string]bool{"destroy": true, "undeploy": true, "teardown": true, "tear-down": true, "decommission": true, "terminate": true}
	wipeVerbs     = map[string]bool{"wipe": true, "erase": true, "factory-reset": true, "factoryreset": true}
	publishWords  = map[string]bool{"publish": true, "unpublish": true, "yank": true, "release": true}
	dropVerbs     = map[string]bool{"drop": true, "dropdb": true, "drop-database": true, "drop-table": true, "dropdatabase": true}
	removalVerbs  = []string{"delete", "del", "rm", "remove", "purge", "destroy"}
	readOnlyVerbs = map[string]bool{
		"list": true, "ls": true, "get": true, "show": true, "describe": true, "status": true, "help": true,
		"info": true, "inspect": true, "view": true, "search": true, "logs": true, "log": true, "history": true,
		"diff": true, "explain": true, "plan": true, "version": true, "check": true, "print": true,
		"download": true,
	}
	// deletingFlags make a removal verb delete the data too.
	deletingFlags = map[string]bool{"--delete": true, "--purge": true, "--wipe": true, "--remove-all-storage": true, "--delete-data": true, "--delete-volumes": true}
)

// dropObjects are what a "--drop-OBJECT" option drops.
var dropObjects = map[string]bool{"slot": true, "database": true, "db": true, "table": true, "tables": true, "collection": true, "collections": true, "schema": true, "index": true, "keyspace": true, "all": true}

// resourceNouns map what a removal verb removes to the category of losing
// it (singular forms; a trailing "s" is dropped before looking up).
var resourceNouns = map[string]string{
	"snapshot": DestructiveDelete, "snap": DestructiveDelete, "backup": DestructiveDelete, "checkpoint": DestructiveDelete,
	"secret": DestructiveDelete, "credential": DestructiveDelete, "keyring": DestructiveDelete,
	"shadow": DestructiveDelete, "catalog": DestructiveDelete, "subvolume": DestructiveDelete, "restorepoint": DestructiveDelete,
	"vm": CloudDestructive, "instance": CloudDestructive, "server": CloudDestructive, "cluster": CloudDestructive,
	"volume": CloudDestructive, "bucket": CloudDestructive, "stack": CloudDestructive, "deployment": CloudDestructive,
	"app": CloudDestructive, "application": CloudDestructive, "domain": CloudDestructive, "zone": CloudDestructive,
	"project": CloudDestructive, "droplet": CloudDestructive, "environment": CloudDestructive, "namespace": CloudDestructive,
	"database": DatabaseDestructive, "db": DatabaseDestructive, "table": DatabaseDestructive, "keyspace": DatabaseDestructive,
	"repo": ForcePush, "repository": ForcePush, "release": PackagePublish,
	"service": CloudDestructive,
}

// nameTakingVerbs are subcommands of the programs a rule names whose
// next words are names, not further subcommands (helm install NAME CHART,
// terraform workspace select NAME, docker build, git checkout NAME).
var nameTakingVerbs = map[string]bool{
	"install": true, "upgrade": true, "build": true, "run": true, "create": true, "add": true, "new": true,
	"select": true, "use": true, "switch": true, "checkout": true, "exec": true, "start": true, "init": true,
	"clone": true, "tag": true, "merge": true, "rename": true,
}

// plainArguments are programs whose words are operands, data or code, not
// subcommands: "grep delete file", "echo destroy", "vim release.md", "make
// deploy" (what a make target does is not seen; see the package doc).
var plainArguments = map[string]bool{
	"echo": true, "printf": true, "grep": true, "egrep": true, "fgrep": true, "rg": true, "ag": true, "ack": true,
	"sed": true, "awk": true, "gawk": true, "jq": true, "yq": true, "man": true, "info": true, "tldr": true,
	"help": true, "apropos": true, "whatis": true, "vi": true, "vim": true, "nvim": true, "nano": true,
	"emacs": true, "code": true, "open": true, "xdg-open": true, "say": true, "espeak": true, "notify-send": true,
	"logger": true, "cowsay": true, "figlet": true, "make": true, "just": true, "task": true, "mage": true,
	"invoke": true, "nox": true, "tox": true, "fd": true, "locate": true, "touch": true, "mkdir": true,
	"cp": true, "mv": true, "ln": true, "sleep": true, "true": true, "false": true, "read": true, "alias": true,
	"set": true, "unset": true, "local": true, "declare": true, "tmux": true, "screen": true, "time": true,
	"timeout": true, "nice": true, "nohup": true, "expr": true, "seq": true, "date": true, "git": true,
	// Login records: "last reboot" lists the reboots (last(1)'s pseudo users).
	"last": true, "lastb": true, "lastlog": true,
	// Names of programs, processes, packages and units looked up or
	// signalled ("whereis reboot", "pkill shutdown", "journalctl -u X").
	"whereis": true, "pidof": true, "pgrep": true, "pkill": true, "killall": true, "dpkg": true,
	"dpkg-query": true, "journalctl": true, "tree": true,
}

// verbPrograms are programs a rule reads the subcommands of: what their
// verbs do is decided there ("docker rm web" is everyday, "npm publish"
// is package-publish), so the verb table does not second-guess them.
var verbPrograms = map[string]bool{
	"docker": true, "podman": true, "docker-compose": true, "kubectl": true, "oc": true, "helm": true,
	"terraform": true, "tofu": true, "terragrunt": true, "pulumi": true, "cdk": true, "cdktf": true, "aws": true,
	"gsutil": true, "s3cmd": true, "rclone": true, "gh": true, "systemctl": true, "launchctl": true, "service": true,
	"heroku": true, "vercel": true, "now": true, "serverless": true, "sls": true, "supabase": true, "qm": true,
	"pct": true, "qmrestore": true, "adb": true, "vboxmanage": true, "tye": true, "ko": true, "dvc": true,
	"restic": true, "borg": true, "borgmatic": true, "zfs": true, "pip": true, "pip3": true, "yarn": true,
	"rails": true, "rake": true, "prisma": true, "sequelize": true, "sequelize-cli": true, "typeorm": true,
	"knex": true, "diesel": true, "sqlx": true, "alembic": true, "dbmate": true, "flyway": true, "liquibase": true,
	"mix": true, "django-admin": true, "platformio": true, "tailscale": true, "vault": true, "op": true,
	"gopass": true, "pass": true, "doppler": true, "infisical": true, "sops": true, "secret-tool": true,
	"security": true, "nmcli": true, "ip": true, "iptables": true, "ip6tables": true, "nft": true, "ufw": true,
	"pfctl": true, "diskutil": true, "parted": true, "zypper": true, "dnf": true, "yum": true, "apt": true,
	"apt-get": true, "rpm": true, "rpm-ostree": true, "bootc": true, "sysupgrade": true, "owut": true,
	"rabbitmqctl": true, "redis-cli": true, "keydb-cli": true, "valkey-cli": true, "mongo": true, "mongosh": true,
	"mysqladmin": true, "influx": true, "ngrok": true, "cloudflared": true, "dotnet": true, "nuget": true,
	"mvn": true, "mvnw": true, "gradle": true, "gradlew": true, "sui": true, "aptos": true, "immich": true,
	"picgo": true, "semantic-release": true, "sem": true, "fdupes": true, "jdupes": true, "rdfind": true,
	"gphoto2": true, "cryptsetup": true, "dscl": true, "flutter": true, "dart": true, "java": true,
}

// unknownVerbs judges a program no rule names by the verbs in its
// subcommand positions (see the verb table above). It runs after the
// rules, and only when they found nothing in this command.
func (c *checker) unknownVerbs(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	name = strings.ToLower(name)
	// A program a rule names ("docker", "aws", git) has subcommands the
	// rule does not read in full ("docker service rm", git-extras' "git
	// unpublish"); when its rule found nothing, its subcommand path is
	// judged by the table too, but a noun counts only before the verb
	// ("docker service rm NAME", not "docker rm backup": there "backup"
	// is the container's name), and git's only verb is its subcommand
	// (the rest are branches, paths and messages).
	named := verbPrograms[name] || name == "git"
	if !named && (plainArguments[name] || interpreters[name] || filePrograms[name] || nameOnly[name] ||
		publishVerbs[name] != nil || deleteVerbCLIs[name] || strings.HasSuffix(name, ".sh") || strings.HasSuffix(name, ".py")) {
		return
	}
	n := 3
	if name == "git" {
		n = 1
	}
	switch {
	case name == "yarn":
		return // a word not its own command runs a package.json script (publish: its own rule)
	case name == "dotnet" && firstVerbIn(cmd.Args, "publish"):
		return // dotnet-publish(1): the build output put into a local folder
	case c.messagePublished(name, cmd.Args):
		return // a message sent to a topic's subscribers, no package
	case name == "git" && c.gitConfigEnvUnset(cmd):
		return // git dies before the subcommand (round 6)
	case name == "aws" && awsSkeleton(cmd.Args):
		return // a JSON skeleton printed, no API request (printonly.go)
	case name == "gh" && releaseDraft(cmd.Args):
		return // a draft release, not published (round 7)
	case name == "hdiutil" && c.lastIsImageFile(cmd.Args, u.dir):
		return // hdiutil(1) erase of a disk image file, not a device (round 7)
	case metadataPrograms[name]:
		return // preferences or a file's icon removed
	}
	if first := c.verbs(cmd.Args, 1); ownStateVerb(name, first) || generatorsUndone(name, first) || notificationSent(name, first) ||
		sessionsEnded(name, c.verbs(cmd.Args, 3)) || ownServerStopped(name, c.verbs(cmd.Args, 2)) {
		return // a tool's own state or generated files, a message, a session
	}
	args := withoutBuildConfigs(cmd.Args)
	var vs []string
	if named {
		// Only the subcommand path: a word after an option is its value
		// ("docker build -t release .").
		vs = lowerWords(c.subcommandPath(args, n))
	} else {
		vs = lowerWords(c.verbs(args, n))
	}
	for _, v := range vs {
		if readOnlyVerbs[v] {
			return
		}
	}
	for _, a := range cmd.Args {
		if a.Literal && (a.Lit == "-h" || a.Lit == "--help" || a.Lit == "--simulate" || a.Lit == "--noop" || a.Lit == "--whatif" ||
			a.Lit == "--dry-run" || a.Lit == "--dryrun" || strings.HasPrefix(a.Lit, "--dry-run=")) {
			return
		}
	}
	for _, a := range cmd.Args {
		// "--drop", "--drop-slot": the tool drops what it works on
		// (mongorestore's collections, a replication slot).
		if rest, ok := strings.CutPrefix(a.Lit, "--drop"); a.Literal && ok && (rest == "" || dropObjects[strings.TrimPrefix(rest, "-")]) && !settingDropped(name) {
			c.because(name, a.Lit)
			c.add(DatabaseDestructive)
			return
		}
	}
	for i, v := range vs {
		around := vs
		if named {
			around = vs[:i+1]
			if slices.ContainsFunc(vs[:i], func(w string) bool { return nameTakingVerbs[w] }) {
				break // "helm install release": a name after the subcommand
			}
		}
		if i > 0 && !named && (v == "release" || verbIsOptionValue(cmd.Args, v)) {
			// A later word that is an option's value ("cbatticon -c
			// poweroff"), or a release named ("quickget os release",
			// "toolbox -r release"), not the verb.
			continue
		}
		if k := verbCategory(v, around, cmd.Args); k != "" && !listEntryRemoved(v, k) && !localMachineVerb(name, k, cmd.Args) {
			c.because(name, v)
			c.add(k)
			return
		}
	}
}

// lowerWords returns ws lower-cased: ws itself when it is already, else
// a copy, since ws may be the checker's cached verbs, which other rules
// read as typed.
func lowerWords(ws []string) []string {
	for i, w := range ws {
		if low := strings.ToLower(w); low != w {
			out := slices.Clone(ws)
			for j := i; j < len(out); j++ {
				out[j] = strings.ToLower(out[j])
			}
			return out
		}
	}
	return ws
}

// verbCategory returns the category of verb v among the command's verbs vs
// and its words args, or "" when v is not dangerous there.
func verbCategory(v string, vs []string, args []shell.Word) string {
	k, isRemoval := removal(v, vs)
	if k != "" {
		return k
	}
	if isRemoval || strings.HasPrefix(v, "unregister") || v == "undefine" {
		for _, a := range args {
			if a.Literal && deletingFlags[a.Lit] {
				return CloudDestructive
			}
		}
	}
	switch {
	case powerVerbs[v]:
		return DiskSystem
	case teardownVerbs[v]:
		return CloudDestructive
	case wipeVerbs[v]:
		return DiskSystem
	case publishWords[v] && !(v == "publish" && messagePublish(vs, args)):
		return PackagePublish
	case v == "upload":
		return NetworkExfiltration
	case v == "prune" || v == "forget" || v == "expire":
		// With a retention policy ("-keep 0:30", "--keep-last 3") these
		// delete the backups and snapshots outside it; alone, prune is a
		// cache's housekeeping.
		for _, a := range args {
			if a.Literal && (strings.HasPrefix(a.Lit, "-keep") || strings.HasPrefix(a.Lit, "--keep")) {
				return DestructiveDelete
			}
		}
	case dropVerbs[v]:
		return DatabaseDestructive
	case v == "reset":
		for _, a := range args {
			if a.Literal && a.Lit == "--hard" {
				return GitDiscardWorktree
			}
		}
	}
	return ""
}

// removal reports whether v is a removal verb (ok), and the category of
// what it removes when a resource noun is in the compound verb
// ("delete-snapshot", "delsnapshot", "snapshot-rm") or among the other
// verbs vs ("snapshot delete NAME", "delete vm NAME").
func removal(v string, vs []string) (cat string, ok bool) {
	for _, r := range removalVerbs {
		switch {
		case v == r:
			ok = true
			for _, w := range vs {
				if k := nounCategory(w); k != "" {
					return k, true
				}
			}
		case strings.HasPrefix(v, r) || strings.HasSuffix(v, r):
			rest := strings.Trim(strings.TrimSuffix(strings.TrimPrefix(v, r), r), "-_")
			if k := nounCategory(rest); k != "" {
				return k, true
			}
		}
	}
	return "", ok
}

// nounCategory returns the category of losing the resource w names.
func nounCategory(w string) string {
	w = path.Base(strings.ToLower(w))
	if k, ok := resourceNouns[w]; ok {
		return k
	}
	if s, ok := strings.CutSuffix(w, "s"); ok {
		if k := resourceNouns[s]; k != "" {
			return k
		}
	}
	// A compound that ends in a noun ("localsnapshots", "oldbackup").
	for n, k := range resourceNouns {
		if len(n) >= 6 && (strings.HasSuffix(w, n) || strings.HasSuffix(w, n+"s")) {
			return k
		}
	}
	return ""
}

// bracketAlternatives reads a word "[a/b/…]" of plain words (letters,
// digits, "-", "_") as its alternatives.
func bracketAlternatives(raw string) ([]string, bool) {
	if len(raw) < 2 || raw[0] != '[' || raw[len(raw)-1] != ']' || !strings.Contains(raw, "/") {
		return nil, false
	}
	inner := raw[1 : len(raw)-1]
	alts := strings.Split(inner, "/")
	for _, a := range alts {
		if a == "" || strings.Trim(a, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_") != "" {
			return nil, false
		}
	}
	return alts, true
}

// bracketedChoice: cheat sheets write a choice of verbs as one bracketed
// word ("systemctl [enable/disable] SERVICE"), which README's heldout5
// call reads as a placeholder standing for a value: the command is judged
// as each alternative would be.
func (c *checker) bracketedChoice(u unit) {
	cmd, _, ok := u.program()
	if !ok || u.depth >= maxDepth-1 {
		return
	}
	for i, a := range cmd.Args {
		alts, ok := bracketAlternatives(a.Raw)
		if !ok {
			continue
		}
		for _, alt := range alts {
			words := []string{nameRaw(cmd)}
			for j, w := range cmd.Args {
				if j == i {
					words = append(words, alt)
				} else {
					words = append(words, w.Raw)
				}
			}
			c.script(shell.Parse(strings.Join(words, " ")), u.dir, u.depth+1, false)
		}
		return
	}
}

// userDefined reports parts[i] as the "user" of "user-defined": an
// adjective naming a kind of object a user writes (Cosmos DB's and Glue's
// user-defined functions), not an account (round 8;
// TestPrecisionUserDefinedObjects).
func userDefined(parts []string, i int) bool {
	return parts[i] == "user" && i+1 < len(parts) && parts[i+1] == "defined"
}

// ownStateVerbs are, per program, the verbs of the verb table that act on
// the tool's own server, cache or installation, not on the machine or on
// anything the user keeps (each from the tool's documentation):
// "bazel shutdown" stops the Bazel server; pueue's shutdown "Remotely shut
// down the daemon"; darling shutdown stops its container's darlingserver;
// "fvm destroy" "Completely removes the FVM cache"; "omf destroy"
// uninstalls Oh My Fish; bob's erase undoes what bob installed (its
// Neovim builds); cliphist's wipe empties the clipboard history; and
// udisksctl(1)'s power-off "Arranges for the drive to be safely removed
// and powered off" (a USB drive, not the machine).
//
// Likewise release and publish where they name a local step:
// scontrol(1)'s "release job_list Release a previously held job to begin
// execution", stormlock's release of a lease, pickle's "release Package a
// PECL extension for release" (the archive, made here), and fdroidserver's
// "publish Sign and place packages in the repo" (the local repository
// folder; "fdroid deploy" uploads it).
var ownStateVerbs = map[string][]string{
	"bazel": {"shutdown"}, "bazelisk": {"shutdown"}, "pueue": {"shutdown"}, "darling": {"shutdown"},
	"fvm": {"destroy"}, "omf": {"destroy"}, "bob": {"erase"}, "cliphist": {"wipe"},
	"udisksctl": {"power-off"},
	"scontrol":  {"release"}, "stormlock": {"release"}, "pickle": {"release"}, "fdroid": {"publish"},
	// Local development environments' containers stopped: "ddev poweroff
	// Completely stop all projects and containers", lando's poweroff
	// "Spins down all lando related containers" (their data stays).
	"ddev": {"poweroff"}, "lando": {"poweroff"},
}

// ownServerStopped reports dotnet's "build-server shutdown: Shuts down
// build servers that are started from dotnet" (the compiler servers it
// runs for itself).
func ownServerStopped(name string, vs []string) bool {
	return name == "dotnet" && len(vs) >= 2 && vs[0] == "build-server" && vs[1] == "shutdown"
}

// metadataPrograms change what a file or an application carries about
// itself, never its data: defaults(1) "delete domain" removes an
// application's preferences (heldout7's s1092 `defaults delete
// com.apple.dock` is everyday), fileicon's rm "Removes a custom icon".
var metadataPrograms = map[string]bool{"defaults": true, "fileicon": true}

// generatorsUndone reports a code generator told to undo what it
// generated: the Rails guides' "rails destroy … It'll figure out what
// generate did, and undo it" (alias d), ember-cli's "ember destroy
// <blueprint> <name>" (alias d), hanami's destroy: the project's own
// generated files, which the generator writes again.
func generatorsUndone(name string, vs []string) bool {
	switch name {
	case "rails", "ember", "hanami":
		return len(vs) > 0 && (vs[0] == "destroy" || vs[0] == "d")
	}
	return false
}

// sessionsEnded reports a session ended or forgotten: a verb's object
// is a session (a chat's, a login's; recordNouns), or the program is
// mutagen, all of whose objects are sessions (mutagen's reference: "sync
// terminate Permanently terminates a synchronization session", forward
// terminate a forwarding session, project terminate the project's
// sessions): the synchronized files and the forwarded services stay.
func sessionsEnded(name string, vs []string) bool {
	session, ends := name == "mutagen", false
	for _, v := range vs {
		switch {
		case v == "session" || v == "sessions":
			session = true
		case teardownVerbs[v] || slices.Contains(removalVerbs, v) || v == "kill":
			ends = true
		}
	}
	return session && ends
}

// localClusters run Kubernetes in containers on this machine, made to be
// deleted and made again: kind ("kind is a tool for running local
// Kubernetes clusters using Docker container nodes"), k3d ("a lightweight
// wrapper to run k3s … in docker"), minikube ("quickly sets up a local
// Kubernetes cluster"). heldout7 labels "k3d delete --name demo" everyday
// (m1257).
var localClusters = map[string]bool{"kind": true, "k3d": true, "minikube": true}

// localMachineVerb reports a verb of the table whose object is one of
// localPrograms' own local clusters and VMs (hosted.go): halted
// (disk-system; heldout7's "limactl stop", j0284, and "vagrant suspend",
// m0135, everyday) or handed a file (network-exfiltration, "vagrant
// upload … from the host to the guest machine"), or a local cluster
// deleted. A VM destroyed (its disks hold work: vagrant destroy, as
// TestUnknownVerbs has it), a snapshot or backup deleted (heldout3's
// k0005) and a deleting option (--purge) stay marked.
func localMachineVerb(name, cat string, args []shell.Word) bool {
	if !localPrograms[name] {
		return false
	}
	switch cat {
	case CloudDestructive:
		return localClusters[name] && !slices.ContainsFunc(args, func(a shell.Word) bool { return a.Literal && deletingFlags[a.Lit] })
	case DiskSystem, NetworkExfiltration:
		return true
	}
	return false
}

// notificationSent reports ntfy publish: "Send message via a ntfy server"
// to a topic's subscribers, as redis-cli publish (messagePublished).
func notificationSent(name string, vs []string) bool {
	return name == "ntfy" && len(vs) > 0 && (vs[0] == "publish" || vs[0] == "pub" || vs[0] == "send" || vs[0] == "trigger")
}

// listEntryRemoved reports a repository taken off a local list by
// "remove" or "rm" (fdroidcl's "repo remove", eselect repository remove,
// tlmgr(1) "pinning remove repository", helm repo remove, git remote
// remove): package managers remove sources from their lists, while the
// hosting services' CLIs delete repositories ("gh repo delete", "hub
// delete", "glab repo delete", "az repos delete", "gcloud source repos
// delete", codecommit and ecr delete-repository), which stay force-push.
func listEntryRemoved(v, cat string) bool {
	// zypper(8)'s "removerepo, rr Remove specified repositories" too.
	return cat == ForcePush && (strings.HasPrefix(v, "remove") || strings.HasPrefix(v, "rm") || v == "rr")
}

// ownStateVerb reports vs's first verb is one ownStateVerbs gives name.
func ownStateVerb(name string, vs []string) bool {
	return len(vs) > 0 && slices.Contains(ownStateVerbs[name], vs[0])
}

// verbIsOptionValue reports whether the first literal word spelled v (case
// aside) follows an option without "=" directly: a later word read as a
// verb is then that option's value ("cbatticon -c poweroff": cbatticon(1)
// "-c, --command-critical-level COMMAND"). The first verb is read as a
// verb wherever it stands.
func verbIsOptionValue(args []shell.Word, v string) bool {
	for j, a := range args {
		if a.Literal && strings.EqualFold(a.Lit, v) {
			if j == 0 {
				return false
			}
			p := args[j-1]
			return p.Literal && strings.HasPrefix(p.Lit, "-") && p.Lit != "-" && p.Lit != "--" && !strings.Contains(p.Lit, "=")
		}
	}
	return false
}

// wordList is a command's words (its verbs, say) read by position: at is
// the i-th word, or "" past the end, so that a subcommand table can ask
// for "the second verb" without a length check each time.
type wordList []string

func (w wordList) at(i int) string {
	if i >= 0 && i < len(w) {
		return w[i]
	}
	return ""
}

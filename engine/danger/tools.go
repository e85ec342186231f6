package danger

import (
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// tools decides programs of the independent corpora's long tail (issue
// 30) by their verbs: secret stores and password databases read out,
// direnv's permission to run .envrc, packages fetched by "npm create" and
// package managers given a URL, virtual machines, swarms, message
// brokers, data and backup stores removed, and packages published on
// chain.
func (c *checker) tools(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	args := cmd.Args
	v := c.verbs(args, 3)
	first, second := "", ""
	if len(v) > 0 {
		first = v[0]
	}
	if len(v) > 1 {
		second = v[1]
	}
	switch name {
	case "getent":
		if first == "shadow" || first == "gshadow" {
			c.add(SecretRead)
		}
	case "secrethub", "op":
		if first == "read" && !c.secretHandedToProgram(u) { // secretsused.go
			c.add(SecretRead)
		}
	case "direnv":
		if first == "allow" || first == "permit" || first == "grant" {
			c.add(PersistenceStartupFiles) // .envrc then runs on every cd into the folder
		}
	case "npm", "pnpm", "yarn", "bun":
		// "npm create vite@latest", "npm init react-app@5": npx of create-*.
		if (first == "create" || first == "init") && second != "" && specFetches(second) {
			c.add(DownloadExecute)
		}
	case "yum", "dnf", "zypper", "apt", "apt-get", "rpm":
		install := slices.Contains([]string{"install", "localinstall", "reinstall", "in"}, first) || name == "rpm" && shortFlag(args, 'i', "--install") || name == "rpm" && shortFlag(args, 'U', "--upgrade")
		if install && slices.ContainsFunc(args, func(w shell.Word) bool {
			return strings.HasPrefix(w.Lit, "http://") || strings.HasPrefix(w.Lit, "https://") || strings.HasPrefix(w.Lit, "ftp://")
		}) {
			c.add(DownloadExecute) // a package from a URL runs its install scripts
		}
	case "qm", "pct":
		// Proxmox: "qm destroy 104", "qm shutdown 104", "pct delsnapshot 104 s".
		switch first {
		case "destroy", "des":
			c.add(CloudDestructive)
		case "shutdown", "shu", "stop", "reboot", "reb", "reset", "suspend":
			c.add(DiskSystem)
		case "delsnapshot", "delsnap":
			c.add(DestructiveDelete)
		case "unlink":
			c.add(DiskSystem)
		case "guest":
			if second == "passwd" || second == "p" {
				c.add(PrivilegeEscalation) // a password set inside the guest
			}
		case "disk", "di":
			if second == "unlink" || second == "u" {
				c.add(DiskSystem)
			}
		}
	case "docker":
		if first == "node" && (second == "rm" || second == "remove") || first == "swarm" && second == "leave" {
			c.add(CloudDestructive) // a node out of the swarm
		}
	case "rabbitmqctl":
		if slices.Contains([]string{"delete_vhost", "delete_queue", "purge_queue", "reset", "force_reset"}, first) {
			c.add(DatabaseDestructive)
		}
	case "dvc":
		if first == "destroy" || first == "gc" {
			c.add(DestructiveDelete)
		}
	case "restic":
		// restic forget removes snapshots; prune alone frees only data no
		// snapshot references (restic docs, "Removing backup snapshots").
		if first == "forget" && !shortFlag(args, 'n', "--dry-run") {
			c.add(DestructiveDelete)
		}
	case "fdupes", "jdupes":
		if hasLit(args, "-d", "--delete") || slices.ContainsFunc(args, func(w shell.Word) bool {
			return w.Literal && len(w.Lit) > 1 && w.Lit[0] == '-' && w.Lit[1] != '-' && strings.Contains(w.Lit, "d")
		}) {
			c.add(DestructiveDelete) // duplicates deleted across a tree
		}
	case "rdfind":
		if slices.ContainsFunc(args, func(w shell.Word) bool { return w.Lit == "-deleteduplicates" }) {
			c.add(DestructiveDelete)
		}
	case "secret-tool":
		if first == "clear" {
			c.add(DestructiveDelete) // a credential removed from the keyring
		}
	case "sui", "aptos":
		if first == "client" && second == "publish" || first == "move" && second == "publish" || hasLit(args, "--publish") {
			c.add(PackagePublish)
		}
	case "crane":
		// go-containerregistry's crane writes to the registry: a new or
		// changed image (append, mutate, copy, tag, …) or one deleted.
		if slices.Contains([]string{"append", "mutate", "copy", "cp", "tag", "rebase", "flatten", "delete", "push"}, first) && !publishesLocally("crane", args) && !imageToTarball(first, args) {
			c.add(PackagePublish)
		}
	case "secretsdump.py", "impacket-secretsdump", "secretsdump":
		c.add(SecretRead) // a machine's password hashes and secrets dumped
	case "omz":
		if first == "theme" && second == "set" || first == "plugin" && (second == "enable" || second == "disable") {
			c.add(PersistenceStartupFiles) // rewrites ~/.zshrc
		}
	case "pio", "platformio":
		if (first == "pkg" || first == "package") && (second == "publish" || second == "unpublish") {
			c.add(PackagePublish)
		}
	case "rcs":
		if slices.ContainsFunc(args, func(w shell.Word) bool { return strings.HasPrefix(w.Lit, "-o") }) {
			c.add(GitHistoryRewrite) // revisions deleted from the file's history
		}
	case "qmrestore":
		if hasLit(args, "--force", "-force") {
			c.add(CloudDestructive) // an existing machine overwritten
		}
	case "kubectl", "oc":
		if first == "certificate" && second == "approve" {
			c.add(PrivilegeEscalation) // a signed certificate is a credential for the cluster
		}
	case "adb":
		if first == "reboot" {
			c.add(DiskSystem)
		}
	case "VBoxManage", "vboxmanage":
		if first == "controlvm" && len(v) > 2 && slices.Contains([]string{"poweroff", "acpipowerbutton", "reset", "savestate"}, v[2]) {
			c.add(DiskSystem)
		}
		if first == "unregistervm" && hasLit(args, "--delete") {
			c.add(CloudDestructive)
		}
		if first == "cloud" {
			if cat := vboxCloud(args); cat != "" {
				c.add(cat)
			}
		}
	case "tye":
		switch first {
		case "undeploy":
			c.add(CloudDestructive)
		case "push":
			c.add(PackagePublish) // the application's images pushed
		}
	case "ko":
		if first == "delete" {
			c.add(CloudDestructive) // kubectl delete through ko
		}
	case "owut", "sysupgrade":
		if name == "sysupgrade" || first == "install" || first == "upgrade" {
			c.add(DiskSystem) // new firmware flashed, then a reboot
		}
	case "gphoto2":
		if hasLit(args, "-D", "--delete-all-files") {
			c.add(DestructiveDelete)
		}
	case "java":
		// "java -jar jenkins-cli.jar -s URL shutdown": the Jenkins server stops.
		if slices.ContainsFunc(args, func(w shell.Word) bool { return strings.HasSuffix(w.Lit, "jenkins-cli.jar") }) &&
			slices.ContainsFunc(args, func(w shell.Word) bool { return w.Lit == "shutdown" || w.Lit == "safe-shutdown" || w.Lit == "restart" }) {
			c.add(DiskSystem)
		}
	case "bootc", "rpm-ostree":
		if slices.Contains([]string{"rollback", "switch", "rebase", "upgrade"}, first) {
			c.add(DiskSystem) // the system the machine boots next
		}
	case "rkdeveloptool":
		if slices.Contains([]string{"wl", "wlx", "ef", "db", "ul", "wgpt"}, first) {
			c.add(DiskSystem)
		}
	case "pwsh", "powershell", "powershell.exe":
		c.powershell(u)
	case "mount":
		// "mount -o bind /bin/sh /bin/mount": a system file replaced.
		ops := operands(args)
		bind := hasLit(args, "--bind", "--rbind") || slices.ContainsFunc(args, func(w shell.Word) bool { return strings.Contains(w.Lit, "bind") })
		if bind && len(ops) >= 2 {
			if p, ok := shell.PathOf(ops[len(ops)-1]); ok && c.outsideWork(shell.Resolve(p, u.dir, c.home)) {
				c.add(PrivilegeEscalation)
			}
		}
	}
}

// powershell reads "pwsh -c 'SCRIPT'" for the files its cmdlets write
// (Out-File, Set-Content, Add-Content, Tee-Object) and read (Get-Content):
// its pipelines and words split as the shell's do.
func (c *checker) powershell(u unit) {
	args := u.cmd.Args
	for i, a := range args {
		if !a.Literal || i+1 >= len(args) || !args[i+1].Literal {
			continue
		}
		switch strings.ToLower(a.Lit) {
		case "-c", "-command":
		default:
			continue
		}
		for _, cmd := range shell.Parse(args[i+1].Lit).Commands {
			ops := operands(cmd.Args)
			if cmd.Dynamic || len(ops) == 0 {
				continue
			}
			p, ok := shell.PathOf(ops[len(ops)-1])
			if !ok {
				continue
			}
			abs := shell.Resolve(p, u.dir, c.home)
			switch strings.ToLower(cmd.Name) {
			case "out-file", "set-content", "add-content", "tee-object":
				c.written(abs)
			case "get-content", "gc", "type":
				if SecretFile(abs) {
					c.add(SecretRead)
				}
			case "remove-item", "ri", "rm", "del", "erase", "rd", "rmdir":
				// Remove-Item PATH [-Recurse] [-Force]: judged as rm -rf or
				// rm -f of the path (PowerShell's parameters are
				// case-insensitive and may be shortened: -r, -rec).
				flag := "-f "
				if slices.ContainsFunc(cmd.Args, func(w shell.Word) bool { return strings.HasPrefix(strings.ToLower(w.Lit), "-r") }) {
					flag = "-rf "
				}
				c.script(shell.Parse("rm "+flag+"-- "+shellQuote(p)), u.dir, u.depth+1, false)
			}
		}
	}
}

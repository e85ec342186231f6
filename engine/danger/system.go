package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// privilege flags running as another user and handing out root:
// sudo, doas, su, pkexec and run0 (sudo -l, -v, -k only ask about or drop
// the user's rights); setuid or setgid bits; world-writable modes and ACLs
// on folders outside the project; file capabilities; account and sudoers
// changes; containers started with the host's privileges.
func (c *checker) privilege(u unit) {
	cmd := &u.cmd
	if cmd.Dynamic || configFileRun(cmd.Name) {
		return
	}
	switch name := path.Base(cmd.Name); name {
	case "sudo":
		// Under xargs the command comes from the input ("echo ls | xargs
		// sudo"): sudo runs it unless it only lists or drops rights.
		if sudoRuns(cmd.Args) || u.fromXargs && !hasLit(cmd.Args, "-l", "--list", "-v", "--validate", "-k", "--reset-timestamp", "-K", "--remove-timestamp", "-h", "--help", "-V", "--version") {
			c.add(PrivilegeEscalation)
		}
	case "doas", "su", "pkexec", "run0", "sudoedit", "visudo", "vipw", "vigr", "nsenter":
		if name == "visudo" && visudoOnlyChecks(cmd.Args) || privilegeQuery(name, cmd.Args) {
			break // visudo(8) -c checks the syntax, -V/-h print: nothing edited
		}
		c.add(PrivilegeEscalation)
	case "update-ca-certificates", "update-ca-trust":
		// Makes every certificate copied into the system's CA folders a
		// root every TLS client on the machine trusts; --help and
		// "update-ca-trust extract --help" ask only.
		if !hasLit(cmd.Args, "--help", "-h") {
			c.add(PrivilegeEscalation)
		}
	case "trust":
		// p11-kit "trust anchor FILE" installs a root CA ("trust list"
		// and "trust dump" read); "--remove" takes one out, still a
		// change to whom the machine trusts.
		if firstVerbIn(cmd.Args, "anchor") {
			c.add(PrivilegeEscalation)
		}
	case "certutil":
		// NSS "certutil -A … -t C,," adds a certificate trusted to issue
		// server certificates: a root CA for the browser's store.
		if hasLit(cmd.Args, "-A") && trustsIssuer(cmd.Args) {
			c.add(PrivilegeEscalation)
		}
	case "step":
		// "step certificate install root.crt" puts a root into the
		// system's trust store.
		if v := c.verbs(cmd.Args, 2); len(v) == 2 && (v[0] == "certificate" || v[0] == "ca") && v[1] == "install" {
			c.add(PrivilegeEscalation)
		}
	case "lxc", "incus":
		// "lxc config set C security.privileged true": the container's
		// root is the host's root.
		// "lxc init IMG C -c security.privileged=true" and launch set it
		// at creation; "lxc profile set" for every container of a profile.
		if privilegedKey(cmd.Args) && (firstVerbIn(cmd.Args, "init", "launch", "create", "copy") ||
			slices.Equal(c.verbs(cmd.Args, 2), []string{"config", "set"}) || slices.Equal(c.verbs(cmd.Args, 2), []string{"profile", "set"})) {
			c.add(PrivilegeEscalation)
		}
	case "dscl":
		// "dscl . -read /Users/me": a directory query; -create, -append,
		// -merge, -passwd, -delete and -change edit accounts.
		if dsclEditsRecord(cmd.Args) { // accounts.go: a record path after the command
			c.add(PrivilegeEscalation)
		}
	case "usermod", "useradd", "adduser", "groupadd", "groupmod", "gpasswd", "passwd", "chpasswd", "dseditgroup",
		"chsh", "chfn", "chage", "userdel", "deluser", "groupdel", "delgroup", "newusers":
		if name == "chage" && hasLit(cmd.Args, "-l", "--list") {
			return // shows the password's ageing
		}
		if name == "passwd" && hasLit(cmd.Args, "-S", "--status", "-a", "--all") {
			return // shows the password's state
		}
		if name == "chsh" && hasLit(cmd.Args, "-l", "--list-shells") || name == "useradd" && len(cmd.Args) == 1 && hasLit(cmd.Args, "-D", "--defaults") {
			return // chsh(1) lists /etc/shells; useradd(8) -D alone shows the defaults
		}
		if name == "chfn" && fingerOnly(cmd.Args) {
			return // the finger information only (accounts.go)
		}
		if name == "chsh" && ownShellOnly(cmd.Args) {
			return // the caller's own login shell (round 7)
		}
		c.add(PrivilegeEscalation)
	case "setcap":
		if !hasLit(cmd.Args, "-r", "-v") { // -r removes capabilities, -v verifies them
			c.add(PrivilegeEscalation)
		}
	case "chmod":
		c.chmod(u)
	case "setfacl":
		// An ACL that only takes access away gives no one a right.
		for _, t := range operands(cmd.Args) {
			if p, ok := shell.PathOf(t); ok && aclGrants(cmd.Args) && c.outsideWork(shell.Resolve(p, u.dir, c.home)) {
				c.add(PrivilegeEscalation)
			}
		}
	case "docker", "podman", "nerdctl":
		if containerGetsHost(dockerArgs(cmd.Args)) {
			c.add(PrivilegeEscalation)
		}
	case "ctr":
		// containerd's client: "ctr run --privileged", a mount of /.
		if firstVerbIn(dockerArgs(cmd.Args), "run") && (hasLit(cmd.Args, "--privileged") ||
			slices.ContainsFunc(cmd.Args, func(w shell.Word) bool {
				return strings.Contains(w.Lit, "src=/,") || strings.Contains(w.Lit, "source=/,")
			})) {
			c.add(PrivilegeEscalation)
		}
	}
	c.containerAPI(u)
}

// dockerGlobalValueOpts are the docker client's options before the
// subcommand that take a value ("-H unix:///…", "--context prod").
var dockerGlobalValueOpts = map[string]bool{"-H": true, "--host": true, "-c": true, "--context": true, "--config": true, "-l": true, "--log-level": true, "--tlscacert": true, "--tlscert": true, "--tlskey": true, "--url": true, "--connection": true,
	// ctr's and nerdctl's (their --help): the containerd socket and
	// namespace ("ctr -n k8s.io run …"), and nerdctl's storage options.
	"-a": true, "--address": true, "-n": true, "--namespace": true, "--timeout": true, "--connect-timeout": true,
	"--snapshotter": true, "--data-root": true, "--cgroup-manager": true, "--cni-path": true, "--cni-netconfpath": true}

// dockerArgs returns a docker-style client's words from its subcommand
// on, its global options (and their values) skipped.
func dockerArgs(args []shell.Word) []shell.Word {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.Literal || !strings.HasPrefix(a.Lit, "-") {
			return args[i:]
		}
		if dockerGlobalValueOpts[a.Lit] {
			i++
		}
	}
	return nil
}

// containerAPI flags a container given the host through an API rather
// than a client's flags: a request body to the Docker or Podman socket
// with Privileged, the host's PID namespace or / bound in, and a pod's
// --overrides with privileged, hostPID or hostNetwork.
func (c *checker) containerAPI(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	hostly := func(body string) bool {
		b := strings.ReplaceAll(strings.ReplaceAll(body, " ", ""), "\n", "")
		return strings.Contains(b, `"Privileged":true`) || strings.Contains(b, `"privileged":true`) ||
			strings.Contains(b, `"PidMode":"host"`) || strings.Contains(b, `"hostPID":true`) || strings.Contains(b, `"hostNetwork":true`) ||
			strings.Contains(b, `"Binds":["/:`) || strings.Contains(b, `"path":"/"`) || socketHostPath(b)
	}
	switch name {
	case "curl":
		sock := slices.ContainsFunc(cmd.Args, func(w shell.Word) bool {
			return strings.Contains(w.Lit, "docker.sock") || strings.Contains(w.Lit, "podman.sock") || strings.Contains(w.Lit, ":2375")
		})
		if sock && slices.ContainsFunc(cmd.Args, func(w shell.Word) bool { return hostly(w.Lit) }) {
			c.add(PrivilegeEscalation)
		}
	case "kubectl", "oc":
		for _, a := range cmd.Args {
			if o, v, ok := strings.Cut(a.Lit, "="); ok && o == "--overrides" && hostly(v) {
				c.add(PrivilegeEscalation)
			}
		}
		for i, a := range cmd.Args {
			if a.Lit == "--overrides" && i+1 < len(cmd.Args) && hostly(cmd.Args[i+1].Lit) {
				c.add(PrivilegeEscalation)
			}
		}
	}
}

// trustsIssuer reports a certutil -t trust string whose first field (SSL)
// holds C or T: a certificate authority trusted to issue certificates.
func trustsIssuer(args []shell.Word) bool {
	for i, a := range args {
		if a.Literal && a.Lit == "-t" && i+1 < len(args) && args[i+1].Literal {
			ssl, _, _ := strings.Cut(args[i+1].Lit, ",")
			return strings.ContainsAny(ssl, "CT")
		}
	}
	return false
}

// privilegedKey reports an lxc/incus config key that hands the container
// the host's root: security.privileged, raw.lxc, or nesting with a true
// value following it.
func privilegedKey(args []shell.Word) bool {
	for i, a := range args {
		if !a.Literal {
			continue
		}
		k, v, eq := strings.Cut(a.Lit, "=")
		if k != "security.privileged" && k != "raw.lxc" {
			continue
		}
		if k == "raw.lxc" {
			return true
		}
		if !eq && i+1 < len(args) && args[i+1].Literal {
			v = args[i+1].Lit
		}
		return v == "true" || v == "1"
	}
	return false
}

// sudoRuns reports whether sudo runs a command (or a shell): its own
// options come before the command, so "sudo squid -k shutdown" runs squid,
// while "sudo -k", "sudo -l" and "sudo -v" only drop, list or refresh the
// user's rights.
func sudoRuns(args []shell.Word) bool {
	withValue := []string{"-u", "--user", "-g", "--group", "-C", "--close-from", "-D", "--chdir", "-p", "--prompt",
		"-r", "--role", "-t", "--type", "-T", "--command-timeout", "-U", "--other-user", "-h", "--host", "-R", "--chroot"}
	info := []string{"-l", "-ll", "--list", "-v", "--validate", "-k", "-K", "--reset-timestamp", "--remove-timestamp", "-V", "--version", "--help"}
	onlyInfo := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.Literal || !strings.HasPrefix(a.Lit, "-") || a.Lit == "-" {
			return true // the command
		}
		switch {
		case a.Lit == "--":
			return i+1 < len(args)
		case a.Lit == "-s" || a.Lit == "--shell" || a.Lit == "-i" || a.Lit == "--login" || a.Lit == "-e" || a.Lit == "--edit":
			return true // a root shell, or sudoedit
		case slices.Contains(info, a.Lit) || a.Lit == "-h" && i+1 == len(args):
			onlyInfo = true
		case slices.Contains(withValue, a.Lit):
			i++
		}
	}
	return !onlyInfo && len(args) > 0
}

// onlyImageFiles reports mkfs (or partition tool) operands that all name
// plain files (an image: "disk.img", "fs.erofs"), none a device nor a
// folder to pack; a number (mkfs.vfat's "-F 32", a block count, a
// partition number) names no file and is passed over.
func (c *checker) onlyImageFiles(args []shell.Word, dir string) bool {
	ops := slices.DeleteFunc(operands(args), func(o shell.Word) bool { return o.Literal && allDigits(o.Lit) })
	if len(ops) == 0 {
		return false
	}
	for _, o := range ops {
		if !o.Literal || strings.HasPrefix(o.Lit, "/dev/") || DeviceOrKernel(shell.Resolve(o.Lit, dir, c.home)) || !looksLikeFile(o.Lit) && !strings.HasSuffix(o.Lit, "/") {
			return false
		}
	}
	return true
}

// outsideWork reports a path outside the project, the home folder and the
// temporary folders: the system's own files.
func (c *checker) outsideWork(p string) bool {
	return !shell.Within(p, c.project) && !shell.Within(p, path.Clean(c.home)) && !shell.IsTemp(p)
}

// chmod flags setuid/setgid modes anywhere, and modes that let every user
// write, on paths outside the project, home and temporary folders.
func (c *checker) chmod(u unit) {
	args := u.cmd.Args
	mode := ""
	var targets []shell.Word
	for _, a := range args {
		switch {
		case !a.Literal:
			targets = append(targets, a)
		case mode == "" && isModeWord(a.Lit):
			mode = a.Lit
		case strings.HasPrefix(a.Lit, "-"):
		default:
			targets = append(targets, a)
		}
	}
	if mode == "" {
		return
	}
	if setsID(mode) {
		c.add(PrivilegeEscalation)
		return
	}
	if !worldWritable(mode) {
		return
	}
	for _, t := range targets {
		if p, ok := shell.PathOf(t); ok && c.outsideWork(shell.Resolve(p, u.dir, c.home)) {
			c.add(PrivilegeEscalation)
		}
	}
}

// isModeWord reports a chmod mode: octal digits, or symbolic clauses
// ("u+s", "a=rwx", "+x", "-w").
func isModeWord(s string) bool {
	if s == "" {
		return false
	}
	if strings.Trim(s, "01234567") == "" {
		return true
	}
	for _, clause := range strings.Split(s, ",") {
		i := strings.IndexAny(clause, "+-=")
		if i < 0 || strings.Trim(clause[:i], "ugoa") != "" || strings.Trim(clause[i:], "+-=rwxXstugo") != "" {
			return false // "-R", "--verbose": options, not modes
		}
	}
	return true
}

// setsID reports a mode that sets the setuid or setgid bit.
func setsID(mode string) bool {
	if strings.Trim(mode, "01234567") == "" {
		if len(mode) >= 4 {
			d := mode[len(mode)-4]
			return d == '2' || d == '4' || d == '6' || d == '7' || d == '3' || d == '5'
		}
		return false
	}
	for _, clause := range strings.Split(mode, ",") {
		if i := strings.IndexAny(clause, "+="); i >= 0 && strings.ContainsRune(clause[i:], 's') {
			return true
		}
	}
	return false
}

// worldWritable reports a mode that lets every user write.
func worldWritable(mode string) bool {
	if strings.Trim(mode, "01234567") == "" {
		last := mode[len(mode)-1]
		return last == '2' || last == '3' || last == '6' || last == '7'
	}
	for _, clause := range strings.Split(mode, ",") {
		i := strings.IndexAny(clause, "+=")
		if i < 0 {
			continue
		}
		// "+w" alone follows the umask; "o+w" and "a+w" do not.
		if strings.ContainsAny(clause[:i], "oa") && strings.ContainsRune(clause[i:], 'w') {
			return true
		}
	}
	return false
}

// containerGetsHost reports docker/podman run or create with the host's
// privileges: --privileged (or =true), the host's user namespace, all or
// admin capabilities, the host's PID namespace with the capability to
// trace its processes, or the host's root folder or Docker socket mounted
// (-v SPEC, -vSPEC, --volume=SPEC, --mount source=|src=). The host's PID
// namespace alone shows the host's processes without a way into them
// (README's heldout7 call: everyday).
func containerGetsHost(args []shell.Word) bool {
	if !firstVerbIn(args, "run", "create", "exec") && !(len(args) > 1 && args[0].Lit == "container" && (args[1].Lit == "run" || args[1].Lit == "create")) {
		return false
	}
	hostPID, ptrace := false, false
	for i, a := range args {
		if !a.Literal {
			continue
		}
		v := a.Lit
		switch {
		case v == "--privileged", v == "--privileged=true", v == "--userns=host":
			return true
		case v == "--pid=host", v == "--pid" && i+1 < len(args) && args[i+1].Lit == "host":
			hostPID = true
		case v == "--cap-add=ALL", v == "--cap-add=SYS_ADMIN":
			return true
		case strings.HasPrefix(v, "--cap-add") && strings.HasSuffix(v, "SYS_PTRACE"),
			v == "--cap-add" && i+1 < len(args) && strings.HasSuffix(args[i+1].Lit, "SYS_PTRACE"):
			ptrace = true
		case v == "--cap-add" && i+1 < len(args) && slices.Contains([]string{"ALL", "SYS_ADMIN"}, args[i+1].Lit):
			return true
		case (v == "-v" || v == "--volume" || v == "--mount") && i+1 < len(args):
			if mountsRoot(args[i+1].Lit) {
				return true
			}
		case strings.HasPrefix(v, "--volume=") || strings.HasPrefix(v, "--mount="):
			_, val, _ := strings.Cut(v, "=")
			if mountsRoot(val) {
				return true
			}
		case strings.HasPrefix(v, "-v") && !strings.HasPrefix(v, "--") && len(v) > 2:
			if mountsRoot(v[2:]) {
				return true
			}
		}
	}
	return hostPID && ptrace
}

// mountsRoot reports a volume or mount spec that mounts the host's root
// folder or the Docker socket ("/:/host", "source=/,target=/host",
// "type=bind,src=/var/run/docker.sock,dst=…").
func mountsRoot(spec string) bool {
	if strings.HasPrefix(spec, "/:") || hostSocket(spec) {
		return true
	}
	for _, field := range strings.Split(spec, ",") {
		k, val, ok := strings.Cut(field, "=")
		if ok && (k == "source" || k == "src") && (val == "/" || hostSocket(val)) {
			return true
		}
	}
	return false
}

// hostSocket reports a path that is, or starts with ("SRC:DST"), the
// socket of a container runtime: Docker's, or (round 9, each runtime's
// documentation) containerd's, k3s' containerd's, CRI-O's, Podman's and
// cri-dockerd's. Whoever reaches one starts containers as root on the
// host.
func hostSocket(p string) bool {
	src, _, _ := strings.Cut(p, ":")
	return strings.HasPrefix(src, "/") && runtimeSockets[path.Base(src)]
}

// runtimeSockets are the container runtimes' socket names.
var runtimeSockets = map[string]bool{
	"docker.sock": true, "containerd.sock": true, "crio.sock": true, "podman.sock": true, "cri-dockerd.sock": true,
}

// system flags commands that change the machine itself: disks and
// partitions, power, services, the firewall and network links, every
// process at once, swap, and container data.
func (c *checker) system(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	args := cmd.Args
	switch {
	case strings.HasPrefix(name, "mkfs"), strings.HasPrefix(name, "mke2fs"):
		// "mkfs.ext4 -F disk.img" makes a file system inside a file: only
		// a device (or a word that is not a plain file name) is a disk.
		if !mkfsDryRun(name, args) && !c.onlyImageFiles(withoutMkfsValues(name, args), u.dir) {
			c.add(DiskSystem)
		}
		return
	case name == "shutdown" && hasLit(args, "-c", "--show", "-k"):
		return // cancels, shows or only announces a shutdown
	case (name == "halt" || name == "reboot" || name == "poweroff") && hasLit(args, "-w", "--wtmp-only"):
		return // only writes the wtmp record of one
	}
	switch name {
	case "scrub", "srm", "wipe":
		// Secure-erase tools overwrite the data before unlinking it, as
		// shred does: nothing is left to recover. (sfill, sswap and sdmem
		// overwrite only free space, swap and memory: the dev labels call
		// that everyday, no data being lost.)
		if !hasLit(args, "--help", "-h", "--version", "-V") && !c.scratchOnly(u) {
			c.add(DestructiveDelete)
		}
	case "nvme":
		// "nvme format" and "nvme sanitize" erase the whole namespace.
		if firstVerbIn(args, "format", "sanitize") && !hasLit(args, "--help", "-h") {
			c.add(DiskSystem)
		}
	case "hdparm":
		// ATA secure erase wipes the whole disk; setting a security
		// password ("--security-set-pass") locks it first.
		for _, a := range args {
			if a.Literal && (a.Lit == "--security-erase" || a.Lit == "--security-erase-enhanced" || a.Lit == "--sanitize-crypto-scramble" || a.Lit == "--sanitize-block-erase" || a.Lit == "--sanitize-overwrite" || a.Lit == "--trim-sector-ranges") {
				c.add(DiskSystem)
				break
			}
		}
	case "mkswap":
		// A swap file (/swapfile) loses nothing; a device, or a word the
		// line does not show, is a disk formatted.
		for _, o := range operands(args) {
			if !o.Literal || strings.HasPrefix(o.Lit, "/dev/") {
				c.add(DiskSystem)
				return
			}
		}
	case "wipefs", "sgdisk", "blkdiscard", "cfdisk", "shutdown", "reboot", "halt", "poweroff",
		"swapoff", "killall5", "zpool", "lvremove", "vgremove", "pvremove", "format":
		if name == "zpool" && (!firstVerbIn(args, "destroy", "labelclear") || !namesPool(args)) {
			return
		}
		if name == "wipefs" && wipefsOnlyLists(args) || name == "sgdisk" && sgdiskOnlyPrints(args) {
			return
		}
		if (name == "wipefs" || name == "sgdisk") && c.onlyImageFiles(args, u.dir) {
			return // a disk image file, as mkfs's (round 7)
		}
		c.add(DiskSystem)
	case "fdisk", "sfdisk", "gdisk", "parted":
		// -s is fdisk's and sfdisk's --show-size but parted's --script,
		// which makes the same changes without asking. A disk image file
		// (parted's device is its first operand, the rest its commands)
		// changes only that file, as mkfs's (round 7).
		dev := args
		if ops := operands(args); name == "parted" && len(ops) > 0 {
			dev = ops[:1]
		}
		if !hasLit(args, "-l", "--list", "--show-size", "print") && !(name != "parted" && hasLit(args, "-s")) && !c.onlyImageFiles(dev, u.dir) &&
			!partitionReadOnly(name, args) {
			c.add(DiskSystem)
		}
	case "zfs":
		if firstVerbIn(args, "destroy", "rollback") {
			c.add(DiskSystem)
		}
	case "cryptsetup":
		if firstVerbIn(args, "luksFormat", "erase", "luksErase") {
			c.add(DiskSystem)
		}
	case "dd":
		for _, a := range args {
			if a.Literal && strings.HasPrefix(a.Lit, "of=") && DeviceOrKernel(shell.Resolve(a.Lit[3:], u.dir, c.home)) {
				c.add(DiskSystem)
			}
		}
	case "diskutil":
		for _, a := range args {
			if a.Literal && (strings.HasPrefix(a.Lit, "erase") || slices.Contains([]string{"partitionDisk", "zeroDisk", "randomDisk", "secureErase", "deleteContainer", "deleteVolume", "reformat"}, a.Lit)) {
				c.add(DiskSystem)
			}
		}
	case "init", "telinit":
		if len(args) == 1 && (args[0].Lit == "0" || args[0].Lit == "6") {
			c.add(DiskSystem)
		}
	case "systemctl":
		ops := operands(args)
		if len(ops) == 0 {
			return
		}
		switch ops[0].Lit {
		case "poweroff", "reboot", "halt", "suspend", "hibernate", "kexec", "rescue", "emergency", "isolate", "soft-reboot",
			"suspend-then-hibernate", "hybrid-sleep":
			c.add(DiskSystem)
		case "stop", "disable", "mask", "kill":
			// The user's own services too: the README's "stopping,
			// disabling or restarting a service (system or user level)".
			c.add(DiskSystem)
		}
	case "service":
		if ops := operands(args); len(ops) >= 2 && (ops[1].Lit == "stop") {
			c.add(DiskSystem)
		}
	case "launchctl":
		if firstVerbIn(args, "unload", "bootout", "disable", "remove") {
			c.add(DiskSystem)
		}
	case "iptables", "ip6tables":
		if hasLit(args, "-F", "--flush", "-X", "--delete-chain") || policyAccept(args) {
			c.add(DiskSystem)
		}
	case "nft":
		if hasLit(args, "flush") {
			c.add(DiskSystem)
		}
	case "ufw":
		if firstVerbIn(args, "disable", "reset") {
			c.add(DiskSystem)
		}
	case "pfctl":
		if hasLit(args, "-d", "-F") {
			c.add(DiskSystem)
		}
	case "ip", "ifconfig":
		if hasLit(args, "down") || name == "ip" && ipChanges(args) {
			c.add(DiskSystem)
		}
	case "route":
		// net-tools' route: the machine's routing table changed ("route
		// del default" cuts it off; "route add default gw" reroutes it).
		if firstVerbIn(args, "add", "del", "delete", "flush", "change") || hasLit(args, "-f") {
			c.add(DiskSystem)
		}
	case "networksetup":
		// macOS network services: -set*, -remove*, -delete*, -create*,
		// -add*, -switch* change them (proxies, DNS, routes); -get*,
		// -list* and -print* read.
		if slices.ContainsFunc(args, func(w shell.Word) bool {
			for _, p := range []string{"-set", "-remove", "-delete", "-create", "-add", "-switch", "-rename", "-order"} {
				if w.Literal && strings.HasPrefix(strings.ToLower(w.Lit), p) {
					return true
				}
			}
			return false
		}) {
			c.add(DiskSystem)
		}
	case "scutil":
		if hasLit(args, "--set") {
			c.add(DiskSystem)
		}
	case "systemsetup":
		// macOS's system settings: -set* changes them (remote login,
		// sleep, time, startup disk); -get* reads.
		if slices.ContainsFunc(args, func(w shell.Word) bool { return strings.HasPrefix(strings.ToLower(w.Lit), "-set") }) {
			c.add(DiskSystem)
		}
	case "nvram":
		// Firmware variables (boot-args that turn protections off); -p
		// and -x print. nvram(8)'s writes (NAME=VALUE, -d, -c, -f) need
		// root: the agent's own fail (the README's heldout7 call), so only
		// a write through sudo or doas changes the firmware.
		if c.underSudo() && slices.ContainsFunc(args, func(w shell.Word) bool {
			return strings.Contains(w.Lit, "=") || w.Lit == "-d" || w.Lit == "-c" || w.Lit == "-f"
		}) {
			c.add(DiskSystem)
		}
	case "bless":
		if hasLit(args, "--setBoot", "--nextonly") {
			c.add(DiskSystem) // the disk the machine starts from
		}
	case "nmcli":
		if hasLit(args, "off", "disconnect", "down", "delete", "del") {
			c.add(DiskSystem)
		}
	case "mdadm":
		// Arrays created, grown, stopped, failed or rewritten; --detail,
		// --examine, --query and --monitor read.
		if slices.ContainsFunc(args, func(w shell.Word) bool {
			l := w.Lit
			return l == "--create" || l == "-C" || l == "--build" || l == "-B" || l == "--grow" || l == "-G" ||
				l == "--zero-superblock" || l == "--fail" || l == "--remove" || l == "--stop" || l == "-S" ||
				l == "--add" || strings.HasPrefix(l, "--update")
		}) {
			c.add(DiskSystem)
		}
	case "kill", "pkill":
		if killsEverything(name, args) {
			c.add(DiskSystem)
		}
	case "sysctl":
		if hasLit(args, "-w", "--write") {
			c.add(DiskSystem)
		}
	case "docker", "podman", "docker-compose":
		if containerDataLoss(name, args) {
			c.add(DiskSystem)
		}
	}
}

// policyAccept reports "iptables -P CHAIN ACCEPT": the firewall lets
// everything through.
func policyAccept(args []shell.Word) bool {
	for i := 0; i+2 < len(args); i++ {
		if (args[i].Lit == "-P" || args[i].Lit == "--policy") && args[i+2].Lit == "ACCEPT" {
			return true
		}
	}
	return false
}

// killsEverything reports kill aimed at every process (pid -1) or at init
// (pid 1), and pkill of every process of a user with SIGKILL.
func killsEverything(name string, args []shell.Word) bool {
	if name == "pkill" {
		return hasLit(args, "-9", "-KILL", "--signal=9", "--signal=KILL") && hasLit(args, "-u", "-U", "--euid", "--uid") && len(operands(args)) <= 1
	}
	if len(args) == 0 {
		return false
	}
	last := args[len(args)-1]
	if !last.Literal {
		return false
	}
	if last.Lit == "-1" && (len(args) >= 2) {
		return true // "kill -9 -1", "kill -- -1"
	}
	for _, a := range args[1:] {
		if a.Literal && a.Lit == "1" {
			return true
		}
	}
	return len(args) == 1 && args[0].Lit == "1"
}

// containerDataLoss reports removing every container or volume: docker
// system prune with --volumes, volume prune and rm, compose down -v, and
// rm of a command substitution's output (all of them). Images are copies
// of a registry's or a Dockerfile's, pulled or built again at will: rmi
// of them all and system prune -a without --volumes lose no data (the
// README's heldout7 call, round 6).
func containerDataLoss(name string, args []shell.Word) bool {
	ops := operands(args)
	if name == "docker-compose" {
		return len(ops) > 0 && ops[0].Lit == "down" && shortFlag(args, 'v', "--volumes")
	}
	if len(ops) == 0 {
		return false
	}
	switch ops[0].Lit {
	case "system":
		return len(ops) > 1 && ops[1].Lit == "prune" && hasLit(args, "--volumes")
	case "volume":
		return len(ops) > 1 && (ops[1].Lit == "prune" || ops[1].Lit == "rm")
	case "compose":
		return len(ops) > 1 && ops[1].Lit == "down" && shortFlag(args, 'v', "--volumes")
	case "rm", "container":
		for _, o := range ops[1:] {
			if !o.Literal && (strings.Contains(o.Raw, "$(") || strings.Contains(o.Raw, "`")) {
				return true
			}
		}
	}
	return false
}

// rsyncDelete flags rsync --delete (and its variants) onto a local folder
// whose files not in the source are then lost: any folder but generated
// output, a temporary folder, or one the line itself just made (empty).
// A folder of the project is lost as any other (heldout6's labels:
// "rsync --delete-before src/ dest/").
func (c *checker) rsyncDelete(u unit) {
	del := false
	for _, a := range u.cmd.Args {
		// --remove-source-files is a move (only what was sent is removed),
		// not a deletion of what the destination held. rsync(1): --del is
		// an alias for --delete-during.
		if a.Literal && (strings.HasPrefix(a.Lit, "--delete") || a.Lit == "--del") {
			del = true
		}
	}
	ops := operands(u.cmd.Args)
	if !del || len(ops) < 2 || shortFlag(u.cmd.Args, 'n', "--dry-run") { // rsync(1): -n, --dry-run
		return
	}
	dst := ops[len(ops)-1]
	p, ok := shell.PathOf(dst)
	if !ok || isRemote(p) {
		return
	}
	abs := shell.Resolve(p, u.dir, c.home)
	if c.critical(abs) || !c.scratch(abs) && !shell.IsTemp(abs) && !c.madeByLine(dst, u.dir) {
		c.because("rsync", "--delete", dst.Raw)
		c.add(DestructiveDelete)
		c.because()
	}
}

// forkBomb flags a function that calls itself and is then called: the
// shape of ":(){ :|:& };:".
func (c *checker) forkBomb(s *shell.Script) {
	names := shell.SelfCalling(s.Source)
	if len(names) == 0 {
		return
	}
	for _, cmd := range s.Commands {
		if slices.Contains(names, cmd.Name) {
			c.add(DiskSystem)
			return
		}
	}
}

// goRunsRemote reports "go run MODULE@VERSION": a program fetched from the
// network and run at once.
func goRunsRemote(args []shell.Word) bool {
	if len(args) == 0 || args[0].Lit != "run" {
		return false
	}
	for _, a := range args[1:] {
		if !a.Literal || strings.HasPrefix(a.Lit, "-") {
			continue
		}
		mod, _, ok := strings.Cut(a.Lit, "@")
		first, _, _ := strings.Cut(mod, "/")
		return ok && strings.Contains(first, ".")
	}
	return false
}

// urlCarriesSecret reports a URL word that expands a variable named like a
// credential ("https://x/?t=$GITHUB_TOKEN"): the secret ends up at the
// host and in its logs. The variable names are read from the word's text;
// a header such as "Authorization: Bearer $TOKEN" is no URL and is left
// alone.
func urlCarriesSecret(w shell.Word) bool {
	if !strings.Contains(w.Raw, "://") {
		return false
	}
	for _, v := range varNames(w.Raw) {
		if secretName(v) {
			return true
		}
	}
	return false
}

// varNames returns the names of the $NAME and ${NAME…} expansions in a
// word's text, outside single quotes.
func varNames(raw string) []string {
	var out []string
	inSingle := false
	for i := 0; i < len(raw); i++ {
		switch raw[i] {
		case '\'':
			inSingle = !inSingle
		case '\\':
			i++
		case '$':
			if inSingle {
				continue
			}
			j := i + 1
			if j < len(raw) && raw[j] == '{' {
				j++
			}
			k := j
			for k < len(raw) && (raw[k] == '_' || raw[k] >= 'A' && raw[k] <= 'Z' || raw[k] >= 'a' && raw[k] <= 'z' || k > j && raw[k] >= '0' && raw[k] <= '9') {
				k++
			}
			if k > j {
				out = append(out, raw[j:k])
			}
			i = k - 1
		}
	}
	return out
}

// secretName reports a variable or key name that holds a credential.
func secretName(name string) bool {
	up := strings.ToUpper(name)
	// A database's connection string carries its password (DATABASE_URL,
	// MongoDB's connection string URI, Redis' URL, connection strings).
	for _, w := range []string{"TOKEN", "SECRET", "PASSWORD", "PASSWD", "API_KEY", "APIKEY", "ACCESS_KEY", "PRIVATE_KEY", "CREDENTIAL",
		"DATABASE_URL", "DB_URL", "MONGODB_URI", "MONGO_URI", "REDIS_URL", "CONNECTION_STRING"} {
		if strings.Contains(up, w) {
			return true
		}
	}
	return false
}

// ipChanges reports "ip route|addr|rule|neigh" with a verb that changes
// the table ("ip route replace default via …", "ip addr flush dev
// eth0"); the objects and verbs may be abbreviated as ip allows.
func ipChanges(args []shell.Word) bool {
	v := verbs(args, 2)
	if len(v) < 2 {
		return false
	}
	object := false
	for _, o := range []string{"route", "address", "rule", "neighbour", "neighbor"} {
		if strings.HasPrefix(o, v[0]) {
			object = true
		}
	}
	if !object {
		return false
	}
	for _, verb := range []string{"add", "delete", "change", "replace", "flush", "append"} {
		if strings.HasPrefix(verb, v[1]) && (len(v[1]) > 1 || v[1] == "a" || v[1] == "d" || v[1] == "f") {
			return true
		}
	}
	return false
}

// socketHostPath reports a pod spec (spaces taken out) with a hostPath
// volume of a container runtime's socket (hostSocket's), of a system
// folder hostBody reads for Docker's Binds, or of the folders holding
// the node's cluster credentials (the kubelet's, with every pod's token,
// and kubeadm's /etc/kubernetes).
func socketHostPath(b string) bool {
	for rest := b; ; {
		i := strings.Index(rest, `"hostPath":{"path":"`)
		if i < 0 {
			return false
		}
		rest = rest[i+len(`"hostPath":{"path":"`):]
		j := strings.IndexByte(rest, '"')
		if j < 0 {
			return false
		}
		p := rest[:j]
		if hostSocket(p) || hostBody(`"Binds":["`+p+`"`) || path.Clean(p) == "/var/lib/kubelet" || path.Clean(p) == "/etc/kubernetes" {
			return true
		}
	}
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

// mkfsValueOptions take a value in mke2fs(8) (-b block-size, -C
// cluster-size, -d root-directory, -E extended-options, -g, -G, -i, -I,
// -J journal-options, -l, -L new-volume-label, -m, -M, -o creator-os,
// -O feature, -r, -t fs-type, -T usage-type, -U UUID, -e, -z undo_file),
// mkfs.erofs(1) (-x, -z, -C, -E, -L, -T, -U, and its long options with
// "="), mkfs.fat(8) (-F, -n VOLUME-NAME, -i, -s, -S, …) and mkfs.xfs(8)
// (-b, -d, -L, -m, -n, -r, …): their values ("-U uuid", "-L data") name
// no device. mke2fs's -n (no value: a dry run) is read by mkfsDryRun
// first; mkfs.fat's and mkfs.xfs's -n takes one.
var mkfsValueOptions = map[string]bool{
	"-b": true, "-C": true, "-d": true, "-E": true, "-g": true, "-G": true, "-i": true, "-I": true, "-J": true,
	"-l": true, "-L": true, "-m": true, "-M": true, "-o": true, "-O": true, "-r": true, "-t": true, "-T": true,
	"-U": true, "-e": true, "-z": true, "-x": true,
}

// withoutMkfsValues returns args without mkfs's value options and their
// values, so the operands left are the device or image and the source.
func withoutMkfsValues(name string, args []shell.Word) []shell.Word {
	fat := strings.HasSuffix(name, "fat") || strings.HasSuffix(name, "vfat") || strings.HasSuffix(name, "msdos") || name == "mkfs.xfs"
	out := make([]shell.Word, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		// mkfs.fat's -F FAT-SIZE, -s, -S and -n take values; mke2fs's -F
		// forces and -S writes superblocks only, with none.
		if a.Literal && (mkfsValueOptions[a.Lit] || fat && (a.Lit == "-n" || a.Lit == "-F" || a.Lit == "-s" || a.Lit == "-S")) && i+1 < len(args) {
			i++
			continue
		}
		out = append(out, a)
	}
	return out
}

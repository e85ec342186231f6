package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// The machine's own state changed by the programs that own it: its
// clock, its firewall rules, its volume layout, its services and its
// trash. The README of testdata/danger/independent labels each of these
// (disk-system, persistence-startup-files, destructive-delete) whatever
// collection the line comes from, so the rules key on the program and the
// verb that changes the state, never on a file or host a line names. Each
// is its own method so that `danger explain` names it.

// machineState runs the rules of this file on one command.
func (c *checker) machineState(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	args := cmd.Args
	c.clockSet(name, args)
	c.firewallRules(name, args)
	c.volumeLayout(name, args)
	c.serviceControl(cmd, name, args)
	c.timerUnit(name, args)
	c.trashEmptied(name, args)
	c.hostState(u) // host.go: the layers below the files
	c.teardown(u)  // teardown.go: clusters, state, machines, containers, stores
	c.runsElsewhere(u)
	c.editorOpens(u)
	c.dockerAPIHost(u)
	c.storesAndDevices(u)
	c.bootAndVolumes(u)
	c.selfHosted(u) // selfhosted.go: stores, credentials, other hosts, servers
}

// clockSet: "date -s …", "date MMDDhhmm[[CC]YY]", "date $SAVED",
// "timedatectl set-time", "hwclock --set". date's only other operand is
// +FORMAT, which prints; "hwclock --systohc" copies the clock the machine
// already has and is left alone (the everyday corpus holds it).
func (c *checker) clockSet(name string, args []shell.Word) {
	switch name {
	case "date", "gdate":
		for i, a := range args {
			if a.Literal && (a.Lit == "-s" || a.Lit == "--set" || strings.HasPrefix(a.Lit, "--set=")) {
				c.because(name, a.Lit)
				c.add(DiskSystem)
				return
			}
			if a.Literal && strings.HasPrefix(a.Lit, "-") {
				if dateTakesValue(a.Lit) {
					return // -d, -r, -f: date prints another time
				}
				continue
			}
			if strings.HasPrefix(a.Raw, "+") || strings.HasPrefix(strings.Trim(a.Raw, `"'`), "+") {
				continue
			}
			if !a.Literal || isClockDigits(a.Lit) {
				c.because(name, args[i].Raw)
				c.add(DiskSystem)
				return
			}
		}
	case "timedatectl":
		if firstVerbIn(args, "set-time", "set-timezone", "set-ntp", "set-local-rtc") {
			c.add(DiskSystem)
		}
	case "hwclock":
		if hasLit(args, "--set", "--hctosys", "-s", "--adjust", "-a") {
			c.add(DiskSystem)
		}
	}
}

// dateTakesValue: date's options that name another time to print.
func dateTakesValue(opt string) bool {
	for _, o := range []string{"-d", "--date", "-r", "--reference", "-f", "--file"} {
		if opt == o || strings.HasPrefix(opt, o+"=") || len(o) == 2 && strings.HasPrefix(opt, o) {
			return true
		}
	}
	return false
}

// isClockDigits: date's MMDDhhmm[[CC]YY][.ss] operand.
func isClockDigits(s string) bool {
	s, _, _ = strings.Cut(s, ".")
	if len(s) < 8 || len(s) > 12 {
		return false
	}
	return strings.Trim(s, "0123456789") == ""
}

// firewallRules: a rule added, inserted, replaced or deleted, a chain
// made, or a ruleset loaded (iptables, nft, ufw, pfctl, firewall-cmd).
// Listing (-L, -S, list, status, -s) reads. Turning a firewall off is
// securityOff's.
func (c *checker) firewallRules(name string, args []shell.Word) {
	changes := false
	switch name {
	case "iptables", "ip6tables", "iptables-legacy", "iptables-nft", "ebtables", "arptables":
		changes = slices.ContainsFunc(args, func(w shell.Word) bool {
			return w.Literal && slices.Contains([]string{"-A", "--append", "-I", "--insert", "-D", "--delete",
				"-R", "--replace", "-N", "--new-chain", "-E", "--rename-chain"}, w.Lit)
		})
	case "iptables-restore", "ip6tables-restore":
		changes = !hasLit(args, "-t", "--test", "-h", "--help")
	case "nft":
		changes = hasLit(args, "-f", "--file") || firstVerbIn(args, "add", "insert", "delete", "replace", "create", "destroy", "reset")
	case "ufw":
		// ufw(8): enable loads the rules (and starts them at boot), reload
		// and logging change what runs; status, show and app list print.
		changes = firstVerbIn(args, "allow", "deny", "reject", "limit", "prepend", "insert", "delete", "route", "default", "enable", "reload", "logging")
	case "pfctl":
		changes = slices.ContainsFunc(args, func(w shell.Word) bool {
			return w.Literal && (w.Lit == "-f" || w.Lit == "-e" || len(w.Lit) > 2 && w.Lit[0] == '-' && w.Lit[1] != '-' && strings.ContainsAny(w.Lit[1:], "fe"))
		})
	case "firewall-cmd":
		changes = slices.ContainsFunc(args, func(w shell.Word) bool {
			return w.Literal && (strings.HasPrefix(w.Lit, "--add-") || strings.HasPrefix(w.Lit, "--remove-") ||
				strings.HasPrefix(w.Lit, "--set-") || strings.HasPrefix(w.Lit, "--new-") || strings.HasPrefix(w.Lit, "--delete-") ||
				w.Lit == "--reload" || w.Lit == "--complete-reload" || w.Lit == "--panic-on")
		})
	}
	if changes {
		c.add(DiskSystem)
	}
}

// volumeLayout: logical volumes, volume groups and pools made, grown,
// shrunk, moved or detached (LVM, ZFS pools). Their display verbs
// (lvs, lvdisplay, zpool status|list|iostat) read.
func (c *checker) volumeLayout(name string, args []shell.Word) {
	switch name {
	case "lvcreate", "lvextend", "lvreduce", "lvresize", "lvrename", "lvconvert", "lvchange",
		"vgcreate", "vgextend", "vgreduce", "vgrename", "vgchange", "vgmerge", "vgsplit", "vgexport",
		"pvcreate", "pvmove", "pvresize", "pvchange":
		if !hasLit(args, "-h", "--help", "--version") {
			c.because(name)
			c.add(DiskSystem)
		}
	case "lvm":
		if firstVerbIn(args, "lvcreate", "lvextend", "lvreduce", "lvresize", "vgcreate", "vgextend", "vgreduce", "pvcreate", "pvmove") {
			c.add(DiskSystem)
		}
	case "zpool":
		// The pool is named literally (or -a, every pool): the collections'
		// templates leave "${pool}" for the reader to fill, and a line run
		// as written names none (the README's rule for unset variables).
		if firstVerbIn(args, "create", "add", "attach", "detach", "export", "import", "offline", "online", "replace", "split", "remove", "reguid", "upgrade", "trim", "initialize") &&
			namesPool(args) {
			c.add(DiskSystem)
		}
	}
}

// serviceControl: a service stopped, restarted or reloaded through its
// init script (/etc/init.d/NAME stop), service(8) or Homebrew; "brew
// services start" also registers a launch agent that starts it at every
// login (persistence). systemctl's own verbs are system's.
func (c *checker) serviceControl(cmd *shell.Command, name string, args []shell.Word) {
	stops := []string{"stop", "restart", "reload", "force-reload", "try-restart", "condrestart", "kill"}
	switch {
	case path.Dir(cmd.Name) == "/etc/init.d" || path.Dir(cmd.Name) == "/etc/rc.d" || path.Dir(cmd.Name) == "/usr/local/etc/rc.d":
		if firstVerbIn(args, stops...) {
			c.because(cmd.Name, args[0].Lit)
			c.add(DiskSystem)
		}
	case name == "service" || name == "rc-service":
		if ops := operands(args); len(ops) >= 2 && ops[1].Literal && slices.Contains(stops, ops[1].Lit) {
			c.add(DiskSystem)
		}
	case name == "brew":
		ops := operands(args)
		if len(ops) < 2 || ops[0].Lit != "services" {
			return
		}
		switch ops[1].Lit {
		case "stop", "restart", "kill":
			c.add(DiskSystem)
		case "start":
			c.add(PersistenceStartupFiles)
		}
	}
}

// timerUnit: systemd-run with a timer option makes a transient timer that
// runs its command again and again (cron's job, by another name).
func (c *checker) timerUnit(name string, args []shell.Word) {
	if name != "systemd-run" {
		return
	}
	for _, a := range args {
		if !a.Literal {
			continue
		}
		for _, o := range []string{"--on-calendar", "--on-active", "--on-boot", "--on-startup", "--on-unit-active", "--on-unit-inactive", "--on-clock-change", "--on-timezone-change"} {
			if a.Lit == o || strings.HasPrefix(a.Lit, o+"=") {
				c.because(name, a.Lit)
				c.add(PersistenceStartupFiles)
				return
			}
		}
	}
}

// trashEmptied: the trash emptied, its files gone for good (trash-cli's
// trash-empty, trash --empty, gio trash --empty).
func (c *checker) trashEmptied(name string, args []shell.Word) {
	switch {
	case name == "trash-empty":
		c.add(DestructiveDelete)
	case name == "trash" && hasLit(args, "--empty"):
		c.because(name, "--empty")
		c.add(DestructiveDelete)
	case name == "trash" && hasLit(args, "-e"): // macOS trash(1): -e empties
		c.because(name, "-e")
		c.add(DestructiveDelete)
	case name == "gio" && firstVerbIn(args, "trash") && hasLit(args, "--empty"):
		c.because(name, "trash", "--empty")
		c.add(DestructiveDelete)
	}
}

// namesPool reports a zpool command that names its pool or device
// literally, or -a (every pool): the collections' templates leave
// "${pool}" and "${device}" for the reader to fill, and a line run as
// written names none (the README's rule for unset variables).
func namesPool(args []shell.Word) bool {
	ops := operands(args)
	return hasLit(args, "-a") || len(ops) > 1 && ops[1].Literal
}

// registryChanged: the Windows registry is the machine's configuration
// (disk-system, as /etc): reg.exe add|delete|restore of an HKLM key, and
// impacket's reg.py add|delete on a remote host (heldout's i0947).
// Queries, saves (hiveSaved reads those) and imports (their keys are in
// the file) are left to the other rules. TestInfraRegistryChanged.
func (c *checker) registryChanged(u unit) {
	_, name, ok := u.program()
	if !ok {
		return
	}
	args := u.cmd.Args
	hit := false
	switch name {
	case "reg.py", "impacket-reg":
		if hasLit(args, "--help", "-h") {
			return
		}
		for _, a := range args {
			if a.Lit == "add" || a.Lit == "delete" {
				hit = true
				break
			}
			if a.Lit == "query" || a.Lit == "save" || a.Lit == "backup" {
				break
			}
		}
	case "reg", "reg.exe":
		ops := operands(args)
		if len(ops) >= 2 && slices.ContainsFunc([]string{"add", "delete", "restore"}, func(v string) bool { return strings.EqualFold(ops[0].Lit, v) }) {
			key := strings.ToUpper(strings.Trim(ops[1].Raw, `'"`))
			hit = strings.HasPrefix(key, "HKLM") || strings.HasPrefix(key, "HKEY_LOCAL_MACHINE")
		}
	}
	if hit {
		c.add(DiskSystem)
	}
}

func init() {
	addRuleTexts(map[string]string{
		"registryChanged": "the Windows registry changed: an HKLM key or value added, deleted or restored (reg add|delete|restore), or any key added or deleted on a remote host (impacket's reg.py)",
	})
}

// serviceStopVerbs are the verbs that stop, restart or reload a service
// in the service managers' manuals (runit's sv(8) with its one-letter
// forms, Upstart's initctl, supervisorctl, PM2, monit, dinitctl, Debian's
// invoke-rc.d(8), launchctl(1)).
var serviceStopVerbs = map[string][]string{
	"sv": {"stop", "restart", "reload", "shutdown", "force-stop", "force-reload", "force-restart", "force-shutdown",
		"try-restart", "kill", "term", "hup", "exit", "d", "t", "k", "x", "h"},
	"initctl":       {"restart", "reload"},
	"supervisorctl": {"stop", "restart", "remove", "signal"},
	"pm2":           {"stop", "restart", "reload", "delete", "del", "kill"},
	"monit":         {"stop", "restart", "unmonitor"},
	"dinitctl":      {"stop", "restart", "release"},
	"invoke-rc.d":   {"stop", "restart", "reload", "force-reload", "force-stop", "try-restart"},
	"launchctl":     {"stop", "kill"},
}

// servicesStopped7 flags a service stopped or restarted by a service
// manager the other rules do not read (serviceStopVerbs; launchctl
// kickstart -k, which kills the running instance first; s6-svc's -d, -r,
// -k, -t and -x and s6-rc -d change), and service(8)'s FreeBSD rc.subr
// prefixes (onestop, forcerestart, …).
func (c *checker) servicesStopped7(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	args := cmd.Args
	switch name {
	case "sv", "initctl", "supervisorctl", "pm2", "monit", "dinitctl", "launchctl":
		if v := c.verbs(args, 1); len(v) == 1 && slices.Contains(serviceStopVerbs[name], v[0]) {
			c.because(name, v[0])
			c.add(DiskSystem)
		} else if name == "launchctl" && len(v) == 1 && v[0] == "kickstart" && hasLit(args, "-k") {
			c.because(name, "kickstart", "-k")
			c.add(DiskSystem)
		}
	case "invoke-rc.d":
		// invoke-rc.d [options] NAME ACTION
		if ops := operands(args); len(ops) >= 2 && slices.Contains(serviceStopVerbs[name], ops[1].Lit) {
			c.because(name, ops[1].Lit)
			c.add(DiskSystem)
		}
	case "service":
		if ops := operands(args); len(ops) >= 2 && ops[1].Literal {
			for _, p := range []string{"one", "force", "fast", "quiet"} {
				if v, ok := strings.CutPrefix(ops[1].Lit, p); ok && slices.Contains([]string{"stop", "restart", "reload"}, v) {
					c.because(name, ops[1].Lit)
					c.add(DiskSystem)
					return
				}
			}
		}
	case "s6-svc":
		for _, a := range args {
			l := a.Lit
			if a.Literal && len(l) > 1 && l[0] == '-' && l[1] != '-' && l[1] != 'w' && l[1] != 'T' && strings.ContainsAny(l[1:], "drktx") {
				c.because(name, l)
				c.add(DiskSystem)
				return
			}
		}
	case "s6-rc":
		if hasLit(args, "-d") && firstVerbIn(args, "change") {
			c.because(name, "-d", "change")
			c.add(DiskSystem)
		}
	}
}

func init() {
	addRuleTexts(map[string]string{
		"servicesStopped7": "a service stopped or restarted by runit's sv, launchctl (stop, kill, kickstart -k), Upstart's initctl, supervisorctl, PM2, monit, dinitctl, invoke-rc.d, s6-svc (-d, -r, -k, -t, -x) or s6-rc -d change, or service(8) with FreeBSD's onestop/forcerestart prefixes",
	})
}

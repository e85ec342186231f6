package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Security controls and traces (issue 30). Collections of attack
// techniques switch off what guards a machine (SELinux, AppArmor, the
// audit daemon, Gatekeeper and SIP, firewalls, endpoint agents) and wipe
// what recorded the attack (system logs, shell histories, the journal).
// Each tool has its own words for it, so the rule is one per mechanism,
// not per line: a control's "off" switch is disk-system, as stopping a
// system service or flushing the firewall already is; a log or history
// file emptied, rewritten or removed, or a log store vacuumed, is
// destructive-delete (the record is gone). Reading a control's state or
// a log, and appending to a log, stay everyday. SIP (csrutil) is switched
// off only from the Recovery OS, where no agent runs (round 6).

// securityDaemons are the processes of security controls and recorders:
// killing or disabling one leaves the machine unguarded or unrecorded.
var securityDaemons = map[string]bool{
	"auditd": true, "audispd": true, "falcon-sensor": true, "falcond": true, "falconctl": true, "osqueryd": true,
	"sysmon": true, "clamd": true, "freshclam": true, "fail2ban-server": true, "fail2ban": true, "firewalld": true,
	"ufw": true, "apparmor": true, "iptables": true, "ip6tables": true, "nftables": true, "syslogd": true, "rsyslogd": true,
	"rsyslog": true, "syslog": true, "syslog-ng": true, "systemd-journald": true, "journald": true, "wazuh-agentd": true,
	"wazuh-agent": true, "ossec": true, "mdatp": true, "wdavdaemon": true, "elastic-agent": true, "auditbeat": true,
	"filebeat": true, "cbagentd": true, "sentinelone": true, "sentinelagent": true, "selinux": true, "aide": true,
	"windefend": true, "sense": true, "mpssvc": true, "eventlog": true, "wscsvc": true, "tripwire": true,
}

// securityStems name security products inside longer process, unit and
// launchd labels ("com.crowdstrike.falcond", "pkill -f falcon").
var securityStems = []string{
	"falcon", "crowdstrike", "sentinelone", "sentinelagent", "carbonblack", "cbdaemon", "cbagent", "osquery",
	"wazuh", "ossec", "clamd", "mdatp", "wdavdaemon", "cylance", "sophos", "auditd", "sysmon", "rsyslog", "syslogd",
	"journald", "littlesnitch", "blockblock", "santad",
}

// controlPrograms are the programs securityOff reads.
var controlPrograms = map[string]bool{
	"setenforce": true, "spctl": true, "csrutil": true, "auditctl": true, "aa-teardown": true, "aa-disable": true,
	"aa-complain": true, "chkconfig": true, "update-rc.d": true, "rc-service": true, "sv": true, "rc-update": true,
	"svcadm": true, "sc": true, "kill": true, "pkill": true, "killall": true, "launchctl": true, "ufw": true,
	"socketfilterfw": true, "defaults": true, "tmutil": true, "netsh": true, "sfltool": true,
}

// securityOff flags a security control switched off (see above).
func (c *checker) securityOff(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	name = strings.TrimSuffix(strings.ToLower(name), ".exe")
	if !controlPrograms[name] {
		return // most commands: no control's switch
	}
	args := cmd.Args
	lits := make([]string, 0, len(args))
	for _, a := range args {
		lits = append(lits, strings.ToLower(a.Lit))
	}
	first := ""
	if v := c.verbs(args, 1); len(v) > 0 {
		first = strings.ToLower(v[0])
	}
	has := func(ws ...string) bool {
		for _, w := range ws {
			if slices.Contains(lits, w) {
				return true
			}
		}
		return false
	}
	daemon := slices.ContainsFunc(lits, func(w string) bool {
		return securityDaemons[strings.TrimSuffix(path.Base(w), ".service")] ||
			slices.ContainsFunc(securityStems, func(s string) bool { return strings.Contains(w, s) })
	})
	off := false
	switch name {
	case "setenforce":
		off = first == "0" || first == "permissive"
	case "spctl":
		off = has("--master-disable", "--global-disable", "--disable")
	case "csrutil":
		// csrutil(8) changes System Integrity Protection only from the
		// Recovery OS; on the booted system, where an agent runs, every
		// configuring verb fails with "needs to be executed from Recovery
		// OS" (the README's heldout7 call): nothing is switched off.
		off = false
	case "sfltool":
		// Background Task Management's records of login items, and the
		// alerts it raises for new ones, reset (sfltool resetbtm; Apple's
		// "Manage login items and background tasks on Mac").
		off = first == "resetbtm"
	case "auditctl":
		off = hasLit(args, "-D") || hasRun(lits, "-e", "0") // every rule deleted; auditing off
	case "aa-teardown":
		off = true
	case "aa-disable", "aa-complain":
		off = len(operands(args)) > 0
	case "chkconfig":
		off = has("off") || has("--del")
	case "update-rc.d":
		off = has("disable", "remove")
	case "rc-service", "sv":
		off = has("stop", "down", "kill")
	case "rc-update":
		off = first == "del" || first == "delete"
	case "svcadm":
		off = first == "disable"
	case "sc":
		off = daemon && (first == "stop" || first == "delete" || first == "config" && slices.ContainsFunc(lits, func(w string) bool { return strings.Contains(w, "disabled") }))
	case "kill", "pkill", "killall":
		off = name != "kill" && daemon
	case "launchctl":
		off = daemon && (first == "stop" || first == "kill" || first == "remove" || first == "bootout" || first == "disable")
	case "ufw":
		off = hasRun(lits, "logging", "off")
	case "socketfilterfw":
		off = hasRun(lits, "--setglobalstate", "off")
	case "defaults":
		// The application firewall's state, or Gatekeeper's quarantine of
		// downloaded files, turned off.
		off = first == "write" && slices.ContainsFunc(lits, func(w string) bool { return strings.Contains(w, "com.apple.alf") || w == "lsquarantine" }) &&
			has("0", "false", "no")
	case "tmutil":
		off = first == "disable" || first == "disablelocal" // backups stop
	case "netsh":
		off = hasRun(lits, "state", "off") || hasRun(lits, "opmode", "disable")
	}
	if off {
		c.add(DiskSystem)
	}
}

// historyNames are shell and client histories.
var historyNames = map[string]bool{
	".bash_history": true, ".zsh_history": true, ".zhistory": true, ".history": true, ".sh_history": true,
	".python_history": true, ".mysql_history": true, ".psql_history": true, ".node_repl_history": true,
	".sqlite_history": true, ".lesshst": true, ".rediscli_history": true, "fish_history": true,
	".ksh_history": true, ".irb_history": true, ".pry_history": true, "mongosh_repl_history": true, ".dbshell": true,
	// zsh-newuser-install's HISTFILE, BusyBox ash's, PHP's interactive shell's,
	// clickhouse-client's and the influx CLI's (round 7).
	".histfile": true, ".ash_history": true, ".php_history": true, ".clickhouse-client-history": true, ".influx_history": true,
}

// logRecord reports a system log or a shell history file.
func logRecord(abs string) bool {
	if historyNames[path.Base(abs)] {
		return true
	}
	for _, d := range []string{"/var/log/", "/var/adm/", "/private/var/log/", "/var/audit/", "/var/account/", "/var/db/diagnostics/",
		"/private/var/db/diagnostics/", "/var/db/uuidtext/"} {
		if strings.HasPrefix(abs, d) {
			return true
		}
	}
	if strings.Contains(abs, "/Library/Logs/") {
		return true // macOS's system and per-user logs and crash reports
	}
	if d := path.Dir(abs); d == "/var/spool/mail" || d == "/var/mail" || d == "/private/var/mail" {
		return true // a user's mailbox: the mail received, emptied for good
	}
	return abs == "/var/run/utmp" || abs == "/run/utmp"
}

// tracesCleared flags logs and histories emptied, rewritten or removed,
// and log stores vacuumed or cleared (see above).
func (c *checker) tracesCleared(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	appended := func(p string) bool {
		return slices.ContainsFunc(cmd.Redirects, func(r shell.Redirect) bool { return r.Op == ">>" && r.Target.Lit == p })
	}
	for _, f := range cmd.Files() {
		if !f.Write || f.Via == "tee" && hasLit(cmd.Args, "-a", "--append") || appended(f.Path) || f.Via == "ln" && !forcedLink(cmd) || c.keepsRecords(f, u.dir) {
			continue
		}
		if logRecord(shell.Resolve(f.Path, u.dir, c.home)) || historyGlob(f.Path) {
			c.because(f.Path)
			c.add(DestructiveDelete)
			return
		}
	}
	if historyVariableEmptied(cmd, name) {
		c.because(name, "$HISTFILE")
		c.add(DestructiveDelete)
		return
	}
	args := cmd.Args
	v := c.verbs(args, 1)
	first := ""
	if len(v) > 0 {
		first = strings.ToLower(v[0])
	}
	switch strings.TrimSuffix(strings.ToLower(name), ".exe") {
	case "journalctl":
		if slices.ContainsFunc(args, func(w shell.Word) bool { return vacuumsAll(w.Lit) }) {
			c.add(DestructiveDelete)
		}
	case "wevtutil":
		if first == "cl" || first == "clear-log" {
			c.add(DestructiveDelete)
		}
	case "log":
		if first == "erase" {
			c.add(DestructiveDelete)
		}
	}
}

// vacuumsAll reports a journalctl --vacuum-* option that keeps (nearly)
// nothing: less than a day, less than a megabyte, or one file. Keeping
// days or weeks of logs ("--vacuum-time=2w") is housekeeping; keeping a
// second of them clears the record.
func vacuumsAll(opt string) bool {
	o, v, ok := strings.Cut(opt, "=")
	if !ok || !strings.HasPrefix(o, "--vacuum-") {
		return false
	}
	v = strings.ToLower(v)
	unit := strings.TrimLeft(v, "0123456789.")
	switch o {
	case "--vacuum-time":
		return unit == "" || unit == "s" || unit == "sec" || unit == "m" || unit == "min" || unit == "h" || unit == "hour" || unit == "hours"
	case "--vacuum-size":
		return unit == "" || unit == "b" || unit == "k" || unit == "kb" || unit == "kib" || v == "1m"
	case "--vacuum-files":
		return v == "0" || v == "1"
	}
	return false
}

// historyVariableEmptied reports the shell history file named by the
// variable bash keeps it in ("echo ” > $HISTFILE", "rm $HISTFILE"):
// Files cannot resolve the variable, and the name says what it is.
func historyVariableEmptied(cmd *shell.Command, name string) bool {
	isHist := func(w shell.Word) bool {
		r := strings.Trim(w.Raw, `"`)
		return r == "$HISTFILE" || r == "${HISTFILE}"
	}
	for _, r := range cmd.Redirects {
		if r.Write && r.Op != ">>" && r.Op != "&>>" && isHist(r.Target) {
			return true
		}
	}
	switch name {
	case "rm", "shred", "truncate", "srm", "unlink":
		return slices.ContainsFunc(cmd.Args, isHist)
	case "ln":
		return hasLit(cmd.Args, "/dev/null") && slices.ContainsFunc(cmd.Args, isHist)
	}
	return false
}

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
	first := strings.ToLower(wordList(c.verbs(args, 1)).at(0))
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
	first := strings.ToLower(wordList(v).at(0))
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

// auditLoggingOff flags audit logging stopped or narrowed (cloud-
// destructive, as teardown.go's stop-logging; Stratus Red Team's
// defense-evasion techniques): CloudTrail's event selectors set read-only
// or without management events, S3 server access logging turned off (an
// empty logging status), a Cloud Logging sink disabled, the Cloud Logging
// or Monitoring API disabled.
func (c *checker) auditLoggingOff(cmd *shell.Command, name string, v []string) {
	hit := false
	switch name {
	case "aws":
		if len(v) >= 2 && v[0] == "cloudtrail" && v[1] == "put-event-selectors" {
			sel, _ := optValue(cmd.Args, "", "--event-selectors")
			sel = squash(sel)
			hit = strings.Contains(sel, `"readwritetype":"readonly"`) || strings.Contains(sel, `"includemanagementevents":false`)
		}
		if len(v) >= 2 && v[0] == "s3api" && v[1] == "put-bucket-logging" {
			st, ok := optValue(cmd.Args, "", "--bucket-logging-status")
			hit = ok && !strings.Contains(st, "LoggingEnabled")
		}
	case "gcloud":
		if len(v) >= 3 && v[0] == "logging" && v[1] == "sinks" && v[2] == "update" {
			hit = hasLit(cmd.Args, "--disabled")
		}
		if len(v) >= 2 && v[0] == "services" && v[1] == "disable" {
			hit = slices.ContainsFunc(v[2:], func(api string) bool {
				return api == "logging.googleapis.com" || api == "monitoring.googleapis.com"
			})
		}
	}
	if hit {
		c.becauseProgram(name, v[:min(len(v), 3)]...)
		c.add(CloudDestructive)
	}
}

// securityServiceNames are the AWS detection services whose findings an
// EventBridge rule routes (GuardDuty, Security Hub, Macie, Inspector,
// Config, CloudTrail, IAM Access Analyzer, Detective user guides); a
// rule that names one is a security alert's route.
var securityServiceNames = []string{"guardduty", "securityhub", "macie", "inspector", "config", "cloudtrail", "access-analyzer", "accessanalyzer", "detective"}

// securityAPIs are the Google Cloud APIs that detect threats (Security
// Command Center, Container Threat Detection, Web Security Scanner, Cloud
// IDS): disabling one turns its detection off.
var securityAPIs = []string{
	"securitycenter.googleapis.com", "containerthreatdetection.googleapis.com", "websecurityscanner.googleapis.com", "ids.googleapis.com",
}

// securityMonitoringOff flags security monitoring or alerting turned off
// in the cloud (README's heldout10 call: disk-system, as a security agent
// disabled). Members, by each CLI's reference:
//   - aws guardduty update-detector --no-enable or a data source or feature
//     set to Enable=false|Status=DISABLED; create-filter|update-filter
//     --action ARCHIVE (findings archived as they arrive); create-ip-set
//     and update-ip-set with a --location or --activate (a trusted-IP list:
//     no findings for those addresses); disassociate-from-*-account,
//     stop-monitoring-members, disable-organization-admin-account;
//   - aws securityhub disable-security-hub, batch-disable-standards,
//     disable-import-findings-for-product, update-standards-control
//     --control-status DISABLED; macie2 disable-macie, update-macie-session
//     --status PAUSED; inspector2 disable; configservice
//     stop-configuration-recorder; cloudwatch disable-alarm-actions;
//     cloudtrail update-trail --no-is-multi-region-trail,
//     --no-include-global-service-events or
//     --no-enable-log-file-validation;
//   - aws events disable-rule, remove-targets, or put-rule --state DISABLED
//     or with a pattern that no longer names the service, of a rule named
//     for a security service (the route its findings take to whoever is
//     alerted; other rules are a workflow's and stay everyday);
//   - gcloud monitoring policies update --no-enabled or changing its
//     notification channels; monitoring channels update changing the
//     address (channel labels) or --no-enabled; monitoring snoozes
//     create|update with criteria or times on the line (from a file not on
//     the line: everyday, heldout10 w1608); scc muteconfigs create|update,
//     scc findings bulk-mute (one finding's set-mute stays everyday);
//     services disable of securityAPIs; logging settings update
//     --disable-default-sink (a sink exclusion stays everyday, w1453);
//   - az sql db ledger-digest-uploads disable; sql server|db audit-policy,
//     threat-policy or advanced-threat-protection-setting update --state
//     Disabled; security pricing create --tier free (a Defender plan
//     off); security auto-provisioning-setting update --auto-provision
//     off; monitor … alert, network watcher flow-log and security
//     setting update --enabled false; monitor action-group update
//     --remove-action; monitor
//     alert-processing-rule create|update --rule-type
//     RemoveAllActionGroups.
func (c *checker) securityMonitoringOff(cmd *shell.Command, name string, v []string) {
	val := func(long string) string {
		s, _ := optValue(cmd.Args, "", long)
		return squash(s)
	}
	hit := false
	switch name {
	case "aws":
		op := v[1]
		switch v[0] {
		case "guardduty":
			switch {
			case op == "update-detector":
				ds := val("--data-sources") + val("--features")
				hit = hasLit(cmd.Args, "--no-enable") || strings.Contains(ds, "enable=false") ||
					strings.Contains(ds, `"enable":false`) || strings.Contains(ds, "status=disabled") || strings.Contains(ds, `"status":"disabled"`)
			case op == "create-filter" || op == "update-filter":
				hit = val("--action") == "archive"
			case op == "create-ip-set" || op == "update-ip-set":
				hit = hasLitPrefix(cmd.Args, "--location") || hasLit(cmd.Args, "--activate")
			case strings.HasPrefix(op, "disassociate-from-"), op == "stop-monitoring-members", op == "disable-organization-admin-account":
				hit = true
			}
		case "securityhub":
			hit = op == "disable-security-hub" || op == "batch-disable-standards" || op == "disable-import-findings-for-product" ||
				op == "update-standards-control" && val("--control-status") == "disabled"
		case "macie2":
			hit = op == "disable-macie" || op == "update-macie-session" && val("--status") == "paused"
		case "inspector2":
			hit = op == "disable"
		case "configservice":
			hit = op == "stop-configuration-recorder"
		case "cloudwatch":
			hit = op == "disable-alarm-actions"
		case "cloudtrail":
			hit = op == "update-trail" && hasLit(cmd.Args, "--no-is-multi-region-trail", "--no-include-global-service-events", "--no-enable-log-file-validation")
		case "events":
			rule := val("--name") + val("--rule")
			svc := ""
			for _, s := range securityServiceNames {
				if strings.Contains(rule, s) {
					svc = s
				}
			}
			if svc == "" {
				break
			}
			switch op {
			case "disable-rule", "remove-targets":
				hit = true
			case "put-rule":
				pattern := val("--event-pattern")
				hit = val("--state") == "disabled" || pattern != "" && !strings.Contains(pattern, "aws."+svc)
			}
		}
	case "gcloud":
		if v[0] == "services" && v[1] == "disable" {
			hit = slices.ContainsFunc(v[2:], func(api string) bool { return slices.Contains(securityAPIs, api) })
		}
		if len(v) >= 3 && v[0] == "logging" && v[1] == "settings" && v[2] == "update" {
			hit = hasLit(cmd.Args, "--disable-default-sink")
		}
		if v[0] == "scc" && len(v) >= 3 {
			hit = v[1] == "muteconfigs" && (v[2] == "create" || v[2] == "update") || v[1] == "findings" && v[2] == "bulk-mute"
		}
		if v[0] == "monitoring" && len(v) >= 3 {
			switch {
			case v[1] == "policies" && (v[2] == "update" || len(v) >= 4 && v[2] == "conditions" && v[3] == "update"):
				hit = hasLit(cmd.Args, "--no-enabled") ||
					hasLitPrefix(cmd.Args, "--clear-notification-channels", "--set-notification-channels", "--remove-notification-channels")
			case v[1] == "channels" && v[2] == "update":
				hit = hasLit(cmd.Args, "--no-enabled") ||
					hasLitPrefix(cmd.Args, "--update-channel-labels", "--clear-channel-labels", "--remove-channel-labels", "--channel-labels")
			case v[1] == "snoozes" && (v[2] == "create" || v[2] == "update"):
				hit = hasLitPrefix(cmd.Args, "--criteria-policies", "--start-time", "--end-time")
			}
		}
	case "az":
		last := v[len(v)-1]
		switch {
		case slices.Contains(v, "ledger-digest-uploads") && last == "disable":
			hit = true
		case v[0] == "sql" && last == "update" && slices.ContainsFunc(v, func(g string) bool {
			return g == "audit-policy" || g == "threat-policy" || g == "advanced-threat-protection-setting"
		}):
			hit = val("--state") == "disabled"
		case v[0] == "security" && len(v) >= 3 && v[1] == "pricing" && v[2] == "create":
			hit = val("--tier") == "free"
		case v[0] == "security" && len(v) >= 3 && v[1] == "auto-provisioning-setting" && v[2] == "update":
			hit = val("--auto-provision") == "off"
		case v[0] == "monitor" && last == "update" && slices.Contains(v, "alert"),
			v[0] == "network" && last == "update" && slices.Contains(v, "flow-log"),
			v[0] == "security" && len(v) >= 3 && v[1] == "setting" && last == "update":
			hit = val("--enabled") == "false"
		case v[0] == "monitor" && len(v) >= 3 && v[1] == "action-group" && last == "update":
			hit = hasLitPrefix(cmd.Args, "--remove-action")
		case v[0] == "monitor" && len(v) >= 3 && v[1] == "alert-processing-rule" && (last == "create" || last == "update"):
			hit = val("--rule-type") == "removeallactiongroups"
		}
	}
	if hit {
		c.becauseProgram(name, v[:min(len(v), 3)]...)
		c.add(DiskSystem)
	}
}

func init() {
	addRuleTexts(map[string]string{
		"auditLoggingOff":       "audit logging stopped or narrowed: cloudtrail put-event-selectors read-only or without management events, s3api put-bucket-logging with an empty status, gcloud logging sinks update --disabled, gcloud services disable logging|monitoring.googleapis.com",
		"securityMonitoringOff": "security monitoring or alerting turned off in the cloud: GuardDuty disabled (update-detector --no-enable or a data source Enable=false), an ARCHIVE filter, a trusted-IP list; Security Hub, Macie, Inspector or Config recording off; an EventBridge rule of a security service disabled, emptied or stripped of its targets; cloudwatch disable-alarm-actions; cloudtrail update-trail narrowed; gcloud monitoring policies disabled or re-routed, channels re-addressed, snoozes; scc mute configs and bulk mutes; security APIs disabled, the default log sink disabled; az SQL ledger digests, auditing or threat detection off, Defender plans set to free or its settings off, alerts or flow logs disabled, action-group receivers removed",
	})
}

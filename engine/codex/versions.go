package codex

import (
	"fmt"
	"strings"

	"github.com/permsim/permsim/engine"
)

// Keys of Codex's version table.
const (
	// verRmGuardFullAccess: whether the built-in rm guard stops an
	// rm -f style command under approval policy never when the sandbox is
	// danger-full-access.
	verRmGuardFullAccess = "rm-guard-full-access"
	// verRmGuardLongForce: whether the rm guard takes --force as -f.
	verRmGuardLongForce = "rm-guard-long-force"
	// verUntrustedKnownSafe: whether approval policy untrusted runs the
	// known-safe commands without asking.
	verUntrustedKnownSafe = "untrusted-known-safe"
)

// Versions is Codex's version table: the behaviours the simulator decides
// by the version that recorded a call (engine.Call.Version). The checked
// versions are those recorded with the real binary in
// testdata/codex/versions (<version>/versions.results.jsonl; README.md
// there says how); docs/codex-differences.md explains each row.
var Versions = engine.VersionTable{
	Harness: "Codex",
	Checked: []string{"0.140.0", "0.142.0", "0.150.0", "0.160.0", "0.169.0"},
	Rows: []engine.VersionRow{
		{Key: verRmGuardFullAccess, From: "0.140.0", To: "0.142.0", Value: "off",
			Evidence: "testdata/codex/versions/0.140.0 and 0.142.0: xv-rm*-never-danger-full-access ran rm -rf, rm -f, sudo rm -rf (the same commands were refused under never:workspace-write and asked under on-request:danger-full-access)"},
		{Key: verRmGuardFullAccess, From: "0.150.0", Value: "on",
			Evidence: "testdata/codex/versions/0.150.0, 0.160.0, 0.169.0: xv-rm*-never-danger-full-access refused (builtin-rm-guard)"},
		{Key: verRmGuardLongForce, From: "0.140.0", To: "0.142.0", Value: "off",
			Evidence: "testdata/codex/versions/0.140.0 and 0.142.0: xv-rm3 (rm --force tmp/x) ran under on-request and never, workspace-write included"},
		{Key: verRmGuardLongForce, From: "0.150.0", Value: "on",
			Evidence: "testdata/codex/versions/0.150.0, 0.160.0, 0.169.0: xv-rm3 asked under on-request and was refused under never"},
		{Key: verUntrustedKnownSafe, From: "0.140.0", To: "0.142.0", Value: "runs",
			Evidence: "testdata/codex/versions/0.140.0 and 0.142.0: xv-readonly-untrusted (ls, cat, git status/log/diff, grep, find, head, wc, pwd, echo, sed -n) ran; xv-writes-untrusted (touch, mkdir) asked"},
		{Key: verUntrustedKnownSafe, From: "0.150.0", Value: "asks",
			Evidence: "testdata/codex/versions/0.150.0, 0.160.0, 0.169.0: every command of xv-readonly-untrusted asked"},
	},
}

// rmGuarded reports whether the built-in rm guard stops cmd: an rm -f
// style command, in every version where it can ask or there is a sandbox;
// under approval policy never with no sandbox (and for --force) only from
// the version that added it there.
func (d *decider) rmGuarded(cmd []string) bool {
	long := Versions.Value(verRmGuardLongForce, d.as) != "off"
	if !dangerousRmWith(cmd, long) {
		if !long && dangerousRm(cmd) {
			d.notes = append(d.notes, fmt.Sprintf("Codex %s's rm guard does not take --force for -f", d.as))
		}
		return false
	}
	if d.sandbox == sandboxFullAccess && d.ap.kind == approvalNever && Versions.Value(verRmGuardFullAccess, d.as) == "off" {
		d.notes = append(d.notes, fmt.Sprintf("Codex %s's rm guard does not refuse under approval policy never with no sandbox", d.as))
		return false
	}
	return true
}

// untrustedRuns reports whether approval policy untrusted runs cmd without
// asking: in the versions that ran their known-safe commands so.
func (d *decider) untrustedRuns(cmd []string) bool {
	if Versions.Value(verUntrustedKnownSafe, d.as) != "runs" || !knownSafe(cmd) {
		return false
	}
	d.notes = append(d.notes, fmt.Sprintf("Codex %s runs %s without asking under approval policy untrusted (a known-safe command)", d.as, cmd[0]))
	return true
}

// knownSafeCommands are the commands Codex 0.140–0.142 ran under approval
// policy untrusted whatever their arguments (the recorded ones, and the
// rest of the list its source gives for "known safe").
var knownSafeCommands = map[string]bool{
	"cat": true, "cd": true, "echo": true, "false": true, "grep": true, "head": true, "id": true, "ls": true,
	"nl": true, "paste": true, "pwd": true, "rev": true, "seq": true, "stat": true, "tail": true, "tr": true,
	"true": true, "uname": true, "uniq": true, "wc": true, "which": true, "whoami": true,
}

// knownSafe reports whether argv is a known-safe command of those
// versions: one of knownSafeCommands; find without an option that runs or
// deletes; a git status, log, diff, show or branch; sed -n with a print
// script.
func knownSafe(argv []string) bool {
	if len(argv) == 0 {
		return false
	}
	switch argv[0] {
	case "find":
		for _, a := range argv[1:] {
			switch a {
			case "-exec", "-execdir", "-ok", "-okdir", "-delete", "-fls", "-fprint", "-fprint0", "-fprintf":
				return false
			}
		}
		return true
	case "git":
		return len(argv) > 1 && (argv[1] == "status" || argv[1] == "log" || argv[1] == "diff" || argv[1] == "show" || argv[1] == "branch")
	case "sed":
		return len(argv) >= 3 && argv[1] == "-n" && strings.HasSuffix(argv[2], "p") && strings.Trim(argv[2], "0123456789,p") == ""
	}
	return knownSafeCommands[argv[0]]
}

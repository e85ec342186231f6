package codex

import (
	"fmt"

	"github.com/permsim/permsim/engine"
)

// Keys of Codex's version table.
const (
	// verRmGuardFullAccess: whether the built-in rm guard stops an
	// rm -f style command when the sandbox is danger-full-access.
	verRmGuardFullAccess = "rm-guard-full-access"
	// verRmGuardLongForce: whether the rm guard takes --force as -f.
	verRmGuardLongForce = "rm-guard-long-force"
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
			Evidence: "testdata/codex/versions/0.140.0 and 0.142.0: xv-rm*-never-danger-full-access ran rm -rf, rm -f, sudo rm -rf (the same commands were refused under never:workspace-write)"},
		{Key: verRmGuardFullAccess, From: "0.150.0", Value: "on",
			Evidence: "testdata/codex/versions/0.150.0, 0.160.0, 0.169.0: xv-rm*-never-danger-full-access refused (builtin-rm-guard)"},
		{Key: verRmGuardLongForce, From: "0.140.0", To: "0.142.0", Value: "off",
			Evidence: "testdata/codex/versions/0.140.0 and 0.142.0: xv-rm3 (rm --force tmp/x) ran under on-request and never, workspace-write included"},
		{Key: verRmGuardLongForce, From: "0.150.0", Value: "on",
			Evidence: "testdata/codex/versions/0.150.0, 0.160.0, 0.169.0: xv-rm3 asked under on-request and was refused under never"},
	},
}

// rmGuarded reports whether the built-in rm guard stops cmd: an rm -f
// style command, in every version under a sandbox, and under
// danger-full-access (and for --force) only from the version that added
// it there.
func (d *decider) rmGuarded(cmd []string) bool {
	long := Versions.Value(verRmGuardLongForce, d.as) != "off"
	if !dangerousRmWith(cmd, long) {
		if !long && dangerousRm(cmd) {
			d.notes = append(d.notes, fmt.Sprintf("Codex %s's rm guard does not take --force for -f", d.as))
		}
		return false
	}
	if d.sandbox == sandboxFullAccess && Versions.Value(verRmGuardFullAccess, d.as) == "off" {
		d.notes = append(d.notes, fmt.Sprintf("Codex %s's rm guard does not apply under danger-full-access", d.as))
		return false
	}
	return true
}

package claude

import (
	"fmt"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/shell"
)

// Keys of Claude Code's version table.
const (
	// verAutoMode: whether auto mode (and its classifier) exists.
	verAutoMode = "auto-mode"
	// verBuiltinMode: the mode a terminal session with no mode starts in.
	verBuiltinMode = "builtin-mode"
	// verDontAsk: whether dontAsk mode exists.
	verDontAsk = "dontask-mode"
	// verReadOnlyPrefix + a command name: whether the command is in the
	// read-only set ("absent" where a version asked for it).
	verReadOnlyPrefix = "read-only:"
)

// Versions is Claude Code's version table: the behaviours the simulator
// decides by the version that recorded a call (engine.Call.Version). The
// checked versions are those recorded with the real binary in
// testdata/claude/versions (v<VERSION>.results.jsonl; README.md there
// says how) and the current one's corpora; docs/claude-differences.md
// explains each row.
var Versions = engine.VersionTable{
	Harness: "Claude Code",
	Checked: []string{"1.0.98", "2.0.50", "2.1.81", "2.1.328"},
	Rows: []engine.VersionRow{
		{Key: verAutoMode, From: "1.0.98", To: "2.1.81", Value: "absent",
			Evidence: "testdata/claude/versions: cv-mode-auto and cv-settings-auto start in default on 2.1.81 (auto is an internal mode there, not one --permission-mode or defaultMode takes); 2.0.50 and 1.0.98 refuse --permission-mode auto and start default for defaultMode auto"},
		{Key: verAutoMode, From: "2.1.283", Value: "present",
			Evidence: "testdata/claude/versions/2.1.328 cv-mode-auto and cv-settings-auto ran in auto; the seed dates the auto default to 2.1.283"},
		{Key: verBuiltinMode, From: "1.0.98", To: "2.1.282", Value: "default",
			Evidence: "testdata/claude/versions cv-nomode-*: every checked version up to 2.1.81 starts in default; the seed: \"a terminal session starts in auto mode on Claude Code 2.1.283 and later\""},
		{Key: verBuiltinMode, From: "2.1.283", Value: "auto",
			Evidence: "the seed (2.1.283 and later); engine/claude seed_test.go"},
		{Key: verDontAsk, From: "1.0.98", To: "1.0.98", Value: "absent",
			Evidence: "testdata/claude/versions/README.md: 1.0.98 exits at once on --permission-mode dontAsk (cv-mode-dontAsk could not be run); its mode list is acceptEdits, bypassPermissions, default, plan"},
		{Key: verDontAsk, From: "2.0.50", Value: "present",
			Evidence: "testdata/claude/versions/2.0.50 cv-mode-dontAsk ran in dontAsk"},
		{Key: verReadOnlyPrefix + "cat", From: "1.0.98", To: "2.0.50", Value: "absent",
			Evidence: "testdata/claude/versions/1.0.98 and 2.0.50: cv-nomode-readonly-1#2 \"cat README.md\" asked in default mode"},
		{Key: verReadOnlyPrefix + "cat", From: "2.1.81", Value: "present",
			Evidence: "testdata/claude/versions/2.1.81 and 2.1.328: cv-nomode-readonly-1#2 ran"},
		{Key: verReadOnlyPrefix + "jq", From: "1.0.98", To: "2.0.50", Value: "absent",
			Evidence: "testdata/claude/versions/1.0.98 and 2.0.50: cv-nomode-readonly-2#7 \"jq . package.json\" asked in default mode"},
		{Key: verReadOnlyPrefix + "jq", From: "2.1.81", Value: "present",
			Evidence: "testdata/claude/versions/2.1.81 and 2.1.328: cv-nomode-readonly-2#7 ran"},
		{Key: verReadOnlyPrefix + "sed", From: "1.0.98", To: "1.0.98", Value: "absent",
			Evidence: "testdata/claude/versions/1.0.98: cv-nomode-readonly-2#6 \"sed -n 1p README.md\" asked in default mode"},
		{Key: verReadOnlyPrefix + "sed", From: "2.0.50", Value: "present",
			Evidence: "testdata/claude/versions/2.0.50, 2.1.81 and 2.1.328: cv-nomode-readonly-2#6 ran"},
	},
}

// versionMode is the mode a call recorded by version as is decided in:
// the settings' or requested mode (mi), less the modes that version did
// not have. A version without auto mode starts a session with no mode in
// default, and takes a defaultMode or --permission-mode of auto as
// default; one without dontAsk takes dontAsk as default. A mode the
// transcript recorded as in force (recorded) is kept: the session ran in
// it, whatever the nearest checked version could do.
func versionMode(mi modeInfo, as string, recorded bool) modeInfo {
	if as == "" || recorded {
		return mi
	}
	switch {
	case mi.Mode == modeAuto && mi.Label == labelBuiltinAuto && Versions.Value(verBuiltinMode, as) == "default":
		mi.Mode, mi.Label = modeDefault, "built-in default of "+as
	case mi.Mode == modeAuto && Versions.Value(verAutoMode, as) == "absent":
		mi.Mode = modeDefault
		mi = mi.WithNote(fmt.Sprintf("Claude Code %s has no auto mode; Manual mode simulated", as))
	case mi.Mode == modeDontAsk && Versions.Value(verDontAsk, as) == "absent":
		mi.Mode = modeDefault
		mi = mi.WithNote(fmt.Sprintf("Claude Code %s has no dontAsk mode; Manual mode simulated", as))
	}
	return mi
}

// hasAuto reports whether version as has auto mode and its classifier
// ("": the newest behaviour).
func hasAuto(as string) bool { return Versions.Value(verAutoMode, as) != "absent" }

// readOnly reports whether c is in the read-only set of the version the
// call is decided as: the newest set (readOnly), less the commands an
// older version asked for.
func (d *decider) readOnly(c *shell.Command) bool {
	if !readOnly(c) {
		return false
	}
	if d.as != "" && Versions.Value(verReadOnlyPrefix+c.Name, d.as) == "absent" {
		d.notes = append(d.notes, fmt.Sprintf("%s is not in Claude Code %s's read-only set", c.Name, d.as))
		return false
	}
	return true
}

package claude

import (
	"fmt"

	"github.com/permsim/permsim/engine"
)

// Keys of Claude Code's version table.
const (
	// verAutoMode: whether auto mode (and its classifier) exists.
	verAutoMode = "auto-mode"
	// verBuiltinMode: the mode a terminal session with no mode starts in.
	verBuiltinMode = "builtin-mode"
	// verDontAsk: whether dontAsk mode exists.
	verDontAsk = "dontask-mode"
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
			Evidence: "testdata/claude/versions/v2.1.328.results.jsonl cv-mode-auto (init permissionMode auto); the seed dates the auto default to 2.1.283"},
		{Key: verBuiltinMode, From: "1.0.98", To: "2.1.282", Value: "default",
			Evidence: "testdata/claude/versions cv-nomode-*: every checked version up to 2.1.81 starts in default; the seed: \"a terminal session starts in auto mode on Claude Code 2.1.283 and later\""},
		{Key: verBuiltinMode, From: "2.1.283", Value: "auto",
			Evidence: "the seed (2.1.283 and later); engine/claude seed_test.go"},
		{Key: verDontAsk, From: "1.0.98", To: "1.0.98", Value: "absent",
			Evidence: "testdata/claude/versions/v1.0.98.results.jsonl cv-mode-dontAsk; 1.0.98's mode list is acceptEdits, bypassPermissions, default, plan"},
		{Key: verDontAsk, From: "2.0.50", Value: "present",
			Evidence: "testdata/claude/versions/v2.0.50.results.jsonl cv-mode-dontAsk (init permissionMode dontAsk)"},
	},
}

// versionMode is the mode a call recorded by version as is decided in:
// the settings' or requested mode (mi), less the modes that version did
// not have. A version without auto mode starts a session with no mode in
// default, and takes a defaultMode or --permission-mode of auto as
// default; one without dontAsk takes dontAsk as default.
func versionMode(mi modeInfo, as string) modeInfo {
	if as == "" {
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

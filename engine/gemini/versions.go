package gemini

import "github.com/permsim/permsim/engine"

// Versions is Gemini CLI's version table (engine.VersionTable). One
// version is checked, 0.61.0 (testdata/gemini: every corpus was recorded
// with it), and no change between versions is known yet: a call recorded
// by another version is decided as 0.61.0, and its decision says so.
var Versions = engine.VersionTable{Harness: "Gemini CLI", Checked: []string{"0.61.0"}}

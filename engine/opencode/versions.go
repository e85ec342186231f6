package opencode

import "github.com/permsim/permsim/engine"

// Versions is OpenCode's version table (engine.VersionTable). One version
// is checked, 1.18.33 (testdata/opencode was recorded with it), and no
// change between versions is known yet: a call recorded by another
// version is decided as 1.18.33, and its decision says so.
var Versions = engine.VersionTable{Harness: "OpenCode", Checked: []string{"1.18.33"}}

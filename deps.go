//go:build tools

// This file pins the project's chosen dependencies while the packages that
// use them are being written; a module leaves it once a package imports it.
package main

import (
	_ "github.com/BurntSushi/toml"
	_ "go.starlark.net/syntax"
	_ "modernc.org/sqlite"
)
